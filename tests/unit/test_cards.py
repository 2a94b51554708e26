"""Card fixtures load, and a bad fixture is a one-line error naming the file and the reason."""

from __future__ import annotations

from pathlib import Path

import pytest

from oracle.engine.cards import CardDatabase, TypeLine, load_card
from oracle.engine.vocabulary import Cost
from oracle.errors import CardDataError

ROOT = Path(__file__).resolve().parents[2]
CARDS = ROOT / "fixtures" / "cards"


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "card.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_every_fixture_loads_with_its_abilities_quoted_from_its_oracle_text() -> None:
    database = CardDatabase.load(CARDS)
    assert len(database.cards) == len(list(CARDS.glob("*.toml")))
    for card in database.cards.values():
        for ability in card.abilities:
            assert ability.text in card.oracle_text


def test_unknown_card_is_one_line() -> None:
    with pytest.raises(
        CardDataError, match=r"^unknown card 'Black Lotus': no fixture in fixtures/cards/ has that name$"
    ):
        CardDatabase.load(CARDS)["Black Lotus"]


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ('name = "X"\ntype_line = "Land"\noracle_text = "x"\n[[abilities]]\nkind = "magic"\n', "kind must be keyword"),
        (
            'name = "X"\ntype_line = "Land"\noracle_text = "{T}: Zap."\n[[abilities]]\nkind = "activated"\ntext = "{T}: Zap."\neffects = [{ zap = {} }]\n',
            "unknown effect 'zap'",
        ),
        ('name = "X"\ntype_line = "Creature — Bear"\noracle_text = ""\n', "a creature card has power and toughness"),
        ('name = "X"\ntype_line = "Wizard"\noracle_text = ""\n', "neither a card type nor a supertype"),
        ('type_line = "Land"\noracle_text = ""\n', "name must be a string"),
        (
            'name = "X"\ntype_line = "Land"\noracle_text = "a"\n[[abilities]]\nkind = "keyword"\nkeyword = "flying"\ntext = "Flying"\n',
            "is not in the oracle text",
        ),
        (
            'name = "X"\ntype_line = "Land"\noracle_text = "Fly: Add {G}."\n[[abilities]]\nkind = "activated"\ntext = "Fly: Add {G}."\neffects = [{ add_mana = { mana = "{G}" } }]\n',
            "unknown cost 'Fly'",
        ),
        (
            'name = "X"\ntype_line = "Land"\noracle_text = "{T}: Add {G}."\n[[abilities]]\nkind = "activated"\ntext = "{T}: Add {G}."\neffects = [{ add_mana = { mana = "{Z}" } }]\n',
            "not a type of mana",
        ),
        (
            'name = "X"\ntype_line = "Land"\noracle_text = ""\n[[abilities]]\nkind = "triggered"\ntrigger = { event = "sneezes" }\neffects = []\n',
            "trigger.event must be one of",
        ),
        (
            'name = "X"\ntype_line = "Land"\noracle_text = ""\n[[abilities]]\nkind = "static"\neffects = [{ grant_keywords = {} }]\n',
            "'grant_keywords' needs affects, keywords",
        ),
        (
            'name = "X"\ntype_line = "Land"\noracle_text = ""\n[[abilities]]\nkind = "replacement"\nreplaces = { event = "enters", choose = "name" }\n',
            'choose is "color" or "copy"',
        ),
        (
            'name = "X"\ntype_line = "Land"\noracle_text = ""\n[[abilities]]\nkind = "static"\neffects = [{ grant_keywords = { affects = { sort = 1 }, keywords = [] } }]\n',
            "unknown filter key",
        ),
        ('name = "X"\ntype_line = "Land"\n', "oracle_text must be a string"),
        ('name = "X"\ntype_line = "Land"\noracle_text = ""\nabilities = 3\n', "abilities must be an array"),
        ("name = \n", "malformed TOML"),
    ],
)
def test_malformed_card_is_one_line_naming_the_file(tmp_path: Path, text: str, reason: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(CardDataError) as info:
        load_card(path)
    message = str(info.value)
    assert message.startswith(str(path)) and reason in message and "\n" not in message


def test_duplicate_card_names_are_refused(tmp_path: Path) -> None:
    for name in ("a.toml", "b.toml"):
        (tmp_path / name).write_text('name = "X"\ntype_line = "Land"\noracle_text = ""\n', encoding="utf-8")
    with pytest.raises(CardDataError, match="also defined in"):
        CardDatabase.load(tmp_path)


def test_costs_are_read_from_the_ability_text() -> None:
    cost = Cost.parse("{1}{W}{W}, {Q}")
    assert (cost.mana.generic, cost.mana.symbols, cost.untap, cost.tap) == (1, ("W", "W"), True, False)
    assert Cost.parse("Sacrifice Blood Pet", "Blood Pet").sacrifice_self
    assert Cost.parse("{T}, Tap an untapped creature you control").tap_untapped_creature


def test_type_line_parts() -> None:
    assert TypeLine.parse("Basic Land — Forest") == TypeLine(("Basic",), ("Land",), ("Forest",))
    assert TypeLine.parse("Artifact Creature — Scarecrow").types == ("Artifact", "Creature")
