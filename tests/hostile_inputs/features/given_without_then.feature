@ruling:symbol.tap
Feature: no then
  @cr:107.5
  Scenario: only a given
    Given a game between Alice and Bob
