"""How the project's own tests are spread over processes (pytest-xdist, the README's ``-n auto``)."""

from __future__ import annotations

import os

import pytest

#: The modules that take longest (tens of seconds to a minute and a half of one process: whole
#: suites against hostile engines, every wrong engine through the command, Chromium measuring
#: every page, phase.rs's certification, property tests of the wire, explorations), longest
#: first, so that none is left running alone at the end; measured per module under the README's
#: command.  Under ``--dist loadscope`` a module runs on one process; the tests don't depend on
#: their order.
LONGEST_FIRST = (
    "test_verdicts_whole_suite.py",
    "test_mutants.py",
    "test_browser.py",
    "test_phase_certification.py",
    "test_verdicts.py",
    "test_in_process_bounds.py",
    "test_wire_properties.py",
    "test_explore.py",
    "test_explore_combat.py",
    "test_parallel.py",
    "test_failure_blocks.py",
    "test_outside_engines.py",
)


def pytest_configure(config: pytest.Config) -> None:
    """Under ``--dist loadscope`` pytest-xdist sends the modules with the most tests first unless
    told otherwise, which would start the longest ones (a single test each) last: keep the order
    of :func:`pytest_collection_modifyitems` (``--loadscope-reorder`` is then not honoured)."""
    if hasattr(config.option, "loadscopereorder"):
        config.option.loadscopereorder = False


@pytest.hookimpl(optionalhook=True)  # pytest-xdist's hook: a session without it ignores it
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: one process more than there are CPUs, since many tests wait on engines that
    hang on purpose (seconds at a time) and a CPU would stay idle meanwhile;
    ``PYTEST_XDIST_AUTO_NUM_WORKERS`` still decides when set."""
    chosen = os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS", "")
    if chosen.isdigit():
        return int(chosen)
    return (os.cpu_count() or 1) + 1


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The modules of :data:`LONGEST_FIRST` first, in that order; every other test keeps its place."""
    rank = {name: i for i, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))
