"""State-based actions (CR 704): checked whenever a player would receive priority (704.3)."""

from __future__ import annotations

from operator import attrgetter

from .base import GameBase
from .characteristics import Characteristics, compute
from .state import GameObject

_KEYWORD = attrgetter("keyword")


class StateBasedActions(GameBase):
    """704.5a-n: the conditions the game checks and the actions it performs."""

    def check_state_based_actions(self) -> bool:
        """704.3: perform all applicable state-based actions simultaneously; True if any.

        What the check reads is the permanents' characteristics (the layers' answer, the same
        while their inputs are, see :func:`compute`), the damage marked on them (120.6) and the
        players' life and draws: a check that performed nothing is not made again until one of
        them changes, since it would find nothing again."""
        state = self.state
        chars = compute(state)
        permanents = [state.objects[i] for i in chars]  # in timestamp order; none leaves before the others
        reads = (
            chars,
            [(o.damage, o.deathtouch_damage) for o in permanents],
            [(p.life, p.has_lost, p.drew_from_empty_library) for p in state.players],
        )
        quiet = state.__dict__.get("_checked_quiet")
        if quiet is not None and quiet[0] is chars and quiet[1:] == reads[1:]:
            return False
        happened = self._players_lose()
        doomed: list[tuple[GameObject, str]] = []
        for obj in permanents:
            ch = chars[obj.id]
            if "Creature" in ch.types and ch.toughness is not None:
                if ch.toughness <= 0:
                    doomed.append((obj, "toughness 0 or less (704.5f)"))
                elif obj.damage >= ch.toughness:
                    doomed.append((obj, "lethal damage (704.5g)"))
                elif obj.deathtouch_damage:
                    doomed.append((obj, "damage from a source with deathtouch (704.5h)"))
            if obj.deathtouch_damage:
                obj.deathtouch_damage = False  # 704.5h: "since the last time state-based actions were checked"
            if "enchant" in map(_KEYWORD, ch.abilities) and not self._legally_enchanting(obj, chars):
                doomed.append((obj, "an Aura attached to nothing it can enchant (704.5m)"))
            if obj.attached_to is not None and "Equipment" in ch.subtypes:
                host = self.state.objects.get(obj.attached_to)
                if host is None or host.zone != "battlefield" or "Creature" not in chars[host.id].types:
                    obj.attached_to = None  # 704.5n: unattached, stays on the battlefield
                    happened = True
        doomed += self._legend_rule(chars)
        for obj, reason in doomed:
            if obj.zone == "battlefield":
                self.log("state-based-action", card=self.name(obj), reason=reason)
                self.leave_battlefield(obj, "graveyard")
                happened = True
        if not happened:
            state.__dict__["_checked_quiet"] = reads
        return happened

    def _players_lose(self) -> bool:
        """704.5a: 0 or less life; 704.5b: drew from an empty library.  104.2a: the last player standing wins."""
        happened = False
        for player in self.state.players:
            if player.has_lost:
                continue
            if player.life <= 0:
                reason = "life total 0 or less (704.5a)"
            elif player.drew_from_empty_library:
                reason = "drew from an empty library (704.5b)"
            else:
                continue
            player.has_lost = True
            happened = True
            self.log("player-lost", player=player.name, reason=reason)
        if self.state.winner:
            return happened
        remaining = [p.name for p in self.state.players if not p.has_lost]
        if len(remaining) == 1:
            self.state.winner = remaining[0]
            self.log("player-won", player=self.state.winner)
        return happened

    def _legally_enchanting(self, aura: GameObject, chars: dict[int, Characteristics]) -> bool:
        host = self.state.objects.get(aura.attached_to) if aura.attached_to is not None else None
        return host is not None and host.zone == "battlefield" and "Creature" in chars[host.id].types

    def _legend_rule(self, chars: dict[int, Characteristics]) -> list[tuple[GameObject, str]]:
        """704.5j: a player with two or more legendary permanents with the same name chooses one;
        the rest are put into their owners' graveyards."""
        if not any("Legendary" in ch.supertypes for ch in chars.values()):
            return []
        groups: dict[tuple[str, str], list[GameObject]] = {}
        for obj in self.state.permanents():
            ch = chars[obj.id]
            if "Legendary" in ch.supertypes:
                groups.setdefault((obj.controller, ch.name), []).append(obj)
        doomed = []
        for (controller, name), group in groups.items():
            if len(group) > 1:
                keep = self.choose_object(controller, "legend-rule", group, f"Which {name} do you keep? (704.5j)")
                doomed += [(o, "the legend rule (704.5j)") for o in group if o.id != keep.id]
        return doomed
