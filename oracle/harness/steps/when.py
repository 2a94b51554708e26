"""When steps: what players do, one contract action each.

Glossary: features/README.md.
"""

from __future__ import annotations

import re

import pytest
from pytest_bdd import parsers, when

from oracle.engine.mana import COLOR_BY_NAME
from oracle.engine.state import STEPS
from oracle.errors import UserError

from ..world import World
from .given import card_name, step_name

ORDINALS = {"first": 1, "second": 2, "third": 3}
NUMBERS = {"two": 2, "three": 3, "four": 4}


def _ref(world: World, player: str, card: str, prefer_untapped: bool = False) -> str:
    """The ref of the player's permanent with that name (an untapped one first, if asked)."""
    found = world.permanents(card, player)
    if not found:
        pytest.fail(f"{player} controls no {card}")
    if prefer_untapped and any(not p["tapped"] for p in found):
        found = [p for p in found if not p["tapped"]]
    return world.pick("permanent", [p["ref"] for p in found])


def _card_ref(world: World, player: str, card: str, zone: str) -> str:
    for entry in world.observe()["players"]:
        if entry["name"] == player:
            for item in entry[zone]:
                if item["name"] == card:
                    return item["ref"]
    pytest.fail(f"{card} is not in {player}'s {zone}")


@when(parsers.re(r"(?P<player>\w+) taps (?P<card>.+) for mana$"))
def tap_for_mana(world: World, player: str, card: str) -> None:
    ref = _ref(world, player, card, prefer_untapped=True)
    world.act({"type": "activate", "player": player, "source": ref, "ability": world.ability_index(card)})


@when(
    parsers.re(
        r"(?P<player>\w+) activates (?P<card>.+?)'s ability(?: tapping (?P<tapping>.+?) for mana)?"
        r"(?: targeting (?P<target>.+?))?$"
    )
)
def activate(world: World, player: str, card: str, tapping: str | None, target: str | None) -> None:
    """Its first activated ability; a target is named like any object (a card in a graveyard too);
    "tapping Forest for mana" activates mana abilities while paying its cost (601.2g, 602.2b)."""
    action: dict[str, object] = {
        "type": "activate",
        "player": player,
        "source": _ref(world, player, card),
        "ability": world.ability_index(card, "any"),
    }
    if tapping:
        action["mana_abilities"] = _mana_abilities(world, player, tapping)
    if target:
        action["targets"] = [_one_ref(world, target)]
    world.act(action)


def _mana_abilities(world: World, player: str, words: str) -> list[dict[str, object]]:
    """ "Forest and Llanowar Elves", "two Forests", "Bob's Forest": the first mana ability with {T}
    of each permanent named, a different one each time (untapped ones first), for 601.2g."""
    chosen: list[dict[str, object]] = []
    for item in re.split(r", | and ", words):
        amount, _, rest = item.partition(" ")
        how_many = NUMBERS.get(amount, 0)
        name = card_name(world, rest, plural=True) if how_many else item
        controller = player
        owner, _, named = name.partition("'s ")
        if named and owner in {p["name"] for p in world.players}:
            name, controller = named, owner
        for _ in range(how_many or 1):
            taken = {c["source"] for c in chosen}
            found = [p for p in world.permanents(name, controller) if p["ref"] not in taken]
            if not found:
                pytest.fail(f"{controller} controls no other {name} to tap for mana")
            untapped = [p for p in found if not p["tapped"]] or found
            ref = world.pick("permanent", [p["ref"] for p in untapped])
            chosen.append({"source": ref, "ability": world.ability_index(name)})
    return chosen


def _one_ref(world: World, name: str) -> str:
    """The ref of the one object called ``name`` ("X in her graveyard" looks only there)."""
    for suffix in (" in her graveyard", " in his graveyard", " in their graveyard"):
        if name.endswith(suffix):
            name = name.removesuffix(suffix)
            refs = [c["ref"] for p in world.observe()["players"] for c in p["graveyard"] if c["name"] == name]
            break
    else:
        refs = world.objects_named(name)
    if len(refs) != 1:
        pytest.fail(f"expected exactly one {name} to target, found {len(refs)}")
    return refs[0]


@when(parsers.re(r"(?P<player>\w+) activates the (?P<nth>first|second|third) ability of (?P<card>.+)$"))
def activate_nth(world: World, player: str, nth: str, card: str) -> None:
    world.act({"type": "activate", "player": player, "source": _ref(world, player, card), "ability": ORDINALS[nth]})


