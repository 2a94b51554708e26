"""What a run checks before its first scenario, so that every mistake of the user is one line first.

A run that stops half-way on a mistake the user made before it started (a folder for the
transcripts that can't be written, a report's folder that is a file) would have run scenarios
for nothing and said why last, or not at all; a feature file it can't run would drop out of
every count.  So, before the engine starts, ``mtg-conformance`` (:func:`check_before_run`) and the
pytest plugin check every place the run will write (:func:`writable_folder`,
:func:`writable_file`) and every feature file it will run
(:func:`~oracle.suite.feature_check.check_feature_files`), and refuse the first mistake with one
:class:`~oracle.errors.UserError` line naming the option and the place.
"""

from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path

from oracle.errors import UserError
from oracle.files import output_target, outside_suite

from .catalog import Catalog, check_tags
from .feature_check import check_feature_files
from .needs import derive_all


def writable_folder(option: str, path: Path) -> Path:
    """``path`` as a folder the run can write files into (made if missing), or a one-line
    :class:`UserError`; a folder inside the suite's own is refused before it is made
    (:func:`~oracle.files.outside_suite`)."""
    outside_suite(path, option)
    if path.exists() and not path.is_dir():
        raise UserError(f"{option} {path}: not a folder (a file of that name is there)")
    try:
        path.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=path, prefix=".mtg-conformance-check-"):
            pass  # a file can be made there, and is gone again
    except OSError as exc:
        raise UserError(f"{option} {path}: can't write there: {exc.strerror or exc}") from None
    return path


def writable_file(option: str, path: Path) -> Path:
    """``path`` as a file the run can write (its folder exists and takes files, and
    :func:`~oracle.files.output_target` takes it: a regular file or none yet, through its links,
    outside the suite's own folders), or a one-line :class:`UserError`."""
    if path.is_dir():
        raise UserError(f"{option} {path}: a folder, not a file")
    target = output_target(path, option)
    folder = target.parent
    if not folder.is_dir():
        named = folder if path.is_symlink() else path.parent if str(path.parent) else Path(".")
        raise UserError(f"{option} {path}: no folder {named} to write it in")
    if not os.access(folder, os.W_OK | os.X_OK) or (target.exists() and not os.access(target, os.W_OK)):
        raise UserError(f"{option} {path}: can't write there: Permission denied")
    return path


def check_before_run(args: argparse.Namespace, catalog: Catalog, features: list[Path], root: Path) -> None:
    """Before a run of ``mtg-conformance`` starts its engine: the tags of an author's feature files
    (``features``, from ``--features``; the suite's own are checked with the rest of its lint),
    every feature file of the run, and every place it will write."""
    check_tags(catalog, features)
    check_feature_files(features or [root / "features"])
    derive_all(root)  # the cards, capabilities and basic land types every scenario's needs are read from
    if getattr(args, "transcripts", None):
        writable_folder("--transcripts", Path(args.transcripts))
    out = getattr(args, "out", None)
    if out and args.command == "certify":
        writable_folder("--out", Path(out))
    elif args.command == "expectations" and (out or getattr(args, "update", None)):
        writable_file("--out" if out else "--update", Path(out or args.update))
