@rules
Feature: Resolving spells and abilities
  An instant or sorcery spell follows its instructions and is put into its owner's graveyard
  (CR 608.2n). A spell or ability whose targets have all become illegal doesn't resolve; a spell
  that doesn't resolve goes to the graveyard too (CR 608.2b), even when the target's card came
  back as a new object (CR 400.7). An ability exists on the stack
  independently of its source: removing the source doesn't affect it (CR 113.7a). No seed
  ruling is about these rules, but the reference engine implements them, so these scenarios pin
  them.

  Background:
    Given a game between Alice and Bob
    And it is Alice's precombat main phase

  @cr:608.2n
  Scenario: An instant that resolved is put into its owner's graveyard
    Given Alice controls Grizzly Bears
    And Alice has Giant Growth in her hand
    And Alice has {G} in her mana pool
    When Alice casts Giant Growth targeting Grizzly Bears
    And all players pass priority
    Then Grizzly Bears is a 5/5 creature
    And Giant Growth is in Alice's graveyard
    And the stack is empty

  @cr:608.2b
  Scenario: A spell whose only target has left the battlefield doesn't resolve, and goes to the graveyard
    Given Alice controls Grizzly Bears
    And Alice has Giant Growth in her hand
    And Alice has {G} in her mana pool
    And Bob has Unsummon in his hand
    And Bob has {U} in his mana pool
    When Alice casts Giant Growth targeting Grizzly Bears
    And Alice passes priority
    And Bob casts Unsummon targeting Grizzly Bears
    And all players pass priority
    And all players pass priority
    Then Grizzly Bears is in Alice's hand
    And Giant Growth is in Alice's graveyard
    And Unsummon is in Bob's graveyard
    And the stack is empty

  @cr:608.2b @cr:400.7 @cr:702.8a
  Scenario: A spell whose target left the battlefield and came back as a new object doesn't resolve
    # Review, 2026-12-04: a target is an object, not a card: Raging Kavu returned to Alice's hand and
    # cast again (it has flash) is a new object (400.7), so Giant Growth's target is no longer in the
    # zone it was in when it was targeted, although a permanent of that card is there again.
    Given Alice controls Raging Kavu
    And Alice has Giant Growth in her hand
    And Alice has Unsummon in her hand
    And Alice has {G}{U}{R}{G}{G} in her mana pool
    When Alice casts Giant Growth targeting Raging Kavu
    And Alice casts Unsummon targeting Raging Kavu
    And all players pass priority
    Then Raging Kavu is in Alice's hand
    When Alice casts Raging Kavu
    And all players pass priority
    And all players pass priority
    Then Raging Kavu is a 3/1 creature
    And Giant Growth is in Alice's graveyard
    And the stack is empty

  @cr:113.7a @cr:608.2b
  Scenario: A triggered ability whose source has left the battlefield still resolves
    Given Alice controls Grizzly Bears
    And Alice has Intrepid Rabbit in her hand
    And Alice has {W}{W}{W} in her mana pool
    And Bob has Unsummon in his hand
    And Bob has {U} in his mana pool
    When Alice casts Intrepid Rabbit
    And all players pass priority
    And Alice chooses Grizzly Bears
    And Alice passes priority
    And Bob casts Unsummon targeting Intrepid Rabbit
    And all players pass priority
    And all players pass priority
    Then Intrepid Rabbit is in Alice's hand
    And Grizzly Bears is a 3/3 creature
    And the stack is empty
