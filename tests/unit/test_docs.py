"""The HTML living documentation and certification report (oracle/docs.py), checked by their content."""

from __future__ import annotations

import html
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from oracle.suite.catalog import feature_tags, load_catalog
from oracle.suite.docs import render_docs, render_report_html

ROOT = Path(__file__).resolve().parents[2]
ORCHARD = "Exotic Orchard reflects the color of an opponent's Forest"
OUTCOMES = ("PASS", "FAIL", "ERROR", "TIMEOUT", "SKIP", "PRECONDITION")
VOID = {"meta", "br", "hr", "img", "input", "link", "col", "area", "base", "wbr", "source", "track", "embed"}


def make_report(
    name: str, version: str, outcomes: dict[str, str] | None = None, messages: dict[str, str] | None = None
) -> dict[str, Any]:
    """A report of every scenario of the suite: PASS unless ``outcomes`` says otherwise."""
    scenarios = []
    for tagged in feature_tags(ROOT / "features"):
        feature = tagged.path.relative_to(ROOT).as_posix()
        outcome = (outcomes or {}).get(tagged.name, "PASS")
        scenarios.append(
            {
                "id": f"{feature}::{tagged.name}",
                "name": tagged.name,
                "feature": feature,
                "line": tagged.line,
                "rulings": list(tagged.rulings),
                "rules": list(tagged.rules),
                "needs": [],
                "outcome": outcome,
                "message": (messages or {}).get(tagged.name, ""),
            }
        )
    totals = dict.fromkeys(OUTCOMES, 0)
    for scenario in scenarios:
        totals[scenario["outcome"]] += 1
    return {
        "suite": {"name": "mtg-conformance", "version": "0.1.0", "contract": "1.2.0", "protocol": "1.0"},
        "engine": {"spec": "tests:Engine", "name": name, "version": version, "capabilities": ["could-produce"]},
        "date": "2026-11-30T05:00:00+00:00",
        "totals": totals,
        "pass_rate": 0.0,
        "scenarios": scenarios,
    }


def small_report(outcomes: list[str], with_totals: bool = True) -> dict[str, Any]:
    """A report of the first scenarios of the suite with the given outcomes."""
    report = make_report("tiny", "9.9")
    report["scenarios"] = report["scenarios"][: len(outcomes)]
    for scenario, outcome in zip(report["scenarios"], outcomes, strict=True):
        scenario["outcome"] = outcome
    if with_totals:
        report["totals"] = {o: outcomes.count(o) for o in OUTCOMES}
    else:
        del report["totals"]
    return report


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The three pages rendered from the real suite with two engines' reports."""
    out = tmp_path_factory.mktemp("docs")
    reports = [
        make_report("oracle", "0.1.0", {ORCHARD: "FAIL"}, {ORCHARD: "expected {G}, got {C}"}),
        make_report("other", "2.0", {ORCHARD: "SKIP"}),
    ]
    written = render_docs(out, reports, root=ROOT)
    assert written == [out / "index.html", out / "by-card.html", out / "by-rule.html"]
    return {path.name: path.read_text(encoding="utf-8") for path in written}


@pytest.fixture
def copy_root(tmp_path: Path) -> Path:
    """A writable copy of fixtures/ and features/."""
    shutil.copytree(ROOT / "fixtures", tmp_path / "fixtures")
    shutil.copytree(ROOT / "features", tmp_path / "features")
    return tmp_path


