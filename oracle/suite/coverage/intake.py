"""Ruling intake: official rulings taken in as *pending* until a scenario encodes them.

``mtg-conformance rulings import FILE [--card NAME]`` reads rulings the user supplies (nothing is
downloaded) in one of three shapes:

* a card page in the seeds' format (``fixtures/seeds/``): one ruling a paragraph, after an optional
  "Search" line; ``--card`` names the card;
* Scryfall's rulings: a list of ruling objects (``oracle_id``, ``source``, ``published_at``,
  ``comment``), or the API's ``{"object": "list", "data": [...]}``; ``--card`` names the card, since
  a ruling object carries only its card's oracle id;
* MTGJSON's cards: a card object with ``name`` and ``rulings: [{"date", "text"}]``, a list of them,
  or a file whose ``data`` holds them (a list, or lists by card name).

Each ruling whose text is not yet in the catalog (``fixtures/rulings.toml``) nor pending
(``fixtures/pending_rulings.toml``) is added to the pending file: its verbatim text, its card, its
date and source, and a stable id proposed from its card and its words.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from oracle.errors import CatalogError, UserError
from oracle.files import write_whole
from oracle.paths import suite_root
from oracle.toml import read_toml

from ..catalog import load_catalog

PENDING = "pending_rulings.toml"
#: Words an id proposed from a ruling's text leaves out.
STOPWORDS = set(
    "a an and any are as at be but by can could do does doesn't don't each for from has have if in into is it "
    "its it's of on or that the their them then there these they this those to too was were when whether "
    "which while will with won't you you'll your".split()
)


@dataclass(frozen=True)
class Official:
    """A ruling as the source gives it."""

    card: str
    text: str
    date: str
    source: str


@dataclass(frozen=True)
class Pending(Official):
    """A ruling taken in, not yet encoded by any scenario."""

    id: str = ""


def read_pending(root: Path | None = None) -> list[Pending]:
    """The pending rulings; none when the file does not exist."""
    path = (root or suite_root()) / "fixtures" / PENDING
    if not path.exists():
        return []
    entries = read_toml(path, CatalogError).get("pending", [])
    if not isinstance(entries, list):
        raise CatalogError(f"{path}: pending must be an array of tables ([[pending]])")
    found = []
    for index, entry in enumerate(entries, 1):
        fields = {
            k: entry.get(k) if isinstance(entry, dict) else None for k in ("id", "card", "text", "date", "source")
        }
        if not all(isinstance(v, str) for v in fields.values()) or not (fields["id"] and fields["text"]):
            raise CatalogError(f"{path}: pending ruling {index}: id, card, text, date and source must be strings")
        found.append(Pending(**fields))  # type: ignore[arg-type]
    return found


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
            if not isinstance(name, str) or (card and name != card):
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
    try:
        text = path.read_text(encoding="utf-8").lstrip("\ufeff")
    except (OSError, UnicodeDecodeError) as exc:
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


def propose_id(card: str, text: str, taken: set[str]) -> str:
    """``<card's first word>.<four words of the ruling>``, made unique with a number."""
    family = re.sub(r"[^a-z0-9]+", "-", card.lower().split(",")[0].split()[0]).strip("-") or "card"
    words = [w for w in re.findall(r"[a-z0-9']+", text.lower()) if w not in STOPWORDS and not w.isdigit()]
    stem = f"{family}.{'-'.join(w.replace(chr(39), '') for w in words[:4]) or 'ruling'}"
    proposed, n = stem, 2
    while proposed in taken:
        proposed, n = f"{stem}-{n}", n + 1
    return proposed


def _toml_entry(entry: Pending) -> str:
    fields = ("id", "card", "date", "source", "text")
    return "[[pending]]\n" + "".join(f"{k} = {json.dumps(getattr(entry, k), ensure_ascii=False)}\n" for k in fields)


def import_rulings(path: Path, card: str | None) -> int:
    """Add the file's new rulings to the pending ones; print what was added and what was known."""
    root = suite_root()
    catalog = load_catalog(root)
    pending = read_pending(root)
    known = {" ".join(r.text.split()) for r in catalog.rulings.values()} | {" ".join(p.text.split()) for p in pending}
    taken = set(catalog.rulings) | {p.id for p in pending}
    added: list[Pending] = []
    for ruling in read_official(path, card):
        words = " ".join(ruling.text.split())
        if words in known:
            continue
        known.add(words)
        entry = Pending(ruling.card, ruling.text, ruling.date, ruling.source, propose_id(ruling.card, words, taken))
        taken.add(entry.id)
        added.append(entry)
    target = root / "fixtures" / PENDING
    if added:
        head = "# Official rulings taken in by 'mtg-conformance rulings import', not yet encoded by a scenario.\n"
        body = "\n".join(_toml_entry(e) for e in [*pending, *added])
        write_whole(target, head + "\n" + body)
    for entry in added:
        print(f"pending: {entry.id} ({entry.card}, {entry.date or 'undated'})")
    print(f"{len(added)} new pending rulings written to {target}" if added else "no new ruling: every one is known")
    return 0
