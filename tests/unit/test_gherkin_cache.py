"""The parse of a feature file kept between runs (oracle/suite/gherkin_cache.py) is the parser's own,
and a cache that is off, broken or unwritable changes nothing but the time."""

from __future__ import annotations

from pathlib import Path

import pytest
from gherkin.errors import CompositeParserException
from gherkin.parser import Parser

from oracle.suite.gherkin_cache import parse_feature

FEATURE = "Feature: A\n  Scenario: B\n    Given a game between Alice and Bob\n"


def test_a_kept_parse_is_the_parsers_own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MTG_CONFORMANCE_CACHE", str(tmp_path))
    first = parse_feature(FEATURE)
    assert len(list(tmp_path.glob("gherkin/*.marshal"))) == 1
    assert first == parse_feature(FEATURE) == Parser().parse(FEATURE)


def test_a_broken_entry_is_parsed_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MTG_CONFORMANCE_CACHE", str(tmp_path))
    parse_feature(FEATURE)
    (entry,) = tmp_path.glob("gherkin/*.marshal")
    entry.write_bytes(b"\x00 not marshal")
    assert parse_feature(FEATURE) == Parser().parse(FEATURE)


def test_off_keeps_nothing_and_an_unwritable_folder_only_costs_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MTG_CONFORMANCE_CACHE", "off")
    assert parse_feature(FEATURE) == Parser().parse(FEATURE)
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("MTG_CONFORMANCE_CACHE", str(blocked))
    assert parse_feature(FEATURE) == Parser().parse(FEATURE)


def test_a_file_that_does_not_parse_raises_and_is_not_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MTG_CONFORMANCE_CACHE", str(tmp_path))
    with pytest.raises(CompositeParserException):
        parse_feature("Given a step before any feature\nFeature: A\n")
    assert not list(tmp_path.iterdir())
