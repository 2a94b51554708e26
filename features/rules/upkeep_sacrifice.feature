@rules
Feature: An upkeep trigger that sacrifices its source unless its controller sacrifices a creature
  Contamination: "At the beginning of your upkeep, sacrifice this enchantment unless you
  sacrifice a creature." It triggers at the beginning of its controller's upkeep only (503.1a,
  603.2). As it resolves, its controller may sacrifice a creature they control; if they don't,
  they sacrifice Contamination (118.12a), and only a permanent they control can be sacrificed
  (701.21a). If Contamination has left the battlefield by then, there is nothing left to keep
  or to sacrifice (400.7), but its controller may still sacrifice a creature (118.12; Gatherer
  ruling on Peacekeeper, 2008-04-01: "you may still perform the action if you want"). No seed
  ruling is about these rules, but the reference engine implements them, so these scenarios pin
  them.

  Background:
    Given a game between Alice and Bob
    And it is Bob's end step of turn 2

  @cr:503.1a @cr:603.2 @cr:118.12a @cr:701.21a
  Scenario: At the beginning of her upkeep Alice keeps Contamination by sacrificing the creature she chooses
    Given Alice controls Contamination
    And Alice controls Grizzly Bears
    And Alice controls Llanowar Elves
    And Alice controls Forest
    And Bob controls Ornithopter
    When the game proceeds to Alice's upkeep
    Then Contamination's triggered ability is on the stack
    When all players pass priority
    Then Alice must choose which permanent to sacrifice among Contamination, Grizzly Bears and Llanowar Elves
    When Alice chooses Grizzly Bears
    Then Grizzly Bears is in Alice's graveyard
    And Grizzly Bears is not on the battlefield
    And Contamination is on the battlefield
    And Llanowar Elves is on the battlefield
    And Forest is on the battlefield
    And Ornithopter is on the battlefield
    And the stack is empty

  @cr:118.12a @cr:701.21a
  Scenario: Alice may sacrifice Contamination instead of a creature
    Given Alice controls Contamination
    And Alice controls Grizzly Bears
    When the game proceeds to Alice's upkeep
    And all players pass priority
    Then Alice must choose which permanent to sacrifice among Contamination and Grizzly Bears
    When Alice chooses Contamination
    Then Contamination is in Alice's graveyard
    And Contamination is not on the battlefield
    And Grizzly Bears is on the battlefield

  @cr:118.12a @cr:701.21a
  Scenario: With no creature to sacrifice, Alice sacrifices Contamination
    Given Alice controls Contamination
    And Alice controls Forest
    And Bob controls Grizzly Bears
    When the game proceeds to Alice's upkeep
    And all players pass priority
    And Alice chooses Contamination
    Then Contamination is in Alice's graveyard
    And Forest is on the battlefield
    And Grizzly Bears is on the battlefield
    And no player is asked to choose anything

  @cr:503.1a @cr:603.2
  Scenario: Contamination does not trigger at the beginning of an opponent's upkeep
    Given it is Alice's end step
    And Alice controls Contamination
    And Alice controls Grizzly Bears
    When the game proceeds to Bob's upkeep
    Then the stack is empty
    And no player is asked to choose anything
    And Contamination is on the battlefield
    And Grizzly Bears is on the battlefield

  @cr:400.7 @cr:118.12 @cr:118.12a @cr:701.21a
  Scenario: With Contamination destroyed before its upkeep trigger resolves, Alice may still sacrifice a creature
    Given Alice controls Contamination
    And Alice controls Grizzly Bears
    And Alice controls Llanowar Elves
    And Alice controls Springleaf Drum
    And Alice has Disenchant in her hand
    When the game proceeds to Alice's upkeep
    And Alice taps Llanowar Elves for mana
    And Alice taps Springleaf Drum for mana
    And Alice chooses white
    And Alice casts Disenchant targeting Contamination
    And all players pass priority
    Then Contamination is in Alice's graveyard
    And Contamination's triggered ability is on the stack
    When all players pass priority
    Then Alice may sacrifice Grizzly Bears or Llanowar Elves, or nothing
    When Alice chooses Grizzly Bears
    Then Grizzly Bears is in Alice's graveyard
    And Llanowar Elves is on the battlefield
    And Contamination is in Alice's graveyard
    And the stack is empty
    And no player is asked to choose anything

  @cr:400.7 @cr:118.12 @cr:118.12a @cr:701.21a
  Scenario: With Contamination destroyed before its upkeep trigger resolves, Alice may sacrifice nothing
    Given Alice controls Contamination
    And Alice controls Grizzly Bears
    And Alice controls Llanowar Elves
    And Alice controls Springleaf Drum
    And Alice has Disenchant in her hand
    When the game proceeds to Alice's upkeep
    And Alice taps Llanowar Elves for mana
    And Alice taps Springleaf Drum for mana
    And Alice chooses white
    And Alice casts Disenchant targeting Contamination
    And all players pass priority
    And all players pass priority
    Then Alice may sacrifice Grizzly Bears or Llanowar Elves, or nothing
    When Alice chooses not to sacrifice a creature
    Then the stack is empty
    And no player is asked to choose anything
    And Grizzly Bears is on the battlefield
    And Llanowar Elves is on the battlefield
    And Springleaf Drum is on the battlefield
