@ruling:mana.could-produce
Feature: The types of mana a permanent could produce
  Ruling: what a permanent "could produce" is what its mana abilities would
  produce if they resolved now, with replacement effects applied in any possible
  order, ignoring whether their costs could be paid. (CR 106.7)

  Background:
    Given a game between Alice and Bob
    And it is Alice's precombat main phase

  @cr:106.7
  Scenario: Exotic Orchard reflects the color of an opponent's Forest
    Given Alice controls Exotic Orchard
    And Bob controls Forest
    When Alice taps Exotic Orchard for mana
    Then Alice must choose among {G}
    When Alice chooses green
    Then Alice's mana pool contains exactly {G}

  @cr:106.7
  Scenario: A tapped land still counts, because costs are ignored
    Given Alice controls Exotic Orchard
    And Bob controls a tapped Forest
    And Bob controls a tapped Island
    When Alice taps Exotic Orchard for mana
    Then Alice must choose among {G} and {U}

  @cr:106.7
  Scenario: A land's mana ability with a mana cost counts even when nobody could pay it
    Given Alice controls Exotic Orchard
    And Bob controls a tapped Shimmering Grotto
    When Alice taps Exotic Orchard for mana
    Then Alice must choose among {W}, {U}, {B}, {R} and {G}

  @cr:106.7 @cr:106.12b
  Scenario: Contamination changes what an opponent's Forest could produce
    Given Alice controls Fellwar Stone
    And Bob controls Forest
    And Bob controls Contamination
    When Alice taps Fellwar Stone for mana
    Then Alice must choose among {B}
    When Alice chooses black
    Then Alice's mana pool contains exactly {B}

  @cr:106.7 @cr:106.3 @cr:106.12a
  Scenario: Vernal Bloom's additional green is not mana an opponent's Forest could produce
    # Review, 2026-12-04: 106.7 counts what an ability of the Forest would produce, {B} under
    # Contamination; the {G} Vernal Bloom adds when the Forest is tapped is produced by Vernal
    # Bloom's triggered ability, whose source is Vernal Bloom (106.3), not by the Forest.
    Given Alice controls Fellwar Stone
    And Bob controls Forest
    And Bob controls Contamination
    And Bob controls Vernal Bloom
    When Alice taps Fellwar Stone for mana
    Then Alice must choose among {B}
    When Alice chooses black
    Then Alice's mana pool contains exactly {B}

  @cr:106.7 @cr:616.1 @cr:616.1f @cr:616.2
  Scenario: Replacement effects are applied in every possible order
    # Bob's Forest, tapped by Bob, could give {C} (Contamination, then Mana Reflection,
    # then Damping Sphere) or {B} (Mana Reflection first). Only {B} is a color.
    Given Alice controls Fellwar Stone
    And Alice controls Contamination
    And Bob controls Forest
    And Bob controls Mana Reflection
    And Bob controls Damping Sphere
    When Alice taps Fellwar Stone for mana
    Then Alice must choose among {B}
    When Alice chooses black
    Then Alice's mana pool contains exactly {B}

  @cr:106.7 @cr:616.1
  Scenario: Reflecting Pool may reflect every type its controller's land could produce in some order
    Given Alice controls Reflecting Pool
    And Alice controls Forest
    And Alice controls Contamination
    And Alice controls Mana Reflection
    And Alice controls Damping Sphere
    When Alice taps Reflecting Pool for mana
    Then Alice must choose among {B} and {C}

  @cr:106.7
  Scenario: Reflecting Pool reflects its controller's lands, not an opponent's
    Given Alice controls Reflecting Pool
    And Bob controls Forest
    When Alice taps Reflecting Pool for mana
    Then Alice's mana pool is empty

  @cr:106.7 @cr:106.12b
  Scenario: Alice's Contamination changes what Bob's Forest could produce
    Given Alice controls Fellwar Stone
    And Alice controls Contamination
    And Bob controls Forest
    When Alice taps Fellwar Stone for mana
    Then Alice must choose among {B}
    When Alice chooses black
    Then Alice's mana pool contains exactly {B}

  @cr:106.7
  Scenario: Exotic Orchard adds one mana however many lands the opponent controls
    Given Alice controls Exotic Orchard
    And Bob controls two Forests
    When Alice taps Exotic Orchard for mana
    Then Alice must choose among {G}
    When Alice chooses green
    Then Alice's mana pool contains exactly {G}

  @ruling:orchard.no-colorless @cr:106.7 @cr:105.1
  Scenario: Fellwar Stone facing a Forest and Wastes offers green only
    Given Alice controls Fellwar Stone
    And Bob controls Forest
    And Bob controls Wastes
    When Alice taps Fellwar Stone for mana
    Then Alice must choose among {G}
    When Alice chooses green
    Then Alice's mana pool contains exactly {G}

  @ruling:mana.undefined-type @cr:106.7 @cr:106.5
  Scenario: Reflecting Pool beside a Forest offers green only
    Given Alice controls Reflecting Pool
    And Alice controls Forest
    When Alice taps Reflecting Pool for mana
    Then Alice must choose among {G}
    When Alice chooses green
    Then Alice's mana pool contains exactly {G}

  @cr:106.7
  Scenario: Reflecting Pool reflects what its controller's Exotic Orchard could produce
    # Review, 2026-12-04: Exotic Orchard's ability would produce {G} if it resolved now (Bob's
    # Forest), so {G} is a type it could produce; a land that reflects others defines no type only
    # when nothing outside the circle does (undefined_type.feature, two Reflecting Pools).
    Given Alice controls Reflecting Pool
    And Alice controls Exotic Orchard
    And Bob controls Forest
    When Alice taps Reflecting Pool for mana
    Then Alice must choose among {G}
    When Alice chooses green
    Then Alice's mana pool contains exactly {G}

  @cr:106.7
  Scenario: Exotic Orchard reflects an opponent's Exotic Orchard, which reflects Alice's Forest
    # Review, 2026-12-04: Bob's Exotic Orchard would produce {G} if it resolved now, reflecting
    # Alice's Forest; Alice's own Exotic Orchard, which it reflects too, adds no type to that.
    Given Alice controls Exotic Orchard
    And Alice controls Forest
    And Bob controls Exotic Orchard
    When Alice taps Exotic Orchard for mana
    Then Alice must choose among {G}
    When Alice chooses green
    Then Alice's mana pool contains exactly {G}

  @cr:106.7 @cr:106.12b @cr:616.2
  Scenario: Alice's Mana Reflection doesn't change what Bob's Forest could produce
    # Bob's Forest would produce {G} if Bob tapped it: Alice's Mana Reflection applies only when
    # Alice taps a permanent, so Damping Sphere never sees two mana there. It does double the {G}
    # of Alice's Fellwar Stone, which is not a land.
    Given Alice controls Fellwar Stone
    And Alice controls Mana Reflection
    And Alice controls Damping Sphere
    And Bob controls Forest
    When Alice taps Fellwar Stone for mana
    Then Alice must choose among {G}
    When Alice chooses green
    Then Alice's mana pool contains exactly {G}{G}
