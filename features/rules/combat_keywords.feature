@rules
Feature: Deathtouch, trample, lifelink and vigilance in combat
  A creature dealt damage by a source with deathtouch is destroyed (CR 702.2b, 704.5h). An
  attacking creature with trample assigns lethal damage to all its blockers before it may assign
  the rest to the player it attacks (CR 702.19b), any nonzero damage from a source with deathtouch
  being lethal (CR 702.2c); blocked with no blocker left, it assigns all its damage to the player
  (CR 702.19d). Damage dealt by a source with lifelink makes its controller gain that much life
  (CR 702.15b, 120.3f). Attacking doesn't tap a creature with vigilance (CR 702.20b). No seed
  ruling is about these rules, but the reference engine implements them, so these scenarios pin
  them.

  Background:
    Given a game between Alice and Bob
    And it is Alice's precombat main phase

  @cr:702.2b @cr:704.5h @cr:704.5g
  Scenario: A blocker with deathtouch destroys a larger attacking creature
    Given Alice controls Hill Giant
    And Bob controls Typhoid Rats
    When the game proceeds to Alice's declare attackers step
    And Alice declares Hill Giant as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Typhoid Rats as a blocker of Hill Giant
    And the game proceeds to Alice's postcombat main phase
    Then Hill Giant is in Alice's graveyard
    And Typhoid Rats is in Bob's graveyard

  @cr:702.2b @cr:704.5h
  Scenario: One damage from an attacker with deathtouch destroys a blocker with toughness 4
    Given Alice controls Typhoid Rats
    And Bob controls Giant Spider
    When the game proceeds to Alice's declare attackers step
    And Alice declares Typhoid Rats as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Giant Spider as a blocker of Typhoid Rats
    And the game proceeds to Alice's postcombat main phase
    Then Giant Spider is in Bob's graveyard

  @cr:702.2b @cr:510.1b @cr:120.3a
  Scenario: Damage from a creature with deathtouch to a player is ordinary damage
    Given Alice controls Typhoid Rats
    When the game proceeds to Alice's declare attackers step
    And Alice declares Typhoid Rats as an attacker
    And the game proceeds to Alice's postcombat main phase
    Then Bob's life total is 19
    And Typhoid Rats is on the battlefield

  @cr:702.19b @cr:510.1c @cr:704.5g
  @needs:state-based-actions
  Scenario: An attacker with trample assigns lethal damage to its blocker and the rest to the player
    Given Alice controls Colossal Dreadmaw
    And Bob controls Grizzly Bears
    When the game proceeds to Alice's declare attackers step
    And Alice declares Colossal Dreadmaw as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Grizzly Bears as a blocker of Colossal Dreadmaw
    And the game proceeds to Alice's combat damage step
    And Alice divides Colossal Dreadmaw's combat damage as 2 to Grizzly Bears and 4 to Bob
    Then Bob's life total is 16
    And Grizzly Bears is in Bob's graveyard

  @cr:702.19b
  Scenario: Trample assigns nothing to the player until its blocker is assigned lethal damage
    Given Alice controls Colossal Dreadmaw
    And Bob controls Grizzly Bears
    When the game proceeds to Alice's declare attackers step
    And Alice declares Colossal Dreadmaw as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Grizzly Bears as a blocker of Colossal Dreadmaw
    And the game proceeds to Alice's combat damage step
    Then Alice can't divide Colossal Dreadmaw's combat damage as 1 to Grizzly Bears and 5 to Bob
    And Alice may divide Colossal Dreadmaw's combat damage as 6 to Grizzly Bears
    And Alice may divide Colossal Dreadmaw's combat damage as 3 to Grizzly Bears and 3 to Bob

  @cr:702.19b
  Scenario: Trample past two blockers needs lethal damage assigned to both
    Given Alice controls Colossal Dreadmaw
    And Bob controls Grizzly Bears
    And Bob controls Llanowar Elves
    When the game proceeds to Alice's declare attackers step
    And Alice declares Colossal Dreadmaw as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Grizzly Bears and Llanowar Elves as blockers of Colossal Dreadmaw
    And the game proceeds to Alice's combat damage step
    Then Alice can't divide Colossal Dreadmaw's combat damage as 2 to Grizzly Bears and 4 to Bob
    And Alice may divide Colossal Dreadmaw's combat damage as 2 to Grizzly Bears, 1 to Llanowar Elves and 3 to Bob

  @cr:702.19b @cr:702.2c
  Scenario: Trample with deathtouch needs to assign only 1 damage to a blocker before the player
    Given Alice controls Colossal Dreadmaw
    And Alice controls Basilisk Collar attached to Colossal Dreadmaw
    And Bob controls Giant Spider
    When the game proceeds to Alice's declare attackers step
    And Alice declares Colossal Dreadmaw as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Giant Spider as a blocker of Colossal Dreadmaw
    And the game proceeds to Alice's combat damage step
    Then Alice may divide Colossal Dreadmaw's combat damage as 1 to Giant Spider and 5 to Bob

  @cr:702.19b @cr:702.2c @cr:704.5h
  @needs:state-based-actions
  Scenario: One damage with deathtouch and trample destroys the blocker and the rest hits the player
    Given Alice controls Colossal Dreadmaw
    And Alice controls Basilisk Collar attached to Colossal Dreadmaw
    And Bob controls Giant Spider
    When the game proceeds to Alice's declare attackers step
    And Alice declares Colossal Dreadmaw as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Giant Spider as a blocker of Colossal Dreadmaw
    And the game proceeds to Alice's combat damage step
    And Alice divides Colossal Dreadmaw's combat damage as 1 to Giant Spider and 5 to Bob
    Then Bob's life total is 15
    And Giant Spider is in Bob's graveyard

  @cr:702.19b
  Scenario: Without deathtouch, trample must assign a blocker's whole toughness first
    Given Alice controls Colossal Dreadmaw
    And Bob controls Giant Spider
    When the game proceeds to Alice's declare attackers step
    And Alice declares Colossal Dreadmaw as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Giant Spider as a blocker of Colossal Dreadmaw
    And the game proceeds to Alice's combat damage step
    Then Alice can't divide Colossal Dreadmaw's combat damage as 1 to Giant Spider and 5 to Bob
    And Alice may divide Colossal Dreadmaw's combat damage as 4 to Giant Spider and 2 to Bob

  @cr:702.19d @cr:509.1h
  Scenario: A blocked trampler whose blocker has left combat assigns all its damage to the player
    Given Alice controls Colossal Dreadmaw
    And Alice controls Island
    And Alice has Unsummon in her hand
    And Bob controls Grizzly Bears
    When the game proceeds to Alice's declare attackers step
    And Alice declares Colossal Dreadmaw as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Grizzly Bears as a blocker of Colossal Dreadmaw
    And Alice taps Island for mana
    And Alice casts Unsummon targeting Grizzly Bears
    And all players pass priority
    And the game proceeds to Alice's postcombat main phase
    Then Bob's life total is 14

  @cr:702.19a @cr:510.1d
  @needs:state-based-actions
  Scenario: A blocking creature with trample deals all its damage to the attacker and none to the attacking player
    # Review, 2026-12-04: trample modifies how an attacking creature assigns its damage and does
    # nothing for a blocker (702.19a), which assigns all of it to the creature it blocks (510.1d).
    Given Alice controls Hill Giant
    And Bob controls Colossal Dreadmaw
    When the game proceeds to Alice's declare attackers step
    And Alice declares Hill Giant as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Colossal Dreadmaw as a blocker of Hill Giant
    And the game proceeds to Alice's combat damage step
    Then no player is asked to choose anything
    And Alice's life total is 20
    And Hill Giant is in Alice's graveyard
    And Colossal Dreadmaw has 3 damage marked on it

  @cr:702.15b @cr:120.3f
  @needs:combat-keywords
  Scenario: Combat damage to a player from a creature with lifelink gains its controller that much life
    Given Alice controls Grizzly Bears
    And Alice controls Basilisk Collar attached to Grizzly Bears
    When the game proceeds to Alice's declare attackers step
    And Alice declares Grizzly Bears as an attacker
    And the game proceeds to Alice's postcombat main phase
    Then Bob's life total is 18
    And Alice's life total is 22

  @cr:702.15b @cr:120.3f @cr:702.2b @cr:704.5h
  @needs:combat-keywords
  @needs:state-based-actions
  Scenario: Combat damage to a blocking creature from a creature with lifelink gains life too
    Given Alice controls Grizzly Bears
    And Alice controls Basilisk Collar attached to Grizzly Bears
    And Bob controls Giant Spider
    When the game proceeds to Alice's declare attackers step
    And Alice declares Grizzly Bears as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Giant Spider as a blocker of Grizzly Bears
    And the game proceeds to Alice's postcombat main phase
    Then Alice's life total is 22
    And Bob's life total is 20
    And Giant Spider is in Bob's graveyard

  @cr:702.15b
  @needs:combat-keywords
  Scenario: A blocking creature with lifelink gains its controller life
    Given Alice controls Hill Giant
    And Bob controls Grizzly Bears
    And Bob controls Basilisk Collar attached to Grizzly Bears
    When the game proceeds to Alice's declare attackers step
    And Alice declares Hill Giant as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Grizzly Bears as a blocker of Hill Giant
    And the game proceeds to Alice's postcombat main phase
    Then Bob's life total is 22
    And Alice's life total is 20

  @cr:510.1a @cr:702.15b
  @needs:combat-keywords
  Scenario: A creature with lifelink and power below 0 deals no damage and gains no life
    Given Alice controls Ornithopter
    And Ornithopter has a -1/-1 counter on it
    And Alice controls Basilisk Collar attached to Ornithopter
    When the game proceeds to Alice's declare attackers step
    And Alice declares Ornithopter as an attacker
    And the game proceeds to Alice's postcombat main phase
    Then Alice's life total is 20
    And Bob's life total is 20

  @cr:702.15b @cr:110.2
  @needs:combat-keywords
  Scenario: Lifelink gains life for the creature's controller, not its owner
    # Review, 2026-12-04: 702.15b gives the life to the source's controller; its owner gains it
    # only when it has no controller.
    Given Alice controls Grizzly Bears
    And Bob owns Grizzly Bears
    And Alice controls Basilisk Collar attached to Grizzly Bears
    When the game proceeds to Alice's declare attackers step
    And Alice declares Grizzly Bears as an attacker
    And the game proceeds to Alice's postcombat main phase
    Then Alice's life total is 22
    And Bob's life total is 18

  @cr:702.15b @cr:301.5d
  @needs:combat-keywords
  Scenario: Lifelink granted by another player's Equipment gains life for the creature's controller
    # Review, 2026-12-04: the source of the damage is the creature, so its controller gains the
    # life (702.15b), not the controller of the Equipment that grants lifelink (301.5d); the
    # reminder text's "you" is not the Collar's controller.
    Given Alice controls Grizzly Bears
    And Bob controls Basilisk Collar attached to Grizzly Bears
    When the game proceeds to Alice's declare attackers step
    And Alice declares Grizzly Bears as an attacker
    And the game proceeds to Alice's postcombat main phase
    Then Alice's life total is 22
    And Bob's life total is 18

  @cr:702.20b @cr:509.1a @cr:502.3
  Scenario: A creature with vigilance that attacked can block in the opponent's next turn
    Given Alice controls Serra Angel
    And Alice controls Hill Giant
    And Bob controls Grizzly Bears
    And Alice has Forest in her library
    And Bob has Swamp in his library
    When the game proceeds to Alice's declare attackers step
    And Alice declares Serra Angel and Hill Giant as attackers
    And the game proceeds to Alice's declare blockers step
    And Bob declares no blockers
    And the game proceeds to Bob's declare attackers step
    And Bob declares Grizzly Bears as an attacker
    And the game proceeds to Bob's declare blockers step
    And Alice declares Serra Angel as a blocker of Grizzly Bears
    Then Serra Angel is blocking Grizzly Bears

  @cr:509.1a @cr:508.1f @cr:502.3
  Scenario: A creature without vigilance that attacked is still tapped in the opponent's turn and can't block
    Given Alice controls Serra Angel
    And Alice controls Hill Giant
    And Bob controls Grizzly Bears
    And Alice has Forest in her library
    And Bob has Swamp in his library
    When the game proceeds to Alice's declare attackers step
    And Alice declares Serra Angel and Hill Giant as attackers
    And the game proceeds to Alice's declare blockers step
    And Bob declares no blockers
    And the game proceeds to Bob's declare attackers step
    And Bob declares Grizzly Bears as an attacker
    And the game proceeds to Bob's declare blockers step
    And Alice declares Hill Giant as a blocker of Grizzly Bears
    Then the action is rejected for being already tapped or an illegal blocker

  @cr:702.19b
  Scenario: Trample needs lethal damage assigned to each blocker, not in total
    # Review, 2026-12-04: 3 to Grizzly Bears covers the Bears' and the Elves' toughness together,
    # but Llanowar Elves is assigned none, so nothing may go to Bob.
    Given Alice controls Colossal Dreadmaw
    And Bob controls Grizzly Bears
    And Bob controls Llanowar Elves
    When the game proceeds to Alice's declare attackers step
    And Alice declares Colossal Dreadmaw as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Grizzly Bears and Llanowar Elves as blockers of Colossal Dreadmaw
    And the game proceeds to Alice's combat damage step
    Then Alice can't divide Colossal Dreadmaw's combat damage as 3 to Grizzly Bears, 0 to Llanowar Elves and 3 to Bob
    And Alice may divide Colossal Dreadmaw's combat damage as 2 to Grizzly Bears, 1 to Llanowar Elves and 3 to Bob

  @cr:702.19b @cr:120.6
  Scenario: Trample's lethal damage counts the damage already marked on the blocker
    # Giant Growth makes Giant Spider 5/7 in response to Flame Slash, which marks 4 damage on it:
    # 3 more is lethal damage (702.19b, 120.6), so 3 may go to Bob.
    Given Alice controls Colossal Dreadmaw
    And Alice controls Mountain
    And Alice has Flame Slash in her hand
    And Bob controls Giant Spider
    And Bob controls Forest
    And Bob has Giant Growth in his hand
    When Alice taps Mountain for mana
    And Alice casts Flame Slash targeting Giant Spider
    And Alice passes priority
    And Bob taps Forest for mana
    And Bob casts Giant Growth targeting Giant Spider
    And all players pass priority
    And all players pass priority
    Then Giant Spider has 4 damage marked on it
    When the game proceeds to Alice's declare attackers step
    And Alice declares Colossal Dreadmaw as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Giant Spider as a blocker of Colossal Dreadmaw
    And the game proceeds to Alice's combat damage step
    Then Alice may divide Colossal Dreadmaw's combat damage as 3 to Giant Spider and 3 to Bob
    And Alice can't divide Colossal Dreadmaw's combat damage as 2 to Giant Spider and 4 to Bob

  @cr:702.15a @cr:702.15b @cr:120.3f @cr:510.2
  Scenario: Lifelink is no trigger: the life is gained as the damage is dealt, before anyone has priority
    # Review, 2026-12-04: read in the combat damage step, before any player passes priority, so a
    # triggered "gain that much life" (702.15a: lifelink is static) would not have resolved yet.
    Given Alice controls Grizzly Bears
    And Alice controls Basilisk Collar attached to Grizzly Bears
    When the game proceeds to Alice's declare attackers step
    And Alice declares Grizzly Bears as an attacker
    And the game proceeds to Alice's combat damage step
    Then Grizzly Bears has lifelink
    And Bob's life total is 18
    And Alice's life total is 22
    And the stack is empty

  @cr:702.2b @cr:704.5h @cr:510.2
  Scenario: Deathtouch is no trigger: the creature it damaged is destroyed before anyone has priority
    # Review, 2026-12-04: state-based actions destroy Hill Giant before the active player gets
    # priority in the combat damage step (704.5h, 117.5); nothing goes on the stack.
    Given Alice controls Hill Giant
    And Bob controls Typhoid Rats
    When the game proceeds to Alice's declare attackers step
    And Alice declares Hill Giant as an attacker
    And the game proceeds to Alice's declare blockers step
    Then Typhoid Rats has deathtouch
    When Bob declares Typhoid Rats as a blocker of Hill Giant
    And the game proceeds to Alice's combat damage step
    Then Hill Giant is in Alice's graveyard
    And the stack is empty

  @cr:120.8 @cr:510.1a @cr:702.2b
  Scenario: A creature with deathtouch and 0 power deals no damage and destroys nothing
    # Review, 2026-12-04: Ornithopter, 0/2 with Basilisk Collar's deathtouch, assigns no combat
    # damage (510.1a), so there is no damage from a source with deathtouch (120.8, 704.5h).
    Given Alice controls Grizzly Bears
    And Bob controls Ornithopter
    And Bob controls Basilisk Collar attached to Ornithopter
    When the game proceeds to Alice's declare attackers step
    And Alice declares Grizzly Bears as an attacker
    And the game proceeds to Alice's declare blockers step
    Then Ornithopter has deathtouch
    When Bob declares Ornithopter as a blocker of Grizzly Bears
    And the game proceeds to Alice's postcombat main phase
    Then Grizzly Bears is on the battlefield
    And Grizzly Bears has no damage marked on it
    And Ornithopter is in Bob's graveyard

  @cr:702.19b @cr:510.1c
  Scenario: Trample needs no lethal damage to each blocker when none of its damage goes to the player
    # phase-rs/phase pull request #1816: the damage assignment of a trampler required lethal damage to
    # every blocker even when none of its damage went to the player; 702.19b makes that the condition
    # of assigning damage to the player only.
    Given Alice controls Colossal Dreadmaw
    And Bob controls Giant Spider
    And Bob controls Grizzly Bears
    When the game proceeds to Alice's declare attackers step
    And Alice declares Colossal Dreadmaw as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Giant Spider and Grizzly Bears as blockers of Colossal Dreadmaw
    And the game proceeds to Alice's combat damage step
    Then Alice may divide Colossal Dreadmaw's combat damage as 5 to Giant Spider and 1 to Grizzly Bears
    And Alice can't divide Colossal Dreadmaw's combat damage as 5 to Giant Spider and 1 to Bob
