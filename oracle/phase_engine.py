"""An adapter that lets the suite certify phase.rs through its Python bindings (``phase-python``).

phase.rs is an open-source Magic rules engine written in Rust; ``pip install phase-python``
gives the ``phase`` module.  This adapter speaks the contract of :mod:`oracle.contract`:

* the card database is built offline from the suite's own fixtures, each card parsed by
  ``phase.build_oracle_face`` from an MTGJSON-shaped dict; a card phase does not understand
  (an unimplemented effect, an unknown trigger mode, a parse warning) is *unsupported*;
* ``setup`` starts a game with decks holding the position's cards (plus basic lands as
  filler), keeps both hands, then edits phase's state dict into the position and reloads it;
* ``perform`` turns each contract action into phase ``GameAction`` dicts, answering the
  prompts phase asks while an action is being taken from the action's own fields, and
  restores the saved state whenever phase refuses;
* ``observe`` translates phase's state dict into the observation schema.

phase's state dict is an internal, unversioned format (seen with phase-python 0.103.0).
"""

from __future__ import annotations

import importlib.metadata
import json
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

from .cards import Card, CardDatabase
from .contract import CONTRACT_VERSION, JSON, Engine, accepted, rejected
from .paths import cards_dir

#: Capabilities this adapter maps (names from ``fixtures/capabilities.toml``).
CAPABILITIES = [
    "activated-abilities",
    "casting",
    "mana-abilities",
    "summoning-sickness",
    "triggered-abilities",
    "untap-symbol",
]

#: The suite's step names and phase's.
STEP_TO_PHASE = {
    "untap": "Untap",
    "upkeep": "Upkeep",
    "draw": "Draw",
    "precombat-main": "PreCombatMain",
    "beginning-of-combat": "BeginCombat",
    "declare-attackers": "DeclareAttackers",
    "declare-blockers": "DeclareBlockers",
    "combat-damage": "CombatDamage",
    "end-of-combat": "EndCombat",
    "postcombat-main": "PostCombatMain",
    "end": "End",
    "cleanup": "Cleanup",
}
PHASE_TO_STEP = {value: key for key, value in STEP_TO_PHASE.items()}

#: Mana symbols and phase's mana type names.
SYMBOL_TO_MANA = {"W": "White", "U": "Blue", "B": "Black", "R": "Red", "G": "Green", "C": "Colorless"}
MANA_TO_SYMBOL = {value: key for key, value in SYMBOL_TO_MANA.items()}

#: Counter kinds: the suite's names and phase's.
COUNTER_TO_PHASE = {"+1/+1": "P1P1", "-1/-1": "M1M1"}
PHASE_TO_COUNTER = {value: key for key, value in COUNTER_TO_PHASE.items()}

#: Zones of a player's own cards: the position's key, phase's zone name.
PLAYER_ZONES = {"library": "Library", "hand": "Hand", "graveyard": "Graveyard"}

#: The basic land added to each deck so that a game can start and players can draw.
FILLER = "Wastes"
FILLER_COUNT = 10

#: phase prompts answered with a contract ``choose`` action: phase's prompt type -> contract kind.
PROMPT_KINDS = {
    "ChooseManaColor": "mana-color",
    "TargetSelection": "target",
    "ChooseLegend": "legend-rule",
    "OrderTriggers": "trigger-order",
    "ReplacementChoice": "replacement-effect",
}

#: Words in phase's refusal messages, and the contract's rejection code they mean.
REFUSAL_CODES = [
    ("summoning sick", "summoning-sickness"),
    ("is tapped", "already-tapped"),
    ("already tapped", "already-tapped"),
    ("is untapped", "already-untapped"),
    ("not tapped", "already-untapped"),
    ("already untapped", "already-untapped"),
    ("priority", "no-priority"),
    ("sorcery", "timing"),
    ("timing", "timing"),
    ("target", "illegal-target"),
    ("pay", "cannot-pay"),
    ("mana", "cannot-pay"),
    ("afford", "cannot-pay"),
]


