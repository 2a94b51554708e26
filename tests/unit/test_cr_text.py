"""The maintainer check that the rules fixture is the CR's own text (tests/check_cr_text.py)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from oracle.toml import read_toml
from tests.check_cr_text import FIXTURE, main, parse_cr, problems

CR = """\ufeffMagic: The Gathering Comprehensive Rules

These rules are effective as of February 27, 2026.

100. General

100.1. These Magic rules apply to any Magic game.

100.1a A two-player game is a game that begins with only two players.

Example: An example is not part of its paragraph.

Glossary
"""


def test_parse_cr_reads_the_date_and_numbered_paragraphs() -> None:
    edition, paragraphs = parse_cr(CR)
    assert edition == "2026-02-27"
    assert paragraphs == {
        "100.1": "These Magic rules apply to any Magic game.",
        "100.1a": "A two-player game is a game that begins with only two players.",
    }


def test_a_verbatim_fixture_has_no_problem_whitespace_aside() -> None:
    fixture = {
        "edition": "2026-02-27",
        "rules": {"100.1a": {"text": "A two-player game is a game  that begins\nwith only two players."}},
    }
    assert problems(fixture, CR) == []


@pytest.mark.parametrize(
    ("fixture", "expected"),
    [
        (
            {"edition": "2026-02-27", "rules": {"100.1": {"text": "These Magic rules apply."}}},
            ["100.1: not verbatim from character 23: fixture '.', CR ' to any Magic game.'"],
        ),
        (
            {
                "edition": "2026-02-27",
                "rules": {"100.1a": {"text": 'A "two-player game" is a game that begins with only two players.'}},
            },
            [
                "100.1a: not verbatim from character 2: fixture '\"two-player game\" is a game that begins ', CR 'two-player game is a game that begins wi'"
            ],
        ),
        (
            {"edition": "2026-02-27", "rules": {"100.9": {"text": "Made up."}}},
            ["100.9: not a paragraph of the CR text"],
        ),
        (
            {"edition": "2025-11-14", "rules": {}},
            ["edition: the fixture says 2025-11-14, the CR text is effective 2026-02-27"],
        ),
    ],
    ids=["cut-short", "other-characters", "unknown-number", "other-edition"],
)
def test_a_paragraph_that_is_not_verbatim_is_reported(fixture: dict[str, object], expected: list[str]) -> None:
    assert problems(fixture, CR) == expected


def test_the_command_reports_and_exits_1_on_a_difference(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "cr.txt"
    path.write_text(CR, encoding="utf-8")
    assert main([str(path)]) == 1
    out = capsys.readouterr().out
    assert "not a paragraph of the CR text" in out
    assert main([]) == 2
    assert main([str(tmp_path / "missing.txt")]) == 2
    assert "cannot read the CR text" in capsys.readouterr().err


@pytest.mark.skipif(
    not os.environ.get("MTG_CR_TEXT"), reason="set MTG_CR_TEXT to a saved CR text file to check the fixture"
)
def test_every_fixture_paragraph_is_verbatim_in_the_saved_cr() -> None:
    cr_text = Path(os.environ["MTG_CR_TEXT"]).read_text(encoding="utf-8")
    assert problems(read_toml(FIXTURE), cr_text) == []