class Structure(HTMLParser):
    """Collects the problems of a page: unbalanced tags, duplicate ids, and the ids and links it has."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.problems: list[str] = []
        self.ids: list[str] = []
        self.links: list[str] = []
        self.tags: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)
        attributes = dict(attrs)
        if attributes.get("id"):
            self.ids.append(str(attributes["id"]))
        if tag == "a" and attributes.get("href"):
            self.links.append(str(attributes["href"]))
        if tag not in VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if not self.stack or self.stack[-1] != tag:
            self.problems.append(f"</{tag}> closes <{self.stack[-1] if self.stack else ''}>")
        else:
            self.stack.pop()


def structure(page: str) -> Structure:
    parser = Structure()
    parser.feed(page)
    parser.close()
    return parser


def row_of(page: str, scenario: str) -> str:
    """The table row that shows a scenario."""
    rows = [row for row in page.split("<tr>") if f"<strong>{html.escape(scenario)}</strong>" in row]
    assert rows, f"no row for {scenario!r}"
    return rows[0]


def test_pages_are_self_contained_well_formed_html(pages: dict[str, str]) -> None:
    ids = {name: structure(page).ids for name, page in pages.items()}
    for name, page in pages.items():
        assert page.startswith('<!DOCTYPE html>\n<html lang="en">'), name
        assert '<meta charset="utf-8">' in page and "<style>" in page
        assert "<script" not in page and "http://" not in page and "https://" not in page
        found = structure(page)
        assert found.problems == [] and found.stack == [], name
        assert len(found.ids) == len(set(found.ids)), f"{name}: duplicate ids"
        assert {"head", "body", "main", "title", "h1"} <= found.tags
        for link in found.links:
            target, _, anchor = link.partition("#")
            assert target in ("", *pages), f"{name}: link to {link}"
            assert not anchor or anchor in ids[target or name], f"{name}: broken anchor {link}"


def test_index_counts_and_links_to_both_groupings(pages: dict[str, str]) -> None:
    index = pages["index.html"]
    catalog = load_catalog(ROOT)
    assert 'href="by-card.html"' in index and 'href="by-rule.html"' in index
    assert f"<th>rulings</th><td>{len(catalog.rulings)}</td>" in index
    assert f"<th>scenarios</th><td>{len(feature_tags(ROOT / 'features'))}</td>" in index
    assert "<th>rulings with no scenario yet</th><td>0</td>" in index
    for ruling in catalog.rulings:
        assert f"<code>{ruling}</code>" in index


def test_every_ruling_is_on_both_groupings_with_its_text(pages: dict[str, str]) -> None:
    catalog = load_catalog(ROOT)
    for ruling in catalog.rulings.values():
        assert f"<code>{ruling.id}</code>" in pages["by-card.html"]
        assert f"<code>{ruling.id}</code>" in pages["by-rule.html"]
        assert html.escape(ruling.text) in pages["by-card.html"]


def test_by_card_groups_rulings_under_each_of_their_card_pages(pages: dict[str, str]) -> None:
    catalog = load_catalog(ROOT)
    sections = re.findall(r'<section id="card-[^"]*"><h2>(.*?)</h2>(.*?)</section>', pages["by-card.html"])
    ordered = sorted(catalog.rulings.values(), key=lambda r: r.number)
    titles = [html.unescape(title) for title, _ in sections]
    assert titles == list(dict.fromkeys(page for r in ordered for page in r.pages))
    for title, (_, body) in zip(titles, sections, strict=True):
        expected = [r.id for r in ordered if title in r.pages]
        assert re.findall(r"<h3>#\d+ <code>(.*?)</code></h3>", body) == expected


def test_a_ruling_lists_its_rules_with_titles(pages: dict[str, str]) -> None:
    catalog = load_catalog(ROOT)
    article = pages["by-card.html"].split('id="zinnia-valley-s-voice--mana.tap-for-mana"')[1].split("</article>")[0]
    for number in catalog.rulings["mana.tap-for-mana"].rules:
        assert f'<a href="by-rule.html#cr-{number}">{number}</a> {html.escape(catalog.rules[number].title)}' in article


def test_scenarios_are_written_out_with_their_steps_and_place(pages: dict[str, str]) -> None:
    tagged = next(t for t in feature_tags(ROOT / "features") if t.name == ORCHARD)
    row = row_of(pages["by-card.html"], ORCHARD)
    assert f"features/mana/could_produce.feature:{tagged.line}" in row
    for keyword, text in [
        ("Given", "a game between Alice and Bob"),  # from the Background
        ("Given", "Alice controls Exotic Orchard"),
        ("And", "Bob controls Forest"),
        ("When", "Alice taps Exotic Orchard for mana"),
        ("Then", "Alice must choose among {G}"),
        ("Then", "Alice&#x27;s mana pool contains exactly {G}"),
    ]:
        assert f'<span class="kw">{keyword}</span> {text}</li>' in row
    assert "@ruling:mana.could-produce" in row and "@cr:106.7" in row


def test_by_rule_is_in_numeric_order_with_rule_text_rulings_and_scenarios(pages: dict[str, str]) -> None:
    catalog = load_catalog(ROOT)
    page = pages["by-rule.html"]
    numbers = re.findall(r'<section id="cr-([^"]+)">', page)
    keys = []
    for number in numbers:
        major, minor, letter = re.fullmatch(r"(\d+)\.(\d+)([a-z]?)", number).groups()
        keys.append((int(major), int(minor), letter))
    assert keys == sorted(keys)
    assert numbers.index("106.7") < numbers.index("106.12") < numbers.index("106.12a") < numbers.index("107.3i")
    cited = {n for r in catalog.rulings.values() for n in r.rules} | {
        n for t in feature_tags(ROOT / "features") for n in t.rules
    }
    assert set(numbers) == cited
    section = page.split('<section id="cr-106.7">')[1].split("</section>")[0]
    assert html.escape(catalog.rules["106.7"].text) in section
    assert "<code>mana.could-produce</code>" in section
    assert f"<strong>{html.escape(ORCHARD)}</strong>" in section


def test_outcomes_of_each_engine_are_shown_beside_each_scenario(pages: dict[str, str]) -> None:
    for name in ("by-card.html", "by-rule.html"):
        page = pages[name]
        assert "<th>scenario</th><th>oracle 0.1.0</th><th>other 2.0</th>" in page
        orchard = row_of(page, ORCHARD)
        assert '<td class="o o-FAIL">FAIL<div class="msg">expected {G}, got {C}</div></td>' in orchard
        assert '<td class="o o-SKIP">SKIP</td>' in orchard
        assert re.search(r'<td class="o o-PASS">PASS</td><td class="o o-PASS">PASS</td>', page)
    index = pages["index.html"]
    count = len(feature_tags(ROOT / "features"))
    assert f"<td>{(count - 1) / count:.1%}".replace("%", " %") in index  # oracle: one FAIL
    assert "<td>100.0 %</td>" in index  # other: one SKIP, not counted


def test_without_reports_there_is_no_outcome_column(tmp_path: Path) -> None:
    render_docs(tmp_path, root=ROOT)
    page = (tmp_path / "by-card.html").read_text(encoding="utf-8")
    assert "<thead><tr><th>scenario</th></tr></thead>" in page
    assert 'class="o ' not in page


def test_a_ruling_without_scenario_says_so(copy_root: Path) -> None:
    for path in (copy_root / "features").rglob("*.feature"):
        path.write_text(path.read_text(encoding="utf-8").replace("@ruling:symbol.untap", "@ruling:symbol.tap"), "utf-8")
    render_docs(copy_root / "out", root=copy_root)
    card = (copy_root / "out" / "by-card.html").read_text(encoding="utf-8")
    article = card.split('--symbol.untap"')[1].split("</article>")[0]
    assert '<p class="none">no scenario yet</p>' in article
    index = (copy_root / "out" / "index.html").read_text(encoding="utf-8")
    assert "<th>rulings with no scenario yet</th><td>1</td>" in index


def test_an_unparsable_feature_file_is_an_error_entry(copy_root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (copy_root / "features" / "mana" / "broken.feature").write_text(
        "@ruling:symbol.tap @cr:302.6\nFeature: Broken\n  Scenario: A broken scenario\n    And it starts with And\n",
        encoding="utf-8",
    )
    (copy_root / "features" / "empty.feature").write_text("", encoding="utf-8")
    monkeypatch.setenv("MTG_CONFORMANCE_ROOT", str(copy_root))
    written = render_docs(copy_root / "out")
    for path in written:
        page = path.read_text(encoding="utf-8")
        assert '<div class="error"><strong>2 feature file(s) could not be parsed' in page
        assert "<code>features/mana/broken.feature</code>: line 4: First step" in page
        assert "<code>features/empty.feature</code>" in page
        assert "A broken scenario" not in page
    assert f"<strong>{html.escape(ORCHARD)}</strong>" in written[1].read_text(encoding="utf-8")


def test_all_text_is_escaped(copy_root: Path) -> None:
    feature = copy_root / "features" / "mana" / "could_produce.feature"
    text = feature.read_text(encoding="utf-8")
    evil = 'Orchard <b>bold</b> & "quoted"'
    feature.write_text(text.replace(f"Scenario: {ORCHARD}", f"Scenario: {evil}"), encoding="utf-8")
    report = small_report(["FAIL"])
    report["engine"]["name"] = "<script>alert(1)</script>"
    report["scenarios"][0].update(name=evil, message="<img src=x onerror=alert(1)>")
    render_docs(copy_root / "out", [report], root=copy_root)
    for page in [
        *(p.read_text(encoding="utf-8") for p in (copy_root / "out").iterdir()),
        render_report_html(report, copy_root),
    ]:
        assert "<b>bold</b>" not in page and "<script>" not in page and "<img" not in page
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    card = (copy_root / "out" / "by-card.html").read_text(encoding="utf-8")
    assert "Orchard &lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot;" in card
    assert "&lt;img src=x onerror=alert(1)&gt;" in card


def test_report_header_totals_and_pass_rate_leave_skips_out() -> None:
    report = small_report(["PASS", "PASS", "PASS", "FAIL", "SKIP", "SKIP", "SKIP", "SKIP"])
    page = render_report_html(report, ROOT)
    assert "<title>Certification report: tiny 9.9</title>" in page
    for fact in ("tiny 9.9 (spec tests:Engine)", "mtg-conformance 0.1.0", "1.2.0", "1.0", "2026-11-30T05:00:00+00:00"):
        assert f"<td>{fact}</td>" in page
    assert '<span class="rate">75.0 %</span> (3 passed of 4 scenarios that ran)' in page
    assert "Skipped, not counted in the rate: 4." in page
    assert "37.5" not in page  # 3 of 8 would count the skips
    assert structure(page).problems == []


def test_report_counts_totals_itself_when_absent_and_says_when_nothing_ran() -> None:
    page = render_report_html(small_report(["PASS", "ERROR", "TIMEOUT"], with_totals=False), ROOT)
    assert "(1 passed of 3 scenarios that ran)" in page
    page = render_report_html(small_report(["SKIP", "SKIP"]), ROOT)
    assert '<span class="rate">n/a (nothing ran)</span>' in page


def test_report_tables_by_ruling_and_by_rule() -> None:
    catalog = load_catalog(ROOT)
    report = make_report("oracle", "0.1.0", {ORCHARD: "FAIL"}, {ORCHARD: "expected {G}"})
    report["scenarios"] = [s for s in report["scenarios"] if "symbol.untap" not in s["rulings"]]
    page = render_report_html(report, ROOT)
    for ruling in catalog.rulings.values():
        assert f"<td>{ruling.number}</td><td><code>{ruling.id}</code></td><td>{html.escape(ruling.text)}</td>" in page
    untap = page.split("<code>symbol.untap</code>")[1].split("</tr>")[0]
    assert '<span class="none">not run</span>' in untap
    assert f'<span class="o o-FAIL">FAIL</span> {html.escape(ORCHARD)}<div class="msg">expected {{G}}</div>' in page
    ran = [s for s in report["scenarios"] if "106.7" in s["rules"]]
    title = html.escape(catalog.rules["106.7"].title)
    assert f"<tr><td>106.7</td><td>{title}</td><td>{len(ran) - 1}/{len(ran)}</td><td>0</td></tr>" in page
