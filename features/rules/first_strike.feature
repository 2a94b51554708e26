@rules
Feature: First strike and double strike: the first combat damage step
  If an attacking or blocking creature has first strike or double strike as the combat damage step
  begins, only creatures with first strike or double strike assign combat damage in it; then the
  combat gets a second combat damage step, in which the others assign theirs, and creatures with
  double strike assign theirs again (CR 510.4, 702.4b, 702.7b). State-based actions are checked
  between the two steps, so a creature destroyed in the first deals no damage in the second. Mana
  empties from the pool at the end of each step, the first combat damage step included (CR 500.5).
  No seed ruling is about these rules, but the reference engine implements them, so these
  scenarios pin them.

  Background:
    Given a game between Alice and Bob
    And it is Alice's precombat main phase

  @cr:702.7b @cr:510.4 @cr:704.5g
  @needs:state-based-actions
  Scenario: An attacker with first strike destroys its blocker before the blocker deals damage
    Given Alice controls Youthful Knight
    And Bob controls Grizzly Bears
    When the game proceeds to Alice's declare attackers step
    And Alice declares Youthful Knight as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Grizzly Bears as a blocker of Youthful Knight
    And the game proceeds to Alice's postcombat main phase
    Then Grizzly Bears is in Bob's graveyard
    And Youthful Knight is on the battlefield

  @cr:702.7b @cr:510.4 @cr:704.5g
  @needs:state-based-actions
  Scenario: A blocker with first strike destroys the attacker before it deals damage
    Given Alice controls Grizzly Bears
    And Bob controls Youthful Knight
    When the game proceeds to Alice's declare attackers step
    And Alice declares Grizzly Bears as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Youthful Knight as a blocker of Grizzly Bears
    And the game proceeds to Alice's postcombat main phase
    Then Grizzly Bears is in Alice's graveyard
    And Youthful Knight is on the battlefield

  @cr:510.4 @cr:702.7b
  @needs:state-based-actions
  Scenario: First strike adds a second combat damage step
    Given Alice controls Youthful Knight
    And Bob controls Grizzly Bears
    When the game proceeds to Alice's declare attackers step
    And Alice declares Youthful Knight as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Grizzly Bears as a blocker of Youthful Knight
    And the game proceeds to Alice's combat damage step
    Then Grizzly Bears is in Bob's graveyard
    When all players pass priority
    Then it is Alice's combat damage step
    When all players pass priority
    Then it is Alice's end of combat step

  @cr:510.4 @cr:511.1
  Scenario: Without first or double strike, the combat has one combat damage step
    # Bob's Youthful Knight has first strike but neither attacks nor blocks: 510.4 counts only
    # attacking and blocking creatures (review, 2026-12-04).
    Given Alice controls Hill Giant
    And Bob controls Grizzly Bears
    And Bob controls Youthful Knight
    When the game proceeds to Alice's declare attackers step
    And Alice declares Hill Giant as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Grizzly Bears as a blocker of Hill Giant
    And the game proceeds to Alice's combat damage step
    And all players pass priority
    Then it is Alice's end of combat step

  @cr:510.4 @cr:702.7b
  Scenario: A creature without first strike deals its damage in the second combat damage step
    Given Alice controls Youthful Knight
    And Alice controls Hill Giant
    When the game proceeds to Alice's declare attackers step
    And Alice declares Youthful Knight and Hill Giant as attackers
    And the game proceeds to Alice's combat damage step
    Then Bob's life total is 18
    When all players pass priority
    Then Bob's life total is 15

  @cr:702.7b @cr:510.4
  Scenario: A creature with first strike deals no damage in the second combat damage step
    Given Alice controls Youthful Knight
    When the game proceeds to Alice's declare attackers step
    And Alice declares Youthful Knight as an attacker
    And the game proceeds to Alice's postcombat main phase
    Then Bob's life total is 18

  @cr:702.4b @cr:510.4
  Scenario: A creature with double strike deals combat damage in both combat damage steps
    Given Alice controls Fencing Ace
    When the game proceeds to Alice's declare attackers step
    And Alice declares Fencing Ace as an attacker
    And the game proceeds to Alice's combat damage step
    Then Bob's life total is 19
    When all players pass priority
    Then Bob's life total is 18
    And it is Alice's combat damage step

  @cr:702.4b @cr:510.4 @cr:704.5g
  @needs:state-based-actions
  Scenario: A double striker's damage in both steps adds up on its blocker, which strikes back in the second
    Given Alice controls Fencing Ace
    And Bob controls Grizzly Bears
    When the game proceeds to Alice's declare attackers step
    And Alice declares Fencing Ace as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Grizzly Bears as a blocker of Fencing Ace
    And the game proceeds to Alice's combat damage step
    Then Grizzly Bears has 1 damage marked on it
    And Fencing Ace has no damage marked on it
    When all players pass priority
    Then Grizzly Bears is in Bob's graveyard
    And Fencing Ace is in Alice's graveyard

  @cr:702.4b @cr:510.4 @cr:120.6
  @needs:state-based-actions
  Scenario: A blocker with double strike deals damage in both steps, the attacker only in the second
    Given Alice controls Hill Giant
    And Bob controls Fencing Ace
    When the game proceeds to Alice's declare attackers step
    And Alice declares Hill Giant as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Fencing Ace as a blocker of Hill Giant
    And the game proceeds to Alice's postcombat main phase
    Then Hill Giant has 2 damage marked on it
    And Fencing Ace is in Bob's graveyard

  @cr:702.7b @cr:510.2 @cr:704.5g
  @needs:state-based-actions
  Scenario: Two creatures with first strike deal their damage to each other at the same time
    Given Alice controls Youthful Knight
    And Bob controls Youthful Knight
    When the game proceeds to Alice's declare attackers step
    And Alice declares Youthful Knight as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Youthful Knight as a blocker of Alice's Youthful Knight
    And the game proceeds to Alice's combat damage step
    Then Youthful Knight is in Alice's graveyard
    And Youthful Knight is in Bob's graveyard

  @cr:500.5 @cr:510.4
  Scenario: Mana empties from the pool at the end of the first combat damage step
    Given Alice controls Youthful Knight
    And Alice controls Forest
    When the game proceeds to Alice's declare attackers step
    And Alice declares Youthful Knight as an attacker
    And the game proceeds to Alice's combat damage step
    And Alice taps Forest for mana
    And all players pass priority
    Then it is Alice's combat damage step
    And Alice's mana pool is empty

  @cr:702.7c @cr:510.4
  Scenario: A creature that loses first strike after the first combat damage step deals no damage in the second
    Given Alice controls Youthful Knight
    And Alice controls two Islands
    And Alice has Turn to Frog in her hand
    When the game proceeds to Alice's declare attackers step
    And Alice declares Youthful Knight as an attacker
    And the game proceeds to Alice's combat damage step
    Then Youthful Knight has first strike
    And Bob's life total is 18
    When Alice taps Island for mana
    And Alice taps Island for mana
    And Alice casts Turn to Frog targeting Youthful Knight
    And all players pass priority
    Then Youthful Knight does not have first strike
    When all players pass priority
    Then it is Alice's combat damage step
    And Bob's life total is 18

  @cr:702.4c @cr:510.4
  Scenario: A creature that loses double strike during the first combat damage step deals no damage in the second
    Given Alice controls Fencing Ace
    And Alice controls two Islands
    And Alice has Turn to Frog in her hand
    When the game proceeds to Alice's declare attackers step
    And Alice declares Fencing Ace as an attacker
    And the game proceeds to Alice's combat damage step
    Then Fencing Ace has double strike
    And Bob's life total is 19
    When Alice taps Island for mana
    And Alice taps Island for mana
    And Alice casts Turn to Frog targeting Fencing Ace
    And all players pass priority
    Then Fencing Ace does not have double strike
    When all players pass priority
    Then it is Alice's combat damage step
    And Bob's life total is 19

  @cr:702.7c @cr:510.4
  Scenario: A creature that gains first strike after the first combat damage step deals its damage in the second
    Given Alice controls Youthful Knight
    And Alice controls Grizzly Bears
    And Alice controls Mountain
    And Alice has Kindled Fury in her hand
    When the game proceeds to Alice's declare attackers step
    And Alice declares Youthful Knight and Grizzly Bears as attackers
    And the game proceeds to Alice's combat damage step
    Then Bob's life total is 18
    When Alice taps Mountain for mana
    And Alice casts Kindled Fury targeting Grizzly Bears
    And all players pass priority
    Then Grizzly Bears has first strike
    When all players pass priority
    Then it is Alice's combat damage step
    And Bob's life total is 15

  @cr:510.4 @cr:702.7b
  @needs:state-based-actions
  Scenario: A creature given first strike after blockers are declared deals its damage in the first combat damage step
    # Review, 2026-12-04: who strikes first is read as the combat damage step begins (510.4), not
    # as blockers are declared nor from the printed card; both creatures then deal their damage in
    # the first step, at the same time.
    Given Alice controls Grizzly Bears
    And Alice controls Mountain
    And Alice has Kindled Fury in her hand
    And Bob controls Youthful Knight
    When the game proceeds to Alice's declare attackers step
    And Alice declares Grizzly Bears as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Youthful Knight as a blocker of Grizzly Bears
    And Alice taps Mountain for mana
    And Alice casts Kindled Fury targeting Grizzly Bears
    And all players pass priority
    Then Grizzly Bears has first strike
    When the game proceeds to Alice's combat damage step
    Then Youthful Knight is in Bob's graveyard
    And Grizzly Bears is in Alice's graveyard

  @cr:702.7b @cr:510.4 @cr:510.1a
  Scenario: A first striker that dealt no damage in the first combat damage step deals none in the second
    # magefree/mage pull request #12297, as first submitted: the second combat damage step took the
    # creatures that had dealt no damage in the first, so a first striker with 0 power then, pumped
    # between the steps, struck in the second; it had first strike as the first step began (702.7b).
    Given Alice controls Ornithopter
    And Ornithopter has a -1/-1 counter on it
    And Alice controls Mountain
    And Alice controls Forest
    And Alice has Kindled Fury in her hand
    And Alice has Giant Growth in her hand
    When Alice taps Mountain for mana
    And Alice casts Kindled Fury targeting Ornithopter
    And all players pass priority
    Then Ornithopter is a 0/1 creature
    And Ornithopter has first strike
    When the game proceeds to Alice's declare attackers step
    And Alice declares Ornithopter as an attacker
    And the game proceeds to Alice's combat damage step
    Then Bob's life total is 20
    When Alice taps Forest for mana
    And Alice casts Giant Growth targeting Ornithopter
    And all players pass priority
    Then Ornithopter is a 3/4 creature
    When all players pass priority
    Then it is Alice's combat damage step
    And Bob's life total is 20
