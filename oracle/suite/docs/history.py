"""The ``history.html`` page: an engine over its releases, the way a browser's results are shown
over its releases.

When two or more reports given to ``docs`` are of the same engine (the same name in its
handshake) and of different versions, the page has a section for that engine:

* its versions, oldest first (compared by their numbers, :func:`version_key`: 0.77.0 < 0.83.0 <
  0.103.0), each with its date, totals and pass rate;
* what changed from each version to the next, as :func:`oracle.suite.compare.compare` finds it
  (broken, fixed, changed, added, removed), each scenario linked to its row;
* a table with a column per version: a row per ruling with how many of its scenarios passed in
  each version (coloured by the ruling's outcome, :func:`.runs.ruling_status`), then a row per
  feature file for its scenarios that encode no ruling; each such row unfolds into a row per
  scenario with each version's outcome, and a column that says when the scenario's outcome
  changed ("fixed in 0.103.0", "broke in 0.83.0").  A group holding a change is open.

The same version given twice is shown once, from the report given last.  Every text of a report
(the engine's name and version, scenario names, features and rulings) is escaped
(:func:`.html.esc`).  The folding is CSS alone (``:has()``), no script: without it every row
shows.  The table scrolls sideways in its own box, its first column (the rulings and scenarios)
kept in view.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from oracle.contract.outcomes import OUTCOMES
from oracle.suite.catalog import Catalog
from oracle.suite.compare import KINDS, Change, Comparison, compare
from oracle.suite.docs.html import anchor_of, esc, outcome_css, scroll, slug
from oracle.suite.docs.runs import pass_rate, ruling_status, totals
from oracle.suite.inert import LONG, NAME, plain

__all__ = ["CSS", "History", "Row", "Version", "histories", "history_page", "version_key"]

#: What a change is called beside a scenario: the kind of change and the version it happened in.
PHRASES = {
    "fixed": "fixed in {version}",
    "broken": "broke in {version}",
    "changed": "changed in {version} ({old} → {new})",
    "added": "new in {version}",
    "removed": "gone in {version}",
}
#: A failure that still fails as it did, at another step (compare's "changed" of the same outcome).
MOVED = "stops at another step in {version}"

CSS = """
table.history tbody:has(> tr.group details:not([open])) > tr.sc { display: none; }
table.history tr.group > th { background: var(--head); min-width: 14em; }
table.history tr.group summary { cursor: pointer; }
table.history tr.sc > th { font-weight: normal; padding-left: 1.4em; background: var(--box); min-width: 14em; }
table.history td.o { min-width: 5em; }
table.history tr > :first-child { position: sticky; left: 0; z-index: 1; }
table.history thead th { background: var(--head); }
@media (max-width: 40em) {
  table.history tr > :first-child { min-width: 0; width: 11em; max-width: 11em; overflow-wrap: anywhere; }
}
table.history thead th { white-space: nowrap; }
.chg { font-size: 13px; }
.chg-fixed { color: var(--pass); }
.chg-broken { color: var(--fail); font-weight: bold; }
.chg-changed, .chg-added, .chg-removed { color: var(--pre); }
"""


def version_key(version: str) -> tuple[tuple[int, ...], int, tuple[tuple[int, int, str], ...]]:
    """How versions sort: by their leading dotted numbers (``0.77.0 < 0.83.0 < 0.103.0``, trailing
    zeros aside), a pre-release (``1.0.0-rc1``, ``1.0.0b2``) before its release and a build or
    post-release (``+abc``, ``.post1``) after; the rest of the text by its runs of digits and
    letters.  A version without a number sorts first."""
    text = version.strip().removeprefix("v").removeprefix("V")
    match = re.match(r"\d+(?:\.\d+)*", text)
    numbers = [int(n) for n in match[0].split(".")] if match else []
    while numbers and numbers[-1] == 0:
        numbers.pop()
    rest = text[match.end() :] if match else text
    rank = 1 if not rest else 2 if rest.startswith("+") or rest.lstrip(".-_").lower().startswith("post") else 0
    parts = tuple((0, int(p), "") if p.isdigit() else (1, 0, p.lower()) for p in re.findall(r"\d+|[^\W\d_]+", rest))
    return tuple(numbers), rank, parts


@dataclass(frozen=True)
class Version:
    """One version of the engine: its report and what the page shows of it."""

    version: str
    date: str
    report: Mapping[str, Any]

    @property
    def shown(self) -> str:
        return self.version or "(no version)"


@dataclass(frozen=True)
class Row:
    """One scenario over the versions: its id, name, feature and rulings (from the newest report
    holding it), its outcome in each version (None: not in that report), and what changed when,
    as (kind of change, phrase)."""

    id: str
    name: str
    feature: str
    rulings: tuple[str, ...]
    outcomes: tuple[str | None, ...]
    marks: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class History:
    """An engine over its versions, oldest first: each comparison is of a version with the next."""

    engine: str
    versions: tuple[Version, ...]
    comparisons: tuple[Comparison, ...]
    rows: tuple[Row, ...]
    #: the id of its section on the page, which the index links to
    anchor: str = ""


def _engine(report: Mapping[str, Any]) -> str:
    engine = report.get("engine") or {}
    return plain(engine.get("name") or engine.get("spec") or "?", NAME)


def _phrase(change: Change, kind: str, version: str) -> str:
    """What the change column says of ``change``, of the kind :func:`compare` filed it under."""
    if kind == "changed" and change.old == change.new:
        return MOVED.format(version=version)
    return PHRASES[kind].format(version=version, old=change.old, new=change.new)


def _rows(versions: Sequence[Version], comparisons: Sequence[Comparison]) -> tuple[Row, ...]:
    marks: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for later, comparison in zip(versions[1:], comparisons, strict=True):
        for kind in KINDS:
            for change in comparison.changes[kind]:
                marks[change.id].append((kind, _phrase(change, kind, later.shown)))
    seen: dict[str, Mapping[str, Any]] = {}
    for version in reversed(versions):  # the newest report's order, then what only older ones hold
        for scenario in version.report.get("scenarios", []):
            seen.setdefault(str(scenario.get("id", "")), scenario)
    outcomes = [
        {str(s.get("id", "")): str(s.get("outcome", "")) for s in v.report.get("scenarios", [])} for v in versions
    ]
    return tuple(
        Row(
            id=scenario_id,
            name=plain(scenario.get("name", ""), LONG),
            feature=plain(scenario.get("feature", ""), LONG),
            rulings=tuple(dict.fromkeys(plain(r, NAME) for r in scenario.get("rulings") or ())),
            outcomes=tuple(found.get(scenario_id) for found in outcomes),
            marks=tuple(marks.get(scenario_id, ())),
        )
        for scenario_id, scenario in seen.items()
    )


def histories(reports: Iterable[Mapping[str, Any]]) -> list[History]:
    """Each engine that two or more of ``reports`` certify in different versions, over those
    versions (the same version given twice: the report given last), in the order the engines
    first appear."""
    by_engine: dict[str, dict[str, Mapping[str, Any]]] = {}
    for report in reports:
        version = plain((report.get("engine") or {}).get("version") or "", NAME)
        by_engine.setdefault(_engine(report), {})[version] = report
    found: list[History] = []
    for engine, by_version in by_engine.items():
        if len(by_version) < 2:
            continue
        versions = tuple(
            sorted(
                (Version(v, str(r.get("date", ""))[:10], r) for v, r in by_version.items()),
                key=lambda v: (version_key(v.version), v.date, v.version),
            )
        )
        comparisons = tuple(compare(a.report, b.report) for a, b in pairwise(versions))
        anchor, count = f"h-{slug(engine)}", 1
        while anchor in {h.anchor for h in found}:
            count += 1
            anchor = f"h-{slug(engine)}-{count}"
        found.append(History(engine, versions, comparisons, _rows(versions, comparisons), anchor))
    return found


class _Anchors:
    """Unique ids for each scenario's first row on the page: the engine's section's id and the
    scenario's slug, then ``-2``, ``-3``... should two ids share one."""

    def __init__(self, found: Sequence[History]) -> None:
        self.taken: set[str] = {h.anchor for h in found}
        self.of: dict[tuple[str, str], str] = {}
        self.placed: set[tuple[str, str]] = set()
        self.section = {h.engine: h.anchor for h in found}

    def __call__(self, engine: str, scenario_id: str) -> str:
        """The anchor of one of the engine's scenarios."""
        key = (engine, scenario_id)
        if key not in self.of:
            base = f"{self.section.get(engine, 'h-' + slug(engine))}-{slug(scenario_id)}"
            anchor, count = base, 1
            while anchor in self.taken:
                count += 1
                anchor = f"{base}-{count}"
            self.taken.add(anchor)
            self.of[key] = anchor
        return self.of[key]

    def place(self, engine: str, scenario_id: str) -> str:
        """The ``id`` attribute of a scenario's row: on its first row only (a scenario of two rulings has two)."""
        key = (engine, scenario_id)
        if key in self.placed:
            return ""
        self.placed.add(key)
        return f' id="{self(engine, scenario_id)}"'


