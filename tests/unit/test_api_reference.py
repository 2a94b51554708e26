"""docs/api.md, the API reference, is what ``python -m tests.api_reference`` writes from the code
now: every public name of ``oracle`` with its signature and its docstring, so the page never goes
stale."""

from __future__ import annotations

import oracle
from tests.api_reference import PAGE, main, page, signature


def test_the_committed_page_is_what_the_script_writes_now() -> None:
    assert PAGE.read_text(encoding="utf-8") == page(), "docs/api.md is stale: run python -m tests.api_reference"
    assert main(["--check"]) == 0


def test_every_public_name_has_its_section_and_a_docstring() -> None:
    text = page()
    for name in oracle.__all__:
        assert f"## `oracle.{name}`" in text, name
    assert "*(no docstring)*" not in text
    assert "card_data()" in text and "load_engine(spec: str, timeout: float | None = None" in text


def test_signatures_read_as_the_source_spells_them() -> None:
    def sample(a: int, *rest: str, flag: bool = False, **more: object) -> list[int]:
        """A sample."""
        return []

    assert signature(sample) == "(a: int, *rest: str, flag: bool = False, **more: object) -> list[int]"
    assert signature(oracle.UserError) == "(*args)"
