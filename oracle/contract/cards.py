"""The cards the suite plays with, as engine-neutral JSON (``mtg-conformance cards --out FILE``).

An engine in any language needs the characteristics of every card a scenario names.  This
module reads the card fixtures (``fixtures/cards/*.toml``) itself and writes each card with
MTGJSON's field names (``cards.schema.json`` describes the shape)::

    {"meta": {"suite": "0.1.0", "contract": "1.3.0", "cards": 66},
     "data": {"Forest": {"name": "Forest", "type": "Basic Land — Forest", "supertypes": ["Basic"],
                         "types": ["Land"], "subtypes": ["Forest"], "text": "({T}: Add {G}.)",
                         "manaValue": 0, "colors": [], "keywords": []}, ...}}

As in MTGJSON, ``manaCost`` is left out when a card has none and ``power`` and ``toughness``
when it is not a creature (208.1); ``colors`` are letters in WUBRG order (105.1, 202.2) and
``keywords`` the card's keyword abilities, capitalized ("Flying").  The cards' abilities are in
their Oracle ``text``: the suite's own ability vocabulary belongs to its reference engine and is
not part of the export.  It imports nothing from the reference engine; the phase.rs adapter builds
its card database from the same records.

An engine in another process finds the file in its handshake request (``"cards"``, the path
:func:`export_file` wrote, in a folder the run made for itself and removes at its end);
``mtg-conformance cards --out FILE`` writes the same file anywhere, and :func:`card_data` (public
as ``oracle.card_data()``) gives an engine in the runner's own process the same data.
"""

from __future__ import annotations

import atexit
import hashlib
import json
import os
import re
import shutil
import tempfile
from pathlib import Path
from typing import Any

from oracle.errors import CardDataError
from oracle.files import write_whole
from oracle.paths import cards_dir
from oracle.toml import read_toml
from oracle.version import __version__

from .interface import CONTRACT_VERSION, JSON

#: Supertypes (205.4a) and card types (300.1) a type line may use, as the CR spells them.
SUPERTYPES = ("Basic", "Legendary", "Ongoing", "Snow", "World")
CARD_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Instant", "Kindred", "Land", "Planeswalker", "Sorcery")
#: The five colors in WUBRG order (105.1).
COLORS = ("W", "U", "B", "R", "G")
_SYMBOL = re.compile(r"\{([^{}]+)\}")


def split_type_line(type_line: str, where: str) -> tuple[list[str], list[str], list[str]]:
    """``"Legendary Creature — Elf Druid"`` -> supertypes (205.4a), card types (300.1), subtypes."""
    left, _, right = type_line.partition("—")
    supertypes = [w for w in left.split() if w in SUPERTYPES]
    types = [w for w in left.split() if w in CARD_TYPES]
    unknown = [w for w in left.split() if w not in SUPERTYPES and w not in CARD_TYPES]
    if unknown or not types:
        problem = f"{unknown[0]!r} is neither a card type nor a supertype" if unknown else "it has no card type"
        raise CardDataError(f"{where}: type line {type_line!r}: {problem}")
    return supertypes, types, right.split()


def mana_value(cost: str, where: str) -> int:
    """The mana value of a mana cost (202.3): generic numbers count as themselves, X as 0 (202.3e),
    every other symbol as 1."""
    symbols = _SYMBOL.findall(cost)
    if "".join(f"{{{s}}}" for s in symbols) != cost:
        raise CardDataError(f"{where}: mana cost {cost!r} is not a sequence of mana symbols")
    return sum(int(s) if s.isdigit() else 0 if s == "X" else 1 for s in symbols)


