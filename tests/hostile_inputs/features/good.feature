@ruling:symbol.tap
Feature: good
  @cr:107.5
  Scenario: elves tap for green
    Given a game between Alice and Bob
    And it is Alice's precombat main phase
    And Alice controls Llanowar Elves
    When Alice taps Llanowar Elves for mana
    Then Alice's mana pool contains exactly {G}
