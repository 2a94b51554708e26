@rules
Feature: Damage dealt by spells and abilities
  Damage dealt to a creature stays marked on it until the cleanup step (120.3e, 514.2), so damage
  from two sources in one turn adds up; damage dealt to a player causes that much life loss
  (120.3a). "Each opponent" is every player other than the ability's controller. An ability on
  the stack exists independently of its source, so it deals its damage even if its source has left
  the battlefield (113.7a). No seed ruling is about these rules, but the reference engine
  implements them, so these scenarios pin them.

  Background:
    Given a game between Alice and Bob
    And it is Alice's precombat main phase

  @cr:120.3e @cr:704.5g
  Scenario: Damage dealt to a creature by two spells in one turn adds up to lethal damage
    Given Alice controls Grizzly Bears with three +1/+1 counters on it
    And Alice has Flame Slash in her hand
    And Alice has Flame Slash in her hand
    And Alice has {R}{R} in her mana pool
    When Alice casts Flame Slash targeting Grizzly Bears
    And all players pass priority
    Then Grizzly Bears is on the battlefield
    When Alice casts Flame Slash targeting Grizzly Bears
    And all players pass priority
    Then Grizzly Bears is not on the battlefield
    And Grizzly Bears is in Alice's graveyard

  @cr:120.3a @cr:603.2
  Scenario: Agate Instigator deals damage to each opponent, not to its controller
    Given Alice controls Agate Instigator
    And Alice has Grizzly Bears in her hand
    And Alice has {G}{G} in her mana pool
    When Alice casts Grizzly Bears
    And all players pass priority
    Then Agate Instigator's triggered ability is on the stack
    When all players pass priority
    Then Bob's life total is 19
    And Alice's life total is 20

  @cr:603.2 @cr:109.5
  Scenario: Agate Instigator doesn't trigger when a creature enters under an opponent's control
    # Review, 2026-12-04: "whenever another creature you control enters": "you" is Agate
    # Instigator's controller (109.5), so Bob's creature entering is not the event it waits for
    # (603.2).
    Given it is Bob's precombat main phase
    And Alice controls Agate Instigator
    And Bob has Grizzly Bears in his hand
    And Bob has {G}{G} in his mana pool
    When Bob casts Grizzly Bears
    And all players pass priority until the stack is empty
    Then Grizzly Bears is on the battlefield
    And Bob's life total is 20
    And Alice's life total is 20

  @cr:113.7a @cr:120.3a
  Scenario: Agate Instigator's ability deals its damage after Agate Instigator has left the battlefield
    Given Alice controls Agate Instigator
    And Alice has Grizzly Bears in her hand
    And Alice has Murder in her hand
    And Alice has {G}{G}{B}{B}{B} in her mana pool
    When Alice casts Grizzly Bears using {G}{G}
    And all players pass priority
    And Alice casts Murder using {B}{B}{B} targeting Agate Instigator
    And all players pass priority
    Then Agate Instigator is in Alice's graveyard
    And Agate Instigator's triggered ability is on the stack
    When all players pass priority
    Then Bob's life total is 19
    And Alice's life total is 20
