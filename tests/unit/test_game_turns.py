"""Turn structure of the reference engine (CR 500-514), driven through the adapter contract.

The helpers at the top build positions and drive the engine; the other two
``test_game_*`` modules import them so that every test stays short.
Every observation and outcome is checked against the contract's JSON Schema.
"""

from __future__ import annotations

from typing import Any

from oracle.adapters.reference import ReferenceEngine
from oracle.contract.validation import errors as schema_errors
from oracle.engine.cards import CardDatabase, card_from_table
from oracle.paths import cards_dir

JSON = dict[str, Any]

# -- helpers shared by the test_game_* modules ----------------------------------


def card(name: str, ref: str = "", **details: Any) -> JSON:
    """A position entry; the ref defaults to the card's name in kebab case: ``"grizzly-bears"``."""
    return {"card": name, "ref": ref or name.lower().replace(" ", "-"), **details}


def engine_with(*tables: JSON) -> ReferenceEngine:
    """A reference engine that knows the fixture cards plus the cards ``tables`` define."""
    database = CardDatabase.load(cards_dir())
    for table in tables:
        extra = card_from_table(table, "test card")
        database.cards[extra.name] = extra
    return ReferenceEngine(cards=database)


def position(
    alice: JSON | None = None,
    bob: JSON | None = None,
    *,
    step: str = "precombat-main",
    active: str = "Alice",
    number: int = 2,
) -> JSON:
    """A two-player position: Alice and Bob with the given zones, in ``active``'s ``step``."""
    players = [{"name": "Alice", **(alice or {})}, {"name": "Bob", **(bob or {})}]
    return {"players": players, "turn": {"number": number, "active_player": active, "step": step}}


def start(
    alice: JSON | None = None, bob: JSON | None = None, *, engine: ReferenceEngine | None = None, **turn: Any
) -> ReferenceEngine:
    """An engine set up with :func:`position` (which must be schema-valid and accepted)."""
    engine = engine or ReferenceEngine()
    wanted = position(alice, bob, **turn)
    assert not schema_errors(wanted, "position.schema.json")
    assert engine.setup(wanted) == {"accepted": True}
    return engine


def bobs_end_step(alice: JSON | None = None, bob: JSON | None = None) -> ReferenceEngine:
    """Bob's end step of turn 1: once both players pass, Alice's turn 2 begins."""
    return start(alice, bob, step="end", active="Bob", number=1)


def look(engine: ReferenceEngine) -> JSON:
    """The observation, checked against the contract."""
    observation = engine.observe()
    problems = schema_errors(observation, "observation.schema.json")
    assert not problems, problems
    return observation


def act(engine: ReferenceEngine, kind: str, player: str, **fields: Any) -> JSON:
    """Perform one action and return the (schema-valid) outcome."""
    outcome = engine.perform({"type": kind, "player": player, **fields})
    assert not schema_errors(outcome, "outcome.schema.json"), outcome
    return outcome


def do(engine: ReferenceEngine, kind: str, player: str, **fields: Any) -> JSON:
    """Perform an action that must be accepted; return the observation after it."""
    outcome = act(engine, kind, player, **fields)
    assert outcome == {"accepted": True}, outcome
    return look(engine)


def refuse(engine: ReferenceEngine, code: str, kind: str, player: str, **fields: Any) -> str:
    """The action is rejected with ``code`` and leaves the state exactly as it was; return the reason."""
    before = look(engine)
    outcome = act(engine, kind, player, **fields)
    assert not outcome["accepted"] and outcome["rejection"]["code"] == code, outcome
    assert look(engine) == before
    return outcome["rejection"]["reason"]


def pass_round(engine: ReferenceEngine) -> JSON:
    """Both players pass in succession (117.4), starting with the one holding priority."""
    for _ in range(2):
        observation = do(engine, "pass", look(engine)["turn"]["priority_player"])
    return observation


