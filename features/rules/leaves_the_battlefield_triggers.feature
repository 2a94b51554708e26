@rules
Feature: A nontoken creature leaving the battlefield: Dual Nature's second ability looks back in time
  Dual Nature's second ability, "Whenever a nontoken creature leaves the battlefield, exile all
  tokens with the same name as that creature", is a leaves-the-battlefield ability (CR 603.6c): it
  triggers on a move from the battlefield only, and it looks back in time (CR 603.10a), so "nontoken
  creature" and "that creature"'s name are those the permanent had as it last existed on the
  battlefield. Every token with that name is exiled, whoever controls it and whatever it copies. No
  seed ruling is about this ability (the Dual Nature rulings are about its first and third), but
  the reference engine implements these rules, so these scenarios pin them.

  Background:
    Given a game between Alice and Bob
    And it is Alice's precombat main phase
    And Alice controls Dual Nature

  @cr:603.6c @cr:603.10a @cr:707.3 @cr:707.5
  Scenario: The token is exiled when a Clone copying Grizzly Bears dies: the name is the one it had on the battlefield
    Given Alice controls Grizzly Bears
    And Alice has Clone in her hand
    And Alice has {U}{U}{U}{U} in her mana pool
    And Bob has Murder in his hand
    And Bob has {B}{B}{B} in his mana pool
    When Alice casts Clone
    And all players pass priority
    And Alice chooses to copy Grizzly Bears
    And all players pass priority until the stack is empty
    Then Alice controls one Grizzly Bears token
    When Alice passes priority
    And Bob casts Murder targeting Clone
    And all players pass priority until the stack is empty
    Then Clone is in Alice's graveyard
    And Alice controls no Grizzly Bears tokens
    And Alice controls one Grizzly Bears

  @cr:603.6c @cr:603.10a
  Scenario: Casting a second Grizzly Bears moves a card from a hand, not a creature from the battlefield, and exiles no token
    Given Alice has Grizzly Bears in her hand
    And Alice has Grizzly Bears in her hand
    And Alice has {G}{G}{G}{G} in her mana pool
    When Alice casts Grizzly Bears
    And all players pass priority until the stack is empty
    Then Alice controls one Grizzly Bears token
    When Alice casts Grizzly Bears
    And all players pass priority until the stack is empty
    Then Alice controls two Grizzly Bears tokens
    And Alice controls four Grizzly Bears

  @cr:603.6c @cr:603.10a @cr:111.2
  Scenario: Bob's Grizzly Bears leaving exiles Alice's token copy of her own Grizzly Bears: only the name counts
    # Bob's Grizzly Bears is tapped only to tell the two cards apart.
    Given Bob controls a tapped Grizzly Bears
    And Alice has Grizzly Bears in her hand
    And Alice has Unsummon in her hand
    And Alice has {G}{G}{U} in her mana pool
    When Alice casts Grizzly Bears using {G}{G}
    And all players pass priority until the stack is empty
    Then Alice controls one Grizzly Bears token
    When Alice casts Unsummon targeting the tapped Grizzly Bears
    And all players pass priority until the stack is empty
    Then Grizzly Bears is in Bob's hand
    And Alice controls no Grizzly Bears tokens
    And the original Grizzly Bears is on the battlefield

  @cr:603.6c @cr:603.10a @cr:111.1
  Scenario: A Grizzly Bears token sacrificed at the end step exiles no other token: only a nontoken creature leaving does
    Given Alice controls Jaxis, the Troublemaker
    And Alice has Grizzly Bears in her hand
    And Alice has Island in her hand
    And Alice has {G}{G}{R} in her mana pool
    And Alice has Forest in her library
    When Alice casts Grizzly Bears using {G}{G}
    And all players pass priority until the stack is empty
    Then Alice controls one Grizzly Bears token
    When Alice activates Jaxis, the Troublemaker's ability targeting the original Grizzly Bears
    And all players pass priority until the stack is empty
    Then Alice controls two Grizzly Bears tokens
    When the game proceeds to Alice's end step
    And all players pass priority until the stack is empty
    Then Alice controls one Grizzly Bears token
    And Alice has one card in her hand

  @cr:700.4 @cr:111.7 @cr:603.6c @cr:603.10a
  Scenario: A token copy exiled when its original dies does not die: one Rogue, from the original only
    # Review, 2026-12-04: "dies" means put into a graveyard from the battlefield (700.4). The token
    # copy of Girder Goons is exiled, and ceases to exist there (111.7) without having died, so its
    # copied "When this creature dies" doesn't trigger.
    Given Alice has Girder Goons in her hand
    And Alice has {B}{B}{B}{B}{B} in her mana pool
    And Bob has Murder in his hand
    And Bob has {B}{B}{B} in his mana pool
    When Alice casts Girder Goons
    And all players pass priority until the stack is empty
    Then Alice controls one Girder Goons token
    When Alice passes priority
    And Bob casts Murder targeting the original Girder Goons
    And all players pass priority until the stack is empty
    Then Girder Goons is in Alice's graveyard
    And Alice controls no Girder Goons tokens
    And Alice controls one Rogue token
