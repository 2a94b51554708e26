"""The forge adapter: Forge (Card-Forge/forge, Java) through a bridge on the JVM built on first use
(:mod:`oracle.adapters.jvm`).

The bridge (``bridge/mtgconformance/*.java``, the project's own code) speaks the wire protocol and
drives Forge's own priority loop (CR 117) through a controller that asks the wire at each decision.
It is compiled against a Forge build: ``MTG_CONFORMANCE_FORGE=DIR`` names one (the output of a Forge
build: ``DIR/classes``, ``DIR/res`` and ``DIR/classpath``, as ``build.sh OUT`` writes them); else the
Forge kept in ``shared/engines/forge-2023`` beside the checkout is built into the cache with its
``build.sh``. Both builds are cached under keys of their sources, so a changed bridge or Forge is
rebuilt and an unchanged one is not.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from oracle.adapters.jvm import BUILD_TIMEOUT, Bridge, built, digest, engine_build, run_compiler, source_digest
from oracle.errors import EngineLoadError

#: The bridge's Java source, shipped with the package.
BRIDGE_SOURCE = Path(__file__).resolve().parent / "bridge"
#: Where the Forge build kept beside a checkout lives (its sources and its build script).
SHARED_FORGE = Path(__file__).resolve().parents[3].parent / "shared" / "engines" / "forge-2023"
#: The Debian packages Forge's build compiles against.
PACKAGES = "apt-get install -y libguava-java libcommons-lang3-java libcommons-math3-java"
INSTALL = f"a Forge build (MTG_CONFORMANCE_FORGE=DIR, the output of Forge's build.sh), a JDK 17 and {PACKAGES}"


def forge_build() -> Path:
    """The Forge build to run: ``$MTG_CONFORMANCE_FORGE``, else the shared Forge built into the cache."""
    if os.environ.get("MTG_CONFORMANCE_FORGE"):
        folder = engine_build("MTG_CONFORMANCE_FORGE", SHARED_FORGE, "a Forge build", INSTALL)
        return _checked(folder)
    source = engine_build("MTG_CONFORMANCE_FORGE", SHARED_FORGE, "a Forge build", INSTALL)
    script = source / "build.sh"
    if not script.is_file():
        raise EngineLoadError(f"{source} has no build.sh: set MTG_CONFORMANCE_FORGE=DIR to a Forge build")
    key = digest([source / "src", source / "stubs", source / "res", script])

    def build(tmp: Path) -> None:
        try:
            done = subprocess.run(
                ["bash", str(script), str(tmp)],
                capture_output=True,
                text=True,
                timeout=BUILD_TIMEOUT,
                stdin=subprocess.DEVNULL,
            )
        except subprocess.TimeoutExpired:
            raise EngineLoadError(f"Forge's build took longer than {BUILD_TIMEOUT:.0f} s") from None
        if done.returncode != 0:
            tail = " | ".join((done.stderr or done.stdout).strip().splitlines()[-2:])
            raise EngineLoadError(f"Forge's build failed (exit {done.returncode}): {tail[:500]}")

    return _checked(built("forge-engine", key, build))


def _checked(folder: Path) -> Path:
    """A Forge build holds classes/, res/cardsfolder and classpath; one without them is named."""
    for part in ("classes", "res/cardsfolder", "classpath"):
        if not (folder / part).exists():
            raise EngineLoadError(f"{folder} is not a Forge build (no {part}): {INSTALL}")
    return folder


#: The version of the Forge kept in shared/engines/forge-2023 (its pom.xml's).
SHARED_VERSION = "1.6.55-SNAPSHOT"


def forge_version(forge: Path) -> str:
    """The version the handshake names: the build's own ``version`` file (one line, written by
    whoever made the build), else the shared Forge's version for the shared build, else
    "unknown" — never another build's version."""
    named = forge / "version"
    if named.is_file():
        first = (named.read_text(encoding="utf-8", errors="replace").strip().splitlines() or [""])[0]
        return first[:64] or "unknown"
    return "unknown" if os.environ.get("MTG_CONFORMANCE_FORGE") else SHARED_VERSION


def bridge() -> Bridge:
    """The compiled bridge for the Forge build, built on first use."""
    forge = forge_build()
    jars = (forge / "classpath").read_text(encoding="utf-8").strip()
    for jar in filter(None, jars.split(":")):
        if not Path(jar).is_file():
            raise EngineLoadError(f"Forge's class path names {jar}, which is missing: {PACKAGES}")
    if shutil.which("javac") is None or shutil.which("java") is None:
        raise EngineLoadError("engine 'forge' needs a JDK 17 (javac and java): apt-get install openjdk-17-jdk-headless")
    classes = forge / "classes"
    key = digest([forge / "classpath"], source_digest(BRIDGE_SOURCE), str(forge), str((classes).stat().st_mtime_ns))
    sources = sorted(str(p) for p in (BRIDGE_SOURCE / "mtgconformance").glob("*.java"))

    def build(tmp: Path) -> None:
        run_compiler(
            [
                "javac",
                "-nowarn",
                "-encoding",
                "UTF-8",
                "-d",
                str(tmp / "classes"),
                "-cp",
                f"{classes}:{jars}",
                *sources,
            ],
            "compiling the Forge bridge",
        )

    folder = built("forge-bridge", key, build)
    argv = (
        "java",
        "-Xss8m",
        "-Xmx1g",
        "-XX:+UseSerialGC",
        "-XX:TieredStopAtLevel=1",
        "-cp",
        f"{folder / 'classes'}:{classes}:{jars}",
        "mtgconformance.Main",
        str(forge / "res"),
        forge_version(forge),
    )
    return Bridge(folder, argv)


def command() -> str:
    """The command line that starts the bridge, building Forge and the bridge first if needed."""
    return bridge().command
