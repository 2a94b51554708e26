"""Building a position in phase: a new game with the position's cards, edited into its zones.

``setup`` starts a game with decks holding the position's cards (plus basic lands as filler),
keeps both hands, then edits phase's state dict (zones, permanents, turn, life, mana pools)
into the position, the filler removed so that a library holds exactly the position's cards; :class:`PositionBuilder` holds these steps.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from oracle.contract.interface import JSON
from oracle.paths import cards_dir

from .base import COUNTER_TO_PHASE, STEP_TO_PHASE, SYMBOL_TO_MANA, PhaseBase, Refusal, one_line
from .cards import filler_land

#: Zones of a player's own cards: the position's key, phase's zone name.
PLAYER_ZONES = {"library": "Library", "hand": "Hand", "graveyard": "Graveyard"}

#: How many filler basic lands (:func:`oracle.adapters.phase.cards.filler_land`) each deck gets, so that a
#: game can start; they are removed from the game once the position is placed.
FILLER_COUNT = 10


class PositionBuilder(PhaseBase):
    """Setup helpers: a phase game with the position's cards, its state edited into the position."""

    def _unsupported_card(self, position: JSON) -> str | None:
        """A one-line reason if the position uses a card phase does not understand."""
        for _, _, entry in _entries(position):
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
        """A player's seat (0 or 1) from their name."""
        if name not in self.names:
            raise Refusal("not-allowed", f"unknown player {name!r}")
        return self.names.index(name)

    def _deck(self, position: JSON, seat: int) -> list[str]:
        """The cards seat ``seat`` owns in the position, plus filler basic lands."""
        owned = [entry["card"] for owner, _, entry in _entries(position) if self._owner(owner, entry) == seat]
        return owned + [filler_land(cards_dir())] * FILLER_COUNT

    def _owner(self, controller: str, entry: JSON) -> int:
        """The seat of a card's owner (its controller unless the position says otherwise)."""
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
        for controller, zone, entry in _entries(position):
            owner = self._owner(controller, entry)
            candidates = spare.get((owner, entry["card"]))
            if not candidates:
                raise Refusal("not-allowed", f"phase's game holds no {entry['card']} for {self.names[owner]}")
            object_id = candidates.pop(0)
            obj = state["objects"][str(object_id)]
            self.ids[entry["ref"]] = object_id
            self.refs[object_id] = entry["ref"]
            self._put(state, obj, zone, owner, self._seat(controller))
            if zone == "battlefield":
                placed.append((obj, entry))
        for rest in spare.values():  # the filler that started phase's game is not in the position
            for object_id in rest:
                del state["objects"][str(object_id)]
        turn = position["turn"]["number"]
        for obj, entry in placed:
            self._set_permanent(state, obj, entry, turn)

    @staticmethod
    def _put(state: JSON, obj: JSON, zone: str, owner: int, controller: int) -> None:
        """Put one of phase's objects into a zone of the edited state."""
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
                raise Refusal(
                    "not-allowed", f"{entry['card']} is attached to {entry['attached_to']!r}, not a permanent"
                )
            obj["attached_to"] = {"type": "Object", "data": host_id}
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


def _entries(position: JSON) -> Iterator[tuple[str, str, JSON]]:
    """Every card of the position: (the player whose part it is in, zone, entry)."""
    for player in position["players"]:
        for zone in ("library", "hand", "graveyard", "exile", "battlefield"):
            for entry in player.get(zone, []):
                yield player["name"], zone, entry


def _objects_by_owner_and_name(state: JSON) -> dict[tuple[int, str], list[int]]:
    """phase's objects by (owner, name), in id order."""
    found: dict[tuple[int, str], list[int]] = {}
    for key in sorted(state["objects"], key=int):
        obj = state["objects"][key]
        found.setdefault((obj["owner"], obj["name"]), []).append(int(key))
    return found
