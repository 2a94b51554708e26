@rules
Feature: Playing a land: a special action, once a turn, in a main phase with an empty stack
  A player who has priority may play a land card from their hand during a main phase of their turn
  when the stack is empty; playing a land is a special action that doesn't use the stack, and the
  land is never a spell (CR 305.1, 116.2a, 505.6b). A player can normally play one land during
  their turn (CR 305.2, 305.2a), never during another player's turn (CR 305.3). After a special
  action, the player who took it receives priority again (CR 117.3c). No seed ruling is about these
  rules, but the reference engine implements them, so these scenarios pin them, each beside the
  legal case.

  Background:
    Given a game between Alice and Bob
    And it is Alice's precombat main phase

  @cr:305.1 @cr:116.2a @cr:110.5b
  Scenario: A land played from hand is put onto the battlefield untapped
    Given Alice has Forest in her hand
    When Alice plays Forest
    Then Forest is on the battlefield
    And Forest is untapped
    And Alice has no cards in her hand

  @cr:305.1 @cr:116.2a @cr:117.3c
  Scenario: Playing a land doesn't use the stack and the player keeps priority
    Given Alice has Forest in her hand
    When Alice plays Forest
    Then the stack is empty
    And Alice has priority
    And it is Alice's precombat main phase

  @cr:305.1 @cr:305.6 @cr:605.3a
  Scenario: A land played this turn can be tapped for mana at once
    Given Alice has Forest in her hand
    When Alice plays Forest
    And Alice taps Forest for mana
    Then Alice's mana pool contains exactly {G}
    And Forest is tapped

  @cr:305.1 @cr:601.2h
  Scenario: A land played and tapped pays for a creature spell the same turn
    Given Alice controls Forest
    And Alice has Forest in her hand
    And Alice has Grizzly Bears in her hand
    When Alice plays Forest
    And Alice taps Forest for mana
    And Alice taps Forest for mana
    And Alice casts Grizzly Bears
    Then Grizzly Bears is on the stack
    And Alice's mana pool is empty

  @cr:305.2 @cr:305.2b
  Scenario: A second land can't be played the same turn
    Given Alice has Forest in her hand
    And Alice has Island in her hand
    When Alice plays Forest
    And Alice plays Island
    Then the action is rejected for an illegal land play
    And Island is in Alice's hand

  @cr:305.2 @cr:305.2a
  Scenario: A land played in the precombat main phase uses up the postcombat main phase's play too
    Given Alice has Forest in her hand
    And Alice has Island in her hand
    When Alice plays Forest
    And the game proceeds to Alice's postcombat main phase
    And Alice plays Island
    Then the action is rejected for an illegal land play
    And Island is in Alice's hand

  @cr:505.6b @cr:305.1
  Scenario: A land can be played in the postcombat main phase
    Given it is Alice's postcombat main phase
    And Alice has Forest in her hand
    When Alice plays Forest
    Then Forest is on the battlefield

  @cr:305.2 @cr:305.2a
  Scenario: A land can be played again in the player's next turn
    Given Alice has Forest in her hand
    And Alice has Island in her hand
    And Alice has Plains in her library
    And Bob has Swamp in his library
    When Alice plays Forest
    And the game proceeds to Bob's upkeep
    And the game proceeds to Alice's precombat main phase
    And Alice plays Island
    Then Island is on the battlefield
    And Forest is on the battlefield

  @cr:305.3 @cr:116.2a
  Scenario: A player can't play a land during another player's turn, even holding priority
    Given it is Bob's precombat main phase
    And Alice has Forest in her hand
    When Bob passes priority
    And Alice plays Forest
    Then the action is rejected for timing
    And Forest is in Alice's hand

  @cr:305.1 @cr:116.2a
  Scenario: A land can't be played while a spell is on the stack
    Given Alice has Grizzly Bears in her hand
    And Alice has Forest in her hand
    And Alice has {G}{G} in her mana pool
    When Alice casts Grizzly Bears
    And Alice plays Forest
    Then the action is rejected for timing
    And Forest is in Alice's hand
    And Grizzly Bears is on the stack

  @cr:305.1 @cr:116.2a @cr:405.1
  Scenario: A land can't be played while an activated ability is on the stack
    # "When the stack is empty": an ability on the stack counts as much as a spell (405.1).
    Given Alice controls Bonesplitter
    And Alice controls Grizzly Bears
    And Alice has Forest in her hand
    And Alice has {C} in her mana pool
    When Alice activates Bonesplitter's ability targeting Grizzly Bears
    And Alice plays Forest
    Then the action is rejected for timing
    And Forest is in Alice's hand
    When all players pass priority
    And Alice plays Forest
    Then Bonesplitter is attached to Grizzly Bears
    And Forest is on the battlefield

  @cr:305.1 @cr:116.2a
  Scenario: A land can be played once the spell on the stack has resolved
    Given Alice has Grizzly Bears in her hand
    And Alice has Forest in her hand
    And Alice has {G}{G} in her mana pool
    When Alice casts Grizzly Bears
    And all players pass priority
    And Alice plays Forest
    Then Forest is on the battlefield
    And Grizzly Bears is on the battlefield

  @cr:305.1 @cr:505.6b
  Scenario: A land can't be played in the beginning of combat step
    Given it is Alice's beginning of combat step
    And Alice has Forest in her hand
    When Alice plays Forest
    Then the action is rejected for timing
    And Forest is in Alice's hand

  @cr:305.1 @cr:505.6b
  Scenario: A land can't be played in the upkeep
    Given it is Alice's upkeep
    And Alice has Forest in her hand
    When Alice plays Forest
    Then the action is rejected for timing

  @cr:305.1
  Scenario: A card that isn't a land can't be played as a land
    Given Alice has Grizzly Bears in her hand
    When Alice plays Grizzly Bears
    Then the action is rejected for an illegal land play
    And Grizzly Bears is in Alice's hand

  @cr:305.1
  Scenario: A land card in the graveyard can't be played
    Given Alice has Forest in her graveyard
    When Alice tries to play Forest from her graveyard
    Then the action is rejected for an illegal land play
    And Forest is in Alice's graveyard

  @cr:305.1
  Scenario: A land card in another player's hand can't be played
    Given Bob has Island in his hand
    When Alice tries to play Island from Bob's hand
    Then the action is rejected for an illegal land play
    And Island is in Bob's hand

  @cr:305.1 @cr:116.2a @cr:117.3d
  Scenario: A land can't be played in the player's own main phase once they have passed priority
    # Alice's own turn, main phase, empty stack, no land played yet: only priority is missing.
    Given Alice has Forest in her hand
    When Alice passes priority
    And Alice plays Forest
    Then the action is rejected for not having priority
    And Forest is in Alice's hand
    And Bob has priority

  @cr:305.1 @cr:601.2f @cr:116.2a
  Scenario: A land played is not a spell cast: a cost increase per spell cast this turn ignores it
    Given Alice controls Damping Sphere
    And Alice has Forest in her hand
    And Alice has Grizzly Bears in her hand
    And Alice has {G}{G} in her mana pool
    When Alice plays Forest
    And Alice casts Grizzly Bears
    Then Grizzly Bears is on the stack
    And Alice's mana pool is empty
