"""The generated pages in a real headless Chromium: the DOM it builds, no page wider than the
window at 390 px (a phone) and at 1280 px, every link resolving, and the filter working.

Each page is loaded into an ``<iframe>`` of the width under test (a headless window can't be
made narrower than 500 px, a frame can), inside a host page whose script measures every frame
once all have loaded and writes the figures into its DOM, which Chromium prints.
"""

from __future__ import annotations

import html
import json
import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from oracle.suite.catalog import load_catalog
from oracle.suite.docs import render_docs
from oracle.suite.reports.html import render_report_html
from oracle.suite.reports.reading import read_report
from tests.unit.test_docs import ORCHARD, make_report

ROOT = Path(__file__).resolve().parents[2]
HISTORY = ROOT / "fixtures" / "engines" / "phase" / "history"
#: phase.rs's certified versions, in the order history.html shows them (given in another)
VERSIONS = ("0.77.0", "0.83.0", "0.103.0")

MEASURE = r"""
window.addEventListener('load', () => {
  const docs = {};
  for (const frame of document.querySelectorAll('iframe')) docs[frame.dataset.page] = frame.contentDocument;
  const found = {};
  for (const [name, doc] of Object.entries(docs)) {
    const root = doc.documentElement, win = doc.defaultView, wide = [], broken = [];
    for (const el of doc.querySelectorAll('body *')) {
      if (el.closest('.scroll')) continue;
      const over = el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0
        && win.getComputedStyle(el).overflowX === 'visible';
      if (el.getBoundingClientRect().right > root.clientWidth + 1 || over)
        wide.push(el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (el.className ? '.' + el.className : ''));
    }
    for (const a of doc.querySelectorAll('a[href]')) {
      const [target, hash] = a.getAttribute('href').split('#');
      const page = docs[target || name];
      if (!page || (hash && !page.getElementById(decodeURIComponent(hash)))) broken.push(a.getAttribute('href'));
    }
    found[name] = {width: root.clientWidth, scroll: root.scrollWidth, inner: win.innerWidth, wide: wide.slice(0, 5),
                   links: doc.querySelectorAll('a[href]').length, broken: broken.slice(0, 5)};
  }
  const list = docs['scenarios.html'];
  if (list) {
    const shown = () => [...list.querySelectorAll('details.sc')].filter(d => d.getClientRects().length).length;
    const choose = (id, value) => { list.getElementById(id).value = value; return shown(); };
    found.filter = {all: shown(), fail: choose('f-o', 'FAIL'), failForest: choose('f-c', 'forest'),
                    forest: choose('f-o', ''), cr: (choose('f-c', ''), choose('f-cr', '106.7')),
                    ruling: (choose('f-cr', ''), choose('f-r', 'symbol.tap'))};
  }
  const history = docs['history.html'];
  if (history) {
    const shown = () => [...history.querySelectorAll('table.history tr.sc')].filter(r => r.getClientRects().length).length;
    const folded = history.querySelector('table.history tr.group details:not([open])');
    const box = history.querySelector('table.history').closest('.scroll');
    const before = shown();
    folded.open = true;
    found.history = {versions: [...history.querySelectorAll('table.history thead th.version')].map(th => th.firstChild.textContent),
                     before, opened: shown(), unfolds: folded.closest('tbody').querySelectorAll('tr.sc').length,
                     all: history.querySelectorAll('table.history tr.sc').length,
                     box: {scroll: box.scrollWidth, width: box.clientWidth}};
    folded.open = false;
  }
  const out = document.createElement('pre');
  out.id = 'measured';
  out.textContent = JSON.stringify(found);
  document.body.appendChild(out);
});
"""


def chromium() -> str:
    """The Chromium binary, or a skip that says how to get one."""
    for candidate in ("/usr/bin/chromium", shutil.which("chromium")):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    pytest.skip(
        "Chromium is not installed: neither /usr/bin/chromium nor 'chromium' on PATH (apt-get install chromium)"
    )


def run_chromium(page: Path, profile: Path, *flags: str) -> str:
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
        *flags,
        "--dump-dom",
        page.as_uri(),
    ]
    result = subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stderr[-2000:]
    return result.stdout