def advance_to(engine: ReferenceEngine, step: str, active: str | None = None) -> JSON:
    """Pass with an empty stack, declaring no attackers and no blockers when asked, until ``step`` (of
    ``active``'s turn) begins."""
    observation = look(engine)
    for _ in range(60):
        turn = observation["turn"]
        if turn["step"] == step and active in (None, turn["active_player"]):
            return observation
        assert not observation["stack"] and observation["pending_choice"] is None, observation
        if turn["priority_player"]:
            observation = pass_round(engine)
        elif turn["step"] == "declare-blockers":
            defending = next(p["name"] for p in observation["players"] if p["name"] != turn["active_player"])
            observation = do(engine, "declare-blockers", defending, blockers=[])
        else:
            observation = do(engine, "declare-attackers", turn["active_player"], attackers=[])
    raise AssertionError(f"never reached {step}")


def player(observation: JSON, name: str) -> JSON:
    return next(p for p in observation["players"] if p["name"] == name)


def permanent(observation: JSON, ref: str) -> JSON:
    return next(p for p in observation["battlefield"] if p["ref"] == ref)


def names(cards: list[JSON]) -> list[str]:
    return [c["name"] for c in cards]


def events(observation: JSON, kind: str) -> list[JSON]:
    return [e for e in observation["events"] if e["type"] == kind]


# -- steps and priority (500.2, 117.3, 117.4) ----------------------------------


def test_all_players_passing_with_an_empty_stack_ends_the_step() -> None:
    """CR 500.2, 117.4: one pass gives priority to the next player; when both pass, the next step begins."""
    engine = start()
    observation = do(engine, "pass", "Alice")
    assert observation["turn"] == {
        "number": 2,
        "active_player": "Alice",
        "step": "precombat-main",
        "priority_player": "Bob",
    }
    observation = do(engine, "pass", "Bob")
    assert observation["turn"]["step"] == "beginning-of-combat"
    assert observation["turn"]["priority_player"] == "Alice"  # 117.3a


def test_mana_pools_empty_when_a_step_ends() -> None:
    """CR 500.5: unspent mana empties from every player's mana pool as a step ends."""
    engine = start({"mana_pool": {"G": 2, "C": 1}}, {"mana_pool": {"R": 1}}, step="upkeep")
    assert player(look(engine), "Alice")["mana_pool"] == {"G": 2, "C": 1}
    observation = pass_round(engine)
    assert observation["turn"]["step"] == "draw"
    assert player(observation, "Alice")["mana_pool"] == {}
    assert player(observation, "Bob")["mana_pool"] == {}


def test_mana_stays_in_the_pool_while_the_step_goes_on() -> None:
    """CR 500.5, 106.4: mana is only lost when the step ends, not when priority passes."""
    engine = start({"mana_pool": {"G": 1}})
    observation = do(engine, "pass", "Alice")
    assert player(observation, "Alice")["mana_pool"] == {"G": 1}


def test_an_empty_stack_after_resolution_does_not_end_the_step() -> None:
    """CR 500.2, 117.3b: after a spell resolves the step goes on and the active player receives priority."""
    engine = start({"hand": [card("Grizzly Bears")], "mana_pool": {"G": 2}})
    do(engine, "cast", "Alice", card="grizzly-bears")
    observation = pass_round(engine)
    assert names(observation["battlefield"]) == ["Grizzly Bears"]
    assert observation["stack"] == []
    assert observation["turn"]["step"] == "precombat-main"
    assert observation["turn"]["priority_player"] == "Alice"