def _totals(history: History) -> str:
    counts = [totals(v.report) for v in history.versions]
    heads = "".join(
        f'<th scope="col">{esc(v.shown)}<br><span class="where">{esc(v.date)}</span></th>' for v in history.versions
    )
    rows = [
        f'<tr><th scope="row">{esc(o)}</th>{"".join(f"<td>{c.get(o, 0)}</td>" for c in counts)}</tr>'
        for o in OUTCOMES
        if any(c.get(o, 0) for c in counts)
    ]
    rows.append(f'<tr><th scope="row">pass rate</th>{"".join(f"<td>{esc(pass_rate(c))}</td>" for c in counts)}</tr>')
    return scroll(f"<table><thead><tr><th>outcome</th>{heads}</tr></thead><tbody>{''.join(rows)}</tbody></table>")


def _changes(history: History, anchors: _Anchors) -> str:
    rows = {row.id: row for row in history.rows}
    body = []
    for older, newer, comparison in zip(history.versions, history.versions[1:], history.comparisons, strict=False):
        counts = ", ".join(f"{len(comparison.changes[k])} {k}" for k in KINDS) + f", {comparison.unchanged} unchanged"
        items = []
        for kind in KINDS:
            for change in comparison.changes[kind]:
                row = rows[change.id]
                stopped = f' <span class="where">stopped at {esc(change.step)}</span>' if change.step else ""
                items.append(
                    f'<li><span class="chg chg-{kind}">{esc(kind)}: {esc(change.old or "—")} → {esc(change.new or "—")}</span> '
                    f'<a href="#{anchors(history.engine, row.id)}">{esc(row.name)}</a> '
                    f'<span class="where">{esc(row.feature)}</span>{stopped}</li>'
                )
        listed = f"<ul>{''.join(items)}</ul>" if items else "<p>Every scenario ended as before.</p>"
        body.append(f"<h4>{esc(older.shown)} → {esc(newer.shown)}: {esc(counts)}</h4>{listed}")
    return "".join(body)


