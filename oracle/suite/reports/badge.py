"""``badge.svg``: an engine's pass rate as a small SVG badge for a README or a CI page.

The left half names the engine and its version, the right half gives the pass rate (PASS over
the scenarios that ran; skips never counted), green at 95 % and above, yellow-green from 80 %,
orange from 50 %, red below, grey when nothing ran.  Text widths are estimated from the
number of characters (no font is read); the label is cut at 60 characters and every text is made
inert (no control character) and escaped.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from xml.sax.saxutils import escape

from oracle.suite.inert import plain

__all__ = ["badge_svg", "rate_badge"]

#: Average width in pixels of a character of 11 px Verdana, the badges' font.
CHAR = 6.8


def _color(rate: float | None) -> str:
    if rate is None:
        return "#9f9f9f"
    if rate >= 0.95:
        return "#2e8b32"
    if rate >= 0.80:
        return "#8a8f12"
    if rate >= 0.50:
        return "#c25a10"
    return "#c7362b"


def badge_svg(report: Mapping[str, Any]) -> str:
    """The badge of a report: engine name and version, and its pass rate."""
    engine = report.get("engine", {})
    label = plain(f"{engine.get('name') or '?'} {engine.get('version') or ''}".strip(), 60)
    rate = report.get("pass_rate")
    value = "n/a" if rate is None else f"{100 * rate:.1f} %"
    version = plain(report.get("suite", {}).get("version", "?"), 40)
    return rate_badge(label, rate, f"{label}: pass rate {value} (mtg-conformance {version})")


def rate_badge(label: str, rate: float | None, title: str = "") -> str:
    """A badge: ``label`` on the left, the rate as a percentage on the right, coloured by it."""
    value = "n/a" if rate is None else f"{100 * rate:.1f} %"
    title = title or f"{label}: {value}"
    left, right = round(len(label) * CHAR + 12), round(len(value) * CHAR + 12)
    total = left + right
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{total}" height="20" role="img" aria-label="{escape(title, {chr(34): "&quot;"})}">'
        f"<title>{escape(title)}</title>"
        f'<rect width="{left}" height="20" fill="#555"/>'
        f'<rect x="{left}" width="{right}" height="20" fill="{_color(rate)}"/>'
        '<g fill="#fff" text-anchor="middle" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11">'
        f'<text x="{left / 2:.1f}" y="14">{escape(label)}</text>'
        f'<text x="{left + right / 2:.1f}" y="14">{escape(value)}</text>'
        "</g></svg>\n"
    )
