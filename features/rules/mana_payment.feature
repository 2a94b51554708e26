@rules
Feature: Paying a spell's mana cost from the mana pool
  A player pays the total cost of a spell with mana from their mana pool: each colored symbol
  takes mana of its own color, the generic part any mana, and the amount paid is exactly the
  total cost (CR 601.2h, 202.1). Partial payments are not allowed and unpayable costs can't be
  paid: the cast is rejected and the pool stays as it was. Effects may increase the total cost
  (CR 601.2f). No seed ruling is about these rules, but the reference engine implements them,
  so these scenarios pin them. Where a cost has a generic part, the scenario names the mana
  spent or leaves the pool only one way to pay.

  Background:
    Given a game between Alice and Bob
    And it is Alice's precombat main phase

  @cr:601.2h @cr:106.4
  Scenario: A spell whose colored symbol no mana in the pool can pay is rejected, and the pool is unchanged
    Given Alice has Grizzly Bears in her hand
    And Alice has {R}{R} in her mana pool
    When Alice casts Grizzly Bears
    Then the action is rejected for an unpayable cost
    And Grizzly Bears is in Alice's hand
    And Alice's mana pool contains exactly {R}{R}

  @cr:601.2h @cr:106.4
  Scenario: Mana named to pay a colored symbol must be of that color
    Given Alice has Grizzly Bears in her hand
    And Alice has {R}{R}{G} in her mana pool
    When Alice casts Grizzly Bears using {R}{R}
    Then the action is rejected for an unpayable cost
    And Grizzly Bears is in Alice's hand
    And Alice's mana pool contains exactly {R}{R}{G}

  @cr:601.2h @cr:106.4
  Scenario: Mana of the symbol's color pays it, and any mana pays the generic part
    Given Alice has Grizzly Bears in her hand
    And Alice has {R}{G} in her mana pool
    When Alice casts Grizzly Bears using {R}{G}
    Then Grizzly Bears is on the stack
    And Alice's mana pool is empty

  @cr:601.2h
  Scenario: Mana named to pay that the pool doesn't hold is rejected, and the pool is unchanged
    Given Alice has Grizzly Bears in her hand
    And Alice has {G}{G} in her mana pool
    When Alice casts Grizzly Bears using {R}{G}
    Then the action is rejected for an unpayable cost
    And Grizzly Bears is in Alice's hand
    And Alice's mana pool contains exactly {G}{G}

  @cr:601.2h
  Scenario: Naming more mana than the total cost is rejected, and the pool is unchanged
    Given Alice has Grizzly Bears in her hand
    And Alice has {G}{G}{G} in her mana pool
    When Alice casts Grizzly Bears using {G}{G}{G}
    Then the action is rejected for an unpayable cost
    And Grizzly Bears is in Alice's hand
    And Alice's mana pool contains exactly {G}{G}{G}

  @cr:601.2f @cr:601.2h
  Scenario: Damping Sphere makes a player's second spell of the turn cost {1} more
    Given Alice controls Damping Sphere
    And Alice has Llanowar Elves in her hand
    And Alice has Grizzly Bears in her hand
    And Alice has {G}{G}{G}{G} in her mana pool
    When Alice casts Llanowar Elves
    And all players pass priority
    And Alice casts Grizzly Bears
    Then Grizzly Bears is on the stack
    And Alice's mana pool is empty

  @cr:601.2f @cr:601.2h
  Scenario: The second spell of the turn under Damping Sphere can't be paid with its mana cost alone
    Given Alice controls Damping Sphere
    And Alice has Llanowar Elves in her hand
    And Alice has Grizzly Bears in her hand
    And Alice has {G}{G}{G} in her mana pool
    When Alice casts Llanowar Elves
    And all players pass priority
    And Alice casts Grizzly Bears
    Then the action is rejected for an unpayable cost
    And Grizzly Bears is in Alice's hand
    And Alice's mana pool contains exactly {G}{G}
