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
import subprocess
import zipfile
from pathlib import Path

from oracle.adapters.jvm import Bridge, built, digest, engine_build, run_compiler, source_digest
from oracle.errors import EngineLoadError
from oracle.paths import suite_root

#: The JVM's options: a small stack and heap collector, and quick compilation, for a process that
#: answers one request at a time.
JVM_OPTIONS = ("-Xss8m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xlog:disable")
#: A game the bridge plays once as it is built, to record the classes it loads in a class-data
#: archive (JDK 12+) that later starts read instead of loading them again.
WARM_UP = (
    '{"id":1,"op":"handshake","protocol":"1.1","suite":"0"}\n'
    '{"id":2,"op":"setup","position":{"players":[{"name":"A","battlefield":[{"card":"Forest","ref":"f"}],'
    '"hand":[{"card":"Grizzly Bears","ref":"g"}]},{"name":"B"}],'
    '"turn":{"number":3,"active_player":"A","step":"precombat-main"}}}\n'
    '{"id":3,"op":"perform","action":{"type":"cast","player":"A","card":"g","mana_abilities":[{"source":"f","ability":1}]}}\n'
    '{"id":4,"op":"observe"}\n{"id":5,"op":"stop"}\n'
)
#: What a cached build holds (a new layout is a new cache key): the classes packed in bridge.jar.
LAYOUT = "bridge.jar 1"
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


def warm_up(java: str, classes: str, archive: Path) -> None:
    """Play :data:`WARM_UP` once to write the class-data archive beside the built bridge (it names the
    jars by their paths, so it is made where the bridge stays); it only speeds starting up, and a
    failure leaves a mark so it is not tried again."""
    partial = archive.with_name(f".{archive.name}.{os.getpid()}")
    run = [java, *JVM_OPTIONS, f"-XX:ArchiveClassesAtExit={partial}", "-cp", classes, "mtgconformance.Bridge"]
    try:
        subprocess.run(run, input=WARM_UP, capture_output=True, text=True, timeout=120, check=False)
        os.replace(partial, archive)
    except (OSError, subprocess.TimeoutExpired):
        partial.unlink(missing_ok=True)
        (archive.parent / ".no-archive").touch()


def bridge() -> Bridge:
    """The built bridge for the Argentum build in use, compiling it first if needed."""
    build = engine_build(VARIABLE, default_build(), "an Argentum build (its lib/*.jar)", INSTALL)
    libs = jars(build)
    classpath = os.pathsep.join(str(j) for j in libs)
    key = digest(libs, source_digest(SOURCE), LAYOUT)

    def compile_into(out: Path) -> None:
        sources = sorted(str(p) for p in (SOURCE / "mtgconformance").glob("*.java"))
        javac = shutil.which("javac") or "javac"
        run_compiler(
            [javac, "-nowarn", "-encoding", "UTF-8", "-d", str(out / "classes"), "-cp", classpath, *sources],
            "compiling the argentum bridge",
        )
        # A jar, since a class-data archive may name jars only, not folders.
        with zipfile.ZipFile(out / "bridge.jar", "w", zipfile.ZIP_DEFLATED) as jar:
            for f in sorted((out / "classes").rglob("*.class")):
                jar.write(f, f.relative_to(out / "classes").as_posix())

    folder = built("argentum", key, compile_into)
    java = shutil.which("java") or "java"
    classes = os.pathsep.join([str(folder / "bridge.jar"), classpath])
    archive = folder / "bridge.jsa"
    if not archive.is_file() and not (folder / ".no-archive").exists():
        warm_up(java, classes, archive)
    shared = (f"-XX:SharedArchiveFile={archive}", "-Xshare:auto") if archive.is_file() else ()
    argv = (
        java,
        *JVM_OPTIONS,
        *shared,
        "-cp",
        classes,
        "mtgconformance.Bridge",
    )
    return Bridge(folder, argv)


def command() -> str:
    """The command line that starts the bridge (for ``cmd:``), building it first if needed."""
    return bridge().command
