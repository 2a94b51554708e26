Feature: Blitz
  Blitz [cost] means "You may cast this card by paying [cost] rather than its mana cost," "If this
  spell's blitz cost was paid, sacrifice the permanent this spell becomes at the beginning of the
  next end step," and "As long as this permanent's blitz cost was paid, it has haste and 'When this
  permanent is put into a graveyard from the battlefield, draw a card.'" (CR 702.152a)

  Background:
    Given a game between Alice and Bob
    And it is Alice's precombat main phase
    And Alice has Forest in her library
    And Alice has Island in her library
    And Bob has Swamp in his library

  @ruling:blitz.no-attack-requirement @cr:702.152a @cr:508.1d
  Scenario: A blitzed creature need not attack, and is still sacrificed at the end step
    Given Alice has Girder Goons in her hand
    And Alice has {B}{B}{B}{B} in her mana pool
    When Alice casts Girder Goons for its blitz cost
    And all players pass priority
    Then Girder Goons has haste
    When the game proceeds to Alice's declare attackers step
    And Alice declares no attackers
    And the game proceeds to Alice's end step
    And all players pass priority until the stack is empty
    Then Girder Goons is in Alice's graveyard
    And Alice has one card in her hand
    And Alice controls one Rogue token
    And Bob's life total is 20

  @ruling:blitz.no-attack-requirement @cr:702.152a @cr:702.10b
  Scenario: A blitzed creature may attack the turn it was cast
    Given Alice has Girder Goons in her hand
    And Alice has {B}{B}{B}{B} in her mana pool
    When Alice casts Girder Goons for its blitz cost
    And all players pass priority
    And the game proceeds to Alice's declare attackers step
    And Alice declares Girder Goons as an attacker
    And the game proceeds to Alice's postcombat main phase
    Then Bob's life total is 16

  @ruling:blitz.no-attack-requirement @cr:302.6 @cr:508.1a
  Scenario: The same creature cast for its mana cost can't attack that turn
    Given Alice has Girder Goons in her hand
    And Alice has {B}{B}{B}{B}{B} in her mana pool
    When Alice casts Girder Goons
    And all players pass priority
    And the game proceeds to Alice's declare attackers step
    And Alice declares Girder Goons as an attacker
    Then the action is rejected for summoning sickness or an illegal attacker

  @ruling:blitz.is-casting @cr:118.9 @cr:601.2i @cr:701.6a
  Scenario: A blitz spell is cast: it can be countered, and then nothing is sacrificed or drawn
    Given Alice has Girder Goons in her hand
    And Alice has {B}{B}{B}{B} in her mana pool
    And Bob has Cancel in his hand
    And Bob has {U}{U}{U} in his mana pool
    When Alice casts Girder Goons for its blitz cost
    And Alice passes priority
    And Bob casts Cancel targeting Girder Goons
    And all players pass priority until the stack is empty
    And the game proceeds to Alice's end step
    Then the stack is empty
    And Girder Goons is in Alice's graveyard
    And Alice has no cards in her hand

  @ruling:blitz.is-casting @cr:118.9 @cr:601.2i @cr:603.2
  Scenario: Casting for the blitz cost triggers "whenever you cast a creature spell"
    Given Alice controls Beast Whisperer
    And Alice has Girder Goons in her hand
    And Alice has {B}{B}{B}{B} in her mana pool
    When Alice casts Girder Goons for its blitz cost
    And all players pass priority until the stack is empty
    Then Alice has one card in her hand

  @ruling:blitz.is-casting @cr:302.1 @cr:118.9
  Scenario: Blitz doesn't change when the creature spell may be cast
    Given it is Alice's upkeep
    And Alice has Girder Goons in her hand
    And Alice has {B}{B}{B}{B} in her mana pool
    When Alice casts Girder Goons for its blitz cost
    Then the action is rejected for timing
    And Girder Goons is in Alice's hand

  @ruling:blitz.draw-on-any-death @ruling:blitz.sacrifice-only-if-present @cr:702.152a @cr:603.10a @cr:603.7c
  Scenario: A blitzed creature destroyed before the end step draws a card and is not sacrificed later
    Given Alice has Girder Goons in her hand
    And Alice has {B}{B}{B}{B} in her mana pool
    And Bob has Murder in his hand
    And Bob has {B}{B}{B} in his mana pool
    When Alice casts Girder Goons for its blitz cost
    And all players pass priority
    And Alice passes priority
    And Bob casts Murder targeting Girder Goons
    And all players pass priority until the stack is empty
    Then Girder Goons is in Alice's graveyard
    And Alice has one card in her hand
    When the game proceeds to Alice's end step
    And all players pass priority until the stack is empty
    Then Girder Goons is in Alice's graveyard
    And Alice has one card in her hand

  @ruling:blitz.draw-on-any-death @cr:702.152a
  Scenario: The same creature cast for its mana cost draws nothing when it dies
    Given Alice has Girder Goons in her hand
    And Alice has {B}{B}{B}{B}{B} in her mana pool
    And Bob has Murder in his hand
    And Bob has {B}{B}{B} in his mana pool
    When Alice casts Girder Goons
    And all players pass priority
    And Alice passes priority
    And Bob casts Murder targeting Girder Goons
    And all players pass priority until the stack is empty
    Then Girder Goons is in Alice's graveyard
    And Alice has no cards in her hand
    And Alice controls one Rogue token

  @ruling:blitz.draw-on-any-death @cr:702.152a @cr:613.1f @cr:613.8 @cr:603.7c
  Scenario: Under Humility a blitzed creature has no haste and draws nothing, but is still sacrificed
    # Review, 2026-12-04: haste and the draw are had through blitz's static ability of the permanent
    # (702.152a), not gained as the spell resolves; Humility takes that ability away (613.1f, and the
    # blitz effect depends on Humility's, 613.8). The sacrifice comes from the ability that worked
    # while the spell was on the stack, where Humility doesn't apply.
    Given Alice controls Humility
    And Alice has Girder Goons in her hand
    And Alice has {B}{B}{B}{B} in her mana pool
    When Alice casts Girder Goons for its blitz cost
    And all players pass priority
    Then Girder Goons is a 1/1 creature
    And Girder Goons does not have haste
    When the game proceeds to Alice's end step
    And all players pass priority until the stack is empty
    Then Girder Goons is in Alice's graveyard
    And Alice has no cards in her hand
    And Alice controls no Rogue tokens

  @ruling:blitz.sacrifice-only-if-present @cr:603.7c @cr:400.7
  Scenario: A blitzed creature returned to its owner's hand stays there at the end step
    Given Alice has Girder Goons in her hand
    And Alice has {B}{B}{B}{B} in her mana pool
    And Bob has Unsummon in his hand
    And Bob has {U} in his mana pool
    When Alice casts Girder Goons for its blitz cost
    And all players pass priority
    And Alice passes priority
    And Bob casts Unsummon targeting Girder Goons
    And all players pass priority until the stack is empty
    And the game proceeds to Alice's end step
    And all players pass priority until the stack is empty
    Then Girder Goons is in Alice's hand
    And Alice controls no Rogue tokens

  @ruling:blitz.copy-not-blitzed @cr:702.152a @cr:707.2 @cr:707.5
  Scenario: A Clone of a blitzed creature has no haste and is not sacrificed
    Given Alice has Girder Goons in her hand
    And Alice has Clone in her hand
    And Alice has {B}{B}{B}{B}{U}{U}{U}{U} in her mana pool
    When Alice casts Girder Goons for its blitz cost
    And all players pass priority
    And Alice casts Clone
    And all players pass priority
    And Alice chooses to copy Girder Goons
    Then Girder Goons has haste
    And Clone does not have haste
    And Alice controls two Girder Goons
    When the game proceeds to Alice's end step
    And all players pass priority until the stack is empty
    Then Clone is on the battlefield
    And Clone does not have haste
    And Girder Goons is in Alice's graveyard
    And Alice has one card in her hand

  @ruling:blitz.copy-not-blitzed @cr:702.152a @cr:707.2
  Scenario: The Clone of a blitzed creature draws nothing when it dies
    Given Alice has Girder Goons in her hand
    And Alice has Clone in her hand
    And Alice has {B}{B}{B}{B}{U}{U}{U}{U} in her mana pool
    And Bob has Murder in his hand
    And Bob has {B}{B}{B} in his mana pool
    When Alice casts Girder Goons for its blitz cost
    And all players pass priority
    And Alice casts Clone
    And all players pass priority
    And Alice chooses to copy Girder Goons
    And Alice passes priority
    And Bob casts Murder targeting Clone
    And all players pass priority until the stack is empty
    Then Clone is in Alice's graveyard
    And Alice has no cards in her hand
    And Alice controls one Rogue token

  @ruling:blitz.draw-on-any-death @cr:702.152a @cr:700.4
  Scenario: A blitzed creature returned to its owner's hand draws nothing
    Given Alice has Girder Goons in her hand
    And Alice has {B}{B}{B}{B} in her mana pool
    And Bob has Unsummon in his hand
    And Bob has {U} in his mana pool
    When Alice casts Girder Goons for its blitz cost
    And all players pass priority
    And Alice passes priority
    And Bob casts Unsummon targeting Girder Goons
    And all players pass priority until the stack is empty
    Then Girder Goons is in Alice's hand
    And Alice has one card in her hand

  @ruling:blitz.sacrifice-only-if-present @cr:603.7c @cr:400.7 @cr:702.152a
  Scenario: A blitzed creature that left and was cast again is a new object: not sacrificed, no haste
    Given Alice has Girder Goons in her hand
    And Alice has {B}{B}{B}{B}{B}{B}{B}{B}{B} in her mana pool
    And Bob has Unsummon in his hand
    And Bob has {U} in his mana pool
    When Alice casts Girder Goons for its blitz cost
    And all players pass priority
    And Alice passes priority
    And Bob casts Unsummon targeting Girder Goons
    And all players pass priority until the stack is empty
    And Alice casts Girder Goons
    And all players pass priority
    Then Girder Goons does not have haste
    When the game proceeds to Alice's end step
    And all players pass priority until the stack is empty
    Then Girder Goons is on the battlefield
    And Alice has no cards in her hand
    And Alice controls no Rogue tokens

  @ruling:blitz.draw-on-any-death @cr:702.152a @cr:603.10a @cr:701.21a
  Scenario: A blitzed creature sacrificed at the end step draws a card
    Given Alice has Girder Goons in her hand
    And Alice has {B}{B}{B}{B} in her mana pool
    When Alice casts Girder Goons for its blitz cost
    And all players pass priority
    And the game proceeds to Alice's end step
    And all players pass priority until the stack is empty
    Then Girder Goons is in Alice's graveyard
    And Alice has one card in her hand
    And Alice controls one Rogue token

  @ruling:blitz.draw-on-any-death @cr:702.152a @cr:400.7 @cr:603.10a
  Scenario: A blitzed creature returned to its owner's hand and cast again for its mana cost draws nothing when it dies
    Given Alice has Girder Goons in her hand
    And Alice has {B}{B}{B}{B}{B}{B}{B}{B}{B} in her mana pool
    And Bob has Unsummon in his hand
    And Bob has Murder in his hand
    And Bob has {U}{B}{B}{B} in his mana pool
    When Alice casts Girder Goons for its blitz cost
    And all players pass priority
    And Alice passes priority
    And Bob casts Unsummon targeting Girder Goons
    And all players pass priority until the stack is empty
    And Alice casts Girder Goons
    And all players pass priority
    And Alice passes priority
    And Bob casts Murder targeting Girder Goons
    And all players pass priority until the stack is empty
    Then Girder Goons is in Alice's graveyard
    And Alice has no cards in her hand
    And Alice controls one Rogue token

  @ruling:blitz.draw-on-any-death @cr:702.152a @cr:400.7 @cr:603.10a
  Scenario: A creature cast for its blitz cost a second time draws one card when it dies
    Given Alice has Girder Goons in her hand
    And Alice has {B}{B}{B}{B}{B}{B}{B}{B} in her mana pool
    And Bob has Unsummon in his hand
    And Bob has Murder in his hand
    And Bob has {U}{B}{B}{B} in his mana pool
    When Alice casts Girder Goons for its blitz cost
    And all players pass priority
    And Alice passes priority
    And Bob casts Unsummon targeting Girder Goons
    And all players pass priority until the stack is empty
    And Alice casts Girder Goons for its blitz cost
    And all players pass priority
    And Alice passes priority
    And Bob casts Murder targeting Girder Goons
    And all players pass priority until the stack is empty
    Then Girder Goons is in Alice's graveyard
    And Alice has one card in her hand
    And Alice controls one Rogue token

  @ruling:blitz.is-casting @cr:118.9 @cr:601.2f @cr:601.2i
  Scenario: A spell cast for its blitz cost counts for Damping Sphere's cost increase
    Given Alice controls Damping Sphere
    And Alice has Girder Goons in her hand
    And Alice has Giant Growth in her hand
    And Alice has {B}{B}{B}{B}{G}{G} in her mana pool
    When Alice casts Girder Goons for its blitz cost using {B}{B}{B}{B}
    And all players pass priority
    And Alice casts Giant Growth targeting Girder Goons
    Then Alice's mana pool is empty
    When all players pass priority
    Then Girder Goons is a 7/7 creature

  @ruling:blitz.sacrifice-only-if-present @cr:603.7c @cr:400.7 @cr:702.152a
  Scenario: A creature cast for its blitz cost a second time is sacrificed at the end step
    Given Alice has Girder Goons in her hand
    And Alice has {B}{B}{B}{B}{B}{B}{B}{B} in her mana pool
    And Bob has Unsummon in his hand
    And Bob has {U} in his mana pool
    When Alice casts Girder Goons for its blitz cost
    And all players pass priority
    And Alice passes priority
    And Bob casts Unsummon targeting Girder Goons
    And all players pass priority until the stack is empty
    And Alice casts Girder Goons for its blitz cost
    And all players pass priority
    And the game proceeds to Alice's end step
    And all players pass priority until the stack is empty
    Then Girder Goons is in Alice's graveyard
    And Alice has one card in her hand
    And Alice controls one Rogue token