class Refusal(Exception):
    """An action the adapter refuses before (or instead of) asking phase: carries a contract code."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


# -- the card database ---------------------------------------------------------------------


def atomic_card(card: Card) -> JSON:
    """The suite's card as the MTGJSON ``AtomicCard``-shaped dict ``phase.build_oracle_face`` reads."""
    type_line = card.types
    colors = list(card.colors)
    data: JSON = {
        "name": card.name,
        "manaCost": card.mana_cost.text if card.mana_cost else None,
        "type": card.type_line,
        "types": list(type_line.types),
        "supertypes": list(type_line.supertypes),
        "subtypes": list(type_line.subtypes),
        "text": card.oracle_text,
        "layout": "normal",
        "colors": colors,
        "colorIdentity": colors,
        "manaValue": card.mana_cost.mana_value() if card.mana_cost else 0,
        "identifiers": {},
        "keywords": card_keywords(card),
    }
    if card.power is not None and card.toughness is not None:
        data["power"] = card.power
        data["toughness"] = card.toughness
    return data


def card_keywords(card: Card) -> list[str]:
    """The card's own keyword abilities, capitalized as MTGJSON lists them ("Flying", "Offspring")."""
    return [ability.keyword.capitalize() for ability in card.abilities if ability.kind == "keyword"]


def not_understood(face: JSON) -> str | None:
    """What phase did not understand in a parsed face, or None when it parsed cleanly."""
    warnings = face.get("parse_warnings") or []
    if warnings:
        first = warnings[0]
        return f"parse warning {first.get('type', '?')} on {first.get('description', '?')!r}"
    for node in _nodes(face):
        if node.get("type") == "Unimplemented":
            return f"unimplemented {node.get('name', 'effect')}: {node.get('description', '?')}"
        if "Unknown" in node:
            return f"unknown trigger mode {node['Unknown']!r}"
    return None


def _nodes(value: Any) -> Iterator[JSON]:
    """Every dict nested anywhere in ``value``."""
    if isinstance(value, dict):
        yield value
        for item in value.values():
            yield from _nodes(item)
    elif isinstance(value, list):
        for item in value:
            yield from _nodes(item)


@cache
def _library(folder: Path) -> tuple[Any, dict[str, str]]:
    """phase's engine loaded with every fixture card, and why each unsupported card is so."""
    import phase

    cards = CardDatabase.load(folder)
    faces: dict[str, JSON] = {}
    unsupported: dict[str, str] = {}
    for name, card in cards.cards.items():
        face = phase.build_oracle_face(atomic_card(card), None)
        faces[name.lower()] = face
        problem = not_understood(face)
        if problem:
            unsupported[name] = problem
    return phase.Engine.from_json(json.dumps(faces)), unsupported


def phase_version() -> str:
    """The installed phase-python version."""
    return importlib.metadata.version("phase-python")


# -- small translations ------------------------------------------------------------------


def mana_value(cost: JSON | None) -> int:
    """The mana value of a phase mana cost (X counts 0 off the stack, CR 202.3e)."""
    if not cost or cost.get("type") != "Cost":
        return 0
    shards = [s for s in cost.get("shards", []) if s != "X"]
    return int(cost.get("generic", 0)) + len(shards)


def pool_of(player: JSON) -> dict[str, int]:
    """A phase player's mana pool as ``{"G": 1, ...}``."""
    pool: dict[str, int] = {}
    for unit in player.get("mana_pool", {}).get("mana", []):
        symbol = MANA_TO_SYMBOL.get(unit.get("color", ""), "C")
        pool[symbol] = pool.get(symbol, 0) + 1
    return pool


def keyword_name(keyword: Any) -> str:
    """A phase keyword ("Flying" or {"Offspring": ...}) as a lower-case word."""
    if isinstance(keyword, dict):
        keyword = next(iter(keyword), "")
    return re.sub(r"(?<!^)(?=[A-Z])", " ", str(keyword)).lower()


