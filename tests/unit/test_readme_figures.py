"""The README's figures are checked against what they count, not typed from memory: the scenarios
and the ``@rules`` and core ones, the rulings, the capabilities, the wrong engines, and phase.rs's
published certification (fixtures/engines/phase/report.json).  A change that moves a figure fails here until the README says
the new one."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from oracle.paths import suite_root
from oracle.suite.across import certified, failing_alone, failing_everywhere
from oracle.suite.capabilities import what_is_tested
from oracle.suite.catalog import load_catalog
from oracle.suite.needs import load_needs_table
from oracle.suite.scenarios import feature_files, read_feature
from tests.mutants import FIRST, MUTANTS

ROOT = Path(__file__).resolve().parents[2]
#: The files whose figures are checked: the README, and what it leaves to those who work on the suite.
DOCUMENTS = ("README.md", "CONTRIBUTING.md")
TEXTS = {name: (ROOT / name).read_text(encoding="utf-8") for name in DOCUMENTS}
README = "\n".join(TEXTS.values())  # a figure may be said in either
SCENARIOS = [s for path in feature_files([suite_root() / "features"]) for s in read_feature(path)]
EXAMPLE = json.loads((ROOT / "fixtures" / "engines" / "example-js" / "report.json").read_text(encoding="utf-8"))
CERTIFIED = certified(ROOT)
PHASE = json.loads((ROOT / "fixtures" / "engines" / "phase" / "report.json").read_text(encoding="utf-8"))


def _rules_scenarios() -> int:
    return sum(1 for s in SCENARIOS if "rules" in s.tags)


def _phase_rulings_passing() -> int:
    by_ruling: dict[str, bool] = {}
    for scenario in PHASE["scenarios"]:
        for ruling in scenario["rulings"]:
            by_ruling[ruling] = by_ruling.get(ruling, True) and scenario["outcome"] == "PASS"
    return sum(by_ruling.values())


def _phase_rules_passing() -> str:
    rules = [s for s in PHASE["scenarios"] if not s["rulings"] and not s["feature"].startswith("core/")]
    return f"{sum(1 for s in rules if s['outcome'] == 'PASS')} of the {len(rules)} `@rules` ones"


def _phase_totals() -> str:
    t = PHASE["totals"]
    parts = [f"{t[k]} {k}" for k in ("PASS", "FAIL", "ERROR", "TIMEOUT", "SKIP", "PRECONDITION", "UNSUPPORTED") if t[k]]
    return f"Of {len(PHASE['scenarios'])} scenarios: **{', '.join(parts)}**"


def _everywhere() -> list[str]:
    return failing_everywhere([c.outcomes for c in CERTIFIED if c.real])


def _alone() -> list[int]:
    real = [c.outcomes for c in CERTIFIED if c.real]
    return [len(failing_alone(own, real[:i] + real[i + 1 :])) for i, own in enumerate(real)]


FIGURES = {
    "scenarios and @rules ones": (
        r"scenarios \(\d+ of the \d+\)",
        lambda: f"scenarios ({_rules_scenarios()} of the {len(SCENARIOS)})",
    ),
    "rulings": (r"holds the \d+ rulings", lambda: f"holds the {len(load_catalog().rulings)} rulings"),
    "core scenarios": (
        r"the \d+ core scenarios",
        lambda: f"the {sum(1 for s in SCENARIOS if 'core' in s.tags)} core scenarios",
    ),
    "capabilities": (
        r"lists the \d+ capabilities",
        lambda: f"lists the {len(load_needs_table().capabilities)} capabilities",
    ),
    "wrong engines": (r"for each of \d+ deliberately", lambda: f"for each of {len(MUTANTS)} deliberately"),
    "wrong engines from real engines' defects": (
        r"And \d+ of them reproduce a defect",
        lambda: f"And {sum(1 for m in MUTANTS.values() if m.source)} of them reproduce a defect",
    ),
    "wrong engines written after the first": (
        r"\d+ written after the first \d+",
        lambda: f"{len(MUTANTS) - len(FIRST)} written after the first {len(FIRST)}",
    ),
    "example-js": (
        r"passes the \d+ scenarios within them \(the 9 core ones among them\) and is skipped, never\s+errored, on the other \d+",
        lambda: (
            f"passes the {EXAMPLE['totals']['PASS']} scenarios within them (the 9 core ones among them) and is skipped, never\n"
            f"  errored, on the other {EXAMPLE['totals']['SKIP']}"
        ),
    ),
    "phase.rs pass rate": (
        r"pass rate [\d.]+ % of the\s+\d+ that ran",
        lambda: f"pass rate {100 * PHASE['pass_rate']:.1f} % of the\n{len(PHASE['scenarios'])} that ran",
    ),
    "phase.rs totals": (r"Of \d+ scenarios: \*\*[^*]+\*\*", _phase_totals),
    "phase.rs @rules": (r"\d+ of the \d+ `@rules` ones", _phase_rules_passing),
    "what the core, combat and blocking test": (
        r"combat and blocking only is tested on: \d+ scenarios, testing rules [0-9a-z. ]+\.",
        lambda: "combat and blocking only is tested on: {} scenarios, testing rules {}.".format(
            len(what_is_tested({"combat", "blocking"})[0]), " ".join(what_is_tested({"combat", "blocking"})[1])
        ),
    ),
    "scenarios every real engine fails": (
        r"\d+ scenarios are failed by every one of phase.rs, Argentum and Forge",
        lambda: f"{len(_everywhere())} scenarios are failed by every one of phase.rs, Argentum and Forge",
    ),
    "each real engine's lone failures": (
        r"its likeliest defects: phase.rs \d+, argentum \d+,\s+Forge \d+",
        lambda: "its likeliest defects: phase.rs {}, argentum {},\nForge {}".format(*_alone()),
    ),
    "phase.rs rulings": (
        r"\d+ of the \d+ rulings pass every scenario",
        lambda: f"{_phase_rulings_passing()} of the {len(load_catalog().rulings)} rulings pass every scenario",
    ),
}


@pytest.mark.parametrize("figure", sorted(FIGURES))
def test_the_readme_says_the_figure_it_counts(figure: str) -> None:
    pattern, expected = FIGURES[figure]
    said = re.findall(pattern, README)
    assert said, f"README.md and CONTRIBUTING.md no longer say {figure} ({pattern})"
    assert set(said) == {expected()}, f"README.md or CONTRIBUTING.md says {said}, the count is {expected()!r}"


def _engine_rows() -> list[tuple[str, str, str]]:
    """(label, outcomes, pass rate) of each committed certification, as the README's table says them."""
    from oracle.suite.docs.runs import pass_rate

    return [
        (e.label, ", ".join(f"{n} {o}" for o, n in e.report["totals"].items() if n), pass_rate(e.report["totals"]))
        for e in CERTIFIED
    ]


