@rules
Feature: Combat: declaring attackers and combat damage
  As the declare attackers step begins, the active player declares which untapped creatures they
  have controlled continuously since the turn began will attack, and taps them (CR 508.1). Each
  unblocked attacking creature then deals combat damage equal to its power to the player it
  attacks (CR 510.1a, 510.1b). No seed ruling is about these rules, but the reference engine
  implements them, so these scenarios pin them.

  Background:
    Given a game between Alice and Bob
    And it is Alice's precombat main phase

  @cr:510.1a @cr:510.1b @cr:508.1a
  Scenario: An unblocked attacking creature deals combat damage equal to its power to the defending player
    Given Alice controls Grizzly Bears
    And Alice controls Llanowar Elves
    When the game proceeds to Alice's declare attackers step
    And Alice declares Grizzly Bears as an attacker
    And the game proceeds to Alice's postcombat main phase
    Then Bob's life total is 18
    And Alice's life total is 20

  @cr:510.1a @cr:611.2a
  Scenario: A creature pumped before combat deals combat damage equal to its power at that time
    Given Alice controls Grizzly Bears
    And Alice has Giant Growth in her hand
    And Alice has {G} in her mana pool
    When Alice casts Giant Growth targeting Grizzly Bears
    And all players pass priority
    And the game proceeds to Alice's declare attackers step
    And Alice declares Grizzly Bears as an attacker
    And the game proceeds to Alice's postcombat main phase
    Then Bob's life total is 15

  @cr:510.1a
  Scenario: An attacking creature with power 1 deals 1 combat damage
    Given Alice controls Llanowar Elves
    When the game proceeds to Alice's declare attackers step
    And Alice declares Llanowar Elves as an attacker
    And the game proceeds to Alice's postcombat main phase
    Then Bob's life total is 19

  @cr:510.1a
  Scenario: An attacking creature with power 0 deals no combat damage
    Given Alice controls Ornithopter
    When the game proceeds to Alice's declare attackers step
    And Alice declares Ornithopter as an attacker
    And the game proceeds to Alice's postcombat main phase
    Then Bob's life total is 20
    And no player is asked to choose anything

  @cr:508.1f
  Scenario: A creature declared as an attacker becomes tapped
    Given Alice controls Grizzly Bears
    When the game proceeds to Alice's declare attackers step
    And Alice declares Grizzly Bears as an attacker
    Then Grizzly Bears is tapped

  @cr:702.20b @cr:508.1f
  Scenario: A creature with vigilance attacks without becoming tapped
    Given Alice controls Serra Angel
    When the game proceeds to Alice's declare attackers step
    And Alice declares Serra Angel as an attacker
    Then Serra Angel is untapped
    When the game proceeds to Alice's postcombat main phase
    Then Bob's life total is 16

  @cr:508.1a
  Scenario: A tapped creature can't be declared as an attacker
    Given Alice controls tapped Grizzly Bears
    And Alice controls Llanowar Elves
    When the game proceeds to Alice's declare attackers step
    And Alice declares Grizzly Bears as an attacker
    Then the action is rejected for being already tapped or an illegal attacker

  @cr:508.1a @cr:302.6
  Scenario: A creature that came under its controller's control this turn can't attack
    Given Alice controls Grizzly Bears, which came under her control this turn
    And Alice controls Llanowar Elves
    When the game proceeds to Alice's declare attackers step
    And Alice declares Grizzly Bears as an attacker
    Then the action is rejected for summoning sickness or an illegal attacker

  @cr:508.1a @cr:302.6
  Scenario: A land controlled since the turn began that became a creature this turn can attack
    # Review, 2026-12-04: 302.6 asks how long its controller has controlled the permanent, not how
    # long it has been a creature.
    Given Alice controls Forest
    And Alice has Animate Land in her hand
    And Alice has {G} in her mana pool
    When Alice casts Animate Land targeting Forest
    And all players pass priority
    And the game proceeds to Alice's declare attackers step
    And Alice declares Forest as an attacker
    Then Forest is attacking Bob
    When the game proceeds to Alice's postcombat main phase
    Then Bob's life total is 17

  @cr:508.1a
  Scenario: The active player can't declare an opponent's creature as an attacker
    Given Bob controls Grizzly Bears
    And Alice controls Llanowar Elves
    When the game proceeds to Alice's declare attackers step
    And Alice declares Bob's Grizzly Bears as an attacker
    Then the action is rejected for an illegal attacker

  @cr:508.1a
  Scenario: A permanent that isn't a creature can't attack
    Given Alice controls Forest
    And Alice controls Llanowar Elves
    When the game proceeds to Alice's declare attackers step
    And Alice declares Forest as an attacker
    Then the action is rejected for an illegal attacker

  @cr:508.1 @cr:117.1
  Scenario: Only the active player declares attackers
    # 508.1: the active player declares; 117.1: Bob has no priority and no instruction to act.
    Given Bob controls Grizzly Bears
    And Alice controls Llanowar Elves
    When the game proceeds to Alice's declare attackers step
    And Bob declares Grizzly Bears as an attacker
    Then the action is rejected for timing or not having priority or an illegal attacker

  @cr:508.1
  Scenario: Attackers can't be declared during the main phase
    Given Alice controls Grizzly Bears
    When Alice declares Grizzly Bears as an attacker
    Then the action is rejected for timing

  @cr:508.1
  Scenario: Attackers are declared only once in the declare attackers step
    Given Alice controls Grizzly Bears
    When the game proceeds to Alice's declare attackers step
    And Alice declares Grizzly Bears as an attacker
    And Alice declares no attackers
    Then the action is rejected for timing

  @cr:508.1 @cr:506.1
  Scenario: Attackers can't be declared in the beginning of combat step
    # Review, 2026-12-04: attackers are declared as the declare attackers step begins (508.1); the
    # beginning of combat step, the first of the combat phase's steps (506.1), has no declaration.
    Given it is Alice's beginning of combat step
    And Alice controls Grizzly Bears
    When Alice declares Grizzly Bears as an attacker
    Then the action is rejected for timing

  @cr:302.6 @cr:508.1a
  Scenario: A land that came under its controller's control this turn and became a creature can't attack
    # wingedsheep/argentum-engine pull request #468: summoning sickness was given only to permanents
    # printed as creatures, so a land played and animated the same turn attacked; 302.6 asks how long
    # its controller has controlled the permanent, whatever it was then.
    Given Alice controls Forest, which came under her control this turn
    And Alice has Animate Land in her hand
    And Alice has {G} in her mana pool
    When Alice casts Animate Land targeting Forest
    And all players pass priority
    Then Forest is a 3/3 creature
    When the game proceeds to Alice's declare attackers step
    And Alice declares Forest as an attacker
    Then the action is rejected for summoning sickness or an illegal attacker
