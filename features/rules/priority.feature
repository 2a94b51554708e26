@rules
Feature: Passing in succession: an action between two passes starts the count again
  The stack resolves, or the step ends, only when all players pass in succession, that is without
  taking any action in between (CR 117.4). Activating a mana ability is an action: the player who
  activates it receives priority afterward (CR 117.3c), and a pass before it no longer counts. The
  passes in succession need not begin with the active player's. A mana ability is activated
  whenever its player has priority, is casting a spell or activating an ability that requires a
  mana payment, or is asked for a mana payment by a rule or effect (CR 605.3a, 117.1d); at no other
  time, so not by a player who has just passed priority. No seed ruling is about these rules, but
  the reference engine implements them, so these scenarios pin them.

  Background:
    Given a game between Alice and Bob
    And it is Alice's precombat main phase

  @cr:117.4 @cr:117.3c @cr:605.3a
  Scenario: A mana ability activated after the other player's pass keeps the spell on the stack
    Given Alice has Grizzly Bears in her hand
    And Alice has {G}{G} in her mana pool
    And Bob controls Forest
    When Alice casts Grizzly Bears
    And Alice passes priority
    And Bob taps Forest for mana
    Then Bob has priority
    When Bob passes priority
    Then Grizzly Bears is on the stack
    And Alice has priority

  @cr:117.4 @cr:608.1
  Scenario: Passes in succession may begin with the nonactive player's
    Given Alice has Grizzly Bears in her hand
    And Alice has {G}{G} in her mana pool
    And Bob controls Forest
    When Alice casts Grizzly Bears
    And Alice passes priority
    And Bob taps Forest for mana
    And Bob passes priority
    And Alice passes priority
    Then Grizzly Bears is on the battlefield

  @cr:117.4 @cr:117.3c @cr:500.2
  Scenario: A mana ability activated between two passes keeps the step from ending
    Given Bob controls Forest
    When Alice passes priority
    And Bob taps Forest for mana
    And Bob passes priority
    Then it is Alice's precombat main phase
    And Alice has priority
    When Alice passes priority
    Then it is Alice's beginning of combat step of turn 3

  @cr:605.3a @cr:117.1d @cr:117.3d
  Scenario: A player who has passed priority can't activate a mana ability
    # No spell is being cast, no ability activated and nothing asks Alice for a payment: a mana
    # ability is activated only by the player who holds priority (605.3a).
    Given Alice controls Forest
    When Alice passes priority
    And Alice taps Forest for mana
    Then the action is rejected for not having priority
    And Forest is untapped
    And Alice's mana pool is empty
    And Bob has priority
