"""The results as plain data: what dataclasses.asdict gives, made by a quicker copy."""

from __future__ import annotations

from dataclasses import asdict

from oracle.suite.results import ScenarioResult, as_dicts


def test_as_dicts_is_asdict_and_shares_nothing() -> None:
    result = ScenarioResult("f.feature::s", "s", "f.feature", 3, ["r.x"], ["106.1"], ["tokens"], "FAIL", "no Forest")
    result.failed_step = {"keyword": "Then ", "text": "Alice has {G}", "line": 9}
    result.steps = [{"keyword": "Given ", "text": "a game", "line": 4, "status": "passed", "duration": 0.25}]
    plain = as_dicts([result])
    assert plain == [asdict(result)]
    plain[0]["steps"][0]["status"] = "failed"
    plain[0]["rulings"].append("r.y")
    assert result.steps[0]["status"] == "passed" and result.rulings == ["r.x"]
