"""Paying as a player does: tapping her lands and creatures for mana while a cost is paid (601.2g,
602.2b), in the words of the cast and activate steps ("tapping two Forests and Island for mana"),
with the very mana abilities those steps name on replay: the first {T} mana ability of each
permanent named, another permanent each time, untapped ones of a name first.
"""

from __future__ import annotations

import re
from typing import Any

from .cards import Card, Pool
from .combat import listable
from .naming import permanents

JSON = dict[str, Any]
#: How the tapping step counts permanents of one name ("two Forests").
COUNTS = ("two", "three", "four")


def listed(items: list[str]) -> str:
    """ "A", "A and B", "A, B and C"."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def tappings(
    observation: JSON, refs: dict[str, str], pool: Pool, player: str, amount: int, source: str = ""
) -> list[tuple[str, list[JSON]]]:
    """Ways to pay by tapping the player's permanents for mana while paying (601.2g): as many
    untapped ones as the cost's mana (``amount``), every untapped one, or a tapped one (illegal:
    107.5).  Each is (the words after "tapping", the mana abilities the step then names: the
    first {T} mana ability of each, untapped ones of a name first)."""
    mine = [
        p
        for p in observation["battlefield"]
        if p["controller"] == player and p["ref"] != source and p["name"] in pool and _taps_for_mana(pool[p["name"]])
    ]
    untapped = [p["name"] for p in mine if not p["tapped"] and listable(p["name"])]
    tapped = [p["name"] for p in mine if p["tapped"] and listable(p["name"]) and p["name"] not in untapped]
    variants = [untapped[:amount]] if 0 < amount <= len(untapped) else []
    variants += [untapped[:6]] if len(untapped) > max(amount, 0) else []
    variants += [[tapped[0]]] if tapped else []
    found = []
    for names in variants:
        words = _tapping_words(names, pool)
        found.append((words, _picked(observation, refs, pool, player, names)))
    return found


def _taps_for_mana(card: Card) -> bool:
    index = card.lands_for_mana()
    return index is not None and card.abilities[index - 1].text.partition(": ")[0] == "{T}"


def _tapping_words(names: list[str], pool: Pool) -> str:
    """ "Forest", "two Forests and Island": each name with its count, as the step reads them."""
    items = []
    for name in dict.fromkeys(names):
        count = names.count(name)
        if 1 < count <= len(COUNTS) + 1 and not name.endswith("s") and f"{name}s" not in pool:
            items.append(f"{COUNTS[count - 2]} {name}s")
        else:
            items += [name] * count
    return listed(items)


def _picked(observation: JSON, refs: dict[str, str], pool: Pool, player: str, names: list[str]) -> list[JSON]:
    """The mana abilities "tapping <names> for mana" names: for each name, another permanent of
    that name, untapped ones first, in the order the step finds them."""
    chosen: list[JSON] = []
    for name in names:
        taken = {c["source"] for c in chosen}
        found = [p for p in permanents(observation, refs, name, player) if p["ref"] not in taken]
        untapped = [p for p in found if not p["tapped"]] or found
        if untapped:
            chosen.append({"source": untapped[0]["ref"], "ability": pool[name].lands_for_mana()})
    return chosen


def cost_amount(cost: str, x: int | None = None) -> int:
    """How much mana a cost asks: its generic number, one for each other symbol, X as announced."""
    total = 0
    for symbol in re.findall(r"\{([^}]+)\}", cost):
        if symbol.isdigit():
            total += int(symbol)
        elif symbol == "X":
            total += x or 0
        elif symbol not in ("T", "Q"):
            total += 1
    return total