def _groups(history: History, catalog: Catalog) -> list[tuple[str, str, list[Row]]]:
    """(kind, key, rows) of each group: the rulings by their number, then per feature file the
    scenarios that encode no ruling."""
    by_ruling: dict[str, list[Row]] = defaultdict(list)
    by_feature: dict[str, list[Row]] = defaultdict(list)
    for row in history.rows:
        for ruling in row.rulings:
            by_ruling[ruling].append(row)
        if not row.rulings:
            by_feature[row.feature].append(row)

    def number(ruling: str) -> tuple[int, str]:
        known = catalog.rulings.get(ruling)
        return (known.number if known else 10**9, ruling)

    return [("ruling", r, by_ruling[r]) for r in sorted(by_ruling, key=number)] + [
        ("feature", f, by_feature[f]) for f in sorted(by_feature)
    ]


def _group_head(kind: str, key: str, catalog: Catalog) -> str:
    if kind == "feature":
        return f'<code>{esc(key)}</code> <span class="where">(no ruling)</span>'
    known = catalog.rulings.get(key)
    if known:
        return f'<a href="by-card.html#{esc(key)}">#{known.number} <code>{esc(key)}</code></a>'
    return f"<code>{esc(key)}</code>"


def _mark(marks: Sequence[tuple[str, str]]) -> str:
    return "<br>".join(f'<span class="chg chg-{kind}">{esc(text)}</span>' for kind, text in marks)


