Feature: Dual Nature
  Dual Nature: "Whenever a nontoken creature enters, its controller creates a token that's a
  copy of that creature. Whenever a nontoken creature leaves the battlefield, exile all tokens
  with the same name as that creature. When this enchantment leaves the battlefield, exile all
  tokens created with this enchantment."

  Background:
    Given a game between Alice and Bob
    And it is Alice's precombat main phase
    And Alice controls Dual Nature

  @ruling:dual-nature.left-before-token @cr:603.6c @cr:607.2c @cr:113.7a @cr:608.2h
  Scenario: A token made after Dual Nature has left stays on the battlefield
    Given Alice has Grizzly Bears in her hand
    And Alice has {G}{G} in her mana pool
    And Bob has Disenchant in his hand
    And Bob has {W}{W} in his mana pool
    When Alice casts Grizzly Bears
    And all players pass priority
    And Alice passes priority
    And Bob casts Disenchant targeting Dual Nature
    And all players pass priority until the stack is empty
    Then Dual Nature is in Alice's graveyard
    And Alice controls one Grizzly Bears token

  @ruling:dual-nature.left-before-token @cr:603.6c @cr:607.2c @cr:603.10a
  Scenario: A token made while Dual Nature was there is exiled when Dual Nature leaves
    Given Alice has Grizzly Bears in her hand
    And Alice has {G}{G} in her mana pool
    And Bob has Disenchant in his hand
    And Bob has {W}{W} in his mana pool
    When Alice casts Grizzly Bears
    And all players pass priority until the stack is empty
    Then Alice controls one Grizzly Bears token
    When Alice passes priority
    And Bob casts Disenchant targeting Dual Nature
    And all players pass priority until the stack is empty
    Then Alice controls no Grizzly Bears tokens
    And the original Grizzly Bears is on the battlefield

  @ruling:dual-nature.left-before-token @cr:607.2c @cr:603.10a
  Scenario: A second Dual Nature leaving exiles only the token it created
    # Review, 2026-12-04: "tokens created with this enchantment" are those this Dual Nature's own
    # first ability made (607.2c), not those of another object with its name. Each Dual Nature
    # made one token; the two triggers look alike, and either order ends the same.
    Given Alice controls a tapped Dual Nature
    And Alice has Grizzly Bears in her hand
    And Alice has {G}{G} in her mana pool
    And Bob has Disenchant in his hand
    And Bob has {W}{W} in his mana pool
    When Alice casts Grizzly Bears
    And all players pass priority until the stack is empty
    Then Alice controls two Grizzly Bears tokens
    When Alice passes priority
    And Bob casts Disenchant targeting the tapped Dual Nature
    And all players pass priority until the stack is empty
    Then Alice controls one Grizzly Bears token
    And the original Grizzly Bears is on the battlefield

  @ruling:dual-nature.left-before-token @cr:607.2c @cr:707.2 @cr:111.1
  Scenario: Jaxis's copy of a Dual Nature token was not created with Dual Nature and stays
    # Review, 2026-12-04: the copy was created with Jaxis's ability; which object created a token
    # is not a copiable value (707.2), so the copy of Dual Nature's token is not one of "the tokens
    # created with" Dual Nature (607.2c).
    Given Alice controls Jaxis, the Troublemaker
    And Alice has Island in her hand
    And Alice has Grizzly Bears in her hand
    And Alice has {G}{G}{R} in her mana pool
    And Bob has Disenchant in his hand
    And Bob has {W}{W} in his mana pool
    When Alice casts Grizzly Bears using {G}{G}
    And all players pass priority until the stack is empty
    And Alice activates Jaxis, the Troublemaker's ability targeting the token Grizzly Bears
    And all players pass priority until the stack is empty
    Then Alice controls two Grizzly Bears tokens
    When Alice passes priority
    And Bob casts Disenchant targeting Dual Nature
    And all players pass priority until the stack is empty
    Then Alice controls one Grizzly Bears token
    And the original Grizzly Bears is on the battlefield

  @ruling:dual-nature.left-before-token @cr:603.6c @cr:603.10a @cr:603.2
  Scenario: The token that escaped Dual Nature stays when the original creature leaves later
    Given Alice has Grizzly Bears in her hand
    And Alice has {G}{G} in her mana pool
    And Bob has Disenchant in his hand
    And Bob has Unsummon in his hand
    And Bob has {W}{W}{U} in his mana pool
    When Alice casts Grizzly Bears
    And all players pass priority
    And Alice passes priority
    And Bob casts Disenchant using {W}{W} targeting Dual Nature
    And all players pass priority until the stack is empty
    And Alice passes priority
    And Bob casts Unsummon targeting the original Grizzly Bears
    And all players pass priority until the stack is empty
    Then Grizzly Bears is in Alice's hand
    And Alice controls one Grizzly Bears token

  @ruling:dual-nature.enters-abilities @cr:707.2 @cr:603.6a
  Scenario: The token copy of Intrepid Rabbit has its enters ability, which triggers
    Given Alice has Intrepid Rabbit in her hand
    And Alice has {W}{W}{W} in her mana pool
    When Alice casts Intrepid Rabbit
    And all players pass priority
    And Alice puts her triggered abilities on the stack in any order
    And all players pass priority until the stack is empty
    And Alice chooses the token Intrepid Rabbit
    And all players pass priority until the stack is empty
    Then Alice controls one Intrepid Rabbit token
    And the token Intrepid Rabbit is a 4/3 creature
    And the original Intrepid Rabbit is a 4/3 creature

  @ruling:dual-nature.enters-abilities @ruling:jaxis.x-is-zero @cr:707.2 @cr:614.1c @cr:107.3m @needs:state-based-actions
  Scenario: The token copy of Endless One enters with X = 0, so with no counters, and dies
    Given Alice controls Agate Instigator
    And Alice has Endless One in her hand
    And Alice has {C}{C}{C} in her mana pool
    When Alice casts Endless One with X = 3
    And all players pass priority until the stack is empty
    Then the original Endless One has three +1/+1 counters on it
    And Endless One's mana value is 0
    # Agate Instigator saw both Endless Ones enter: the token was made, as a 0/0 that died.
    And Bob's life total is 18
    And Alice controls no Endless One tokens

  @ruling:dual-nature.not-kicked @cr:702.33d @cr:707.2
  Scenario: The token copy of a kicked Kavu Titan is not kicked
    Given Alice has Kavu Titan in her hand
    And Alice has {G}{G}{G}{G}{G} in her mana pool
    When Alice casts Kavu Titan paying its kicker cost
    And all players pass priority until the stack is empty
    Then the original Kavu Titan is a 5/5 creature
    And the original Kavu Titan has trample
    And the token Kavu Titan is a 2/2 creature
    And the token Kavu Titan does not have trample
    And the token Kavu Titan has no +1/+1 counters on it

  @ruling:dual-nature.not-kicked @cr:702.33d @cr:707.2
  Scenario: The token copy of an unkicked Kavu Titan is the same 2/2
    Given Alice has Kavu Titan in her hand
    And Alice has {G}{G} in her mana pool
    When Alice casts Kavu Titan
    And all players pass priority until the stack is empty
    Then the original Kavu Titan is a 2/2 creature
    And the token Kavu Titan is a 2/2 creature

  @ruling:dual-nature.legend-rule @cr:704.5j @cr:704.3
  Scenario: The legend rule asks at once; keeping the original puts the token away
    Given Alice has Isamaru, Hound of Konda in her hand
    And Alice has {W} in her mana pool
    When Alice casts Isamaru, Hound of Konda
    And all players pass priority until the stack is empty
    Then Alice must choose which Isamaru, Hound of Konda to keep
    When Alice chooses the original Isamaru, Hound of Konda
    Then the original Isamaru, Hound of Konda is on the battlefield
    And Alice controls no Isamaru, Hound of Konda tokens

  @ruling:dual-nature.legend-rule @cr:704.5j @cr:603.6c @cr:603.10a @needs:legend-rule
  Scenario: Keeping the token puts the original in the graveyard, and Dual Nature then exiles the token
    Given Alice has Isamaru, Hound of Konda in her hand
    And Alice has {W} in her mana pool
    When Alice casts Isamaru, Hound of Konda
    And all players pass priority until the stack is empty
    And Alice chooses the token Isamaru, Hound of Konda
    Then Isamaru, Hound of Konda is in Alice's graveyard
    When all players pass priority until the stack is empty
    Then Isamaru, Hound of Konda is not on the battlefield

  @ruling:dual-nature.left-before-token @cr:603.6c @cr:603.10a
  Scenario: The token is exiled when the original is returned to its owner's hand while Dual Nature is there
    Given Alice has Grizzly Bears in her hand
    And Alice has {G}{G} in her mana pool
    And Bob has Unsummon in his hand
    And Bob has {U} in his mana pool
    When Alice casts Grizzly Bears
    And all players pass priority until the stack is empty
    Then Alice controls one Grizzly Bears token
    When Alice passes priority
    And Bob casts Unsummon targeting the original Grizzly Bears
    And all players pass priority until the stack is empty
    Then Grizzly Bears is in Alice's hand
    And Alice controls no Grizzly Bears tokens

  @ruling:dual-nature.left-before-token @cr:603.6c @cr:607.2c @cr:111.1
  Scenario: When Dual Nature leaves, another card's token stays
    Given Alice controls Girder Goons
    And Alice has Murder in her hand
    And Alice has Grizzly Bears in her hand
    And Alice has {B}{B}{B}{G}{G} in her mana pool
    And Bob has Disenchant in his hand
    And Bob has {W}{W} in his mana pool
    When Alice casts Murder using {B}{B}{B} targeting Girder Goons
    And all players pass priority until the stack is empty
    Then Alice controls one Rogue token
    When Alice casts Grizzly Bears
    And all players pass priority until the stack is empty
    Then Alice controls one Grizzly Bears token
    When Alice passes priority
    And Bob casts Disenchant targeting Dual Nature
    And all players pass priority until the stack is empty
    Then Alice controls no Grizzly Bears tokens
    And Alice controls one Rogue token

  @ruling:dual-nature.left-before-token @cr:603.6c @cr:603.10a
  Scenario: Another card's token with the creature's name is exiled when the creature leaves
    Given Alice controls Grizzly Bears
    And Alice controls Jaxis, the Troublemaker
    And Alice has Island in her hand
    And Alice has {R} in her mana pool
    And Bob has Unsummon in his hand
    And Bob has {U} in his mana pool
    When Alice activates Jaxis, the Troublemaker's ability targeting Grizzly Bears
    And all players pass priority until the stack is empty
    Then Alice controls one Grizzly Bears token
    When Alice passes priority
    And Bob casts Unsummon targeting the original Grizzly Bears
    And all players pass priority until the stack is empty
    Then Grizzly Bears is in Alice's hand
    And Alice controls no Grizzly Bears tokens

  @ruling:dual-nature.legend-rule @cr:704.5j @cr:603.6a @cr:111.2
  Scenario: Dual Nature copies Bob's legendary creature for Bob, and the legend rule asks Bob
    Given it is Bob's precombat main phase
    And Bob has Isamaru, Hound of Konda in his hand
    And Bob has {W} in his mana pool
    When Bob casts Isamaru, Hound of Konda
    And all players pass priority until the stack is empty
    Then Bob must choose which Isamaru, Hound of Konda to keep
    When Bob chooses the original Isamaru, Hound of Konda
    Then the original Isamaru, Hound of Konda is on the battlefield
    And Bob controls no Isamaru, Hound of Konda tokens
    And Alice controls no Isamaru, Hound of Konda tokens

  @ruling:dual-nature.not-kicked @cr:702.33d @cr:707.2 @cr:608.2h
  Scenario: The kicked Kavu Titan is returned to its owner's hand before its token is made, and the token is still not kicked
    Given Alice has Kavu Titan in her hand
    And Alice has {G}{G}{G}{G}{G} in her mana pool
    And Bob has Unsummon in his hand
    And Bob has {U} in his mana pool
    When Alice casts Kavu Titan paying its kicker cost
    And all players pass priority
    And Alice passes priority
    And Bob casts Unsummon targeting Kavu Titan
    And all players pass priority until the stack is empty
    Then Kavu Titan is in Alice's hand
    And the token Kavu Titan is a 2/2 creature
    And the token Kavu Titan does not have trample
    And the token Kavu Titan has no +1/+1 counters on it

  @ruling:dual-nature.legend-rule @cr:704.5j @cr:603.6c
  Scenario: The legend rule puts away only Bob's own Isamaru; Alice's, with the same name, stays
    Given it is Bob's precombat main phase
    And Alice controls Isamaru, Hound of Konda
    And Bob has Isamaru, Hound of Konda in his hand
    And Bob has {W} in his mana pool
    When Bob casts Isamaru, Hound of Konda
    And all players pass priority until the stack is empty
    Then Bob must choose which Isamaru, Hound of Konda to keep
    When Bob chooses the token Isamaru, Hound of Konda
    And all players pass priority until the stack is empty
    Then Isamaru, Hound of Konda is in Bob's graveyard
    And Bob controls no Isamaru, Hound of Konda tokens
    And Alice controls one Isamaru, Hound of Konda

  @ruling:dual-nature.enters-abilities @cr:707.2 @cr:707.5 @cr:614.12
  Scenario: The token copy of a Clone that copied nothing has its "enter as a copy" ability, and uses it
    Given Alice controls Grizzly Bears
    And Alice has Clone in her hand
    And Alice has {U}{U}{U}{U} in her mana pool
    When Alice casts Clone
    And all players pass priority
    And Alice chooses not to copy anything
    And Alice puts her triggered abilities on the stack in any order
    And all players pass priority until the stack is empty
    And Alice chooses to copy Grizzly Bears
    And all players pass priority until the stack is empty
    Then Clone is in Alice's graveyard
    And Alice controls one Grizzly Bears token
    And the token Grizzly Bears is a 2/2 creature
