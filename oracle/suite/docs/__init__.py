"""The living documentation: every ruling, scenario, card and cited rule as HTML pages.

:func:`render_docs` writes ``index.html`` (the suite in figures, the ruling x engine matrix and a
summary per engine), ``by-card.html`` (every ruling once, under the card page it comes from),
``scenarios.html`` (every scenario once, with a filter by outcome, ruling, card and CR
paragraph), ``by-rule.html`` (every CR paragraph with what cites it), ``cards.html`` and a page
per card a scenario uses.  Given run reports, it shows each engine's outcome beside each
scenario and ruling; given one engine's reports of several versions, ``history.html`` shows it
over them.

Pages carry their CSS inline and need no script and no network, so they open from a file or a
CI artifact; they follow the system's dark mode and fit a 390 px wide screen.  All text is
escaped.  A feature file the Gherkin parser rejects is listed as an error, never a crash.  The
pass rate is PASS over the scenarios that ran: a skip is shown apart and never counted.

Modules: :mod:`.html` (shared page shell, escaping, badges), :mod:`.features` (reading the
feature files), :mod:`.cards` (card fixtures and card pages), :mod:`.runs` (reading run
reports), :mod:`.scenarios` (a scenario written out), one per page kind (:mod:`.index`,
:mod:`.rulings`, :mod:`.scenario_list`, :mod:`.rules`, :mod:`.history`) and :mod:`.site`, which
writes them.
"""

from __future__ import annotations

from typing import Any

__all__ = ["render_docs"]


def __getattr__(name: str) -> Any:
    """``render_docs``, imported when asked for: the package's small modules (:mod:`.runs`) are
    used while pytest starts, before pytest-bdd, which the pages' modules import, may be."""
    if name == "render_docs":
        from oracle.suite.docs.site import render_docs

        return render_docs
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