@when(
    parsers.re(
        r"(?P<player>\w+) casts (?P<card>.+?)(?: with X = (?P<x>\d+))?(?: for its (?P<alternative>blitz) cost)?"
        r"(?: paying its (?P<cost>kicker|offspring) costs?(?P<twice> twice)?)?"
        r"(?: tapping (?P<tapping>.+?) for mana)?"
        r"(?: using (?P<mana>(?:\{[WUBRGC]\})+))?"
        r"(?: targeting (?P<target>.+))?$"
    )
)
def cast(
    world: World,
    player: str,
    card: str,
    x: str | None,
    alternative: str | None,
    cost: str | None,
    twice: str | None,
    tapping: str | None,
    mana: str | None,
    target: str | None,
) -> None:
    """Cast from hand; "tapping two Forests for mana" activates mana abilities while paying
    (601.2g); "using {G}{G}" names the mana spent (601.2h); a target is named like any object
    ("the token X" for a token)."""
    action: dict[str, object] = {"type": "cast", "player": player, "card": _card_ref(world, player, card, "hand")}
    if x is not None:
        action["x"] = int(x)
    if alternative:
        action["alternative_cost"] = alternative
    if mana:
        action["mana"] = mana
    if cost:
        action["additional_costs"] = [cost] * (2 if twice else 1)
    if tapping:
        action["mana_abilities"] = _mana_abilities(world, player, tapping)
    if target:
        action["targets"] = [_one_ref(world, target)]
    world.act(action)


@when(parsers.re(r"(?P<player>\w+) chooses (?P<answer>.+)$"))
def choose(world: World, player: str, answer: str) -> None:
    """Answer the pending choice: "green" also answers a choice of mana written "{G}", and an
    object's name ("Grizzly Bears", "the token Isamaru, Hound of Konda") answers with its ref.
    With no question pending, the choice had a single option: the engine made it itself (the
    contract allows it) or the world answered it (see ``World._answer_single_option``); the Then
    steps check what was chosen."""
    pending = world.observe()["pending_choice"]
    if pending is None:
        return  # the engine made a forced choice itself; the Then steps check what it chose
    options = pending["options"]
    word = answer.removesuffix(" mana").removeprefix("to copy ")
    candidates = [answer, word, *world.objects_named(word)]
    if word in COLOR_BY_NAME:
        candidates.append("{" + COLOR_BY_NAME[word] + "}")
    if word in ("nothing", "not to copy anything"):
        candidates.append("none")
    if word.startswith("not to sacrifice"):
        # Declining an "unless" sacrifice (118.12a): "none", or the ability's source that has left
        # the battlefield, which an engine may still offer as "sacrifice this" (contract: sacrifice).
        on_battlefield = {p["ref"] for p in world.observe()["battlefield"]}
        candidates += [option for option in options if option not in on_battlefield]
    matching = [c for c in dict.fromkeys(candidates) if c in options]
    if len(matching) != 1:
        pytest.fail(f"{answer!r} matches {len(matching)} of the options {options} of {pending['kind']}")
    world.act({"type": "choose", "player": player, "choice": matching[0]})


@when(parsers.re(r"(?P<player>\w+) applies (?P<card>.+?)'s replacement effect first$"))
def order_replacement(world: World, player: str, card: str) -> None:
    pending = world.observe()["pending_choice"]
    if pending is None or pending["kind"] != "replacement-effect":
        pytest.fail(f"{player} was not asked to order replacement effects (616.1); pending: {pending}")
    world.act({"type": "choose", "player": player, "choice": card})


@when(parsers.re(r"(?P<player>\w+) applies (?:her|his|their) replacement effects in any order$"))
def replacements_any_order(world: World, player: str) -> None:
    """Answer every question about the order of replacement effects with the first option, for
    scenarios whose outcome doesn't depend on it, such as two copies of the same effect (616.1)."""
    while (pending := world.observe()["pending_choice"]) is not None and pending["kind"] == "replacement-effect":
        world.act({"type": "choose", "player": player, "choice": pending["options"][0]})


@when(parsers.re(r"(?P<player>\w+) passes priority$"))
def passes(world: World, player: str) -> None:
    world.act({"type": "pass", "player": player})


@when(parsers.re(r"(?P<player>\w+) puts (?:her|his|their) triggered abilities on the stack in any order$"))
def any_order(world: World, player: str) -> None:
    """Answer every question about the order of simultaneous triggers with the first option (603.3b)."""
    while (pending := world.observe()["pending_choice"]) is not None and pending["kind"] == "trigger-order":
        world.act({"type": "choose", "player": player, "choice": world.pick("trigger-order", pending["options"])})


@when("all players pass priority until the stack is empty")
def pass_until_empty(world: World) -> None:
    """Players pass in turn until nothing is left on the stack.  Triggered abilities that trigger
    together go on the stack in any order (603.3b); any other question stops the passing."""
    for _ in range(40):
        observation = world.observe()
        pending = observation["pending_choice"]
        if pending is not None and pending["kind"] == "trigger-order":
            world.act(
                {
                    "type": "choose",
                    "player": pending["player"],
                    "choice": world.pick("trigger-order", pending["options"]),
                }
            )
            continue
        if not observation["stack"] or pending is not None:
            return
        holder = observation["turn"]["priority_player"]
        if not holder:
            pytest.fail("no player has priority")
        world.act({"type": "pass", "player": holder})
        world.require_accepted()
    pytest.fail("the stack never became empty")


