"""Step definitions no scenario uses, one of each kind the step index files differently.

``tests/unit/test_step_index.py`` runs every scenario with these besides the suite's own and
``--mtg-check-step-index``: the index must find what pytest-bdd finds, whatever the parser.
"""

from __future__ import annotations

from pytest_bdd import given, parsers, step, then, when


def _unused(**kwargs: object) -> None:
    raise AssertionError("no scenario uses this step")


given("no scenario says this")(_unused)
when(parsers.parse("{player} frobnicates {thing}"))(_unused)
then(parsers.cfparse("{card} glows {color}"))(_unused)
then(parsers.re(r"(?i)(?P<card>.+) SHIMMERS$"))(_unused)
when(parsers.re(r"(?P<player>\w+) (?:wiggles|waggles) (?P<card>.+)$"))(_unused)
given(parsers.re(r"(?P<player>\w+)'s library is shuffled (?P<n>\d+) times$"))(_unused)
step(parsers.re(r"^the judge rules (?P<ruling>.+)"))(_unused)