def test_the_readme_table_of_engines_says_each_committed_certification() -> None:
    for label, totals, rate in _engine_rows():
        row = rf"^\| {re.escape(label)} \| .+ \| {re.escape(totals)} \| {re.escape(rate)} \|$"
        assert re.search(row, README, re.M), f"README.md's table of engines does not say {label}: {totals}"


def test_the_readme_says_the_benchmarks_figures() -> None:
    """The speed figures of "Checks and speed" are the last benchmark run's, as it wrote them
    (``python tests/benchmark.py --figures tests/benchmark_figures.json --readme``), not typed."""
    from tests.benchmark_tools import README_BEGIN, README_END, readme_block

    figures = json.loads((ROOT / "tests" / "benchmark_figures.json").read_text(encoding="utf-8"))
    start, end = README.find(README_BEGIN), README.find(README_END)
    assert 0 <= start < end, "CONTRIBUTING.md has lost the benchmark's figures (its begin and end lines)"
    assert README[start : end + len(README_END)] == readme_block(figures), (
        "CONTRIBUTING.md's benchmark figures differ from tests/benchmark_figures.json: run "
        "python tests/benchmark.py --figures tests/benchmark_figures.json --readme"
    )


def rewrite(text: str) -> str:
    """The README with every figure this module checks set to what it counts (``python -m
    tests.unit.test_readme_figures --fix`` writes it): figures are regenerated, not typed."""
    for pattern, expected in FIGURES.values():
        value = expected()
        text = re.sub(pattern, lambda _match: value, text)  # noqa: B023 (used at once, in this iteration)
    for label, totals, rate in _engine_rows():
        row = rf"^(\| {re.escape(label)} \| .+ \| )[^|]+ \| [^|]+ \|$"
        text = re.sub(row, lambda m: f"{m.group(1)}{totals} | {rate} |", text, flags=re.M)  # noqa: B023
    return text


if __name__ == "__main__":
    import sys

    if sys.argv[1:] != ["--fix"]:
        raise SystemExit("usage: python -m tests.unit.test_readme_figures --fix")
    for name, text in TEXTS.items():
        (ROOT / name).write_text(rewrite(text), encoding="utf-8")
