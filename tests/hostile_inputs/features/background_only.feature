@ruling:symbol.tap
Feature: only background
  Background:
    Given a game between Alice and Bob
  @cr:107.5
  Scenario: nothing of its own
