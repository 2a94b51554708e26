@ruling:symbol.tap
Feature: broken
  @cr:107.5
  Scenario: x
    Given a game between Alice and Bob
      """
      never closed
