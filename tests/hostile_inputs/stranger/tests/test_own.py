"""The stranger's own tests: their oracle package, their options."""

import pytest


def test_their_own_oracle() -> None:
    from oracle.prophecy import foretell

    assert foretell() == "rain"


def test_their_own_options(engine: str, request: pytest.FixtureRequest) -> None:
    assert engine in ("diesel", "steam") and request.config.getoption("--features") in ([], ["x"])
