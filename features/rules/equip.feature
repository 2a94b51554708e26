@rules
Feature: Equip attaches the Equipment only if it is still on the battlefield
  Bonesplitter: "Equipped creature gets +2/+0. Equip {1}". As the equip ability resolves, it
  attaches Bonesplitter to the target creature (701.3a); if Bonesplitter has left the battlefield
  by then, there is nothing to attach (400.7). An Equipment attached to a creature moves to the new
  one and equips only it (301.5c). No seed ruling is about these rules, but the
  reference engine implements them, so these scenarios pin them.

  Background:
    Given a game between Alice and Bob
    And it is Alice's precombat main phase

  @cr:701.3a @cr:301.5
  Scenario: Bonesplitter's equip ability attaches it to Grizzly Bears
    Given Alice controls Grizzly Bears
    And Alice controls Bonesplitter
    And Alice has {C} in her mana pool
    When Alice activates Bonesplitter's ability targeting Grizzly Bears
    And all players pass priority
    Then Bonesplitter is attached to Grizzly Bears
    And Grizzly Bears is a 4/2 creature

  @cr:701.3a @cr:400.7
  Scenario: Bonesplitter destroyed while its equip ability is on the stack is attached to nothing
    Given Alice controls Grizzly Bears
    And Alice controls Bonesplitter
    And Alice has {C} in her mana pool
    And Bob has Disenchant in his hand
    And Bob has {C}{W} in his mana pool
    When Alice activates Bonesplitter's ability targeting Grizzly Bears
    And Alice passes priority
    And Bob casts Disenchant targeting Bonesplitter
    And all players pass priority
    Then Bonesplitter is in Alice's graveyard
    When all players pass priority
    Then the stack is empty
    And no player is asked to choose anything
    And Grizzly Bears is a 2/2 creature

  @cr:701.3a @cr:301.5c @cr:702.6a
  Scenario: Equipping Bonesplitter to another creature moves it off the first one
    # Review, 2026-12-04: to attach is to take the Equipment from where it is and put it onto the
    # new creature (701.3a), and it can't equip two (301.5c). 701.3b's "does nothing" is for the
    # creature it is already attached to, not for an Equipment attached to another one.
    Given Alice controls Grizzly Bears
    And Alice controls Hill Giant
    And Alice controls Bonesplitter attached to Grizzly Bears
    And Alice has {C} in her mana pool
    Then Grizzly Bears is a 4/2 creature
    When Alice activates Bonesplitter's ability targeting Hill Giant
    And all players pass priority
    Then Bonesplitter is attached to Hill Giant
    And Hill Giant is a 5/3 creature
    And Grizzly Bears is a 2/2 creature
