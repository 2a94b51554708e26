@rules
Feature: Activating abilities: who may, when, with which targets, and paying every part of the cost
  Only a permanent's controller may activate its activated abilities (CR 602.2). An ability that
  says "Activate only as a sorcery", as equip does, is activated only in its controller's main
  phase while the stack is empty (CR 602.5d, 702.6a), and its targets must fit their description
  (CR 115.1). A cost is paid in full or not at all: a card can't be discarded from an empty hand,
  nor an untapped creature tapped when there is none (CR 118.3, 602.2b); when several cards or
  creatures could pay it, the player chooses which. An illegal activation is undone. No seed
  ruling is about these rules, but the reference engine implements them, so these scenarios pin
  them, each beside the legal case.

  Background:
    Given a game between Alice and Bob
    And it is Alice's precombat main phase

  @cr:602.2
  Scenario: A player can't activate an ability of a permanent another player controls
    Given Bob controls Llanowar Elves
    When Alice tries to activate Bob's Llanowar Elves's ability
    Then the action is rejected for an illegal activation
    And Llanowar Elves is untapped
    And Alice's mana pool is empty
    And Bob's mana pool is empty

  @cr:602.2 @cr:106.12
  Scenario: A permanent's controller activates its ability
    Given Alice controls Llanowar Elves
    When Alice taps Llanowar Elves for mana
    Then Llanowar Elves is tapped
    And Alice's mana pool contains exactly {G}

  @cr:602.2
  Scenario: A permanent's ability that doesn't exist can't be activated
    Given Alice controls Llanowar Elves
    When Alice activates the second ability of Llanowar Elves
    Then the action is rejected for a nonexistent ability
    And Llanowar Elves is untapped

  @cr:602.2 @cr:106.12
  Scenario: Tapping a land with two mana abilities for its first one adds its mana
    Given Alice controls Shimmering Grotto
    When Alice taps Shimmering Grotto for mana
    Then Shimmering Grotto is tapped
    And Alice's mana pool contains exactly {C}
    And no player is asked to choose anything

  @cr:602.5d @cr:702.6a
  Scenario: Equip can't be activated in the upkeep
    Given it is Alice's upkeep
    And Alice controls Bonesplitter
    And Alice controls Grizzly Bears
    And Alice has {C} in her mana pool
    When Alice activates Bonesplitter's ability targeting Grizzly Bears
    Then the action is rejected for timing
    And Alice's mana pool contains exactly {C}

  @cr:602.5d @cr:702.6a @cr:301.5
  Scenario: Equip is activated in its controller's main phase with an empty stack
    Given Alice controls Bonesplitter
    And Alice controls Grizzly Bears
    And Alice has {C} in her mana pool
    When Alice activates Bonesplitter's ability targeting Grizzly Bears
    And all players pass priority
    Then Bonesplitter is attached to Grizzly Bears
    And Grizzly Bears is a 4/2 creature

  @cr:602.5d @cr:702.6a @cr:307.1
  Scenario: Equip can't be activated while a spell is on the stack
    # Review, 2026-12-04: "Activate only as a sorcery" follows a sorcery's timing (602.5d): the
    # controller's main phase, while the stack is empty (307.1); Llanowar Elves is still on it.
    Given Alice controls Bonesplitter
    And Alice controls Grizzly Bears
    And Alice has Llanowar Elves in her hand
    And Alice has {G}{C} in her mana pool
    When Alice casts Llanowar Elves
    And Alice activates Bonesplitter's ability targeting Grizzly Bears
    Then the action is rejected for timing
    And Llanowar Elves is on the stack
    And Alice's mana pool contains exactly {C}

  @cr:602.5d @cr:702.6a @cr:307.1
  Scenario: Equip can't be activated in another player's main phase
    # Review, 2026-12-04: a sorcery is cast in a main phase of its caster's own turn (307.1); Alice
    # holds priority in Bob's main phase with the stack empty, and still can't equip.
    Given it is Bob's precombat main phase
    And Alice controls Bonesplitter
    And Alice controls Grizzly Bears
    And Alice has {C} in her mana pool
    When Bob passes priority
    And Alice activates Bonesplitter's ability targeting Grizzly Bears
    Then the action is rejected for timing
    And Alice's mana pool contains exactly {C}

  @cr:702.6a @cr:115.1
  Scenario: Equip can't target a creature another player controls
    Given Alice controls Bonesplitter
    And Bob controls Grizzly Bears
    And Alice has {C} in her mana pool
    When Alice activates Bonesplitter's ability targeting Grizzly Bears
    Then the action is rejected for an illegal target
    And Alice's mana pool contains exactly {C}

  @cr:702.6a @cr:115.1
  Scenario: Equip can't target a land
    Given Alice controls Bonesplitter
    And Alice controls Forest
    And Alice has {C} in her mana pool
    When Alice activates Bonesplitter's ability targeting Forest
    Then the action is rejected for an illegal target

  @cr:115.1 @cr:602.2b
  Scenario: An ability that targets "another" creature can't target its own source
    Given Alice controls Jaxis, the Troublemaker
    And Alice has Island in her hand
    And Alice has {R} in her mana pool
    When Alice activates Jaxis, the Troublemaker's ability targeting Jaxis, the Troublemaker
    Then the action is rejected for an illegal target
    And Island is in Alice's hand

  @cr:115.1 @cr:602.2b @cr:109.5
  Scenario: Jaxis can't copy a creature another player controls
    # Review, 2026-12-04: "another target creature you control": "you" is the player who activated
    # the ability (109.5), and the target must fit the whole description (115.1), "you control" as
    # much as "another".
    Given Alice controls Jaxis, the Troublemaker
    And Bob controls Grizzly Bears
    And Alice has Island in her hand
    And Alice has {R} in her mana pool
    When Alice activates Jaxis, the Troublemaker's ability targeting Grizzly Bears
    Then the action is rejected for an illegal target
    And Island is in Alice's hand
    And Jaxis, the Troublemaker is untapped

  @cr:602.5d @cr:307.1
  Scenario: Jaxis's ability can't be activated in the upkeep
    # Review, 2026-12-04: "Activate only as a sorcery" printed in an ability's own text means what
    # equip's does (602.5d): its controller's main phase, with an empty stack (307.1).
    Given it is Alice's upkeep
    And Alice controls Jaxis, the Troublemaker
    And Alice controls Grizzly Bears
    And Alice has Island in her hand
    And Alice has {R} in her mana pool
    When Alice activates Jaxis, the Troublemaker's ability targeting Grizzly Bears
    Then the action is rejected for timing
    And Island is in Alice's hand
    And Jaxis, the Troublemaker is untapped

  @cr:602.5d @cr:307.1 @cr:117.3c
  Scenario: Jaxis's ability can't be activated while a spell is on the stack
    # Alice holds priority after casting Giant Growth (117.3c), in her main phase, but the stack
    # is not empty.
    Given Alice controls Jaxis, the Troublemaker
    And Alice controls Grizzly Bears
    And Alice has Island in her hand
    And Alice has Giant Growth in her hand
    And Alice has {R}{G} in her mana pool
    When Alice casts Giant Growth targeting Grizzly Bears
    And Alice activates Jaxis, the Troublemaker's ability targeting Grizzly Bears
    Then the action is rejected for timing
    And Jaxis, the Troublemaker is untapped
    And Giant Growth is on the stack

  @cr:118.3 @cr:602.2b
  Scenario: A cost that discards a card can't be paid with an empty hand
    Given Alice controls Jaxis, the Troublemaker
    And Alice controls Grizzly Bears
    And Alice has {R} in her mana pool
    When Alice activates Jaxis, the Troublemaker's ability targeting Grizzly Bears
    Then the action is rejected for an unpayable cost
    And Jaxis, the Troublemaker is untapped
    And Alice's mana pool contains exactly {R}

  @cr:118.3 @cr:602.2b
  Scenario: A player with two cards in hand chooses which one to discard for a cost
    Given Alice controls Jaxis, the Troublemaker
    And Alice controls Grizzly Bears
    And Alice has Forest in her hand
    And Alice has Island in her hand
    And Alice has {R} in her mana pool
    When Alice activates Jaxis, the Troublemaker's ability targeting Grizzly Bears
    Then Alice must choose a card in her hand to discard
    When Alice chooses Island
    Then Island is in Alice's graveyard
    And Forest is in Alice's hand
    And Jaxis, the Troublemaker is tapped
    And Jaxis, the Troublemaker's activated ability is on the stack

  @cr:118.3 @cr:602.2b
  Scenario: A cost that taps an untapped creature can't be paid with no untapped creature
    Given Alice controls Springleaf Drum
    And Alice controls a tapped Grizzly Bears
    When Alice taps Springleaf Drum for mana
    Then the action is rejected for an unpayable cost
    And Springleaf Drum is untapped
    And Alice's mana pool is empty

  @cr:118.3 @cr:602.2b
  Scenario: A cost that taps an untapped creature you control can't be paid with an opponent's creature
    # Review, 2026-12-04: Springleaf Drum's cost names a creature Alice controls; Bob's untapped
    # Llanowar Elves is not one, so she lacks what pays it (118.3).
    Given Alice controls Springleaf Drum
    And Alice controls a tapped Grizzly Bears
    And Bob controls Llanowar Elves
    When Alice taps Springleaf Drum for mana
    Then the action is rejected for an unpayable cost
    And Springleaf Drum is untapped
    And Llanowar Elves is untapped
    And Alice's mana pool is empty

  @cr:118.3 @cr:602.2b
  Scenario: A player with two untapped creatures chooses which one to tap for a cost
    Given Alice controls Springleaf Drum
    And Alice controls Llanowar Elves
    And Alice controls Grizzly Bears
    When Alice taps Springleaf Drum for mana
    And Alice chooses Grizzly Bears
    And Alice chooses green
    Then Grizzly Bears is tapped
    And Llanowar Elves is untapped
    And Springleaf Drum is tapped
    And Alice's mana pool contains exactly {G}
