"""pytest plugin for mutation testing only (``pytest_add_cli_args`` in pyproject.toml's
``[tool.mutmut]``): every session reads the card fixtures afresh.

mutmut runs each mutant in a child forked from a process that has already loaded the cards, so a
mutant of the code that reads them (a mana cost's parse, a card's colors) would otherwise never
meet the fixtures.  A user's run reads them once, in its one session, and needs none of this.
"""

from __future__ import annotations

import pytest

from oracle.engine.cards import shared_database
from oracle.paths import cards_dir


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    shared_database.cache_clear()
    shared_database(cards_dir())
