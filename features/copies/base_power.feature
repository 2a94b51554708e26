Feature: Base power and toughness
  Base power and toughness are a creature's power and toughness after characteristic-defining
  abilities and effects that set them, before effects that modify them and counters (CR 208.4b).
  Zinnia, Valley's Voice gets +X/+0, where X is the number of other creatures its controller
  controls with base power 1.

  Background:
    Given a game between Alice and Bob
    And it is Alice's precombat main phase

  @ruling:base-power.definition @cr:208.4b @cr:613.4c
  Scenario: A pumped creature keeps its printed base power
    Given Alice controls Grizzly Bears
    And Alice has Giant Growth in her hand
    And Alice has {G} in her mana pool
    When Alice casts Giant Growth targeting Grizzly Bears
    And all players pass priority
    Then Grizzly Bears is a 5/5 creature
    And Grizzly Bears's base power and toughness are 2/2

  @ruling:base-power.definition @cr:208.4b @cr:613.4c
  Scenario: Counters don't change base power
    Given Alice controls Grizzly Bears with two +1/+1 counters on it
    Then Grizzly Bears is a 4/4 creature
    And Grizzly Bears's base power and toughness are 2/2

  @ruling:base-power.definition @cr:208.4b @cr:613.4b
  Scenario: An effect that sets power and toughness sets the base
    Given Alice controls Grizzly Bears
    And Alice has Turn to Frog in her hand
    And Alice has {U}{U} in her mana pool
    When Alice casts Turn to Frog targeting Grizzly Bears
    And all players pass priority
    Then Grizzly Bears's base power and toughness are 1/1
    And Grizzly Bears's creature types are Frog

  @ruling:base-power.definition @cr:208.4b @cr:111.3 @cr:707.9b
  Scenario: A token's base power is the power the effect that created it set
    Given Alice has Intrepid Rabbit in her hand
    And Alice has {W}{W}{W}{W} in her mana pool
    When Alice casts Intrepid Rabbit paying its offspring cost
    And all players pass priority
    And Alice puts her triggered abilities on the stack in any order
    And all players pass priority until the stack is empty
    And Alice chooses the original Intrepid Rabbit
    And all players pass priority until the stack is empty
    Then the token Intrepid Rabbit's base power and toughness are 1/1
    And the original Intrepid Rabbit's base power and toughness are 3/2

  @ruling:base-power.definition @cr:208.4b @cr:613.4b @cr:613.4c
  Scenario: A setting effect sets the base and leaves the counters counting on top of it
    Given Alice controls Grizzly Bears with two +1/+1 counters on it
    And Alice has Turn to Frog in her hand
    And Alice has {U}{U} in her mana pool
    When Alice casts Turn to Frog targeting Grizzly Bears
    And all players pass priority
    Then Grizzly Bears's base power and toughness are 1/1
    And Grizzly Bears is a 3/3 creature

  @ruling:base-power.definition @cr:208.4b @cr:613.4b @cr:613.7
  Scenario: Of two effects that set power and toughness, the later one sets the base
    Given Alice controls Forest
    And Alice has Animate Land in her hand
    And Alice has Turn to Frog in her hand
    And Alice has {G}{U}{U} in her mana pool
    When Alice casts Animate Land using {G} targeting Forest
    And all players pass priority
    Then Forest's base power and toughness are 3/3
    When Alice casts Turn to Frog targeting Forest
    And all players pass priority
    Then Forest's base power and toughness are 1/1
    And Forest is a 1/1 creature

  @ruling:base-power.definition @cr:208.4b @cr:613.4b
  Scenario: Zinnia counts a creature whose power was set to 1
    Given Alice controls Zinnia, Valley's Voice
    And Alice controls Grizzly Bears
    And Alice has Turn to Frog in her hand
    And Alice has {U}{U} in her mana pool
    When Alice casts Turn to Frog targeting Grizzly Bears
    And all players pass priority
    Then Zinnia, Valley's Voice is a 2/3 creature

  @ruling:base-power.definition @cr:208.4b @cr:613.4c
  Scenario: Zinnia does not count a creature pumped up to power 1
    Given Alice controls Zinnia, Valley's Voice
    And Alice controls Ornithopter
    And Alice controls Glorious Anthem
    Then Ornithopter is a 1/3 creature
    And Ornithopter's base power and toughness are 0/2
    And Zinnia, Valley's Voice is a 2/4 creature

  @ruling:base-power.cda @cr:208.4b @cr:604.3 @cr:613.4a
  Scenario: A characteristic-defining ability is part of base power
    Given Alice controls Crusader of Odric
    And Alice controls Grizzly Bears
    And Alice controls Glorious Anthem
    Then Crusader of Odric's base power and toughness are 2/2
    And Crusader of Odric is a 3/3 creature

  @ruling:base-power.cda @ruling:base-power.definition @cr:109.5 @cr:604.3 @cr:208.4b
  Scenario: Zinnia and Crusader of Odric count only their controller's creatures
    # Review, 2026-12-04: "you" on a static ability is the controller of the object it's on
    # (109.5): Bob's creatures count for neither. Crusader of Odric counts Zinnia and itself, so its
    # base power is 2, and Zinnia's only other creature has no base power 1.
    Given Alice controls Zinnia, Valley's Voice
    And Alice controls Crusader of Odric
    And Bob controls Llanowar Elves
    And Bob controls Grizzly Bears
    Then Crusader of Odric is a 2/2 creature
    And Crusader of Odric's base power and toughness are 2/2
    And Zinnia, Valley's Voice is a 1/3 creature

  @ruling:base-power.cda @cr:208.4b @cr:613.4a @cr:613.4b
  Scenario: A setting effect applies after the characteristic-defining ability
    Given Alice controls Crusader of Odric
    And Alice controls Grizzly Bears
    And Alice controls Ornithopter
    And Alice has Turn to Frog in her hand
    And Alice has {U}{U} in her mana pool
    Then Crusader of Odric's base power and toughness are 3/3
    When Alice casts Turn to Frog targeting Crusader of Odric
    And all players pass priority
    Then Crusader of Odric's base power and toughness are 1/1

  @ruling:base-power.cda @cr:208.4b @cr:613.4a @cr:613.4b
  Scenario: A setting effect that leaves the characteristic-defining ability in place still wins over it
    Given Alice controls Crusader of Odric
    And Alice controls Grizzly Bears
    And Alice has Diminish in her hand
    And Alice has {U} in her mana pool
    Then Crusader of Odric's base power and toughness are 2/2
    When Alice casts Diminish targeting Crusader of Odric
    And all players pass priority
    Then Crusader of Odric's base power and toughness are 1/1
    And Crusader of Odric is a 1/1 creature

  @ruling:base-power.bonus-not-cda @cr:208.4b @cr:604.3 @cr:613.4c
  Scenario: A bonus ability is not characteristic-defining and leaves base power alone
    Given Alice controls Kird Ape
    And Alice controls Forest
    Then Kird Ape is a 2/3 creature
    And Kird Ape's base power and toughness are 1/1

  @ruling:base-power.bonus-not-cda @cr:208.4b @cr:613.4c
  Scenario: Zinnia counts Kird Ape, base power 1, even while its bonus makes it 2/3
    Given Alice controls Zinnia, Valley's Voice
    And Alice controls Kird Ape
    And Alice controls Forest
    Then Zinnia, Valley's Voice is a 2/3 creature

  @ruling:base-power.bonus-not-cda @cr:208.4b @cr:122.1
  Scenario: Counters on a 0/0 creature don't give it base power 1
    Given Alice controls Zinnia, Valley's Voice
    And Alice controls Hangarback Walker with one +1/+1 counter on it
    Then Hangarback Walker is a 1/1 creature
    And Hangarback Walker's base power and toughness are 0/0
    And Zinnia, Valley's Voice is a 1/3 creature
