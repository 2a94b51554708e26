@ruling:mana.undefined-type
Feature: Mana of an undefined type is no mana
  Ruling: "If an ability would produce one or more mana of an undefined type,
  it produces no mana instead." (CR 106.5)

  Background:
    Given a game between Alice and Bob
    And it is Alice's precombat main phase

  @cr:106.5 @cr:106.7
  Scenario: Exotic Orchard with no opposing lands adds no mana
    Given Alice controls Exotic Orchard
    And Bob controls no lands
    When Alice taps Exotic Orchard for mana
    Then Alice's mana pool is empty
    And no player is asked to choose anything
    And Exotic Orchard is tapped

  @cr:106.5 @cr:106.7
  Scenario: Reflecting Pool with no other land adds no mana
    Given Alice controls Reflecting Pool
    When Alice taps Reflecting Pool for mana
    Then Alice's mana pool is empty
    And Reflecting Pool is tapped

  @cr:106.5 @cr:106.7
  Scenario: Two Reflecting Pools define no type of mana for each other
    Given Alice controls two Reflecting Pools
    When Alice taps Reflecting Pool for mana
    Then Alice's mana pool is empty
    And no player is asked to choose anything

  @cr:106.5 @cr:106.7 @cr:105.1
  Scenario: Exotic Orchard facing only Wastes adds no mana, because colorless is not a color
    Given Alice controls Exotic Orchard
    And Bob controls Wastes
    When Alice taps Exotic Orchard for mana
    Then Alice's mana pool is empty

  @cr:106.5 @cr:106.7 @cr:106.1b
  Scenario: Reflecting Pool beside Wastes adds colorless mana, because colorless is a type
    Given Alice controls Reflecting Pool
    And Alice controls Wastes
    When Alice taps Reflecting Pool for mana
    Then Alice must choose among {C}
    When Alice chooses {C}
    Then Alice's mana pool contains exactly {C}

  @ruling:mana.tapped-for-mana-replacement @cr:106.5 @cr:106.12b
  Scenario: Contamination has no mana to turn into black when Exotic Orchard produces none
    Given Alice controls Exotic Orchard
    And Alice controls Contamination
    And Bob controls no lands
    When Alice taps Exotic Orchard for mana
    Then Alice's mana pool is empty

  @cr:106.5 @cr:106.7 @cr:105.1 @cr:106.12a
  Scenario: Exotic Orchard facing only Wastes asks nothing, adds nothing and triggers nothing
    Given Alice controls Exotic Orchard
    And Alice controls Manabarbs
    And Bob controls Wastes
    When Alice taps Exotic Orchard for mana
    Then no player is asked to choose anything
    And Alice's mana pool is empty
    And the stack is empty
    And Alice's life total is 20

  @cr:106.5 @cr:106.7
  Scenario: Exotic Orchard ignores its controller's own lands
    Given Alice controls Exotic Orchard
    And Alice controls Forest
    And Bob controls no lands
    When Alice taps Exotic Orchard for mana
    Then no player is asked to choose anything
    And Alice's mana pool is empty

  @cr:106.5 @cr:106.7
  Scenario: An opponent's mana creature is not a land Exotic Orchard reflects
    # Review, 2026-12-04: Exotic Orchard looks at "a land an opponent controls"; Bob's Llanowar
    # Elves could produce {G}, but it is no land, so no type is defined and the ability produces no
    # mana (106.5).
    Given Alice controls Exotic Orchard
    And Bob controls Llanowar Elves
    And Bob controls no lands
    When Alice taps Exotic Orchard for mana
    Then no player is asked to choose anything
    And Alice's mana pool is empty
    And Exotic Orchard is tapped

  @cr:106.5 @cr:106.7
  Scenario: Reflecting Pool doesn't reflect its controller's mana creature
    # Review, 2026-12-04: "a land you control": Alice's Llanowar Elves is not one.
    Given Alice controls Reflecting Pool
    And Alice controls Llanowar Elves
    When Alice taps Reflecting Pool for mana
    Then no player is asked to choose anything
    And Alice's mana pool is empty
