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
from oracle.suite.docs import render_docs
from oracle.suite.docs.features import read_features
from oracle.suite.docs.html import CSS, link_rules
from oracle.suite.reports.html import render_report_html

ROOT = Path(__file__).resolve().parents[2]
ORCHARD = "Exotic Orchard reflects the color of an opponent's Forest"
OUTCOMES = ("PASS", "FAIL", "ERROR", "TIMEOUT", "SKIP", "PRECONDITION")
VOID = {"meta", "br", "hr", "img", "input", "link", "col", "area", "base", "wbr", "source", "track", "embed"}


def make_report(
    name: str, version: str, outcomes: dict[str, str] | None = None, messages: dict[str, str] | None = None
) -> dict[str, Any]:
    """A report (format 2.0) of every scenario of the suite: PASS unless ``outcomes`` says otherwise.

    A scenario that did not pass stopped at its last step, which expected "{G}" and observed
    its message."""
    scenarios = []
    for text in read_features(ROOT)[0]:
        outcome = (outcomes or {}).get(text.name, "PASS")
        message = (messages or {}).get(text.name, "")
        last = text.steps[-1]
        failed = outcome not in ("PASS", "SKIP")
        steps = [
            {
                "keyword": step.keyword,
                "text": step.text,
                "line": step.line,
                "status": ("failed" if step is last else "passed")
                if failed
                else "passed"
                if outcome == "PASS"
                else "skipped",
                "duration": 0.001,
            }
            for step in text.steps
        ]
        scenarios.append(
            {
                "id": f"{text.feature.removeprefix('features/')}::{text.name}",
                "name": text.name,
                "feature": text.feature.removeprefix("features/"),
                "feature_name": text.feature_name,
                "line": text.line,
                "rulings": list(text.rulings),
                "rules": list(text.rules),
                "needs": list(text.needs),
                "outcome": outcome,
                "message": message or ("" if outcome == "PASS" else f"{outcome.lower()} for the test"),
                "duration": 0.01,
                "failed_step": {"keyword": last.keyword, "text": last.text, "line": last.line} if failed else None,
                "expected": None if outcome == "PASS" else "{G}",
                "observed": None if outcome == "PASS" else message or f"{outcome.lower()} for the test",
                "steps": steps,
            }
        )
    totals = dict.fromkeys(OUTCOMES, 0)
    for scenario in scenarios:
        totals[scenario["outcome"]] += 1
    ran = len(scenarios) - totals["SKIP"]
    return {
        "format_version": "2.0",
        "suite": {"name": "mtg-conformance", "version": "0.1.0", "contract": "1.2.0", "protocol": "1.0"},
        "engine": {"spec": "tests:Engine", "name": name, "version": version, "capabilities": ["could-produce"]},
        "date": "2026-11-30T05:00:00+00:00",
        "duration": 1.5,
        "totals": totals,
        "pass_rate": round(totals["PASS"] / ran, 4) if ran else None,
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
    """Every page rendered from the real suite with two engines' reports."""
    out = tmp_path_factory.mktemp("docs")
    reports = [
        make_report("oracle", "0.1.0", {ORCHARD: "FAIL"}, {ORCHARD: "Alice's mana pool holds {C}"}),
        make_report("other", "2.0", {ORCHARD: "SKIP"}),
    ]
    written = render_docs(out, reports, root=ROOT)
    assert written[:5] == [
        out / n for n in ("index.html", "by-card.html", "scenarios.html", "by-rule.html", "cards.html")
    ]
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


def block_of(page: str, scenario: str) -> str:
    """The written-out scenario (a <details> element) with that name."""
    blocks = [b for b in page.split('<details class="sc"')[1:] if f"<strong>{html.escape(scenario)}</strong>" in b]
    assert blocks, f"no block for {scenario!r}"
    return blocks[0].split("</details>")[0]


def test_pages_are_self_contained_well_formed_html_whose_links_all_resolve(pages: dict[str, str]) -> None:
    ids = {name: structure(page).ids for name, page in pages.items()}
    for name, page in pages.items():
        assert page.startswith('<!DOCTYPE html>\n<html lang="en">'), name
        assert '<meta charset="utf-8">' in page and "<style>" in page and 'name="viewport"' in page
        assert "<script" not in page and "http://" not in page and "https://" not in page
        found = structure(page)
        assert found.problems == [] and found.stack == [], name
        assert len(found.ids) == len(set(found.ids)), f"{name}: duplicate ids"
        assert {"head", "body", "main", "title", "h1"} <= found.tags
        for link in found.links:
            target, _, anchor = link.partition("#")
            assert target in ("", *pages), f"{name}: link to {link}"
            assert not anchor or anchor in ids[target or name], f"{name}: broken anchor {link}"


def test_dark_mode_follows_the_system() -> None:
    assert "@media (prefers-color-scheme: dark)" in CSS and "color-scheme: light dark" in CSS


def test_index_counts_matrix_and_summary_per_engine(pages: dict[str, str]) -> None:
    index = pages["index.html"]
    catalog = load_catalog(ROOT)
    count = len(feature_tags(ROOT / "features"))
    for href in ("by-card.html", "scenarios.html", "cards.html", "by-rule.html"):
        assert f'href="{href}"' in index
    assert f"<th>rulings</th><td>{len(catalog.rulings)}</td>" in index
    assert f"<th>scenarios</th><td>{count}</td>" in index
    assert "<th>rulings with no scenario yet</th><td>0</td>" in index
    assert '<th scope="col">oracle<br><span class="where">0.1.0<br>2026-11-30</span></th>' in index
    assert '<th scope="col">other<br><span class="where">2.0<br>2026-11-30</span></th>' in index
    matrix = index.split('<table class="matrix">')[1].split("</table>")[0]
    rows = re.findall(r"<tr><td>(\d+)</td><th scope=\"row\">.*?<code>(.*?)</code>.*?</tr>", matrix)
    assert [r for _, r in rows] == [r.id for r in sorted(catalog.rulings.values(), key=lambda r: r.number)]
    row = matrix.split("<code>mana.could-produce</code>")[1].split("</tr>")[0]
    cells = re.findall(r'<a class="o o-(\w+)" href="by-card.html#mana.could-produce"', row)
    assert cells == ["FAIL", "PARTIAL"]  # oracle: the Orchard fails; other: it is skipped, the rest pass
    assert 'class="o o-PASS" href="by-card.html#symbol.tap"' in matrix
    assert f"<td>{(count - 1) / count:.1%}".replace("%", " %") in index  # oracle: one FAIL
    assert "<td>100.0 %</td>" in index  # other: one SKIP, not counted
    assert f"<td>{len(catalog.rulings) - 1} of {len(catalog.rulings)}</td>" in index  # rulings passed


def test_every_ruling_is_written_out_once_with_its_permanent_anchor(pages: dict[str, str]) -> None:
    catalog = load_catalog(ROOT)
    card = pages["by-card.html"]
    for ruling in catalog.rulings.values():
        assert card.count(f'<article id="{ruling.id}">') == 1
        assert card.count(link_rules(ruling.text, catalog.rules)) == 1, f"{ruling.id} is written out more than once"
        assert f'href="by-card.html#{ruling.id}"' in pages["index.html"]


def test_rulings_shared_by_several_card_pages_are_linked_from_each(pages: dict[str, str]) -> None:
    catalog = load_catalog(ROOT)
    card = pages["by-card.html"]
    shared = [r for r in catalog.rulings.values() if len(r.pages) > 1]
    assert shared, "the mana rulings are on three card pages"
    section = card.split('<section id="shared-')[1].split("</section>")[0]
    for ruling in shared:
        assert f'<article id="{ruling.id}">' in section
    anchor = re.search(r'<section id="(shared-[^"]+)"', card)[1]
    for page in shared[0].pages:
        own = card.split(f'<section id="card-{re.sub(r"[^a-z0-9]+", "-", page.lower()).strip("-")}">')
        assert len(own) == 2, page
        assert f'href="#{anchor}"' in own[1].split("</section>")[0]


def test_a_ruling_lists_its_rules_with_titles_and_engine_outcomes(pages: dict[str, str]) -> None:
    catalog = load_catalog(ROOT)
    article = pages["by-card.html"].split('<article id="mana.tap-for-mana">')[1].split("</article>")[0]
    for number in catalog.rulings["mana.tap-for-mana"].rules:
        assert f'<a href="by-rule.html#cr-{number}">{number}</a> {html.escape(catalog.rules[number].title)}' in article
    orchard = pages["by-card.html"].split('<article id="mana.could-produce">')[1].split("</article>")[0]
    assert '<li>oracle 0.1.0: <span class="o o-FAIL">FAIL</span></li>' in orchard


def test_cr_numbers_in_texts_and_tags_link_to_their_paragraph(pages: dict[str, str]) -> None:
    rules = pages["by-rule.html"]
    catalog = load_catalog(ROOT)
    citing = [r for r in catalog.rules.values() if re.search(r"rule (\d{3}\.\d+[a-z]?)", r.text)]
    linked = [(r, m) for r in citing for m in re.findall(r"rule (\d{3}\.\d+[a-z]?)", r.text) if m in catalog.rules]
    assert linked, "some rule text refers to another rule of the index"
    for rule, number in linked:
        section = rules.split(f'<section id="cr-{rule.number}">')[1].split("</section>")[0]
        assert f'<a href="by-rule.html#cr-{number}">{number}</a>' in section
    block = block_of(pages["scenarios.html"], ORCHARD)
    assert '@cr:<a href="by-rule.html#cr-106.7">106.7</a>' in block
    assert '@ruling:<a href="by-card.html#mana.could-produce">mana.could-produce</a>' in block
    assert '(CR <a href="by-rule.html#cr-106.7">106.7</a>)' in pages["scenarios.html"]  # a feature's description


def test_every_scenario_is_on_the_scenarios_page_once_with_its_steps_place_and_cards(pages: dict[str, str]) -> None:
    listing = pages["scenarios.html"]
    tagged = feature_tags(ROOT / "features")
    for scenario in tagged:
        anchor = "s-" + re.sub(r"[^a-z0-9]+", "-", scenario.name.lower()).strip("-")
        assert listing.count(f'id="{anchor}"') == 1, scenario.name
    orchard = next(t for t in tagged if t.name == ORCHARD)
    block = block_of(listing, ORCHARD)
    assert f"features/mana/could_produce.feature:{orchard.line}" in block
    for keyword, text in [
        ("Given", "a game between Alice and Bob"),  # from the Background
        ("Given", "Alice controls Exotic Orchard"),
        ("And", "Bob controls Forest"),
        ("When", "Alice taps Exotic Orchard for mana"),
        ("Then", "Alice must choose among {G}"),
        ("Then", "Alice&#x27;s mana pool contains exactly {G}"),
    ]:
        assert f'<span class="kw">{keyword}</span> {text}</li>' in block
    assert (
        'Cards: <a href="card-exotic-orchard.html">Exotic Orchard</a>, <a href="card-forest.html">Forest</a>' in block
    )


def test_a_scenario_that_did_not_pass_is_open_with_its_failed_step_and_why(pages: dict[str, str]) -> None:
    block = block_of(pages["scenarios.html"], ORCHARD)
    assert block.split(">")[0].endswith(" open"), "a scenario an engine did not pass is open"
    failed = re.findall(r'<li class="failed"[^>]*>(.*?)</li>', block)
    assert failed and failed[0].endswith('<span class="kw">Then</span> Alice&#x27;s mana pool contains exactly {G}')
    assert '<span class="o o-FAIL">FAIL</span> <strong>oracle 0.1.0</strong> at line' in block
    assert '<div class="exp"><strong>expected</strong><br>{G}</div>' in block
    assert '<div class="obs"><strong>observed</strong><br>Alice&#x27;s mana pool holds {C}</div>' in block
    assert 'title="oracle 0.1.0: FAIL"' in block and 'title="other 2.0: SKIP"' in block
    passing = block_of(pages["scenarios.html"], "A tapped land still counts, because costs are ignored")
    assert " open" not in passing.split(">")[0], "a scenario every engine passed folds away"


def test_the_filter_works_by_outcome_ruling_card_and_cr_paragraph(pages: dict[str, str]) -> None:
    listing = pages["scenarios.html"]
    for select in ("f-o", "f-r", "f-c", "f-cr"):
        assert f'<select id="{select}"><option value="" selected>any</option>' in listing
    assert '<option value="FAIL">FAIL</option>' in listing and '<option value="not-pass">' in listing
    assert '<option value="exotic-orchard">Exotic Orchard</option>' in listing
    assert '<option value="106.7">106.7</option>' in listing
    assert 'body:has(#f-c option[value="exotic-orchard"]:checked) details.sc:not([data-c~="exotic-orchard"])' in listing
    block = block_of(listing, ORCHARD)
    assert 'data-o="FAIL SKIP not-pass"' in block and 'data-r="mana.could-produce"' in block
    assert 'data-c="exotic-orchard forest"' in block and 'data-cr="106.7"' in block


def test_each_card_a_scenario_uses_has_a_page_with_its_oracle_text(pages: dict[str, str]) -> None:
    orchard = pages["card-exotic-orchard.html"]
    assert "<title>Exotic Orchard</title>" in orchard
    assert "<dt>Type</dt><dd>Land</dd>" in orchard
    assert html.escape("{T}: Add one mana of any color that a land an opponent controls could produce.") in orchard
    assert '<a href="by-card.html#mana.could-produce">' in orchard
    assert (
        f'<a href="scenarios.html#s-exotic-orchard-reflects-the-color-of-an-opponent-s-forest">{html.escape(ORCHARD)}</a>'
        in orchard
    )
    assert "<dt>Mana cost</dt><dd>{1}{G}</dd>" in pages["card-grizzly-bears.html"]
    assert "<dt>Power/toughness</dt><dd>2/2</dd>" in pages["card-grizzly-bears.html"]
    cards = [n for n in pages if n.startswith("card-")]
    assert len(cards) > 40
    for name in cards:
        assert f'href="{name}"' in pages["cards.html"]


def test_by_rule_holds_every_paragraph_in_numeric_order_with_rulings_and_scenarios(pages: dict[str, str]) -> None:
    catalog = load_catalog(ROOT)
    page = pages["by-rule.html"]
    numbers = re.findall(r'<section id="cr-([^"]+)">', page)
    keys = []
    for number in numbers:
        major, minor, letter = re.fullmatch(r"(\d+)\.(\d+)([a-z]?)", number).groups()
        keys.append((int(major), int(minor), letter))
    assert keys == sorted(keys)
    assert set(numbers) == set(catalog.rules)
    section = page.split('<section id="cr-106.7">')[1].split("</section>")[0]
    assert link_rules(catalog.rules["106.7"].text, catalog.rules) in section
    assert "<code>mana.could-produce</code>" in section
    assert f"{html.escape(ORCHARD)}</a>" in section


def test_without_reports_there_is_no_outcome(tmp_path: Path) -> None:
    render_docs(tmp_path, root=ROOT)
    for page in ("index.html", "by-card.html", "scenarios.html"):
        text = (tmp_path / page).read_text(encoding="utf-8")
        assert 'class="o ' not in text and " open>" not in text


def test_a_ruling_without_scenario_says_so(copy_root: Path) -> None:
    for path in (copy_root / "features").rglob("*.feature"):
        path.write_text(path.read_text(encoding="utf-8").replace("@ruling:symbol.untap", "@ruling:symbol.tap"), "utf-8")
    render_docs(copy_root / "out", root=copy_root)
    card = (copy_root / "out" / "by-card.html").read_text(encoding="utf-8")
    article = card.split('<article id="symbol.untap">')[1].split("</article>")[0]
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
    assert f"<strong>{html.escape(ORCHARD)}</strong>" in (copy_root / "out" / "scenarios.html").read_text("utf-8")


def test_all_text_is_escaped(copy_root: Path) -> None:
    feature = copy_root / "features" / "mana" / "could_produce.feature"
    text = feature.read_text(encoding="utf-8")
    evil = 'Orchard <b>bold</b> & "quoted"'
    feature.write_text(text.replace(f"Scenario: {ORCHARD}", f"Scenario: {evil}"), encoding="utf-8")
    report = small_report(["FAIL"])
    report["engine"]["name"] = "<script>alert(1)</script>"
    report["scenarios"][0].update(name=evil, message="<img src=x onerror=alert(1)>", observed="<img src=x>")
    render_docs(copy_root / "out", [report], root=copy_root)
    for page in [
        *(p.read_text(encoding="utf-8") for p in (copy_root / "out").iterdir()),
        render_report_html(report, copy_root),
    ]:
        assert "<b>bold</b>" not in page and "<script>" not in page and "<img" not in page
    listing = (copy_root / "out" / "scenarios.html").read_text(encoding="utf-8")
    assert "Orchard &lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot;" in listing
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in (copy_root / "out" / "index.html").read_text(encoding="utf-8")
    assert "&lt;img src=x&gt;" in listing
