"""Legal-variant engines: each is the reference engine making every free choice the rules and the
contract leave it otherwise. A correct engine may do any of this, so each must pass 100 % of the
suite; one that fails a scenario shows a scenario (or a Then step) that rests on a choice it doesn't
state, a false FAIL waiting for the first engine that chooses differently.

The free choices, and the variant that makes each one otherwise:

* ``other-refusal-code``, ``second-refusal-code``: where the CR forbids an action for more than one
  reason (features/REJECTIONS.md), another of its codes (the reference engine's refusals carry
  them: :attr:`oracle.errors.Rejected.also`).
* ``omits-defaults``: every optional field of the observation left out where it has its default
  (observation.schema.json; a permanent's owner where it is its controller).
* ``states-defaults``: every optional field stated at its default where the schema lets it be
  stated, and every type of mana in the pool listed, at 0 where there is none (106.1b).
* ``other-orders``: every list whose order the contract leaves free given in reverse: the
  battlefield, each hand, graveyard and exile, a permanent's types, colors and keywords, the options
  of a question, the recipients within a division of combat damage (510.1c).
* ``asks-single-options``: a question with a single option asked rather than answered for the
  player (601.2c, 603.3d).
* ``last-decisions``: the player's free decisions the action does not state taken the other way:
  the mana that pays a generic cost (601.2h), the order of look-alike triggers and replacement
  effects (603.3b, 616.1).
* ``all-at-once``: every one of the above together.

The order of the mana abilities a cast names is not free: the action states it (601.2g,
action.schema.json). ``python -m tests.legal_variants`` runs each over the whole suite
(``tox -e legal-variants``); tests/unit/test_legal_variants.py does so in CI.
"""

from __future__ import annotations

import argparse
import copy
import os
import subprocess
import sys
from collections.abc import Sequence
from typing import Any

from oracle.adapters.reference import ReferenceEngine
from oracle.contract.defaults import FREE_LISTS, FREE_ZONES, optional_fields
from oracle.contract.interface import JSON
from oracle.engine.mana import MANA_TYPES
from oracle.engine.policy import PlayerPolicy
from oracle.errors import Rejected


class OtherRefusalCode(ReferenceEngine):
    """The last of the codes the rules support for a refusal."""

    def refusal_code(self, rejection: Rejected) -> str:
        return (rejection.code, *rejection.also)[-1]


class SecondRefusalCode(ReferenceEngine):
    """The second of the codes the rules support for a refusal, where there are three."""

    def refusal_code(self, rejection: Rejected) -> str:
        codes = (rejection.code, *rejection.also)
        return codes[1] if len(codes) > 2 else codes[0]


def _strip(value: Any, path: str, defaults: dict[str, Any]) -> None:
    if isinstance(value, dict):
        for key in list(value):
            here = f"{path}.{key}".lstrip(".")
            if here in defaults and value[key] == defaults[here]:
                del value[key]
            else:
                _strip(value[key], here, defaults)
    elif isinstance(value, list):
        for item in value:
            _strip(item, f"{path}[]", defaults)


class OmitsDefaults(ReferenceEngine):
    """Leaves out every optional field at its default."""

    def observe(self) -> JSON:
        observation = copy.deepcopy(super().observe())
        _strip(observation, "", optional_fields())
        for permanent in observation["battlefield"]:
            if permanent.get("owner") == permanent["controller"]:
                del permanent["owner"]
        return observation


class StatesDefaults(ReferenceEngine):
    """States every optional field it may at its default, and every type of mana in the pool."""

    def observe(self) -> JSON:
        observation = copy.deepcopy(super().observe())
        for player in observation["players"]:
            player.setdefault("lost", False)
            player["mana_pool"] = {t: player["mana_pool"].get(t, 0) for t in MANA_TYPES}
        for permanent in observation["battlefield"]:
            permanent.setdefault("owner", permanent["controller"])
            for key, default in (("damage", 0), ("subtypes", []), ("supertypes", [])):
                permanent.setdefault(key, default)
        return observation


def _reversed_division(option: str) -> str:
    return "; ".join(reversed(option.split("; ")))


class OtherOrders(ReferenceEngine):
    """Gives every list whose order is free in reverse, and each division's recipients reversed;
    the battlefield and the lists of a permanent reversed at every other observation only, since
    an order that is free may differ from one observation to the next."""

    _observed = 0

    def observe(self) -> JSON:
        observation = copy.deepcopy(super().observe())
        self._observed += 1
        if self._observed % 2:
            observation["battlefield"].reverse()
            for permanent in observation["battlefield"]:
                for key in FREE_LISTS:
                    permanent.get(key, []).reverse()
        for player in observation["players"]:
            for zone in FREE_ZONES:
                player[zone].reverse()
        pending = observation["pending_choice"]
        if pending is not None:
            pending["options"].reverse()
            if pending["kind"] == "combat-damage":
                pending["options"] = [_reversed_division(o) for o in pending["options"]]
        return observation

    def perform(self, action: JSON) -> JSON:
        if action.get("type") == "choose":
            pending = super().observe()["pending_choice"]
            if pending is not None and pending["kind"] == "combat-damage":
                action = {**action, "choice": _reversed_division(action["choice"])}
        return super().perform(action)


class _AsksAll(PlayerPolicy):
    asks_single_options = True


class _TakesTheLast(PlayerPolicy):
    def decide(self, player: str, kind: str, options: Sequence[str]) -> int:
        return len(options) - 1


class _Both(_AsksAll, _TakesTheLast):
    pass


class AsksSingleOptions(ReferenceEngine):
    """Asks a question with a single option rather than answering it for the player."""

    def __init__(self) -> None:
        super().__init__(policy=_AsksAll())


class LastDecisions(ReferenceEngine):
    """Takes each free decision the action leaves to the player the last way it can."""

    def __init__(self) -> None:
        super().__init__(policy=_TakesTheLast())


class AllAtOnce(OtherOrders, OmitsDefaults, OtherRefusalCode):
    """Every free choice made otherwise, together (omitting defaults rather than stating them)."""

    def __init__(self) -> None:
        super().__init__()
        self.policy = _Both()


#: Each variant by name: what ``--engine tests.legal_variants:<Class>`` runs.
VARIANTS: dict[str, type[ReferenceEngine]] = {
    "other-refusal-code": OtherRefusalCode,
    "second-refusal-code": SecondRefusalCode,
    "omits-defaults": OmitsDefaults,
    "states-defaults": StatesDefaults,
    "other-orders": OtherOrders,
    "asks-single-options": AsksSingleOptions,
    "last-decisions": LastDecisions,
    "all-at-once": AllAtOnce,
}


def run(name: str, *options: str) -> subprocess.CompletedProcess[str]:
    """``mtg-conformance run`` of the whole suite against one variant."""
    spec = f"tests.legal_variants:{VARIANTS[name].__name__}"
    command = [sys.executable, "-m", "oracle", "run", "--engine", spec, *options]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [os.getcwd(), os.environ.get("PYTHONPATH")]))}
    return subprocess.run(command, capture_output=True, text=True, env=env)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.legal_variants", description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", choices=[[], *VARIANTS], help="variants to run (all by default)")
    names = parser.parse_args(argv).names or list(VARIANTS)
    failed = 0
    for name in names:
        result = run(name)
        last = result.stdout.strip().splitlines()[-1] if result.stdout.strip() else result.stderr.strip()
        print(f"{name:22} exit {result.returncode}  {last}")
        failed += result.returncode != 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
