"""Across the certified engines (oracle/suite/across.py): the scenarios every real engine fails are
each re-checked (fixtures/engines/across.toml equals what the committed certifications say), the
lists count only scenarios that ran, the docs show every committed certification as a column
with the lists, report.md sets a run beside the real engines, and the record of the last fresh
certification (fixtures/engines/RECERTIFIED.md) names the totals committed today."""

from __future__ import annotations

import html
import re
import subprocess
import sys
from pathlib import Path

import pytest

from oracle.errors import UserError
from oracle.suite.across import certified, failing_alone, failing_everywhere, reviews
from oracle.suite.catalog import load_catalog
from oracle.suite.reports.across_section import across_markdown, others_for
from oracle.suite.reports.markdown import report_markdown

ROOT = Path(__file__).resolve().parents[2]
COMMITTED = certified(ROOT)
REAL = [c for c in COMMITTED if c.real]


def test_the_engines_file_names_every_committed_certification_and_three_real_engines() -> None:
    folders = {p.parent.name for p in (ROOT / "fixtures" / "engines").glob("*/report.json")}
    assert {c.folder for c in COMMITTED} == folders
    assert [c.folder for c in REAL] == ["phase", "argentum", "forge"]


def test_every_scenario_every_real_engine_fails_is_re_checked_and_nothing_else() -> None:
    everywhere = failing_everywhere([c.outcomes for c in REAL])
    checked = reviews(ROOT)
    assert sorted(checked) == everywhere, "fixtures/engines/across.toml is not what the certifications say"
    for review in checked.values():
        assert review.verdict == "upheld", review  # a wrong scenario is fixed, never listed
        assert re.search(r"\b\d{3}\.\d+[a-z]?\b", review.finding), f"{review.scenario}: no CR paragraph"
        assert '"' in review.finding, f"{review.scenario}: the deciding words are not quoted"


def test_the_re_checks_quote_the_comprehensive_rules_word_for_word() -> None:
    text = (ROOT / "fixtures" / "comprehensive_rules" / "MagicCompRules-20260227.txt").read_text(encoding="utf-8")
    text = _straight(text)
    for review in reviews(ROOT).values():
        finding = review.finding.replace("\u201c", "\u2018").replace("\u201d", "\u2019")  # quotes in quotes
        for quote in re.findall(r'\d{3}\.\d+[a-z]?: "([^"]+)"', finding):
            assert _straight(quote) in text, f"{review.scenario}: not the CR's words: {quote}"


def _straight(text: str) -> str:
    return text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", "'").replace("\u201d", "'")


def test_only_scenarios_that_ran_count() -> None:
    a = {"s1": "FAIL", "s2": "FAIL", "s3": "FAIL", "s4": "PASS", "s5": "ERROR"}
    b = {"s1": "FAIL", "s2": "UNSUPPORTED", "s3": "PASS", "s4": "FAIL", "s5": "TIMEOUT"}
    c = {"s1": "SKIP", "s2": "PRECONDITION", "s3": "PASS", "s4": "PASS", "s5": "FAIL"}
    assert failing_everywhere([a, b, c]) == ["s1", "s5"]  # s2 ran on one engine only
    assert failing_alone(a, [b, c]) == ["s3"]  # s2: nobody else ran it; s1, s5: others failed too
    assert failing_alone(b, [a, c]) == ["s4"]  # s5: engine a did not pass it either
    assert failing_alone({"s1": "FAIL"}, [{"s1": "UNSUPPORTED"}]) == []


def test_docs_certified_shows_every_committed_engine_and_the_lists(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "oracle.suite.cli", "docs", "--certified", "--out", str(tmp_path)],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    index = (tmp_path / "index.html").read_text(encoding="utf-8")
    matrix = index[index.index('<table class="matrix">') :]
    heads = re.findall(r'<th scope="col">([^<]+)<br>', matrix)
    assert heads == [html.escape(c.name, quote=True) for c in COMMITTED], heads
    across = index[index.index("<h2>Across the real engines</h2>") : index.index("<h2>Rulings</h2>")]
    for review in reviews(ROOT).values():
        assert html.escape(review.finding, quote=True) in across, review.scenario
    for engine in REAL:
        assert f"{html.escape(engine.label, quote=True)} alone did not pass" in across
    assert "reference" not in across and "example-js" not in across  # not real engines


def test_report_md_sets_a_run_beside_the_real_engines() -> None:
    phase = next(c for c in REAL if c.folder == "phase")
    report = dict(phase.report)
    others, checked = others_for(report, ROOT)
    assert [o.folder for o in others] == ["argentum", "forge"]  # not itself, not the reference
    text = report_markdown(report, load_catalog(ROOT), others, checked)
    section = text[text.index("## Across the certified engines") : text.index("## Rulings")]
    alone = failing_alone(phase.outcomes, [o.outcomes for o in others])
    assert f"### Not passed here alone ({len(alone)})" in section and alone
    assert all(f"`{key}`" in section for key in alone)
    assert "upheld on re-check" in section
    assert across_markdown(report, [], checked) == []


def test_committed_reports_carry_the_section_as_a_fresh_certify_writes_it() -> None:
    for engine in COMMITTED:
        others, checked = others_for(engine.report, ROOT)
        text = (ROOT / "fixtures" / "engines" / engine.folder / "report.md").read_text(encoding="utf-8")
        wanted = "\n".join(across_markdown(engine.report, others, checked))
        assert wanted in text, f"{engine.folder}/report.md: its section across engines is stale"


def test_a_missing_certification_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "fixtures" / "engines").mkdir(parents=True)
    (tmp_path / "fixtures" / "engines" / "engines.toml").write_text('[[engine]]\nfolder = "gone"\n', encoding="utf-8")
    with pytest.raises(UserError, match=r"gone/report\.json"):
        certified(tmp_path)


def test_the_record_of_the_last_fresh_certification_names_todays_totals() -> None:
    record = (ROOT / "fixtures" / "engines" / "RECERTIFIED.md").read_text(encoding="utf-8")
    for engine in COMMITTED:
        totals = ", ".join(f"{n} {o}" for o, n in engine.report["totals"].items() if n)
        assert f"| {engine.folder} | equal | {engine.name} {engine.version}: {totals} |" in record, engine.folder


def test_an_engines_own_readme_says_its_committed_totals() -> None:
    for engine in COMMITTED:
        readme = ROOT / "fixtures" / "engines" / engine.folder / "README.md"
        said = re.findall(r"Of (\d+) scenarios: \*\*([^*]+)\*\*", readme.read_text(encoding="utf-8")) if readme.is_file() else []
        totals = ", ".join(f"{n} {o}" for o, n in engine.report["totals"].items() if n)
        for count, text in said:
            assert (int(count), text) == (len(engine.outcomes), totals), f"{readme}: says {count}: {text}"
