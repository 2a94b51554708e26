"""Feature files a run can't run are refused before it starts, in one line naming the file.

A run's verdict counts its scenarios, so a scenario that is in no count is a verdict that lies:
a feature file that does not parse, has no ``Feature:`` line or no scenario, or holds a Scenario
Outline would leave its scenarios out of every total, and a scenario with no Then step would
pass with nothing checked.  Both ``mtg-conformance`` and the pytest plugin therefore read every
feature file of the run first (:func:`check_feature_files`), the suite's own or an author's
(``--features``), and refuse the first that can't be run with one :class:`~oracle.errors.UserError`
line naming the file and line, before the engine starts (each ``--features`` value is checked
before, for what it names: :func:`oracle.suite.catalog.check_source`).
"""

from __future__ import annotations

from pathlib import Path

from oracle.errors import UserError

from .scenarios import FeatureError, Scenario, feature_files, read_feature


def check_feature_files(roots: list[Path]) -> list[Scenario]:
    """Every scenario of the feature files of these files and folders; the first file that can't
    be run, or the first scenario that can't pass (:attr:`Scenario.unrunnable`), is a one-line
    :class:`UserError` naming its file and line."""
    found: list[Scenario] = []
    for path in feature_files(roots):
        try:
            scenarios = read_feature(path)
        except FeatureError as exc:
            raise UserError(f"{path}:{exc.line}: {exc.message}") from None
        except OSError as exc:
            raise UserError(f"{path}: cannot read: {exc.strerror}") from None
        for scenario in scenarios:
            if scenario.unrunnable:
                raise UserError(f"{scenario.where}: scenario {scenario.name!r} {scenario.unrunnable}")
        found += scenarios
    return found
