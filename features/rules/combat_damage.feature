@rules
Feature: Combat damage with blockers: who deals damage to whom, and how it is divided
  In the combat damage step each attacking and each blocking creature assigns combat damage equal
  to its power as the damage is assigned; a creature with 0 or less power assigns none (CR 510.1a).
  An unblocked creature assigns its damage to the player it attacks (CR 510.1b); a blocked creature
  to the creatures blocking it, divided as its controller chooses among several, and none if no
  creature blocks it any more (CR 510.1c); a blocking creature to the creature it blocks (CR
  510.1d). All of it is dealt at once (CR 510.2). A creature removed from combat stops being
  attacking or blocking, but an attacking creature stays blocked (CR 506.4, 509.1h). No seed ruling
  is about these rules, but the reference engine implements them, so these scenarios pin them.

  Background:
    Given a game between Alice and Bob
    And it is Alice's precombat main phase

  @cr:510.1b @cr:509.1h
  Scenario: An attacking creature the defending player doesn't block deals its damage to that player
    Given Alice controls Hill Giant
    And Bob controls Grizzly Bears
    When the game proceeds to Alice's declare attackers step
    And Alice declares Hill Giant as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares no blockers
    And the game proceeds to Alice's postcombat main phase
    Then Bob's life total is 17
    And Grizzly Bears has no damage marked on it

  @cr:510.1c @cr:510.1d @cr:704.5g
  @needs:state-based-actions
  Scenario: A blocked creature deals its damage to the creature blocking it, not to the player
    Given Alice controls Hill Giant
    And Bob controls Grizzly Bears
    When the game proceeds to Alice's declare attackers step
    And Alice declares Hill Giant as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Grizzly Bears as a blocker of Hill Giant
    And the game proceeds to Alice's postcombat main phase
    Then Bob's life total is 20
    And Grizzly Bears is in Bob's graveyard

  @cr:510.2 @cr:510.1d
  @needs:state-based-actions
  Scenario: A blocker destroyed by combat damage still deals its own, dealt at the same time
    Given Alice controls Hill Giant
    And Bob controls Grizzly Bears
    When the game proceeds to Alice's declare attackers step
    And Alice declares Hill Giant as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Grizzly Bears as a blocker of Hill Giant
    And the game proceeds to Alice's combat damage step
    Then Hill Giant has 2 damage marked on it
    And Grizzly Bears is in Bob's graveyard

  @cr:510.1c @cr:510.1d @cr:120.3e
  Scenario: A blocker that survives has the attacker's damage marked on it
    Given Alice controls Hill Giant
    And Bob controls Giant Spider
    When the game proceeds to Alice's declare attackers step
    And Alice declares Hill Giant as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Giant Spider as a blocker of Hill Giant
    And the game proceeds to Alice's combat damage step
    Then Giant Spider has 3 damage marked on it
    And Hill Giant has 2 damage marked on it
    And Bob's life total is 20

  @cr:510.1d @cr:704.5g
  @needs:state-based-actions
  Scenario: A blocker with greater toughness destroys the attacking creature and survives
    Given Alice controls Grizzly Bears
    And Bob controls Giant Spider
    When the game proceeds to Alice's declare attackers step
    And Alice declares Grizzly Bears as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Giant Spider as a blocker of Grizzly Bears
    And the game proceeds to Alice's postcombat main phase
    Then Grizzly Bears is in Alice's graveyard
    And Giant Spider is on the battlefield

  @cr:510.2 @cr:704.5g
  @needs:state-based-actions
  Scenario: Two creatures dealing each other damage exactly equal to their toughness both die
    Given Alice controls Hill Giant
    And Bob controls Hill Giant
    When the game proceeds to Alice's declare attackers step
    And Alice declares Hill Giant as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Hill Giant as a blocker of Alice's Hill Giant
    And the game proceeds to Alice's postcombat main phase
    Then Hill Giant is in Alice's graveyard
    And Hill Giant is in Bob's graveyard

  @cr:510.1b @cr:510.1c
  Scenario: Of two attackers, the blocked one damages its blocker and the unblocked one the player
    Given Alice controls Hill Giant
    And Alice controls Grizzly Bears
    And Bob controls Giant Spider
    When the game proceeds to Alice's declare attackers step
    And Alice declares Hill Giant and Grizzly Bears as attackers
    And the game proceeds to Alice's declare blockers step
    And Bob declares Giant Spider as a blocker of Hill Giant
    And the game proceeds to Alice's postcombat main phase
    Then Bob's life total is 18
    And Giant Spider has 3 damage marked on it

  @cr:510.1b @cr:510.2
  Scenario: The damage of two unblocked attackers adds up
    Given Alice controls Hill Giant
    And Alice controls Grizzly Bears
    When the game proceeds to Alice's declare attackers step
    And Alice declares Hill Giant and Grizzly Bears as attackers
    And the game proceeds to Alice's postcombat main phase
    Then Bob's life total is 15

  @cr:510.1c @cr:510.1
  Scenario: The attacking player divides the damage of a creature blocked by two creatures
    Given Alice controls Hill Giant
    And Bob controls Grizzly Bears
    And Bob controls Llanowar Elves
    When the game proceeds to Alice's declare attackers step
    And Alice declares Hill Giant as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Grizzly Bears and Llanowar Elves as blockers of Hill Giant
    And the game proceeds to Alice's combat damage step
    Then Alice may divide Hill Giant's combat damage as 2 to Grizzly Bears and 1 to Llanowar Elves

  @cr:510.1c @cr:704.5g
  @needs:state-based-actions
  Scenario: Damage divided to be lethal to each of two blockers destroys both
    Given Alice controls Hill Giant
    And Bob controls Grizzly Bears
    And Bob controls Llanowar Elves
    When the game proceeds to Alice's declare attackers step
    And Alice declares Hill Giant as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Grizzly Bears and Llanowar Elves as blockers of Hill Giant
    And the game proceeds to Alice's combat damage step
    And Alice divides Hill Giant's combat damage as 2 to Grizzly Bears and 1 to Llanowar Elves
    Then Grizzly Bears is in Bob's graveyard
    And Llanowar Elves is in Bob's graveyard
    And Hill Giant is in Alice's graveyard

  @cr:510.1c
  @needs:state-based-actions
  Scenario: All of a blocked creature's damage may go to one of its two blockers
    Given Alice controls Hill Giant
    And Bob controls Grizzly Bears
    And Bob controls Llanowar Elves
    When the game proceeds to Alice's declare attackers step
    And Alice declares Hill Giant as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Grizzly Bears and Llanowar Elves as blockers of Hill Giant
    And the game proceeds to Alice's combat damage step
    And Alice divides Hill Giant's combat damage as 3 to Llanowar Elves
    Then Llanowar Elves is in Bob's graveyard
    And Grizzly Bears has no damage marked on it

  @cr:510.1c
  Scenario: Damage is divided among blockers with no order and no need to be lethal to any first
    # Since the damage assignment order was removed, 1 to the Bears and 2 to the Elves is as legal as the reverse.
    Given Alice controls Hill Giant
    And Bob controls Grizzly Bears
    And Bob controls Llanowar Elves
    When the game proceeds to Alice's declare attackers step
    And Alice declares Hill Giant as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Grizzly Bears and Llanowar Elves as blockers of Hill Giant
    And the game proceeds to Alice's combat damage step
    Then Alice may divide Hill Giant's combat damage as 1 to Grizzly Bears and 2 to Llanowar Elves
    And Alice may divide Hill Giant's combat damage as 1 to Llanowar Elves and 2 to Grizzly Bears
    And Alice may divide Hill Giant's combat damage as 3 to Grizzly Bears
    And Alice can't divide Hill Giant's combat damage as 2 to Grizzly Bears and 1 to Bob

  @cr:510.1c
  @needs:state-based-actions
  Scenario: Damage divided without lethal damage to either blocker destroys neither
    Given Alice controls Hill Giant
    And Bob controls Grizzly Bears
    And Bob controls Giant Spider
    When the game proceeds to Alice's declare attackers step
    And Alice declares Hill Giant as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Grizzly Bears and Giant Spider as blockers of Hill Giant
    And the game proceeds to Alice's combat damage step
    And Alice divides Hill Giant's combat damage as 1 to Grizzly Bears and 2 to Giant Spider
    Then Grizzly Bears has 1 damage marked on it
    And Giant Spider has 2 damage marked on it
    And Hill Giant is in Alice's graveyard

  @cr:509.1h @cr:510.1c @cr:506.4
  Scenario: A blocked creature whose blocker has left combat deals no combat damage
    Given Alice controls Hill Giant
    And Alice controls Island
    And Alice has Unsummon in her hand
    And Bob controls Grizzly Bears
    When the game proceeds to Alice's declare attackers step
    And Alice declares Hill Giant as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Grizzly Bears as a blocker of Hill Giant
    And Alice taps Island for mana
    And Alice casts Unsummon targeting Grizzly Bears
    And all players pass priority
    Then Hill Giant is blocked
    When the game proceeds to Alice's postcombat main phase
    Then Bob's life total is 20
    And Grizzly Bears is in Bob's hand

  @cr:510.1c @cr:506.4
  @needs:state-based-actions
  Scenario: When one of two blockers leaves combat, all the damage goes to the other
    Given Alice controls Hill Giant
    And Alice controls Island
    And Alice has Unsummon in her hand
    And Bob controls Grizzly Bears
    And Bob controls Llanowar Elves
    When the game proceeds to Alice's declare attackers step
    And Alice declares Hill Giant as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Grizzly Bears and Llanowar Elves as blockers of Hill Giant
    And Alice taps Island for mana
    And Alice casts Unsummon targeting Llanowar Elves
    And all players pass priority
    And the game proceeds to Alice's combat damage step
    Then Grizzly Bears is in Bob's graveyard
    And Hill Giant has 2 damage marked on it
    And no player is asked to choose anything

  @cr:510.1d @cr:506.4 @cr:304.1 @cr:117.3b
  Scenario: A blocker whose attacker has left combat deals no combat damage
    # Bob casts an instant during Alice's turn, once she passes priority to him (117.3d, 304.1);
    # once it resolves, the active player receives priority (117.3b).
    Given Alice controls Hill Giant
    And Bob controls Grizzly Bears
    And Bob controls Island
    And Bob has Unsummon in his hand
    When the game proceeds to Alice's declare attackers step
    And Alice declares Hill Giant as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Grizzly Bears as a blocker of Hill Giant
    And Alice passes priority
    And Bob taps Island for mana
    And Bob casts Unsummon targeting Hill Giant
    And all players pass priority
    Then Alice has priority
    And Hill Giant is in Alice's hand
    When the game proceeds to Alice's postcombat main phase
    Then Grizzly Bears has no damage marked on it
    And Bob's life total is 20
    And Alice's life total is 20

  @cr:510.1a
  Scenario: Damage equals the attacker's power as damage is dealt, after a pump once attackers are declared
    Given Alice controls Grizzly Bears
    And Alice controls Forest
    And Alice has Giant Growth in her hand
    When the game proceeds to Alice's declare attackers step
    And Alice declares Grizzly Bears as an attacker
    And Alice taps Forest for mana
    And Alice casts Giant Growth targeting Grizzly Bears
    And all players pass priority
    And the game proceeds to Alice's postcombat main phase
    Then Bob's life total is 15

  @cr:510.1a @cr:510.1d
  @needs:state-based-actions
  Scenario: A blocker pumped after blocks deals damage equal to its power then
    Given Alice controls Hill Giant
    And Bob controls Grizzly Bears
    And Bob controls Forest
    And Bob has Giant Growth in his hand
    When the game proceeds to Alice's declare attackers step
    And Alice declares Hill Giant as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Grizzly Bears as a blocker of Hill Giant
    And Alice passes priority
    And Bob taps Forest for mana
    And Bob casts Giant Growth targeting Grizzly Bears
    And all players pass priority
    And the game proceeds to Alice's postcombat main phase
    Then Hill Giant is in Alice's graveyard
    And Grizzly Bears is on the battlefield

  @cr:510.1a @cr:122.1
  Scenario: An attacking creature with power below 0 deals no combat damage
    Given Alice controls Ornithopter
    And Ornithopter has a -1/-1 counter on it
    When the game proceeds to Alice's declare attackers step
    And Alice declares Ornithopter as an attacker
    And the game proceeds to Alice's postcombat main phase
    Then Bob's life total is 20
    And Ornithopter is a -1/1 creature

  @cr:508.1a @cr:302.6
  Scenario: A creature that came under its controller's control during the opponent's turn can attack in hers
    Given it is Bob's end step of turn 4
    And Alice controls Grizzly Bears, which came under her control this turn
    And Alice has Forest in her library
    When the game proceeds to Alice's declare attackers step
    And Alice declares Grizzly Bears as an attacker
    Then Grizzly Bears is attacking Bob

  @cr:508.1 @cr:508.1a
  Scenario: A declaration of attackers with one illegal attacker is illegal as a whole
    Given Alice controls tapped Grizzly Bears
    And Alice controls Llanowar Elves
    When the game proceeds to Alice's declare attackers step
    And Alice declares Llanowar Elves and Grizzly Bears as attackers
    Then the action is rejected for being already tapped or an illegal attacker
    And Llanowar Elves is untapped
    And Llanowar Elves is not attacking

  @cr:508.1a @cr:110.2
  Scenario: A creature a player controls but doesn't own can attack
    Given Alice controls Grizzly Bears
    And Bob owns Grizzly Bears
    When the game proceeds to Alice's declare attackers step
    And Alice declares Grizzly Bears as an attacker
    And the game proceeds to Alice's postcombat main phase
    Then Bob's life total is 18

  @cr:506.4b @cr:510.1d
  @needs:state-based-actions
  Scenario: A blocker tapped after blockers are declared still deals its combat damage
    # Review, 2026-12-04: tapping a blocking creature (here for mana) neither removes it from
    # combat nor prevents its combat damage (506.4b).
    Given Alice controls Hill Giant
    And Bob controls Llanowar Elves
    When the game proceeds to Alice's declare attackers step
    And Alice declares Hill Giant as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Llanowar Elves as a blocker of Hill Giant
    And Alice passes priority
    And Bob taps Llanowar Elves for mana
    Then Llanowar Elves is tapped
    And Llanowar Elves is blocking Hill Giant
    When the game proceeds to Alice's postcombat main phase
    Then Hill Giant has 1 damage marked on it
    And Llanowar Elves is in Bob's graveyard

  @cr:509.1h @cr:510.1c @cr:702.4b
  @needs:state-based-actions
  Scenario: A double striker whose blocker died in the first step stays blocked and deals no damage in the second
    # Review, 2026-12-04: a blocked creature stays blocked when its blocker leaves (509.1h), so
    # Fencing Ace assigns no damage in the second combat damage step (510.1c), none to Bob.
    Given Alice controls Fencing Ace
    And Bob controls Llanowar Elves
    When the game proceeds to Alice's declare attackers step
    And Alice declares Fencing Ace as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Llanowar Elves as a blocker of Fencing Ace
    And the game proceeds to Alice's combat damage step
    Then Llanowar Elves is in Bob's graveyard
    When all players pass priority
    Then it is Alice's combat damage step
    And Fencing Ace is blocked
    And Bob's life total is 20
    And Fencing Ace has no damage marked on it

  @cr:510.1c @cr:510.4 @cr:702.4b
  @needs:state-based-actions
  Scenario: A double striker divides its damage again in the second combat damage step among the blockers left
    # wingedsheep/argentum-engine pull request #1598: the division chosen in the first combat damage
    # step was reused in the second, where its damage for a blocker no longer there was lost (or,
    # with trample, sent to the player); each step's damage is divided among the creatures blocking then.
    Given Alice controls Fencing Ace
    And Bob controls Llanowar Elves
    And Bob controls Ornithopter
    When the game proceeds to Alice's declare attackers step
    And Alice declares Fencing Ace as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Llanowar Elves and Ornithopter as blockers of Fencing Ace
    And the game proceeds to Alice's combat damage step
    And Alice divides Fencing Ace's combat damage as 1 to Llanowar Elves
    Then Llanowar Elves is in Bob's graveyard
    And Ornithopter has no damage marked on it
    When all players pass priority
    Then it is Alice's combat damage step
    And Ornithopter has 1 damage marked on it
    And Fencing Ace has no damage marked on it

  @cr:506.4 @cr:400.7 @cr:510.1c
  @needs:state-based-actions
  Scenario: A blocker that dies and returns to the battlefield is a new object, not blocking
    # phase-rs/phase pull request #4679: a permanent leaving the battlefield stayed among the combat's
    # blockers, so a blocker that died and came back (there by undying, here by Order of Whiteclay)
    # was still blocking; it is a new object, removed from combat as the old one left (506.4, 400.7).
    Given Alice controls Hill Giant
    And Alice controls three Swamps
    And Alice has Murder in her hand
    And Bob controls Grizzly Bears
    And Bob controls a tapped Order of Whiteclay
    And Bob controls three Plains
    When the game proceeds to Alice's declare attackers step
    And Alice declares Hill Giant as an attacker
    And the game proceeds to Alice's declare blockers step
    And Bob declares Grizzly Bears as a blocker of Hill Giant
    And Alice casts Murder tapping three Swamps for mana targeting Grizzly Bears
    And all players pass priority
    Then Grizzly Bears is in Bob's graveyard
    When Alice passes priority
    And Bob activates Order of Whiteclay's ability tapping three Plains for mana targeting Grizzly Bears in his graveyard
    And all players pass priority
    Then Grizzly Bears is on the battlefield
    And Grizzly Bears is not blocking
    And Hill Giant is blocked
    When the game proceeds to Alice's postcombat main phase
    Then Grizzly Bears is on the battlefield
    And Grizzly Bears has no damage marked on it
    And Hill Giant has no damage marked on it
    And Bob's life total is 20
