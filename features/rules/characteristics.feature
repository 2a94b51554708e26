@rules
Feature: Characteristics of permanents through the layers
  What a permanent is comes from its copiable values and the continuous effects applied to them,
  layer by layer, each in timestamp order (CR 613.1, 613.4, 613.7). A static ability applies to
  whatever its text indicates at each moment (611.3a): its filter reads color, subtypes,
  supertypes and controller as they are now. Counters and modifying effects add up in layer 7c
  (613.4c). No seed ruling is about these rules, but the reference engine implements them, so
  these scenarios pin them.

  Background:
    Given a game between Alice and Bob
    And it is Alice's precombat main phase

  @cr:613.4c @cr:611.3a
  Scenario: Two effects that modify power and toughness add up
    Given Alice controls Grizzly Bears
    And Alice controls two Glorious Anthems
    Then Grizzly Bears is a 4/4 creature
    And Grizzly Bears's base power and toughness are 2/2

  @cr:613.4c @cr:611.3a
  Scenario: Kird Ape ignores a Forest its controller's opponent controls
    Given Alice controls Kird Ape
    And Alice controls Glorious Anthem
    And Bob controls Forest
    Then Kird Ape is a 2/2 creature

  @cr:613.4c @cr:611.3a
  Scenario: Kird Ape gets no bonus from a Mountain
    Given Alice controls Kird Ape
    And Alice controls Mountain
    Then Kird Ape is a 1/1 creature

  @cr:613.4c @cr:122.1
  Scenario: A -1/-1 counter lowers power and toughness by one
    Given Alice controls Grizzly Bears
    And Grizzly Bears has a -1/-1 counter on it
    Then Grizzly Bears is a 1/1 creature
    And Grizzly Bears's base power and toughness are 2/2

  @cr:613.4c @cr:122.1 @cr:704.5f @needs:state-based-actions
  Scenario: A creature whose -1/-1 counters bring its toughness to 0 is put into its owner's graveyard
    Given Alice controls Grizzly Bears
    And Grizzly Bears has two -1/-1 counters on it
    When Alice passes priority
    Then Grizzly Bears is in Alice's graveyard
    And Grizzly Bears is not on the battlefield

  @cr:613.4a @cr:604.3
  Scenario: A characteristic-defining ability counts after a noncreature permanent
    Given Alice controls Plains
    And Alice controls Crusader of Odric
    And Alice controls Grizzly Bears
    Then Crusader of Odric is a 2/2 creature

  @cr:613.4c @cr:105.2 @cr:611.3a
  Scenario: Crusade gives +1/+1 to white creatures only, whoever controls them
    Given Alice controls Crusade
    And Bob controls Serra Angel
    And Alice controls Grizzly Bears
    Then Serra Angel is a 5/5 creature
    And Grizzly Bears is a 2/2 creature

  @cr:202.3 @cr:202.3a
  Scenario: A land has mana value 0 and a creature the total of its mana cost
    Given Alice controls Forest
    And Alice controls Serra Angel
    Then Forest's mana value is 0
    And Serra Angel's mana value is 5

  @cr:611.3a @cr:105.2 @cr:613.4c
  Scenario: Gauntlet of Power gives +1/+1 to creatures of the chosen color, whoever controls them
    Given Alice controls Gauntlet of Power with green chosen
    And Bob controls Llanowar Elves
    And Alice controls Serra Angel
    Then Llanowar Elves is a 2/2 creature
    And Serra Angel is a 4/4 creature

  @cr:611.3a @cr:106.12a
  Scenario: Gauntlet of Power adds no mana for a nonbasic land tapped for the chosen color
    Given Alice controls Gauntlet of Power with green chosen
    And Alice controls Exotic Orchard
    And Bob controls Forest
    When Alice taps Exotic Orchard for mana
    Then Alice must choose among {G}
    When Alice chooses {G}
    Then Alice's mana pool contains exactly {G}

  @cr:202.3 @cr:110.2
  Scenario: Order of Whiteclay returns a creature card with mana value 3 from its controller's graveyard
    Given Alice controls a tapped Order of Whiteclay
    And Alice has Crusader of Odric in her graveyard
    And Alice has {W}{W}{W} in her mana pool
    When Alice activates Order of Whiteclay's ability targeting Crusader of Odric in her graveyard
    And all players pass priority
    Then Crusader of Odric is on the battlefield

  @cr:202.3
  Scenario: Order of Whiteclay can't target a creature card with mana value 4
    Given Alice controls a tapped Order of Whiteclay
    And Alice has Clone in her graveyard
    And Alice has {W}{W}{W} in her mana pool
    When Alice activates Order of Whiteclay's ability targeting Clone in her graveyard
    Then the action is rejected for an illegal target

  @cr:110.2 @cr:109.5 @cr:115.1
  Scenario: Order of Whiteclay can't target a creature card in an opponent's graveyard
    Given Alice controls a tapped Order of Whiteclay
    And Bob has Grizzly Bears in his graveyard
    And Alice has {W}{W}{W} in her mana pool
    When Alice activates Order of Whiteclay's ability targeting Grizzly Bears in his graveyard
    Then the action is rejected for an illegal target
