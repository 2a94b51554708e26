"""Engine lookup: an ``--engine`` spec to an :class:`~oracle.contract.Engine`.

The one place that knows every engine: the reference engine (``reference``), phase.rs
(``phase``), the example engines in JavaScript (``example-js``) and in Python (``example-py``), any
Python class (``module:Class``) and any program speaking the wire protocol (``cmd:<command line>``).  The suite imports this module; the engine, the contract and the
adapters never do, so lookup adds no import circle.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import shlex
import shutil
import sys
from typing import Any

from oracle.contract.in_process import GuardedEngine, reraise_interruption, what_it_raised
from oracle.contract.interface import JSON, Engine
from oracle.contract.outcomes import EngineFailure, printable
from oracle.contract.validation import errors as schema_errors
from oracle.errors import EngineLoadError, UserError
from oracle.kept import kept
from oracle.paths import shipped_fixture, suite_root
from oracle.toml import read_toml

#: Short names for the engines this package ships an adapter for, and where each lives.
ALIASES: dict[str, str] = {
    "reference": "oracle.adapters.reference:ReferenceEngine",
    "oracle": "oracle.adapters.reference:ReferenceEngine",
    "phase": "oracle.adapters.phase:PhaseEngine",
    # The protocol's worked example, in JavaScript (fixtures/engines/example-js/README.md).
    "example-js": "cmd:node " + shlex.quote(str(shipped_fixture("engines", "example-js", "engine.js"))),
}
#: Engines in Python this package ships as a file of its fixtures, not as a module on the import path:
#: each is the file and its engine class, loaded from that file (:func:`_shipped_class`).
SHIPPED: dict[str, tuple[tuple[str, ...], str]] = {
    # The worked example in Python (fixtures/engines/example-py/README.md), run in this process.
    "example-py": (("engines", "example-py", "engine.py"), "ExampleEngine"),
}
#: Engines on the JVM, reached through a bridge of the project's own built on first use against the
#: user's build of the engine (:mod:`oracle.adapters.jvm`): each names a function giving its command line.
BRIDGED: dict[str, str] = {
    "argentum": "oracle.adapters.argentum:command",
    "forge": "oracle.adapters.forge:command",
}
#: What --engine takes, in the words of every help text and error that lists it.
ENGINE_HELP = (
    "'reference', 'phase', 'argentum', 'forge', 'example-js', 'example-py', 'module:Class' or 'cmd:<command line>'"
)
#: phase-python, as pyproject.toml's "phase" extra pins it: what a wheel user installs for --engine phase.
PHASE_REQUIREMENT = "phase-python==0.103.0"


def load_engine(spec: str, timeout: float | None = None, validate_wire: bool = False) -> Engine:
    """``"reference"`` for this package's engine, ``"phase"`` for phase.rs, ``"example-js"`` or
    ``"example-py"`` for the worked examples, ``"module:Class"`` for one in Python (its class built
    with no arguments), or ``"cmd:<command line>"`` for one in another process speaking
    :mod:`oracle.contract.protocol`.

    A ``module:Class`` engine of the user's runs in this process, guarded so that what it raises beyond
    an ``Exception`` is an engine error (:mod:`oracle.contract.in_process`); given a ``timeout``, it runs
    in a child process behind the wire instead (:func:`hosted_engine`), bounded like a ``cmd:`` engine.
    This package's own engines (the aliases) always run as they are."""
    if spec == "phase":  # phase.rs through phase-python, the "phase" extra
        try:
            import phase  # noqa: F401
        except ImportError:
            raise EngineLoadError(f"engine 'phase' needs phase-python: pip install {PHASE_REQUIREMENT}") from None
    if spec == "example-js" and shutil.which("node") is None:
        raise EngineLoadError("engine 'example-js' needs Node.js: no 'node' on the PATH")
    if spec in SHIPPED:
        return _constructed(spec, _shipped_class(spec), ours=True)
    ours = spec in ALIASES or spec in BRIDGED
    if spec in BRIDGED:  # its bridge is built (or found in the cache) now; failing that, one line on what to install
        module_name, _, function = BRIDGED[spec].partition(":")
        spec = "cmd:" + getattr(importlib.import_module(module_name), function)()
    spec = ALIASES.get(spec, spec)
    if spec.startswith("cmd:"):
        from oracle.contract.protocol import DEFAULT_TIMEOUT, SubprocessEngine

        return SubprocessEngine(spec[4:], DEFAULT_TIMEOUT if timeout is None else timeout, validate_wire)
    module_name, _, class_name = spec.partition(":")
    if not module_name or not class_name:
        raise EngineLoadError(f"engine {spec!r}: expected {ENGINE_HELP}")
    if timeout is not None and not ours:  # a time limit asked: bounded like a cmd: engine, in a child process
        return hosted_engine(spec, timeout, validate_wire)
    try:
        module = importlib.import_module(module_name)
    except BaseException as exc:  # a missing module, a relative name, a syntax error, or its code raising or exiting
        reraise_interruption(exc)
        raise EngineLoadError(
            f"engine {spec!r}: cannot import {module_name!r}: {type(exc).__name__}: {printable(exc)}"
        ) from None
    factory = getattr(module, class_name, None)
    if factory is None:
        raise EngineLoadError(f"engine {spec!r}: module {module_name!r} has no {class_name!r}")
    if not isinstance(factory, type):  # a function (the command's own main, say) is not called blind
        kind = type(factory).__name__
        raise EngineLoadError(
            f"engine {spec!r}: {class_name!r} is a {kind}, not a class: 'module:Class' names an engine class"
        )
    return _constructed(spec, factory, ours)


