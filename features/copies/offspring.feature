Feature: Offspring
  Offspring [cost] means "You may pay an additional [cost] as you cast this spell" and
  "When this permanent enters, if its offspring cost was paid, create a token that's a copy
  of it, except it's 1/1." (CR 702.175a) Rulings from the page of Zinnia, Valley's Voice.

  Background:
    Given a game between Alice and Bob
    And it is Alice's precombat main phase

  @ruling:offspring.countered @cr:702.175a @cr:701.6a
  Scenario: A countered creature spell with its offspring cost paid creates no token
    Given Alice has Agate Instigator in her hand
    And Alice has {R}{R}{R}{R} in her mana pool
    And Bob has Cancel in his hand
    And Bob has {U}{U}{U} in his mana pool
    When Alice casts Agate Instigator paying its offspring cost
    And Alice passes priority
    And Bob casts Cancel targeting Agate Instigator
    And all players pass priority until the stack is empty
    Then Agate Instigator is in Alice's graveyard
    And Alice controls no Agate Instigator tokens
    And Bob's life total is 20
    # The offspring cost was spent as the spell was cast; countering it gives nothing back.
    And Alice's mana pool is empty

  @ruling:offspring.countered @cr:702.175a @cr:400.7 @cr:603.6a
  Scenario: A countered Agate Instigator put onto the battlefield later makes no token
    # The card in the graveyard is a new object: the offspring cost was paid for the spell it was.
    Given Alice has Agate Instigator in her hand
    And Alice controls a tapped Order of Whiteclay
    And Alice has {R}{R}{R}{R}{W}{W}{C} in her mana pool
    And Bob has Cancel in his hand
    And Bob has {U}{U}{U} in his mana pool
    When Alice casts Agate Instigator paying its offspring cost using {R}{R}{R}{R}
    And Alice passes priority
    And Bob casts Cancel targeting Agate Instigator
    And all players pass priority until the stack is empty
    And Alice activates Order of Whiteclay's ability targeting Agate Instigator in her graveyard
    And all players pass priority until the stack is empty
    Then Agate Instigator is on the battlefield
    And Alice controls no Agate Instigator tokens

  @ruling:offspring.countered @ruling:offspring.enters-abilities @cr:702.175a @cr:603.6a
  Scenario: The same spell, not countered, creates its 1/1 token copy
    Given Alice has Agate Instigator in her hand
    And Alice has {R}{R}{R}{R} in her mana pool
    When Alice casts Agate Instigator paying its offspring cost
    And all players pass priority until the stack is empty
    Then Alice controls one Agate Instigator token
    And the token Agate Instigator is a 1/1 creature
    And the original Agate Instigator is a 1/3 creature
    # The original saw another creature enter under Alice's control.
    And Bob's life total is 19

  @ruling:offspring.source-left @cr:702.175a @cr:608.2h @cr:113.7a
  Scenario: The token is created even though the creature left the battlefield before the ability resolved
    Given Alice has Agate Instigator in her hand
    And Alice has {R}{R}{R}{R} in her mana pool
    And Bob has Unsummon in his hand
    And Bob has {U} in his mana pool
    When Alice casts Agate Instigator paying its offspring cost
    And all players pass priority
    And Alice passes priority
    And Bob casts Unsummon targeting Agate Instigator
    And all players pass priority until the stack is empty
    Then Agate Instigator is in Alice's hand
    And Alice controls one Agate Instigator token
    And the token Agate Instigator is a 1/1 creature

  @ruling:offspring.source-left @ruling:offspring.enters-abilities @cr:608.2h @cr:603.6a
  Scenario: The token of a creature that has left still has its enters ability, which triggers
    Given Alice has Intrepid Rabbit in her hand
    And Alice has {W}{W}{W}{W} in her mana pool
    And Bob has Unsummon in his hand
    And Bob has {U} in his mana pool
    When Alice casts Intrepid Rabbit paying its offspring cost
    And all players pass priority
    And Alice puts her triggered abilities on the stack in any order
    And Alice passes priority
    And Bob casts Unsummon targeting Intrepid Rabbit
    And all players pass priority until the stack is empty
    Then Intrepid Rabbit is in Alice's hand
    And Alice controls one Intrepid Rabbit token
    # The token's own "When this creature enters" ability gave it +1/+1.
    And the token Intrepid Rabbit is a 2/2 creature

  @ruling:offspring.source-left @ruling:offspring.copiable-values @cr:608.2h @cr:707.2 @cr:613.1d
  Scenario: The token of a creature turned into a Frog and then returned to its owner's hand is a Lizard Rogue
    # Last known information gives the copiable values it had, not the Frog effect on it.
    Given Alice has Agate Instigator in her hand
    And Alice has {R}{R}{R}{R} in her mana pool
    And Bob has Turn to Frog in his hand
    And Bob has Unsummon in his hand
    And Bob has {U}{U}{U} in his mana pool
    When Alice casts Agate Instigator paying its offspring cost
    And all players pass priority
    And Alice passes priority
    And Bob casts Turn to Frog targeting Agate Instigator
    And all players pass priority
    And Alice passes priority
    And Bob casts Unsummon targeting Agate Instigator
    And all players pass priority until the stack is empty
    Then Agate Instigator is in Alice's hand
    And Alice controls one Agate Instigator token
    And the token Agate Instigator's creature types are Lizard Rogue
    And the token Agate Instigator is red
    And the token Agate Instigator has offspring

  @ruling:offspring.source-left @ruling:offspring.copying-something-else @cr:608.2h @cr:707.3 @cr:707.9b
  Scenario: A Clone copying Grizzly Bears that has left before its offspring ability resolves makes a Bear
    # As it last existed, the Clone was a Grizzly Bears: the token copies that, not the Clone card.
    Given Alice controls Zinnia, Valley's Voice
    And Alice controls Grizzly Bears
    And Alice has Clone in her hand
    And Alice has {U}{U}{U}{U}{U}{U} in her mana pool
    And Bob has Unsummon in his hand
    And Bob has {U} in his mana pool
    When Alice casts Clone paying its offspring cost
    And all players pass priority
    And Alice chooses to copy Grizzly Bears
    And Alice passes priority
    And Bob casts Unsummon targeting Clone
    And all players pass priority until the stack is empty
    Then Clone is in Alice's hand
    And Alice controls one Grizzly Bears token
    And the token Grizzly Bears is a 1/1 creature
    And the token Grizzly Bears's creature types are Bear
    And Alice controls no Clone tokens

  @ruling:offspring.enters-abilities @cr:603.6a @cr:707.2
  Scenario: The token's own enters ability triggers when it enters
    Given Alice has Intrepid Rabbit in her hand
    And Alice has {W}{W}{W}{W} in her mana pool
    When Alice casts Intrepid Rabbit paying its offspring cost
    And all players pass priority
    And Alice puts her triggered abilities on the stack in any order
    And all players pass priority until the stack is empty
    And Alice chooses the token Intrepid Rabbit
    And all players pass priority until the stack is empty
    Then the token Intrepid Rabbit is a 2/2 creature

  @ruling:offspring.enters-abilities @cr:614.1c @cr:707.5 @cr:707.9b @cr:608.2h @cr:704.5f
  Scenario: The token of a Clone that copied nothing enters as a copy of the creature Alice chooses
    # The 0/0 Clone dies before its offspring ability resolves; the token is a copy of that Clone,
    # and the Clone's "enter as a copy" works for the token as it enters. That copy effect makes
    # the token's copiable values Grizzly Bears' (707.5): "except it's 1/1" was part of the copy
    # of the Clone (707.9b), which the new one replaces, so the token is a 2/2.
    Given Alice controls Zinnia, Valley's Voice
    And Alice controls Grizzly Bears
    And Alice has Clone in her hand
    And Alice has {U}{U}{U}{U}{U}{U} in her mana pool
    When Alice casts Clone paying its offspring cost
    And all players pass priority
    And Alice chooses not to copy anything
    And all players pass priority
    And Alice chooses to copy Grizzly Bears
    Then Clone is in Alice's graveyard
    And Alice controls one Grizzly Bears token
    And the token Grizzly Bears's creature types are Bear
    And the token Grizzly Bears is a 2/2 creature
    And Alice controls no Clone tokens

  @ruling:offspring.pay-once @cr:702.175a @cr:118.8 @cr:601.2b
  Scenario: An offspring cost can't be paid twice to get two tokens
    Given Alice has Agate Instigator in her hand
    And Alice has {R}{R}{R}{R}{R}{R} in her mana pool
    When Alice casts Agate Instigator paying its offspring cost twice
    Then the action is rejected for an illegal additional cost
    And Agate Instigator is in Alice's hand
    And Alice's mana pool contains exactly {R}{R}{R}{R}{R}{R}

  @ruling:offspring.pay-once @cr:702.175b @cr:601.2b
  Scenario: Two instances of offspring are paid separately and make two tokens
    # Agate Instigator has offspring {1}{R}; Zinnia gives creature spells offspring {2} as well.
    Given Alice controls Zinnia, Valley's Voice
    And Alice has Agate Instigator in her hand
    And Alice has {R}{R}{R}{R}{R}{R} in her mana pool
    When Alice casts Agate Instigator paying its offspring cost twice
    And all players pass priority until the stack is empty
    Then Alice controls two Agate Instigator tokens
    And Alice's mana pool is empty

  @ruling:offspring.pay-once @cr:702.175a @cr:118.8
  Scenario: Each creature spell's offspring cost can be paid, twice in a turn
    # "Only once" is once for each spell as it is cast, not once a turn.
    Given Alice controls Zinnia, Valley's Voice
    And Alice has Grizzly Bears in her hand
    And Alice has Grizzly Bears in her hand
    And Alice has {G}{G}{G}{G}{G}{G}{G}{G} in her mana pool
    When Alice casts Grizzly Bears paying its offspring cost
    And all players pass priority until the stack is empty
    And Alice casts Grizzly Bears paying its offspring cost
    And all players pass priority until the stack is empty
    Then Alice controls two Grizzly Bears tokens
    And Alice's mana pool is empty

  @ruling:offspring.missing-on-entry @cr:702.175a @cr:611.3c @cr:613.1f
  Scenario: A creature that has lost offspring as it enters makes no token though the cost was paid
    Given Alice controls Humility
    And Alice has Agate Instigator in her hand
    And Alice has {R}{R}{R}{R} in her mana pool
    When Alice casts Agate Instigator paying its offspring cost
    And all players pass priority until the stack is empty
    Then Agate Instigator is a 1/1 creature
    And Alice controls no Agate Instigator tokens
    And Alice's mana pool is empty

  @ruling:offspring.missing-on-entry @cr:702.175a @cr:610.5 @cr:400.7b
  Scenario: Offspring gained from Zinnia as the spell was cast is still there as the creature enters
    Given Alice controls Zinnia, Valley's Voice
    And Alice has Grizzly Bears in her hand
    And Alice has {G}{G}{G}{G} in her mana pool
    When Alice casts Grizzly Bears paying its offspring cost
    And all players pass priority until the stack is empty
    Then Alice controls one Grizzly Bears token
    And the token Grizzly Bears is a 1/1 creature

  @ruling:offspring.this-creature-wording @cr:700.7 @cr:201.5 @cr:702.175a
  Scenario: The token's "this creature" is the token: each Agate Instigator deals its own damage
    Given Alice has Agate Instigator in her hand
    And Alice has Grizzly Bears in her hand
    And Alice has {R}{R}{R}{R}{G}{G} in her mana pool
    When Alice casts Agate Instigator paying its offspring cost using {R}{R}{R}{R}
    And all players pass priority until the stack is empty
    Then Bob's life total is 19
    When Alice casts Grizzly Bears
    And all players pass priority until the stack is empty
    Then Bob's life total is 17

  @ruling:offspring.this-creature-wording @cr:700.7 @cr:201.5 @cr:113.7a
  Scenario: The token's "this creature" ability works after the original has left
    Given Alice has Agate Instigator in her hand
    And Alice has Grizzly Bears in her hand
    And Alice has {R}{R}{R}{R}{G}{G} in her mana pool
    And Bob has Unsummon in his hand
    And Bob has {U} in his mana pool
    When Alice casts Agate Instigator paying its offspring cost using {R}{R}{R}{R}
    And all players pass priority until the stack is empty
    And Alice passes priority
    And Bob casts Unsummon targeting the original Agate Instigator
    And all players pass priority until the stack is empty
    And Alice casts Grizzly Bears
    And all players pass priority until the stack is empty
    Then Bob's life total is 18

  @ruling:offspring.copying-something-else @cr:707.3 @cr:707.9b @cr:707.5
  Scenario: A Clone copying Grizzly Bears makes a 1/1 Grizzly Bears token, not a Clone
    Given Alice controls Zinnia, Valley's Voice
    And Alice controls Grizzly Bears
    And Alice has Clone in her hand
    And Alice has {U}{U}{U}{U}{U}{U} in her mana pool
    When Alice casts Clone paying its offspring cost
    And all players pass priority
    And Alice chooses to copy Grizzly Bears
    And all players pass priority until the stack is empty
    Then Alice controls one Grizzly Bears token
    And the token Grizzly Bears is a 1/1 creature
    And the token Grizzly Bears's creature types are Bear
    And Alice controls no Clone tokens

  @ruling:offspring.copying-something-else @cr:707.3 @cr:707.9b
  Scenario: A Clone copying Agate Instigator makes a 1/1 Agate Instigator token with its ability
    Given Alice controls Zinnia, Valley's Voice
    And Alice controls Agate Instigator
    And Alice has Clone in her hand
    And Alice has {U}{U}{U}{U}{U}{U} in her mana pool
    When Alice casts Clone paying its offspring cost
    And all players pass priority
    And Alice chooses to copy Agate Instigator
    And Alice puts her triggered abilities on the stack in any order
    And all players pass priority until the stack is empty
    Then Alice controls one Agate Instigator token
    And the token Agate Instigator's base power and toughness are 1/1
    And the token Agate Instigator's creature types are Lizard Rogue
    # Clone entering: 1 damage; the token entering: 1 each from Agate Instigator and the Clone.
    And Bob's life total is 17

  @ruling:offspring.token-not-cast @cr:601.2i @cr:603.2
  Scenario: Beast Whisperer draws for the creature spell, not for its offspring token
    Given Alice controls Beast Whisperer
    And Alice has Agate Instigator in her hand
    And Alice has Forest in her library
    And Alice has Island in her library
    And Alice has {R}{R}{R}{R} in her mana pool
    When Alice casts Agate Instigator paying its offspring cost
    And all players pass priority until the stack is empty
    Then Alice controls one Agate Instigator token
    And Alice has one card in her hand

  @ruling:offspring.token-not-cast @cr:601.2i @cr:603.2
  Scenario: Each creature spell cast draws a card with Beast Whisperer
    Given Alice controls Beast Whisperer
    And Alice has Agate Instigator in her hand
    And Alice has Grizzly Bears in her hand
    And Alice has Forest in her library
    And Alice has Island in her library
    And Alice has {R}{R}{R}{R}{G}{G} in her mana pool
    When Alice casts Agate Instigator paying its offspring cost using {R}{R}{R}{R}
    And all players pass priority until the stack is empty
    And Alice casts Grizzly Bears
    And all players pass priority until the stack is empty
    Then Alice has two cards in her hand

  @ruling:offspring.token-not-cast @cr:601.2i @cr:601.2f @cr:111.1
  Scenario: Damping Sphere counts the creature spell, not its offspring token
    # Grizzly Bears is Alice's second spell this turn: it costs {1} more, not {2}.
    Given Alice controls Damping Sphere
    And Alice has Agate Instigator in her hand
    And Alice has Grizzly Bears in her hand
    And Alice has {R}{R}{R}{R}{G}{G}{G} in her mana pool
    When Alice casts Agate Instigator paying its offspring cost using {R}{R}{R}{R}
    And all players pass priority until the stack is empty
    Then Alice controls one Agate Instigator token
    When Alice casts Grizzly Bears
    Then Grizzly Bears is on the stack
    And Alice's mana pool is empty

  @ruling:offspring.copiable-values @cr:707.2 @cr:611.2c
  Scenario: A pumped creature's offspring token is a plain 1/1
    Given Alice has Agate Instigator in her hand
    And Alice has Giant Growth in her hand
    And Alice has {R}{R}{R}{R}{G} in her mana pool
    When Alice casts Agate Instigator paying its offspring cost using {R}{R}{R}{R}
    And all players pass priority
    And Alice casts Giant Growth targeting Agate Instigator
    And all players pass priority until the stack is empty
    Then the original Agate Instigator is a 4/6 creature
    And the token Agate Instigator is a 1/1 creature

  @ruling:offspring.copiable-values @cr:707.2 @cr:613.1d @cr:613.1e
  Scenario: The token copies the printed creature, not a Frog it was turned into
    Given Alice has Agate Instigator in her hand
    And Alice has {R}{R}{R}{R} in her mana pool
    And Bob has Turn to Frog in his hand
    And Bob has {U}{U} in his mana pool
    When Alice casts Agate Instigator paying its offspring cost
    And all players pass priority
    And Alice passes priority
    And Bob casts Turn to Frog targeting Agate Instigator
    And all players pass priority until the stack is empty
    Then the original Agate Instigator's creature types are Frog
    And the original Agate Instigator is blue
    And the token Agate Instigator's creature types are Lizard Rogue
    And the token Agate Instigator is red
    And the token Agate Instigator has offspring

  @ruling:offspring.copiable-values @cr:707.2 @cr:122.1 @cr:107.3m
  Scenario: The token doesn't copy the creature's counters
    Given Alice controls Zinnia, Valley's Voice
    And Alice has Hangarback Walker in her hand
    And Alice has {C}{C}{C}{C} in her mana pool
    When Alice casts Hangarback Walker with X = 1 paying its offspring cost
    And all players pass priority until the stack is empty
    Then the original Hangarback Walker has one +1/+1 counter on it
    And the token Hangarback Walker has no +1/+1 counters on it
    And the token Hangarback Walker is a 1/1 creature

  @ruling:offspring.pay-once @cr:702.175b @cr:603.4
  Scenario: Two instances of offspring, one paid, make one token
    # Agate Instigator has offspring {1}{R}; Zinnia gives it offspring {2} as well. Either costs two mana.
    Given Alice controls Zinnia, Valley's Voice
    And Alice has Agate Instigator in her hand
    And Alice has {R}{R}{R}{R} in her mana pool
    When Alice casts Agate Instigator paying its offspring cost
    And all players pass priority until the stack is empty
    Then Alice controls one Agate Instigator token
    And Alice's mana pool is empty

  @ruling:offspring.copiable-values @cr:707.2 @cr:603.2 @cr:601.2i
  Scenario: A Beast Whisperer token copy has its "whenever you cast" ability too
    Given Alice controls Zinnia, Valley's Voice
    And Alice has Beast Whisperer in her hand
    And Alice has Grizzly Bears in her hand
    And Alice has Forest in her library
    And Alice has Island in her library
    And Alice has {G}{G}{G}{G}{G}{G}{G}{G} in her mana pool
    When Alice casts Beast Whisperer paying its offspring cost using {G}{G}{G}{G}{G}{G}
    And all players pass priority until the stack is empty
    Then Alice controls one Beast Whisperer token
    When Alice casts Grizzly Bears
    And all players pass priority until the stack is empty
    # Each Beast Whisperer draws a card.
    Then Alice has two cards in her hand

  @ruling:offspring.copiable-values @cr:707.2 @cr:110.5
  Scenario: The token of a tapped creature enters untapped
    Given Alice controls Springleaf Drum
    And Alice controls Grizzly Bears
    And Alice has Agate Instigator in her hand
    And Alice has {R}{R}{R}{R} in her mana pool
    When Alice casts Agate Instigator paying its offspring cost
    And all players pass priority
    # Agate Instigator is tapped to pay Springleaf Drum's cost while the offspring ability waits.
    And Alice taps Springleaf Drum for mana
    And Alice chooses Agate Instigator
    And Alice chooses red
    And all players pass priority until the stack is empty
    Then the original Agate Instigator is tapped
    And Grizzly Bears is untapped
    And the token Agate Instigator is untapped
    And Alice's mana pool contains exactly {R}

  @ruling:offspring.copiable-values @cr:707.9b @cr:707.2 @cr:613.4c
  Scenario: A Kird Ape token is 1/1 before its own bonus: with a Forest it is a 2/3
    # "Except it's 1/1" is part of the copiable values (layer 1); the copied +1/+2 applies after it.
    Given Alice controls Zinnia, Valley's Voice
    And Alice controls Forest
    And Alice has Kird Ape in her hand
    And Alice has {R}{R}{R} in her mana pool
    When Alice casts Kird Ape paying its offspring cost
    And all players pass priority until the stack is empty
    Then Alice controls one Kird Ape token
    And the token Kird Ape's base power and toughness are 1/1
    And the token Kird Ape is a 2/3 creature
    And the original Kird Ape is a 2/3 creature

  @ruling:offspring.copiable-values @cr:707.9b @cr:707.2 @cr:613.4c
  Scenario: A Grizzly Bears token is 1/1 before Glorious Anthem's bonus: it is a 2/2, the original a 3/3
    # Kird Ape is printed 1/1, so the exception changes nothing there; Grizzly Bears is printed 2/2.
    # The token's copiable 1/1 (layer 1) gets the Anthem's +1/+1 (layer 7c).
    Given Alice controls Zinnia, Valley's Voice
    And Alice controls Glorious Anthem
    And Alice has Grizzly Bears in her hand
    And Alice has {G}{G}{G}{G} in her mana pool
    When Alice casts Grizzly Bears paying its offspring cost
    And all players pass priority until the stack is empty
    Then Alice controls one Grizzly Bears token
    And the token Grizzly Bears's base power and toughness are 1/1
    And the token Grizzly Bears is a 2/2 creature
    And the original Grizzly Bears is a 3/3 creature
