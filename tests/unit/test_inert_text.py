"""No engine-supplied byte reaches a terminal, a Markdown or an HTML page as markup or a control
sequence.

An engine whose name, version and messages carry escape sequences, HTML, Markdown links and images
and a lone surrogate (``tests/fake_engines/markup.py``) is certified on the core scenarios, then
every medium is read back: the terminal output of certify, smoke and replay, report.md,
report.html, junit.xml, Cucumber Messages, badge.svg, report.json, the docs pages made from that
report, and a transcript whose header was edited to hold escape sequences.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from oracle.suite import inert
from tests.fake_engines.markup import HOSTILE_TEXT, PAYLOADS

ROOT = Path(__file__).resolve().parents[2]
ENGINE = f"cmd:{sys.executable} {ROOT / 'tests' / 'fake_engines' / 'markup.py'}"
#: Every control character but newline and tab, and lone surrogates.
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\u202a-\u202e\u2066-\u2069]")
#: What would be markup in Markdown if its first character were not escaped.
MARKDOWN = [r"(?<!\\)<script", r"(?<!\\)</script", r"(?<!\\)<img", r"(?<!\\)!\[t", r"(?<!\\)\[click", r"(?<!\\)`code"]
#: What must not be left whole in Markdown: an autolink, emphasis, an autolinked host.
MARKDOWN_WHOLE = ["http://127", "**bold**", "www.example"]


def _cli(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "oracle", *args], capture_output=True, cwd=cwd, timeout=300)


def _terminal_is_inert(output: bytes) -> str:
    text = output.decode("utf-8")  # never a byte UTF-8 can't decode, never an escape sequence
    assert not CONTROL.search(text), repr(CONTROL.search(text))
    return text


def _strings(data: Any) -> list[str]:
    if isinstance(data, dict):
        return [s for k, v in data.items() for s in (*_strings(k), *_strings(v))]
    if isinstance(data, list):
        return [s for v in data for s in _strings(v)]
    return [data] if isinstance(data, str) else []


def _json_is_inert(data: Any) -> None:
    for text in _strings(data):
        assert not CONTROL.search(text), repr(text[:200])


def _html_is_inert(text: str) -> None:
    assert not CONTROL.search(text)
    assert "<script" not in text and "<img" not in text and 'href="javascript' not in text.lower()


def _markdown_is_inert(text: str) -> None:
    assert not CONTROL.search(text)
    for pattern in MARKDOWN:
        assert not re.search(pattern, text), pattern
    for whole in MARKDOWN_WHOLE:
        assert whole not in text, whole
    for row in (line for line in text.splitlines() if line.startswith("| ") and "refused" in line):
        assert len(re.findall(r"(?<!\\)\|", row)) == 3, row  # the engine's pipes make no cell


@pytest.fixture(scope="module")
def certified(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, str]:
    where = tmp_path_factory.mktemp("markup")
    done = _cli(
        "certify", "--engine", ENGINE, "-m", "core", "--out", str(where / "out"), "--transcripts", str(where / "tr")
    )
    assert done.returncode == 1, done.stderr.decode("utf-8", "replace")
    return where / "out", where / "tr", _terminal_is_inert(done.stdout + done.stderr)


def test_the_engine_is_hostile_in_every_medium() -> None:
    assert "\x1b[2J" in HOSTILE_TEXT and "<script>" in HOSTILE_TEXT and "\ud800" in HOSTILE_TEXT


def test_the_terminal_of_certify(certified: tuple[Path, Path, str]) -> None:
    text = certified[2]
    assert "refused: ?[2J?[31m" in text and "8 ERROR" in text


def test_report_md(certified: tuple[Path, Path, str]) -> None:
    text = (certified[0] / "report.md").read_text(encoding="utf-8")
    _markdown_is_inert(text)
    assert text.startswith("# Certification of Markup ?\\[2J")


def test_report_html_and_badge(certified: tuple[Path, Path, str]) -> None:
    _html_is_inert((certified[0] / "report.html").read_text(encoding="utf-8"))
    badge = (certified[0] / "badge.svg").read_text(encoding="utf-8")
    assert not CONTROL.search(badge)
    ET.fromstring(badge)


def test_junit_xml(certified: tuple[Path, Path, str]) -> None:
    text = (certified[0] / "junit.xml").read_text(encoding="utf-8")
    assert not CONTROL.search(text)
    root = ET.fromstring(text.encode("utf-8"))
    assert any("refused" in (e.text or "") for e in root.iter("error"))


def test_cucumber_messages_and_report_json(certified: tuple[Path, Path, str]) -> None:
    for line in (certified[0] / "cucumber-messages.ndjson").read_text(encoding="utf-8").splitlines():
        _json_is_inert(json.loads(line))
    _json_is_inert(json.loads((certified[0] / "report.json").read_text(encoding="utf-8")))


def test_the_docs_pages_of_the_report(certified: tuple[Path, Path, str], tmp_path: Path) -> None:
    done = _cli("docs", "--out", str(tmp_path / "docs"), "--report", str(certified[0] / "report.json"))
    _terminal_is_inert(done.stdout + done.stderr)
    assert done.returncode == 0
    for page in (tmp_path / "docs").iterdir():
        _html_is_inert(page.read_text(encoding="utf-8"))


def test_smoke_prints_its_json_inert_even_with_a_lone_surrogate() -> None:
    done = _cli("smoke", "--engine", ENGINE)
    text = _terminal_is_inert(done.stdout)
    result = json.loads(text)
    _json_is_inert(result)
    assert result["success"] is False and result["engine"]["name"].startswith("Markup ?[2J")
    assert result["engine"]["version"].startswith("?[2J") and len(result["engine"]["version"]) <= inert.NAME + 1


def test_replay_prints_the_engine_and_a_transcript_header_inert(
    certified: tuple[Path, Path, str], tmp_path: Path
) -> None:
    transcript = sorted(certified[1].iterdir())[0]
    _terminal_is_inert(_cli("replay", str(transcript), "--engine", ENGINE).stdout)
    lines = transcript.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header["transcript"].update(scenario="\x1b[2J\x1b]0;owned\x07", outcome="\x9b6n", engine="\x1b[31m\ud800")
    edited = tmp_path / "edited.jsonl"
    edited.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", encoding="utf-8")
    done = _cli("replay", str(edited), "--engine", "reference")
    assert "replaying ?[2J?]0;owned? (?6n with ?[31m\\ud800)" in _terminal_is_inert(done.stdout + done.stderr)


@pytest.mark.parametrize("payload", PAYLOADS)
def test_each_medium_of_the_module(payload: str) -> None:
    text = f"a {payload} b"
    for made in (inert.plain(text), inert.markdown(text), inert.markdown_code(text), inert.html(text), inert.xml(text)):
        assert not CONTROL.search(made), (payload, made)
        made.encode("utf-8")
    assert "<" not in inert.html(text)
    _markdown_is_inert(inert.markdown(text))
    ET.fromstring(f"<t>{inert.html(text)}</t>")


def test_a_code_span_holds_its_backticks_and_cuts_long_text() -> None:
    assert inert.markdown_code("a `b` c") == "``a `b` c``"
    assert inert.markdown_code("`x`") == "`` `x` ``"
    assert inert.markdown_code("a|b", table=True) == "`a\\|b`"
    assert inert.plain("x" * 500, 10) == "x" * 10 + "…"
    assert inert.html("x" * 500, 10) == "x" * 10 + "…"
    assert inert.html("line one\nline two\ttab") == "line one\nline two\ttab"


def test_docs_pages_of_a_hand_made_report_holding_raw_escapes(tmp_path: Path) -> None:
    """A report.json not written by certify (whose texts are already printable) may hold raw controls."""
    report = json.loads((ROOT / "tests" / "hostile_inputs" / "reports" / "valid.json").read_text(encoding="utf-8"))
    report["engine"].update(name=HOSTILE_TEXT, version=HOSTILE_TEXT)
    failed = report["scenarios"][1]
    failed["message"], failed["observed"] = HOSTILE_TEXT, HOSTILE_TEXT
    failed["steps"][0]["text"] = HOSTILE_TEXT
    path = tmp_path / "report.json"
    path.write_text(json.dumps(report), encoding="utf-8")
    done = _cli("docs", "--out", str(tmp_path / "docs"), "--report", str(path))
    assert done.returncode == 0, done.stderr
    for page in (tmp_path / "docs").iterdir():
        _html_is_inert(page.read_text(encoding="utf-8"))


def test_an_explored_scenario_names_the_engine_in_one_inert_comment_line() -> None:
    from oracle.adapters.reference import ReferenceEngine
    from oracle.suite.explore.engines import Side

    class Named(ReferenceEngine):
        def describe(self) -> dict[str, Any]:
            return {**super().describe(), "name": "x\n  Scenario: injected\n    Then \x1b[2J", "version": "1"}

    label = Side("tests:Named", Named()).describe()
    assert "\n" not in label and not CONTROL.search(label), label
