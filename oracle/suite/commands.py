"""The commands an engine's author starts with: ``cards``, ``smoke``, ``replay`` and ``capabilities``
(:mod:`oracle.suite.capabilities`).

``mtg-conformance cards --out FILE``
    Every card fixture as engine-neutral JSON (:mod:`oracle.contract.cards`, ``cards.schema.json``).
``mtg-conformance smoke --engine SPEC``
    Check the engine's handshake, run the core scenarios (``@core``: a position observed as given,
    a basic land's mana, a creature spell that resolves, priority and the steps of the turn, a
    rejection that changes nothing), and print the result as JSON: ``success``, the engine and its
    capabilities, the outcomes, and for each core scenario that did not pass why and a ``run``
    line that shows it again.  Exit status 0 when every core scenario the engine can play passed.
``mtg-conformance replay FILE --engine SPEC``
    Send the requests of a transcript (``--transcripts DIR`` on run and certify) again to a fresh
    engine and show, request by request, where its answers differ from the recorded ones.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import shlex
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from oracle.contract.outcomes import NOT_PASSED, NOT_RUN, printable
from oracle.errors import EngineLoadError, UserError
from oracle.files import MAX_EXPECTATIONS, write_whole
from oracle.registry import ENGINE_HELP

from .capabilities import add_parser as add_capabilities
from .capabilities import run as capabilities
from .inert import LONG, NAME, plain
from .reports.failures import UNRELIABLE

#: What --engine-timeout bounds, and what it does not (README: "What the runner guarantees").
ENGINE_TIMEOUT_HELP = (
    "seconds an engine has to answer one request (5 for cmd: engines unless set); given it, a "
    "'module:Class' engine runs in a child process and is bounded too, else in this one, where nothing bounds its time"
)


def add_commands(commands: Any, seconds: Callable[[str], float]) -> None:
    """Add the four commands to the CLI's subparsers."""
    cards = commands.add_parser("cards", help="write every card the suite plays with as JSON")
    cards.add_argument("--out", required=True, metavar="FILE", help="the file to write ('-' for stdout)")
    smoke = commands.add_parser("smoke", help="check the handshake and run the core scenarios, in seconds")
    replay = commands.add_parser("replay", help="send a transcript's requests again and show what differs")
    replay.add_argument("file", metavar="FILE", help="a transcript written by --transcripts")
    for sub in (smoke, replay):
        sub.add_argument("--engine", required=True, help=ENGINE_HELP)
        sub.add_argument("--engine-timeout", type=seconds, default=None, help=ENGINE_TIMEOUT_HELP)
        sub.add_argument(
            "--validate-wire", action="store_true", help="check every protocol message against the schemas"
        )
    smoke.add_argument(
        "--transcripts", default=None, metavar="DIR", help="write each not-passed scenario's requests and replies"
    )
    add_capabilities(commands)


def run_command(args: argparse.Namespace, run_suite: Callable[..., Any]) -> int:
    if args.command == "cards":
        return write_cards(args.out)
    if args.command == "smoke":
        return smoke(args, run_suite)
    if args.command == "capabilities":
        return capabilities(args)
    return replay_file(args)


def write_cards(out: str) -> int:
    from oracle.contract.cards import export_json

    text = export_json()
    if out == "-":
        sys.stdout.write(text)
        return 0
    write_whole(Path(out), text)
    print(f"wrote {json.loads(text)['meta']['cards']} cards into {out}", file=sys.stderr)
    return 0


def smoke(args: argparse.Namespace, run_suite: Callable[..., Any]) -> int:
    """Run the core scenarios quietly and print what an engine's author needs first, as JSON."""
    selection = argparse.Namespace(**vars(args), ruling=[], markexpr="core", verbose=False, expectations=None)
    progress = io.StringIO()  # pytest's own lines: the JSON below says it all
    try:
        with contextlib.redirect_stdout(progress):
            run = run_suite(selection, quiet=True)
    except UserError as exc:  # a mistake of the user's, or an engine that did not start or answer the handshake
        why = "handshake" if isinstance(exc, EngineLoadError) else "error"
        print(_json({"success": False, "engine": {"spec": plain(args.engine, 500)}, why: printable(exc, 600)}))
        raise
    results = run.collector.ordered()
    totals: dict[str, int] = {}
    for scenario in results:
        totals[scenario.outcome] = totals.get(scenario.outcome, 0) + 1
    rerun = f"mtg-conformance run --engine {shlex.quote(args.engine)} -m core -v"
    failures = [
        {
            "scenario": plain(r.id, 1000),
            "outcome": r.outcome,
            "why": plain(r.message, LONG),
            "run": rerun + (f" --transcripts {shlex.quote(args.transcripts)}" if args.transcripts else ""),
            **(
                {"replay": f"mtg-conformance replay {shlex.quote(r.transcript)} --engine {shlex.quote(args.engine)}"}
                if r.transcript
                else {}
            ),
        }
        for r in results
        if r.outcome not in ("PASS", "SKIP")
    ]
    success = not failures and totals.get("PASS", 0) > 0
    described = run.described
    result: dict[str, Any] = {
        "success": success,
        "engine": {
            "spec": plain(args.engine, 500),
            "name": _engine_text(described.get("name")),
            "version": _engine_text(described.get("version")),
        },
        "capabilities": [plain(c, NAME) for c in described.get("capabilities") or []],
        "core": totals,
        "failures": failures,
    }
    if any(f["outcome"] in NOT_PASSED for f in failures):
        result["warning"] = UNRELIABLE
    print(_json(result))
    return 0 if success else 1


