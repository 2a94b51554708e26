"""The cards the scenarios use: ``cards.html`` lists them and each has a page of its own.

A card's page shows what a judge reads on the card (name, mana cost, type line, Oracle text,
power and toughness, from ``fixtures/cards/``), then the rulings whose scenarios use it and
those scenarios, each with every engine's outcome.  A scenario uses a card when one of its
steps names it (the longest name wins, so "Snow-Covered Forest" is not also "Forest").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from oracle.errors import CatalogError
from oracle.suite.catalog import Catalog
from oracle.suite.coverage.intake import Pending
from oracle.suite.docs.features import ScenarioText
from oracle.suite.docs.html import card_file, esc, link_rules
from oracle.suite.docs.runs import EngineRun
from oracle.suite.docs.scenarios import scenario_links
from oracle.toml import read_toml

__all__ = ["CardText", "card_page", "cards_index", "cards_used", "read_cards"]


@dataclass(frozen=True)
class CardText:
    """A card as printed: what its page shows."""

    name: str
    mana_cost: str
    type_line: str
    oracle_text: str
    power: str
    toughness: str


def read_cards(root: Path) -> dict[str, CardText]:
    """Every card fixture of ``root/fixtures/cards`` by name; a malformed one is a one-line error."""
    cards = {}
    for path in sorted((root / "fixtures" / "cards").glob("*.toml")):
        data = read_toml(path, CatalogError)
        if not isinstance(data.get("name"), str) or not isinstance(data.get("type_line"), str):
            raise CatalogError(f"{path}: a card needs a name and a type_line")
        cards[data["name"]] = CardText(
            name=data["name"],
            mana_cost=str(data.get("mana_cost", "")),
            type_line=data["type_line"],
            oracle_text=str(data.get("oracle_text", "")),
            power=str(data.get("power", "")),
            toughness=str(data.get("toughness", "")),
        )
    return cards


def cards_used(scenarios: Iterable[ScenarioText], names: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """For each scenario (by name), the cards its steps name, in the order of the card list."""
    ordered = sorted(names, key=len, reverse=True)
    patterns = [(name, re.compile(rf"(?<![\w-]){re.escape(name)}(?![\w-])")) for name in ordered]
    used = {}
    for scenario in scenarios:
        text = "\n".join(step.text for step in scenario.steps)
        found = []
        for name, pattern in patterns:
            if pattern.search(text):
                found.append(name)
                text = pattern.sub("\0", text)
        used[scenario.name] = tuple(sorted(found))
    return used


def cards_index(cards: dict[str, CardText], used: dict[str, tuple[str, ...]]) -> str:
    """``cards.html``: every card a scenario uses, with how many scenarios use it."""
    counts: dict[str, int] = {}
    for names in used.values():
        for name in names:
            counts[name] = counts.get(name, 0) + 1
    items = "".join(
        f'<li><a href="{card_file(name)}">{esc(name)}</a> <span class="where">{esc(cards[name].type_line)}; '
        f"{counts[name]} scenario{'s' if counts[name] != 1 else ''}</span></li>"
        for name in sorted(counts)
    )
    return (
        f"<p>The {len(counts)} cards the scenarios use, each with its Oracle text and what uses it.</p><ul>{items}</ul>"
    )


def card_page(
    card: CardText,
    catalog: Catalog,
    scenarios: Sequence[ScenarioText],
    used: dict[str, tuple[str, ...]],
    engines: Sequence[EngineRun],
    pending: Sequence[Pending] = (),
) -> str:
    """A card's page: its printed characteristics, its own official rulings (encoded or pending),
    then the rulings and scenarios that use it."""
    mine = [s for s in scenarios if card.name in used.get(s.name, ())]
    facts = [("Mana cost", card.mana_cost or "none"), ("Type", card.type_line)]
    if card.power or card.toughness:
        facts.append(("Power/toughness", f"{card.power}/{card.toughness}"))
    body = "<article>" + '<dl class="why">'
    body += "".join(f"<dt>{esc(k)}</dt><dd>{esc(v)}</dd>" for k, v in facts)
    body += f'</dl><blockquote class="card-text">{esc(card.oracle_text)}</blockquote></article>'
    body += own_rulings(card.name, catalog, pending)
    rulings = sorted(
        {r for s in mine for r in s.rulings if r in catalog.rulings}, key=lambda r: catalog.rulings[r].number
    )
    items = "".join(
        f'<li><a href="by-card.html#{esc(r)}">#{catalog.rulings[r].number} <code>{esc(r)}</code></a>: '
        f"{link_rules(catalog.rulings[r].text, catalog.rules)}</li>"
        for r in rulings
    )
    body += f"<h2>Rulings whose scenarios use it</h2><ul>{items}</ul>" if items else ""
    body += f"<h2>Scenarios that use it</h2>{scenario_links(mine, engines)}"
    return body


def own_rulings(name: str, catalog: Catalog, pending: Sequence[Pending]) -> str:
    """The card's own official rulings: each the catalog encodes (linked to its scenarios) and each
    taken in by ``mtg-conformance rulings import`` that no scenario encodes yet, verbatim."""
    encoded = sorted((r for r in catalog.rulings.values() if name in r.pages), key=lambda r: r.number)
    waiting = [p for p in pending if p.card == name]
    if not encoded and not waiting:
        return ""
    items = "".join(
        f'<li><span class="o o-PASS">encoded</span> <a href="by-card.html#{esc(r.id)}"><code>{esc(r.id)}</code></a>: '
        f"{link_rules(r.text, catalog.rules)}</li>"
        for r in encoded
    ) + "".join(
        f'<li id="pending-{esc(p.id)}"><span class="o o-SKIP">pending</span> <code>{esc(p.id)}</code> '
        f"({esc(p.date or 'undated')}, {esc(p.source)}): {esc(p.text)}</li>"
        for p in waiting
    )
    total = len(encoded) + len(waiting)
    return (
        f"<h2>Its official rulings: {len(encoded)} of {total} encoded</h2>"
        "<p>A pending ruling was taken in with <code>mtg-conformance rulings import</code>; no scenario encodes it "
        f"yet (<code>features/ADDING_A_RULING.md</code> says how).</p><ul>{items}</ul>"
    )
