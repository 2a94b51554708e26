@rules
Feature: A token copy of a creature that has left the battlefield
  Dual Nature: "Whenever a nontoken creature enters, its controller creates a token that's a copy
  of that creature." If the creature has left the battlefield by the time the ability resolves,
  the token is still created, a copy of the creature as it last existed on the battlefield
  (608.2h, 707.2). The token is created by that creature's controller and enters under that
  player's control (111.2), so the replacement effects that apply to its creation are that
  player's (614.1a), whoever controls Dual Nature. No seed ruling is about these rules, but the
  reference engine implements them, so these scenarios pin them.

  Background:
    Given a game between Alice and Bob
    And it is Alice's precombat main phase

  @cr:608.2h @cr:707.2 @cr:111.1
  Scenario: Grizzly Bears returned to its owner's hand before Dual Nature's ability resolves is still copied
    Given Alice controls Dual Nature
    And Alice has Grizzly Bears in her hand
    And Alice has Unsummon in her hand
    And Alice has {G}{G}{U} in her mana pool
    When Alice casts Grizzly Bears using {G}{G}
    And all players pass priority
    Then Dual Nature's triggered ability is on the stack
    When Alice casts Unsummon targeting Grizzly Bears
    And all players pass priority until the stack is empty
    Then Grizzly Bears is in Alice's hand
    And Alice controls one Grizzly Bears token
    And the token Grizzly Bears is a 2/2 creature

  @cr:111.2 @cr:614.1a @cr:603.6a
  Scenario: Bob's Doubling Season doubles the token Alice's Dual Nature makes Bob create
    # Review, 2026-12-04: "its controller creates a token": Bob creates it, under his control
    # (111.2), so Bob's Doubling Season ("tokens under your control", 614.1a) doubles it, though
    # the ability is Alice's.
    Given it is Bob's precombat main phase
    And Alice controls Dual Nature
    And Bob controls Doubling Season
    And Bob has Grizzly Bears in his hand
    And Bob has {G}{G} in his mana pool
    When Bob casts Grizzly Bears
    And all players pass priority until the stack is empty
    Then Bob controls two Grizzly Bears tokens
    And Alice controls no Grizzly Bears tokens

  @cr:111.2 @cr:614.1a
  Scenario: Alice's Doubling Season doesn't double the token her Dual Nature makes Bob create
    Given it is Bob's precombat main phase
    And Alice controls Dual Nature
    And Alice controls Doubling Season
    And Bob has Grizzly Bears in his hand
    And Bob has {G}{G} in his mana pool
    When Bob casts Grizzly Bears
    And all players pass priority until the stack is empty
    Then Bob controls one Grizzly Bears token
    And Alice controls no Grizzly Bears tokens
