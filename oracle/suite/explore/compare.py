"""Observations as the contract defines them, without what it leaves to each engine.

Two engines agree on an observation when :func:`normalize` gives the same for both.  Left out:
the events (their wording is free), prompts and the text of stack items, object refs (an engine
makes up its own for objects the position did not name: objects are compared by name and
place instead), optional fields one engine does not report, the order of a zone other than
the library, and library cards below the ones the reference engine holds (an engine may need
more cards in a library than a position names to start a game).  What combat shows (whom a
creature attacks, whether it is blocked, what it blocks: contract 1.3.0) is compared when both
engines declare ``blocking``, blocked creatures by name; so is a ``combat-damage`` question, each
division by its recipients' names.
:func:`summary` writes an observation as a few lines for a person to read.
"""

from __future__ import annotations

from typing import Any

JSON = dict[str, Any]
#: Fields of a permanent every engine must report (observation.schema.json), compared as given
#: or, for lists whose order is free, sorted.
REQUIRED = ("name", "controller", "token", "tapped", "power", "toughness", "base_power", "base_toughness", "mana_value")
UNORDERED = ("types", "colors", "keywords")
OPTIONAL = ("subtypes", "damage")


def _names(observation: JSON) -> dict[str, str]:
    """Every ref the observation shows, and the name of its object."""
    names = {p["ref"]: p["name"] for p in observation["battlefield"] if p.get("ref")}
    for player in observation["players"]:
        for zone in ("library", "hand", "graveyard", "exile"):
            names.update({c["ref"]: c["name"] for c in player[zone] if c.get("ref")})
    names.update({s["ref"]: s["name"] for s in observation["stack"] if s.get("ref")})
    return names


def _permanent(permanent: JSON, names: dict[str, str], optional: set[str], combat: bool) -> tuple[Any, ...]:
    counters = tuple(sorted((k, v) for k, v in permanent["counters"].items() if v))
    attached = permanent.get("attached_to")
    fought = (
        (
            permanent.get("attacking"),
            permanent.get("blocked"),
            tuple(sorted(names.get(r, "?") for r in permanent.get("blocking", []))),
        )
        if combat
        else ()
    )
    return (
        *(permanent[f] for f in REQUIRED),
        *(tuple(sorted(permanent[f])) for f in UNORDERED),
        counters,
        names.get(attached, "?") if attached else None,
        *(_sorted_if_list(permanent.get(f)) for f in OPTIONAL if f in optional),
        *fought,
    )


def _option(kind: str, option: str, names: dict[str, str]) -> Any:
    """An option as compared: an object's name for its ref; a division of combat damage as its
    recipients' names and nonzero amounts (``"2 to g1; 0 to Bob"``)."""
    if kind != "combat-damage":
        return names.get(option, option)
    parts = [part.partition(" to ") for part in option.split("; ")]
    return repr(sorted((names.get(who, who), amount) for amount, _, who in parts if amount != "0"))


def _sorted_if_list(value: Any) -> Any:
    return tuple(sorted(value)) if isinstance(value, list) else value


def _shared_optional(reference: JSON, other: JSON) -> set[str]:
    """Optional permanent fields both engines report."""
    return {f for f in OPTIONAL if all(f in p for o in (reference, other) for p in o["battlefield"])}


def normalize(
    observation: JSON,
    library_depth: dict[str, int] | None = None,
    optional: set[str] | None = None,
    combat: bool = False,
) -> JSON:
    """The parts of an observation two engines must agree on (``combat``: what combat shows too)."""
    names = _names(observation)
    players = {}
    for player in observation["players"]:
        depth = (library_depth or {}).get(player["name"], len(player["library"]))
        players[player["name"]] = {
            "life": player["life"],
            "lost": bool(player.get("lost", False)),
            "mana_pool": {k: v for k, v in sorted(player["mana_pool"].items()) if v},
            "library": [c["name"] for c in player["library"][:depth]],
            **{zone: sorted(c["name"] for c in player[zone]) for zone in ("hand", "graveyard", "exile")},
        }
    pending = observation["pending_choice"]
    return {
        "turn": dict(observation["turn"]),
        "players": players,
        "battlefield": sorted(
            (_permanent(p, names, optional or set(), combat) for p in observation["battlefield"]), key=repr
        ),
        "stack": [(s["kind"], s["name"], s["controller"]) for s in observation["stack"]],
        "pending_choice": None
        if pending is None
        else (
            pending["player"],
            pending["kind"],
            sorted(_option(pending["kind"], o, names) for o in pending["options"]),
        ),
    }


