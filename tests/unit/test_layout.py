"""The package's layout keeps its promises: imports run one way between the rooms, no module
imports itself back through a circle, and no module is too long to read.

The rooms (see ``oracle/__init__.py``) and what each may import:

* ``engine`` — the rules engine: only the shared modules (``errors``, ``files``, ``kept``, ``paths``, ``toml``, ``version``);
* ``contract`` — the interface, schemas, wire protocol and outcomes: only the shared modules;
* ``adapters`` — engines behind the contract: the contract, the engine, the shared modules;
* ``registry`` — engine lookup: the contract and the shared modules (adapters by name only);
* ``suite`` — catalog, results, reports, CLI: everything but the harness and the package's public face;
* ``harness`` — the pytest plugin and the step definitions: the suite and all it may import;
* ``api`` — ``oracle/__init__.py`` and ``__main__``: whatever it re-exports.

Every import counts, also one inside a function: a lazy import is still a dependency.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "oracle"
MAX_LINES = 400

SHARED = {"oracle.errors", "oracle.files", "oracle.kept", "oracle.paths", "oracle.toml", "oracle.version"}
ALLOWED: dict[str, set[str]] = {
    "shared": {"shared"},
    "engine": {"shared", "engine"},
    "contract": {"shared", "contract"},
    "adapters": {"shared", "contract", "engine", "adapters"},
    "registry": {"shared", "contract"},
    "suite": {"shared", "contract", "engine", "adapters", "registry", "suite"},
    "harness": {"shared", "contract", "engine", "adapters", "registry", "suite", "harness"},
    "api": {"shared", "contract", "engine", "adapters", "registry", "suite"},
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def room(module: str) -> str:
    if module in SHARED:
        return "shared"
    if module in ("oracle", "oracle.__main__"):
        return "api"
    if module == "oracle.registry":
        return "registry"
    return module.split(".")[1]


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def imports_of(module: str) -> set[str]:
    """The package modules that ``module`` imports, anywhere in its body."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            names = [base] + [f"{base}.{alias.name}" for alias in node.names]
        for name in names:
            # "from oracle.engine import effects" names a module; "from x import Class" names x.
            while name and name not in MODULES:
                name = name.rpartition(".")[0]
            if name and name != module:
                found.add(name)
    return found


GRAPH = {module: imports_of(module) for module in MODULES}


def test_rooms_exist() -> None:
    assert {room(m) for m in MODULES} == set(ALLOWED)


@pytest.mark.parametrize("module", sorted(MODULES))
def test_imports_run_one_way(module: str) -> None:
    here = room(module)
    wrong = sorted(m for m in GRAPH[module] if room(m) not in ALLOWED[here])
    assert not wrong, f"{module} ({here}) must not import {', '.join(wrong)}"


def test_nothing_imports_the_public_face() -> None:
    offenders = sorted(m for m, deps in GRAPH.items() if "oracle" in deps and m != "oracle.__main__")
    assert not offenders, f"import from the room, not from 'oracle': {offenders}"


def test_no_import_circle() -> None:
    """Depth-first search for a back edge; the circle found is named module by module."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(module: str) -> list[str] | None:
        state[module] = 1
        path.append(module)
        for dep in sorted(GRAPH[module]):
            if state.get(dep) == 1:
                return [*path[path.index(dep) :], dep]
            if dep not in state and (circle := visit(dep)):
                return circle
        path.pop()
        state[module] = 2
        return None

    for module in sorted(GRAPH):
        if module not in state and (circle := visit(module)):
            pytest.fail("import circle: " + " -> ".join(circle))


def test_the_checker_sees_a_wrong_import(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The checker itself can fail: a rule module importing the suite lazily is caught."""
    bad = tmp_path / "bad.py"
    bad.write_text(
        "def f():\n    from ..suite.catalog import load_catalog\n    from oracle.adapters import reference\n"
    )
    monkeypatch.setitem(MODULES, "oracle.engine.bad", bad)
    found = imports_of("oracle.engine.bad")
    assert found == {"oracle.suite.catalog", "oracle.adapters", "oracle.adapters.reference"}
    assert all(room(m) not in ALLOWED["engine"] for m in found)


@pytest.mark.parametrize("module", sorted(MODULES))
def test_modules_are_short_enough_to_read(module: str) -> None:
    lines = len(MODULES[module].read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{MODULES[module].relative_to(PACKAGE.parent)} has {lines} lines (at most {MAX_LINES})"
