"""Engine text made inert for each medium it is written into: shown as the characters it holds,
never read as markup or a control sequence.

Whatever an engine says (its name, version and capabilities at the handshake, the message of an
error, an observed value) and whatever a hand-edited file holds (a transcript's header, a
report.json read back) may carry ANSI escape sequences, other control characters, lone UTF-16
surrogates, HTML, or Markdown links and images.  Every writer puts such text through one of
these functions, chosen by where it goes:

* :func:`plain` — a terminal, a JSON text field (smoke's output, Cucumber Messages): one line,
  controls shown as "?", a lone surrogate as its escape ``\\udXXX``, cut at ``limit``;
* :func:`html` — an HTML page or attribute: controls dropped as above, then ``& < > " '`` escaped;
* :func:`markdown` — Markdown within a line (prose, a heading, a table cell): one line, every
  punctuation character that can start inline markup backslash-escaped (CommonMark lets any ASCII
  punctuation be), so no ``[link](...)``, ``![image](...)``, ``<tag>``, ``&entity;``, emphasis,
  code, autolink or table cell can form;
* :func:`markdown_code` — a Markdown code span, for text best read verbatim (a command line);
* :func:`xml` — XML 1.0 text or attribute (junit.xml, badge.svg): the characters XML forbids and
  every control but newline and tab become "?" (the XML writer escapes the markup).

Long text is cut with "…" past ``limit`` characters, so that an engine's 10 MB message is
:data:`LONG` characters on any page, and a name :data:`NAME` characters wherever it is repeated.
"""

from __future__ import annotations

import html as _html
import re

from oracle.contract.outcomes import printable

__all__ = ["LONG", "NAME", "html", "markdown", "markdown_code", "plain", "xml"]

#: The most of an engine's name, version or capability any output repeats.
NAME = 200
#: The most of an engine's message, expected or observed value any page shows.
LONG = 2000

#: C0 and C1 controls (newline and tab apart), DEL, lone surrogates, what XML 1.0 forbids, and the
#: marks that reorder or split what a reader sees (bidirectional overrides and isolates, line and
#: paragraph separators).
_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff\u200e\u200f\u2028-\u202e\u2066-\u2069]")
#: The punctuation that can start inline Markdown (emphasis, code, links, images, HTML, entities,
#: e-mail autolinks, GFM's strikethrough, tables and math) or close a heading; and the "." of "www."
#: and the ":" of "://", which would make an autolink.
_MARKUP = re.compile(r"""([\\`*_\[\]<>!&|~@#$])|(?<=www)(\.)|(:)(?=//)""", re.IGNORECASE)


def _cut(text: str, limit: int | None) -> str:
    return text if limit is None or len(text) <= limit else text[:limit] + "…"


def plain(text: object, limit: int = 300) -> str:
    """One printable line: for a terminal or a JSON text field."""
    return printable("" if text is None else text, limit)


def _keep_lines(text: object, limit: int | None) -> str:
    """``text`` cut at ``limit`` with its newlines and tabs kept and every other control a "?"."""
    raw = _cut("" if text is None else str(text), limit)
    return _CONTROLS.sub("?", raw.replace("\r\n", "\n").replace("\r", "\n"))


def html(text: object, limit: int | None = None) -> str:
    """Escaped for HTML text or a quoted attribute, controls shown as "?" (lines kept)."""
    return _html.escape(_keep_lines(text, limit), quote=True)


def xml(text: object, limit: int | None = None) -> str:
    """Text XML 1.0 can hold, controls shown as "?" (lines kept); the XML writer escapes the markup."""
    return _keep_lines(text, limit)


def markdown(text: object, limit: int = 300) -> str:
    """One line of Markdown that shows exactly ``text`` (made :func:`plain`) and forms no markup."""
    return _MARKUP.sub(lambda m: "\\" + (m[1] or m[2] or m[3]), plain(text, limit)) or "—"


def markdown_code(text: object, limit: int = 300, table: bool = False) -> str:
    """``text`` (made :func:`plain`) as a Markdown code span, fenced by more backticks than it holds;
    in a table cell (``table``) its pipes are escaped, as GFM tables ask."""
    one = plain(text, limit)
    runs = [len(run) for run in re.findall("`+", one)]
    fence = "`" * (max(runs, default=0) + 1)
    if table:
        one = one.replace("|", "\\|")
    pad = " " if one.startswith(("`", " ")) or one.endswith(("`", " ")) or not one else ""
    return f"{fence}{pad}{one}{pad}{fence}"
