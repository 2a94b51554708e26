@ruling:symbol.tap
Feature: The tap symbol
  Ruling: {T} in an activation cost means "Tap this permanent"; a tapped permanent
  can't be tapped again to pay it; a creature's {T} ability needs the creature under
  its controller's control continuously since their most recent turn began.
  (CR 107.5, 302.6; haste lifts the last condition, 702.10c)

  Background:
    Given a game between Alice and Bob
    And it is Alice's precombat main phase

  @cr:107.5 @cr:302.6
  Scenario: Llanowar Elves controlled since the turn began taps for mana
    Given Alice controls Llanowar Elves
    When Alice taps Llanowar Elves for mana
    Then Alice's mana pool contains exactly {G}
    And Llanowar Elves is tapped

  @cr:107.5 @cr:302.6 @cr:602.5a
  Scenario: Llanowar Elves that came under Alice's control this turn can't tap for mana
    Given Alice controls Llanowar Elves, which came under her control this turn
    When Alice taps Llanowar Elves for mana
    Then the action is rejected for summoning sickness or an illegal activation
    And Llanowar Elves is untapped
    And Alice's mana pool is empty

  @cr:107.5 @cr:702.10c
  Scenario: Haste lets a creature that just came under Alice's control use its {T} ability
    Given Alice controls Llanowar Elves, which came under her control this turn
    And Alice controls Fervor
    When Alice taps Llanowar Elves for mana
    Then Alice's mana pool contains exactly {G}

  @cr:107.5 @cr:302.6 @cr:109.5
  Scenario: Bob's Fervor doesn't give haste to Alice's creature
    # Review, 2026-12-04: Fervor gives haste to "creatures you control", and "you" is Fervor's
    # controller (109.5): Alice's Llanowar Elves, which came under her control this turn, is still
    # summoning sick.
    Given Alice controls Llanowar Elves, which came under her control this turn
    And Bob controls Fervor
    When Alice taps Llanowar Elves for mana
    Then the action is rejected for summoning sickness or an illegal activation
    And Llanowar Elves is untapped
    And Alice's mana pool is empty

  @cr:107.5 @cr:302.6
  Scenario: A noncreature artifact can use its {T} ability the turn it came under Alice's control
    Given Alice controls Fellwar Stone, which came under her control this turn
    And Bob controls Forest
    When Alice taps Fellwar Stone for mana
    And Alice chooses green
    Then Alice's mana pool contains exactly {G}

  @cr:107.5
  Scenario: A tapped Llanowar Elves can't be tapped again
    Given Alice controls a tapped Llanowar Elves
    When Alice taps Llanowar Elves for mana
    Then the action is rejected for being already tapped or an unpayable cost
    And Alice's mana pool is empty

  @cr:107.5 @cr:302.6
  Scenario: Tapping a creature to pay a cost without {T} ignores summoning sickness
    Given Alice controls Springleaf Drum
    And Alice controls Llanowar Elves, which came under her control this turn
    When Alice taps Springleaf Drum for mana
    And Alice chooses blue
    Then Alice's mana pool contains exactly {U}
    And Llanowar Elves is tapped

  @cr:107.5 @cr:302.6
  Scenario: Llanowar Elves that came under Alice's control this turn still can't tap during Bob's turn
    Given Alice controls Llanowar Elves, which came under her control this turn
    And Bob has Swamp in his library
    When the game proceeds to Bob's upkeep
    And Bob passes priority
    And Alice taps Llanowar Elves for mana
    Then the action is rejected for summoning sickness or an illegal activation
    And Alice's mana pool is empty

  @cr:107.5 @cr:302.6
  Scenario: Llanowar Elves that came under Alice's control this turn can tap once her next turn begins
    Given Alice controls Llanowar Elves, which came under her control this turn
    And Bob has Swamp in his library
    When the game proceeds to Alice's upkeep
    And Alice taps Llanowar Elves for mana
    Then Alice's mana pool contains exactly {G}

  @cr:107.5 @cr:302.6 @cr:400.7
  Scenario: Llanowar Elves that left and came back this turn can't tap for mana
    Given Alice controls Llanowar Elves
    And Alice has Unsummon in her hand
    And Alice has {U}{G} in her mana pool
    When Alice casts Unsummon targeting Llanowar Elves
    And all players pass priority
    And Alice casts Llanowar Elves
    And all players pass priority
    And Alice taps Llanowar Elves for mana
    Then the action is rejected for summoning sickness or an illegal activation
    And Alice's mana pool is empty

  @cr:302.6 @cr:602.5a
  Scenario: A creature's ability without {T} or {Q} can be activated the turn it came under Alice's control
    Given Alice controls Blood Pet, which came under her control this turn
    When Alice activates Blood Pet's ability
    Then Alice's mana pool contains exactly {B}
    And Blood Pet is in Alice's graveyard

  @cr:107.5 @cr:302.6 @cr:602.5a
  Scenario: A land that came under Alice's control this turn and became a creature can't tap for mana
    Given Alice controls Forest, which came under her control this turn
    And Alice has Animate Land in her hand
    And Alice has {G} in her mana pool
    When Alice casts Animate Land targeting Forest
    And all players pass priority
    And Alice taps Forest for mana
    Then the action is rejected for summoning sickness or an illegal activation
    And Alice's mana pool is empty

  @cr:107.5
  Scenario: A tapped Blood Pet can still be sacrificed for mana
    Given Alice controls a tapped Blood Pet
    When Alice activates Blood Pet's ability
    Then Alice's mana pool contains exactly {B}
    And Blood Pet is in Alice's graveyard
