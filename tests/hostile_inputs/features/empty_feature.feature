@ruling:symbol.tap
Feature: a feature with no scenario
