"""Official rulings as their sources publish them, read from a file the user supplies.

Three shapes are read (nothing is downloaded):

* a card page in the seeds' format (``fixtures/seeds/``): one ruling a paragraph, after an optional
  "Search" line; the caller names the card;
* Scryfall's rulings: a list of ruling objects (``oracle_id``, ``source``, ``published_at``,
  ``comment``), or the API's ``{"object": "list", "data": [...]}``; the caller names the card, since
  a ruling object carries only its card's oracle id;
* MTGJSON's cards: a card object with ``name`` and ``rulings: [{"date", "text"}]``, a list of them,
  or a file whose ``data`` holds them (a list, or lists by card name).

``mtg-conformance rulings import`` takes such files in as pending rulings
(:mod:`oracle.suite.coverage.intake`); the catalog checks that a ruling quoted from outside the seeds
is, word for word, one of the rulings of its saved source (``fixtures/official_rulings/``).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from oracle.errors import UserError
from oracle.files import MAX_RULINGS, read_input

__all__ = ["Official", "quoted_in", "read_official"]


@dataclass(frozen=True)
class Official:
    """A ruling as the source gives it."""

    card: str
    text: str
    date: str
    source: str


def _json_rulings(data: Any, card: str | None, where: str) -> list[Official]:
    """The rulings of a Scryfall or MTGJSON file."""
    if isinstance(data, dict) and data.get("object") == "list":
        data = data.get("data")
    if isinstance(data, dict) and "data" in data:
        data = data["data"]
        if isinstance(data, dict):
            data = [c for cards in data.values() for c in (cards if isinstance(cards, list) else [cards])]
    items = data if isinstance(data, list) else [data]
    found: list[Official] = []
    for item in items:
        if isinstance(item, dict) and item.get("object") == "ruling":
            if not card:
                raise UserError(f"{where}: Scryfall rulings name their card only by oracle id: give --card NAME")
            text, date, source = item.get("comment"), item.get("published_at", ""), item.get("source", "")
            if not isinstance(text, str) or not isinstance(date, str) or not isinstance(source, str):
                raise UserError(f"{where}: a ruling object needs comment, published_at and source strings")
            found.append(Official(card, text, date, f"Scryfall ({source}, oracle id {item.get('oracle_id', '?')})"))
        elif isinstance(item, dict) and isinstance(item.get("rulings"), list):
            name = item.get("name")
            if not isinstance(name, str):  # never skipped unsaid: its rulings would be "known"
                raise UserError(f"{where}: a card with rulings has a name that is not a string: {type(name).__name__}")
            if card and name != card:
                continue
            for ruling in item["rulings"]:
                if not isinstance(ruling, dict) or not isinstance(ruling.get("text"), str):
                    raise UserError(f"{where}: {name}: each of MTGJSON's rulings needs its text")
                found.append(Official(name, ruling["text"], str(ruling.get("date", "")), "MTGJSON"))
        else:
            raise UserError(f"{where}: neither Scryfall ruling objects nor MTGJSON cards with rulings")
    return found


def read_official(path: Path, card: str | None) -> list[Official]:
    """The rulings of the file the user gave; a file of no known shape is a one-line error."""
    data = read_input(path, MAX_RULINGS, "file of rulings")
    try:
        text = data.decode("utf-8").replace("\r\n", "\n").lstrip("\ufeff")
    except UnicodeDecodeError as exc:
        raise UserError(f"{path}: can't read it as UTF-8 text ({exc})") from None
    if text.lstrip()[:1] in ("[", "{"):
        try:
            return _json_rulings(json.loads(text), card, str(path))
        except (json.JSONDecodeError, RecursionError) as exc:
            raise UserError(f"{path}: not JSON ({exc})") from None
    if not card:
        raise UserError(f"{path}: a card page in the seeds' format does not name its card: give --card NAME")
    paragraphs = [p.strip() for p in re.split(r"\n\s*\n", text) if p.strip() and p.strip() != "Search"]
    return [Official(card, " ".join(p.split()), "", path.name) for p in paragraphs]


def quoted_in(folder: Path, files: tuple[str, ...], text: str, cards: tuple[str, ...]) -> tuple[Official, ...] | str:
    """The official record of ``text`` in each of ``files`` (in ``folder``), for one of ``cards``;
    or, when a file is missing, unreadable, or does not hold that ruling verbatim, why not."""
    found = []
    for name in files:
        path = folder / name
        if not path.is_file():
            return f"official ruling file {name} is not in {folder.parent.name}/{folder.name}/"
        try:
            records = [r for card in cards for r in read_official(path, card) if r.card == card]
        except UserError as exc:
            return str(exc)
        match = next((r for r in records if r.text == text), None)
        if match is None:
            return f"text is not found verbatim among the rulings of {', '.join(cards)} in {name}"
        found.append(match)
    return tuple(found)
