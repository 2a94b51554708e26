@rules
Feature: Activating mana abilities while casting a spell or activating an ability
  Once the total cost of a spell is determined, if it includes a mana payment, the player has a
  chance to activate mana abilities, before the cost is paid (CR 601.2g, 605.3a); activating an
  ability follows the same process (CR 602.2b). A mana ability is activated only by its
  controller, and its own cost is paid as any: a tapped permanent can't be tapped again (CR 602.2,
  107.5), and a creature's {T} ability needs continuous control since the turn began (CR 302.6).
  The cost is then paid in full from the pool (CR 601.2h); mana left over stays in the pool. An
  illegal cast is reversed (CR 732.1), but the CR only lets the player reverse the mana abilities
  activated for it ("may"): that the lands are untapped again after a refusal is the contract's rule
  that a rejected action leaves the state exactly as it was (outcome.schema.json). No seed ruling is about these rules, but the reference
  engine implements them, so these scenarios pin them.

  Background:
    Given a game between Alice and Bob
    And it is Alice's precombat main phase

  @cr:601.2g @cr:601.2h
  Scenario: A creature spell is cast by tapping lands for mana while paying its cost
    Given Alice controls two Forests
    And Alice has Grizzly Bears in her hand
    When Alice casts Grizzly Bears tapping two Forests for mana
    Then Grizzly Bears is on the stack
    And Alice's mana pool is empty
    And Alice controls no untapped Forest

  @cr:601.2g @cr:601.2h
  Scenario: Mana already in the pool and mana from a land tapped while casting pay the cost together
    Given Alice controls Forest
    And Alice has Grizzly Bears in her hand
    And Alice has {G} in her mana pool
    When Alice casts Grizzly Bears tapping Forest for mana
    Then Grizzly Bears is on the stack
    And Alice's mana pool is empty

  @cr:601.2g @cr:106.4
  Scenario: Mana from a mana ability activated while casting that the cost doesn't use stays in the pool
    Given Alice controls two Forests
    And Alice has Llanowar Elves in her hand
    When Alice casts Llanowar Elves tapping two Forests for mana
    Then Llanowar Elves is on the stack
    And Alice's mana pool contains exactly {G}

  @cr:601.2g @cr:605.3a @cr:605.3b @cr:106.12 @cr:106.12b
  Scenario: Mana Reflection doubles the mana of a Forest tapped for mana while casting
    # Review, 2026-12-04: a mana ability activated while paying (605.3a) resolves as any other does
    # (605.3b): tapping the Forest is tapping it for mana (106.12), and Mana Reflection modifies that
    # mana production event (106.12b), so {G}{G} pays for Grizzly Bears.
    Given Alice controls Forest
    And Alice controls Mana Reflection
    And Alice has Grizzly Bears in her hand
    When Alice casts Grizzly Bears tapping Forest for mana
    Then Grizzly Bears is on the stack
    And Alice's mana pool is empty

  @cr:601.2g @cr:106.12a @cr:117.2a @cr:603.3
  Scenario: Manabarbs triggered while casting goes on the stack above the spell
    # Review, 2026-12-04: Manabarbs triggers as the Forest is tapped in the middle of the cast
    # (117.2a), and is put on the stack the next time a player would receive priority, once the
    # spell is cast: it becomes the topmost object (603.3), so it resolves first.
    Given Alice controls Forest
    And Alice controls Manabarbs
    And Alice has Grizzly Bears in her hand
    And Alice has {G} in her mana pool
    When Alice casts Grizzly Bears tapping Forest for mana
    Then Grizzly Bears is on the stack
    And Manabarbs's triggered ability is on the stack
    When all players pass priority
    Then Alice's life total is 19
    And Grizzly Bears is on the stack

  @cr:601.2h
  Scenario: A cost the mana abilities activated while casting don't cover is unpayable, and the cast is undone
    # The Forest untapped again: the contract's "a rejected action changes nothing", not CR 732.1's "may".
    Given Alice controls two Forests
    And Alice has Grizzly Bears in her hand
    When Alice casts Grizzly Bears tapping Forest for mana
    Then the action is rejected for an unpayable cost
    And Grizzly Bears is in Alice's hand
    And Alice controls no tapped Forest

  @cr:601.2g @cr:107.5
  Scenario: A tapped land can't be tapped for mana while casting
    Given Alice controls tapped Forest
    And Alice controls Mountain
    And Alice has Grizzly Bears in her hand
    When Alice casts Grizzly Bears tapping Mountain and Forest for mana
    Then the action is rejected for being already tapped or an unpayable cost
    And Grizzly Bears is in Alice's hand
    And Mountain is untapped

  @cr:601.2g @cr:602.2
  Scenario: A player can't tap an opponent's land for mana while casting
    Given Alice controls Forest
    And Bob controls Forest
    And Alice has Grizzly Bears in her hand
    When Alice casts Grizzly Bears tapping Forest and Bob's Forest for mana
    Then the action is rejected for an illegal activation or an unpayable cost
    And Grizzly Bears is in Alice's hand

  @cr:601.2g @cr:302.6
  Scenario: A creature's mana ability can't be activated while casting the turn it came under its controller's control
    Given Alice controls Forest
    And Alice controls Llanowar Elves, which came under her control this turn
    And Alice has Grizzly Bears in her hand
    When Alice casts Grizzly Bears tapping Forest and Llanowar Elves for mana
    Then the action is rejected for summoning sickness or an illegal activation or an unpayable cost
    And Grizzly Bears is in Alice's hand

  @cr:601.2g @cr:302.6
  Scenario: A creature controlled since the turn began can tap for mana while its controller casts a spell
    Given Alice controls Forest
    And Alice controls Llanowar Elves
    And Alice has Grizzly Bears in her hand
    When Alice casts Grizzly Bears tapping Forest and Llanowar Elves for mana
    Then Grizzly Bears is on the stack
    And Llanowar Elves is tapped

  @cr:602.2b @cr:601.2g
  Scenario: Mana abilities are activated while paying an activated ability's cost too
    Given Alice controls Forest
    And Alice controls Bonesplitter
    And Alice controls Grizzly Bears
    When Alice activates Bonesplitter's ability tapping Forest for mana targeting Grizzly Bears
    Then Bonesplitter's activated ability is on the stack
    And Forest is tapped
    And Alice's mana pool is empty

  @cr:305.1 @cr:601.2g
  Scenario: A land played this turn taps for mana while a spell is cast
    Given Alice controls Forest
    And Alice has Forest in her hand
    And Alice has Grizzly Bears in her hand
    When Alice plays Forest
    And Alice casts Grizzly Bears tapping two Forests for mana
    Then Grizzly Bears is on the stack
    And Alice has no cards in her hand
