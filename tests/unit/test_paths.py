"""The suite's data is found inside an installed package first, beside it in a checkout, or where
MTG_CONFORMANCE_ROOT says; an installation without it is one line naming where it looked."""

from __future__ import annotations

from pathlib import Path

import pytest

from oracle import paths
from oracle.errors import UserError


def _data(folder: Path) -> Path:
    (folder / "features").mkdir(parents=True)
    (folder / "fixtures").mkdir()
    return folder


def test_the_packages_own_data_comes_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = _data(_data(tmp_path) / "oracle")  # data both inside the package and beside it
    monkeypatch.delenv("MTG_CONFORMANCE_ROOT", raising=False)
    monkeypatch.setattr(paths, "PACKAGE", package)
    assert paths.suite_root() == package


def test_a_checkout_has_it_beside_the_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "oracle").mkdir()
    monkeypatch.delenv("MTG_CONFORMANCE_ROOT", raising=False)
    monkeypatch.setattr(paths, "PACKAGE", tmp_path / "oracle")
    _data(tmp_path)
    assert paths.suite_root() == tmp_path


def test_an_installation_without_data_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "oracle").mkdir()
    monkeypatch.delenv("MTG_CONFORMANCE_ROOT", raising=False)
    monkeypatch.setattr(paths, "PACKAGE", tmp_path / "oracle")
    with pytest.raises(UserError, match="installation is incomplete") as caught:
        paths.suite_root()
    assert "\n" not in str(caught.value) and str(tmp_path / "oracle") in str(caught.value)


def test_the_variable_overrides_both(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MTG_CONFORMANCE_ROOT", str(_data(tmp_path / "elsewhere")))
    assert paths.suite_root() == tmp_path / "elsewhere"
    monkeypatch.setenv("MTG_CONFORMANCE_ROOT", str(tmp_path / "nothing"))
    with pytest.raises(UserError, match="MTG_CONFORMANCE_ROOT"):
        paths.suite_root()
