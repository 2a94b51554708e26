@rules
Feature: Mana added by a triggered mana ability is not mana a permanent produced by being tapped
  Vernal Bloom and Mana Flare add mana with a triggered mana ability when a land is tapped for
  mana (605.1b, 106.12a). That mana is added by the triggered ability, not produced by tapping a
  permanent, so Mana Reflection ("If you tap a permanent for mana, it produces twice as much of
  that mana instead") doubles only the land's own mana. No seed ruling is about these rules, but
  the reference engine implements them, so these scenarios pin them.

  Background:
    Given a game between Alice and Bob
    And it is Alice's precombat main phase

  @cr:605.1b @cr:106.12a @cr:614.1a
  Scenario: Mana Reflection doubles a Forest's mana but not Vernal Bloom's additional green
    Given Alice controls Forest
    And Alice controls Vernal Bloom
    And Alice controls Mana Reflection
    When Alice taps Forest for mana
    Then Alice's mana pool contains exactly {G}{G}{G}

  @cr:605.1b @cr:106.12a @cr:614.1a
  Scenario: Mana Reflection doubles a Forest's mana but not Mana Flare's additional mana
    Given Alice controls Forest
    And Alice controls Mana Flare
    And Alice controls Mana Reflection
    When Alice taps Forest for mana
    And Alice chooses green
    Then Alice's mana pool contains exactly {G}{G}{G}
