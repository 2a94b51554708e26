"""What the explorer works out once rather than at every attempt gives what working it out each time
gave, and what it keeps between runs stays in the user's cache folder, never in --out or the
current folder."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from oracle.adapters.reference import ReferenceEngine
from oracle.suite.explore import moves as moves_module
from oracle.suite.explore.cards import load_pool
from oracle.suite.explore.compare import agree, normalize
from oracle.suite.explore.moves import GENERATORS, moves
from oracle.suite.explore.positions import Permanent, Position, render
from oracle.suite.explore.runner import Options, constants_folder, explore


def _observed() -> tuple[dict, dict[str, str]]:
    battlefield = (
        Permanent("Bonesplitter", "Alice"),
        Permanent("Grizzly Bears", "Alice"),
        Permanent("Forest", "Alice"),
        Permanent("Grizzly Bears", "Bob"),
    )
    zones = (("Alice", "hand", ("Giant Growth", "Grizzly Bears")), ("Bob", "graveyard", ("Forest",)))
    position = Position("Alice", "precombat-main", 2, (20, 20), ("{G}{G}", ""), battlefield, zones)
    rendered = render(position)
    engine = ReferenceEngine()
    engine.setup(rendered.position)
    return engine.observe(), rendered.refs


def test_the_moves_offered_are_those_each_kind_offers_on_its_own() -> None:
    """The targets of an observation are worked out once for casts and activations."""
    observation, refs = _observed()
    pool = load_pool()
    shared = moves(observation, refs, pool)
    alone = {kind: generate(observation, refs, pool) for kind, generate in GENERATORS.items()}
    assert shared == {kind: found for kind, found in alone.items() if found}
    assert any("targeting" in move.text for move in shared["cast"])
    assert moves_module._SHARED == {}  # nothing is kept past one call


def test_observations_equal_as_they_are_agree_and_others_are_normalized() -> None:
    observation, _ = _observed()
    assert agree(observation, observation)
    other = {**observation, "events": ["said otherwise"]}
    assert normalize(other) == normalize(observation) and agree(observation, other)
    tapped = {**observation, "battlefield": [{**p, "tapped": not p["tapped"]} for p in observation["battlefield"]]}
    assert not agree(observation, tapped)


def test_hypothesis_constants_are_kept_in_the_cache_folder_and_nowhere_else(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    monkeypatch.setenv("MTG_CONFORMANCE_CACHE", str(tmp_path / "cache"))
    folder = constants_folder()
    assert folder == tmp_path / "cache" / "hypothesis-constants"
    out = tmp_path / "found"
    run = explore(Options("reference", examples=3, out=out, shrinks=0, simplifications=0), output=open(os.devnull, "w"))
    assert run.examples == 3
    assert sorted(p.name for p in out.iterdir()) == ["exploration.json"]
    assert list(elsewhere.iterdir()) == []
    assert folder.is_dir() and not folder.is_symlink()
    monkeypatch.setenv("MTG_CONFORMANCE_CACHE", "off")
    assert constants_folder() is None
    explore(Options("reference", examples=1, out=out, shrinks=0, simplifications=0), output=open(os.devnull, "w"))
    assert sorted(p.name for p in out.iterdir()) == ["exploration.json"]
