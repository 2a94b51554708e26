@rules
Feature: A token copy of a creature that has left the battlefield
  Dual Nature: "Whenever a nontoken creature enters, its controller creates a token that's a copy
  of that creature." If the creature has left the battlefield by the time the ability resolves,
  the token is still created, a copy of the creature as it last existed on the battlefield
  (608.2h, 707.2). No seed ruling is about these rules, but the reference engine implements them,
  so these scenarios pin them.

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
