@ruling:x.enters-uses-spell-x
Feature: X in an entering permanent's replacement effects
  Ruling: an enters-the-battlefield triggered ability or replacement effect that refers
  to X uses the X chosen for the spell, although X is 0 for the permanent.
  (CR 107.3m, an exception to 107.3i; mana value 202.3e)

  Background:
    Given a game between Alice and Bob
    And it is Alice's precombat main phase

  @cr:107.3m @cr:614.1c @cr:202.3e
  Scenario: Endless One cast with X = 3 enters with three +1/+1 counters and mana value 0
    Given Alice has Endless One in her hand
    And Alice has {G}{G}{G} in her mana pool
    When Alice casts Endless One with X = 3
    And all players pass priority
    Then Endless One has three +1/+1 counters on it
    And Endless One is a 3/3 creature
    And Endless One's mana value is 0
    And Alice's mana pool is empty

  @cr:202.3e @cr:601.2c @cr:115.1
  Scenario: Endless One on the stack has the mana value of the X chosen for it
    # Review, 2026-12-04: X is 0 in the mana value of the permanent Endless One becomes, but the
    # number chosen for it while the spell is on the stack (202.3e): cast with X = 2, its mana value
    # is 2, so Spell Snare can target it.
    Given Alice has Endless One in her hand
    And Alice has {G}{G} in her mana pool
    And Bob has Spell Snare in his hand
    And Bob has {U} in his mana pool
    When Alice casts Endless One with X = 2
    And Alice passes priority
    And Bob casts Spell Snare targeting Endless One
    Then Spell Snare is on the stack
    When all players pass priority until the stack is empty
    Then Endless One is in Alice's graveyard
    And Bob's mana pool is empty

  @cr:107.3m @cr:107.3i @cr:614.1c
  Scenario: Hangarback Walker cast with X = 2 costs four mana and enters with two counters, not four
    Given Alice has Hangarback Walker in her hand
    And Alice has {C}{C}{C}{C} in her mana pool
    When Alice casts Hangarback Walker with X = 2
    And all players pass priority
    Then Hangarback Walker has two +1/+1 counters on it
    And Hangarback Walker is a 2/2 creature
    And Hangarback Walker's mana value is 0
    And Alice's mana pool is empty

  @cr:107.3m @cr:601.2f @cr:601.2h
  Scenario: Hangarback Walker with X = 2 can't be cast with three mana
    Given Alice has Hangarback Walker in her hand
    And Alice has {C}{C}{C} in her mana pool
    When Alice casts Hangarback Walker with X = 2
    Then the action is rejected for an unpayable cost
    And Hangarback Walker is in Alice's hand
    And Alice's mana pool contains exactly {C}{C}{C}

  @cr:107.3m @cr:704.5f @needs:state-based-actions
  Scenario: Endless One cast with X = 0 enters with no counters and dies as a 0/0
    Given Alice has Endless One in her hand
    When Alice casts Endless One with X = 0
    And all players pass priority
    Then Endless One is in Alice's graveyard

  @cr:107.3m @cr:400.7 @cr:704.5f
  Scenario: Hangarback Walker returned from the graveyard by an ability enters with X of 0 and dies
    Given Alice controls a tapped Order of Whiteclay
    And Alice has Hangarback Walker in her hand
    And Alice has Murder in her hand
    And Alice has {C}{C}{C}{C}{B}{B}{B}{W}{W}{C} in her mana pool
    When Alice casts Hangarback Walker with X = 2 using {C}{C}{C}{C}
    And all players pass priority
    And Alice casts Murder using {B}{B}{B} targeting Hangarback Walker
    And all players pass priority until the stack is empty
    Then Alice controls two Thopter tokens
    When Alice activates Order of Whiteclay's ability targeting Hangarback Walker in her graveyard
    And all players pass priority until the stack is empty
    Then Hangarback Walker is in Alice's graveyard
    And Alice controls two Thopter tokens