def test_passes_must_be_in_succession() -> None:
    """CR 117.4, 117.3c: a player who acts after another passed keeps priority; the stack resolves
    only once all players pass in succession."""
    engine = start({"hand": [card("Grizzly Bears")], "mana_pool": {"G": 2}}, {"battlefield": [card("Forest")]})
    do(engine, "cast", "Alice", card="grizzly-bears")
    do(engine, "pass", "Alice")
    observation = do(engine, "activate", "Bob", source="forest", ability=1)
    assert observation["turn"]["priority_player"] == "Bob"
    observation = do(engine, "pass", "Bob")
    assert [item["name"] for item in observation["stack"]] == ["Grizzly Bears"]
    assert observation["turn"]["priority_player"] == "Alice"
    observation = do(engine, "pass", "Alice")
    assert observation["stack"] == []
    assert names(observation["battlefield"]) == ["Forest", "Grizzly Bears"]


def test_the_beginning_phase_has_untap_upkeep_and_draw_in_order() -> None:
    """CR 500.1, 501.1, 502.4: after Bob's end step come cleanup, then Alice's untap, upkeep and draw steps;
    nobody receives priority in the untap step, so Alice's first priority is in her upkeep."""
    engine = start({"library": [card("Forest")]}, step="end", active="Bob", number=3)
    observation = pass_round(engine)
    assert observation["turn"] == {"number": 4, "active_player": "Alice", "step": "upkeep", "priority_player": "Alice"}
    observation = advance_to(engine, "precombat-main")
    begun = [(e["step"], e["turn"], e["active"]) for e in events(observation, "step-began")]
    assert begun == [
        ("cleanup", 3, "Bob"),
        ("untap", 4, "Alice"),
        ("upkeep", 4, "Alice"),
        ("draw", 4, "Alice"),
        ("precombat-main", 4, "Alice"),
    ]


# -- untap step (502.3, 302.6) ---------------------------------------------------


def test_untap_step_untaps_only_the_active_players_permanents() -> None:
    """CR 502.3: the active player untaps their permanents; the other player's stay tapped."""
    engine = bobs_end_step(
        {"battlefield": [card("Forest", tapped=True), card("Grizzly Bears", tapped=True)]},
        {"battlefield": [card("Mountain", tapped=True)]},
    )
    observation = pass_round(engine)
    assert observation["turn"]["active_player"] == "Alice"
    assert not permanent(observation, "forest")["tapped"]
    assert not permanent(observation, "grizzly-bears")["tapped"]
    assert permanent(observation, "mountain")["tapped"]


def test_untap_step_ends_summoning_sickness() -> None:
    """CR 302.6: a creature that came under Alice's control during Bob's turn can't use {T} then,
    but can once Alice's next turn has begun."""
    engine = bobs_end_step({"battlefield": [card("Llanowar Elves", came_under_control_this_turn=True)]})
    do(engine, "pass", "Bob")
    refuse(engine, "summoning-sickness", "activate", "Alice", source="llanowar-elves", ability=1)
    do(engine, "pass", "Alice")
    observation = do(engine, "activate", "Alice", source="llanowar-elves", ability=1)
    assert observation["turn"]["step"] == "upkeep"
    assert player(observation, "Alice")["mana_pool"] == {"G": 1}


def test_the_other_players_new_creature_stays_summoning_sick_during_this_turn() -> None:
    """CR 302.6: the untap step only refreshes the active player's permanents; Bob's Elves, new to him
    in his own turn, are still not usable during Alice's turn."""
    engine = bobs_end_step(bob={"battlefield": [card("Llanowar Elves", came_under_control_this_turn=True)]})
    pass_round(engine)
    do(engine, "pass", "Alice")
    refuse(engine, "summoning-sickness", "activate", "Bob", source="llanowar-elves", ability=1)


# -- draw step (504.1, 704.5b, 103.8a) -----------------------------------------


def test_draw_step_draws_the_top_card_of_the_library() -> None:
    """CR 504.1, 121.1: the active player draws the top card of their library as the draw step begins."""
    engine = start({"library": [card("Forest"), card("Island")]}, {"library": [card("Swamp")]}, step="upkeep")
    observation = pass_round(engine)
    assert observation["turn"]["step"] == "draw"
    assert names(player(observation, "Alice")["hand"]) == ["Forest"]
    assert names(player(observation, "Alice")["library"]) == ["Island"]
    assert names(player(observation, "Bob")["library"]) == ["Swamp"]
    assert len(events(observation, "card-drawn")) == 1


