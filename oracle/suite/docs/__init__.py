"""The living documentation (every ruling and its scenarios as HTML) and the HTML report.

* :func:`render_docs` writes ``index.html``, ``by-card.html`` (each ruling under the card
  page it comes from, with its rules and its scenarios as Given/When/Then) and
  ``by-rule.html`` (each cited Comprehensive Rules paragraph with the rulings and scenarios
  that cite it); given run reports, it shows each engine's outcome beside each scenario.
* :func:`render_report_html` renders one engine's report (the dict a run writes) as a page.

Pages carry their CSS inline and need no JavaScript and no network, so they open from a
file or a CI artifact.  All text is escaped.  A feature file the Gherkin parser rejects is
listed as an error, never a crash.  The pass rate is PASS over the scenarios that ran: a
skip is shown apart and never counted.

Modules: :mod:`.html` (shared page shell, escaping, badges), :mod:`.features` (reading the
feature files), :mod:`.runs` (reading run reports), :mod:`.scenarios` (scenario tables),
one per page kind (:mod:`.index`, :mod:`.rulings`, :mod:`.rules`, :mod:`.report`) and
:mod:`.site`, which writes the documentation pages.
"""

from oracle.suite.docs.report import render_report_html
from oracle.suite.docs.site import render_docs

__all__ = ["render_docs", "render_report_html"]
