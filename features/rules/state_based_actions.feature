@rules
Feature: State-based actions
  Whenever a player would receive priority, the game checks the state-based actions and performs
  all that apply at once, then checks again until none applies (CR 704.3). No seed ruling is about
  these rules, but the reference engine implements them, so these scenarios pin them.

  Background:
    Given a game between Alice and Bob
    And it is Alice's precombat main phase

  @cr:704.5f @cr:704.3 @needs:state-based-actions
  Scenario: A creature with toughness 0 is put into its owner's graveyard
    Given Alice has Endless One in her hand
    When Alice casts Endless One with X = 0
    And all players pass priority
    Then Endless One is not on the battlefield
    And Endless One is in Alice's graveyard

  @cr:704.5g @cr:120.3e
  Scenario: Damage equal to a creature's toughness is lethal damage
    Given Alice controls Grizzly Bears with two +1/+1 counters on it
    And Alice has Flame Slash in her hand
    And Alice has {R} in her mana pool
    When Alice casts Flame Slash targeting Grizzly Bears
    And all players pass priority
    Then Grizzly Bears is not on the battlefield
    And Grizzly Bears is in Alice's graveyard

  @cr:704.5g @cr:120.3e
  Scenario: Damage less than a creature's toughness is not lethal damage
    Given Alice controls Grizzly Bears with three +1/+1 counters on it
    And Alice has Flame Slash in her hand
    And Alice has {R} in her mana pool
    When Alice casts Flame Slash targeting Grizzly Bears
    And all players pass priority
    Then Grizzly Bears is on the battlefield
    And Grizzly Bears is a 5/5 creature

  @cr:704.5g @cr:120.6 @cr:613.4b @cr:613.4c
  Scenario: A damaged creature whose toughness drops to the damage marked on it is destroyed
    # Review, 2026-12-04: lethal damage is a state the game checks whenever a player would receive
    # priority, not a test made as damage is dealt; Turn to Frog sets the base 1/1 in layer 7b and
    # Giant Growth's +3/+3 in 7c makes it 4/4, with the 4 damage Flame Slash marked on it before.
    Given Alice controls Grizzly Bears
    And Alice has Giant Growth in her hand
    And Alice has Flame Slash in her hand
    And Alice has Turn to Frog in her hand
    And Alice has {G}{R}{U}{U} in her mana pool
    When Alice casts Giant Growth targeting Grizzly Bears
    And all players pass priority
    And Alice casts Flame Slash targeting Grizzly Bears
    And all players pass priority
    Then Grizzly Bears has 4 damage marked on it
    And Grizzly Bears is on the battlefield
    When Alice casts Turn to Frog targeting Grizzly Bears
    And all players pass priority
    Then Grizzly Bears is in Alice's graveyard

  @cr:704.5g @cr:704.5m @cr:704.3
  Scenario: An Aura goes to the graveyard after the creature it enchanted is destroyed by lethal damage
    Given Alice controls Grizzly Bears
    And Alice controls Holy Strength attached to Grizzly Bears
    And Alice has Flame Slash in her hand
    And Alice has {R} in her mana pool
    When Alice casts Flame Slash targeting Grizzly Bears
    And all players pass priority
    Then Grizzly Bears is in Alice's graveyard
    And Holy Strength is in Alice's graveyard
    And Holy Strength is not on the battlefield

  @cr:704.5m @needs:state-based-actions
  Scenario: An Aura whose creature left for its owner's hand goes to the graveyard
    Given Alice controls Grizzly Bears
    And Bob controls Holy Strength attached to Grizzly Bears
    And Alice has Unsummon in her hand
    And Alice has {U} in her mana pool
    When Alice casts Unsummon targeting Grizzly Bears
    And all players pass priority
    Then Grizzly Bears is in Alice's hand
    And Holy Strength is in Bob's graveyard
    And Holy Strength is not on the battlefield

  @cr:704.5m @cr:303.4 @needs:state-based-actions
  Scenario: An Aura attached to a creature stays attached while the game checks state-based actions
    Given Alice controls Grizzly Bears
    And Alice controls Holy Strength attached to Grizzly Bears
    And Alice has Giant Growth in her hand
    And Alice has {G} in her mana pool
    When Alice casts Giant Growth targeting Grizzly Bears
    And all players pass priority
    Then Holy Strength is attached to Grizzly Bears
    And Grizzly Bears is a 6/7 creature

  @cr:704.5n @needs:state-based-actions
  Scenario: An Equipment whose creature was destroyed stays on the battlefield, unattached
    Given Alice controls Grizzly Bears
    And Alice controls Bonesplitter attached to Grizzly Bears
    And Alice has Murder in her hand
    And Alice has {B}{B}{B} in her mana pool
    When Alice casts Murder targeting Grizzly Bears
    And all players pass priority
    Then Grizzly Bears is in Alice's graveyard
    And Bonesplitter is on the battlefield
    And Bonesplitter is not attached to anything

  @cr:704.5n @cr:301.5 @needs:state-based-actions
  Scenario: An Equipment attached to a creature stays attached while the game checks state-based actions
    Given Alice controls Grizzly Bears
    And Alice controls Bonesplitter attached to Grizzly Bears
    And Alice has Giant Growth in her hand
    And Alice has {G} in her mana pool
    When Alice casts Giant Growth targeting Grizzly Bears
    And all players pass priority
    Then Bonesplitter is attached to Grizzly Bears
    And Grizzly Bears is a 7/5 creature

  @cr:704.5a @cr:104.2a
  Scenario: A player whose life total becomes 0 loses the game
    Given Alice controls Manabarbs
    And Alice controls Forest
    And Alice's life total is 1
    When Alice taps Forest for mana
    And all players pass priority
    Then Alice's life total is 0
    And Alice has lost the game
    And Bob has won the game

  @cr:704.5a
  Scenario: A player whose life total becomes 1 is still in the game
    Given Alice controls Manabarbs
    And Alice controls Forest
    And Alice's life total is 2
    When Alice taps Forest for mana
    And all players pass priority
    Then Alice's life total is 1
    And Alice has not lost the game
    And Bob has not lost the game

  @cr:704.5b @cr:504.1 @cr:104.2a
  Scenario: A player who draws from an empty library loses the game
    Given it is Alice's upkeep
    And Alice's library is empty
    When the game proceeds to Alice's draw step
    Then Alice has lost the game
    And Bob has won the game

  @cr:704.5b @cr:504.1
  Scenario: A player who draws a card from her library is still in the game
    Given it is Alice's upkeep
    And Alice has Forest in her library
    When the game proceeds to Alice's draw step
    Then Alice has one card in her hand
    And Alice has not lost the game

  @cr:704.5b @cr:121.4 @cr:104.2a
  Scenario: A player whose spell makes her draw from an empty library loses the game
    # Review, 2026-12-04: 704.5b is about any attempt to draw from an empty library, not the draw
    # step's alone: Divination's second draw finds no card.
    Given Alice has Divination in her hand
    And Alice has Forest in her library
    And Alice has {U}{U}{U} in her mana pool
    When Alice casts Divination
    And all players pass priority
    Then Forest is in Alice's hand
    And Alice has lost the game
    And Bob has won the game

  @cr:704.5n @cr:301.5 @cr:514.2 @needs:state-based-actions
  Scenario: An Equipment attached to a land that stops being a creature becomes unattached
    Given Alice controls Forest
    And Alice controls Bonesplitter
    And Alice has Animate Land in her hand
    And Alice has {G}{C} in her mana pool
    When Alice casts Animate Land targeting Forest
    And all players pass priority
    And Alice activates Bonesplitter's ability targeting Forest
    And all players pass priority
    Then Bonesplitter is attached to Forest
    And Forest is a 5/3 creature
    When the game proceeds to Bob's upkeep
    Then Forest is not a creature
    And Bonesplitter is on the battlefield
    And Bonesplitter is not attached to anything

  @cr:704.5m @cr:303.4 @cr:514.2 @needs:state-based-actions
  Scenario: An Aura attached to a land that stops being a creature goes to the graveyard
    Given Alice controls Forest
    And Alice has Animate Land in her hand
    And Alice has Holy Strength in her hand
    And Alice has {G}{W} in her mana pool
    When Alice casts Animate Land targeting Forest
    And all players pass priority
    And Alice casts Holy Strength targeting Forest
    And all players pass priority
    Then Holy Strength is attached to Forest
    And Forest is a 4/5 creature
    When the game proceeds to Bob's upkeep
    Then Forest is not a creature
    And Holy Strength is in Alice's graveyard

  @cr:704.5a @cr:104.2a @cr:510.1b
  Scenario: The defending player whose life total combat damage brings to 0 loses the game
    Given Alice controls Hill Giant
    And Bob controls Grizzly Bears
    And Bob's life total is 3
    When the game proceeds to Alice's declare attackers step
    And Alice declares Hill Giant as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares no blockers
    And the game proceeds to Alice's combat damage step
    Then Bob's life total is 0
    And Bob has lost the game
    And Alice has won the game

  @cr:704.5j @cr:704.3
  Scenario: Two legendary permanents with the same name and nothing else on the battlefield: their controller keeps the one she chooses
    # The Isamaru Alice already controls is tapped only to tell the two apart; she keeps the new one.
    Given Alice controls a tapped Isamaru, Hound of Konda
    And Alice has Isamaru, Hound of Konda in her hand
    And Alice has {W} in her mana pool
    When Alice casts Isamaru, Hound of Konda
    And all players pass priority until the stack is empty
    Then Alice must choose which Isamaru, Hound of Konda to keep
    When Alice chooses the untapped Isamaru, Hound of Konda
    Then the untapped Isamaru, Hound of Konda is on the battlefield
    And Alice controls one Isamaru, Hound of Konda
    And Isamaru, Hound of Konda is in Alice's graveyard
