"""Wrong engines about X on entering, read off the ruling's terms and real engines' defects: the X
of an entering permanent's replacement effect is the spell's (107.3m), though the permanent's own X
is 0 (202.3e).

The analysis each one comes from is features/costs/x.misreadings.md; {T} and {Q} are
symbol_readings.py's.
"""

from __future__ import annotations

from typing import Any

import pytest

from oracle.engine import characteristics, game

from . import Mutant, patch_everywhere


def enters_x_is_the_mana_spent(mp: pytest.MonkeyPatch) -> None:
    """magefree/mage issue #11581 ("Lucea Kane Copied Neverwinter Hydra"): the hydra's counters were
    read from the mana paid for the spell (``getManaCostsToPay().getX()``), not from the value of X.
    Here: "enters with X counters" counts the mana spent to cast the spell: Hangarback Walker cast
    with X = 2 gets four counters (107.3m: the X chosen for the spell)."""
    original_cast, original_enter = game.Game.cast, game.Game.enter_battlefield

    def cast(self: Any, player: str, object_id: int, *args: Any, **kwargs: Any) -> None:
        before = sum(self.state.player(player).pool.mana.values())
        original_cast(self, player, object_id, *args, **kwargs)
        spell = self.state.objects[self.state.stack[-1].source_id]
        spell.mana_spent = before - sum(self.state.player(player).pool.mana.values())

    def enter(self: Any, obj: Any, controller: str, x: int = 0, *args: Any, **kwargs: Any) -> Any:
        return original_enter(self, obj, controller, getattr(obj, "mana_spent", 0) if x else x, *args, **kwargs)

    mp.setattr(game.Game, "cast", cast)
    mp.setattr(game.Game, "enter_battlefield", enter)


def enters_x_for_each_x_symbol(mp: pytest.MonkeyPatch) -> None:
    """ "Enters with X counters" counts X once for each {X} of the mana cost, as the mana spent on X
    does: Hangarback Walker cast with X = 2 gets four counters (107.3m: X is the value chosen;
    107.3i: every X of the object has that one value)."""
    original = game.Game.enter_battlefield

    def enter(self: Any, obj: Any, controller: str, x: int = 0, *args: Any, **kwargs: Any) -> Any:
        cost = obj.face().mana_cost
        return original(self, obj, controller, x * max(1, cost.x_count if cost else 1), *args, **kwargs)

    mp.setattr(game.Game, "enter_battlefield", enter)


def permanent_keeps_the_spells_x(mp: pytest.MonkeyPatch) -> None:
    """phase-rs/phase pull request #2485 ("include X in mana value of on-stack spells (CR 202.3e)"):
    its review found the new helper adding the paid X unconditionally, the paid X being kept when the
    spell becomes a permanent (for its enters-with-X effects).  Here: the permanent keeps the X of
    the spell it was, so Endless One cast with X = 3 has mana value 3 on the battlefield (202.3e,
    107.3m: X is 0 for the permanent)."""
    original_enter, original_face = game.Game.enter_battlefield, characteristics._from_face

    def enter(self: Any, obj: Any, controller: str, x: int = 0, *args: Any, **kwargs: Any) -> Any:
        new = original_enter(self, obj, controller, x, *args, **kwargs)
        new.x = x
        return new

    def from_face(obj: Any, face: Any) -> Any:
        chars = original_face(obj, face)
        if obj.zone == "battlefield" and obj.x and face.mana_cost:
            chars.mana_value = face.mana_cost.mana_value(obj.x)
        return chars

    mp.setattr(game.Game, "enter_battlefield", enter)
    patch_everywhere(mp, characteristics, "_from_face", from_face)


MUTANTS: list[Mutant] = [
    Mutant(
        "enters-x-is-the-mana-spent",
        ("x.enters-uses-spell-x",),
        "'enters with X counters' counts the mana spent on the spell (107.3m)",
        enters_x_is_the_mana_spent,
        ("Hangarback Walker cast with X = 2 costs four mana and enters with two counters, not four",),
        source="magefree/mage issue #11581: Lucea Kane Copied Neverwinter Hydra",
    ),
    Mutant(
        "enters-x-for-each-x-symbol",
        ("x.enters-uses-spell-x",),
        "'enters with X counters' counts X once per {X} in the mana cost (107.3m)",
        enters_x_for_each_x_symbol,
        ("Hangarback Walker cast with X = 2 costs four mana and enters with two counters, not four",),
    ),
    Mutant(
        "permanent-keeps-the-spells-x",
        ("x.enters-uses-spell-x",),
        "the permanent's X is the spell's, so its mana value counts it (202.3e, 107.3m)",
        permanent_keeps_the_spells_x,
        ("Endless One cast with X = 3 enters with three +1/+1 counters and mana value 0",),
        source="phase-rs/phase pull request #2485: fix(engine): include X in mana value of on-stack spells (CR 202.3e)",
    ),
]
