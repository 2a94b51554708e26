@ruling:mana.tap-for-mana
Feature: Tapping a permanent for mana
  Ruling: to "tap [a permanent] for mana" is to activate a mana ability of that
  permanent that includes {T} in its activation cost. (CR 106.12, 605.1a)

  Background:
    Given a game between Alice and Bob
    And it is Alice's precombat main phase

  @cr:106.12 @cr:605.1a
  Scenario: Mana Reflection doubles the mana of a creature tapped for mana
    Given Alice controls Llanowar Elves
    And Alice controls Mana Reflection
    When Alice taps Llanowar Elves for mana
    Then Alice's mana pool contains exactly {G}{G}

  @cr:106.12 @cr:605.1a
  Scenario: Sacrificing Blood Pet for mana is not tapping it for mana
    Given Alice controls Blood Pet
    And Alice controls Mana Reflection
    When Alice activates Blood Pet's ability
    Then Alice's mana pool contains exactly {B}
    And Blood Pet is in Alice's graveyard

  @ruling:symbol.untap @cr:106.12 @cr:107.6
  Scenario: Untapping Pili-Pala for mana is not tapping it for mana
    Given Alice controls a tapped Pili-Pala
    And Alice controls Mana Reflection
    And Alice has {C}{C} in her mana pool
    When Alice activates Pili-Pala's ability
    And Alice chooses green
    Then Alice's mana pool contains exactly {G}

  @cr:106.12 @cr:605.1a
  Scenario: Springleaf Drum is tapped for mana; the creature tapped to pay its cost is not
    Given Alice controls Springleaf Drum
    And Alice controls Llanowar Elves
    And Alice controls Mana Reflection
    When Alice taps Springleaf Drum for mana
    And Alice chooses red
    Then Alice's mana pool contains exactly {R}{R}
    And Llanowar Elves is tapped

  @ruling:mana.tapped-for-mana-trigger @cr:106.12 @cr:106.12a
  Scenario: Vernal Bloom adds green whenever a Forest is tapped for mana
    Given Alice controls Forest
    And Alice controls Vernal Bloom
    When Alice taps Forest for mana
    Then Alice's mana pool contains exactly {G}{G}
