"""``history.html``: an engine certified in several versions, shown over them (issue 40.5), from
the three committed certifications of phase.rs (0.77.0, 0.83.0, 0.103.0) and from small reports.

Its versions are columns in the order of their numbers, each ruling a row with its pass counts,
each scenario a row with each version's outcome and when it changed, as ``compare`` finds it."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest

from oracle.suite.catalog import load_catalog
from oracle.suite.cli import main
from oracle.suite.compare import compare
from oracle.suite.docs import render_docs
from oracle.suite.docs.history import histories, history_page, version_key
from oracle.suite.reports.reading import read_report
from tests.unit.test_docs import ORCHARD, make_report, structure

ROOT = Path(__file__).resolve().parents[2]
HISTORY = ROOT / "fixtures" / "engines" / "phase" / "history"
VERSIONS = ("0.77.0", "0.83.0", "0.103.0")


def phase(version: str) -> dict[str, Any]:
    return read_report(HISTORY / version / "report.json")


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The site rendered from the three reports, given newest first (not in the versions' order)."""
    out = tmp_path_factory.mktemp("history")
    written = render_docs(out, [phase("0.103.0"), phase("0.77.0"), phase("0.83.0")], root=ROOT)
    return {path.name: path.read_text(encoding="utf-8") for path in written}


def scenario_rows(page: str) -> dict[str, str]:
    """Each scenario's first row (the one with its id) by the scenario's name."""
    rows = {}
    for row in re.findall(r'<tr class="sc[^"]*" id="[^"]+">.*?</tr>', page):
        name = html.unescape(re.sub(r"<[^>]+>", "", row.split("<br>")[0]))
        rows[name] = row
    return rows


def outcomes_of(row: str) -> list[str]:
    return re.findall(r'<td class="o o-[^"]+" title="[^"]*">([^<]*)</td>', row)


@pytest.mark.parametrize(
    ("older", "newer"),
    [
        ("0.77.0", "0.83.0"),
        ("0.83.0", "0.103.0"),
        ("0.9", "0.10"),
        ("1.0", "1.0.1"),
        ("1.0.0-rc1", "1.0.0"),
        ("1.0.0b2", "1.0.0"),
        ("1.0.0", "1.0.0+build5"),
        ("1.0.0", "1.0.0.post1"),
        ("v1.2", "v1.10"),
        ("nightly", "0.1"),
    ],
)
def test_versions_sort_by_their_numbers(older: str, newer: str) -> None:
    assert version_key(older) < version_key(newer)


def test_versions_with_the_same_numbers_sort_alike() -> None:
    assert version_key("1.0") == version_key("1.0.0") == version_key("v1.0.0")


def test_the_page_has_a_column_per_version_in_the_order_of_their_numbers(pages: dict[str, str]) -> None:
    page = pages["history.html"]
    head = page.split('<table class="history">')[1].split("</thead>")[0]
    assert re.findall(r'<th scope="col" class="version">([^<]+)<br>', head) == list(VERSIONS)
    assert "<h2>phase.rs: 0.77.0, 0.83.0, 0.103.0</h2>" in page
    for row in scenario_rows(page).values():
        assert len(outcomes_of(row)) == 3


def test_the_eight_scenarios_fixed_in_0_103_0_are_marked_fixed_there_and_none_broke(pages: dict[str, str]) -> None:
    page = pages["history.html"]
    fixed = {c.id.split("::", 1)[1] for c in compare(phase("0.83.0"), phase("0.103.0")).fixed}
    rows = scenario_rows(page)
    marked = {name for name, row in rows.items() if "fixed in 0.103.0" in row}
    assert marked == fixed and len(marked) == 8
    for name in marked:
        assert outcomes_of(rows[name]) == ["FAIL", "FAIL", "PASS"], name
    assert "broke in" not in page and "changed in" not in page and "stops at another step" not in page
    assert sum("fixed in" in row for row in rows.values()) == 8
    assert "0.77.0 → 0.83.0: 0 broken, 0 fixed, 0 changed, 0 added, 0 removed, 455 unchanged" in page
    assert "0.83.0 → 0.103.0: 0 broken, 8 fixed, 0 changed, 0 added, 0 removed, 447 unchanged" in page


def test_every_scenario_has_a_row_with_each_versions_outcome_in_the_sites_colours(pages: dict[str, str]) -> None:
    page = pages["history.html"]
    rows = scenario_rows(page)
    reports = [phase(v) for v in VERSIONS]
    assert len(rows) == len(reports[-1]["scenarios"]) == 455
    for scenario in reports[-1]["scenarios"]:
        row = rows[scenario["name"]]
        expected = [next(s["outcome"] for s in r["scenarios"] if s["id"] == scenario["id"]) for r in reports]
        assert outcomes_of(row) == expected
        for outcome in expected:
            assert f'<td class="o o-{outcome}" title="phase.rs ' in row


def test_a_ruling_row_counts_its_scenarios_passes_per_version(pages: dict[str, str]) -> None:
    page = pages["history.html"]
    for ruling in ("symbol.tap", "symbol.untap", "mana.could-produce"):
        group = page.split(f'<a href="by-card.html#{ruling}">')[1].split("</tr>")[0]
        counts = []
        for version in VERSIONS:
            mine = [s["outcome"] for s in phase(version)["scenarios"] if ruling in s["rulings"]]
            counts.append(f"{mine.count('PASS')} of {len(mine)}")
        assert re.findall(r'<td class="o o-[A-Z-]+" title="[^"]*">(\d+ of \d+)</td>', group) == counts
    tap = page.split('<a href="by-card.html#symbol.tap">')[1].split("</tr>")[0]
    assert '<span class="chg chg-fixed">4 fixed</span>' in tap
    assert re.search(r'<details open><summary><a href="by-card.html#symbol.tap">', page)


