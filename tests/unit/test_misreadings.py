"""The misreading analysis (features/*/*.misreadings.md) is whole: every ruling has its section,
every wrong reading ends as a wrong engine of tests/mutants.py or as a sentence on why no engine
could read it so, and every wrong engine that names a ruling is in that ruling's section.

The format, one file per family of rulings (the id before its first dot: mana, x, symbol, offspring,
base-power, dual-nature, blitz, jaxis), named by the family, in the folder of its feature files
(features/mana/mana.misreadings.md, features/costs/x.misreadings.md, ...)::

    ## mana.could-produce            <- a ruling id of fixtures/rulings.toml, in its family's file
    (free text: the ruling's terms and the rules it cites, each with the readings derived from it)
    - `could-produce-one-order`: the wrong reading (CR 106.7).
    - No engine: the wrong reading. Why no engine could implement it so.

A bullet of a section is one of those two kinds; any other bullet is an error.  Whether each wrong
engine is killed by its ruling's scenarios is tests/unit/test_mutants.py's to check, through the
command as a user runs it; ``python -m tests.mutants --summary`` prints the counts.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from oracle.suite.catalog import load_catalog
from tests.mutants import MUTANTS

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted((ROOT / "features").glob("*/*.misreadings.md"))
MUTANT_BULLET = re.compile(r"^- `([a-z0-9-]+)`: \S")
NO_ENGINE_BULLET = re.compile(r"^- No engine: \S")
#: Wrong engines each ruling's own scenarios must kill, at least.
AT_LEAST = 3


def _sections() -> dict[str, list[tuple[Path, int, str]]]:
    """Each ruling id's bullets (file, line number, text), over every MISREADINGS.md."""
    sections: dict[str, list[tuple[Path, int, str]]] = {}
    seen: dict[str, Path] = {}
    for path in FILES:
        current: str | None = None
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.startswith("## "):
                current = line[3:].strip()
                family = path.name.removesuffix(".misreadings.md")
                assert current.split(".")[0] == family, (
                    f"{path}:{number}: {current} belongs in {current.split('.')[0]}.misreadings.md"
                )
                assert current not in seen, f"{path}:{number}: {current} already has a section in {seen[current]}"
                seen[current] = path
                sections[current] = []
            elif line.startswith("- ") and current is not None:
                sections[current].append((path, number, line))
    return sections


SECTIONS = _sections()
RULINGS = sorted(load_catalog().rulings)


def test_every_section_is_a_known_ruling() -> None:
    assert set(SECTIONS) <= set(RULINGS), sorted(set(SECTIONS) - set(RULINGS))


@pytest.mark.parametrize("ruling", RULINGS)
def test_each_ruling_has_its_misreadings(ruling: str) -> None:
    assert ruling in SECTIONS, f"{ruling}: no section '## {ruling}' in its family's features/*/*.misreadings.md"
    listed = set()
    for path, number, line in SECTIONS[ruling]:
        where = f"{path.relative_to(ROOT)}:{number}"
        found = MUTANT_BULLET.match(line)
        if found:
            name = found.group(1)
            assert name in MUTANTS, f"{where}: no wrong engine {name!r} in tests/mutants.py"
            assert ruling in MUTANTS[name].rulings, f"{where}: wrong engine {name!r} does not name {ruling}"
            listed.add(name)
        else:
            assert NO_ENGINE_BULLET.match(line), (
                f"{where}: a wrong reading is '- `mutant-name`: ...' or '- No engine: ...', not {line[:60]!r}"
            )
    naming = {m.name for m in MUTANTS.values() if ruling in m.rulings}
    assert naming <= listed, (
        f"{ruling}: wrong engines naming it but missing from its section: {sorted(naming - listed)}"
    )
    assert len(naming) >= AT_LEAST, f"{ruling}: {len(naming)} wrong engines name it, at least {AT_LEAST} must"