def card_record(table: dict[str, Any], where: str) -> JSON:
    """One card fixture's TOML table as its engine-neutral record (see the module docstring)."""
    for key in ("name", "type_line", "oracle_text"):
        if not isinstance(table.get(key), str):
            raise CardDataError(f"{where}: {key} must be a string")
    supertypes, types, subtypes = split_type_line(table["type_line"], where)
    cost = table.get("mana_cost")
    record: JSON = {"name": table["name"]}
    if cost:
        record["manaCost"] = str(cost)
    colors = table.get("colors")
    if colors is None:
        colors = [c for c in COLORS if cost and f"{{{c}}}" in str(cost)]
    record.update(
        {
            "manaValue": mana_value(str(cost), where) if cost else 0,
            "type": table["type_line"],
            "supertypes": supertypes,
            "types": types,
            "subtypes": subtypes,
            "text": table["oracle_text"],
            "colors": list(colors),
            "keywords": [
                str(a["keyword"]).capitalize()
                for a in table.get("abilities", [])
                if isinstance(a, dict) and a.get("kind") == "keyword" and isinstance(a.get("keyword"), str)
            ],
        }
    )
    if "power" in table or "toughness" in table:
        record["power"], record["toughness"] = str(table.get("power")), str(table.get("toughness"))
    return record


def card_records(folder: Path | None = None) -> dict[str, JSON]:
    """Every card fixture's record, by card name, in name order."""
    records: dict[str, JSON] = {}
    for path in sorted((folder or cards_dir()).glob("*.toml")):
        record = card_record(read_toml(path, CardDataError), str(path))
        if record["name"] in records:
            raise CardDataError(f"{path}: {record['name']!r} is defined twice")
        records[record["name"]] = record
    return dict(sorted(records.items()))


def export_cards(folder: Path | None = None) -> JSON:
    """The whole export: which suite and contract it belongs to, and every card (``cards.schema.json``)."""
    records = card_records(folder)
    return {"meta": {"suite": __version__, "contract": CONTRACT_VERSION, "cards": len(records)}, "data": records}


def card_data() -> JSON:
    """Every card the suite plays with, as data: exactly what ``mtg-conformance cards --out FILE``
    writes (``json.loads`` of that file), for an engine in Python to read in-process, as an engine
    in another process reads the file its handshake names.  The characteristics are the printed
    ones (CR 109.3, 208.1); abilities are in each card's Oracle ``text``.  Each call reads the
    suite's card fixtures afresh and returns a new dictionary, the caller's to change.

    >>> from oracle import card_data
    >>> cards = card_data()
    >>> cards["meta"]["cards"] == len(cards["data"])
    True
    >>> cards["data"]["Grizzly Bears"]["power"], cards["data"]["Grizzly Bears"]["keywords"]
    ('2', [])
    """
    data: JSON = json.loads(export_json())
    return data


def export_json(folder: Path | None = None) -> str:
    """The export as the text of its file (keys in a stable order, so the same cards give the same bytes)."""
    return json.dumps(export_cards(folder), ensure_ascii=False, indent=1) + "\n"


_WRITTEN: dict[str, Path] = {}
#: This process's own folder for the export, made fresh (mode 0700) at its first export, removed at its exit.
_PRIVATE: list[Path] = []


def _private_folder() -> Path:
    """A folder only this user can enter, made for this run: nothing another user planted can be in it."""
    if not _PRIVATE or not _PRIVATE[0].is_dir():
        folder = Path(tempfile.mkdtemp(prefix="mtg-conformance-"))  # a new name, mode 0700, or an error
        owner = os.getpid()
        atexit.register(lambda: os.getpid() == owner and shutil.rmtree(folder, ignore_errors=True))
        _PRIVATE[:] = [folder]
    return _PRIVATE[0]


def export_file(folder: Path | None = None) -> Path:
    """A file holding the export, for the handshake to name: written once per content, into a folder
    this run made for itself (:func:`tempfile.mkdtemp`, which only its user can enter), never a file
    that was there before; the folder is removed when the runner exits."""
    text = export_json(folder)
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
    if digest not in _WRITTEN or not _WRITTEN[digest].is_file():
        _WRITTEN[digest] = write_whole(_private_folder() / f"cards-{digest}.json", text)
    return _WRITTEN[digest]