def dump_dom(page: Path, profile: Path) -> str:
    dom = run_chromium(page, profile)
    assert dom.startswith('<!DOCTYPE html>\n<html lang="en">'), dom[:500]
    return dom


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The documentation with two engines' reports, and one report's page, in one folder."""
    chromium()
    out = tmp_path_factory.mktemp("site")
    report = make_report("oracle", "0.1.0", {ORCHARD: "FAIL"}, {ORCHARD: "Alice's mana pool holds {C}"})
    render_docs(out, [report, make_report("other", "2.0", {ORCHARD: "SKIP"})], root=ROOT)
    (out / "report.html").write_text(render_report_html(report, ROOT), encoding="utf-8")
    return out


def measure(site: Path, profile: Path, width: int, only: tuple[str, ...] = ()) -> dict[str, Any]:
    """Every page of the site (or those named in ``only``) in a frame ``width`` px wide, measured by Chromium."""
    pages = sorted(only or (p.name for p in site.glob("*.html") if not p.name.startswith("_")))
    frames = "".join(
        f'<iframe data-page="{name}" src="{name}" style="width:{width}px;height:700px;border:0;display:block"></iframe>'
        for name in pages
    )
    host = site / f"_host-{width}.html"
    host.write_text(f"<!DOCTYPE html><html><body>{frames}<script>{MEASURE}</script></body></html>", encoding="utf-8")
    dom = run_chromium(host, profile, "--allow-file-access-from-files")
    start = dom.index('<pre id="measured">') + len('<pre id="measured">')
    found: dict[str, Any] = json.loads(html.unescape(dom[start : dom.index("</pre>", start)]))
    assert set(pages) <= set(found), f"pages not measured: {set(pages) - set(found)}"
    return found


@pytest.fixture(scope="module")
def measured(site: Path, tmp_path_factory: pytest.TempPathFactory) -> Callable[[int], dict[str, Any]]:
    """The site measured at a width, once per width for the module (a measure loads every page:
    seconds of Chromium's layout); the tests only read the figures."""
    found: dict[int, dict[str, Any]] = {}

    def at(width: int) -> dict[str, Any]:
        if width not in found:
            found[width] = measure(site, tmp_path_factory.mktemp("profile"), width)
        return found[width]

    return at


@pytest.mark.parametrize("width", [390, 1280])
def test_no_page_is_wider_than_the_window_and_every_link_resolves(
    measured: Callable[[int], dict[str, Any]], width: int
) -> None:
    found = measured(width)
    pages = {name: figures for name, figures in found.items() if name.endswith(".html")}
    assert len(pages) > 50
    for name, figures in pages.items():
        assert figures["scroll"] <= figures["width"], f"{name} scrolls sideways at {width} px: {figures}"
        assert figures["wide"] == [], f"{name}: wider than the window at {width} px: {figures['wide']}"
        assert figures["broken"] == [], f"{name}: broken links {figures['broken']}"
    assert sum(figures["links"] for figures in pages.values()) > 1000


def test_the_filter_shows_only_the_scenarios_chosen(site: Path, measured: Callable[[int], dict[str, Any]]) -> None:
    shown = measured(390)["filter"]
    listing = (site / "scenarios.html").read_text(encoding="utf-8")
    blocks = listing.split('<details class="sc"')[1:]

    def having(*pairs: str) -> int:
        return sum(1 for b in blocks if all(p in b.split(">")[0] for p in pairs))

    assert shown["all"] == len(blocks) > 100
    assert shown["fail"] == having('data-o="FAIL') == 1
    assert shown["failForest"] == 1 and shown["forest"] == having("forest") > 10
    assert shown["cr"] == sum(1 for b in blocks if "106.7" in b.split('data-cr="')[1].split('"')[0].split())
    assert shown["ruling"] == sum(1 for b in blocks if "symbol.tap" in b.split('data-r="')[1].split('"')[0].split())


@pytest.mark.parametrize("name", ["index.html", "by-card.html", "report.html"])
def test_chromium_renders_every_ruling(site: Path, tmp_path: Path, name: str) -> None:
    dom = dump_dom(site / name, tmp_path / "profile")
    assert "<title>" in dom and "</main>" in dom
    for ruling in load_catalog(ROOT).rulings:
        assert ruling in dom, f"{name}: {ruling} is not in the DOM"


def test_chromium_builds_the_scenarios_page_as_written(site: Path, tmp_path: Path) -> None:
    source = (site / "scenarios.html").read_text(encoding="utf-8")
    dom = dump_dom(site / "scenarios.html", tmp_path / "profile")
    for tag in ("<section", "<details", "<ol", "<li", "<summary", "<select", "<option"):  # nothing re-nested
        assert dom.count(tag) == source.count(tag), tag
    assert "Exotic Orchard reflects the color of an opponent's Forest" in dom
    assert '<span class="kw">When</span> Alice taps Exotic Orchard for mana' in dom
    assert '<span class="o o-FAIL" title="oracle 0.1.0: FAIL">FAIL</span>' in dom


@pytest.fixture(scope="module")
def history_measured(tmp_path_factory: pytest.TempPathFactory) -> Callable[[int], dict[str, Any]]:
    """The site of phase.rs's three certifications (given newest first), its history page and the
    pages it links to measured at a width, once per width."""
    chromium()
    site = tmp_path_factory.mktemp("history-site")
    render_docs(site, [read_report(HISTORY / v / "report.json") for v in reversed(VERSIONS)], root=ROOT)
    found: dict[int, dict[str, Any]] = {}
    pages = (
        "history.html",
        "index.html",
        "scenarios.html",
        "by-card.html",
        "cards.html",
        "by-rule.html",
        "coverage.html",
    )

    def at(width: int) -> dict[str, Any]:
        if width not in found:
            found[width] = measure(site, tmp_path_factory.mktemp("profile"), width, pages)
        return found[width]

    return at


@pytest.mark.parametrize("width", [390, 1280])
def test_the_history_fits_the_window_with_every_version_column(
    history_measured: Callable[[int], dict[str, Any]], width: int
) -> None:
    found = history_measured(width)
    page = found["history.html"]
    assert page["scroll"] <= page["inner"] and page["scroll"] <= page["width"], (
        f"scrolls sideways at {width} px: {page}"
    )
    assert page["wide"] == [], f"wider than the window at {width} px: {page['wide']}"
    assert page["broken"] == [] and page["links"] > 455
    assert found["history"]["versions"] == list(VERSIONS)
    if width == 390:  # the table is wider than a phone: it scrolls in its own box, not the page
        assert found["history"]["box"]["scroll"] > found["history"]["box"]["width"]
    assert found["index.html"]["broken"] == []


def test_a_folded_ruling_of_the_history_unfolds_into_its_scenarios(
    history_measured: Callable[[int], dict[str, Any]],
) -> None:
    history = history_measured(390)["history"]
    assert history["all"] > 455 > history["before"] > 0  # only the groups where something changed are open
    assert history["opened"] == history["before"] + history["unfolds"] and history["unfolds"] > 0
