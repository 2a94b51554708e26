"""Wrong engines about the legend rule as Dual Nature's rulings meet it (704.5j, 704.3): which
permanents it counts, whose, and who chooses.  Each is a misreading of
features/copies/dual-nature.misreadings.md (dual-nature.legend-rule)."""

from __future__ import annotations

from typing import Any

import pytest

from oracle.engine import sba

from . import Mutant


def _legend_rule(pick: Any) -> Any:
    """A legend rule that groups legendary permanents by ``pick`` (a key, or None to leave it out)."""

    def legend_rule(self: Any, chars: dict[int, Any]) -> list[tuple[Any, str]]:
        groups: dict[Any, list[Any]] = {}
        for obj in self.state.permanents():
            key = pick(obj, chars[obj.id])
            if "Legendary" in chars[obj.id].supertypes and key is not None:
                groups.setdefault(key, []).append(obj)
        doomed = []
        for group in groups.values():
            if len(group) > 1:
                newest = max(group, key=lambda o: o.timestamp)
                prompt = f"Which {chars[newest.id].name} do you keep? (704.5j)"
                keep = self.choose_object(newest.controller, "legend-rule", group, prompt)
                doomed += [(o, "the legend rule (704.5j)") for o in group if o.id != keep.id]
        return doomed

    return legend_rule


def legend_rule_spares_tokens(mp: pytest.MonkeyPatch) -> None:
    """The legend rule counts only nontoken permanents: a token copy of a legendary creature is
    left alone (704.5j, 111.1: a token is a permanent like any other)."""
    rule = _legend_rule(lambda obj, ch: None if obj.is_token else (obj.controller, ch.name))
    mp.setattr(sba.StateBasedActions, "_legend_rule", rule)


def legend_rule_across_controllers(mp: pytest.MonkeyPatch) -> None:
    """The legend rule counts legendary permanents with the same name whoever controls them (the
    rule before 2013), and the controller of the newest one chooses which stays (704.5j)."""
    rule = _legend_rule(lambda obj, ch: ch.name)
    mp.setattr(sba.StateBasedActions, "_legend_rule", rule)


def legend_rule_keeps_the_newest(mp: pytest.MonkeyPatch) -> None:
    """The legend rule asks nothing: the newest of the legendary permanents with the same name stays
    and the others go (704.5j: "that player chooses one of them")."""

    def legend_rule(self: Any, chars: dict[int, Any]) -> list[tuple[Any, str]]:
        groups: dict[tuple[str, str], list[Any]] = {}
        for obj in self.state.permanents():
            if "Legendary" in chars[obj.id].supertypes:
                groups.setdefault((obj.controller, chars[obj.id].name), []).append(obj)
        doomed = []
        for group in groups.values():
            newest = max(group, key=lambda o: o.timestamp)
            doomed += [(o, "the legend rule (704.5j)") for o in group if o.id != newest.id]
        return doomed

    mp.setattr(sba.StateBasedActions, "_legend_rule", legend_rule)


MUTANTS: list[Mutant] = [
    Mutant(
        "legend-rule-spares-tokens",
        ("dual-nature.legend-rule",),
        "the legend rule counts only nontoken permanents (704.5j)",
        legend_rule_spares_tokens,
        ("The legend rule asks at once; keeping the original puts the token away",),
    ),
    Mutant(
        "legend-rule-across-controllers",
        ("dual-nature.legend-rule",),
        "the legend rule counts legendary permanents of every controller together (704.5j: 'controlled by the same player')",
        legend_rule_across_controllers,
        ("The legend rule puts away only Bob's own Isamaru; Alice's, with the same name, stays",),
    ),
    Mutant(
        "legend-rule-keeps-the-newest",
        ("dual-nature.legend-rule",),
        "the legend rule keeps the newest permanent without asking (704.5j: the player chooses)",
        legend_rule_keeps_the_newest,
        ("The legend rule asks at once; keeping the original puts the token away",),
    ),
]
