"""Fixtures every scenario uses: the engine under test, what it declares, and the scenario's world."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from oracle.contract.interface import JSON, Engine
from oracle.contract.outcomes import EngineFailure
from oracle.engine.cards import CardDatabase
from oracle.errors import UserError
from oracle.paths import cards_dir
from oracle.registry import load_engine
from tests.conformance.world import World


@pytest.fixture(scope="session")
def engine(request: pytest.FixtureRequest) -> Iterator[Engine]:
    """The engine named by ``--engine``; every scenario sets up its own position on it."""
    config = request.config
    try:
        chosen = load_engine(
            config.getoption("--engine"),
            timeout=config.getoption("--engine-timeout"),
            validate_wire=config.getoption("--validate-wire"),
        )
    except UserError as exc:
        pytest.exit(str(exc), returncode=4)
    yield chosen
    chosen.close()


@pytest.fixture(scope="session")
def description(engine: Engine) -> JSON | EngineFailure:
    """What the engine says it is and supports, or why it couldn't say (each scenario then ERRORs)."""
    try:
        return engine.describe()
    except EngineFailure as failure:
        return failure


@pytest.fixture(scope="session")
def cards() -> CardDatabase:
    """The suite's card fixtures: the oracle text steps read to name abilities."""
    return CardDatabase.load(cards_dir())


@pytest.fixture
def world(
    request: pytest.FixtureRequest, engine: Engine, description: JSON | EngineFailure, cards: CardDatabase
) -> World:
    """A scenario runs only if the engine declares every capability it needs; otherwise SKIP."""
    if isinstance(description, EngineFailure):
        raise description
    missing = sorted({str(m.args[0]) for m in request.node.iter_markers("needs")} - set(description["capabilities"]))
    if missing:
        pytest.skip(f"the engine does not declare: {', '.join(missing)}")
    return World(engine, cards)
