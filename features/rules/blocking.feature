@rules
Feature: Declaring blockers: which creatures may block, and what they block
  As the declare blockers step begins, the defending player declares blockers: each chosen
  creature must be an untapped creature they control, and blocks one creature attacking them;
  several creatures may block the same attacker (CR 509.1, 509.1a). A creature with flying can't
  be blocked except by creatures with flying or reach (CR 509.1b, 702.9b, 702.17b). Each attacking
  creature with a blocker becomes blocked, the others unblocked (CR 509.1g, 509.1h); then the
  active player gets priority (CR 509.2). No seed ruling is about these rules, but the reference
  engine implements them, so these scenarios pin them, each beside the legal case.

  Background:
    Given a game between Alice and Bob
    And it is Alice's precombat main phase

  @cr:508.1k @cr:506.2
  Scenario: A creature declared as an attacker attacks the defending player
    Given Alice controls Hill Giant
    When the game proceeds to Alice's declare attackers step
    And Alice declares Hill Giant as an attacker
    Then Hill Giant is attacking Bob

  @cr:508.1a @cr:508.1f @cr:508.1k
  Scenario: A creature not declared as an attacker is not attacking
    Given Alice controls Hill Giant
    And Alice controls Grizzly Bears
    When the game proceeds to Alice's declare attackers step
    And Alice declares Hill Giant as an attacker
    Then Grizzly Bears is not attacking
    And Grizzly Bears is untapped

  @cr:509.1a @cr:509.1g @cr:509.1h
  Scenario: An untapped creature blocks an attacking creature, which becomes blocked
    Given Alice controls Hill Giant
    And Bob controls Grizzly Bears
    When the game proceeds to Alice's declare attackers step
    And Alice declares Hill Giant as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Grizzly Bears as a blocker of Hill Giant
    Then Grizzly Bears is blocking Hill Giant
    And Hill Giant is blocked

  @cr:509.1h
  Scenario: An attacking creature that no creature blocks is unblocked
    Given Alice controls Hill Giant
    And Bob controls Grizzly Bears
    When the game proceeds to Alice's declare attackers step
    And Alice declares Hill Giant as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares no blockers
    Then Hill Giant is unblocked
    And Grizzly Bears is not blocking

  @cr:509.1h
  Scenario: Only the attacking creature a blocker was declared for becomes blocked
    Given Alice controls Hill Giant
    And Alice controls Grizzly Bears
    And Bob controls Giant Spider
    When the game proceeds to Alice's declare attackers step
    And Alice declares Hill Giant and Grizzly Bears as attackers
    And the game proceeds to Alice's declare blockers step
    And Bob declares Giant Spider as a blocker of Grizzly Bears
    Then Grizzly Bears is blocked
    And Hill Giant is unblocked

  @cr:509.2
  Scenario: After blockers are declared, the active player gets priority
    Given Alice controls Hill Giant
    And Bob controls Grizzly Bears
    When the game proceeds to Alice's declare attackers step
    And Alice declares Hill Giant as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Grizzly Bears as a blocker of Hill Giant
    Then Alice has priority
    And it is Alice's declare blockers step

  @cr:509.1 @cr:509.1g
  Scenario: Blocking doesn't tap the blocking creature
    Given Alice controls Hill Giant
    And Bob controls Grizzly Bears
    When the game proceeds to Alice's declare attackers step
    And Alice declares Hill Giant as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Grizzly Bears as a blocker of Hill Giant
    Then Grizzly Bears is untapped

  @cr:509.1a
  Scenario: A tapped creature can't block
    # Bob's Llanowar Elves could block: the declaration is Bob's to make, not forced to be empty.
    Given Alice controls Hill Giant
    And Bob controls tapped Grizzly Bears
    And Bob controls Llanowar Elves
    When the game proceeds to Alice's declare attackers step
    And Alice declares Hill Giant as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Grizzly Bears as a blocker of Hill Giant
    Then the action is rejected for being already tapped or an illegal blocker
    And Grizzly Bears is not blocking

  @cr:509.1a @cr:302.6
  Scenario: A creature that came under its controller's control this turn can block
    Given Alice controls Hill Giant
    And Bob controls Grizzly Bears, which came under his control this turn
    When the game proceeds to Alice's declare attackers step
    And Alice declares Hill Giant as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Grizzly Bears as a blocker of Hill Giant
    Then Grizzly Bears is blocking Hill Giant

  @cr:509.1a
  Scenario: Two creatures can block the same attacking creature
    Given Alice controls Hill Giant
    And Bob controls Grizzly Bears
    And Bob controls Llanowar Elves
    When the game proceeds to Alice's declare attackers step
    And Alice declares Hill Giant as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Grizzly Bears and Llanowar Elves as blockers of Hill Giant
    Then Grizzly Bears is blocking Hill Giant
    And Llanowar Elves is blocking Hill Giant
    And Hill Giant is blocked

  @cr:509.1a
  Scenario: One creature can't block two attacking creatures
    Given Alice controls Hill Giant
    And Alice controls Grizzly Bears
    And Bob controls Giant Spider
    When the game proceeds to Alice's declare attackers step
    And Alice declares Hill Giant and Grizzly Bears as attackers
    And the game proceeds to Alice's declare blockers step
    And Bob declares Giant Spider as a blocker of Hill Giant and Giant Spider as a blocker of Grizzly Bears
    Then the action is rejected for an illegal blocker
    And Giant Spider is not blocking

  @cr:509.1a
  Scenario: A creature that isn't attacking can't be blocked
    Given Alice controls Hill Giant
    And Alice controls Llanowar Elves
    And Bob controls Grizzly Bears
    When the game proceeds to Alice's declare attackers step
    And Alice declares Hill Giant as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Grizzly Bears as a blocker of Llanowar Elves
    Then the action is rejected for an illegal blocker

  @cr:509.1a
  Scenario: The defending player can't block with a creature another player controls
    Given Alice controls Hill Giant
    And Alice controls Llanowar Elves
    And Bob controls Grizzly Bears
    When the game proceeds to Alice's declare attackers step
    And Alice declares Hill Giant as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Alice's Llanowar Elves as a blocker of Hill Giant
    Then the action is rejected for an illegal blocker

  @cr:509.1 @cr:117.1
  Scenario: Only the defending player declares blockers
    Given Alice controls Hill Giant
    And Alice controls Llanowar Elves
    And Bob controls Grizzly Bears
    When the game proceeds to Alice's declare attackers step
    And Alice declares Hill Giant as an attacker
    And the game proceeds to Alice's declare blockers step
    And Alice declares Llanowar Elves as a blocker of Hill Giant
    Then the action is rejected for timing or not having priority or an illegal blocker

  @cr:509.1 @cr:117.1
  Scenario: Blockers can't be declared during the declare attackers step
    Given Alice controls Hill Giant
    And Bob controls Grizzly Bears
    When the game proceeds to Alice's declare attackers step
    And Alice declares Hill Giant as an attacker
    And Bob declares Grizzly Bears as a blocker of Hill Giant
    Then the action is rejected for timing or not having priority

  @cr:509.1 @cr:117.1
  Scenario: Blockers are declared only once in the declare blockers step
    Given Alice controls Hill Giant
    And Bob controls Grizzly Bears
    When the game proceeds to Alice's declare attackers step
    And Alice declares Hill Giant as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares no blockers
    And Bob declares Grizzly Bears as a blocker of Hill Giant
    Then the action is rejected for timing or not having priority
    And Hill Giant is unblocked

  @cr:702.9b @cr:509.1b
  Scenario: A creature without flying or reach can't block a creature with flying
    # Bob's Giant Spider could block: the declaration is Bob's to make, not forced to be empty.
    Given Alice controls Serra Angel
    And Bob controls Grizzly Bears
    And Bob controls Giant Spider
    When the game proceeds to Alice's declare attackers step
    And Alice declares Serra Angel as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Grizzly Bears as a blocker of Serra Angel
    Then the action is rejected for an illegal blocker
    And Grizzly Bears is not blocking

  @cr:702.17b @cr:509.1b
  Scenario: A creature with reach can block a creature with flying
    Given Alice controls Serra Angel
    And Bob controls Giant Spider
    When the game proceeds to Alice's declare attackers step
    And Alice declares Serra Angel as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Giant Spider as a blocker of Serra Angel
    Then Giant Spider is blocking Serra Angel

  @cr:702.9b @cr:509.1b
  Scenario: A creature with flying can block a creature with flying
    Given Alice controls Serra Angel
    And Bob controls Ornithopter
    When the game proceeds to Alice's declare attackers step
    And Alice declares Serra Angel as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Ornithopter as a blocker of Serra Angel
    Then Ornithopter is blocking Serra Angel

  @cr:702.9b
  Scenario: A creature with flying can block a creature without flying
    Given Alice controls Hill Giant
    And Bob controls Ornithopter
    When the game proceeds to Alice's declare attackers step
    And Alice declares Hill Giant as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Ornithopter as a blocker of Hill Giant
    Then Ornithopter is blocking Hill Giant

  @cr:509.1 @cr:509.1b
  Scenario: A declaration of blockers with one illegal block is illegal as a whole
    Given Alice controls Serra Angel
    And Alice controls Hill Giant
    And Bob controls Grizzly Bears
    And Bob controls Llanowar Elves
    When the game proceeds to Alice's declare attackers step
    And Alice declares Serra Angel and Hill Giant as attackers
    And the game proceeds to Alice's declare blockers step
    And Bob declares Llanowar Elves as a blocker of Hill Giant and Grizzly Bears as a blocker of Serra Angel
    Then the action is rejected for an illegal blocker
    And Llanowar Elves is not blocking

  @cr:702.17b @cr:509.1b
  Scenario: Reach is no evasion: a creature without flying or reach blocks an attacker with reach
    # Review, 2026-12-04: reach lets a creature block fliers (702.17b); it restricts nothing about
    # who may block the creature that has it.
    Given Alice controls Giant Spider
    And Bob controls Grizzly Bears
    When the game proceeds to Alice's declare attackers step
    And Alice declares Giant Spider as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Grizzly Bears as a blocker of Giant Spider
    Then Grizzly Bears is blocking Giant Spider
    And Giant Spider is blocked

  @cr:702.111b @cr:509.1b
  Scenario: A creature with menace can't be blocked by one creature alone
    Given Alice controls Kederekt Creeper
    And Bob controls Grizzly Bears
    And Bob controls Llanowar Elves
    When the game proceeds to Alice's declare attackers step
    And Alice declares Kederekt Creeper as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Grizzly Bears as a blocker of Kederekt Creeper
    Then the action is rejected for an illegal blocker
    And Grizzly Bears is not blocking

  @cr:702.111b @cr:509.1b @cr:509.1h
  Scenario: A creature with menace can be blocked by two creatures
    Given Alice controls Kederekt Creeper
    And Bob controls Grizzly Bears
    And Bob controls Llanowar Elves
    When the game proceeds to Alice's declare attackers step
    And Alice declares Kederekt Creeper as an attacker
    And the game proceeds to Alice's declare blockers step
    Then Kederekt Creeper has menace
    And Kederekt Creeper has deathtouch
    When Bob declares Grizzly Bears and Llanowar Elves as blockers of Kederekt Creeper
    Then Grizzly Bears is blocking Kederekt Creeper
    And Llanowar Elves is blocking Kederekt Creeper
    And Kederekt Creeper is blocked

  @cr:702.111b @cr:509.1b
  Scenario: A creature with menace can't be blocked by one creature while another creature blocks a different attacker
    # Review, 2026-12-04: menace counts the creatures blocking the creature that has it, not the
    # blockers of the whole declaration.
    Given Alice controls Kederekt Creeper
    And Alice controls Hill Giant
    And Bob controls Grizzly Bears
    And Bob controls Llanowar Elves
    When the game proceeds to Alice's declare attackers step
    And Alice declares Kederekt Creeper and Hill Giant as attackers
    And the game proceeds to Alice's declare blockers step
    And Bob declares Grizzly Bears as a blocker of Kederekt Creeper and Llanowar Elves as a blocker of Hill Giant
    Then the action is rejected for an illegal blocker
    And Grizzly Bears is not blocking
    And Llanowar Elves is not blocking

  @cr:509.1b @cr:702.9b @cr:613.1f
  Scenario: An attacker that lost flying after attacking can be blocked by a creature without flying or reach
    # Review, 2026-12-04: the restriction comes from the abilities the attacker has as blockers are
    # declared, not from its printed card.
    Given Alice controls Serra Angel
    And Alice controls two Islands
    And Alice has Turn to Frog in her hand
    And Bob controls Grizzly Bears
    When the game proceeds to Alice's declare attackers step
    And Alice declares Serra Angel as an attacker
    And Alice taps Island for mana
    And Alice taps Island for mana
    And Alice casts Turn to Frog targeting Serra Angel
    And all players pass priority
    Then Serra Angel does not have flying
    When the game proceeds to Alice's declare blockers step
    And Bob declares Grizzly Bears as a blocker of Serra Angel
    Then Grizzly Bears is blocking Serra Angel
    And Serra Angel is blocked

  @cr:506.4a @cr:509.1b @cr:702.17b
  @needs:state-based-actions
  Scenario: A creature with reach blocking a flyer keeps blocking after it loses reach
    # Review, 2026-12-04: block restrictions are checked as blockers are declared (509.1b); losing
    # an ability is none of the ways 506.4 removes a creature from combat.
    Given Alice controls Serra Angel
    And Alice controls two Islands
    And Alice has Turn to Frog in her hand
    And Bob controls Giant Spider
    When the game proceeds to Alice's declare attackers step
    And Alice declares Serra Angel as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Giant Spider as a blocker of Serra Angel
    And Alice taps Island for mana
    And Alice taps Island for mana
    And Alice casts Turn to Frog targeting Giant Spider
    And all players pass priority
    Then Giant Spider does not have reach
    And Giant Spider is blocking Serra Angel
    When the game proceeds to Alice's postcombat main phase
    Then Giant Spider is in Bob's graveyard
    And Bob's life total is 20