def test_drawing_from_an_empty_library_loses_the_game() -> None:
    """CR 704.5b, 121.4: a player who attempted to draw from an empty library loses when state-based
    actions are next checked, before anyone receives priority in the draw step."""
    engine = start({"library": []}, {"library": []}, step="upkeep")
    assert not player(look(engine), "Alice")["lost"]
    observation = pass_round(engine)
    assert observation["turn"]["step"] == "draw"
    assert player(observation, "Alice")["lost"]
    assert not player(observation, "Bob")["lost"]
    assert [e["player"] for e in events(observation, "player-lost")] == ["Alice"]


def test_the_starting_player_skips_the_draw_of_the_first_turn() -> None:
    """CR 103.8a: in a two-player game, the player who plays first skips the draw step of their first turn."""
    engine = start({"library": [card("Forest")]}, step="upkeep", number=1)
    observation = pass_round(engine)
    assert observation["turn"]["step"] == "precombat-main"  # the draw step did not happen at all
    assert names(player(observation, "Alice")["library"]) == ["Forest"]
    assert player(observation, "Alice")["hand"] == []


# -- cleanup and the next turn (514, 500.1) --------------------------------------


def test_cleanup_removes_damage_from_permanents() -> None:
    """CR 514.2: marked damage is removed in the cleanup step.

    The adapter has no way to deal damage, so the damage is marked on the state directly.
    """
    engine = start({"battlefield": [card("Grizzly Bears")]}, step="end")
    engine.state.objects[engine._ref(engine.state, "grizzly-bears")].damage = 1
    assert permanent(look(engine), "grizzly-bears")["damage"] == 1
    observation = pass_round(engine)
    assert permanent(observation, "grizzly-bears")["damage"] == 0


def test_cleanup_discards_down_to_maximum_hand_size() -> None:
    """CR 514.1: in cleanup, an active player with more than seven cards discards down to seven."""
    engine = start(
        {"hand": [card("Forest", f"forest-{i}") for i in range(8)]}, {"library": [card("Island")]}, step="end"
    )
    pending = pass_round(engine)["pending_choice"]
    assert (pending["player"], pending["kind"]) == ("Alice", "discard")
    assert pending["options"] == [f"forest-{i}" for i in range(8)]
    observation = do(engine, "choose", "Alice", choice="forest-3")
    alice = player(observation, "Alice")
    assert (len(alice["hand"]), names(alice["graveyard"])) == (7, ["Forest"])
    assert observation["turn"]["active_player"] == "Bob"


def test_after_cleanup_the_turn_passes_to_the_other_player() -> None:
    """CR 500.1, 103.1, 503.1: after the active player's cleanup step the next player's turn begins,
    the turn number grows, and that player receives priority in their upkeep."""
    engine = start({"library": [card("Forest")]}, {"library": [card("Island")]}, step="end", number=5)
    observation = pass_round(engine)
    assert observation["turn"] == {"number": 6, "active_player": "Bob", "step": "upkeep", "priority_player": "Bob"}
    observation = advance_to(engine, "upkeep", active="Alice")
    assert observation["turn"]["number"] == 7


def test_a_whole_turn_can_be_played_by_passing() -> None:
    """CR 500.1, 506.1, 508.1: passing through every step, declaring no attackers, reaches the next turn."""
    engine = start({"library": [card("Forest")]}, {"library": [card("Island")]}, step="upkeep")
    observation = advance_to(engine, "upkeep", active="Bob")
    assert observation["turn"]["number"] == 3
    assert names(player(observation, "Alice")["hand"]) == ["Forest"]
    assert events(observation, "attackers-declared") == [
        {"type": "attackers-declared", "player": "Alice", "attackers": []}
    ]
