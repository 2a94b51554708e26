"""The command line of ``mtg-conformance``: its subcommands and options (argparse), with mistakes as
one line and exit status 2, and help wrapped at spaces only."""

from __future__ import annotations

import argparse
import textwrap
from typing import Any

from oracle.errors import UserError
from oracle.registry import ENGINE_HELP
from oracle.version import __version__

from .commands import ENGINE_TIMEOUT_HELP, add_commands

FEATURES_HELP = "feature files or folders to run instead of features/ (':suite' names the suite's own, to run both)"


class _Formatter(argparse.HelpFormatter):
    """argparse's help, wrapped at spaces only: an engine's name such as 'example-js' stays whole."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        return textwrap.wrap(" ".join(text.split()), width, break_on_hyphens=False)


class _Parser(argparse.ArgumentParser):
    """argparse, with its mistakes as one line (no usage block) and exit status 2."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> Any:
        self.exit(2, f"mtg-conformance: error: {self.prog.removeprefix('mtg-conformance ')}: {message}\n")


def _seconds(text: str) -> float:
    from oracle.contract.protocol import check_timeout

    try:
        return check_timeout(text)
    except UserError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _workers(text: str) -> str:
    if text != "auto" and not (text.isdigit() and int(text) >= 0):
        raise argparse.ArgumentTypeError(f"-n takes a number of processes or 'auto', not {text!r}")
    return text


def parser(doc: str) -> argparse.ArgumentParser:
    """The command line of mtg-conformance, its description taken from ``doc`` (the command's)."""
    about = " ".join(doc.split("\n\n")[:2]).replace("\n", " ").removeprefix("mtg-conformance: ")
    top = _Parser(prog="mtg-conformance", description=about[0].upper() + about[1:])
    top.add_argument("--version", action="version", version=f"mtg-conformance {__version__}")
    commands = top.add_subparsers(dest="command", required=True)
    for name, text in (
        ("run", "run the suite against an engine and print the summary"),
        ("certify", "run the suite and write the certification reports"),
        ("expectations", "run the suite and write the engine's expectations file"),
    ):
        sub = commands.add_parser(name, help=text)
        sub.add_argument("--engine", default="reference", help=ENGINE_HELP)
        sub.add_argument("--ruling", action="append", default=[], help="run only this ruling's scenarios (repeatable)")
        sub.add_argument("-m", dest="markexpr", default="", help="a pytest marker expression, e.g. 'cr.106.7'")
        sub.add_argument("--engine-timeout", type=_seconds, default=None, help=ENGINE_TIMEOUT_HELP)
        sub.add_argument(
            "--validate-wire", action="store_true", help="check every protocol message against the schemas"
        )
        sub.add_argument("-v", "--verbose", action="store_true", help="list every scenario")
        sub.add_argument(
            "-n",
            dest="workers",
            type=_workers,
            default=None,
            help="spread the scenarios over this many processes, or 'auto' (one per CPU); needs pytest-xdist",
        )
        if name != "expectations":
            sub.add_argument("--expectations", default=None, help="the engine's expectations file")
            sub.add_argument(
                "--transcripts",
                default=None,
                metavar="DIR",
                help="write each not-passed scenario's requests and replies",
            )
        if name == "run":
            sub.add_argument("--features", action="append", default=[], help=FEATURES_HELP)
        if name == "certify":
            sub.add_argument("--out", required=True, help="folder for the reports")
        if name == "expectations":
            sub.add_argument("--out", default=None, help="file to write (default: print it)")
            sub.add_argument(
                "--update",
                default=None,
                metavar="FILE",
                help="write FILE anew from this run (or --out), keeping the reasons and the pin written in it",
            )
    docs = commands.add_parser("docs", help="render the living documentation as HTML")
    docs.add_argument("--out", required=True, help="folder for the HTML pages")
    docs.add_argument("--report", action="append", default=[], help="a report.json whose outcomes to show (repeatable)")
    docs.add_argument(
        "--certified",
        action="store_true",
        help="first show the certifications committed with the suite (fixtures/engines/engines.toml) "
        "and the lists across its real engines",
    )
    from .compare import add_parser as add_compare

    add_compare(commands)
    commands.add_parser("serve", help="speak the wire protocol on stdin and stdout for the reference engine")
    from .coverage.command import add_parsers as add_coverage
    from .explore.command import add_parser as add_explore

    add_coverage(commands)
    add_commands(commands, _seconds)

    add_explore(commands)
    return top
