"""The pytest entry point of mtg-conformance: the suite's options, and nothing else until asked.

Installing the package registers this module with pytest (the ``pytest11`` entry point, named
``mtg_conformance_pytest`` like the module: ``-p mtg_conformance_pytest`` loads it where plugins
are not loaded automatically, ``-p no:mtg_conformance_pytest`` keeps it out), so it is loaded in
every pytest session of every project of the environment.  It is inert there:

* its options all begin with ``--mtg-`` (``--mtg-engine``, ``--mtg-features``, ...), so a
  project's own ``--engine`` or ``--features`` stays the project's (``mtg-conformance run``
  keeps the short names and translates them);
* it imports nothing of the suite, so a project whose own top-level package is named ``oracle``
  imports its own: the suite's package (:mod:`oracle.harness.plugin`) is imported only in a
  session that runs the suite, that is one that asks pytest for the scenarios module,
  ``oracle/harness/scenarios.py``, by its path, its folder or as ``--pyargs oracle.harness.scenarios``.

Where the two still meet (the suite is asked for where another ``oracle`` comes first on the
import path), the session stops with one line saying so.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

#: The scenarios module by name (``--pyargs``) and by the end of its path; asking for it runs the suite.
MODULE_NAMES = ("oracle.harness", "oracle.harness.scenarios")
SCENARIOS = ("oracle", "harness", "scenarios.py")
#: Seconds an outside engine has to answer one request by default (the wire protocol's
#: ``DEFAULT_TIMEOUT``, written here so that nothing of the suite is imported to say it;
#: tests/unit/test_stranger_project.py checks that both agree).
DEFAULT_TIMEOUT = 5.0


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("mtg-conformance", "mtg-conformance (with --pyargs oracle.harness.scenarios)")
    option = group.addoption
    option(
        "--mtg-engine", dest="mtg_engine", default="reference", help="'reference', 'module:Class' or 'cmd:<command>'"
    )
    option(
        "--mtg-engine-timeout",
        dest="mtg_engine_timeout",
        default=None,
        metavar="SECONDS",
        help=f"seconds an outside engine has to answer one request (default {DEFAULT_TIMEOUT:g})",
    )
    option("--mtg-validate-wire", dest="mtg_validate_wire", action="store_true", help="check every protocol message")
    option("--mtg-expectations", dest="mtg_expectations", default=None, help="the engine's expectations file")
    option(
        "--mtg-check-step-index",
        dest="mtg_check_step_index",
        action="store_true",
        help="also try every step definition on every step and fail on any difference from the index",
    )
    option(
        "--mtg-transcripts",
        dest="mtg_transcripts",
        default=None,
        metavar="DIR",
        help="folder for the requests and replies of each scenario that did not pass",
    )
    option(
        "--mtg-features",
        dest="mtg_features",
        action="append",
        default=[],
        help="feature files or folders to run instead of features/ (repeatable; ':suite' names the suite's own)",
    )


def runs_the_suite(config: pytest.Config) -> bool:
    """Whether pytest was asked to collect the scenarios module (by path, folder or module name)."""
    for arg in config.args:
        name = arg.split("::", 1)[0]
        if config.option.pyargs and name in MODULE_NAMES:
            return True
        path = Path(config.invocation_params.dir, name).resolve()
        if path.parts[-3:] == SCENARIOS or path.parts[-2:] == SCENARIOS[:2]:
            return True  # this package's, or a copy of it (as mutation testing makes)
    return False


def pytest_configure(config: pytest.Config) -> None:
    """Start the suite, if this session runs it; otherwise do nothing at all."""
    if runs_the_suite(config):
        suite_plugin().Suite.start(config)


def suite_plugin() -> Any:
    """The suite's plugin, :mod:`oracle.harness.plugin`, from the suite's own ``oracle`` package;
    if the ``oracle`` package imported is another project's (first on the import path, or already
    imported), a one-line :class:`pytest.UsageError` that says so rather than a suite run on a mix
    of both packages' modules."""
    import importlib
    import sys

    try:
        plugin = importlib.import_module("oracle.harness.plugin")
        theirs = None
    except ImportError as exc:
        plugin, theirs = None, f"{type(exc).__name__}: {exc}"
    package = sys.modules.get("oracle")
    if package is None or not getattr(package, "__file__", None):
        raise pytest.UsageError(
            f"this session asks for the mtg-conformance suite, but its package does not import: {theirs}"
        )
    where = Path(package.__file__).resolve().parent
    if plugin is not None and where == Path(plugin.__file__).resolve().parents[1]:
        return plugin
    raise pytest.UsageError(
        "this session asks for the mtg-conformance suite (oracle.harness.scenarios), but the package 'oracle' "
        f"it imports is another one, at {where}{f' ({theirs})' if theirs else ''}: run the suite from a folder "
        "where that 'oracle' is not importable, or with 'mtg-conformance run'"
    )
