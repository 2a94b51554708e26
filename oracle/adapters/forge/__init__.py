"""The forge adapter: a bridge on the JVM built on first use (:mod:`oracle.adapters.jvm`)."""

from __future__ import annotations

from oracle.errors import EngineLoadError


def command() -> str:
    """The command line that starts the bridge, building it first if needed."""
    raise EngineLoadError("engine 'forge': its bridge is not written yet")
