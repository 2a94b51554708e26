"""Moving objects between zones (CR 400.7), entering the battlefield (614.1c, 614.12, 707.5),
leaving it (603.10a), tokens (111) and attaching (701.3a)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

from .base import GameBase
from .cards import Card, Face
from .characteristics import compute, snapshot
from .mana import COLOR_BY_NAME, COLOR_NAMES
from .state import ContinuousEffect, GameObject
from .vocabulary import Ability


class ZoneRules(GameBase):
    """Zone changes and what happens as permanents enter and leave."""

    def move(self, obj: GameObject, zone: str, controller: str | None = None) -> GameObject:
        """Move an object to a zone; it becomes a new object with no memory of the old one (400.7),
        except that effects on a spell go on applying to the permanent it becomes (400.7a, 400.7b)."""
        self._remove(obj)
        new = GameObject(
            id=self.state.new_id(),
            card=obj.card,
            owner=obj.owner,
            controller=controller or obj.owner,
            zone=zone,
            ref=obj.ref,
            is_token=obj.is_token,
            timestamp=self.state.new_timestamp(),
        )
        del self.state.objects[obj.id]
        self.state.objects[new.id] = new
        if obj.zone == "stack" and zone == "battlefield":  # what it paid: enter_battlefield (400.7d)
            for effect in self.state.effects:
                effect.affected = [new.id if i == obj.id else i for i in effect.affected]
        if obj.is_token and zone != "battlefield":
            # 111.7, 704.5d: a token in a zone other than the battlefield ceases to exist.
            self.state.objects.pop(new.id)
            self.log("zone-change", card=self.name(obj), source_zone=obj.zone, to=zone, token=True)
            return new
        if zone != "stack":  # the stack is the list of spells and abilities (405.1)
            self.state.zone_list(zone, new.owner).append(new.id)
        self.log("zone-change", card=self.name(obj), source_zone=obj.zone, to=zone)
        return new

    def _remove(self, obj: GameObject) -> None:
        if obj.zone == "nowhere":  # a token being created (111.1)
            return
        if obj.zone == "stack":
            self.state.stack = [s for s in self.state.stack if s.id != obj.id]
            return
        self.state.zone_list(obj.zone, obj.owner).remove(obj.id)

    # -- entering ----------------------------------------------------------------

    def enter_battlefield(
        self,
        obj: GameObject,
        controller: str,
        x: int = 0,
        face: Face | None = None,
        attach_to: int | None = None,
    ) -> GameObject:
        """Put an object onto the battlefield as its "enters" replacement effects say.

        614.12: they are read from the permanent as it would exist on the battlefield
        (:meth:`_abilities_on_entering`), so a copy (707.5: "enters as a copy") has the copied
        object's, and a creature entering while "All creatures lose all abilities" applies has
        none.  614.1c: "enters with counters" and "as [this] enters, choose"; 107.3m: their X
        is the X of the spell the permanent was, although the permanent's own X is 0 (202.3e).
        What a spell gained as it was cast (400.7b) is a keyword, such as offspring, not one of
        these.
        """
        face = face or obj.copy_face
        chosen: dict[str, str] = {}
        counters: dict[str, int] = {}
        keywords: list[str] = []
        for ability in self._abilities_on_entering(obj, controller, face):
            spec = ability.spec.get("replaces", {})
            if ability.kind != "replacement" or spec.get("event") != "enters":
                continue
            if spec.get("condition") == "kicked" and "kicker" not in obj.paid:  # 702.33d
                continue
            if spec.get("choose") == "copy":
                face = self._choose_copy(controller, obj) or face
            if spec.get("choose") == "color":
                colors = list(COLOR_NAMES.values())
                answer = self.choose(controller, "color", colors, f"Choose a color for {self.name(obj)} (614.12)")
                chosen["color"] = COLOR_BY_NAME[answer]
            if "counters" in spec:
                amount = x if spec.get("amount") == "X" else int(spec.get("amount", 0))
                counters[spec["counters"]] = counters.get(spec["counters"], 0) + amount
            keywords += spec.get("keywords", [])
        new = self.move(obj, "battlefield", controller)
        new.copy_face, new.chosen, new.attached_to = face, chosen, attach_to
        new.controlled_since_turn_start = False
        new.paid = obj.paid  # 400.7d: what was paid to cast the spell it was
        for kind, amount in counters.items():
            if amount:
                new.counters[kind] += amount * self.multiplier("counters", controller)
        if "blitz" in new.paid:  # cast for its blitz cost, so it had blitz (702.152a)
            self.delay_sacrifice(new, controller)  # 702.152a: "sacrifice the permanent this spell becomes"
        if keywords:  # "enters ... with trample": an effect of the replacement, lasting (614.1c)
            effect = ContinuousEffect("6", [new.id], {"keywords": keywords}, self.state.new_timestamp(), False)
            self.state.effects.append(effect)
        self.log("entered", card=self.name(new), controller=controller, counters=dict(new.counters))
        together: list[GameObject] | None = getattr(self, "_entering_together", None)
        if together is None:
            self.enters_triggers(new)
        else:
            together.append(new)
        return new

    @contextmanager
    def entering_together(self) -> Iterator[None]:
        """603.6a: the permanents one event puts onto the battlefield (tokens created together, as
        many as a replacement effect made, 614.1a) are all there when the enters abilities are
        checked, so each newcomer's abilities see the others enter.  The check is made once the
        event is complete."""
        outer: list[GameObject] | None = getattr(self, "_entering_together", None)
        entered: list[GameObject] = outer if outer is not None else []
        self._entering_together = entered  # an event within an event is part of it
        try:
            yield
        finally:
            self._entering_together = outer
        if outer is None:
            for obj in entered:
                self.enters_triggers(obj)

    def _abilities_on_entering(self, obj: GameObject, controller: str, face: Face | None) -> list[Ability]:
        """614.12: the abilities of the permanent as it would exist on the battlefield: its own
        face's (or the copied one's), under the continuous effects that already exist and would
        apply to it (613.1f: Humility's "All creatures lose all abilities").  Read from the
        game as it would be with the permanent there, which stays as it is."""
        entering = obj.clone()
        entering.zone, entering.controller, entering.copy_face = "battlefield", controller, face
        entering.timestamp = self.state.next_timestamp  # the one it will have (613.7)
        there = [i for i in self.state.battlefield if i != obj.id] + [obj.id]
        probe = replace(self.state, objects={**self.state.objects, obj.id: entering}, battlefield=there)
        return list(compute(probe)[obj.id].abilities)

    def multiplier(self, event: str, controller: str) -> int:
        """614.1a: "twice that many" replacement effects of permanents the player controls
        (tokens created under, or counters put on permanents controlled by, that player)."""
        factor = 1
        chars = compute(self.state)
        for obj in self.state.permanents():
            for ability in chars[obj.id].abilities:
                spec = ability.spec.get("replaces", {})
                if ability.kind == "replacement" and spec.get("event") == event and obj.controller == controller:
                    factor *= int(spec["multiply"])
        return factor

    def _choose_copy(self, controller: str, obj: GameObject) -> Face | None:
        """707.5: "You may have this creature enter as a copy of any creature on the battlefield"."""
        chars = compute(self.state)
        creatures = [o for o in self.state.permanents() if "Creature" in chars[o.id].types]
        refs = ["none", *[self.ref(o) for o in creatures]]
        answer = self.choose(controller, "copy", refs, f"Enter {self.name(obj)} as a copy of which creature? (707.5)")
        if answer == "none":
            return None
        return creatures[refs.index(answer) - 1].face()

    def create_token(
        self,
        controller: str,
        card: Card | None = None,
        face: Face | None = None,
        created_by: int | None = None,
    ) -> GameObject:
        """111.1: a token enters the battlefield; a copy's copiable values are the copied ones (707.2)."""
        base = card or Card(face.name if face else "Token", None, "Creature", "", None, None)
        token = GameObject(self.state.new_id(), base, controller, controller, "nowhere", is_token=True)
        self.state.objects[token.id] = token
        new = self.enter_battlefield(token, controller, face=face)
        new.created_by = created_by
        self.log("token-created", card=self.name(new), controller=controller)
        return new

    def copy_face_except(self, face: Face, params: dict[str, Any]) -> Face:
        """707.9b: "except it's 1/1" is part of the copy's copiable values."""
        if "except_power" in params:
            return face.except_power_toughness(str(params["except_power"]), str(params["except_toughness"]))
        return face

    # -- leaving ------------------------------------------------------------------

    def leave_battlefield(self, obj: GameObject, zone: str) -> GameObject:
        """A permanent leaves the battlefield.  Leaves-the-battlefield abilities, "dies"
        included, look back in time (603.10a): they are the abilities permanents had just before."""
        before = compute(self.state)
        lki = snapshot(self.state, obj)
        watchers = [(o, before[o.id].copy()) for o in self.state.permanents()]
        new = self.move(obj, zone)  # what was attached to it is dealt with as a state-based action (704.5m, 704.5n)
        self.state.effects = [e for e in self.state.effects if e.affected != [obj.id]]
        for watcher, chars in watchers:
            for ability in chars.abilities:
                trigger = ability.spec.get("trigger", {})
                event = trigger.get("event")
                if ability.kind != "triggered":
                    continue
                if event == "dies" and watcher.id == obj.id and zone == "graveyard" and "Creature" in chars.types:
                    self.trigger(watcher, ability, event_player=obj.controller, lki=lki)
                if event == "leaves-battlefield" and self._sees(watcher, trigger["source"], obj, before):
                    watcher_lki = lki if watcher.id == obj.id else snapshot(self.state, watcher)
                    self.trigger(watcher, ability, event_player=obj.controller, event={"left": lki}, lki=watcher_lki)
        return new

    def _sees(self, watcher: GameObject, spec: Any, obj: GameObject, chars: dict[int, Any]) -> bool:
        from .characteristics import matches

        return matches(self.state, chars, obj, spec, watcher)

    def sacrifice(self, obj: GameObject) -> None:
        """701.21a: move a permanent its controller controls to its owner's graveyard."""
        self.log("sacrificed", card=self.name(obj))
        self.leave_battlefield(obj, "graveyard")

    def destroy(self, obj: GameObject) -> None:
        """701.8a: move a permanent from the battlefield to its owner's graveyard."""
        self.log("destroyed", card=self.name(obj))
        self.leave_battlefield(obj, "graveyard")
