"""The garbage collector while a command starts: off until its first scenario, and the process's
last collections skip what it holds.

CPython's cyclic garbage collector walks the objects it tracks, every older one now and then.
Starting a run makes tens of thousands of objects that live until it ends (the modules, the
catalog, the cards, the scenarios, pytest's items) and next to no cyclic garbage, so the
collections made while it starts find nothing, and were a tenth of what ``mtg-conformance run``
cost with no scenario selected; at exit, the interpreter's last collections walked them all again.
So a command (:func:`paused_collection`) starts with the collector off; before the first
scenario of a run (:func:`resume`; at once for a command that runs none, such as ``serve`` or
``explore``, which may run for long), what the start made moves to the permanent generation
(:func:`gc.freeze`), where collections no longer walk it, and the collector runs again, for
the garbage of the scenarios; and a command that ends its process freezes what is left before
it exits.  A command called in a process that goes on (a test calling ``main``) finds the
collector as it was, and nothing frozen.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

#: Whether the collector is off for a command that will turn it back on.
_paused = False
#: Whether this command froze what its start made.
_froze = False


@contextmanager
def paused_collection(ending_process: bool) -> Iterator[None]:
    """The collector off while the command starts (see :func:`resume`), as it was afterwards;
    when the command ends its process, what is left frozen for the exit."""
    global _paused, _froze
    was_on = gc.isenabled()
    gc.disable()
    _paused, _froze = was_on, False
    try:
        yield
    finally:
        if _froze and not ending_process:
            gc.unfreeze()
        _paused, _froze = False, False
        if was_on:
            gc.enable()
        if ending_process:
            gc.freeze()


def resume() -> None:
    """Before the first scenario: what the start made is frozen, and the collector runs again (if
    the command turned it off)."""
    global _paused, _froze
    if _paused:
        _paused, _froze = False, True
        gc.freeze()
        gc.enable()


def resuming() -> object:
    """A pytest plugin that calls :func:`resume` before the first scenario (first of the hooks
    that run the scenarios, under ``-n`` too, where the workers collect them)."""
    import pytest

    class Resuming:
        @pytest.hookimpl(tryfirst=True)
        def pytest_runtestloop(self) -> None:
            resume()

    return Resuming()
