@ruling:orchard.no-colorless
Feature: Exotic Orchard adds colors, never colorless
  Ruling (Exotic Orchard, 2009-02-01, from outside the seed documents): the colors of mana are
  white, blue, black, red and green; Exotic Orchard can't be tapped for colorless mana, even if a
  land an opponent controls could produce colorless mana. Colorless is a type of mana, not a color
  (CR 105.1, 106.1a, 106.1b); when no color can be defined, the ability produces no mana (106.5).
  This is the worked example of features/ADDING_A_RULING.md.

  Background:
    Given a game between Alice and Bob
    And it is Alice's precombat main phase

  @cr:105.1 @cr:106.1b @cr:106.5 @cr:106.7
  Scenario: Exotic Orchard facing only Wastes adds no mana
    Given Alice controls Exotic Orchard
    And Bob controls Wastes
    When Alice taps Exotic Orchard for mana
    Then Alice's mana pool is empty
    And Exotic Orchard is tapped

  @cr:105.1 @cr:106.5 @cr:106.7
  Scenario: Exotic Orchard facing only Wastes adds no mana, whatever its controller's own lands could produce
    # "A land an opponent controls": Alice's Forest is not one, so its green is not offered.
    Given Alice controls Exotic Orchard
    And Alice controls Forest
    And Bob controls Wastes
    When Alice taps Exotic Orchard for mana
    Then Alice's mana pool is empty
    And Exotic Orchard is tapped
    And no player is asked to choose anything

  @cr:105.1 @cr:106.1a @cr:106.7
  Scenario: A land that could produce colorless doesn't stop the colors of another
    Given Alice controls Exotic Orchard
    And Bob controls Wastes
    And Bob controls Forest
    When Alice taps Exotic Orchard for mana
    Then Alice must choose among {G}
    When Alice chooses green
    Then Alice's mana pool contains exactly {G}

  @cr:105.1 @cr:106.1a @cr:106.7
  Scenario: A land that could produce colorless and every color offers the five colors only
    # Shimmering Grotto: "{T}: Add {C}." and "{1}, {T}: Add one mana of any color."
    Given Alice controls Exotic Orchard
    And Bob controls Shimmering Grotto
    When Alice taps Exotic Orchard for mana
    Then Alice must choose among {W}, {U}, {B}, {R} and {G}
    When Alice chooses red
    Then Alice's mana pool contains exactly {R}

  @ruling:mana.could-produce @cr:105.1 @cr:106.7 @cr:106.12b
  Scenario: Wastes that Contamination makes produce black gives Exotic Orchard black
    # Wastes' own mana is colorless, but what it could produce is what its ability would produce
    # with the replacement effects applied: {B}, a color.
    Given Alice controls Exotic Orchard
    And Bob controls Wastes
    And Bob controls Contamination
    When Alice taps Exotic Orchard for mana
    Then Alice must choose among {B}
    When Alice chooses black
    Then Alice's mana pool contains exactly {B}

  @cr:106.1b @cr:106.7
  Scenario: Reflecting Pool, which reflects types rather than colors, adds the colorless of Wastes
    # The contrast: "any type" includes colorless (106.1b); only "any color" leaves it out.
    Given Alice controls Reflecting Pool
    And Alice controls Wastes
    When Alice taps Reflecting Pool for mana
    Then Alice's mana pool contains exactly {C}
