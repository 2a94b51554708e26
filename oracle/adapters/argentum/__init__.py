"""The argentum adapter: Argentum (Kotlin, rules of 2026) through the wire protocol.

Its bridge (``bridge/mtgconformance/*.java``, the project's own code) is compiled with ``javac``
on first use against the Argentum build named by ``MTG_CONFORMANCE_ARGENTUM`` (a folder whose
``lib/`` holds the engine's, the cards' and the Kotlin runtime's jars), else
``../shared/engines/argentum-2026`` beside the checkout; :mod:`oracle.adapters.jvm` caches the
classes, keyed by the bridge's source and the engine's jars.  ``fixtures/engines/argentum/README.md``
says what the bridge maps (setup, the actions of contract 1.3.0, the questions) and what it refuses.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from oracle.adapters.jvm import Bridge, built, digest, engine_build, run_compiler, source_digest
from oracle.errors import EngineLoadError
from oracle.paths import suite_root

#: The environment variable naming an Argentum build.
VARIABLE = "MTG_CONFORMANCE_ARGENTUM"
#: The bridge's Java source.
SOURCE = Path(__file__).resolve().parent / "bridge"
INSTALL = (
    "build Argentum with ../shared/engines/argentum-2026/build.sh (its jars in DIR/lib), "
    "or check out the shared engines beside the project"
)


def default_build() -> Path:
    """``../shared/engines/argentum-2026`` relative to the project's root."""
    return suite_root().parent / "shared" / "engines" / "argentum-2026"


def jars(build: Path) -> list[Path]:
    """The jars of an Argentum build: ``DIR/lib/*.jar``, or ``DIR/*.jar`` for a bare folder of them."""
    folder = build / "lib" if (build / "lib").is_dir() else build
    found = sorted(folder.glob("*.jar"))
    if not any("rules-engine" in j.name for j in found):
        raise EngineLoadError(f"{folder} holds no argentum-rules-engine jar: {INSTALL}, or set {VARIABLE}=DIR")
    return found


def bridge() -> Bridge:
    """The built bridge for the Argentum build in use, compiling it first if needed."""
    build = engine_build(VARIABLE, default_build(), "an Argentum build (its lib/*.jar)", INSTALL)
    libs = jars(build)
    classpath = os.pathsep.join(str(j) for j in libs)
    key = digest(libs, source_digest(SOURCE))

    def compile_into(out: Path) -> None:
        sources = sorted(str(p) for p in (SOURCE / "mtgconformance").glob("*.java"))
        javac = shutil.which("javac") or "javac"
        run_compiler(
            [javac, "-nowarn", "-encoding", "UTF-8", "-d", str(out / "classes"), "-cp", classpath, *sources],
            "compiling the argentum bridge",
        )

    folder = built("argentum", key, compile_into)
    java = shutil.which("java") or "java"
    argv = (
        java,
        "-Xss8m",
        "-XX:+UseSerialGC",
        "-XX:TieredStopAtLevel=1",
        "-cp",
        os.pathsep.join([str(folder / "classes"), classpath]),
        "mtgconformance.Bridge",
    )
    return Bridge(folder, argv)


def command() -> str:
    """The command line that starts the bridge (for ``cmd:``), building it first if needed."""
    return bridge().command