def _shipped_class(spec: str) -> type:
    """The engine class of a :data:`SHIPPED` engine, its module loaded from the package's own file
    (:func:`importlib.util.spec_from_file_location`): nothing is added to ``sys.path``, and the
    file is found wherever the suite is installed."""
    parts, class_name = SHIPPED[spec]
    path, name = shipped_fixture(*parts), f"mtg_conformance_{spec.replace('-', '_')}"
    found = importlib.util.spec_from_file_location(name, path) if path.is_file() else None
    if found is None or found.loader is None:
        raise EngineLoadError(f"engine {spec!r}: its file {path} is missing: reinstall mtg-conformance")
    module = sys.modules[name] = importlib.util.module_from_spec(found)  # as importlib's recipe does
    try:
        found.loader.exec_module(module)
    except BaseException as exc:
        del sys.modules[name]
        reraise_interruption(exc)
        raise EngineLoadError(f"engine {spec!r}: loading {path} failed: {what_it_raised(exc)}") from None
    factory: type = getattr(module, class_name)
    return factory


def _constructed(spec: str, factory: type, ours: bool) -> Engine:
    """An engine built from its class with no arguments, as the contract's four methods checked."""
    try:
        engine = factory()
    except BaseException as exc:  # an outside engine's constructor may raise anything, sys.exit() included
        reraise_interruption(exc)
        raise EngineLoadError(f"engine {spec!r}: constructing it failed: {what_it_raised(exc)}") from None
    missing = [m for m in ("describe", "setup", "perform", "observe") if not callable(getattr(engine, m, None))]
    if missing:
        raise EngineLoadError(f"engine {spec!r}: missing contract method(s) {', '.join(missing)}")
    return engine if ours else GuardedEngine(engine, spec)


#: Started in the child that hosts an in-process engine: the runner's import path first, then the host.
_HOST = (
    "import json, runpy, sys; sys.path[:0] = json.loads(sys.argv.pop(2)); runpy.run_module({!r}, run_name='__main__')"
)


def hosted_engine(spec: str, timeout: float, validate_wire: bool = False) -> Engine:
    """A ``module:Class`` engine run in a child process behind the wire protocol (the explorer's host,
    ``oracle.suite.explore.host``, named here, not imported), so that its time, a crash, ``sys.exit()``
    or ``os._exit()`` are bounded and reported like those of a ``cmd:`` engine.  The child imports the
    engine's module with the runner's import path."""
    from oracle.contract.protocol import SubprocessEngine

    argv = [sys.executable, "-c", _HOST.format("oracle.suite.explore.host"), spec, json.dumps(sys.path)]
    return SubprocessEngine(shlex.join(argv), timeout, validate_wire)


