"""The generated pages open in a real headless Chromium, which builds the DOM we expect from them."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from oracle.suite.catalog import load_catalog
from oracle.suite.docs import render_docs, render_report_html
from tests.unit.test_docs import ORCHARD, make_report

ROOT = Path(__file__).resolve().parents[2]


def chromium() -> str:
    """The Chromium binary, or a skip that says how to get one."""
    for candidate in ("/usr/bin/chromium", shutil.which("chromium")):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    pytest.skip(
        "Chromium is not installed: neither /usr/bin/chromium nor 'chromium' on PATH (apt-get install chromium)"
    )


def dump_dom(page: Path, profile: Path) -> str:
    """The DOM Chromium builds from ``page``, serialized."""
    command = [
        chromium(),
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        f"--user-data-dir={profile}",
        "--dump-dom",
        page.as_uri(),
    ]
    result = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.startswith('<!DOCTYPE html>\n<html lang="en">'), result.stdout[:500] + result.stderr[-2000:]
    return result.stdout


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The documentation with one engine's report, and that report's page, in one folder."""
    chromium()
    out = tmp_path_factory.mktemp("site")
    report = make_report("oracle", "0.1.0", {ORCHARD: "FAIL"}, {ORCHARD: "expected {G}"})
    render_docs(out, [report], root=ROOT)
    (out / "report.html").write_text(render_report_html(report, ROOT), encoding="utf-8")
    return out


@pytest.mark.parametrize("name", ["index.html", "by-card.html", "report.html"])
def test_chromium_renders_every_ruling(site: Path, tmp_path: Path, name: str) -> None:
    dom = dump_dom(site / name, tmp_path / "profile")
    assert "<title>" in dom and "</main>" in dom
    for ruling in load_catalog(ROOT).rulings:
        assert ruling in dom, f"{name}: {ruling} is not in the DOM"


def test_chromium_shows_steps_and_outcomes_on_by_card(site: Path, tmp_path: Path) -> None:
    source = (site / "by-card.html").read_text(encoding="utf-8")
    dom = dump_dom(site / "by-card.html", tmp_path / "profile")
    for tag in ("<section", "<article", "<table", "<tr>", "<li", "<td"):  # nothing re-nested by the HTML parser
        assert dom.count(tag) == source.count(tag), tag
    assert "Exotic Orchard reflects the color of an opponent's Forest" in dom
    assert '<span class="kw">When</span> Alice taps Exotic Orchard for mana' in dom
    assert "<th>oracle 0.1.0</th>" in dom
    assert '<td class="o o-FAIL">FAIL<div class="msg">expected {G}</div></td>' in dom
