@rules
Feature: The turn structure: drawing, skipping combat steps, leaving combat, and a new turn
  The active player draws a card as the draw step begins (CR 504.1); the player who plays first
  skips the draw step of their first turn (CR 103.8a). With no attacker declared, the declare
  blockers and combat damage steps are skipped (CR 508.8). Creatures are removed from combat as the end of combat
  step ends (CR 511.3), so an attacker of one turn deals no damage in the next. What counts
  "this turn" starts again with each turn: Damping Sphere counts only the spells a player cast
  this turn, that player's own (CR 601.2f). No seed ruling is about these rules, but the reference engine
  implements them, so these scenarios pin them.

  Background:
    Given a game between Alice and Bob

  @cr:103.8a
  Scenario: The player who plays first skips the draw step of their first turn
    Given it is Alice's upkeep of turn 1
    And Alice has Forest in her library
    When all players pass priority
    Then it is Alice's precombat main phase of turn 1
    And Alice has no cards in her hand
    And Forest is in Alice's library

  @cr:504.1
  Scenario: The other player draws in the draw step of their first turn
    Given it is Bob's upkeep of turn 2
    And Bob has Forest in his library
    When the game proceeds to Bob's draw step
    Then Bob has one card in his hand
    And Forest is in Bob's hand

  @cr:508.8 @cr:508.2 @cr:511.1
  Scenario: With no attackers declared, the declare blockers and combat damage steps are skipped
    Given it is Alice's precombat main phase
    And Alice controls Grizzly Bears
    When the game proceeds to Alice's declare attackers step
    And Alice declares no attackers
    Then it is Alice's declare attackers step of turn 3
    And Alice has priority
    When all players pass priority
    Then it is Alice's end of combat step of turn 3
    And Alice has priority

  @cr:500.1 @cr:506.1 @cr:508.1
  Scenario: The declare attackers step happens even when no creature can attack
    Given it is Alice's precombat main phase
    And Alice controls a tapped Grizzly Bears
    When the game proceeds to Alice's declare attackers step
    Then it is Alice's declare attackers step of turn 3
    When Alice declares no attackers
    Then Alice has priority

  @cr:508.8
  Scenario: With an attacker declared, the declare blockers step follows the declare attackers step
    Given it is Alice's precombat main phase
    And Alice controls Grizzly Bears
    When the game proceeds to Alice's declare attackers step
    And Alice declares Grizzly Bears as an attacker
    And all players pass priority
    Then it is Alice's declare blockers step of turn 3

  @cr:508.8 @cr:506.1 @cr:506.4
  Scenario: The declare blockers and combat damage steps happen even when the only declared attacker has left combat
    # Review, 2026-12-04: 508.8 skips these steps when no creature was declared as an attacker, not
    # when none is attacking as the declare attackers step ends; Grizzly Bears was declared.
    Given it is Alice's precombat main phase
    And Alice controls Grizzly Bears
    And Bob controls Island
    And Bob has Unsummon in his hand
    When the game proceeds to Alice's declare attackers step
    And Alice declares Grizzly Bears as an attacker
    And Alice passes priority
    And Bob taps Island for mana
    And Bob casts Unsummon targeting Grizzly Bears
    And all players pass priority
    Then Grizzly Bears is in Alice's hand
    And Alice has priority
    When all players pass priority
    Then it is Alice's declare blockers step of turn 3
    When Bob declares no blockers
    And all players pass priority
    Then it is Alice's combat damage step of turn 3

  @cr:511.3 @cr:510.1a
  Scenario: A creature that attacked in one turn deals no combat damage in the next turn
    Given it is Alice's precombat main phase
    And Alice controls Grizzly Bears
    And Bob has Forest in his library
    When the game proceeds to Alice's declare attackers step
    And Alice declares Grizzly Bears as an attacker
    And the game proceeds to Bob's postcombat main phase
    Then Bob's life total is 18
    And Alice's life total is 20

  @cr:511.3 @cr:511.1 @cr:506.4 @cr:508.1k
  Scenario: Creatures are still in combat during the end of combat step and removed from it as the step ends
    # Review, 2026-12-04: 511.3 removes creatures from combat as soon as the end of combat step ends,
    # not as it begins (511.1: it has no turn-based action), nor later, in the cleanup step or when
    # attackers are next declared. Both creatures survive the damage.
    Given it is Alice's precombat main phase
    And Alice controls Hill Giant
    And Bob controls Giant Spider
    When the game proceeds to Alice's declare attackers step
    And Alice declares Hill Giant as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Giant Spider as a blocker of Hill Giant
    And the game proceeds to Alice's end of combat step
    Then Hill Giant is attacking Bob
    And Giant Spider is blocking Hill Giant
    And Hill Giant is blocked
    When the game proceeds to Alice's postcombat main phase
    Then Hill Giant is not attacking
    And Giant Spider is not blocking
    And Hill Giant is on the battlefield
    And Giant Spider is on the battlefield

  @cr:601.2f
  Scenario: Damping Sphere doesn't count a spell its player cast in the previous turn
    Given it is Alice's end step
    And Alice controls Damping Sphere
    And Bob controls Grizzly Bears
    And Bob controls Mountain
    And Bob has Giant Growth in his hand
    And Bob has Kird Ape in his hand
    And Bob has {G} in his mana pool
    And Bob has Forest in his library
    When Alice passes priority
    And Bob casts Giant Growth targeting Grizzly Bears
    And all players pass priority
    And the game proceeds to Bob's precombat main phase
    And Bob taps Mountain for mana
    And Bob casts Kird Ape
    Then Kird Ape is on the stack
    And Bob's mana pool is empty

  @cr:601.2f
  Scenario: Damping Sphere doesn't count a spell another player cast this turn
    # Review, 2026-12-04: Damping Sphere counts the other spells "that player" has cast this turn;
    # Alice has cast one, Bob none, so Bob's Giant Growth costs {G}. An engine that keeps one count
    # for the game asks {1}{G} of Bob and refuses the cast.
    Given it is Alice's precombat main phase
    And Alice controls Damping Sphere
    And Alice controls Grizzly Bears
    And Alice has Giant Growth in her hand
    And Alice has {G} in her mana pool
    And Bob has Giant Growth in his hand
    And Bob has {G} in his mana pool
    When Alice casts Giant Growth targeting Grizzly Bears
    And Alice passes priority
    And Bob casts Giant Growth targeting Grizzly Bears
    Then Bob's mana pool is empty
    When all players pass priority until the stack is empty
    Then Grizzly Bears is a 8/8 creature