def open_engine(spec: str, timeout: float | None = None, validate_wire: bool = False) -> tuple[Engine, JSON]:
    """Load the engine and check, once and first, that it starts and describes itself within the
    contract (for a ``cmd:`` engine, the handshake); any failure is one :class:`EngineLoadError`
    naming the spec and the cause, and leaves nothing running."""
    engine = load_engine(spec, timeout, validate_wire)
    try:
        described = engine.describe()
    except UserError:
        close_engine(engine, spec, quiet=True)
        raise
    except Exception as exc:  # the protocol's failures, or anything an in-process engine raises
        close_engine(engine, spec, quiet=True)
        reason = str(exc) if isinstance(exc, EngineFailure) else f"describe() raised {type(exc).__name__}: {exc}"
        raise EngineLoadError(f"engine {spec!r} failed to start: {printable(reason, 600)}") from None
    problems = schema_errors(described, "engine.schema.json")
    if problems:
        close_engine(engine, spec, quiet=True)
        raise EngineLoadError(f"engine {spec!r} describes itself out of engine.schema.json: {printable(problems[0])}")
    table = _capabilities_file()  # read once: each capability declared is looked up in it
    known = known_capabilities(table)
    unknown = [c for c in described["capabilities"] if c not in known]
    if unknown:
        close_engine(engine, spec, quiet=True)
        names = ", ".join(repr(printable(c, 40)) for c in unknown[:5])
        raise EngineLoadError(
            f"engine {spec!r} declares capabilities that do not exist: {names}; "
            "'mtg-conformance capabilities' lists those a scenario may need"
        )
    since = capability_since(table)
    contract = _version(described["contract"])
    too_new = [c for c in described["capabilities"] if _version(since.get(c, "0")) > contract]
    if too_new:
        close_engine(engine, spec, quiet=True)
        names = ", ".join(f"{c!r} (contract {since[c]})" for c in too_new[:5])
        raise EngineLoadError(
            f"engine {spec!r} speaks contract {printable(described['contract'], 20)} but declares capabilities "
            f"of a later contract: {names}"
        )
    return engine, described


def _capabilities_file() -> dict[str, Any]:
    """``fixtures/capabilities.toml``, parsed (the package's own kept between runs: :mod:`oracle.kept`)."""
    path = suite_root() / "fixtures" / "capabilities.toml"
    return kept("capabilities", [path], lambda: read_toml(path))


def capability_since(parsed: dict[str, Any] | None = None) -> dict[str, str]:
    """The contract version that introduced each capability's actions (``[since]`` of
    ``fixtures/capabilities.toml``, or of its ``parsed`` table); a capability not listed needs no
    particular version."""
    table = (_capabilities_file() if parsed is None else parsed).get("since", {})
    return {str(k): str(v) for k, v in table.items()} if isinstance(table, dict) else {}


def _version(text: str) -> tuple[int, ...]:
    """ "1.3.0" -> (1, 3, 0); engine.schema.json has checked an engine's contract is so written."""
    return tuple(int(part) for part in text.split(".") if part.isdigit())


def known_capabilities(parsed: dict[str, Any] | None = None) -> set[str]:
    """The capabilities a scenario may need and an engine may declare (``fixtures/capabilities.toml``,
    or its ``parsed`` table)."""
    table = (_capabilities_file() if parsed is None else parsed).get("capabilities", {})
    return set(table) if isinstance(table, dict) else set()


def close_engine(engine: Engine, spec: str, quiet: bool = False) -> None:
    """``engine.close()``; if it raises, an :class:`EngineLoadError` (or nothing, when ``quiet``)."""
    try:
        engine.close()
    except Exception as exc:
        if not quiet:
            raise EngineLoadError(f"engine {spec!r}: close() failed: {type(exc).__name__}: {printable(exc)}") from None
