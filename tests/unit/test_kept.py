"""What the package derives from its own files is kept between runs (oracle/kept.py), and a kept
result is never one that its files no longer give: any change of an input is seen, a file changed
just now is not trusted, and a cache that is off, broken or unwritable changes nothing but the time."""

from __future__ import annotations

import os
import pickle
import time
from pathlib import Path

import pytest

from oracle import kept as kept_module
from oracle.errors import CardDataError, UserError
from oracle.kept import kept


class Counted:
    """A derivation that reads its file, counting its calls."""

    def __init__(self, path: Path) -> None:
        self.path, self.calls = path, 0

    def __call__(self) -> str:
        self.calls += 1
        return self.path.read_text(encoding="utf-8")


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder whose files count as the package's own data, a cache folder of the test's own, and
    files trusted as soon as written (the tests change them a tick apart)."""
    folder = tmp_path / "data"
    folder.mkdir()
    monkeypatch.setattr(kept_module, "OWN_DATA", (f"{folder}{os.sep}",))
    monkeypatch.setattr(kept_module, "SETTLED", 0.0)
    monkeypatch.setenv("MTG_CONFORMANCE_CACHE", str(tmp_path / "cache"))
    return folder


def _entries(tmp_path: Path) -> list[Path]:
    return sorted((tmp_path / "cache" / "derived").glob("*.pickle"))


def test_a_result_is_derived_once_and_kept(data: Path, tmp_path: Path) -> None:
    card = data / "card.toml"
    card.write_text("one", encoding="utf-8")
    derive = Counted(card)
    assert kept("cards", [card], derive) == kept("cards", [card], derive) == "one"
    assert derive.calls == 1 and len(_entries(tmp_path)) == 1


def test_any_change_of_an_input_is_seen(data: Path) -> None:
    card, other = data / "card.toml", data / "other.toml"
    card.write_text("one", encoding="utf-8")
    derive = Counted(card)
    kept("cards", [card], derive)
    before = card.stat()
    time.sleep(0.05)  # a tick of the clock that files' times follow
    card.write_text("two", encoding="utf-8")  # the same size, and its time of change set back
    os.utime(card, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert kept("cards", [card], derive) == "two" and derive.calls == 2
    assert kept("cards", [card, other], derive) == "two" and derive.calls == 3  # another file listed
    other.write_text("", encoding="utf-8")
    assert kept("cards", [card, other], derive) == "two" and derive.calls == 4  # a listed file made
    assert kept("cards", [card], derive, version="2") == "two" and derive.calls == 5  # another version


def test_a_file_changed_just_now_is_not_kept(data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kept_module, "SETTLED", 2.0)
    card = data / "card.toml"
    card.write_text("one", encoding="utf-8")
    derive = Counted(card)
    assert kept("cards", [card], derive) == kept("cards", [card], derive) == "one"
    assert derive.calls == 2 and _entries(tmp_path) == []


def test_a_derivation_that_raises_raises_every_time_and_is_not_kept(data: Path, tmp_path: Path) -> None:
    card = data / "card.toml"
    card.write_text("broken", encoding="utf-8")

    def derive() -> str:
        raise CardDataError(f"{card}: broken")

    for _ in range(2):
        with pytest.raises(UserError, match="broken"):
            kept("cards", [card], derive)
    assert _entries(tmp_path) == []


def test_a_broken_entry_is_derived_again(data: Path, tmp_path: Path) -> None:
    card = data / "card.toml"
    card.write_text("one", encoding="utf-8")
    derive = Counted(card)
    kept("cards", [card], derive)
    (entry,) = _entries(tmp_path)
    header = entry.read_bytes().split(b"\n", 1)[0]
    for broken in (b"", b"\x00 not an entry", header + b"\n" + b"\x80 not a pickle"):
        entry.write_bytes(broken)
        assert kept("cards", [card], derive) == "one"
    assert derive.calls == 4


def test_off_keeps_nothing_and_an_unwritable_folder_only_costs_time(
    data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    card = data / "card.toml"
    card.write_text("one", encoding="utf-8")
    derive = Counted(card)
    monkeypatch.setenv("MTG_CONFORMANCE_CACHE", "off")
    assert kept("cards", [card], derive) == kept("cards", [card], derive) == "one"
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("MTG_CONFORMANCE_CACHE", str(blocked))
    assert kept("cards", [card], derive) == "one"
    assert derive.calls == 3 and blocked.read_text(encoding="utf-8") == "not a folder"


def test_only_the_packages_own_data_is_kept(data: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "card.toml"  # beside the package's data, not in it
    elsewhere.write_text("one", encoding="utf-8")
    derive = Counted(elsewhere)
    kept("cards", [elsewhere], derive)
    kept("cards", [elsewhere], derive)
    assert derive.calls == 2 and _entries(tmp_path) == []


def test_the_entries_of_an_installation_that_is_gone_are_removed(data: Path, tmp_path: Path) -> None:
    folder = tmp_path / "cache" / "derived"
    folder.mkdir(parents=True)
    gone = folder / "cards-0123456789abcdef.pickle"
    gone.write_bytes(f"{'0' * 64} {tmp_path / 'a-venv-deleted'}\n".encode() + pickle.dumps("old"))
    other_kind = folder / "needs-0123456789abcdef.pickle"
    other_kind.write_bytes(f"{'0' * 64} {tmp_path / 'a-venv-deleted'}\n".encode() + pickle.dumps("old"))
    card = data / "card.toml"
    card.write_text("one", encoding="utf-8")
    kept("cards", [card], Counted(card))
    assert not gone.exists() and other_kind.exists()  # an entry of its kind, when it writes one
    assert [p.name.split("-")[0] for p in _entries(tmp_path)] == ["cards", "needs"]


def test_what_the_suite_keeps_is_what_it_derives(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The suite's own catalog, cards, needs and feature files, kept and then read back, are what
    reading them anew gives."""
    from oracle.engine.cards import CardDatabase, shared_database
    from oracle.paths import suite_root
    from oracle.suite import catalog, needs, scenarios, tagged

    monkeypatch.setenv("MTG_CONFORMANCE_CACHE", str(tmp_path))
    monkeypatch.setattr(kept_module, "SETTLED", 0.0)
    root = suite_root()
    features = sorted((root / "features").rglob("*.feature"))

    def read_all() -> tuple[object, ...]:
        for memo in (catalog._CATALOGS, tagged._READ, tagged._RECALLED, scenarios._SCENARIOS):
            memo.clear()  # memos of this process: read again, or recalled from what is kept
        needs._derive_all.cache_clear()
        shared_database.cache_clear()
        return (
            catalog.load_catalog(root),
            shared_database(root / "fixtures" / "cards"),
            needs.derive_all(root),
            tagged.feature_tags(root / "features"),
            [scenarios.read_feature(path) for path in features],
        )

    read_all()  # kept
    with monkeypatch.context() as patched:  # read back: nothing derived again

        def derived_again(*args: object) -> None:
            raise AssertionError("derived again")

        for where, name in ((catalog, "_read_catalog"), (needs, "_derive_all_anew"), (tagged, "_read_all")):
            patched.setattr(where, name, derived_again)
        patched.setattr(CardDatabase, "load", derived_again)
        patched.setattr(scenarios, "gherkin_document", derived_again)
        read = read_all()
    assert sorted(p.name.split("-")[0] for p in tmp_path.glob("derived/*.pickle")) == [
        "cards",
        "catalog",
        "features",
        "needs",
    ]
    kept_catalog, cards, derived, tags, parsed = read
    fresh = catalog._read_catalog(root)
    assert kept_catalog == fresh and kept_catalog.cr == fresh.cr  # the whole edition, read again when asked
    assert cards == CardDatabase.load(root / "fixtures" / "cards")
    assert derived == needs._derive_all_anew(root)
    assert tags == [t for path in features for t in tagged._read_scenarios_of(path)]
    scenarios._SCENARIOS.clear()
    scenarios._PARSED.clear()
    assert parsed == [scenarios.read_feature(path) for path in features]


def test_a_feature_file_that_does_not_parse_is_read_line_by_line_and_nothing_is_kept(
    data: Path, tmp_path: Path
) -> None:
    """The tags of the suite's own feature files and their scenarios are kept together; a file
    that does not parse leaves the line reader to read the tags, and the parser to say why."""
    from oracle.suite import tagged
    from oracle.suite.feature_check import check_feature_files

    features = data / "features"
    features.mkdir()
    (features / "a.feature").write_text(
        "@core\nFeature: A\n  @cr:106.7\n  Scenario: one\n    Given a game\n    Then nothing\n", encoding="utf-8"
    )
    (features / "b.feature").write_text(
        "@core\nFeature: B\n  @cr:106.7\n  Scenario: two\n    Given a game\n    not a step, nor Gherkin\n",
        encoding="utf-8",
    )
    found = tagged.feature_tags(features)
    assert [(t.name, t.tags, t.steps) for t in found] == [
        ("one", ("core", "cr:106.7"), 2),
        ("two", ("core", "cr:106.7"), 1),
    ]
    assert _entries(tmp_path) == []
    with pytest.raises(UserError, match=r"b\.feature:6: feature file does not parse"):
        check_feature_files([features])
