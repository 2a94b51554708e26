"""The contract's JSON Schemas and the small validator that enforces them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from oracle.adapters.reference import ReferenceEngine
from oracle.contract import validation

SCHEMAS = Path(validation.__file__).parent / "schemas"


def test_every_schema_is_valid_json_with_supported_keywords() -> None:
    for path in SCHEMAS.glob("*.json"):
        data = json.loads(path.read_text(encoding="utf-8"))
        assert data["$id"] == path.name
        validation.errors({}, path.name)  # raises on an unsupported keyword


def test_engine_description_matches_the_schema() -> None:
    assert validation.errors(ReferenceEngine().describe(), "engine.schema.json") == []


@pytest.mark.parametrize(
    ("instance", "name", "problem"),
    [
        ({"type": "pass"}, "action.schema.json", "matches 0 of the 7 allowed forms"),
        ({"type": "cast", "player": "Alice", "card": "x", "x": -1}, "action.schema.json", "less than 0"),
        ({"accepted": False, "rejection": {"code": "nope", "reason": "r"}}, "outcome.schema.json", "matches 0"),
        (
            {"players": [{"name": "A"}], "turn": {"number": 1, "active_player": "A", "step": "main"}},
            "position.schema.json",
            "step",
        ),
        (
            {
                "players": [{"name": "A", "x": 1}, {"name": "B"}],
                "turn": {"number": 1, "active_player": "A", "step": "upkeep"},
            },
            "position.schema.json",
            "unexpected property 'x'",
        ),
        (
            {"name": "e", "version": "1", "contract": "2.0.0", "capabilities": ["a", "a"]},
            "engine.schema.json",
            "does not match",
        ),
        (
            {"name": "e", "version": "1", "contract": "1.0.0", "capabilities": ["a", "a"]},
            "engine.schema.json",
            "unique",
        ),
        ({"name": "", "version": "1", "contract": "1.0.0", "capabilities": []}, "engine.schema.json", "too short"),
        ({"name": "e", "version": 1, "contract": "1.0.0", "capabilities": []}, "engine.schema.json", "expected string"),
        ({"accepted": True, "extra": 1}, "outcome.schema.json", "matches 0"),
        ({"players": [], "turn": {}}, "position.schema.json", "at least 2"),
    ],
)
def test_validator_reports_the_first_problem_with_its_path(instance: object, name: str, problem: str) -> None:
    found = validation.errors(instance, name)
    assert found and any(problem in p for p in found), found
    assert all(p.startswith("$") for p in found)


def test_unsupported_keyword_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "odd.schema.json").write_text('{"anyOf": []}', encoding="utf-8")
    monkeypatch.setattr(validation, "SCHEMA_DIR", tmp_path)
    validation.load_schema.cache_clear()
    try:
        with pytest.raises(ValueError, match="unsupported schema keyword"):
            validation.errors({}, "odd.schema.json")
    finally:
        validation.load_schema.cache_clear()


def test_the_wire_examples_of_the_schemas_readme_fit_the_schemas() -> None:
    """Every request (``->``) and reply (``<-``) the README shows in full, those of contract 1.3.0's
    play and declare-blockers included, validates against request.schema.json and reply.schema.json;
    an action it shows also against action.schema.json."""
    readme = Path(__file__).resolve().parents[2] / "oracle" / "contract" / "schemas" / "README.md"
    shown = 0
    for line in readme.read_text(encoding="utf-8").splitlines():
        text = line.strip()
        if not text.startswith(("-> ", "<- ")) or "..." in text:
            continue
        message = json.loads(text[3:])
        schema = "request.schema.json" if text.startswith("->") else "reply.schema.json"
        assert validation.errors(message, schema) == [], text
        if "action" in message:
            assert validation.errors(message["action"], "action.schema.json") == [], text
        shown += 1
    assert shown >= 15
