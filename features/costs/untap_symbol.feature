@ruling:symbol.untap
Feature: The untap symbol
  Ruling: {Q} in an activation cost means "Untap this permanent"; an untapped
  permanent can't be untapped again to pay it; a creature's {Q} ability needs the
  creature under its controller's control continuously since their most recent
  turn began. (CR 107.6, 302.6)

  Background:
    Given a game between Alice and Bob
    And it is Alice's precombat main phase

  @cr:107.6 @cr:302.6
  Scenario: A tapped Pili-Pala untaps to add mana
    Given Alice controls a tapped Pili-Pala
    And Alice has {C}{C} in her mana pool
    When Alice activates Pili-Pala's ability
    Then Alice must choose among {W}, {U}, {B}, {R} and {G}
    When Alice chooses black
    Then Alice's mana pool contains exactly {B}
    And Pili-Pala is untapped

  @cr:107.6
  Scenario: An untapped Pili-Pala can't pay its {Q} cost
    Given Alice controls Pili-Pala
    And Alice has {C}{C} in her mana pool
    When Alice activates Pili-Pala's ability
    Then the action is rejected for being already untapped or an unpayable cost
    And Alice's mana pool contains exactly {C}{C}

  @cr:107.6 @cr:302.6 @cr:602.5a
  Scenario: A Pili-Pala that came under Alice's control this turn can't use its {Q} ability
    Given Alice controls a tapped Pili-Pala, which came under her control this turn
    And Alice has {C}{C} in her mana pool
    When Alice activates Pili-Pala's ability
    Then the action is rejected for summoning sickness or an illegal activation
    And Pili-Pala is tapped
    And Alice's mana pool contains exactly {C}{C}

  @cr:107.6 @cr:702.10c
  Scenario: Haste lets a Pili-Pala that just came under Alice's control use its {Q} ability
    Given Alice controls a tapped Pili-Pala, which came under her control this turn
    And Alice controls Fervor
    And Alice has {C}{C} in her mana pool
    When Alice activates Pili-Pala's ability
    And Alice chooses red
    Then Alice's mana pool contains exactly {R}

  @cr:107.6 @cr:602.2 @cr:608.2
  Scenario: Order of Whiteclay untaps to return a creature card from the graveyard
    Given Alice controls a tapped Order of Whiteclay
    And Alice has Grizzly Bears in her graveyard
    And Alice has {W}{W}{C} in her mana pool
    When Alice activates Order of Whiteclay's ability targeting Grizzly Bears in her graveyard
    Then Order of Whiteclay is untapped
    And Order of Whiteclay's activated ability is on the stack
    When all players pass priority
    Then Grizzly Bears is on the battlefield
    And Alice's mana pool is empty

  @cr:107.6 @cr:302.6
  Scenario: Order of Whiteclay that came under Alice's control this turn can't untap for its ability
    Given Alice controls a tapped Order of Whiteclay, which came under her control this turn
    And Alice has Grizzly Bears in her graveyard
    And Alice has {W}{W}{C} in her mana pool
    When Alice activates Order of Whiteclay's ability targeting Grizzly Bears in her graveyard
    Then the action is rejected for summoning sickness or an illegal activation
    And Grizzly Bears is in Alice's graveyard

  @cr:107.6 @cr:302.6
  Scenario: A Pili-Pala that came under Alice's control this turn still can't use its {Q} ability during Bob's turn
    Given Alice controls a tapped Pili-Pala, which came under her control this turn
    And Alice controls two Wastes
    And Bob has Swamp in his library
    When the game proceeds to Bob's upkeep
    And Bob passes priority
    And Alice taps Wastes for mana
    And Alice taps Wastes for mana
    And Alice activates Pili-Pala's ability
    Then the action is rejected for summoning sickness or an illegal activation
    And Pili-Pala is tapped
    And Alice's mana pool contains exactly {C}{C}

  @cr:107.6 @cr:302.6
  Scenario: A Pili-Pala that came under Alice's control this turn can use its {Q} ability once her next turn begins
    # Pili-Pala untaps in Alice's untap step; Springleaf Drum taps it again to pay its own cost.
    Given Alice controls a tapped Pili-Pala, which came under her control this turn
    And Alice controls Springleaf Drum
    And Alice controls Wastes
    And Bob has Swamp in his library
    When the game proceeds to Alice's upkeep
    And Alice taps Springleaf Drum for mana
    And Alice chooses red
    And Alice taps Wastes for mana
    And Alice activates Pili-Pala's ability
    And Alice chooses green
    Then Alice's mana pool contains exactly {G}
    And Pili-Pala is untapped

  @cr:107.6 @cr:302.6 @cr:400.7
  Scenario: A Pili-Pala that left and came back this turn can't use its {Q} ability
    Given Alice controls Pili-Pala
    And Alice controls Springleaf Drum
    And Alice has Unsummon in her hand
    And Alice has {U}{C}{C}{C} in her mana pool
    When Alice casts Unsummon targeting Pili-Pala
    And all players pass priority
    And Alice casts Pili-Pala using {C}{C}
    And all players pass priority
    And Alice taps Springleaf Drum for mana
    And Alice chooses red
    And Alice activates Pili-Pala's ability
    Then the action is rejected for summoning sickness or an illegal activation
    And Pili-Pala is tapped
    And Alice's mana pool contains exactly {R}{C}
