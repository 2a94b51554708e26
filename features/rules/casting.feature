@rules
Feature: Casting spells: what may be cast, when, with which X, targets and total cost
  To cast a spell, a player takes a card from their hand, puts it on the stack, announces X and
  any additional or alternative cost, chooses its targets and pays its total cost (CR 601.2,
  601.2a-h). A land card is played, never cast (CR 305.1); a noninstant spell without flash is
  cast only in its controller's main phase while the stack is empty (CR 117.1a, 307.1, 702.8a);
  a target must fit its description
  (CR 115.1); cost increases are part of the total cost (CR 601.2f). An illegal cast is undone:
  the game returns to the moment before it was proposed (CR 601.2). No seed ruling is about these
  rules, but the reference engine implements them, so these scenarios pin them, each beside the
  legal case.

  Background:
    Given a game between Alice and Bob
    And it is Alice's precombat main phase

  @cr:305.1 @cr:601.2 @cr:601.3
  Scenario: A land card can't be cast as a spell
    Given Alice has Forest in her hand
    When Alice casts Forest
    Then the action is rejected for an illegal cast
    And Forest is in Alice's hand

  @cr:601.2 @cr:302.1
  Scenario: A creature card in its owner's hand is cast and goes on the stack
    Given Alice has Grizzly Bears in her hand
    And Alice has {G}{G} in her mana pool
    When Alice casts Grizzly Bears
    Then Grizzly Bears is on the stack
    And Alice's mana pool is empty

  @cr:601.2 @cr:302.1
  Scenario: A creature card in its owner's graveyard can't be cast
    Given Alice has Grizzly Bears in her graveyard
    And Alice has {G}{G} in her mana pool
    When Alice tries to cast Grizzly Bears from her graveyard
    Then the action is rejected for an illegal cast
    And Grizzly Bears is in Alice's graveyard
    And Alice's mana pool contains exactly {G}{G}

  @cr:601.2 @cr:302.1
  Scenario: A player can't cast a card in another player's hand
    Given it is Bob's precombat main phase
    And Alice has Grizzly Bears in her hand
    And Bob has {G}{G} in his mana pool
    When Bob tries to cast Grizzly Bears from Alice's hand
    Then the action is rejected for an illegal cast
    And Grizzly Bears is in Alice's hand

  @cr:117.1a @cr:307.1
  Scenario: A sorcery can't be cast while a spell is on the stack
    Given Alice controls Grizzly Bears
    And Alice has Llanowar Elves in her hand
    And Alice has Flame Slash in her hand
    And Alice has {G}{R} in her mana pool
    When Alice casts Llanowar Elves
    And Alice casts Flame Slash targeting Grizzly Bears
    Then the action is rejected for timing
    And Flame Slash is in Alice's hand
    And Alice's mana pool contains exactly {R}

  @cr:117.1a @cr:307.1
  Scenario: A sorcery can't be cast in another player's main phase
    Given it is Bob's precombat main phase
    And Bob controls Grizzly Bears
    And Alice has Flame Slash in her hand
    And Alice has {R} in her mana pool
    When Bob passes priority
    And Alice casts Flame Slash targeting Grizzly Bears
    Then the action is rejected for timing

  @cr:117.1a @cr:405.1 @cr:302.1
  Scenario: A creature spell can't be cast while a triggered ability is on the stack
    # Review, 2026-12-04: "the stack is empty" (117.1a) counts abilities as well as spells (405.1):
    # Manabarbs's triggered ability, put on the stack as Alice received priority, is on it.
    Given Alice controls Forest
    And Alice controls Manabarbs
    And Alice has Llanowar Elves in her hand
    When Alice taps Forest for mana
    Then Manabarbs's triggered ability is on the stack
    When Alice casts Llanowar Elves
    Then the action is rejected for timing
    And Llanowar Elves is in Alice's hand
    And Alice's mana pool contains exactly {G}

  @cr:117.1a @cr:307.1 @cr:704.5g
  Scenario: A sorcery is cast in its controller's main phase with an empty stack
    Given Bob controls Grizzly Bears
    And Alice has Flame Slash in her hand
    And Alice has {R} in her mana pool
    When Alice casts Flame Slash targeting Grizzly Bears
    And all players pass priority
    Then Grizzly Bears is in Bob's graveyard

  @cr:117.1a @cr:304.1
  Scenario: An instant is cast in another player's upkeep
    Given it is Bob's upkeep
    And Bob controls Grizzly Bears
    And Alice has Giant Growth in her hand
    And Alice has {G} in her mana pool
    When Bob passes priority
    And Alice casts Giant Growth targeting Grizzly Bears
    Then Giant Growth is on the stack

  @cr:702.8a @cr:117.1a
  Scenario: A creature spell with flash is cast in the upkeep
    Given it is Alice's upkeep
    And Alice has Raging Kavu in her hand
    And Alice has {R}{G}{G} in her mana pool
    When Alice casts Raging Kavu
    Then Raging Kavu is on the stack
    And Alice's mana pool is empty

  @cr:702.8a @cr:302.1
  Scenario: A creature spell without flash can't be cast in the upkeep
    Given it is Alice's upkeep
    And Alice has Serra Angel in her hand
    And Alice has {W}{W}{W}{W}{W} in her mana pool
    When Alice casts Serra Angel
    Then the action is rejected for timing
    And Alice's mana pool contains exactly {W}{W}{W}{W}{W}

  @cr:107.3 @cr:601.2b
  Scenario: X can't be announced for a spell with no X in its mana cost
    Given Alice has Grizzly Bears in her hand
    And Alice has {G}{G}{G}{G} in her mana pool
    When Alice casts Grizzly Bears with X = 2
    Then the action is rejected for an illegal cast
    And Grizzly Bears is in Alice's hand
    And Alice's mana pool contains exactly {G}{G}{G}{G}

  @cr:107.3a @cr:107.1b @cr:601.2b
  Scenario: X may be 0
    Given Alice has Endless One in her hand
    When Alice casts Endless One with X = 0
    Then Endless One is on the stack

  @cr:115.1 @cr:601.2c
  Scenario: A spell that says "target creature" can't target a land
    Given Bob controls Forest
    And Alice has Murder in her hand
    And Alice has {B}{B}{B} in her mana pool
    When Alice casts Murder targeting Forest
    Then the action is rejected for an illegal target
    And Murder is in Alice's hand
    And Alice's mana pool contains exactly {B}{B}{B}

  @cr:115.1 @cr:601.2c @cr:109.2 @cr:115.2
  Scenario: A spell that says "target creature" can't target a creature card in a graveyard
    Given Bob has Grizzly Bears in his graveyard
    And Alice has Murder in her hand
    And Alice has {B}{B}{B} in her mana pool
    When Alice casts Murder targeting Grizzly Bears in his graveyard
    Then the action is rejected for an illegal target
    And Grizzly Bears is in Bob's graveyard

  @cr:115.1 @cr:601.2c
  Scenario: A spell with a target can't be cast without choosing one
    Given Bob controls Grizzly Bears
    And Alice has Murder in her hand
    And Alice has {B}{B}{B} in her mana pool
    When Alice casts Murder
    Then the action is rejected for an illegal target or an illegal cast
    And Murder is in Alice's hand

  @cr:115.1 @cr:601.2c
  Scenario: A spell that says "target creature" destroys the creature it targets
    Given Bob controls Grizzly Bears
    And Alice has Murder in her hand
    And Alice has {B}{B}{B} in her mana pool
    When Alice casts Murder targeting Grizzly Bears
    And all players pass priority
    Then Grizzly Bears is in Bob's graveyard
    And Alice's mana pool is empty

  @cr:115.5 @cr:601.2c
  Scenario: A spell can't target itself
    Given Alice has Cancel in her hand
    And Alice has {U}{U}{U} in her mana pool
    When Alice casts Cancel targeting Cancel
    Then the action is rejected for an illegal target
    And Cancel is in Alice's hand

  @cr:601.2 @cr:601.2h
  Scenario: A spell with no target is cast and resolves
    Given Alice has Divination in her hand
    And Alice has Forest in her library
    And Alice has Island in her library
    And Alice has {U}{U}{U} in her mana pool
    When Alice casts Divination
    And all players pass priority
    Then Alice has two cards in her hand
    And Divination is in Alice's graveyard

  @cr:601.2f @cr:601.2h
  Scenario: A cost increase for each other spell cast this turn adds up over three spells
    Given Alice controls Damping Sphere
    And Alice controls Grizzly Bears
    And Alice has Giant Growth in her hand
    And Alice has Giant Growth in her hand
    And Alice has Giant Growth in her hand
    And Alice has {G}{G}{G}{G}{G}{G} in her mana pool
    When Alice casts Giant Growth targeting Grizzly Bears
    Then Alice's mana pool contains exactly {G}{G}{G}{G}{G}
    When Alice casts Giant Growth targeting Grizzly Bears
    Then Alice's mana pool contains exactly {G}{G}{G}
    When Alice casts Giant Growth targeting Grizzly Bears
    Then Alice's mana pool is empty

  @cr:601.2f @cr:601.2h
  Scenario: A cost increase makes a second spell unpayable with the mana its cost alone needs
    Given Bob controls Damping Sphere
    And Alice controls Grizzly Bears
    And Alice has Giant Growth in her hand
    And Alice has Giant Growth in her hand
    And Alice has {G}{G} in her mana pool
    When Alice casts Giant Growth targeting Grizzly Bears
    And Alice casts Giant Growth targeting Grizzly Bears
    Then the action is rejected for an unpayable cost
    And Alice's mana pool contains exactly {G}

  @cr:118.9 @cr:601.2b
  Scenario: A spell without a blitz cost can't be cast for one
    Given Alice has Grizzly Bears in her hand
    And Alice has {G}{G}{G}{G} in her mana pool
    When Alice casts Grizzly Bears for its blitz cost
    Then the action is rejected for an illegal alternative cost
    And Grizzly Bears is in Alice's hand

  @cr:118.8 @cr:601.2b
  Scenario: A spell without a kicker cost can't be kicked
    Given Alice has Agate Instigator in her hand
    And Alice has {R}{R}{R}{R} in her mana pool
    When Alice casts Agate Instigator paying its kicker cost
    Then the action is rejected for an illegal additional cost
    And Agate Instigator is in Alice's hand

  @cr:118.9 @cr:702.152a @cr:702.175a @cr:601.2f
  Scenario: An additional cost is paid along with an alternative cost
    Given Alice controls Zinnia, Valley's Voice
    And Alice has Girder Goons in her hand
    And Alice has {B}{B}{B}{B}{B}{B} in her mana pool
    When Alice casts Girder Goons for its blitz cost paying its offspring cost
    And all players pass priority until the stack is empty
    Then Alice controls one Girder Goons token
    And Alice's mana pool is empty

  @cr:611.3d @cr:109.5 @cr:601.2a @cr:400.7b
  Scenario: A creature spell gains offspring from its caster's Zinnia only, and the creature keeps it after the turn
    Given it is Bob's precombat main phase
    And Alice controls Zinnia, Valley's Voice
    And Bob controls Zinnia, Valley's Voice
    And Bob has Grizzly Bears in his hand
    And Bob has {G}{G}{G}{G}{G}{G} in his mana pool
    When Bob casts Grizzly Bears paying its offspring cost twice
    Then the action is rejected for an illegal additional cost
    And Grizzly Bears is in Bob's hand
    When Bob casts Grizzly Bears paying its offspring cost
    And all players pass priority until the stack is empty
    Then Bob controls one Grizzly Bears token
    And Bob's mana pool contains exactly {G}{G}
    When the game proceeds to Alice's upkeep
    Then the original Grizzly Bears has offspring

  @cr:611.3d @cr:109.5 @cr:601.2b @cr:118.8
  Scenario: Another player's Zinnia gives a creature spell no offspring cost
    Given Bob controls Zinnia, Valley's Voice
    And Alice has Grizzly Bears in her hand
    And Alice has {G}{G}{G}{G} in her mana pool
    When Alice casts Grizzly Bears paying its offspring cost
    Then the action is rejected for an illegal additional cost

  @cr:613.1f @cr:611.3d
  Scenario: A creature that gained offspring as it was cast also has haste from Fervor
    Given Alice controls Fervor
    And Alice controls Zinnia, Valley's Voice
    And Alice has Grizzly Bears in her hand
    And Alice has {G}{G}{G}{G} in her mana pool
    When Alice casts Grizzly Bears paying its offspring cost
    And all players pass priority until the stack is empty
    Then the original Grizzly Bears has haste
    And the original Grizzly Bears has offspring
    And the token Grizzly Bears has haste
