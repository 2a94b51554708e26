@rules
Feature: Moving between zones and entering the battlefield
  A permanent enters the battlefield under the control of the player who put it there, as its
  replacement effects say: "as this enters, choose", "enters with counters", "enters as a copy"
  (CR 614.1c, 614.12, 707.5), and counters it enters with are counters put on it (122.6). A card
  that would go to a graveyard or a hand goes to its owner's, whoever controlled it (400.3), and
  a "dies" trigger is controlled by the player who controlled the creature (603.3a). No seed
  ruling is about these rules, but the reference engine implements them, so these scenarios pin
  them.

  Background:
    Given a game between Alice and Bob
    And it is Alice's precombat main phase

  @cr:614.12 @cr:611.3a @cr:105.2
  Scenario: The color chosen as Gauntlet of Power enters decides which creatures get +1/+1
    Given Bob controls Llanowar Elves
    And Alice controls Serra Angel
    And Alice has Gauntlet of Power in her hand
    And Alice has {C}{C}{C}{C}{C} in her mana pool
    When Alice casts Gauntlet of Power
    And all players pass priority
    Then Alice must choose among white, blue, black, red and green
    When Alice chooses green
    Then Llanowar Elves is a 2/2 creature
    And Serra Angel is a 4/4 creature

  @cr:707.5 @cr:704.5f @needs:state-based-actions
  Scenario: A Clone that copies nothing enters as a 0/0 and is put into its owner's graveyard
    Given Alice controls Grizzly Bears
    And Alice has Clone in her hand
    And Alice has {U}{U}{U}{U} in her mana pool
    When Alice casts Clone
    And all players pass priority
    And Alice chooses not to copy anything
    Then Clone is in Alice's graveyard
    And Alice controls one Grizzly Bears

  @cr:707.5 @cr:614.12 @cr:707.2
  Scenario: A token copy of a Clone may itself enter as a copy of a creature
    Given Alice controls Dual Nature
    And Alice controls Grizzly Bears
    And Alice has Clone in her hand
    And Alice has {U}{U}{U}{U} in her mana pool
    When Alice casts Clone
    And all players pass priority
    And Alice chooses not to copy anything
    And all players pass priority until the stack is empty
    And Alice chooses to copy Grizzly Bears
    Then Alice controls one Grizzly Bears token
    And Alice controls two Grizzly Bears
    And Clone is in Alice's graveyard

  @cr:122.6 @cr:614.1a
  Scenario: Doubling Season doubles the counters a creature enters with
    Given Alice controls Doubling Season
    And Alice has Endless One in her hand
    And Alice has {C}{C} in her mana pool
    When Alice casts Endless One with X = 2
    And all players pass priority
    Then Endless One has four +1/+1 counters on it

  @cr:122.6 @cr:614.1a
  Scenario: An opponent's Doubling Season doesn't double the counters a creature enters with
    Given Bob controls Doubling Season
    And Alice has Endless One in her hand
    And Alice has {C}{C} in her mana pool
    When Alice casts Endless One with X = 2
    And all players pass priority
    Then Endless One has two +1/+1 counters on it

  @cr:614.1c @cr:611.2 @cr:514.2
  Scenario: The trample a kicked Kavu Titan enters with lasts beyond the turn
    Given Alice has Kavu Titan in her hand
    And Alice has {G}{G}{G}{G}{G} in her mana pool
    When Alice casts Kavu Titan paying its kicker cost
    And all players pass priority
    And the game proceeds to Bob's upkeep
    Then Kavu Titan has trample
    And Kavu Titan is a 5/5 creature

  @cr:614.1c @cr:613.7 @cr:613.1f
  Scenario: Humility cast after a kicked Kavu Titan entered takes away the trample it entered with
    Given Alice has Kavu Titan in her hand
    And Alice has Humility in her hand
    And Alice has {G}{G}{G}{G}{G}{W}{W}{W}{W} in her mana pool
    When Alice casts Kavu Titan paying its kicker cost using {G}{G}{G}{G}{G}
    And all players pass priority
    And Alice casts Humility using {W}{W}{W}{W}
    And all players pass priority
    Then Kavu Titan does not have trample
    And Kavu Titan is a 4/4 creature

  @cr:614.12 @cr:614.1c @cr:613.1f
  Scenario: A kicked Kavu Titan entering while Humility applies has no ability to enter with counters and trample
    Given Alice controls Humility
    And Alice has Kavu Titan in her hand
    And Alice has {G}{G}{G}{G}{G} in her mana pool
    When Alice casts Kavu Titan paying its kicker cost
    And all players pass priority
    Then Kavu Titan has no +1/+1 counters on it
    And Kavu Titan does not have trample
    And Kavu Titan is a 1/1 creature

  @cr:614.12 @cr:611.3a @cr:613.1f
  Scenario: Gauntlet of Power entering while Humility applies still has its color chosen, as it is no creature
    Given Bob controls Llanowar Elves
    And Alice controls Humility
    And Alice has Gauntlet of Power in her hand
    And Alice has {C}{C}{C}{C}{C} in her mana pool
    When Alice casts Gauntlet of Power
    And all players pass priority
    Then Alice must choose among white, blue, black, red and green
    When Alice chooses green
    Then Llanowar Elves is a 2/2 creature

  @cr:400.3 @cr:110.2 @cr:603.3a @cr:704.5g
  Scenario: A creature another player controls dies into its owner's graveyard and its controller gets the trigger
    Given Bob controls Hangarback Walker with two +1/+1 counters on it
    And Alice owns Hangarback Walker
    And Alice has Flame Slash in her hand
    And Alice has {R} in her mana pool
    When Alice casts Flame Slash targeting Hangarback Walker
    And all players pass priority until the stack is empty
    Then Hangarback Walker is in Alice's graveyard
    And Bob controls two Thopter tokens
    And Alice controls no Thopter tokens

  @cr:400.3 @cr:110.2
  Scenario: A creature another player controls returns to its owner's hand
    Given Bob controls Grizzly Bears
    And Alice owns Grizzly Bears
    And Alice has Unsummon in her hand
    And Alice has {U} in her mana pool
    When Alice casts Unsummon targeting Grizzly Bears
    And all players pass priority
    Then Grizzly Bears is in Alice's hand
    And Bob has no cards in his hand

  @cr:603.10a @cr:603.3a
  Scenario: Dual Nature's trigger for a creature that left the battlefield is Dual Nature's ability
    Given Alice controls Dual Nature
    And Alice controls Grizzly Bears
    And Alice has Unsummon in her hand
    And Alice has {U} in her mana pool
    When Alice casts Unsummon targeting Grizzly Bears
    And all players pass priority
    Then Grizzly Bears is in Alice's hand
    And Dual Nature's triggered ability is on the stack
