"""Hostile engines (tests/fake_engines/hostile.py) against the runner's client, one misbehaviour at a
time: each ends in the honest failure, says why in one bounded line, and leaves no process behind."""

from __future__ import annotations

import copy
import signal
import sys
from pathlib import Path
from typing import Any

import pytest

from oracle.contract.client import SubprocessEngine, _Process, exit_status
from oracle.contract.outcomes import EngineFailure, EngineTimeout
from oracle.contract.validation import errors
from tests.fake_engines.harness import HOSTILE, assert_nothing_left

POSITION = {
    "players": [{"name": "Alice", "battlefield": [{"card": "Forest", "ref": "f"}]}, {"name": "Bob"}],
    "turn": {"number": 3, "active_player": "Alice", "step": "precombat-main"},
}
TAP = {"type": "activate", "player": "Alice", "source": "f", "ability": 1}
#: Long enough for any engine that answers at all on a loaded machine; only hanging modes wait it out.
PATIENT = 20.0
SHORT = 3.0


def engine(mode: str, timeout: float = PATIENT) -> SubprocessEngine:
    return SubprocessEngine(f"{sys.executable} {HOSTILE} {mode}", timeout=timeout)


def scenario(subject: SubprocessEngine) -> dict[str, Any]:
    """What a scenario does: set up, act, observe."""
    subject.describe()
    subject.setup(copy.deepcopy(POSITION))
    subject.perform(TAP)
    return subject.observe()


@pytest.mark.parametrize(
    ("mode", "failure", "says"),
    [
        ("exit-at-once", EngineFailure, ["the engine exited (status 1) before answering handshake", "wrote nothing"]),
        ("missing-library", EngineFailure, ["(status 127)", "error while loading shared libraries: libmtg.so.1"]),
        ("old-protocol", EngineFailure, ["it speaks protocol 0.9; this runner speaks 1.1"]),
        ("handshake-exit", EngineFailure, ["(status 3) before answering handshake", "cannot initialise"]),
        ("handshake-garbage", EngineFailure, ["its answer to handshake is not a protocol message: it is not JSON"]),
        ("handshake-schema", EngineFailure, ["its handshake breaks handshake.schema.json: $.capabilities"]),
        ("handshake-nested", EngineFailure, ["its answer to handshake is not a protocol message: it is nested deeper"]),
        ("crash", EngineFailure, ["(status 3) before answering setup", "segmentation fault while building"]),
        ("crash-between", EngineFailure, ["(status 5) after answering setup and before answering perform"]),
        ("close-stdout", EngineFailure, ["it closed its output before answering setup but kept running"]),
        ("garbage", EngineFailure, ["its answer to observe is not a protocol message: it is not JSON", "<html>"]),
        ("deep", EngineFailure, ["its answer to observe is not a protocol message: it is nested deeper than 64"]),
        ("long-line", EngineFailure, ["its answer to observe is not a protocol message: its line is longer"]),
        ("invalid-utf8", EngineFailure, ["its answer to observe is not a protocol message: it is not UTF-8 (byte 18"]),
        ("stderr-garbage", EngineFailure, ["(status 6) before answering setup", "hostile engine: giving up"]),
        ("surrogate", EngineFailure, ["it could not do perform: bad \\ud800 action ?[31m!!!"]),
        ("wrong-id", EngineFailure, ["it answered request 10 instead of 3"]),
        ("children", EngineFailure, ["(status 4) before answering setup", "leaving a child behind"]),
        ("silent", EngineTimeout, ["no answer to the handshake request within 3 s"]),
        ("hang", EngineTimeout, ["no answer to the perform request within 3 s", "thinking forever"]),
    ],
)
def test_each_misbehaviour_is_the_honest_failure_in_one_bounded_line(
    mode: str, failure: type[EngineFailure], says: list[str], pids: Path
) -> None:
    hanging = mode in ("silent", "hang", "close-stdout")
    subject = engine(mode, SHORT if hanging else PATIENT)
    with pytest.raises(failure) as raised:
        scenario(subject)
    message = str(raised.value)
    assert raised.type is failure
    assert all(part in message for part in says), message
    assert "\n" not in message and len(message) < 1200, message
    message.encode("utf-8")  # no lone surrogate: any report can hold it
    assert subject.process is None  # the failure ended the engine...
    assert_nothing_left(pids)  # ...and every process it started


def test_engines_that_flood_stderr_or_ignore_stop_still_pass_and_end(pids: Path) -> None:
    for mode in ("stderr-flood", "stubborn", "honest"):
        subject = engine(mode)
        assert scenario(subject)["players"][0]["mana_pool"] == {"G": 1}
        subject.close()
    assert_nothing_left(pids)


def test_a_new_scenario_restarts_a_failed_engine_but_a_crash_within_one_is_reported(pids: Path) -> None:
    subject = engine("crash-between")
    assert subject.setup(copy.deepcopy(POSITION)) == {"accepted": True}
    with pytest.raises(EngineFailure, match=r"after answering setup and before answering (perform|observe)"):
        subject.observe()
    assert subject.setup(copy.deepcopy(POSITION)) == {"accepted": True}  # the next scenario: a fresh engine
    subject.close()
    assert_nothing_left(pids)


def test_the_schema_mode_answers_out_of_schema(pids: Path) -> None:
    """The client hands results on; the suite's world checks them (ERROR in a run: test_verdicts.py)."""
    subject = engine("schema")
    subject.describe()
    subject.setup(copy.deepcopy(POSITION))
    assert errors(subject.observe(), "observation.schema.json")
    subject.close()
    assert_nothing_left(pids)


@pytest.mark.parametrize("timeout", ["nan", "-1", "0", "inf", "1e300", "soon", float("nan")])
def test_a_time_limit_must_be_a_positive_finite_number_of_seconds(timeout: object) -> None:
    with pytest.raises(Exception, match="must be a number of seconds above 0"):
        SubprocessEngine("true", timeout=timeout)  # type: ignore[arg-type]


def test_exit_statuses_name_the_signal() -> None:
    assert exit_status(3) == "status 3"
    assert exit_status(-signal.SIGSEGV) == "signal 11 (SIGSEGV)"
    assert exit_status(-200) == "signal 200"


def test_an_engine_that_does_not_read_its_input_times_out_on_writing() -> None:
    """A request that can't be written (its input pipe is full) is bounded by the time limit too."""
    process = _Process([sys.executable, "-c", "import time; time.sleep(60)"], "a sleeper")
    assert process.send("x" * (1 << 20), timeout=SHORT) is False  # a full pipe: it gave up in time
    process.stop()
    assert process.popen.poll() is not None
