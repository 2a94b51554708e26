"""What a Then step says when the table does not show what the scenario claims.

A Then step raises :class:`Mismatch` with what it expected and what it observed, each a
phrase a judge would say ("{G} and {U}", "Alice's mana pool holds nothing").  It is an
``AssertionError``, so the scenario is FAIL (:func:`oracle.contract.outcomes.classify`); the
results plugin keeps the two phrases apart for the reports.  :func:`prose` turns the lists an
engine returns into words, never into Python's ``['{W}', '{U}']``.
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["Mismatch", "prose"]


def prose(items: Iterable[object], conjunction: str = "and", empty: str = "nothing") -> str:
    """``["{W}", "{U}", "{B}"]`` -> ``"{W}, {U} and {B}"``; no item -> ``empty``.

    >>> prose(["{W}", "{U}", "{B}"], "or")
    '{W}, {U} or {B}'
    >>> prose([])
    'nothing'
    """
    words = [str(item) for item in items]
    if not words:
        return empty
    if len(words) == 1:
        return words[0]
    return f"{', '.join(words[:-1])} {conjunction} {words[-1]}"


class Mismatch(AssertionError):
    """A Then step's claim did not hold: what it ``expected`` beside what it ``observed``."""

    def __init__(self, expected: str, observed: str) -> None:
        super().__init__(f"expected {expected}; observed {observed}")
        self.expected = expected
        self.observed = observed
