"""How the project's own tests are spread over processes (pytest-xdist, the README's ``-n auto``)."""

from __future__ import annotations

import os

import pytest

#: The modules that take longest (each a minute or more of one process on two cores: whole
#: suites against hostile engines, every wrong engine through the command, property tests of the
#: wire, phase.rs's certification), started first so that no process is left running one of
#: them alone at the end.  Under ``--dist loadscope`` a module runs on one process; the tests
#: don't depend on their order.
LONGEST_FIRST = (
    "test_verdicts_whole_suite.py",
    "test_verdicts.py",
    "test_mutants.py",
    "test_wire_properties.py",
    "test_phase_certification.py",
    "test_parallel.py",
    "test_outside_engines.py",
    "test_in_process_bounds.py",
    "test_explore.py",
)


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