def _engine_text(value: object) -> str | None:
    """What an engine said of itself, as one printable line (None stays null)."""
    return None if value is None else plain(value, NAME)


def _json(result: dict[str, Any]) -> str:
    """smoke's output: UTF-8 JSON, or ASCII JSON when a text holds what UTF-8 can't encode (a lone
    surrogate, as an undecodable byte of the command line becomes), so that the JSON is always printed."""
    text = json.dumps(result, indent=2, ensure_ascii=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(result, indent=2)
    return text


def replay_file(args: argparse.Namespace) -> int:
    """Replay a transcript; print each request with "same" or how the answer differs; exit 1 on a difference."""
    from oracle.registry import close_engine, open_engine

    from .transcripts import read_transcript, replay

    header, pairs = read_transcript(Path(args.file))
    engine, described = open_engine(args.engine, args.engine_timeout, args.validate_wire)
    # The header is the file's words and the description the engine's: both printed inert, one line each.
    scenario, outcome, recorded = (plain(header.get(k, "?"), 300) for k in ("scenario", "outcome", "engine"))
    print(f"replaying {scenario} ({outcome} with {recorded})")
    print(
        f"against {_engine_text(described.get('name'))} {_engine_text(described.get('version'))}: {len(pairs)} requests"
    )
    differences = sent = 0
    try:
        for request, _now, found in replay(pairs, engine):
            sent += 1
            what = request["op"] + (f" {json.dumps(request.get('action'))}" if request["op"] == "perform" else "")
            head = f"{'≠' if found else '='} {plain(request['id'], 20):>3} {printable(what, 160)}"
            print(
                head
                + (f": {plain(found[0], 500)}" if len(found) == 1 else f": {len(found)} differences" if found else "")
            )
            for line in found if len(found) > 1 else ():  # every difference of the answer, one a line
                print(f"        {plain(line, 500)}")
            differences += bool(found)
    finally:
        close_engine(engine, args.engine, quiet=True)
    unsent = len(pairs) - sent  # after an engine failure the rest are not sent: never counted as the same
    if unsent:
        print(f"{differences} of {sent} answers differ; {unsent} of {len(pairs)} requests not sent: the engine failed at request {sent}")
        return 1
    print(f"{differences} of {len(pairs)} answers differ" if differences else "every answer is the same")
    return 1 if differences else 0


def expectations(args: argparse.Namespace, run_suite: Callable[..., Any]) -> int:
    """``mtg-conformance expectations``: run the suite and write the expectations file; only a
    complete run can be a baseline.  ``--update FILE`` writes FILE anew (or ``--out``), keeping the
    reasons, the pin and the notes at its head a person wrote in it."""
    from .expectations_file import expectations_toml, with_header_notes

    previous = None
    if args.update:  # what a person wrote in it is kept (oracle/suite/expectations_file.py)
        from oracle.toml import read_toml

        from .expectations_file import EXPECTATIONS

        previous = read_toml(Path(args.update), UserError, MAX_EXPECTATIONS, EXPECTATIONS)
    run = run_suite(args, quiet=True)
    if run.status not in (0, 1) or any(r.outcome == NOT_RUN for r in run.collector.ordered()):
        raise UserError(f"the run did not complete (exit status {run.status}): no expectations file written")
    if previous is not None and previous.get("engine") != run.described["name"]:
        raise UserError(
            f"{args.update}: written for engine {previous.get('engine')!r}, but this engine says it is "
            f"{printable(run.described['name'], 100)!r}: not updated"
        )
    text = expectations_toml(run.collector.ordered(), run.described, previous)
    if args.update:
        from oracle.files import MAX_TOML, read_input

        previous_text = read_input(Path(args.update), MAX_TOML, "expectations file").decode("utf-8", "replace")
        text = with_header_notes(text, previous_text)
    out = args.out or args.update
    if out:
        write_whole(Path(out), text)
        print(f"wrote {out}")
    else:
        print(text)
    return 0
