@rules
Feature: Triggered abilities: when they trigger and when they go on the stack
  An "at the beginning of your upkeep" ability triggers as its controller's upkeep begins, and
  goes on the stack before the active player gets priority (CR 503.1a, 603.2, 603.3). Before a
  player gets priority, the game performs state-based actions and puts triggered abilities on
  the stack, repeating until neither happens (CR 117.5, 704.3): the active player's first, then
  the nonactive player's, so the nonactive player's resolve first (CR 603.3b). No seed ruling is about these
  rules, but the reference engine implements them, so these scenarios pin them.

  Background:
    Given a game between Alice and Bob

  @cr:503.1a @cr:603.2 @cr:603.3
  Scenario: An "at the beginning of your upkeep" ability triggers as its controller's upkeep begins
    Given it is Bob's end step
    And Alice controls Contamination
    And Alice controls Grizzly Bears
    When the game proceeds to Alice's upkeep
    Then Contamination's triggered ability is on the stack
    And Alice has priority

  @cr:503.1a @cr:118.12a
  Scenario: Sacrificing a creature for Contamination's upkeep ability keeps Contamination
    Given it is Bob's end step
    And Alice controls Contamination
    And Alice controls Grizzly Bears
    When the game proceeds to Alice's upkeep
    And all players pass priority
    When Alice chooses Grizzly Bears
    Then Grizzly Bears is in Alice's graveyard
    And Contamination is on the battlefield
    And the stack is empty

  @cr:503.1a @cr:118.12a
  Scenario: Not sacrificing a creature for Contamination's upkeep ability sacrifices Contamination
    Given it is Bob's end step
    And Alice controls Contamination
    And Alice controls Grizzly Bears
    When the game proceeds to Alice's upkeep
    And all players pass priority
    And Alice chooses Contamination
    Then Contamination is in Alice's graveyard
    And Grizzly Bears is on the battlefield

  @cr:503.1a
  Scenario: An "at the beginning of your upkeep" ability doesn't trigger in an opponent's upkeep
    Given it is Bob's end step
    And Bob controls Contamination
    And Bob controls Grizzly Bears
    When the game proceeds to Alice's upkeep
    Then the stack is empty
    And no player is asked to choose anything
    And Contamination is on the battlefield

  @cr:503.1a
  Scenario: An "at the beginning of your upkeep" ability doesn't trigger as another step begins
    Given it is Alice's upkeep
    And Alice controls Contamination
    And Alice controls Grizzly Bears
    And Alice has Forest in her library
    When the game proceeds to Alice's draw step
    Then the stack is empty
    And Contamination is on the battlefield
    And Grizzly Bears is on the battlefield

  @cr:117.5 @cr:704.3 @cr:704.5g @cr:704.5m
  Scenario: State-based actions are checked again before a dies trigger is put on the stack, and the Aura goes too
    Given it is Alice's precombat main phase
    And Alice controls Hangarback Walker with one +1/+1 counter on it
    And Alice controls Holy Strength attached to Hangarback Walker
    And Alice has Flame Slash in her hand
    And Alice has {R} in her mana pool
    When Alice casts Flame Slash targeting Hangarback Walker
    And all players pass priority
    Then Hangarback Walker is in Alice's graveyard
    And Holy Strength is in Alice's graveyard
    And Hangarback Walker's triggered ability is on the stack
    When all players pass priority
    Then Alice controls one Thopter token

  @cr:603.3b @cr:702.175a
  Scenario: Two triggered abilities of one permanent that trigger together are put on the stack in the order its controller chooses
    Given it is Alice's precombat main phase
    And Alice has Intrepid Rabbit in her hand
    And Alice has {W}{W}{W}{W} in her mana pool
    When Alice casts Intrepid Rabbit paying its offspring cost
    And all players pass priority
    Then Alice must choose which triggered ability of Intrepid Rabbit goes on the stack first

  @cr:603.3b @cr:101.4 @cr:603.3a
  Scenario: The nonactive player's triggered ability goes on the stack last and resolves first
    # Review, 2026-12-04: in APNAP order, Alice puts her Agate Instigator's ability on the stack, then
    # Bob his Dual Nature's, which resolves first: Alice's token enters and Agate triggers again
    # before any damage is dealt. Here the active player's permanent is the older one; in the next
    # scenario it is the newer one, so an engine that stacks the abilities by their sources' age,
    # or a player's first whoever is active, fails one of the two.
    Given it is Alice's precombat main phase
    And Alice controls Agate Instigator
    And Bob controls Dual Nature
    And Alice has Grizzly Bears in her hand
    And Alice has {G}{G} in her mana pool
    When Alice casts Grizzly Bears
    And all players pass priority
    Then Agate Instigator's triggered ability is on the stack
    And Dual Nature's triggered ability is on the stack
    And Alice has priority
    When all players pass priority
    Then Alice controls one Grizzly Bears token
    And Bob's life total is 20
    When all players pass priority until the stack is empty
    Then Bob's life total is 18

  @cr:603.3b @cr:101.4 @cr:603.3a
  Scenario: In Bob's turn, Alice's triggered ability goes on the stack last and resolves first
    # Review, 2026-12-04: the scenario above with the players' parts swapped: Bob is active, and his
    # Agate Instigator is the newer permanent.
    Given it is Bob's precombat main phase
    And Alice controls Dual Nature
    And Bob controls Agate Instigator
    And Bob has Grizzly Bears in his hand
    And Bob has {G}{G} in his mana pool
    When Bob casts Grizzly Bears
    And all players pass priority
    Then Agate Instigator's triggered ability is on the stack
    And Dual Nature's triggered ability is on the stack
    And Bob has priority
    When all players pass priority
    Then Bob controls one Grizzly Bears token
    And Alice's life total is 20
    When all players pass priority until the stack is empty
    Then Alice's life total is 18

  # 603.3d, 601.2c: the player chooses the target; with one legal target an engine may ask or not.
  @cr:603.3d @cr:601.2c
  Scenario: A triggered ability with a single legal target goes on the stack targeting it
    Given it is Alice's precombat main phase
    And Alice has Intrepid Rabbit in her hand
    And Alice has {W}{W}{W} in her mana pool
    When Alice casts Intrepid Rabbit
    And all players pass priority
    And Alice chooses Intrepid Rabbit
    Then Intrepid Rabbit's triggered ability is on the stack
    And no player is asked to choose anything
    When all players pass priority
    Then Intrepid Rabbit is a 4/3 creature
    And the stack is empty

  @cr:603.3d @cr:115.1 @cr:109.5
  Scenario: Intrepid Rabbit's trigger can't target an opponent's creature
    # Review, 2026-12-04: "target creature you control" is a creature the ability's controller
    # controls (109.5), so Bob's Grizzly Bears is no legal target and Intrepid Rabbit is the only
    # one. An engine that drops "you control" offers both, and the question stays unanswered.
    Given it is Alice's precombat main phase
    And Bob controls Grizzly Bears
    And Alice has Intrepid Rabbit in her hand
    And Alice has {W}{W}{W} in her mana pool
    When Alice casts Intrepid Rabbit
    And all players pass priority
    Then Intrepid Rabbit's triggered ability is on the stack
    And no player is asked to choose anything
    When all players pass priority
    Then Intrepid Rabbit is a 4/3 creature
    And Grizzly Bears is a 2/2 creature

  @cr:603.7a @cr:603.7b @cr:702.152a
  Scenario: A blitzed creature's delayed triggered ability triggers at the beginning of the next end step, and only once
    Given it is Alice's precombat main phase
    And Alice has Girder Goons in her hand
    And Alice has {B}{B}{B}{B} in her mana pool
    And Alice has Forest in her library
    And Bob has Island in his library
    When Alice casts Girder Goons for its blitz cost
    And all players pass priority
    And the game proceeds to Alice's postcombat main phase
    Then the stack is empty
    When the game proceeds to Alice's end step
    Then Girder Goons's triggered ability is on the stack
    When all players pass priority
    And Alice puts her triggered abilities on the stack in any order
    Then Girder Goons is in Alice's graveyard
    When all players pass priority until the stack is empty
    And the game proceeds to Bob's end step
    Then the stack is empty

  @cr:603.7c @cr:702.152a
  Scenario: The delayed triggered ability of a blitzed creature that has left the battlefield still triggers, and does nothing
    Given it is Alice's precombat main phase
    And Alice has Girder Goons in her hand
    And Alice has {B}{B}{B}{B} in her mana pool
    And Bob has Unsummon in his hand
    And Bob has {U} in his mana pool
    When Alice casts Girder Goons for its blitz cost
    And all players pass priority
    And Alice passes priority
    And Bob casts Unsummon targeting Girder Goons
    And all players pass priority
    And the game proceeds to Alice's end step
    Then Girder Goons's triggered ability is on the stack
    When all players pass priority
    Then the stack is empty
    And Girder Goons is in Alice's hand

  @cr:603.6a @cr:608.2h @cr:603.10a
  Scenario: Dual Nature copies a creature that left the battlefield before its ability resolved, as it last existed
    Given it is Alice's precombat main phase
    And Alice controls Dual Nature
    And Alice has Grizzly Bears in her hand
    And Alice has {G}{G} in her mana pool
    And Bob has Unsummon in his hand
    And Bob has {U} in his mana pool
    When Alice casts Grizzly Bears
    And all players pass priority
    And Alice passes priority
    And Bob casts Unsummon targeting Grizzly Bears
    And all players pass priority until the stack is empty
    Then Grizzly Bears is in Alice's hand
    And Alice controls one Grizzly Bears token
    And Bob controls no Grizzly Bears tokens
