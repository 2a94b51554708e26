@rules
Feature: Effects of a spell that last until end of turn
  Turn to Frog: "Until end of turn, target creature loses all abilities and becomes a blue Frog
  with base power and toughness 1/1." The creature loses its keyword abilities too (613.1f).
  Fists of the Anvil: "Target creature gets +4/+0 until end of turn": its power changes, not its
  toughness (613.4c). Both effects end in the cleanup step (514.2), and affect only the objects
  they affected as they began: not the new object a card becomes as it returns (611.2c, 400.7).
  No seed ruling is about these rules, but the
  reference engine implements them, so these scenarios pin them.

  Background:
    Given a game between Alice and Bob
    And it is Alice's precombat main phase

  @cr:611.2 @cr:613.1f @cr:702.9a @cr:514.2
  Scenario: Turn to Frog makes Serra Angel lose flying and vigilance until the end of the turn
    Given Bob controls Serra Angel
    And Alice has Turn to Frog in her hand
    And Alice has {U}{U} in her mana pool
    When Alice casts Turn to Frog targeting Serra Angel
    And all players pass priority
    Then Serra Angel does not have flying
    And Serra Angel does not have vigilance
    And Serra Angel is a 1/1 creature
    When the game proceeds to Bob's upkeep
    Then Serra Angel has flying
    And Serra Angel has vigilance
    And Serra Angel is a 4/4 creature

  @cr:611.2 @cr:613.4c @cr:514.2
  Scenario: Fists of the Anvil gives Grizzly Bears +4/+0 until the end of the turn
    Given Alice controls Grizzly Bears
    And Alice has Fists of the Anvil in her hand
    And Alice has {R}{R} in her mana pool
    When Alice casts Fists of the Anvil targeting Grizzly Bears
    And all players pass priority
    Then Grizzly Bears is a 6/2 creature
    When the game proceeds to Bob's upkeep
    Then Grizzly Bears is a 2/2 creature

  @cr:611.2c @cr:400.7 @cr:611.2
  Scenario: A pumped creature returned to its owner's hand and cast again is a new object, not pumped
    # Review, 2026-12-04: the objects a resolved spell's continuous effect affects are fixed as it
    # begins (611.2c); Grizzly Bears that left the battlefield and came back is a new object (400.7),
    # which Giant Growth's effect doesn't affect, although it lasts until end of turn.
    Given Alice controls Grizzly Bears
    And Alice has Giant Growth in her hand
    And Alice has Unsummon in her hand
    And Alice has {G}{U}{G}{G} in her mana pool
    When Alice casts Giant Growth targeting Grizzly Bears
    And all players pass priority
    Then Grizzly Bears is a 5/5 creature
    When Alice casts Unsummon targeting Grizzly Bears
    And all players pass priority
    And Alice casts Grizzly Bears
    And all players pass priority
    Then Grizzly Bears is on the battlefield
    And Grizzly Bears is a 2/2 creature