@when("all players pass priority")
def all_pass(world: World) -> None:
    """Each player passes once, in turn order starting with the one holding priority (117.4)."""
    for _ in range(len(world.players)):
        holder = world.observe()["turn"]["priority_player"]
        if not holder:
            pytest.fail("no player has priority")
        world.act({"type": "pass", "player": holder})


@when(parsers.re(r"the game proceeds to (?P<player>\w+)'s (?P<step>[a-z ]+)$"))
def proceed_to(world: World, player: str, step: str) -> None:
    """Players pass priority until that step of that player's turn begins (at most two turns);
    on the way, the active player declares no attackers and the defending player no blockers."""
    target = step_name(step)
    start = world.observe()["turn"]
    this_turn = start["active_player"] == player and STEPS.index(target) > STEPS.index(start["step"])
    for _ in range(60):
        turn = world.observe()["turn"]
        if turn["step"] == target and turn["active_player"] == player:
            return
        if this_turn and turn["number"] != start["number"]:
            pytest.fail(f"{player}'s turn {start['number']} ended without a {step}: the engine skipped it")
        holder = turn["priority_player"]
        if not holder and turn["step"] == "declare-attackers":
            world.act({"type": "declare-attackers", "player": turn["active_player"], "attackers": []})
        elif not holder and turn["step"] == "declare-blockers":  # 509.1, an engine of contract 1.3.0
            defending = next(p["name"] for p in world.players if p["name"] != turn["active_player"])
            world.act({"type": "declare-blockers", "player": defending, "blockers": []})
        elif not holder:
            raise UserError(f"the game stopped before {player}'s {step}: no player has priority in {turn['step']}")
        else:
            world.act({"type": "pass", "player": holder})
        world.require_accepted()
    pytest.fail(f"the game never reached {player}'s {step}")


@when(parsers.re(r"(?P<player>\w+) declares (?P<attackers>no attackers|.+? as an attacker|.+? as attackers)$"))
def declare_attackers(world: World, player: str, attackers: str) -> None:
    """508.1: the active player declares which creatures attack, possibly none (508.1d): "Grizzly
    Bears as an attacker", "Grizzly Bears and Hill Giant as attackers".  "Bob's Grizzly Bears"
    names a permanent another player controls (which the rules forbid, 508.1a)."""
    refs: list[str] = []
    if attackers != "no attackers":
        names = attackers.removesuffix(" as an attacker").removesuffix(" as attackers")
        for name in re.split(r", | and ", names):
            controller = player
            owner, _, rest = name.partition("'s ")
            if rest and owner in {p["name"] for p in world.players}:
                name, controller = rest, owner
            refs.append(world.permanent(name, controller)["ref"])
    world.act({"type": "declare-attackers", "player": player, "attackers": refs})


# -- actions the rules forbid: casting from another player's zone, activating another player's permanent (601.2, 602.2)


@when(
    parsers.re(
        r"(?P<player>\w+) tries to cast (?P<card>.+?) from (?P<whose>her|his|their|\w+'s) (?P<zone>hand|graveyard)$"
    )
)
def try_to_cast(world: World, player: str, card: str, whose: str, zone: str) -> None:
    """Cast a card found where the step says it is, in the player's own or another player's zone."""
    world.act({"type": "cast", "player": player, "card": _card_found(world, player, card, whose, zone)})


@when(
    parsers.re(
        r"(?P<player>\w+) tries to play (?P<card>.+?) from (?P<whose>her|his|their|\w+'s) (?P<zone>hand|graveyard)$"
    )
)
def try_to_play(world: World, player: str, card: str, whose: str, zone: str) -> None:
    """Play a land card found where the step says it is: only one in the player's own hand may be
    played (305.1)."""
    world.act({"type": "play", "player": player, "card": _card_found(world, player, card, whose, zone)})


def _card_found(world: World, player: str, card: str, whose: str, zone: str) -> str:
    """The ref of the card in the zone a step names ("her graveyard", "Bob's hand")."""
    owner = player if whose in ("her", "his", "their") else whose.removesuffix("'s")
    refs = [c["ref"] for p in world.observe()["players"] if p["name"] == owner for c in p[zone] if c["name"] == card]
    if not refs:
        pytest.fail(f"{card} is not in {owner}'s {zone}")
    return refs[0]


@when(parsers.re(r"(?P<player>\w+) tries to activate (?P<controller>\w+)'s (?P<card>.+?)'s ability$"))
def try_to_activate(world: World, player: str, controller: str, card: str) -> None:
    """Activate the first activated ability of a permanent another player controls (602.2)."""
    found = world.permanents(card, controller)
    if not found:
        pytest.fail(f"{controller} controls no {card}")
    world.act(
        {"type": "activate", "player": player, "source": found[0]["ref"], "ability": world.ability_index(card, "any")}
    )
