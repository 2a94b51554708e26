"""``mtg-conformance explore``: its options, and the handler the CLI calls.

Hypothesis is imported only when an exploration runs, so the rest of the command starts fast.
"""

from __future__ import annotations

import argparse
import math
import shlex
import sys
from pathlib import Path
from typing import Any

from oracle.errors import UserError

DEFAULT_BUDGET = 60.0


def add_parser(commands: Any) -> None:
    """Register ``explore`` on the CLI's subcommands."""
    parser = commands.add_parser(
        "explore",
        help="search for positions where an engine and the reference disagree",
        epilog="Exit status: 0 when no divergence was found, 1 when some were written to --out, 3 when most "
        "examples ended without a verdict (the engine refused them as unsupported), 2 for a mistake.",
    )
    parser.add_argument("--engine", required=True, help="the engine under test: 'phase', 'module:Class' or 'cmd:...'")
    parser.add_argument("--against", default="reference", help="the engine taken as right (default: reference)")
    parser.add_argument("--seed", type=int, default=0, help="the same seed explores the same examples (default 0)")
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--budget", type=float, help=f"seconds to explore (default {DEFAULT_BUDGET:g})")
    budget.add_argument("--examples", type=int, help="examples to explore (exactly reproducible)")
    parser.add_argument("--out", required=True, help="folder for the scenarios found and exploration.json")
    parser.add_argument("--engine-timeout", type=float, default=5.0, help="seconds the engine has to answer a request")


#: Exit status when most examples ended without a verdict (or none ran): the exploration says little.
BLIND = 3


def run(args: argparse.Namespace) -> int:
    """Explore; exit status 0 when no divergence was found, 1 when one was (written, or found and
    dropped), :data:`BLIND` (3) when most examples ended without a verdict, whatever was found."""
    budget, examples = args.budget, args.examples
    if examples is not None and examples < 1:
        raise UserError(f"--examples must be at least 1, not {examples}")
    if budget is not None and not (math.isfinite(budget) and budget > 0):
        raise UserError(f"--budget must be a positive number of seconds, not {budget}")
    if not (math.isfinite(args.engine_timeout) and args.engine_timeout > 0):
        raise UserError(f"--engine-timeout must be a positive number of seconds, not {args.engine_timeout}")
    if budget is None and examples is None:
        budget = DEFAULT_BUDGET
    from .runner import Options, explore

    command = "mtg-conformance explore " + " ".join(shlex.quote(a) for a in _argv(args))
    options = Options(
        args.engine, args.against, args.seed, budget, examples, Path(args.out), args.engine_timeout, command
    )
    result = explore(options)
    for entry in result.found:
        print(f"{entry['kind']:>12}  {Path(args.out) / entry['file']}")
    share = f"{100 * result.with_verdict // result.examples}%" if result.examples else "none"
    print(
        f"{result.examples} examples in {result.elapsed():.1f} s, {result.with_verdict} with a verdict ({share}): "
        f"{len(result.found)} divergences written to {args.out}; "
        f"replay them with 'mtg-conformance run --features {args.out}'"
    )
    print(
        f"combat: {result.with_blocks} examples reached the declare blockers step with a creature blocking, "
        f"{result.with_combat_damage} a combat damage step"
    )
    refused = list(result.scope.refused_cards)
    if refused:
        named = "; ".join(refused[:8]) + ("; ..." if len(refused) > 8 else "")
        print(
            f"the engine refused {len(refused)} cards as unsupported, not dealt to it again: {named} "
            "(exploration.json gives its reasons)"
        )
    for entry in result.dropped:
        print(
            f"warning: not written, it fails on the reference engine: {entry['scenario']}: {entry['why']}",
            file=sys.stderr,
        )
    if result.refused_positions:
        print(f"warning: the reference engine refused {result.refused_positions} generated positions", file=sys.stderr)
    if result.blind():
        print(
            f"WARNING: {result.examples - result.with_verdict} of {result.examples} examples ended without a "
            f"verdict ({result.unsupported} answers 'unsupported' from the engine, {result.refused_positions} "
            f"positions the reference engine refused): this exploration says little about the engine "
            f"(exit status {BLIND})",
            file=sys.stderr,
        )
        return BLIND
    if result.dropped:  # divergences found and not written are never a green "0 divergences"
        print(
            f"{len(result.dropped)} divergences found were not written (warnings above): exit status 1",
            file=sys.stderr,
        )
        return 1
    return 1 if result.found else 0


def _argv(args: argparse.Namespace) -> list[str]:
    words = ["--engine", args.engine]
    if args.against != "reference":
        words += ["--against", args.against]
    words += ["--seed", str(args.seed)]
    if args.examples is not None:
        words += ["--examples", str(args.examples)]
    elif args.budget is not None:
        words += ["--budget", f"{args.budget:g}"]
    return [*words, "--out", args.out]
