"""Write every certification report of a run into a folder (see :mod:`oracle.suite.reports`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from oracle.files import write_all
from oracle.suite.catalog import load_catalog
from oracle.suite.reports.across_section import others_for
from oracle.suite.reports.badge import badge_svg
from oracle.suite.reports.html import render_report_html
from oracle.suite.reports.json_report import report_json
from oracle.suite.reports.junit import junit_xml
from oracle.suite.reports.markdown import report_markdown
from oracle.suite.reports.messages import Definition, cucumber_messages

__all__ = ["EARLIER", "REPORT_FILES", "set_aside_earlier", "write_reports"]

#: The files :func:`write_reports` writes, in that order.
REPORT_FILES = ("report.json", "report.md", "report.html", "junit.xml", "cucumber-messages.ndjson", "badge.svg")
#: Where :func:`set_aside_earlier` moves the reports an earlier run left in the folder.
EARLIER = "earlier"


def set_aside_earlier(out: Path) -> Path | None:
    """Move the reports an earlier run left in ``out`` into ``out/earlier/`` (replacing what was
    there), before a run that may not get to write its own: a folder never shows an older run's
    report as if it were this one's.  Returns the folder they went into, or None if there were none."""
    found = [out / name for name in REPORT_FILES if (out / name).is_file()]
    if not found:
        return None
    aside = out / EARLIER
    aside.mkdir(exist_ok=True)
    for name in REPORT_FILES:
        (aside / name).unlink(missing_ok=True)
    for path in found:
        path.replace(aside / path.name)
    return aside


def write_reports(
    out: Path, report: Mapping[str, Any], root: Path, definitions: Sequence[Definition] = ()
) -> list[Path]:
    """Write every report of ``report`` into ``out`` and return their paths.

    ``root`` holds the suite's features and fixtures; ``definitions`` are the step definitions
    of the run (for Cucumber Messages).  report.md sets the run beside the real engines whose
    certifications ``root`` holds (fixtures/engines/engines.toml).  The reports are written all whole or none of them
    (:func:`oracle.files.write_all`): a failed write leaves no truncated report, and no folder
    holding a new report.json beside an older report.md.
    """
    catalog = load_catalog(root)
    others, checked = others_for(report, root)
    texts = (
        report_json(report),
        report_markdown(report, catalog, others, checked),
        render_report_html(report, root),
        junit_xml(report),
        cucumber_messages(report, root, definitions),
        badge_svg(report),
    )
    out.mkdir(parents=True, exist_ok=True)
    return write_all({out / name: text for name, text in zip(REPORT_FILES, texts, strict=True)})
