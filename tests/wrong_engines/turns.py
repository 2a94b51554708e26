"""Wrong engines about time and objects: summoning sickness (302.6), X on entering (107.3m),
blitz (702.152a) and delayed triggers that must find the same object (603.7, 400.7)."""

from __future__ import annotations

from typing import Any

import pytest

from oracle.engine import characteristics, effects, game, triggers, zones
from oracle.errors import Rejected

from . import changeable, patch_everywhere


def no_summoning_sickness(mp: pytest.MonkeyPatch) -> None:
    """{T}/{Q} abilities of creatures ignore 302.6."""
    mp.setattr(game.Game, "_free_of_summoning_sickness", lambda self, obj: True)


def sickness_ends_at_any_untap_step(mp: pytest.MonkeyPatch) -> None:
    """A creature is summoning sick only during the turn it came under control: every player's
    untap step ends it, not only its controller's (302.6: "since their most recent turn began")."""
    original = game.Game.begin_step

    def begin_step(self: Any, step: str) -> None:
        if step == "untap":
            for obj in self.state.permanents():
                obj.controlled_since_turn_start = True
        original(self, step)

    mp.setattr(game.Game, "begin_step", begin_step)


def sickness_never_wears_off(mp: pytest.MonkeyPatch) -> None:
    """The untap step untaps its controller's permanents but leaves them summoning sick: a creature
    that came under control this turn can't use {T} on its controller's next turn either (302.6)."""
    original = game.Game.begin_step

    def begin_step(self: Any, step: str) -> None:
        if step != "untap":
            original(self, step)
            return
        self.state.step = step
        self.log("step-began", step=step, turn=self.state.turn, active=self.state.active)
        for obj in self.state.permanents():
            if obj.controller == self.state.active:
                obj.tapped = False
        self.end_step()

    mp.setattr(game.Game, "begin_step", begin_step)


def sickness_follows_the_card(mp: pytest.MonkeyPatch) -> None:
    """A card that was under its controller's control since the turn began stays free of summoning
    sickness after it leaves the battlefield and comes back that turn (400.7: a new object)."""
    move, enter = zones.ZoneRules.move, zones.ZoneRules.enter_battlefield

    def moving(self: Any, obj: Any, zone: str, controller: str | None = None) -> Any:
        new = move(self, obj, zone, controller)
        settled = getattr(obj, "settled", False) or (obj.zone == "battlefield" and obj.controlled_since_turn_start)
        new.settled = settled and not obj.is_token
        return new

    def entering(self: Any, obj: Any, *args: Any, **kwargs: Any) -> Any:
        new = enter(self, obj, *args, **kwargs)
        if getattr(obj, "settled", False):
            new.controlled_since_turn_start = True
        return new

    mp.setattr(zones.ZoneRules, "move", moving)
    mp.setattr(zones.ZoneRules, "enter_battlefield", entering)


def x_follows_the_card(mp: pytest.MonkeyPatch) -> None:
    """The X chosen for a spell stays with the card: returned to the battlefield later by an
    ability, Hangarback Walker enters with the old X's counters (107.3m, 400.7)."""
    move, enter = zones.ZoneRules.move, zones.ZoneRules.enter_battlefield

    def moving(self: Any, obj: Any, zone: str, controller: str | None = None) -> Any:
        new = move(self, obj, zone, controller)
        new.x = new.x or obj.x
        return new

    def entering(self: Any, obj: Any, controller: str, x: int = 0, *args: Any, **kwargs: Any) -> Any:
        return enter(self, obj, controller, x or obj.x, *args, **kwargs)

    mp.setattr(zones.ZoneRules, "move", moving)
    mp.setattr(zones.ZoneRules, "enter_battlefield", entering)


def x_forgotten_on_entering(mp: pytest.MonkeyPatch) -> None:
    """ "Enters with X counters" uses the permanent's X of 0, not the spell's (107.3m)."""
    original = game.Game.enter_battlefield

    def enter(self: Any, obj: Any, controller: str, x: int = 0, *args: Any, **kwargs: Any) -> Any:
        return original(self, obj, controller, 0, *args, **kwargs)

    mp.setattr(game.Game, "enter_battlefield", enter)


def blitz_follows_copies(mp: pytest.MonkeyPatch) -> None:
    """Any permanent with blitz has haste and the draw trigger, paid or not (ignores 702.152a's condition)."""
    original = characteristics.compute

    def compute(st: Any) -> dict[int, Any]:
        chars = changeable(original(st))
        for obj in st.permanents():
            ch = chars[obj.id]
            if ch.keyword_abilities("blitz") and "haste" not in ch.keywords:
                ch.abilities.append(characteristics.BLITZ_DRAW)
                ch.keywords = sorted({*ch.keywords, "haste"})
        return chars

    patch_everywhere(mp, characteristics, "compute", compute)


