@ruling:mana.tapped-for-mana-replacement
Feature: Replacement effects that apply when a permanent is tapped for mana
  Ruling: such an effect modifies the mana production event while the mana ability
  resolves and produces mana, or the specified type or amount of it. (CR 106.12b;
  with several, the affected player chooses the order, 616.1)

  Background:
    Given a game between Alice and Bob
    And it is Alice's precombat main phase

  @cr:106.12b @cr:614.1a
  Scenario: Contamination makes a Forest produce black
    Given Alice controls Forest
    And Alice controls Contamination
    When Alice taps Forest for mana
    Then Alice's mana pool contains exactly {B}

  @cr:106.12b @cr:616.1
  Scenario: Applying Contamination before Mana Reflection gives two black
    Given Alice controls Forest
    And Alice controls Contamination
    And Alice controls Mana Reflection
    When Alice taps Forest for mana
    Then Alice must choose among Contamination and Mana Reflection
    When Alice applies Contamination's replacement effect first
    Then Alice's mana pool contains exactly {B}{B}

  @cr:106.12b @cr:616.1
  Scenario: Applying Mana Reflection before Contamination gives one black
    Given Alice controls Forest
    And Alice controls Contamination
    And Alice controls Mana Reflection
    When Alice taps Forest for mana
    And Alice applies Mana Reflection's replacement effect first
    Then Alice's mana pool contains exactly {B}

  @cr:106.12b
  Scenario: Damping Sphere leaves a land tapped for one mana alone
    Given Alice controls Forest
    And Alice controls Damping Sphere
    When Alice taps Forest for mana
    Then Alice's mana pool contains exactly {G}

  @cr:106.12b @cr:616.1f @cr:616.2
  Scenario: Damping Sphere applies once Mana Reflection has made it two mana
    Given Alice controls Forest
    And Alice controls Damping Sphere
    And Alice controls Mana Reflection
    When Alice taps Forest for mana
    Then no player is asked to choose anything
    And Alice's mana pool contains exactly {C}

  @cr:106.12b
  Scenario: Mana Reflection doubles only its controller's mana
    Given Alice controls Forest
    And Bob controls Mana Reflection
    When Alice taps Forest for mana
    Then Alice's mana pool contains exactly {G}

  @cr:106.12b @cr:616.1 @cr:614.5
  Scenario: Two Mana Reflections each double the mana
    Given Alice controls Forest
    And Alice controls two Mana Reflections
    When Alice taps Forest for mana
    And Alice applies her replacement effects in any order
    Then Alice's mana pool contains exactly {G}{G}{G}{G}

  @cr:106.12b @cr:614.1a
  Scenario: Bob's Contamination makes Alice's Forest produce black
    Given Alice controls Forest
    And Bob controls Contamination
    When Alice taps Forest for mana
    Then Alice's mana pool contains exactly {B}

  @cr:106.12b @cr:616.1
  Scenario: Alice, whose Forest is tapped, orders Bob's Contamination and her Mana Reflection
    Given Alice controls Forest
    And Alice controls Mana Reflection
    And Bob controls Contamination
    When Alice taps Forest for mana
    Then Alice must choose among Contamination and Mana Reflection
    When Alice applies Contamination's replacement effect first
    Then Alice's mana pool contains exactly {B}{B}
