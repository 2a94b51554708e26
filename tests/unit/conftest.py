"""Fixtures the unit tests share."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def suite_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A writable copy of the suite (fixtures/ and features/), used as its root
    (``MTG_CONFORMANCE_ROOT``), to break or to add to on purpose."""
    shutil.copytree(ROOT / "fixtures", tmp_path / "fixtures")
    shutil.copytree(ROOT / "features", tmp_path / "features")
    monkeypatch.setenv("MTG_CONFORMANCE_ROOT", str(tmp_path))
    return tmp_path


@pytest.fixture
def pids(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder where the hostile engines (tests/fake_engines/) write the pid of every process they
    start, so a test can check that none is left (``MTG_HOSTILE_PIDS``)."""
    folder = tmp_path / "pids"
    folder.mkdir()
    monkeypatch.setenv("MTG_HOSTILE_PIDS", str(folder))
    return folder


@pytest.fixture
def unmeasured_engines(monkeypatch: pytest.MonkeyPatch) -> None:
    """The processes a test starts are not measured by coverage (its subprocess patch names its
    settings in either variable): for the engines an exploration explores, started by the
    explorer itself (the reference engine serving, the wrong engines hosted), as for the hostile
    and wrong engines of the other tests (tests/fake_engines/harness.py); their code is covered by
    the suite's own runs, and measuring it again made these tests twice as slow."""
    for variable in ("COVERAGE_PROCESS_START", "COVERAGE_PROCESS_CONFIG"):
        monkeypatch.delenv(variable, raising=False)
