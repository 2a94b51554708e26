@rules
Feature: The cleanup step: discarding to maximum hand size, and damage and "until end of turn" ending
  As the cleanup step begins, the active player whose hand holds more than seven cards discards
  down to seven, choosing the cards (CR 514.1): one action, however many cards. The contract asks
  for the cards one at a time; an engine that asks for all of them at once answers so through its
  adapter, and may keep the cards chosen so far in her hand until the last answer. Then damage
  marked on permanents is removed and "until end of turn" effects end (CR 514.2). Normally no
  player receives priority in the cleanup step (CR 514.3), so the next turn begins, unless a
  state-based action was performed or an ability triggered: then the active player gets priority,
  and another cleanup step follows (CR 514.3a). No seed ruling is about these rules, but the
  reference engine implements them, so these scenarios pin them.

  Background:
    Given a game between Alice and Bob

  @cr:514.1 @cr:514.3
  Scenario: A player with nine cards in hand discards two cards of their choice in their cleanup step
    Given it is Alice's end step
    And Alice has Forest in her hand
    And Alice has Island in her hand
    And Alice has Swamp in her hand
    And Alice has Mountain in her hand
    And Alice has Plains in her hand
    And Alice has Wastes in her hand
    And Alice has Giant Growth in her hand
    And Alice has Unsummon in her hand
    And Alice has Murder in her hand
    When all players pass priority
    Then Alice must choose a card in her hand to discard
    When Alice chooses Giant Growth
    Then Alice must choose a card in her hand to discard
    When Alice chooses Murder
    Then Giant Growth is in Alice's graveyard
    And Murder is in Alice's graveyard
    And Alice has seven cards in her hand
    And it is Bob's upkeep of turn 4

  @cr:514.1 @cr:514.3
  Scenario: A player with eight cards in hand discards one card in their cleanup step
    Given it is Alice's end step
    And Alice has Forest in her hand
    And Alice has Island in her hand
    And Alice has Swamp in her hand
    And Alice has Mountain in her hand
    And Alice has Plains in her hand
    And Alice has Wastes in her hand
    And Alice has Giant Growth in her hand
    And Alice has Unsummon in her hand
    When all players pass priority
    Then Alice must choose a card in her hand to discard
    When Alice chooses Unsummon
    Then Unsummon is in Alice's graveyard
    And Alice has seven cards in her hand
    And it is Bob's upkeep of turn 4

  @cr:514.1 @cr:514.3
  Scenario: A player with seven cards in hand discards nothing in their cleanup step
    Given it is Alice's end step
    And Alice has Forest in her hand
    And Alice has Island in her hand
    And Alice has Swamp in her hand
    And Alice has Mountain in her hand
    And Alice has Plains in her hand
    And Alice has Wastes in her hand
    And Alice has Giant Growth in her hand
    When all players pass priority
    Then no player is asked to choose anything
    And Alice has seven cards in her hand
    And it is Bob's upkeep of turn 4

  @cr:514.1
  Scenario: The player who isn't active doesn't discard in the active player's cleanup step
    Given it is Alice's end step
    And Alice has Forest in her hand
    And Bob has Forest in his hand
    And Bob has Island in his hand
    And Bob has Swamp in his hand
    And Bob has Mountain in his hand
    And Bob has Plains in his hand
    And Bob has Wastes in his hand
    And Bob has Giant Growth in his hand
    And Bob has Unsummon in his hand
    When all players pass priority
    Then no player is asked to choose anything
    And Bob has eight cards in his hand
    And Alice has one card in her hand
    And it is Bob's upkeep of turn 4

  @cr:514.2 @cr:120.3e
  Scenario: Damage marked on a creature stays until the cleanup step, and is removed then
    Given it is Alice's precombat main phase
    And Alice controls Grizzly Bears with three +1/+1 counters on it
    And Alice has Flame Slash in her hand
    And Alice has {R} in her mana pool
    When Alice casts Flame Slash targeting Grizzly Bears
    And all players pass priority
    And the game proceeds to Alice's end step
    Then Grizzly Bears has 4 damage marked on it
    When the game proceeds to Bob's upkeep
    Then Grizzly Bears has no damage marked on it
    And Grizzly Bears is on the battlefield

  @cr:514.2 @cr:611.2a
  Scenario: An "until end of turn" effect lasts through the end step and ends in the cleanup step
    Given it is Alice's precombat main phase
    And Alice controls Grizzly Bears
    And Alice has Giant Growth in her hand
    And Alice has {G} in her mana pool
    When Alice casts Giant Growth targeting Grizzly Bears
    And all players pass priority
    And the game proceeds to Alice's end step
    Then Grizzly Bears is a 5/5 creature
    When the game proceeds to Bob's upkeep
    Then Grizzly Bears is a 2/2 creature

  @cr:514.2 @cr:120.3e @cr:704.5g
  Scenario: Damage and a pump end together in the cleanup step, so the creature survives
    # Review, 2026-12-04: 514.2's two actions happen simultaneously; an engine that ends Giant
    # Growth's effect, checks state-based actions and only then removes the damage destroys the
    # 2/2 with 4 damage marked on it.
    Given it is Alice's precombat main phase
    And Alice controls Grizzly Bears
    And Alice has Giant Growth in her hand
    And Alice has Flame Slash in her hand
    And Alice has {G}{R} in her mana pool
    When Alice casts Giant Growth targeting Grizzly Bears
    And all players pass priority
    And Alice casts Flame Slash targeting Grizzly Bears
    And all players pass priority
    Then Grizzly Bears has 4 damage marked on it
    And Grizzly Bears is a 5/5 creature
    When the game proceeds to Bob's upkeep
    Then Grizzly Bears is on the battlefield
    And Grizzly Bears has no damage marked on it
    And Grizzly Bears is a 2/2 creature

  @cr:514.2 @cr:514.1 @cr:120.3e
  Scenario: Damage is removed in the cleanup step even when the active player discards to hand size
    # wingedsheep/argentum-engine pull request #1014: the discard to maximum hand size returned before
    # the cleanup step's other turn-based actions, so marked damage stayed into the next turn when
    # the active player had discarded; 514.2 removes it once the discard is done.
    Given it is Alice's precombat main phase
    And Alice controls Grizzly Bears with three +1/+1 counters on it
    And Alice has Flame Slash in her hand
    And Alice has Forest in her hand
    And Alice has Island in her hand
    And Alice has Swamp in her hand
    And Alice has Mountain in her hand
    And Alice has Plains in her hand
    And Alice has Wastes in her hand
    And Alice has Giant Growth in her hand
    And Alice has Unsummon in her hand
    And Alice has {R} in her mana pool
    When Alice casts Flame Slash targeting Grizzly Bears
    And all players pass priority
    And the game proceeds to Alice's end step
    Then Grizzly Bears has 4 damage marked on it
    When all players pass priority
    Then Alice must choose a card in her hand to discard
    When Alice chooses Unsummon
    Then Unsummon is in Alice's graveyard
    And Alice has seven cards in her hand
    And it is Bob's upkeep of turn 4
    And Grizzly Bears has no damage marked on it

  @cr:514.3a @cr:704.3 @cr:704.5m @needs:state-based-actions
  Scenario: A state-based action in the cleanup step gives the active player priority, and another cleanup step follows
    # Review, 2026-12-04: 514.3 says "normally" no player receives priority; Animate Land's effect
    # ends in the cleanup step, Holy Strength is attached to a land that isn't a creature, and the
    # state-based action it causes gives Alice priority there (514.3a), not in Bob's upkeep.
    Given it is Alice's precombat main phase
    And Alice controls Forest
    And Alice has Animate Land in her hand
    And Alice has Holy Strength in her hand
    And Alice has {G}{W} in her mana pool
    When Alice casts Animate Land targeting Forest
    And all players pass priority
    And Alice casts Holy Strength targeting Forest
    And all players pass priority
    And the game proceeds to Alice's end step
    And all players pass priority
    Then it is Alice's cleanup step of turn 3
    And Alice has priority
    And Forest is not a creature
    And Holy Strength is in Alice's graveyard
    When all players pass priority
    Then it is Bob's upkeep of turn 4
