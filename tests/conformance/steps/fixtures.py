"""Fixtures every scenario uses: the engine under test and the scenario's world."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from oracle.cards import CardDatabase
from oracle.contract import Engine, load_engine
from oracle.errors import UserError
from oracle.paths import cards_dir
from tests.conformance.world import World


@pytest.fixture(scope="session")
def engine(request: pytest.FixtureRequest) -> Iterator[Engine]:
    """The engine named by ``--engine``; every scenario sets up its own position on it."""
    try:
        chosen = load_engine(request.config.getoption("--engine"))
    except UserError as exc:
        pytest.exit(str(exc), returncode=4)
    yield chosen
    chosen.close()


@pytest.fixture(scope="session")
def cards() -> CardDatabase:
    """The suite's card fixtures: the oracle text steps read to name abilities."""
    return CardDatabase.load(cards_dir())


@pytest.fixture
def world(engine: Engine, cards: CardDatabase) -> World:
    return World(engine, cards)
