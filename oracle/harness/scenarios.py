"""Every scenario in features/ (or in the files ``--mtg-features`` names), run against the engine
chosen with ``--mtg-engine`` (``mtg-conformance run`` passes its ``--features`` and ``--engine``).

One test, ``test_scenario``, takes each scenario in turn: its id is the scenario's file and
name, its markers are the scenario's tags (:func:`oracle.harness.plugin.mark_of`) and the
capabilities its cards and steps imply (added by the plugin).  The plugin refuses a feature
file that can't be run before the session starts (:mod:`oracle.suite.feature_check`); one that
changed since is an ERROR of its own, naming its path and line, and counts as one.
"""

from __future__ import annotations

from typing import Any

import pytest

from oracle.contract.interface import JSON, Engine
from oracle.errors import UserError
from oracle.suite.results import RESULTS
from oracle.suite.scenarios import FeatureError, Scenario, read_feature

from .plugin import mark_of
from .sources import feature_files
from .steps.fixtures import new_world


def _cases() -> list[Any]:
    cases = []
    for path in feature_files():
        try:
            found = read_feature(path)
        except FeatureError as error:
            cases.append(pytest.param(error, id=f"{path.parent.name}/{path.name}: cannot run"))
            continue
        cases += [pytest.param(s, id=f"{s.feature}: {s.name}", marks=[mark_of(t) for t in s.tags]) for s in found]
    return cases


@pytest.mark.parametrize("scenario", _cases())
def test_scenario(
    scenario: Scenario | FeatureError, started: tuple[Engine, JSON], request: pytest.FixtureRequest
) -> None:
    """The scenario's steps, in order, on a new game; every Then must hold."""
    __tracebackhide__ = True
    if isinstance(scenario, FeatureError):  # changed since the run checked it: an ERROR in one line
        raise UserError(str(scenario))
    trace = request.config.stash[RESULTS].recorder.begin(request.node.nodeid, scenario.steps)
    from .driver import execute  # imported once a scenario runs (see Suite.pytest_collection_finish)

    world = new_world(request, started)  # a SKIP here skips every step
    execute(world, scenario.steps, trace)
