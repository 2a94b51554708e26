@rules
Feature: A token the effect that creates it names
  Tuktuk the Explorer: "When Tuktuk the Explorer dies, create Tuktuk the Returned, a legendary 5/5
  colorless Goblin Golem artifact creature token." A token's characteristics are those the effect
  defines (111.3), its name included; only a token the effect doesn't name is called by its
  subtypes plus the word "Token" (111.4). "Dies" means put into a graveyard from the battlefield
  (700.4), so Tuktuk returned to its owner's hand creates nothing, and the legend rule's putting a
  Tuktuk into its owner's graveyard is dying (704.5j). "Tuktuk the Explorer" in its ability means
  the object the ability is on, a copy of Tuktuk included, and no other object with that name
  (201.5). No seed ruling is about these rules, but the reference engine implements them, so these
  scenarios pin them.

  Background:
    Given a game between Alice and Bob
    And it is Alice's precombat main phase

  @cr:111.3 @cr:111.4 @cr:700.4
  Scenario: Tuktuk the Explorer dies and Alice creates a token named Tuktuk the Returned
    Given Alice controls Tuktuk the Explorer
    And Alice has Flame Slash in her hand
    And Alice has {R} in her mana pool
    When Alice casts Flame Slash targeting Tuktuk the Explorer
    And all players pass priority until the stack is empty
    Then Tuktuk the Explorer is in Alice's graveyard
    And Alice controls one Tuktuk the Returned token
    And the token Tuktuk the Returned is a 5/5 creature
    And Alice controls no Goblin Golem tokens

  @cr:700.4 @cr:111.1
  Scenario: Tuktuk the Explorer returned to its owner's hand does not die and creates no token
    Given Alice controls Tuktuk the Explorer
    And Alice has Unsummon in her hand
    And Alice has {U} in her mana pool
    When Alice casts Unsummon targeting Tuktuk the Explorer
    And all players pass priority until the stack is empty
    Then Tuktuk the Explorer is in Alice's hand
    And Alice controls no Tuktuk the Returned tokens
    And no player is asked to choose anything

  @cr:201.5 @cr:704.5j @cr:700.4 @cr:603.10a
  Scenario: Jaxis's copy of Tuktuk loses to the legend rule, dies, and only its own abilities trigger
    # Review, 2026-12-04: the legend rule puts the copy into its owner's graveyard (704.5j), which
    # is dying (700.4), so its own "When Tuktuk the Explorer dies" and the draw Jaxis gave it
    # trigger; the original's, whose name means the original only (201.5), doesn't.
    Given Alice controls Tuktuk the Explorer
    And Alice controls Jaxis, the Troublemaker
    And Alice has Island in her hand
    And Alice has {R} in her mana pool
    And Alice has Forest in her library
    When Alice activates Jaxis, the Troublemaker's ability targeting Tuktuk the Explorer
    And all players pass priority until the stack is empty
    Then Alice must choose which Tuktuk the Explorer to keep
    When Alice chooses the original Tuktuk the Explorer
    And all players pass priority until the stack is empty
    Then the original Tuktuk the Explorer is on the battlefield
    And Alice controls no Tuktuk the Explorer tokens
    And Alice controls one Tuktuk the Returned token
    And Alice has one card in her hand
