Feature: Jaxis, the Troublemaker
  Jaxis, the Troublemaker: "{R}, {T}, Discard a card: Create a token that's a copy of another target
  creature you control. It gains haste and 'When this token dies, draw a card.' Sacrifice it at the
  beginning of the next end step. Activate only as a sorcery."

  Background:
    Given a game between Alice and Bob
    And it is Alice's precombat main phase
    And Alice controls Jaxis, the Troublemaker
    And Alice has Island in her hand
    And Alice has {R} in her mana pool
    And Alice has Forest in her library
    And Alice has Plains in her library
    And Bob has Swamp in his library

  @ruling:jaxis.multiple-tokens @cr:614.1a @cr:603.7
  Scenario: With Doubling Season, both tokens gain haste and both are sacrificed at the end step
    Given Alice controls Doubling Season
    And Alice controls Grizzly Bears
    When Alice activates Jaxis, the Troublemaker's ability targeting Grizzly Bears
    And all players pass priority until the stack is empty
    Then Alice controls two Grizzly Bears tokens
    And each Grizzly Bears token has haste
    And Island is in Alice's graveyard
    When the game proceeds to Alice's end step
    And all players pass priority until the stack is empty
    Then Alice controls no Grizzly Bears tokens
    And Alice has two cards in her hand

  @ruling:jaxis.multiple-tokens @cr:603.7 @cr:111.1
  Scenario: Without a replacement effect there is one token, sacrificed at the end step
    Given Alice controls Grizzly Bears
    When Alice activates Jaxis, the Troublemaker's ability targeting Grizzly Bears
    And all players pass priority until the stack is empty
    Then Alice controls one Grizzly Bears token
    And the token Grizzly Bears has haste
    When the game proceeds to Alice's end step
    And all players pass priority until the stack is empty
    Then Alice controls no Grizzly Bears tokens
    And Alice has one card in her hand

  @ruling:jaxis.copy-of-a-copy @cr:707.3
  Scenario: Copying a Clone that copies Grizzly Bears makes a Grizzly Bears
    Given Alice controls Grizzly Bears
    And Alice controls Clone copying Grizzly Bears
    When Alice activates Jaxis, the Troublemaker's ability targeting Clone
    And all players pass priority until the stack is empty
    Then Alice controls three Grizzly Bears
    And Alice controls one Grizzly Bears token
    And the token Grizzly Bears is a 2/2 creature

  @ruling:jaxis.copy-of-a-copy @cr:707.3 @cr:603.6a
  Scenario: Copying a Clone that copies Agate Instigator makes an Agate Instigator with its ability
    Given Alice controls Agate Instigator
    And Alice controls Clone copying Agate Instigator
    When Alice activates Jaxis, the Troublemaker's ability targeting Clone
    And all players pass priority until the stack is empty
    Then Alice controls one Agate Instigator token
    And the token Agate Instigator is a 1/3 creature
    # Agate Instigator and the Clone each saw another creature enter.
    And Bob's life total is 18

  @ruling:jaxis.copy-of-a-token @cr:111.3 @cr:111.4 @cr:707.2 @cr:110.5
  Scenario: A copy of a token that copies nothing has the values its creating effect gave it
    Given Alice controls Girder Goons
    And Alice has Murder in her hand
    And Alice has {B}{B}{B} in her mana pool
    When Alice casts Murder using {B}{B}{B} targeting Girder Goons
    And all players pass priority until the stack is empty
    Then Alice controls one Rogue token
    When Alice activates Jaxis, the Troublemaker's ability targeting Rogue Token
    And all players pass priority until the stack is empty
    Then Alice controls two Rogue tokens
    And Alice controls one untapped Rogue Token
    And Alice controls one tapped Rogue Token

  @ruling:jaxis.copy-of-a-token @cr:707.3 @cr:707.2
  Scenario: A copy of a token that copies a creature copies that creature
    Given Alice controls Dual Nature
    And Alice has Grizzly Bears in her hand
    And Alice has {G}{G} in her mana pool
    When Alice casts Grizzly Bears using {G}{G}
    And all players pass priority until the stack is empty
    And Alice activates Jaxis, the Troublemaker's ability targeting the token Grizzly Bears
    And all players pass priority until the stack is empty
    Then Alice controls two Grizzly Bears tokens
    And Alice controls three Grizzly Bears

  @ruling:jaxis.enters-abilities @cr:603.6a @cr:707.2
  Scenario: The token's enters ability triggers
    Given Alice controls Intrepid Rabbit
    When Alice activates Jaxis, the Troublemaker's ability targeting Intrepid Rabbit
    And all players pass priority until the stack is empty
    And Alice chooses the token Intrepid Rabbit
    And all players pass priority until the stack is empty
    Then the token Intrepid Rabbit is a 4/3 creature

  @ruling:jaxis.enters-abilities @ruling:jaxis.x-is-zero @cr:614.1c @cr:107.3m @cr:202.3e @needs:state-based-actions
  Scenario: The token has Endless One's enters-with ability, with X of 0, and dies as a 0/0
    Given Alice controls Endless One with three +1/+1 counters on it
    When Alice activates Jaxis, the Troublemaker's ability targeting Endless One
    And all players pass priority until the stack is empty
    Then Alice controls no Endless One tokens
    # The token had gained "When this token dies, draw a card."
    And Alice has one card in her hand

  @ruling:jaxis.copiable-values @cr:707.2 @cr:110.5 @cr:122.1
  Scenario: The token doesn't copy counters, an Aura, a pump or the tapped state
    Given Alice controls a tapped Grizzly Bears with two +1/+1 counters on it
    And Alice controls Holy Strength attached to Grizzly Bears
    And Alice has Giant Growth in her hand
    And Alice has {G} in her mana pool
    When Alice casts Giant Growth targeting Grizzly Bears
    And all players pass priority
    And Alice activates Jaxis, the Troublemaker's ability targeting Grizzly Bears
    And all players pass priority until the stack is empty
    Then the original Grizzly Bears is a 8/9 creature
    And the token Grizzly Bears is a 2/2 creature
    And the token Grizzly Bears is untapped

  @ruling:jaxis.copiable-values @cr:707.2 @cr:208.3 @cr:613.1d
  Scenario: A copy of a land animated into a creature is a land, not a creature
    Given Alice controls Forest
    And Alice has Animate Land in her hand
    And Alice has {G} in her mana pool
    When Alice casts Animate Land targeting Forest
    And all players pass priority
    Then Forest is a 3/3 creature
    When Alice activates Jaxis, the Troublemaker's ability targeting Forest
    And all players pass priority until the stack is empty
    Then Alice controls one Forest token
    And the token Forest is not a creature

  @ruling:jaxis.copy-of-the-token @cr:707.2 @cr:707.3
  Scenario: A Clone of the token copies Grizzly Bears, without haste, and is not sacrificed
    Given Alice controls Grizzly Bears
    And Alice has Clone in her hand
    And Alice has {U}{U}{U}{U} in her mana pool
    When Alice activates Jaxis, the Troublemaker's ability targeting Grizzly Bears
    And Alice chooses Island
    And all players pass priority until the stack is empty
    And Alice casts Clone
    And all players pass priority
    And Alice chooses to copy the token Grizzly Bears
    Then Clone is a 2/2 creature
    And Clone does not have haste
    When the game proceeds to Alice's end step
    And all players pass priority until the stack is empty
    Then Alice controls no Grizzly Bears tokens
    And Alice controls two Grizzly Bears

  @ruling:jaxis.copy-of-the-token @cr:707.2
  Scenario: A Clone of the token draws nothing when it dies
    Given Alice controls Grizzly Bears
    And Alice has Clone in her hand
    And Alice has {U}{U}{U}{U} in her mana pool
    And Bob has Murder in his hand
    And Bob has {B}{B}{B} in his mana pool
    When Alice activates Jaxis, the Troublemaker's ability targeting Grizzly Bears
    And Alice chooses Island
    And all players pass priority until the stack is empty
    And Alice casts Clone
    And all players pass priority
    And Alice chooses to copy the token Grizzly Bears
    And Alice passes priority
    And Bob casts Murder targeting Clone
    And all players pass priority until the stack is empty
    Then Clone is in Alice's graveyard
    And Alice has no cards in her hand

  @ruling:jaxis.x-is-zero @cr:202.3e @cr:707.2
  Scenario: Copies of a creature with X in its mana cost enter with X of 0, even under Doubling Season
    Given Alice controls Hangarback Walker with two +1/+1 counters on it
    And Alice controls Doubling Season
    When Alice activates Jaxis, the Troublemaker's ability targeting Hangarback Walker
    And all players pass priority until the stack is empty
    Then Alice controls no Hangarback Walker tokens
    And Alice has two cards in her hand

  @ruling:jaxis.multiple-tokens @cr:614.1a @cr:616.1 @cr:603.7
  Scenario: With two Doubling Seasons, four tokens gain haste and all four are sacrificed
    Given Alice controls two Doubling Seasons
    And Alice controls Grizzly Bears
    And Alice has Mountain in her library
    And Alice has Swamp in her library
    When Alice activates Jaxis, the Troublemaker's ability targeting Grizzly Bears
    And all players pass priority until the stack is empty
    And Alice applies her replacement effects in any order
    And all players pass priority until the stack is empty
    Then Alice controls four Grizzly Bears tokens
    And each Grizzly Bears token has haste
    When the game proceeds to Alice's end step
    And all players pass priority until the stack is empty
    Then Alice controls no Grizzly Bears tokens
    And Alice has four cards in her hand

  @ruling:jaxis.copy-of-a-token @cr:707.2 @cr:111.3 @cr:613.4c
  Scenario: A copy of a pumped token has the values its creating effect gave it
    Given Alice controls Girder Goons
    And Alice has Murder in her hand
    And Alice has Giant Growth in her hand
    And Alice has {B}{B}{B}{G} in her mana pool
    When Alice casts Murder using {B}{B}{B} targeting Girder Goons
    And all players pass priority until the stack is empty
    And Alice casts Giant Growth targeting Rogue Token
    And all players pass priority
    Then the tapped Rogue Token is a 5/5 creature
    When Alice activates Jaxis, the Troublemaker's ability targeting Rogue Token
    And all players pass priority until the stack is empty
    Then the untapped Rogue Token is a 2/2 creature

  @ruling:jaxis.copy-of-a-token @cr:707.2 @cr:111.3 @cr:613.1d @cr:613.1e
  Scenario: A copy of a token turned into a Frog is a black Rogue
    Given Alice controls Girder Goons
    And Alice has Murder in her hand
    And Alice has {B}{B}{B} in her mana pool
    And Bob has Turn to Frog in his hand
    And Bob has {U}{U} in his mana pool
    When Alice casts Murder using {B}{B}{B} targeting Girder Goons
    And all players pass priority until the stack is empty
    And Alice passes priority
    And Bob casts Turn to Frog targeting Rogue Token
    And all players pass priority until the stack is empty
    Then the tapped Rogue Token's creature types are Frog
    When Alice activates Jaxis, the Troublemaker's ability targeting Rogue Token
    And all players pass priority until the stack is empty
    Then the untapped Rogue Token's creature types are Rogue
    And the untapped Rogue Token is black
    And the untapped Rogue Token is a 2/2 creature

  @ruling:jaxis.multiple-tokens @cr:603.7c @cr:111.1
  Scenario: Only the token Jaxis created is sacrificed: another token created that turn stays
    Given Alice controls Girder Goons
    And Alice controls Grizzly Bears
    And Alice has Murder in her hand
    And Alice has {B}{B}{B} in her mana pool
    When Alice casts Murder using {B}{B}{B} targeting Girder Goons
    And all players pass priority until the stack is empty
    And Alice activates Jaxis, the Troublemaker's ability targeting Grizzly Bears
    And all players pass priority until the stack is empty
    Then Alice controls one Rogue token
    And Alice controls one Grizzly Bears token
    When the game proceeds to Alice's end step
    And all players pass priority until the stack is empty
    Then Alice controls no Grizzly Bears tokens
    And Alice controls one Rogue token

  @ruling:jaxis.copy-of-a-copy @cr:707.3 @cr:707.2 @cr:613.4c
  Scenario: Copying a Clone that copies a pumped Grizzly Bears makes a 2/2 Grizzly Bears
    Given Alice controls Grizzly Bears
    And Alice controls Clone copying Grizzly Bears
    And Alice has Giant Growth in her hand
    And Alice has {G} in her mana pool
    When Alice casts Giant Growth targeting Grizzly Bears
    And all players pass priority
    Then Grizzly Bears is a 5/5 creature
    When Alice activates Jaxis, the Troublemaker's ability targeting Clone
    And all players pass priority until the stack is empty
    Then Alice controls one Grizzly Bears token
    And the token Grizzly Bears is a 2/2 creature

  @ruling:jaxis.x-is-zero @cr:202.3e @cr:107.3m @cr:707.2 @needs:state-based-actions
  Scenario: A token copy of an Endless One cast with X = 2 enters with no counters and dies
    Given Alice has Endless One in her hand
    And Alice has {G}{G} in her mana pool
    When Alice casts Endless One with X = 2 using {G}{G}
    And all players pass priority
    Then Endless One has two +1/+1 counters on it
    When Alice activates Jaxis, the Troublemaker's ability targeting Endless One
    And all players pass priority until the stack is empty
    Then Alice controls no Endless One tokens
    And Endless One has two +1/+1 counters on it
    # The token had gained "When this token dies, draw a card."
    And Alice has one card in her hand

  @ruling:jaxis.enters-abilities @ruling:jaxis.multiple-tokens @cr:603.6a @cr:614.1a @cr:707.2
  Scenario: With Doubling Season, the two Agate Instigator tokens enter together and each sees the other
    Given Alice controls Doubling Season
    And Alice controls Agate Instigator
    When Alice activates Jaxis, the Troublemaker's ability targeting Agate Instigator
    And all players pass priority until the stack is empty
    Then Alice controls two Agate Instigator tokens
    # The original saw both tokens enter, and each token saw the other.
    And Bob's life total is 16

  @ruling:jaxis.multiple-tokens @cr:614.1a @cr:111.1
  Scenario: Bob's Doubling Season doesn't double the token Alice's Jaxis creates
    Given Bob controls Doubling Season
    And Alice controls Grizzly Bears
    When Alice activates Jaxis, the Troublemaker's ability targeting Grizzly Bears
    And all players pass priority until the stack is empty
    Then Alice controls one Grizzly Bears token
    When the game proceeds to Alice's end step
    And all players pass priority until the stack is empty
    Then Alice controls no Grizzly Bears tokens
    And Alice has one card in her hand