def test_scenarios_of_no_ruling_are_grouped_by_feature_file(pages: dict[str, str]) -> None:
    page = pages["history.html"]
    assert '<code>rules/paying_while_casting.feature</code> <span class="where">(no ruling)</span>' in page
    fixed = "A creature&#x27;s mana ability can&#x27;t be activated while casting the turn it came under"
    group = page.split("<code>rules/paying_while_casting.feature</code>")[1].split("</tbody>")[0]
    assert fixed in group and "fixed in 0.103.0" in group


def test_the_page_is_well_formed_and_every_link_resolves(pages: dict[str, str]) -> None:
    ids = {name: structure(page).ids for name, page in pages.items()}
    found = structure(pages["history.html"])
    assert found.problems == [] and found.stack == []
    assert len(found.ids) == len(set(found.ids))
    assert "<script" not in pages["history.html"]
    for link in found.links:
        target, _, anchor = link.partition("#")
        assert target in ("", *pages), link
        assert not anchor or anchor in ids[target or "history.html"], link
    assert sum(link.startswith("#h-phase-rs-") for link in found.links) == 8  # the list of changes


def test_the_index_links_to_the_history(pages: dict[str, str]) -> None:
    assert (
        '<a href="history.html#h-phase-rs">History</a> of phase.rs over its versions (0.77.0, 0.83.0, 0.103.0)'
        in (pages["index.html"])
    )


def test_no_history_without_two_versions_of_one_engine(tmp_path: Path) -> None:
    written = render_docs(tmp_path, [make_report("oracle", "0.1.0"), make_report("other", "0.2.0")], root=ROOT)
    assert "history.html" not in {p.name for p in written}
    assert "history.html" not in (tmp_path / "index.html").read_text(encoding="utf-8")
    assert histories([make_report("oracle", "0.1.0"), make_report("oracle", "0.1.0")]) == []


def test_the_same_version_twice_is_one_column_from_the_report_given_last() -> None:
    first = make_report("oracle", "1.0", {ORCHARD: "FAIL"})
    found = histories([first, make_report("oracle", "2.0"), make_report("oracle", "1.0"), make_report("other", "3")])
    assert [(h.engine, [v.version for v in h.versions]) for h in found] == [("oracle", ["1.0", "2.0"])]
    assert found[0].comparisons[0].changes["fixed"] == []


def test_each_change_is_named_as_compare_files_it() -> None:
    old, new = make_report("oracle", "1.9", {ORCHARD: "FAIL"}), make_report("oracle", "1.10")
    names = [s["name"] for s in old["scenarios"]]
    broken, moved, gone = names[1], names[2], names[3]
    new["scenarios"][1]["outcome"] = "ERROR"
    for report, line in ((old, 3), (new, 4)):
        scenario = report["scenarios"][2]
        scenario.update(outcome="FAIL", failed_step={"keyword": "Then", "text": "x", "line": line})
    del old["scenarios"][3]
    page = history_page(histories([new, old]), load_catalog(ROOT), known=set(names))
    rows = scenario_rows(page)
    assert "fixed in 1.10" in rows[ORCHARD] and outcomes_of(rows[ORCHARD]) == ["FAIL", "PASS"]
    assert '<span class="chg chg-broken">broke in 1.10</span>' in rows[broken]
    assert "stops at another step in 1.10" in rows[moved]
    assert "new in 1.10" in rows[gone] and '<td class="o o-none" title="not in this report">—</td>' in rows[gone]
    assert "1.9 → 1.10: 1 broken, 1 fixed, 1 changed, 1 added, 0 removed" in page


def test_every_text_of_a_report_is_escaped() -> None:
    evil = "<img src=x onerror=alert(1)>"
    reports = [make_report("<script>alert(1)</script>", version) for version in ("1<b>", "2<b>")]
    reports[1]["scenarios"][0].update(name=evil, outcome="<i>WEIRD</i>", rulings=["<u>r</u>"])
    reports[1]["scenarios"][1].update(feature="<s>f</s>.feature", rulings=[])
    page = history_page(histories(reports), load_catalog(ROOT))
    for raw in ("<script>", "<img", "<b>", "<i>", "<u>", "<s>"):
        assert raw not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;: 1&lt;b&gt;, 2&lt;b&gt;" in page
    assert "&lt;img src=x onerror=alert(1)&gt;" in page and '<td class="o o-none" title=' in page


def test_docs_with_the_three_reports_writes_the_history(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    reports = [str(HISTORY / v / "report.json") for v in VERSIONS]
    status = main(["docs", "--out", str(tmp_path / "site"), *(a for r in reports for a in ("--report", r))])
    assert status == 0 and "pages into" in capsys.readouterr().out
    page = (tmp_path / "site" / "history.html").read_text(encoding="utf-8")
    assert page.count("fixed in 0.103.0") == 8


def test_the_history_readme_says_what_the_page_shows(pages: dict[str, str]) -> None:
    """fixtures/engines/phase/history/README.md names the groups the page opens and symbol.tap's counts."""
    readme = " ".join((HISTORY / "README.md").read_text(encoding="utf-8").split())
    page = pages["history.html"]
    opened = re.findall(r"<details open><summary>(?:<a [^>]+>#\d+ )?<code>([^<]+)</code>", page)
    said = readme.split("The groups holding a change (")[1].split(")")[0]
    assert opened == re.findall(r"`([^`]+)`", said)
    tap = page.split('<a href="by-card.html#symbol.tap">')[1].split("</tr>")[0]
    assert re.findall(r">(\d+ of \d+)<", tap) == ["8 of 12", "8 of 12", "12 of 12"]
    assert '("8 of 12", "12 of 12" for `symbol.tap`' in readme
