"""A stranger's project: options of its own, named as anyone would name them."""

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--engine", default="diesel", help="this project's own engine")
    parser.addoption("--features", action="append", default=[], help="this project's own features")


@pytest.fixture
def engine(request: pytest.FixtureRequest) -> str:
    return str(request.config.getoption("--engine"))
