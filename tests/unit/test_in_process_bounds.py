"""An in-process engine (``module:Class``) can't take the runner with it: what it raises beyond an
``Exception`` is an engine error, and with ``--engine-timeout`` it runs in a child process, bounded
(oracle/contract/in_process.py, oracle/registry.py; tests/fake_engines/escaping.py)."""

from __future__ import annotations

import signal
import time
from pathlib import Path

import pytest

from oracle.contract.client import Terminated, end_engines_on_signals
from oracle.contract.in_process import GuardedEngine
from oracle.contract.outcomes import EngineFailure, EngineTimeout
from oracle.errors import EngineLoadError
from oracle.registry import load_engine, open_engine
from oracle.suite.catalog import feature_tags
from tests.fake_engines.harness import run_cli

#: How many scenarios the runs of symbol.tap select.
OF_TAP = sum(1 for s in feature_tags(Path(__file__).resolve().parents[2] / "features") if "symbol.tap" in s.rulings)

ESCAPING = "tests.fake_engines.escaping"
POSITION = {
    "players": [{"name": "Alice", "battlefield": [{"card": "Forest", "ref": "f"}]}, {"name": "Bob"}],
    "turn": {"number": 3, "active_player": "Alice", "step": "precombat-main"},
}
TAP = {"type": "activate", "player": "Alice", "source": "f", "ability": 1}


def one_line_on_stderr(stderr: str, *says: str) -> None:
    lines = stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in stderr, stderr
    for words in says:
        assert words in lines[0], lines[0]


@pytest.mark.parametrize("timeout", [[], ["--engine-timeout", "5"]])
def test_an_engine_that_exits_at_import_is_a_one_line_refusal_not_the_runners_exit(
    timeout: list[str], tmp_path: Path
) -> None:
    done = run_cli(
        "run",
        "--engine",
        f"{ESCAPING}:ObserveSleeps",
        *timeout,
        pids=tmp_path,
        env={"MTG_ESCAPING_EXIT_AT_IMPORT": "1"},
    )
    assert done.returncode == 2
    one_line_on_stderr(done.stderr, "tests.fake_engines.escaping:ObserveSleeps", "SystemExit: 9")


@pytest.mark.parametrize("timeout", [[], ["--engine-timeout", "5"]])
def test_an_engine_that_exits_in_its_constructor_is_a_one_line_refusal(timeout: list[str], tmp_path: Path) -> None:
    done = run_cli("run", "--engine", f"{ESCAPING}:ExitInConstructor", *timeout, pids=tmp_path)
    assert done.returncode == 2
    one_line_on_stderr(done.stderr, "ExitInConstructor", "constructing it failed: SystemExit: 9")


def test_an_observe_that_never_returns_is_a_timeout_when_a_limit_is_asked(tmp_path: Path) -> None:
    start = time.monotonic()
    done = run_cli(
        "run", "--engine", f"{ESCAPING}:ObserveSleeps", "--engine-timeout", "2", "--ruling", "symbol.tap", pids=tmp_path
    )
    assert time.monotonic() - start < 120
    assert done.returncode == 1
    assert "no answer to the observe request within 2 s" in done.stdout
    assert (
        f"scenarios: 0 PASS, 0 FAIL, 0 ERROR, {OF_TAP} TIMEOUT, 0 SKIP, 0 PRECONDITION, 0 UNSUPPORTED, 0 NOT RUN"
        in done.stdout
    )


@pytest.mark.parametrize("engine", ["PerformExits", "PerformInterrupts"])
def test_what_an_engine_raises_beyond_an_exception_is_its_scenarios_error(engine: str, tmp_path: Path) -> None:
    done = run_cli("run", "--engine", f"{ESCAPING}:{engine}", "--ruling", "symbol.tap", pids=tmp_path)
    assert done.returncode == 1, done.stderr
    assert (
        f"scenarios: 0 PASS, 0 FAIL, {OF_TAP} ERROR, 0 TIMEOUT, 0 SKIP, 0 PRECONDITION, 0 UNSUPPORTED, 0 NOT RUN"
        in done.stdout
    )
    assert "observed: its perform() raised " + (
        "SystemExit: 9" if engine == "PerformExits" else "KeyboardInterrupt"
    ) in (done.stdout)


def test_the_guard_turns_sys_exit_into_an_engine_failure_and_lets_a_real_interruption_through() -> None:
    exits = load_engine(f"{ESCAPING}:PerformExits")
    assert isinstance(exits, GuardedEngine)
    exits.setup(POSITION)
    with pytest.raises(EngineFailure, match=r"its perform\(\) raised SystemExit: 9"):
        exits.perform(TAP)
    previous = signal.getsignal(signal.SIGINT)
    try:
        signal.signal(signal.SIGINT, signal.default_int_handler)
        end_engines_on_signals()
        with pytest.raises(EngineFailure, match="KeyboardInterrupt"):  # the engine's own, under the runner
            load_engine(f"{ESCAPING}:PerformInterrupts").perform(TAP)
        guarded = load_engine("reference")
        assert not isinstance(guarded, GuardedEngine)  # this package's engines are not wrapped
        wrapped = GuardedEngine(guarded, "reference")
        wrapped.engine = type("Interrupted", (), {"observe": lambda self: signal.raise_signal(signal.SIGINT)})()
        with pytest.raises(Terminated):  # Ctrl-C to the runner still stops it
            wrapped.observe()
    finally:
        signal.signal(signal.SIGINT, previous)


def test_with_a_time_limit_an_in_process_engine_is_hosted_and_bounded() -> None:
    engine, described = open_engine(f"{ESCAPING}:ObserveSleeps", timeout=2)
    try:
        assert described["name"] == "oracle"
        assert engine.setup(POSITION) == {"accepted": True}
        assert engine.perform(TAP) == {"accepted": True}
        start = time.monotonic()
        with pytest.raises(EngineTimeout, match="no answer to the observe request within 2 s"):
            engine.observe()
        assert time.monotonic() - start < 10
    finally:
        engine.close()


def test_a_hosted_engine_that_cannot_start_is_one_line() -> None:
    with pytest.raises(EngineLoadError) as raised:
        open_engine(f"{ESCAPING}:ExitInConstructor", timeout=5)
    assert "\n" not in str(raised.value) and "SystemExit: 9" in str(raised.value)


@pytest.mark.parametrize(
    ("engine", "says"),
    [
        ("tests.fake_engines.broken:DescribeRaises", "failed to start: describe() raised KeyError"),
        ("tests.fake_engines.broken:DescribesBadly", "describes itself out of engine.schema.json"),
    ],
)
def test_without_a_time_limit_an_in_process_engine_is_checked_in_the_runners_process(
    engine: str, says: str, tmp_path: Path
) -> None:
    done = run_cli("run", "--engine", engine, pids=tmp_path)
    assert done.returncode == 2
    one_line_on_stderr(done.stderr, says)
