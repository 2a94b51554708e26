@ruling:mana.tapped-for-mana-trigger
Feature: Abilities that trigger when a permanent is tapped for mana
  Ruling: such an ability triggers when the mana ability resolves and produces
  mana, or the specified type of mana. (CR 106.12a) Triggering from a mana ability
  as it resolves, such an ability is itself a mana ability, resolving at once, only
  if it also has no target and could add mana, as Mana Flare's and Gauntlet of
  Power's do (605.1b, 605.4a); Manabarbs's adds none, so it uses the stack (603.3).

  Background:
    Given a game between Alice and Bob
    And it is Alice's precombat main phase

  @cr:106.12a @cr:603.3
  Scenario: Manabarbs triggers when a land is tapped for mana, and uses the stack
    Given Alice controls Forest
    And Alice controls Manabarbs
    When Alice taps Forest for mana
    Then Alice's mana pool contains exactly {G}
    And Manabarbs's triggered ability is on the stack
    When all players pass priority
    Then Alice's life total is 19

  @ruling:mana.undefined-type @cr:106.12a @cr:106.5
  Scenario: Manabarbs does not trigger when the land produced no mana
    Given Alice controls Exotic Orchard
    And Alice controls Manabarbs
    And Bob controls no lands
    When Alice taps Exotic Orchard for mana
    Then Exotic Orchard is tapped
    And Alice's mana pool is empty
    And the stack is empty
    And Alice's life total is 20

  @cr:106.12a @cr:605.1b @cr:605.4a
  Scenario: Mana Flare adds one more mana of a type the land produced, at once
    Given Alice controls Forest
    And Alice controls Mana Flare
    When Alice taps Forest for mana
    Then Alice must choose among {G}
    When Alice chooses green
    Then Alice's mana pool contains exactly {G}{G}
    And the stack is empty

  @cr:106.12a @cr:605.1b
  Scenario: Gauntlet of Power adds mana when a basic land is tapped for the chosen color
    Given Alice controls Forest
    And Alice controls Gauntlet of Power with green chosen
    When Alice taps Forest for mana
    Then Alice's mana pool contains exactly {G}{G}

  @ruling:mana.tapped-for-mana-replacement @cr:106.12a @cr:106.12b
  Scenario: Gauntlet of Power does not trigger when Contamination makes the Forest produce black
    Given Alice controls Forest
    And Alice controls Gauntlet of Power with green chosen
    And Alice controls Contamination
    When Alice taps Forest for mana
    Then Alice's mana pool contains exactly {B}

  @ruling:mana.tapped-for-mana-replacement @cr:106.12a @cr:106.12b @cr:605.1b
  Scenario: Mana Flare adds the black a Forest produced under Contamination
    # Review, 2026-12-04: "any type that land produced" is the mana of the production event as
    # Contamination modified it (106.12b), {B}, not the {G} the Forest's ability would have made.
    Given Alice controls Forest
    And Alice controls Contamination
    And Alice controls Mana Flare
    When Alice taps Forest for mana
    Then Alice must choose among {B}
    When Alice chooses black
    Then Alice's mana pool contains exactly {B}{B}

  @ruling:mana.tapped-for-mana-replacement @cr:106.12a @cr:106.12b
  Scenario: Vernal Bloom triggers on a Forest tapped for mana of any type
    Given Alice controls Forest
    And Alice controls Vernal Bloom
    And Alice controls Contamination
    When Alice taps Forest for mana
    Then Alice's mana pool contains exactly {B}{G}

  @cr:106.12a
  Scenario: Gauntlet of Power ignores a creature tapped for mana of the chosen color
    Given Alice controls Llanowar Elves
    And Alice controls Gauntlet of Power with green chosen
    When Alice taps Llanowar Elves for mana
    Then Alice's mana pool contains exactly {G}

  @cr:106.12a @cr:603.3
  Scenario: Bob's Manabarbs damages Alice, who tapped the land
    Given Alice controls Forest
    And Bob controls Manabarbs
    When Alice taps Forest for mana
    Then Manabarbs's triggered ability is on the stack
    When all players pass priority
    Then Alice's life total is 19
    And Bob's life total is 20

  @cr:106.12a @cr:605.1b @cr:605.4a
  Scenario: Bob's Mana Flare gives the extra mana to Alice, who tapped the land
    Given Alice controls Forest
    And Bob controls Mana Flare
    When Alice taps Forest for mana
    Then Alice must choose among {G}
    When Alice chooses green
    Then Alice's mana pool contains exactly {G}{G}
    And Bob's mana pool is empty

  @cr:106.12a @cr:605.1b @cr:605.4a
  Scenario: Bob's Gauntlet of Power gives the extra mana to Alice, who controls the Forest
    Given Alice controls Forest
    And Bob controls Gauntlet of Power with green chosen
    When Alice taps Forest for mana
    Then Alice's mana pool contains exactly {G}{G}
    And Bob's mana pool is empty

  @cr:106.12a @cr:605.1b @cr:605.4a
  Scenario: Bob's Vernal Bloom gives the additional green to Alice, who controls the Forest
    # Review, 2026-12-04: "Whenever a Forest is tapped for mana, its controller adds an additional
    # {G}": "its" is the Forest, so the mana goes to Alice, not to Vernal Bloom's controller.
    Given Alice controls Forest
    And Bob controls Vernal Bloom
    When Alice taps Forest for mana
    Then Alice's mana pool contains exactly {G}{G}
    And Bob's mana pool is empty

  @cr:106.12a @cr:605.1b @cr:605.4a
  Scenario: Mana Flare adds only the type the land produced, not every type it could produce
    Given Alice controls Shimmering Grotto
    And Alice controls Mana Flare
    When Alice taps Shimmering Grotto for mana
    Then Alice must choose among {C}
    When Alice chooses {C}
    Then Alice's mana pool contains exactly {C}{C}