def agree(reference: JSON, other: JSON, combat: bool = False) -> bool:
    """Whether two observations agree on everything the contract asks them to agree on (with
    ``combat``, what combat shows too: both engines declare ``blocking``).  Observations equal as
    they are agree without more: what :func:`normalize` keeps of them is the same."""
    if reference == other:
        return True
    depth = {p["name"]: len(p["library"]) for p in reference["players"]}
    optional = _shared_optional(reference, other)
    return normalize(reference, depth, optional, combat) == normalize(other, depth, optional, combat)


def differences(reference: JSON, other: JSON, combat: bool = True) -> list[str]:
    """The top-level parts of the normalized observations that differ, e.g. ``battlefield``."""
    depth = {p["name"]: len(p["library"]) for p in reference["players"]}
    optional = _shared_optional(reference, other)
    mine, theirs = normalize(reference, depth, optional, combat), normalize(other, depth, optional, combat)
    found = [k for k in ("turn", "battlefield", "stack", "pending_choice") if mine[k] != theirs[k]]
    for name, player in mine["players"].items():
        other_player = theirs["players"].get(name, {})
        found += [f"{name}'s {k.replace('_', ' ')}" for k, v in player.items() if other_player.get(k) != v]
    return found


def _permanent_line(permanent: JSON) -> str:
    bits = [permanent["name"]]
    if permanent["token"]:
        bits.append("(token)")
    if permanent["power"] is not None:
        bits.append(f"{permanent['power']}/{permanent['toughness']}")
    if permanent["tapped"]:
        bits.append("tapped")
    counters = ", ".join(f"{v} {k}" for k, v in sorted(permanent["counters"].items()) if v)
    if counters:
        bits.append(f"[{counters}]")
    if permanent["keywords"]:
        bits.append("{" + ", ".join(sorted(permanent["keywords"])) + "}")
    return " ".join(bits)


def summary(observation: JSON) -> list[str]:
    """An observation in a few lines: turn, each player, the battlefield, the stack, the choice."""
    turn = observation["turn"]
    lines = [
        f"turn {turn['number']}, {turn['active_player']}'s {turn['step']}, "
        f"priority: {turn['priority_player'] or 'nobody'}"
    ]
    for player in observation["players"]:
        pool = "".join(("{" + t + "}") * v for t, v in sorted(player["mana_pool"].items()) if v) or "empty"
        zones = "; ".join(
            f"{zone} {', '.join(c['name'] for c in player[zone]) or '-'}" for zone in ("hand", "graveyard", "exile")
        )
        lost = ", has lost" if player.get("lost") else ""
        lines.append(f"{player['name']}: life {player['life']}{lost}, pool {pool}; {zones}")
        mine = [_permanent_line(p) for p in observation["battlefield"] if p["controller"] == player["name"]]
        lines.append(f"  controls: {'; '.join(mine) or 'nothing'}")
    stack = "; ".join(f"{s['name']} ({s['kind']}, {s['controller']})" for s in observation["stack"])
    lines.append(f"stack: {stack or 'empty'}")
    pending = observation["pending_choice"]
    if pending is not None:
        names = _names(observation)
        options = ", ".join(names.get(o, o) for o in pending["options"])
        lines.append(f"{pending['player']} must choose ({pending['kind']}): {options}")
    return lines
