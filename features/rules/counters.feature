@rules
Feature: Putting +1/+1 counters on a permanent with an activated ability
  Hangarback Walker: "{1}, {T}: Put a +1/+1 counter on this creature." Its cost is paid as it
  is activated (602.2), and a tapped creature can't pay {T} (118.3). As the ability resolves, it
  puts a counter on Hangarback Walker only, if it is still on the battlefield (122.1, 122.6): a
  permanent that left it and came back would be a new object (400.7). Counters stay from one turn
  to the next and add up, and Doubling Season doubles those put on a permanent its controller
  controls (614.1a). No seed ruling is about these rules, but the reference engine implements
  them, so these scenarios pin them.

  Background:
    Given a game between Alice and Bob
    And it is Alice's precombat main phase

  @cr:602.2 @cr:122.1 @cr:122.6
  Scenario: Hangarback Walker's ability puts a +1/+1 counter on it as it resolves
    Given Alice controls Hangarback Walker with one +1/+1 counter on it
    And Alice controls Grizzly Bears
    And Alice has {C} in her mana pool
    When Alice activates Hangarback Walker's ability
    Then Hangarback Walker is tapped
    And Hangarback Walker's activated ability is on the stack
    And Hangarback Walker has one +1/+1 counter on it
    When all players pass priority
    Then Hangarback Walker has two +1/+1 counters on it
    And Hangarback Walker is a 2/2 creature
    And Grizzly Bears has no +1/+1 counters on it
    And Grizzly Bears is a 2/2 creature
    And Alice's mana pool is empty

  @cr:118.3 @cr:602.2
  Scenario: A tapped Hangarback Walker can't activate its ability
    Given Alice controls a tapped Hangarback Walker with one +1/+1 counter on it
    And Alice has {C} in her mana pool
    When Alice activates Hangarback Walker's ability
    Then the action is rejected for being already tapped or an unpayable cost
    And Hangarback Walker has one +1/+1 counter on it
    And Alice's mana pool contains exactly {C}

  @cr:122.1 @cr:502.3
  Scenario: Counters put on Hangarback Walker on two turns add up
    Given Alice controls Hangarback Walker with one +1/+1 counter on it
    And Alice controls Wastes
    And Bob has Swamp in his library
    When Alice taps Wastes for mana
    And Alice activates Hangarback Walker's ability
    And all players pass priority
    Then Hangarback Walker has two +1/+1 counters on it
    When the game proceeds to Alice's upkeep
    Then Hangarback Walker is untapped
    When Alice taps Wastes for mana
    And Alice activates Hangarback Walker's ability
    And all players pass priority
    Then Hangarback Walker has three +1/+1 counters on it
    And Hangarback Walker is a 3/3 creature

  @cr:614.1a @cr:122.6
  Scenario: With Doubling Season, Hangarback Walker's ability puts two +1/+1 counters on it
    Given Alice controls Hangarback Walker with one +1/+1 counter on it
    And Alice controls Doubling Season
    And Alice has {C} in her mana pool
    When Alice activates Hangarback Walker's ability
    And all players pass priority
    Then Hangarback Walker has three +1/+1 counters on it
    And Hangarback Walker is a 3/3 creature

  @cr:614.1a @cr:122.6
  Scenario: An opponent's Doubling Season doesn't double the counters put on Alice's Hangarback Walker
    Given Alice controls Hangarback Walker with one +1/+1 counter on it
    And Bob controls Doubling Season
    And Alice has {C} in her mana pool
    When Alice activates Hangarback Walker's ability
    And all players pass priority
    Then Hangarback Walker has two +1/+1 counters on it
    And Hangarback Walker is a 2/2 creature

  @cr:400.7 @cr:122.6 @cr:704.5f @needs:state-based-actions
  Scenario: Hangarback Walker returned to its owner's hand before its ability resolves gets no counter
    Given Alice controls Hangarback Walker with one +1/+1 counter on it
    And Alice controls Island
    And Alice has Unsummon in her hand
    And Alice has {C} in her mana pool
    When Alice activates Hangarback Walker's ability
    And Alice taps Island for mana
    And Alice casts Unsummon targeting Hangarback Walker
    And all players pass priority
    Then Hangarback Walker is in Alice's hand
    And Hangarback Walker's activated ability is on the stack
    When all players pass priority
    Then the stack is empty
    And no player is asked to choose anything
    And Hangarback Walker is in Alice's hand
    And Alice controls no Thopter tokens
    # Counters on a card in a hand can't be seen: cast with X = 0, the new object enters with none and dies.
    When Alice casts Hangarback Walker with X = 0
    And all players pass priority until the stack is empty
    Then Hangarback Walker is in Alice's graveyard
    And Alice controls no Thopter tokens
