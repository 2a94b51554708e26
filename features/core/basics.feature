@core
Feature: The basics every scenario relies on
  Before any ruling, an engine must hold a position as it was given, add a basic land's mana,
  cast a creature spell that resolves, pass priority, move through the steps of the turn, and
  leave the game untouched when it refuses an action. If one of these scenarios fails, the
  results of the ruling scenarios may be unreliable. `mtg-conformance smoke` runs the core
  scenarios first and alone.

  Background:
    Given a game between Alice and Bob
    And it is Alice's precombat main phase

  @cr:110.5 @cr:122.1 @cr:208.1 @cr:400.1 @cr:106.4
  Scenario: A position set up is observed back as it was given
    Given Alice controls a tapped Ornithopter
    And Alice controls Grizzly Bears with two +1/+1 counters on it
    And Alice has Isamaru, Hound of Konda in her hand
    And Bob has Ornithopter in his graveyard
    And Bob has Grizzly Bears in his library
    And Alice has {G}{G} in her mana pool
    And Bob's life total is 17
    Then it is Alice's precombat main phase of turn 3
    And Alice has priority
    And Ornithopter is tapped
    And Grizzly Bears is untapped
    And Grizzly Bears is a 4/4 creature
    And Grizzly Bears has two +1/+1 counters on it
    And Isamaru, Hound of Konda is in Alice's hand
    And Ornithopter is in Bob's graveyard
    And Grizzly Bears is in Bob's library
    And Alice's mana pool contains exactly {G}{G}
    And Bob's mana pool is empty
    And Alice's life total is 20
    And Bob's life total is 17
    And the stack is empty
    And no player is asked to choose anything

  @cr:305.6 @cr:106.4 @cr:107.5
  Scenario: A basic land taps for the mana of its type
    Given Alice controls Forest
    And Alice controls Island
    When Alice taps Forest for mana
    Then Alice's mana pool contains exactly {G}
    And Forest is tapped
    And Island is untapped
    When Alice taps Island for mana
    Then Alice's mana pool contains exactly {G}{U}

  @cr:601.2 @cr:601.2h @cr:117.3c @cr:117.4 @cr:608.3
  Scenario: A creature spell is cast with mana from the pool and resolves onto the battlefield
    Given Alice has Grizzly Bears in her hand
    And Alice has {G}{G} in her mana pool
    When Alice casts Grizzly Bears
    Then Grizzly Bears is on the stack
    And Alice's mana pool is empty
    And Alice has no cards in her hand
    And Alice has priority
    When all players pass priority
    Then Grizzly Bears is on the battlefield
    And Alice controls one untapped Grizzly Bears
    And the stack is empty
    And Alice has priority

  @cr:117.3d @cr:117.4 @cr:500.2 @cr:500.5
  Scenario: Priority passes in turn, and the step ends when all players pass with an empty stack
    Given Alice has {G} in her mana pool
    When Alice passes priority
    Then Bob has priority
    And it is Alice's precombat main phase
    When Bob passes priority
    Then it is Alice's beginning of combat step of turn 3
    And Alice has priority
    And Alice's mana pool is empty

  @cr:500.1 @cr:502.3 @cr:504.1 @cr:117.3a
  Scenario: The game moves through the steps into the next player's turn
    Given Bob controls a tapped Ornithopter
    And Bob has Grizzly Bears in his library
    When the game proceeds to Bob's upkeep
    Then it is Bob's upkeep of turn 4
    And Bob has priority
    And Ornithopter is untapped
    And Bob has no cards in his hand
    When the game proceeds to Bob's precombat main phase
    Then Grizzly Bears is in Bob's hand

  @cr:601.2h @cr:117.1
  Scenario: A spell its player can't pay for is rejected, and nothing changes
    Given Alice has Grizzly Bears in her hand
    And Alice has {G} in her mana pool
    When Alice casts Grizzly Bears
    Then the action is rejected for an unpayable cost
    And Grizzly Bears is in Alice's hand
    And Alice's mana pool contains exactly {G}

  @cr:302.1 @cr:117.1
  Scenario: A creature spell cast in the upkeep is rejected for timing, and nothing changes
    Given it is Alice's upkeep
    And Alice has Grizzly Bears in her hand
    And Alice has {G}{G} in her mana pool
    When Alice casts Grizzly Bears
    Then the action is rejected for timing

  @cr:117.1 @cr:107.5
  Scenario: A tapped land can't be tapped again, and nothing changes
    Given Alice controls a tapped Forest
    When Alice taps Forest for mana
    Then the action is rejected for being already tapped or an unpayable cost
    And Alice's mana pool is empty

  @cr:117.1 @cr:117.3d
  Scenario: A player without priority can't pass it, and nothing changes
    Given Alice has Grizzly Bears in her hand
    When Bob passes priority
    Then the action is rejected for not having priority
    And Alice has priority
