@ruling:symbol.tap
Feature: a Scenario Outline

  @cr:107.5
  Scenario Outline: elves tap for <colour>
    Given a game between Alice and Bob
    And it is Alice's precombat main phase
    And Alice controls Llanowar Elves
    When Alice taps Llanowar Elves for mana
    Then Alice's mana pool contains exactly <mana>

    Examples:
      | colour | mana |
      | green  | {G}  |
