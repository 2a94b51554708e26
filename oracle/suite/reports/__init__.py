"""The certification reports of one engine's run, each derived from ``report.json``.

* :mod:`.json_report` — ``report.json``, its format version and ``report.schema.json``;
* :mod:`.markdown` — ``report.md``, failures first;
* :mod:`.html` — ``report.html``, a self-contained page, failures first;
* :mod:`.junit` — ``junit.xml``, a test case per scenario, for CI systems;
* :mod:`.messages` — ``cucumber-messages.ndjson``, for the Cucumber ecosystem's tools;
* :mod:`.badge` — ``badge.svg``, the pass rate as a badge;
* :mod:`.failures` — what every one of them says about a scenario that did not pass.

:func:`write_reports` writes them all into a folder.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from oracle.suite.catalog import load_catalog
from oracle.suite.reports.badge import badge_svg
from oracle.suite.reports.html import render_report_html
from oracle.suite.reports.json_report import report_json
from oracle.suite.reports.junit import junit_xml
from oracle.suite.reports.markdown import report_markdown
from oracle.suite.reports.messages import Definition, cucumber_messages

__all__ = ["REPORT_FILES", "render_report_html", "write_reports"]

#: The files :func:`write_reports` writes, in that order.
REPORT_FILES = ("report.json", "report.md", "report.html", "junit.xml", "cucumber-messages.ndjson", "badge.svg")


def write_reports(
    out: Path, report: Mapping[str, Any], root: Path, definitions: Sequence[Definition] = ()
) -> list[Path]:
    """Write every report of ``report`` into ``out`` and return their paths."""
    catalog = load_catalog(root)
    texts = (
        report_json(report),
        report_markdown(report, catalog),
        render_report_html(report, root),
        junit_xml(report),
        cucumber_messages(report, root, definitions),
        badge_svg(report),
    )
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in zip(REPORT_FILES, texts, strict=True):
        (out / name).write_text(text, encoding="utf-8")
        written.append(out / name)
    return written
