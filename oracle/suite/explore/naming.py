"""Pointing at objects the way the suite's steps do, so that every action the explorer takes can
be written as a step that finds the very same object when the scenario is replayed.

Steps name objects by their names, as a judge would; the scenario's world resolves a name
against the latest observation ("the token X" and "the original X" pick tokens or nontokens,
and a card the position introduced is found by its printed name even while it copies
another).  This module follows those rules exactly (``oracle/harness/world.py`` and the
step definitions), and answers the explorer's question the other way round: which words name
this object, and only this one?
"""

from __future__ import annotations

from typing import Any

JSON = dict[str, Any]
#: Pronouns the steps accept after "in" ("in her hand"), by player.
PRONOUNS = {"Alice": "her", "Bob": "his"}


def pronoun(player: str) -> str:
    return PRONOUNS.get(player, "their")


def permanents(
    observation: JSON, refs: dict[str, str], name: str, controller: str | None = None, exact: bool = False
) -> list[JSON]:
    """The permanents a step means by ``name`` (``World.permanents``)."""
    token: bool | None = None
    for prefix, is_token in (("the token ", True), ("the original ", False)):
        if name.startswith(prefix):
            name, token = name.removeprefix(prefix), is_token
    visible = [
        p
        for p in observation["battlefield"]
        if (controller is None or p["controller"] == controller) and (token is None or p["token"] == token)
    ]
    named = [p for p in visible if p["name"] == name]
    if exact:
        return named
    introduced = [p for p in visible if refs.get(p["ref"]) == name]
    if len(named) > 1 and introduced:
        return [p for p in named if p in introduced] or introduced
    return named or introduced


def objects_named(observation: JSON, refs: dict[str, str], name: str) -> list[str]:
    """Refs of every visible object a step means by ``name`` (``World.objects_named``)."""
    found = [p["ref"] for p in permanents(observation, refs, name)]
    for player in observation["players"]:
        for zone in ("hand", "graveyard"):
            found += [c["ref"] for c in player[zone] if c["name"] == name]
    found += [s["ref"] for s in observation["stack"] if s["kind"] == "spell" and s["name"] == name]
    return list(dict.fromkeys(found))


def phrases(permanent: JSON, refs: dict[str, str]) -> list[str]:
    """Ways to name a permanent, plainest first."""
    name = permanent["name"]
    words = [name, f"the token {name}" if permanent["token"] else f"the original {name}"]
    introduced = refs.get(permanent["ref"])
    if introduced and introduced != name:
        words.append(introduced)
    return words


def controlled_phrase(observation: JSON, refs: dict[str, str], permanent: JSON, player: str | None) -> str | None:
    """Words for the first of ``player``'s permanents (anyone's, with ``None``) a step like "Alice
    activates ..." takes."""
    for words in phrases(permanent, refs):
        found = permanents(observation, refs, words, player)
        if found and found[0]["ref"] == permanent["ref"]:
            return words
    return None


def untapped_first_phrase(observation: JSON, refs: dict[str, str], permanent: JSON, player: str) -> str | None:
    """Words for "Alice taps X for mana", which takes an untapped one first."""
    name = permanent["name"]
    found = sorted(permanents(observation, refs, name, player), key=lambda p: p["tapped"])
    return name if found and found[0]["ref"] == permanent["ref"] else None


def unique_phrase(observation: JSON, refs: dict[str, str], permanent: JSON) -> str | None:
    """Words a Then step uses for exactly this permanent and no other (``_one`` in the steps)."""
    for words in phrases(permanent, refs):
        found = permanents(observation, refs, words)
        if len(found) == 1 and found[0]["ref"] == permanent["ref"]:
            return words
    return None


def target_phrase(observation: JSON, refs: dict[str, str], ref: str) -> str | None:
    """Words for a target, "targeting X" (``_one_ref`` in the steps): a permanent, a card in a hand
    or graveyard, or a spell; "X in her graveyard" looks only in graveyards."""
    candidates: list[str] = []
    for permanent in observation["battlefield"]:
        if permanent["ref"] == ref:
            candidates += phrases(permanent, refs)
    for player in observation["players"]:
        for zone in ("hand", "graveyard"):
            for card in player[zone]:
                if card["ref"] == ref:
                    candidates.append(card["name"])
                    if zone == "graveyard":
                        candidates.append(f"{card['name']} in {pronoun(player['name'])} graveyard")
    for item in observation["stack"]:
        if item["kind"] == "spell" and item.get("ref") == ref:
            candidates.append(item["name"])
    for words in candidates:
        if _resolve_target(observation, refs, words) == [ref]:
            return words
    return None


def _resolve_target(observation: JSON, refs: dict[str, str], words: str) -> list[str]:
    for suffix in (" in her graveyard", " in his graveyard", " in their graveyard"):
        if words.endswith(suffix):
            name = words.removesuffix(suffix)
            return [c["ref"] for p in observation["players"] for c in p["graveyard"] if c["name"] == name]
    return objects_named(observation, refs, words)


def first_in_hand(observation: JSON, player: str) -> list[JSON]:
    """The cards of a player's hand a cast step can name: the first card of each name."""
    for entry in observation["players"]:
        if entry["name"] == player:
            seen: dict[str, JSON] = {}
            for card in entry["hand"]:
                seen.setdefault(card["name"], card)
            return list(seen.values())
    return []


#: Color words the ``choose`` step also reads as mana symbols ("green" answers "{G}").
COLOR_SYMBOLS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G", "colorless": "C"}


def choice_matches(observation: JSON, refs: dict[str, str], answer: str, options: list[str]) -> list[str]:
    """The options "Alice chooses <answer>" picks (the ``choose`` step); one means it is clear."""
    word = answer.removesuffix(" mana").removeprefix("to copy ")
    candidates = [answer, word, *objects_named(observation, refs, word)]
    if word in COLOR_SYMBOLS:
        candidates.append("{" + COLOR_SYMBOLS[word] + "}")
    if word in ("nothing", "not to copy anything"):
        candidates.append("none")
    return [c for c in dict.fromkeys(candidates) if c in options]


def _visible_refs(observation: JSON) -> set[str]:
    found = {p["ref"] for p in observation["battlefield"]}
    found |= {c["ref"] for p in observation["players"] for z in ("hand", "graveyard") for c in p[z]}
    return found | {str(s.get("ref")) for s in observation["stack"] if s.get("ref")}


def answer_phrase(observation: JSON, refs: dict[str, str], option: str) -> str | None:
    """Words for answering the pending choice with ``option``: the name of the object whose ref it
    is, or else the option itself (a mana symbol, a color, the name of an effect's source).  An
    object no name tells from the others (two identical tokens) has none: a ref is the engine's
    own, which another engine does not share, so no step can choose it."""
    pending = observation["pending_choice"]
    options = pending["options"]
    candidates = ["not to copy anything"] if option == "none" else []
    for permanent in observation["battlefield"]:
        if permanent["ref"] == option:
            names = phrases(permanent, refs)
            candidates += [f"to copy {w}" for w in names] if pending["kind"] == "copy" else names
    for player in observation["players"]:
        candidates += [c["name"] for zone in ("hand", "graveyard") for c in player[zone] if c["ref"] == option]
    candidates += [s["name"] for s in observation["stack"] if s.get("ref") == option]
    if option not in _visible_refs(observation):
        candidates.append(option)  # a mana symbol, a color, a source's name; never an engine's own ref
    for words in candidates:
        if "\n" not in words and choice_matches(observation, refs, words, options) == [option]:
            return words
    return None
