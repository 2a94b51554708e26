"""What every scenario uses: the engine under test and what it declares (a fixture of the session),
and a new world for each scenario."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from oracle.contract.interface import JSON, Engine
from oracle.contract.wire import DEFAULT_TIMEOUT
from oracle.engine.cards import shared_database
from oracle.errors import UserError
from oracle.paths import cards_dir
from oracle.registry import close_engine, open_engine
from oracle.suite.results import NEEDS, STARTED
from oracle.suite.transcripts import RECORDING, Recording

from ..world import World


@pytest.fixture(scope="session")
def started(request: pytest.FixtureRequest) -> Iterator[tuple[Engine, JSON]]:
    """The engine named by ``--engine`` and what it declared, checked once, first: an engine that
    can't start or describe itself ends the session (exit status 2) before any scenario runs."""
    config = request.config
    given = config.stash.get(STARTED, None)
    if given is not None:  # mtg-conformance started it, and stops it
        yield given
        return
    spec = config.getoption("--engine")
    timeout = config.getoption("--engine-timeout")
    if timeout is DEFAULT_TIMEOUT:  # the option's own default, not a limit asked: an in-process engine stays in
        timeout = None
    try:
        chosen, described = open_engine(spec, timeout, config.getoption("--validate-wire"))
    except UserError as exc:
        pytest.exit(str(exc), returncode=2)
    yield chosen, described
    close_engine(chosen, spec)


def new_world(request: pytest.FixtureRequest, started: tuple[Engine, JSON]) -> World:
    """A new game on the engine under test, for the scenario the test runs.  The scenario runs only
    if the engine declares every capability it needs; otherwise SKIP.  (The test makes it rather
    than a fixture of its own, which pytest would set up and tear down for every scenario.)"""
    engine, description = started
    cards = shared_database(cards_dir())
    missing = sorted(set(request.node.stash[NEEDS]) - set(description["capabilities"]))  # put by the plugin
    if missing:
        pytest.skip(f"the engine does not declare: {', '.join(missing)}")
    if request.config.getoption("--transcripts"):  # keep what the engine is asked and answers
        recording = Recording(engine)
        request.node.stash[RECORDING] = recording
        return World(recording, cards)
    return World(engine, cards)
