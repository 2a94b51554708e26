"""``mtg-conformance capabilities``: what an engine may declare, and which scenarios need it.

An engine declares in its handshake the capabilities it plays (``fixtures/capabilities.toml``,
which an installed suite carries inside the package); a scenario needs those its cards and steps
imply (:mod:`oracle.suite.needs`), and one that needs a capability the engine does not declare is
SKIP.  This command lists each capability with its meaning and how many scenarios need it; given a
capability's name (or with ``-v``, under each), the scenarios that need it; with ``--only NAME,...``,
what an engine declaring only those capabilities is tested on (the scenarios it runs and the rules
they cite); with ``--json``, all of it as data::

    {"capabilities": [{"name": "casting", "meaning": "...", "scenarios": ["blitz/blitz.feature::...", ...]}, ...]}
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from oracle.contract.outcomes import printable
from oracle.errors import UserError

from .needs import derive_all, load_needs_table

__all__ = ["add_parser", "capabilities", "run"]


def add_parser(commands: Any) -> None:
    """Add ``capabilities`` to the CLI's subparsers."""
    sub = commands.add_parser(
        "capabilities", help="each capability an engine may declare, and the scenarios needing it"
    )
    sub.add_argument("name", nargs="?", default=None, help="list the scenarios that need this capability")
    sub.add_argument(
        "--json", action="store_true", help="print every capability (or NAME alone), its meaning and scenarios as JSON"
    )
    sub.add_argument("-v", "--verbose", action="store_true", help="list the scenarios under each capability")
    sub.add_argument(
        "--only",
        metavar="NAME,...",
        default=None,
        help="what an engine declaring only these capabilities ('' for none) runs, and the rules it is tested on",
    )


def capabilities() -> list[dict[str, Any]]:
    """Every capability, by name, with its meaning and the ids of the scenarios that need it."""
    table = load_needs_table().capabilities
    derived = derive_all()
    return [
        {"name": name, "meaning": table[name], "scenarios": sorted(i for i, d in derived.items() if name in d.needs)}
        for name in sorted(table)
    ]


def what_is_tested(declared: set[str]) -> tuple[list[str], list[str]]:
    """The scenarios an engine declaring only ``declared`` runs (every capability each needs is
    declared), and the CR rules those scenarios cite, in the rules' order."""
    from oracle.paths import suite_root

    from .tagged import feature_tags

    features = suite_root() / "features"
    derived = derive_all()
    runs = sorted(i for i, d in derived.items() if set(d.needs) <= declared)
    rules: set[str] = set()
    for tagged in feature_tags(features):
        if f"{tagged.path.relative_to(features).as_posix()}::{tagged.name}" in runs:
            rules |= set(tagged.rules)
    return runs, sorted(rules, key=_rule_order)


def _rule_order(rule: str) -> tuple[int, ...]:
    head, _, tail = rule.partition(".")
    digits = "".join(ch for ch in tail if ch.isdigit())
    letters = "".join(ch for ch in tail if ch.isalpha())
    return (int(head), int(digits or 0), *(ord(ch) for ch in letters))


def _only(found: list[dict[str, Any]], names: str) -> int:
    known = {c["name"] for c in found}
    declared = {n.strip() for n in names.split(",") if n.strip()}
    unknown = sorted(declared - known)
    if unknown:
        raise UserError(f"unknown capability {unknown[0]!r}; the capabilities are: {', '.join(sorted(known))}")
    runs, rules = what_is_tested(declared)
    total = len(derive_all())
    what = ", ".join(sorted(declared)) or "no capability"
    print(f"An engine declaring {what} runs {len(runs)} of {total} scenarios; they test {len(rules)} rules:")
    print("  " + " ".join(rules))
    return 0


def run(args: argparse.Namespace) -> int:
    found = capabilities()
    if args.only is not None:
        return _only(found, args.only)
    chosen = None
    if args.name is not None:  # an unknown name is refused, with --json too
        chosen = next((c for c in found if c["name"] == args.name), None)
        if chosen is None:
            raise UserError(
                f"unknown capability {printable(args.name, 100)!r}; the capabilities are: "
                f"{', '.join(c['name'] for c in found)}"
            )
    if args.json:
        print(json.dumps({"capabilities": [chosen] if chosen else found}, indent=2, ensure_ascii=False))
        return 0
    if chosen is not None:
        print(f"{chosen['name']}: {chosen['meaning']}")
        print(f"{_count(chosen)} need it:")
        for scenario in chosen["scenarios"]:
            print(f"  {scenario}")
        return 0
    width = max(len(c["name"]) for c in found)
    for entry in found:
        print(f"{entry['name']:<{width}}  {_count(entry):>13}  {entry['meaning']}")
        for scenario in entry["scenarios"] if args.verbose else ():
            print(f"  {scenario}")
    print()
    print("An engine declares in its handshake the capabilities it plays; a scenario that needs one it does not")
    print("declare is SKIP. 'mtg-conformance capabilities NAME' lists the scenarios that need NAME (-v: all).")
    return 0


def _count(entry: dict[str, Any]) -> str:
    number = len(entry["scenarios"])
    return f"{number} scenario{'s' if number != 1 else ''}"
