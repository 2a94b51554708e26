"""The reference rules engine: actions, costs, the stack, priority, triggers and state-based actions.

A :class:`Game` wraps a :class:`~oracle.state.GameState`.  Each public method is
one action a player takes; an illegal one raises :class:`~oracle.errors.Rejected`
(the caller restores the state).  When the rules ask a player to choose, the
game calls :meth:`Game.choose`, which takes the next prepared answer or raises
:class:`NeedChoice` so that the caller can ask and replay the action.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from . import effects
from .characteristics import Characteristics, characteristics, compute, matches, snapshot
from .errors import Rejected
from .mana import ManaCost
from .production import ability_mana_options, describe_mana_choice, produce
from .state import STEPS, GameObject, GameState, StackItem
from .vocabulary import Ability


@dataclass
class PendingChoice:
    """A question the rules put to a player (e.g. 616.1, 106.7, 614.12)."""

    player: str
    kind: str
    options: list[str]
    prompt: str


class NeedChoice(Exception):
    """Raised when an action needs an answer that was not given yet."""

    def __init__(self, choice: PendingChoice) -> None:
        super().__init__(choice.prompt)
        self.choice = choice


class Game:
    """Rules applied to one game state."""

    def __init__(self, state: GameState, answers: Iterable[str] = ()) -> None:
        self.state = state
        self.answers: deque[str] = deque(answers)

    # -- choices and events -------------------------------------------------

    def choose(self, player: str, kind: str, options: list[str], prompt: str) -> str:
        """A player's choice among ``options``: the next prepared answer, or :class:`NeedChoice`."""
        if not self.answers:
            raise NeedChoice(PendingChoice(player, kind, list(options), prompt))
        answer = self.answers.popleft()
        if answer not in options:
            raise Rejected("invalid-choice", f"{answer!r} is not one of {', '.join(options)}")
        return answer

    def log(self, kind: str, **details: Any) -> None:
        self.state.events.append({"type": kind, **details})

    # -- lookups ------------------------------------------------------------

    def obj(self, object_id: int) -> GameObject:
        try:
            return self.state.objects[object_id]
        except KeyError:
            raise Rejected("unknown-object", f"no object {object_id}") from None

    def chars(self, obj: GameObject) -> Characteristics:
        return characteristics(self.state, obj)

    def _require_game_on(self) -> None:
        """104.2a: once a player's opponents have all left the game, that player has won; nothing more happens."""
        if self.state.winner:
            raise Rejected("not-allowed", f"the game is over: {self.state.winner} won (104.2a)")

    def _require_priority(self, player: str) -> None:
        """117.1: a player may cast spells and activate abilities only while holding priority."""
        self._require_game_on()
        if self.state.priority != player:
            raise Rejected("no-priority", f"{player} does not have priority; {self.state.priority or 'nobody'} has")

    # -- activated abilities (602, 605) ------------------------------------

    def activated_abilities(self, obj: GameObject) -> list[Ability]:
        return [a for a in self.chars(obj).abilities if a.kind == "activated"]

    def activate(self, player: str, object_id: int, index: int = 1, targets: Iterable[int] = ()) -> None:
        """Activate the ``index``-th activated ability (1-based) of a permanent (602.2).

        Mana abilities may be activated whenever the player has priority
        (605.3a) and resolve at once (605.3b); other abilities go on the stack.
        """
        self._require_priority(player)
        source = self.obj(object_id)
        if source.zone != "battlefield" or source.controller != player:
            raise Rejected("not-allowed", f"{player} does not control {source.card.name} on the battlefield (602.2)")
        abilities = self.activated_abilities(source)
        if not 1 <= index <= len(abilities):
            raise Rejected("unknown-object", f"{source.card.name} has no activated ability number {index}")
        ability = abilities[index - 1]
        if ability.spec.get("timing") == "sorcery" and not self._sorcery_timing(player):
            raise Rejected("timing", f"{source.card.name}'s ability can be activated only as a sorcery (602.5d)")
        chosen_targets = self._choose_targets(player, source, ability.spec.get("targets", []), list(targets))
        lki = snapshot(self.state, source)
        self._pay_ability_cost(player, source, ability)
        self.log("ability-activated", player=player, source=source.card.name)
        if ability.is_mana_ability:
            self._resolve_mana_ability(player, source, ability, lki)
        else:
            item = StackItem(self.state.new_id(), "activated", player, source.id, ability, lki, chosen_targets)
            self.state.stack.append(item)
        self._player_acted(player)

    def _pay_ability_cost(self, player: str, source: GameObject, ability: Ability) -> None:
        """602.2b and 601.2h: pay every part of the cost, or none of it."""
        cost = ability.cost
        assert cost is not None
        is_creature = "Creature" in self.chars(source).types
        if (cost.tap or cost.untap) and is_creature and not self._free_of_summoning_sickness(source):
            symbol = "{T}" if cost.tap else "{Q}"
            raise Rejected(
                "summoning-sickness",
                f"{source.card.name} has not been under {player}'s control continuously since their most recent "
                f"turn began, so its {symbol} ability can't be activated (302.6)",
            )
        if cost.tap and source.tapped:
            raise Rejected("already-tapped", f"{source.card.name} is already tapped (107.5)")
        if cost.untap and not source.tapped:
            raise Rejected("already-untapped", f"{source.card.name} is already untapped (107.6)")
        self.state.player(player).pool.pay(cost.mana)
        if cost.tap_untapped_creature:
            chars = compute(self.state)
            candidates = [
                o
                for o in self.state.permanents()
                if o.controller == player
                and not o.tapped
                and "Creature" in chars[o.id].types
                and not (cost.tap and o.id == source.id)
            ]
            if not candidates:
                raise Rejected("cannot-pay", "there is no untapped creature to tap for the cost")
            names = [f"{o.card.name}" for o in candidates]
            if len(candidates) == 1:
                pick = candidates[0]
            else:
                answer = self.choose(player, "permanent", sorted(set(names)), "Which untapped creature do you tap?")
                pick = candidates[names.index(answer)]
            pick.tapped = True
            self.log("tapped", permanent=pick.card.name)
        if cost.tap:
            source.tapped = True
            self.log("tapped", permanent=source.card.name)
        if cost.untap:
            source.tapped = False
            self.log("untapped", permanent=source.card.name)
        if cost.sacrifice_self:
            self.sacrifice(source)

    def _free_of_summoning_sickness(self, obj: GameObject) -> bool:
        """302.6, 702.10c: continuous control since the turn began, or haste."""
        return obj.controlled_since_turn_start or "haste" in self.chars(obj).keywords

    def _resolve_mana_ability(self, player: str, source: GameObject, ability: Ability, lki: dict[str, Any]) -> None:
        """605.3b: a mana ability resolves immediately; "tapped for mana" needs {T} in its cost (106.12)."""
        tapped_for_mana = bool(ability.cost and ability.cost.tap)
        mana: list[str] = []
        for effect in ability.effects:
            word, params = next(iter(effect.items()))
            if word in ("add_mana", "add_one_mana"):
                options = ability_mana_options(self, source, Ability("activated", "", {"effects": [effect]}))
                mana += self._pick_mana(player, options, params)
        produce(self, source, player, mana, tapped_for_mana)

    def _pick_mana(self, player: str, options: list[list[str]], params: dict[str, Any]) -> list[str]:
        """Choose the type of the mana to add, if the effect leaves a choice (106.7; 106.5 if none)."""
        if not options:
            return []
        if params.get("of") is None or params.get("among") == "chosen-color":
            return options[0]  # the mana is fixed: nothing to choose
        labels = describe_mana_choice(options)
        kind = "mana-color" if params["of"] == "color" else "mana-type"
        answer = self.choose(player, kind, labels, f"Choose the {params['of']} of the mana to add")
        return options[labels.index(answer)]

    # -- casting spells (601) ------------------------------------------------

    def _sorcery_timing(self, player: str) -> bool:
        """307.1, 602.5d: own main phase, empty stack, holding priority."""
        return (
            self.state.active == player
            and self.state.step in ("precombat-main", "postcombat-main")
            and not self.state.stack
            and self.state.priority == player
        )

    def cast(self, player: str, object_id: int, x: int = 0, targets: Iterable[int] = ()) -> None:
        """Cast a spell from hand (601.2), paying its total cost from the mana pool."""
        self._require_priority(player)
        card_obj = self.obj(object_id)
        if card_obj.zone != "hand" or card_obj.owner != player:
            raise Rejected("not-allowed", f"{card_obj.card.name} is not in {player}'s hand")
        card = card_obj.card
        types = card.types.types
        if "Land" in types:
            raise Rejected("not-allowed", f"{card.name} is a land: lands are played, not cast (305.1)")
        if "Instant" not in types and not self._sorcery_timing(player):
            raise Rejected(
                "timing", f"{card.name} can be cast only in {player}'s main phase with an empty stack (307.1)"
            )
        mana_cost = card.mana_cost or ManaCost()
        if x and not mana_cost.x_count:
            raise Rejected("not-allowed", f"{card.name} has no X in its mana cost (107.3)")
        if x < 0:
            raise Rejected("not-allowed", "X must be 0 or more (107.3a)")
        # 601.2a: the card moves to the stack; 601.2b: X is announced.
        spell = self.move(card_obj, "stack")
        spell.x = x
        spell.targets = self._choose_targets(player, spell, [], list(targets))
        # 601.2f: the total cost is the mana cost with X, plus cost increases.
        total = mana_cost.with_x(x, self._cost_increase(player))
        # 601.2h: pay.
        self.state.player(player).pool.pay(total)
        self.state.stack.append(StackItem(spell.id, "spell", player, spell.id))
        self.state.player(player).spells_cast_this_turn += 1
        self.log("spell-cast", player=player, card=card.name, x=x)  # 601.2i
        self._player_acted(player)

    def _cost_increase(self, player: str) -> int:
        """601.2f: add cost increases from static abilities."""
        increase = 0
        chars = compute(self.state)
        cast_before = self.state.player(player).spells_cast_this_turn
        for obj in self.state.permanents():
            for ability in chars[obj.id].abilities:
                if ability.kind == "static" and ability.spec["effect"] == "spell_cost_increase_per_other_spell":
                    increase += int(ability.spec["amount"]) * cast_before
        return increase

    def _choose_targets(
        self, player: str, source: GameObject, specs: list[dict[str, Any]], given: list[int]
    ) -> list[int]:
        """601.2c, 602.2b: targets are chosen as the spell or ability is put on the stack."""
        if len(given) != len(specs):
            raise Rejected("illegal-target", f"needs {len(specs)} target(s), got {len(given)}")
        for spec, target in zip(specs, given, strict=True):
            if not self._legal_target(source, spec, target, player):
                raise Rejected("illegal-target", f"{self.obj(target).card.name} is not a legal target")
        return given

    def _legal_target(self, source: GameObject, spec: dict[str, Any], target: int, controller: str) -> bool:
        obj = self.state.objects.get(target)
        if obj is None or obj.zone != spec.get("zone", "battlefield"):
            return False
        return matches(self.state, {}, obj, spec, source, controller=controller)

    # -- priority, the stack and resolution (117, 405, 608) ---------------------

    def _player_acted(self, player: str) -> None:
        """117.3c: after acting, the same player receives priority."""
        self.state.passes = 0
        self.give_priority(player)

    def give_priority(self, player: str) -> None:
        """117.5: before a player receives priority, state-based actions are checked and
        triggered abilities are put on the stack, repeatedly, until neither happens."""
        while True:
            acted = self.check_state_based_actions()
            if self.state.pending_triggers:
                self._stack_pending_triggers()
                continue
            if not acted:
                break
        self.state.priority = "" if self.state.winner else player

    def pass_priority(self, player: str) -> None:
        """117.3d, 117.4: when all players pass in succession, the top of the stack
        resolves, or, if the stack is empty, the step ends."""
        self._require_priority(player)
        self.state.passes += 1
        self.log("priority-passed", player=player)
        if self.state.passes < len(self.state.players):
            order = self.state.apnap()
            self.give_priority(order[(order.index(player) + 1) % len(order)])  # 117.5
            return
        self.state.passes = 0
        if self.state.stack:
            self.resolve_top()
            self.give_priority(self.state.active)  # 117.3b
        else:
            self.end_step()

    def resolve_top(self) -> None:
        """608.1: resolve the top object of the stack."""
        item = self.state.stack.pop()
        if item.kind == "spell":
            self._resolve_spell(item)
        else:
            self._resolve_ability(item)

    def _targets_legal(self, item_source: GameObject | None, item: StackItem, specs: list[dict[str, Any]]) -> bool:
        """608.2b: a spell or ability with targets, all of them now illegal, doesn't resolve."""
        if not specs:
            return True
        source = item_source or self.state.objects.get(item.source_id)
        assert source is not None
        legal = [
            t
            for spec, t in zip(specs, item.targets, strict=True)
            if self._legal_target(source, spec, t, item.controller)
        ]
        item.targets = legal
        return bool(legal)

    def _resolve_spell(self, item: StackItem) -> None:
        """608.3: a permanent spell becomes a permanent; other spells go to the graveyard (608.2n)."""
        spell = self.obj(item.source_id)
        self.log("resolved", card=spell.card.name)
        if spell.card.types.types and set(spell.card.types.types) & {
            "Artifact",
            "Creature",
            "Enchantment",
            "Land",
            "Planeswalker",
            "Battle",
        }:
            self.enter_battlefield(spell, item.controller, x=spell.x)
        else:
            self.move(spell, "graveyard")

    def _resolve_ability(self, item: StackItem) -> None:
        """608.2: follow the ability's instructions; its source may have left (608.2h)."""
        ability = item.ability
        assert ability is not None
        source = self.state.objects.get(item.source_id)
        self.log("resolved", ability=ability.text, source=item.source_info["characteristics"].name)
        if not self._targets_legal(source, item, ability.spec.get("targets", [])):
            self.log("fizzled", ability=ability.text)
            return
        effects.run(self, item)

    # -- zones and entering the battlefield (400.7, 614) ---------------------

    def move(self, obj: GameObject, zone: str, controller: str | None = None) -> GameObject:
        """Move an object to a zone; it becomes a new object with no memory of the old one (400.7)."""
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
        if zone == "stack":
            new.controller = controller or obj.controller
        elif obj.is_token and zone != "battlefield":
            # 111.7 / 704.5d: a token that has left the battlefield ceases to exist.
            new.zone = zone
            self.state.objects.pop(new.id)
            self.log("zone-change", card=obj.card.name, source_zone=obj.zone, to=zone, token=True)
            return new
        else:
            self.state.zone_list(zone, new.owner).append(new.id)
        self.log("zone-change", card=obj.card.name, source_zone=obj.zone, to=zone)
        return new

    def _remove(self, obj: GameObject) -> None:
        if obj.zone == "nowhere":  # a token being created (111.1)
            return
        if obj.zone == "stack":
            self.state.stack = [s for s in self.state.stack if s.id != obj.id]
            return
        place = self.state.zone_list(obj.zone, obj.owner)
        place.remove(obj.id)

    def enter_battlefield(self, obj: GameObject, controller: str, x: int = 0) -> GameObject:
        """Put an object onto the battlefield, applying its "enters" replacement effects.

        614.1c: "enters with counters"; 614.12: "as [this] enters, choose";
        107.3m: such an effect's X is the X of the spell it was, although the
        permanent's own X is 0 (202.3e).
        """
        chosen: dict[str, str] = {}
        counters: dict[str, int] = {}
        for ability in obj.card.abilities:
            spec = ability.spec.get("replaces", {})
            if ability.kind != "replacement" or spec.get("event") != "enters":
                continue
            if spec.get("choose") == "color":
                from .mana import COLOR_BY_NAME, COLOR_NAMES

                answer = self.choose(
                    controller, "color", list(COLOR_NAMES.values()), f"Choose a color for {obj.card.name} (614.12)"
                )
                chosen["color"] = COLOR_BY_NAME[answer]
            if "counters" in spec:
                amount = x if spec.get("amount") == "X" else int(spec.get("amount", 0))
                counters[spec["counters"]] = counters.get(spec["counters"], 0) + amount
        new = self.move(obj, "battlefield", controller)
        new.controlled_since_turn_start = False
        new.chosen = chosen
        for kind, amount in counters.items():
            if amount:
                new.counters[kind] += amount
        self.log("entered", card=new.card.name, controller=controller, counters=dict(new.counters))
        return new

    def sacrifice(self, obj: GameObject) -> None:
        """701.21a: move a permanent its controller controls to its owner's graveyard."""
        self.log("sacrificed", card=obj.card.name)
        self.put_into_graveyard_from_battlefield(obj)

    def put_into_graveyard_from_battlefield(self, obj: GameObject) -> None:
        """Dies (700.4); leaves-the-battlefield abilities look back in time (603.10a)."""
        lki = snapshot(self.state, obj)
        was_creature = "Creature" in lki["characteristics"].types
        self.move(obj, "graveyard")
        if was_creature:
            for ability in lki["characteristics"].abilities:
                if ability.kind == "triggered" and ability.spec["trigger"]["event"] == "dies":
                    self.trigger(obj, ability, event_player=obj.controller, lki=lki)

    # -- triggered abilities (603) -------------------------------------------

    def trigger(
        self,
        source: GameObject,
        ability: Ability,
        event_player: str,
        event: dict[str, Any] | None = None,
        lki: dict[str, Any] | None = None,
    ) -> None:
        """603.2: an ability triggers.  A triggered mana ability resolves at once (605.4a);
        any other waits until a player would receive priority (603.3)."""
        info = lki or snapshot(self.state, source)
        item = StackItem(
            self.state.new_id(), "triggered", source.controller, source.id, ability, info, [], event_player
        )
        item.source_info["event"] = event or {}
        self.log("ability-triggered", source=info["characteristics"].name, ability=ability.text)
        if ability.is_mana_ability:
            effects.run(self, item)
        else:
            self.state.pending_triggers.append(item)

    def _stack_pending_triggers(self) -> None:
        """603.3b: APNAP order; each player puts their own in the order they choose."""
        pending, self.state.pending_triggers = self.state.pending_triggers, []
        for player in self.state.apnap():
            mine = [t for t in pending if t.controller == player]
            while mine:
                if len(mine) == 1:
                    item = mine.pop()
                else:
                    labels = [
                        f"{t.source_info['characteristics'].name}: {t.ability.text if t.ability else ''}" for t in mine
                    ]
                    answer = self.choose(
                        player,
                        "trigger-order",
                        sorted(set(labels)),
                        "Which triggered ability goes on the stack next? (603.3b)",
                    )
                    item = mine.pop(labels.index(answer))
                self.state.stack.append(item)
                self.log("put-on-stack", source=item.source_info["characteristics"].name)

    # -- state-based actions (704) -------------------------------------------

    def check_state_based_actions(self) -> bool:
        """704.3: perform all applicable state-based actions simultaneously; True if any."""
        happened = False
        for player in self.state.players:
            reason = ""
            if player.life <= 0:
                reason = "life total 0 or less (704.5a)"
            elif player.drew_from_empty_library:
                reason = "drew from an empty library (704.5b)"
            if reason and not player.has_lost:
                player.has_lost = True
                happened = True
                self.log("player-lost", player=player.name, reason=reason)
        remaining = [p.name for p in self.state.players if not p.has_lost]
        if len(remaining) == 1 and not self.state.winner:
            self.state.winner = remaining[0]  # 104.2a
            self.log("player-won", player=self.state.winner)
        chars = compute(self.state)
        doomed = []
        for obj in self.state.permanents():
            ch = chars[obj.id]
            if "Creature" not in ch.types or ch.toughness is None:
                continue
            if ch.toughness <= 0:  # 704.5f
                doomed.append((obj, "toughness 0 or less (704.5f)"))
            elif obj.damage >= ch.toughness:  # 704.5g
                doomed.append((obj, "lethal damage (704.5g)"))
        for obj, reason in doomed:
            self.log("state-based-action", card=obj.card.name, reason=reason)
            self.put_into_graveyard_from_battlefield(obj)
            happened = True
        return happened

    # -- combat (506-508) ------------------------------------------------------

    def declare_attackers(self, player: str, attacker_ids: list[int]) -> None:
        """508.1: the active player declares attackers; no creature is required to attack (508.1d)."""
        self._require_game_on()
        if not self.state.awaiting_attackers or player != self.state.active:
            raise Rejected(
                "timing", "attackers are declared by the active player as the declare attackers step begins (508.1)"
            )
        chars = compute(self.state)
        attackers = [self.obj(i) for i in attacker_ids]
        for obj in attackers:
            ch = chars.get(obj.id)
            if ch is None or "Creature" not in ch.types or obj.controller != player:
                raise Rejected("not-allowed", f"{obj.card.name} is not a creature {player} controls (508.1a)")
            if obj.tapped:
                raise Rejected("already-tapped", f"{obj.card.name} is tapped and can't attack (508.1a)")
            if not self._free_of_summoning_sickness(obj):
                raise Rejected(
                    "summoning-sickness",
                    f"{obj.card.name} can't attack: it came under {player}'s control this turn (302.6)",
                )
        for obj in attackers:
            if "vigilance" not in chars[obj.id].keywords:
                obj.tapped = True  # 508.1f
            obj.attacking = True
        self.state.awaiting_attackers = False
        self.log("attackers-declared", player=player, attackers=[o.card.name for o in attackers])
        self._player_acted(player)

    def _combat_damage(self) -> None:
        """510.1a, 510.1b: each attacking creature deals damage equal to its power to the player
        it attacks.  The contract has no declaration of blockers yet, so no attacker is blocked."""
        chars = compute(self.state)
        for obj in self.state.permanents():
            power = chars[obj.id].power or 0
            if obj.attacking and power > 0:
                defender = self.state.opponents(obj.controller)[0]
                self.state.player(defender).life -= power  # 120.3a
                self.log("damage", source=obj.card.name, player=defender, amount=power)

    # -- turn structure (500) ---------------------------------------------------

    def _discard_to_hand_size(self, player_name: str) -> None:
        """514.1: the active player discards down to their maximum hand size, seven."""
        player = self.state.player(player_name)
        while len(player.hand) > 7:
            cards = [self.state.objects[i] for i in player.hand]
            names = [c.card.name for c in cards]
            answer = self.choose(player_name, "discard", sorted(set(names)), "Discard down to seven cards (514.1)")
            self.move(cards[names.index(answer)], "graveyard")
            self.log("discarded", player=player_name, card=answer)

    def end_step(self) -> None:
        """500.2: the step ends when all players pass with an empty stack; 500.5: mana empties."""
        for player in self.state.players:
            player.pool.empty()
        index = STEPS.index(self.state.step)
        if self.state.step == "declare-attackers" and not any(o.attacking for o in self.state.permanents()):
            index = STEPS.index("combat-damage")  # 508.8: skip declare blockers and combat damage
        if index + 1 == len(STEPS):
            order = [p.name for p in self.state.players]
            self.state.active = order[(order.index(self.state.active) + 1) % len(order)]
            self.state.turn += 1
            for player in self.state.players:
                player.spells_cast_this_turn = 0
            self.begin_step("untap")
        else:
            self.begin_step(STEPS[index + 1])

    def begin_step(self, step: str) -> None:
        """Turn-based actions of a step, then "at the beginning of" triggers, then priority."""
        self.state.step = step
        self.log("step-began", step=step, turn=self.state.turn, active=self.state.active)
        active = self.state.active
        if step == "untap":
            for obj in self.state.permanents():
                if obj.controller == active:
                    obj.controlled_since_turn_start = True  # 302.6: "since their most recent turn began"
                    obj.tapped = False  # 502.3
            self.end_step()  # 502.4: no player receives priority
            return
        if step == "draw" and self.state.turn > 1:
            effects.draw(self, active)  # 504.1; 103.8a: the player who plays first skips their first draw
        if step == "combat-damage":
            self._combat_damage()
        if step == "declare-attackers":
            self.state.awaiting_attackers = True  # 508.1: a turn-based action before priority
            self.state.priority = ""
            return
        if step == "cleanup":
            self._discard_to_hand_size(active)  # 514.1
            for obj in self.state.permanents():
                obj.damage = 0  # 514.2
                obj.attacking = False  # 506.4: removed from combat
            self.end_step()  # 514.3: normally no priority
            return
        chars = compute(self.state)
        for obj in self.state.permanents():
            for ability in chars[obj.id].abilities:
                trigger = ability.spec.get("trigger", {})
                if (
                    ability.kind == "triggered"
                    and trigger.get("event") == "beginning-of-step"
                    and trigger["step"] == step
                ):
                    if trigger.get("player", "you") == "you" and obj.controller != active:
                        continue
                    self.trigger(obj, ability, event_player=active)
        self.state.passes = 0
        self.give_priority(active)  # 117.3a