def _group(
    history: History, group: tuple[str, str, Sequence[Row]], catalog: Catalog, anchors: _Anchors, known: Collection[str]
) -> str:
    """A group's rows: the ruling's (or feature file's) with its pass counts, then one per scenario."""
    kind, key, rows = group
    cells = []
    for index, version in enumerate(history.versions):
        outcomes = [o for row in rows if (o := row.outcomes[index]) is not None]
        if not outcomes:
            cells.append('<td class="o o-none" title="not in this report">—</td>')
            continue
        status = ruling_status(outcomes)
        passed = sum(1 for o in outcomes if o == "PASS")
        title = f"{history.engine} {version.shown}: {status}, {passed} of {len(outcomes)} scenarios passed"
        cells.append(f'<td class="{outcome_css(status)}" title="{esc(title)}">{passed} of {len(outcomes)}</td>')
    kinds = Counter(k for row in rows for k, _ in row.marks)
    summary = ", ".join(f'<span class="chg chg-{k}">{n} {esc(k)}</span>' for k, n in kinds.items())
    head = (
        f'<tr class="group"><th scope="rowgroup"><details{" open" if kinds else ""}><summary>'
        f'{_group_head(kind, key, catalog)} <span class="where">{len(rows)} scenario{"s" if len(rows) != 1 else ""}'
        f"</span></summary></details></th><td>{summary}</td>{''.join(cells)}</tr>"
    )
    lines = []
    for row in rows:
        ident = anchors.place(history.engine, row.id)
        name = (
            f'<a href="scenarios.html#{anchor_of(row.name)}">{esc(row.name)}</a>'
            if row.name in known
            else esc(row.name)
        )
        each = "".join(
            f'<td class="{outcome_css(o)}" title="{esc(f"{history.engine} {v.shown}: {o}")}">{esc(o)}</td>'
            if o is not None
            else '<td class="o o-none" title="not in this report">—</td>'
            for v, o in zip(history.versions, row.outcomes, strict=True)
        )
        lines.append(
            f'<tr class="sc{" moved" if row.marks else ""}"{ident}><th scope="row">{name}<br>'
            f'<span class="where">{esc(row.feature)}</span></th><td>{_mark(row.marks)}</td>{each}</tr>'
        )
    return f"<tbody>{head}{''.join(lines)}</tbody>"


def _table(history: History, catalog: Catalog, anchors: _Anchors, known: Collection[str]) -> str:
    heads = "".join(
        f'<th scope="col" class="version">{esc(v.shown)}<br><span class="where">{esc(v.date)}</span></th>'
        for v in history.versions
    )
    groups = "".join(_group(history, group, catalog, anchors, known) for group in _groups(history, catalog))
    return scroll(
        f'<table class="history"><thead><tr><th scope="col">ruling / scenario</th><th scope="col">change</th>{heads}'
        f"</tr></thead>{groups}</table>"
    )


def history_page(found: Sequence[History], catalog: Catalog, known: Collection[str] = ()) -> str:
    """The page's body: a section per engine.  ``known`` are the names of the scenarios on
    ``scenarios.html``, which a row links to."""
    anchors = _Anchors(found)
    sections = []
    for history in found:
        section = history.anchor
        names = ", ".join(v.shown for v in history.versions)
        sections.append(
            f'<section id="{section}"><h2>{esc(history.engine)}: {esc(names)}</h2>'
            f"<h3>Totals</h3>{_totals(history)}"
            f"<h3>What changed from each version to the next</h3>{_changes(history, anchors)}"
            "<h3>Ruling by ruling, scenario by scenario</h3>"
            "<p>A column per version, oldest first. A ruling's row counts the scenarios that passed (its colour is "
            "the ruling's outcome); open it for a row per scenario with each version's outcome, and when it changed. "
            "Scenarios that encode no ruling are grouped by feature file. A group in which something changed is "
            f"open.</p>{_table(history, catalog, anchors, known)}</section>"
        )
    intro = (
        "<p>Each engine certified in more than one version, its versions side by side: what each version "
        "fixed and broke, and each ruling's and each scenario's outcome in every version.</p>"
    )
    return intro + "".join(sections)
