"""The engine-neutral card export: every fixture, valid against cards.schema.json, and saying
of each card what the reference engine reads from the same fixture."""

from __future__ import annotations

from pathlib import Path

import pytest

from oracle.contract.cards import card_record, export_cards
from oracle.contract.validation import errors
from oracle.engine.cards import CardDatabase
from oracle.errors import CardDataError
from oracle.paths import cards_dir


def test_the_export_holds_every_fixture_and_fits_its_schema() -> None:
    exported = export_cards()
    assert errors(exported, "cards.schema.json") == []
    database = CardDatabase.load(cards_dir())
    assert sorted(exported["data"]) == sorted(database.cards)
    assert exported["meta"]["cards"] == len(database.cards)


def test_each_record_says_what_the_reference_engine_reads() -> None:
    database = CardDatabase.load(cards_dir())
    for name, record in export_cards()["data"].items():
        card = database[name]
        parsed = card.types
        assert (record["supertypes"], record["types"], record["subtypes"]) == (
            list(parsed.supertypes),
            list(parsed.types),
            list(parsed.subtypes),
        ), name
        assert record["manaValue"] == (card.mana_cost.mana_value() if card.mana_cost else 0), name
        assert record.get("manaCost") == (card.mana_cost.text if card.mana_cost else None), name
        assert record["colors"] == list(card.colors), name
        assert (record.get("power"), record.get("toughness")) == (card.power, card.toughness), name
        assert record["text"] == card.oracle_text and record["type"] == card.type_line, name
        keywords = [a.keyword.capitalize() for a in card.abilities if a.kind == "keyword"]
        assert record["keywords"] == keywords, name


def test_mtgjson_shape_by_example() -> None:
    data = export_cards()["data"]
    assert data["Llanowar Elves"] == {
        "name": "Llanowar Elves",
        "manaCost": "{G}",
        "manaValue": 1,
        "type": "Creature — Elf Druid",
        "supertypes": [],
        "types": ["Creature"],
        "subtypes": ["Elf", "Druid"],
        "text": "{T}: Add {G}.",
        "colors": ["G"],
        "keywords": [],
        "power": "1",
        "toughness": "1",
    }
    assert "manaCost" not in data["Forest"] and "power" not in data["Forest"]
    assert data["Endless One"]["manaValue"] == 0  # X is 0 off the stack (202.3e)


@pytest.mark.parametrize(
    ("table", "problem"),
    [
        ({"name": "A", "type_line": "Creature Bear", "oracle_text": ""}, "'Bear' is neither a card type"),
        ({"name": "A", "type_line": "Legendary", "oracle_text": ""}, "it has no card type"),
        ({"name": "A", "type_line": "Artifact", "oracle_text": "", "mana_cost": "2"}, "not a sequence of mana"),
        ({"name": 3, "type_line": "Artifact", "oracle_text": ""}, "name must be a string"),
    ],
)
def test_a_malformed_fixture_is_one_line_naming_it(table: dict[str, object], problem: str) -> None:
    with pytest.raises(CardDataError, match=problem) as caught:
        card_record(table, "cards/a.toml")
    assert str(caught.value).startswith("cards/a.toml: ") and "\n" not in str(caught.value)


def test_a_card_defined_twice_is_an_error(tmp_path: Path) -> None:
    for file in ("a.toml", "b.toml"):
        (tmp_path / file).write_text('name = "A"\ntype_line = "Artifact"\noracle_text = ""\n', encoding="utf-8")
    with pytest.raises(CardDataError, match="defined twice"):
        export_cards(tmp_path)


def test_the_export_for_an_engine_can_not_be_planted_and_goes_with_the_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file planted under a name the export once used is never handed to an engine: the export is
    written into a folder the run makes for itself (mode 0700), and that folder is gone after the run."""
    import hashlib
    import json
    import os
    import stat
    import subprocess
    import sys
    import tempfile

    from oracle.contract import cards
    from oracle.contract.cards import export_file, export_json

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # the temporary folder, as another user shares it
    monkeypatch.setattr(cards, "_WRITTEN", {})
    monkeypatch.setattr(cards, "_PRIVATE", [])
    digest = hashlib.sha256(export_json().encode("utf-8")).hexdigest()[:16]
    planted = Path(tempfile.gettempdir()) / f"mtg-conformance-cards-{digest}.json"
    planted.write_text('{"meta": {}, "data": {"Forest": "planted"}}', encoding="utf-8")
    path = export_file()
    assert path != planted and path.parent.parent == tmp_path
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700 and path.parent.stat().st_uid == os.getuid()
    assert json.loads(path.read_text(encoding="utf-8"))["data"]["Forest"]["name"] == "Forest"
    script = "from oracle.contract.cards import export_file; print(export_file())"
    shown = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout.strip()
    assert Path(shown).parent != path.parent and not Path(shown).parent.exists()  # a run's own, removed at its end
