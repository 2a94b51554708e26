"""What makes the command's start cheap changes nothing it gives: the version read from the
metadata is importlib.metadata's (oracle/version.py), and the garbage collector, off while a
command starts (oracle/suite/heap.py), is as it was after a command called in a process that
goes on."""

from __future__ import annotations

import gc
import importlib.metadata
import sys
from pathlib import Path

import pytest

from oracle.suite import heap
from oracle.suite.cli import main
from oracle.version import __version__, installed_version


@pytest.mark.parametrize(
    "distribution", ["mtg-conformance", "gherkin-official", "pytest", "Pytest_BDD", "pluggy", "not-installed-here"]
)
def test_the_version_is_the_one_importlib_metadata_reads(distribution: str) -> None:
    try:
        expected: str | None = importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        expected = None
    assert installed_version(distribution) == expected


def test_the_suites_version_is_its_metadatas() -> None:
    assert __version__ == importlib.metadata.version("mtg-conformance")


def test_a_folder_of_sys_path_with_another_metadata_comes_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    info = tmp_path / "Pytest-7.0.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: pytest\nversion: 7.0.0\n\nVersion: 1\n", encoding="utf-8"
    )
    monkeypatch.setattr(sys, "path", [str(tmp_path), *sys.path])
    assert installed_version("pytest") == "7.0.0" == importlib.metadata.version("pytest")


def test_the_collector_is_as_it_was_after_a_command_in_a_process_that_goes_on() -> None:
    assert gc.isenabled() and gc.get_freeze_count() == 0
    seen: list[tuple[bool, int]] = []
    resume = heap.resume

    def resume_and_look() -> None:
        seen.append((gc.isenabled(), gc.get_freeze_count()))
        resume()
        seen.append((gc.isenabled(), gc.get_freeze_count()))

    heap.resume = resume_and_look
    try:
        assert main(["run", "-m", "core and not core"]) == 5  # nothing selected
    finally:
        heap.resume = resume
    assert seen[0] == (False, 0)  # off while the command started
    assert seen[1][0] and seen[1][1] > 0  # on for the scenarios, what the start made frozen
    assert gc.isenabled() and gc.get_freeze_count() == 0
    with pytest.raises(SystemExit):
        main(["run", "--engine"])  # a mistake before any scenario: the collector is as it was too
    assert gc.isenabled() and gc.get_freeze_count() == 0


def test_a_command_that_runs_no_scenario_collects_garbage_from_its_start(monkeypatch: pytest.MonkeyPatch) -> None:
    """``serve``, ``explore`` and the like may run for long: the collector is on for them at once."""
    seen: list[bool] = []
    monkeypatch.setattr("oracle.suite.coverage.command.rulings", lambda args: seen.append(gc.isenabled()) or 0)
    assert main(["rulings"]) == 0
    assert seen == [True] and gc.isenabled() and gc.get_freeze_count() == 0
