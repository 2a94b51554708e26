"""Ruling intake: official rulings taken in as *pending* until a scenario encodes them.

``mtg-conformance rulings import FILE [--card NAME]`` reads rulings the user supplies (nothing is
downloaded) in one of the three shapes :mod:`oracle.suite.official_rulings` reads: a card page in
the seeds' format, Scryfall's rulings, MTGJSON's cards (``--card`` names the card where the file
does not).

Each ruling whose text is not yet in the catalog (``fixtures/rulings.toml``) nor pending
(``fixtures/pending_rulings.toml``) is added to the pending file: its verbatim text, its card, its
date and source, and a stable id proposed from its card and its words.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from oracle.errors import CatalogError, UserError
from oracle.files import locked, write_whole
from oracle.paths import suite_root
from oracle.toml import read_toml

from ..catalog import load_catalog
from ..inert import NAME, plain
from ..official_rulings import Official, read_official

PENDING = "pending_rulings.toml"
#: Words an id proposed from a ruling's text leaves out.
STOPWORDS = set(
    "a an and any are as at be but by can could do does doesn't don't each for from has have if in into is it "
    "its it's of on or that the their them then there these they this those to too was were when whether "
    "which while will with won't you you'll your".split()
)


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


def id_stem(card: str, text: str) -> str:
    """``<card's first word>.<four words of the ruling>``; the card's own name and typographic
    apostrophes ("doesn’t") are not words of the ruling."""
    family = re.sub(r"[^a-z0-9]+", "-", (card.lower().split(",")[0].split() or [""])[0]).strip("-") or "card"
    named = set(re.findall(r"[a-z0-9']+", card.lower().replace("’", "'")))
    spoken = re.findall(r"[a-z0-9']+", text.lower().replace("’", "'"))
    words = [w for w in spoken if w not in STOPWORDS and w not in named and not w.isdigit()]
    return f"{family}.{'-'.join(w.replace(chr(39), '') for w in words[:4]) or 'ruling'}"


def propose_id(card: str, text: str, taken: set[str], counters: dict[str, int] | None = None) -> str:
    """:func:`id_stem`, made unique among ``taken`` with the first free number from 2 on.  ``counters``
    (kept by a caller that proposes many ids and takes each) remembers the number each stem got to,
    so that the numbers taken are not tried again: 20,000 rulings of one stem cost 20,000 tries, not
    200 million."""
    stem = id_stem(card, text)
    if stem not in taken:
        return stem
    n = 2 if counters is None else counters.get(stem, 2)
    while f"{stem}-{n}" in taken:
        n += 1
    if counters is not None:
        counters[stem] = n
    return f"{stem}-{n}"


def toml_string(text: str) -> str:
    """``text`` as a TOML basic string: JSON's escapes are TOML's, and TOML forbids DEL besides the
    controls JSON escapes.  A lone surrogate can't be written (nor read back): the caller refuses it."""
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007F")


def _toml_entry(entry: Pending) -> str:
    fields = ("id", "card", "date", "source", "text")
    return "[[pending]]\n" + "".join(f"{k} = {toml_string(getattr(entry, k))}\n" for k in fields)


def _checked(ruling: Official, where: Path) -> Official:
    """``ruling``, if each of its texts is Unicode a file can hold; else a one-line :class:`UserError`."""
    for name in ("card", "text", "date", "source"):
        value = getattr(ruling, name)
        surrogate = next((ch for ch in value if "\ud800" <= ch <= "\udfff"), None)
        if surrogate is not None:
            raise UserError(
                f"{where}: a ruling of {plain(ruling.card, NAME)}: its {name} holds a lone surrogate "
                f"({surrogate.encode('utf-8', 'backslashreplace').decode()}), which no text file can hold: nothing imported"
            )
    return ruling


def import_rulings(path: Path, card: str | None) -> int:
    """Add the file's new rulings to the pending ones; print what was added and what was known.
    The pending file is read, added to and written under a lock (a file beside it), so that two
    imports at once each add their rulings."""
    root = suite_root()
    catalog = load_catalog(root)
    official = [_checked(ruling, path) for ruling in read_official(path, card)]
    if not official:  # never "every one is known" of rulings that are not there
        raise UserError(f"{path}: no ruling{f' of {plain(card, NAME)}' if card else ''} in it: nothing imported")
    target = root / "fixtures" / PENDING
    added: list[Pending] = []
    with locked(target.with_name(f".{PENDING}.lock")):
        pending = read_pending(root)
        known = {" ".join(r.text.split()) for r in catalog.rulings.values()}
        known |= {" ".join(p.text.split()) for p in pending}
        taken = set(catalog.rulings) | {p.id for p in pending}
        counters: dict[str, int] = {}
        for ruling in official:
            words = " ".join(ruling.text.split())
            if words in known:
                continue
            known.add(words)
            proposed = propose_id(ruling.card, words, taken, counters)
            taken.add(proposed)
            added.append(Pending(ruling.card, ruling.text, ruling.date, ruling.source, proposed))
        if added:
            head = "# Official rulings taken in by 'mtg-conformance rulings import', not yet encoded by a scenario.\n"
            body = "\n".join(_toml_entry(e) for e in [*pending, *added])
            write_whole(target, head + "\n" + body, own=True)  # the suite's own file: written where it lies
    for entry in added:
        print(f"pending: {entry.id} ({plain(entry.card, NAME)}, {plain(entry.date, NAME) or 'undated'})")
    print(f"{len(added)} new pending rulings written to {target}" if added else "no new ruling: every one is known")
    return 0