def refusal_code(message: str) -> str:
    """The contract's rejection code for one of phase's refusal messages (best effort)."""
    lowered = message.lower()
    for words, code in REFUSAL_CODES:
        if words in lowered:
            return code
    return "not-allowed"


def one_line(message: str) -> str:
    """A message on a single line."""
    return " ".join(message.split())


# -- the engine ------------------------------------------------------------------------------


class PhaseEngine(Engine):
    """phase.rs, driven through phase-python, speaking the adapter contract."""

    def __init__(self) -> None:
        self.engine, self.unsupported = _library(cards_dir())
        self.game: Any = None
        self.names: list[str] = []
        self.ids: dict[str, int] = {}
        self.refs: dict[int, str] = {}
        self.events: list[JSON] = []

    def describe(self) -> JSON:
        return {
            "name": "phase.rs",
            "version": phase_version(),
            "contract": CONTRACT_VERSION,
            "capabilities": list(CAPABILITIES),
        }

    # -- setup -----------------------------------------------------------------------------

    def setup(self, position: JSON) -> JSON:
        problem = self._unsupported_card(position)
        if problem:
            return rejected("unsupported", problem)
        try:
            self.game = self._build(position)
        except Refusal as refusal:
            return rejected(refusal.code, refusal.reason)
        except ValueError as exc:  # phase refused the edited state
            return rejected("not-allowed", one_line(f"phase could not load the position: {exc}"))
        self.events = []
        return accepted()

    def _unsupported_card(self, position: JSON) -> str | None:
        """A one-line reason if the position uses a card phase does not understand."""
        for _, entry in _entries(position):
            name = entry["card"]
            if name in self.unsupported:
                return f"phase does not understand {name}: {one_line(self.unsupported[name])}"[:300]
        return None

    def _build(self, position: JSON) -> Any:
        """Start a game with the needed cards, then edit its state into the position."""
        self.names = [p["name"] for p in position["players"]]
        turn = position["turn"]
        active = self._seat(turn["active_player"])
        game = self.engine.new_game(
            player=self._deck(position, 0),
            opponent=self._deck(position, 1),
            seed=7,
            first_player=active,
            format="Limited",
        )
        self._keep_hands(game)
        snapshot = game.state()
        state = snapshot["state"]
        self._place_cards(state, position)
        self._set_turn(state, turn)
        for seat, spec in enumerate(position["players"]):
            player = state["players"][seat]
            player["life"] = spec.get("life", 20)
            player["mana_pool"] = {"mana": self._pool_units(state, spec.get("mana_pool", {}))}
        return self.engine.load_game(snapshot)

    def _seat(self, name: str) -> int:
        if name not in self.names:
            raise Refusal("not-allowed", f"unknown player {name!r}")
        return self.names.index(name)

    def _deck(self, position: JSON, seat: int) -> list[str]:
        """The cards seat ``seat`` owns in the position, plus filler basic lands."""
        owned = [entry["card"] for owner, entry in _entries(position) if self._owner(owner, entry) == seat]
        return owned + [FILLER] * FILLER_COUNT

    def _owner(self, controller: str, entry: JSON) -> int:
        return self._seat(entry.get("owner", controller))

    @staticmethod
    def _keep_hands(game: Any) -> None:
        """Answer both opening-hand questions with "Keep"."""
        for _ in range(4):
            prompt = game.waiting_for()
            if prompt["type"] != "MulliganDecision":
                return
            for pending in prompt["data"]["pending"]:
                game.apply(pending["player"], {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}})
        raise Refusal("not-allowed", "phase kept asking about mulligans")

    def _place_cards(self, state: JSON, position: JSON) -> None:
        """Move phase's objects into the position's zones and remember each ref's object."""
        spare = _objects_by_owner_and_name(state)
        for player in state["players"]:
            for zone in PLAYER_ZONES:
                player[zone] = []
        state["battlefield"], state["exile"], state["stack"] = [], [], []
        self.ids, self.refs = {}, {}
        placed: list[tuple[JSON, JSON]] = []
        for controller, entry in _entries(position):
            zone = entry["_zone"]
            owner = self._owner(controller, entry)
            object_id = spare[(owner, entry["card"])].pop(0)
            obj = state["objects"][str(object_id)]
            self.ids[entry["ref"]] = object_id
            self.refs[object_id] = entry["ref"]
            self._put(state, obj, zone, owner, self._seat(controller))
            if zone == "battlefield":
                placed.append((obj, entry))
        for (owner, _), rest in spare.items():  # filler goes to the bottom of its owner's library
            for object_id in rest:
                self._put(state, state["objects"][str(object_id)], "library", owner, owner)
        turn = position["turn"]["number"]
        for obj, entry in placed:
            self._set_permanent(state, obj, entry, turn)

    @staticmethod
    def _put(state: JSON, obj: JSON, zone: str, owner: int, controller: int) -> None:
        obj["controller"] = controller
        obj["base_controller"] = controller
        if zone in PLAYER_ZONES:
            obj["zone"] = PLAYER_ZONES[zone]
            state["players"][owner][zone].append(obj["id"])
        elif zone == "exile":
            obj["zone"] = "Exile"
            state["exile"].append(obj["id"])
        else:
            obj["zone"] = "Battlefield"
            state["battlefield"].append(obj["id"])

    def _set_permanent(self, state: JSON, obj: JSON, entry: JSON, turn: int) -> None:
        """Tapped state, counters, summoning sickness, chosen color and attachment of a permanent."""
        if "copy_of" in entry:
            raise Refusal("not-allowed", f"the adapter cannot make {entry['card']} a copy in phase's state")
        recent = entry.get("came_under_control_this_turn", False)
        obj["tapped"] = entry.get("tapped", False)
        obj["summoning_sick"] = recent
        obj["entered_battlefield_turn"] = turn if recent else max(turn - 1, 0)
        obj["counters"] = {COUNTER_TO_PHASE.get(kind, kind): n for kind, n in entry.get("counters", {}).items() if n}
        obj["timestamp"] = state["next_timestamp"]
        state["next_timestamp"] += 1
        if "chosen_color" in entry:
            obj["chosen_attributes"] = [{"type": "Color", "value": entry["chosen_color"].capitalize()}]
        if "attached_to" in entry:
            host_id = self.ids.get(entry["attached_to"])
            if host_id is None:
                raise Refusal("not-allowed", f"{entry['card']} is attached to {entry['attached_to']!r}, not a permanent")
            obj["attached_to"] = host_id
            state["objects"][str(host_id)].setdefault("attachments", []).append(obj["id"])

    def _set_turn(self, state: JSON, turn: JSON) -> None:
        """Turn number, active player, step, and priority to the active player."""
        active = self._seat(turn["active_player"])
        state["turn_number"] = turn["number"]
        state["active_player"] = active
        state["current_starting_player"] = active
        state["phase"] = STEP_TO_PHASE[turn["step"]]
        state["priority_player"] = active
        state["priority_pass_count"] = 0
        state["priority_passes"] = []
        state["waiting_for"] = {"type": "Priority", "data": {"player": active}}
        state["steps_started_this_turn"] = {state["phase"]: 1}

    @staticmethod
    def _pool_units(state: JSON, pool: dict[str, int]) -> list[JSON]:
        """Mana pool entries in phase's shape for ``{"G": 1, ...}``."""
        units = []
        for symbol, amount in pool.items():
            for _ in range(amount):
                units.append(
                    {
                        "color": SYMBOL_TO_MANA[symbol],
                        "source_id": 0,
                        "pip_id": state["next_pip_id"],
                        "snow": False,
                        "restrictions": [],
                    }
                )
                state["next_pip_id"] += 1
        return units
