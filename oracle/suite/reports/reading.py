"""Reading a ``report.json`` back (``docs --report``): whole, of the format this version reads, and
within the bounds of ``report.schema.json``, or refused in one line naming the file and the first
problem.

The checks run in order, each cheap before the next: the file's size (no more than :data:`MAX_BYTES`
is ever read), UTF-8 JSON (a lone surrogate, which a JSON escape
can hold and UTF-8 can't, becomes "?"), an object, its ``format_version`` (missing, of another
type or another version: refused as such, before anything else is looked at), then the whole
report against the schema (compiled once with fastjsonschema), whose bounds keep every string and
list to a size a page can show.  A report that passes them all can still hold up to 16 MiB in one
engine's message; the pages cut every engine-supplied text on the way in (:mod:`oracle.suite.inert`).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import fastjsonschema

from oracle.contract.outcomes import printable
from oracle.errors import UserError
from oracle.files import MAX_REPORT, read_input
from oracle.suite.inert import LONG, plain
from oracle.suite.reports.json_report import FORMAT_VERSION, SCHEMA

__all__ = ["MAX_BYTES", "check_report", "read_report"]

#: The largest report.json read (:data:`oracle.files.MAX_REPORT`): the schema's bounds (three
#: engine texts of 16 MiB) and room for the rest.
MAX_BYTES = MAX_REPORT


@cache
def _validator() -> Callable[[Any], Any]:
    return fastjsonschema.compile(json.loads(SCHEMA.read_text(encoding="utf-8")))


def check_report(report: object, where: str) -> dict[str, Any]:
    """``report`` if it is a report.json of :data:`FORMAT_VERSION` within the schema; else a one-line
    :class:`UserError` starting with ``where`` and naming the first problem."""
    if not isinstance(report, dict):
        raise UserError(f"{where}: not a report.json: it is not a JSON object")
    if "format_version" not in report:
        raise UserError(f"{where}: not a report.json: it has no format_version (this version reads {FORMAT_VERSION})")
    version = report["format_version"]
    if not isinstance(version, str):
        raise UserError(
            f"{where}: not a report.json: format_version must be a string such as {FORMAT_VERSION!r}, "
            f"not {printable(json.dumps(version), 40)}"
        )
    if version != FORMAT_VERSION:
        raise UserError(
            f"{where}: report format {printable(version, 40)!r} is not one this version reads ({FORMAT_VERSION})"
        )
    try:
        _validator()(report)
    except fastjsonschema.JsonSchemaValueException as problem:
        # The message names the place (data.scenarios[3].outcome) and the rule; a key it quotes is the report's own.
        raise UserError(f"{where}: not a valid report.json: {printable(problem.message, 300)}") from None
    return report


def read_report(path: Path) -> dict[str, Any]:
    """A report.json written by ``certify``, its engine's long texts cut for the pages; anything else
    is a one-line :class:`UserError` naming the file."""
    data = read_input(path, MAX_BYTES, "report.json")  # a regular file, and no more than a report may hold
    try:
        report = json.loads(data.decode("utf-8"))
        # A lone surrogate (a JSON escape UTF-8 can't encode) becomes "?", so any page can hold the text.
        report = json.loads(json.dumps(report, ensure_ascii=False).encode("utf-8", "replace"))
    except (UnicodeDecodeError, RecursionError, ValueError) as exc:
        raise UserError(f"{path}: not a report.json: not UTF-8 JSON ({printable(exc, 120)})") from None
    return _cut_prose(check_report(report, str(path)))


def _cut_prose(report: dict[str, Any]) -> dict[str, Any]:
    """The report with each scenario's message, expected and observed cut to what a page shows
    (:data:`~oracle.suite.inert.LONG` characters), so that a run of several big reports holds one
    big file at a time, not all of them."""
    for scenario in report["scenarios"]:
        for key in ("message", "expected", "observed"):
            if isinstance(scenario.get(key), str) and len(scenario[key]) > LONG:
                scenario[key] = plain(scenario[key], LONG)
    return report
