"""The scenario's world: the position being described, the engine under test, and what it answered.

Steps only talk to the engine through :class:`World`, and the world only
through the adapter contract.  Every position and action it sends and every
outcome and observation it receives is checked against the contract's JSON
Schema, so a scenario can't pass on data the contract does not allow.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from oracle.contract.defaults import with_defaults
from oracle.contract.interface import Engine
from oracle.contract.outcomes import EngineFailure, Precondition, Refused, Unsupported
from oracle.contract.validation import errors as schema_errors
from oracle.engine.cards import CardDatabase
from oracle.errors import UserError

from .options import Memory, Question, require_legal_options

NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}
#: Questions with a single option answered after one action before the engine is deemed to loop.
MAX_SINGLE_OPTION_ANSWERS = 20
_EQUIP = re.compile(r"^Equip (\{[^}]+\})+$")
_COST_PART = re.compile(r"^(\{[^}]+\})+$|^Sacrifice .+$|^Tap an untapped .+$|^Discard a card$")


def as_json(data: Any) -> str:
    """An action as the wire protocol writes it: ``{"type": "pass", "player": "Alice"}``."""
    return json.dumps(data, ensure_ascii=False)


def count(word: str) -> int:
    """``"two"`` -> 2, ``"3"`` -> 3."""
    if word.isdigit():
        return int(word)
    if word.lower() in NUMBER_WORDS:
        return NUMBER_WORDS[word.lower()]
    raise UserError(f"{word!r} is not a number")


def activated_abilities(oracle_text: str) -> list[str]:
    """The activated abilities in rules text, in order: lines "[Cost]: [Effect]" (602.1a).

    Basic lands' reminder text "({T}: Add {G}.)" counts: it is their intrinsic ability (305.6), and
    so does "Equip [cost]", which means "[Cost]: Attach this permanent to target creature you control" (702.6a).
    """
    found = []
    for line in oracle_text.split("\n"):
        line = line.strip()
        if line.startswith("(") and line.endswith(")"):
            line = line[1:-1]
        if _EQUIP.match(line):
            line = f"{line[len('Equip ') :]}: Attach this permanent to target creature you control."
        cost, sep, _ = line.partition(": ")
        if sep and all(_COST_PART.match(part.strip()) for part in cost.split(",")):
            found.append(line)
    return found


@dataclass
class World:
    """One scenario's game, built lazily from the Given steps."""

    engine: Engine
    cards: CardDatabase
    players: list[dict[str, Any]] = field(default_factory=list)
    turn: dict[str, Any] = field(default_factory=dict)
    built: bool = False
    outcome: dict[str, Any] | None = None
    last_action: dict[str, Any] | None = None
    outcome_checked: bool = True
    #: The state just before the last action, for the Then steps that compare with it.
    before: dict[str, Any] | None = None
    refs: dict[str, str] = field(default_factory=dict)  # ref -> card name
    #: The answers given since the last action that was not an answer (the cards chosen so far
    #: for one discard to hand size, which an engine may hold until the last, 514.1).
    answers: list[str] = field(default_factory=list)
    #: Takes the decisions a step leaves open ("in any order", which of several permanents of
    #: a name): the index of the option taken, the first unless the lint of unstated choices
    #: (tests/unit/test_unstated_choices.py) tries the others.
    decider: Callable[[str, list[str]], int] = field(default=lambda kind, options: 0)
    #: The index of the scenario's step being run (set by the driver), and of the one that took
    #: the last action: a refusal noticed later is blamed on the step that acted.
    step: int | None = None
    action_step: int | None = None
    #: The last action that was not an answer: the abilities it activated may be asking.
    asking: dict[str, Any] | None = None
    #: What the scenario has seen of the game, for the questions about objects that left.
    memory: Memory = field(default_factory=Memory)
    #: The last observation, valid until the next action (observing changes nothing).
    _seen: dict[str, Any] | None = None

    # -- building the position ---------------------------------------------------

    def player(self, name: str) -> dict[str, Any]:
        for player in self.players:
            if player["name"] == name:
                return player
        raise UserError(
            f"unknown player {name!r}: the scenario's players are {', '.join(p['name'] for p in self.players)}"
        )

    def add_card(self, player: str, zone: str, card: str, **details: Any) -> str:
        """Put a card into a zone of the position and return its ref."""
        if self.built:
            raise UserError("a Given step came after the game started: put all Given steps first")
        self.cards[card]  # an unknown card is a one-line error here
        number = sum(1 for name in self.refs.values() if name == card) + 1
        ref = f"{player.lower()}-{re.sub(r'[^a-z0-9]+', '-', card.lower()).strip('-')}-{number}"
        self.refs[ref] = card
        entry = {"card": card, "ref": ref, **details}
        self.player(player).setdefault(zone, []).append(entry)
        return ref

    def ref_of(self, card: str) -> str:
        """The ref of a permanent an earlier Given step put on the battlefield."""
        for player in self.players:
            for entry in player.get("battlefield", []):
                if entry["card"] == card:
                    return str(entry["ref"])
        raise UserError(f"{card!r} must be put on the battlefield by an earlier Given step")

    def position(self) -> dict[str, Any]:
        return {"players": self.players, "turn": self.turn}

    def build(self) -> None:
        """Send the position to the engine (once, before the first action or observation)."""
        if self.built:
            return
        position = self.position()
        self._check(position, "position.schema.json", "the scenario's position")
        outcome = self.engine.setup(position)
        self._check(outcome, "outcome.schema.json", "the engine's answer to setup")
        if not outcome["accepted"] and outcome["rejection"]["code"] == "unsupported":
            raise Unsupported(f"the engine does not support this position: {outcome['rejection']['reason']}")
        if not outcome["accepted"]:
            raise Precondition(f"the engine could not build the position: {outcome['rejection']['reason']}")
        self.built = True
        self.memory.remember_position(self.players)

    # -- acting and observing --------------------------------------------------

    def act(self, action: dict[str, Any]) -> dict[str, Any]:
        """Perform one action and remember the outcome for the Then steps."""
        self.build()
        self.require_accepted()
        self._check(action, "action.schema.json", "the scenario's action")
        self.before = self.observe()  # usually seen already by the step that acts
        self._seen = None
        outcome = self.engine.perform(action)
        self._check(outcome, "outcome.schema.json", "the engine's answer to", action)
        if not outcome["accepted"] and outcome["rejection"]["code"] == "unsupported":
            # Whatever the scenario expects next, it can't be judged: never a pass, never an ERROR.
            raise Unsupported(
                f"the engine does not support this action: {outcome['rejection']['reason']}; action: {as_json(action)}"
            )
        self.outcome = outcome
        self.last_action = action
        self.asking = self.asking if action["type"] == "choose" else action
        self.action_step = self.step
        self.outcome_checked = outcome["accepted"]
        if outcome["accepted"]:
            self.answers = [*self.answers, action["choice"]] if action["type"] == "choose" else []
            self._answer_single_option()
        return outcome

    def _answer_single_option(self) -> None:
        """A question with a single option (the only legal target, 601.2c and 603.3d; the only card
        to discard) leaves nothing to choose: an engine may ask it or make it itself, and the world
        answers it with that option, so that no scenario rests on whether it is asked.  ``before``
        stays the state before the scenario's own action."""
        for _ in range(MAX_SINGLE_OPTION_ANSWERS):
            pending = self.observe()["pending_choice"]
            if pending is None or len(pending["options"]) != 1:
                return
            action = {"type": "choose", "player": pending["player"], "choice": pending["options"][0]}
            self._seen = None
            outcome = self.engine.perform(action)
            self._check(outcome, "outcome.schema.json", "the engine's answer to", action)
            self.outcome, self.last_action, self.outcome_checked = outcome, action, outcome["accepted"]
            self.action_step = self.step
            if not outcome["accepted"] and outcome["rejection"]["code"] == "unsupported":
                raise Unsupported(f"the engine does not support this action: {outcome['rejection']['reason']}")
            if not outcome["accepted"]:
                return
        raise EngineFailure(
            f"the engine asked more than {MAX_SINGLE_OPTION_ANSWERS} questions with a single option in a row"
        )

    def require_accepted(self) -> None:
        """An unexpected rejection fails the scenario at the step that took the action, with the
        engine's reason and the action as the contract writes it (JSON)."""
        if self.outcome is not None and not self.outcome_checked:
            rejection = self.outcome["rejection"]
            raise Refused(
                f"refused a legal action: {rejection['reason']} ({rejection['code']}); "
                f"action: {as_json(self.last_action)}",
                self.action_step,
            )

    def observe(self) -> dict[str, Any]:
        self.build()
        self.require_accepted()
        if self._seen is None:
            observation = self.engine.observe()
            self._check(observation, "observation.schema.json", "the engine's observation")
            self._seen = seen = with_defaults(observation)  # an optional field left out reads as its default
            self.memory.remember(seen)
            if seen["pending_choice"] is not None:  # only the options the rules allow (options.py)
                require_legal_options(Question(seen["pending_choice"], seen, self._text, self.memory, self._asking()))
        return self._seen

    def _text(self, card: str) -> str | None:
        return self.cards[card].oracle_text if card in self.cards else None

    def _asking(self) -> tuple[str, ...]:
        """The text of each ability the last action that was not an answer activated: its own
        and the mana abilities it activated while paying (601.2g)."""
        action = self.asking or {}
        named = [action] if action.get("type") == "activate" else []
        found = []
        for ability in [*named, *action.get("mana_abilities", [])]:
            card = self.memory.ref_names.get(ability["source"], "")
            abilities = activated_abilities(self._text(card) or "")
            if 0 < ability["ability"] <= len(abilities):
                found.append(abilities[ability["ability"] - 1])
        return tuple(found)

    def _check(self, data: Any, schema: str, what: str, action: Any = None) -> None:
        """The suite's own messages must fit the contract too; an engine's that don't are ERROR.
        ``what`` names the message, followed by ``action`` as JSON when given (written only for
        a message that breaks its schema)."""
        problems = schema_errors(data, schema)
        if problems and action is not None:
            what = f"{what} {as_json(action)}"
        if problems and what.startswith("the engine"):
            raise EngineFailure(f"{what} breaks {schema}: {problems[0]}")
        if problems:
            raise UserError(f"{what} breaks {schema}: {problems[0]}")

    def pick(self, kind: str, options: list[str]) -> str:
        """One of ``options`` for a decision the scenario leaves open (any one must do)."""
        return options[self.decider(kind, options) if len(options) > 1 else 0]

    # -- finding things --------------------------------------------------------

    def permanents(self, name: str, controller: str | None = None, exact: bool = False) -> list[dict[str, Any]]:
        """Permanents called ``name``, the way a judge points at them.

        "the token X" and "the original X" pick tokens or nontokens, "the tapped X" and "the
        untapped X" tapped or untapped ones.  When several share the name, the card the scenario
        introduced under that name is meant; a card the scenario introduced (a Clone) is found by
        that name even while it copies something else.  ``exact`` turns both of those off: every
        permanent with that name, as for counting.
        """
        token: bool | None = None
        for prefix, is_token in (("the token ", True), ("the original ", False)):
            if name.startswith(prefix):
                name, token = name.removeprefix(prefix), is_token
        tapped: bool | None = None
        for prefix, is_tapped in (("the tapped ", True), ("the untapped ", False)):
            if name.startswith(prefix):
                name, tapped = name.removeprefix(prefix), is_tapped
        visible = [
            p
            for p in self.observe()["battlefield"]
            if (controller is None or p["controller"] == controller)
            and (token is None or p["token"] == token)
            and (tapped is None or p["tapped"] == tapped)
        ]
        named = [p for p in visible if p["name"] == name]
        if exact:
            return named
        introduced = [p for p in visible if self.refs.get(p["ref"]) == name]
        if len(named) > 1 and introduced:
            return [p for p in named if p in introduced] or introduced
        return named or introduced

    def objects_named(self, name: str) -> list[str]:
        """Refs of every visible object with that name: permanents (see :meth:`permanents`),
        cards in hands and graveyards, and spells on the stack."""
        refs = [p["ref"] for p in self.permanents(name)]
        observation = self.observe()
        for player in observation["players"]:
            for zone in ("hand", "graveyard"):
                refs += [c["ref"] for c in player[zone] if c["name"] == name]
        refs += [s["ref"] for s in observation["stack"] if s["kind"] == "spell" and s["name"] == name]
        return list(dict.fromkeys(refs))

    def permanent(self, name: str, controller: str | None = None) -> dict[str, Any]:
        found = self.permanents(name, controller)
        if not found:
            owner = f" under {controller}'s control" if controller else ""
            pytest.fail(f"there is no {name} on the battlefield{owner}")
        return found[0]

    def ability_index(self, card: str, wanted: str = "mana") -> int:
        """Which activated ability (1-based) of the card: the first {T} mana ability, or the first one."""
        abilities = activated_abilities(self.cards[card].oracle_text)
        for index, text in enumerate(abilities, start=1):
            cost, _, effect = text.partition(": ")
            if wanted == "any" or ("{T}" in cost and effect.startswith("Add")):
                return index
        raise UserError(f"{card} has no {'mana ability with {T}' if wanted == 'mana' else 'activated ability'}")