def blitz_draws_on_leaving(mp: pytest.MonkeyPatch) -> None:
    """A blitzed creature's "when this is put into a graveyard" draws whenever it leaves the
    battlefield, returned to its owner's hand too (702.152a, 700.4)."""
    original = zones.ZoneRules.leave_battlefield

    def leave(self: Any, obj: Any, zone: str) -> Any:
        blitzed = "blitz" in obj.paid and bool(self.chars(obj).keyword_abilities("blitz"))
        new = original(self, obj, zone)
        if blitzed and zone != "graveyard":
            effects.draw(self, obj.controller)
        return new

    mp.setattr(zones.ZoneRules, "leave_battlefield", leave)


def _refs_of_delayed(mp: pytest.MonkeyPatch) -> dict[int, str]:
    """Remember which card each delayed sacrifice was made for (the scenario's ref follows the card)."""
    refs: dict[int, str] = {}
    original = triggers.TriggerRules.delay_sacrifice

    def delay(self: Any, obj: Any, controller: str) -> None:
        refs[obj.id] = obj.ref
        original(self, obj, controller)

    mp.setattr(triggers.TriggerRules, "delay_sacrifice", delay)
    return refs


def delayed_sacrifice_follows_the_card(mp: pytest.MonkeyPatch) -> None:
    """ "Sacrifice it" follows the physical card to another zone (ignores 400.7 and 603.7)."""
    refs = _refs_of_delayed(mp)

    def sacrifice_it(g: Any, item: Any, params: dict[str, Any]) -> None:
        ref = refs.get(item.source_info["event"]["object"])
        for obj in list(g.state.objects.values()):
            if ref and obj.ref == ref and obj.zone == "hand":
                g.move(obj, "graveyard")
        effects._sacrifice_it(g, item, params)

    mp.setitem(effects.HANDLERS, "sacrifice_it", sacrifice_it)


def delayed_sacrifice_finds_the_card_again(mp: pytest.MonkeyPatch) -> None:
    """ "Sacrifice it" finds the card on the battlefield again after it left and came back as a new
    object (400.7: it is not the object the ability refers to)."""
    refs = _refs_of_delayed(mp)

    def sacrifice_it(g: Any, item: Any, params: dict[str, Any]) -> None:
        object_id = item.source_info["event"]["object"]
        ref = refs.get(object_id)
        if object_id not in g.state.objects and ref:
            again = [o for o in g.state.permanents() if o.ref == ref]
            if again:
                item.source_info["event"] = {**item.source_info["event"], "object": again[0].id}
        effects._sacrifice_it(g, item, params)

    mp.setitem(effects.HANDLERS, "sacrifice_it", sacrifice_it)


def paid_costs_follow_the_card(mp: pytest.MonkeyPatch) -> None:
    """The costs paid for a spell stay with the card after it leaves the battlefield: cast again for
    its mana cost, a once-blitzed creature is blitzed again (400.7: a new object)."""
    original = zones.ZoneRules.move

    def move(self: Any, obj: Any, zone: str, controller: str | None = None) -> Any:
        new = original(self, obj, zone, controller)
        if obj.paid and not new.paid and not obj.is_token:
            new.paid = obj.paid
        return new

    mp.setattr(zones.ZoneRules, "move", move)


def cda_outside_base_power(mp: pytest.MonkeyPatch) -> None:
    """A characteristic-defining ability is treated as a modifier, so base power stays the printed
    * (0): Crusader of Odric's base power is 0 (208.4b, 604.3)."""
    original = characteristics.compute

    def compute(st: Any) -> dict[int, Any]:
        chars = changeable(original(st))
        for ch in chars.values():
            defines = any(a.static_effects("define_power_toughness") for a in ch.abilities)
            if defines and ch.base_power is not None:
                ch.base_power = ch.base_toughness = 0
        return chars

    patch_everywhere(mp, characteristics, "compute", compute)


def blitzed_creature_must_attack(mp: pytest.MonkeyPatch) -> None:
    """A creature whose blitz cost was paid must attack if able (702.152a gives haste, no requirement)."""
    original = game.Game.declare_attackers

    def declare(self: Any, player: str, attacker_ids: list[int]) -> None:
        for obj in self.state.permanents():
            blitzed = "blitz" in obj.paid and obj.controller == player and not obj.tapped
            if blitzed and obj.id not in attacker_ids:
                raise Rejected("not-allowed", f"{self.name(obj)} was blitzed and must attack")
        original(self, player, attacker_ids)

    mp.setattr(game.Game, "declare_attackers", declare)


def blitz_is_not_casting(mp: pytest.MonkeyPatch) -> None:
    """Paying the blitz cost puts the creature onto the stack without its being cast: "whenever you
    cast a creature spell" doesn't trigger (118.9, 601.2i)."""
    original = game.Game._cast_triggers

    def cast_triggers(self: Any, player: str, spell: Any) -> None:
        if "blitz" not in spell.paid:
            original(self, player, spell)

    mp.setattr(game.Game, "_cast_triggers", cast_triggers)
