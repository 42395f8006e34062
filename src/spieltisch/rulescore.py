"""Which rules core runs: the mypyc-compiled one or the pure-Python sources.

The engine and the games' rule modules (not their faces) are compiled with mypyc from the
same source when the package is built (``setup.py``); the build records a hash of every
compiled module's source in ``rulescore.json`` beside this file. At import of
``spieltisch`` :func:`activate` decides once, for the whole core, which copy runs:

- ``SPIELTISCH_PURE=1``, no recorded build, or a build for another Python: pure Python.
- A recorded build whose sources changed, or whose module set or extension files differ
  from the sources now: pure Python, with a warning. A compiled module may call the
  compiled code of its neighbours directly, so a stale build is refused as a whole; a
  developer who edits a rule always runs the edited source.
- Otherwise the compiled core.

When pure Python runs, a finder in front of ``sys.meta_path`` loads the core's ``.py``
sources even where compiled extension modules lie beside them.

``setup.py`` loads this file by its path (the package cannot be imported before it is
built), so it imports nothing from ``spieltisch``.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType
from typing import Final

PACKAGE: Final = "spieltisch"
MANIFEST: Final = "rulescore.json"
PURE_ENV: Final = "SPIELTISCH_PURE"

# Rule modules mypyc does not compile, with the reason. Package ``__init__`` modules only
# re-export and stay interpreted too.
NOT_COMPILED: Final[frozenset[str]] = frozenset(
    {
        "spieltisch.engine.pickling",  # subclasses the C pickler, which mypyc cannot compile
    }
)


@dataclass(frozen=True)
class CoreBuild:
    """Whether the compiled core runs, and why not when it does not."""

    compiled: bool
    reason: str = ""

    def describe(self) -> str:
        if self.compiled:
            return "rules core compiled"
        return f"pure Python ({self.reason})" if self.reason else "pure Python"


def core_modules(package_dir: Path) -> dict[str, Path]:
    """The rules core's modules by dotted name: the engine and each game's own modules."""
    folders = [package_dir / "engine"]
    games = package_dir / "games"
    folders += sorted(p for p in games.iterdir() if p.is_dir() and (p / "__init__.py").exists())
    modules: dict[str, Path] = {}
    for folder in folders:
        for source in sorted(folder.glob("*.py")):
            if source.name == "__init__.py":
                continue
            parts = source.relative_to(package_dir).with_suffix("").parts
            name = ".".join((PACKAGE, *parts))
            if name not in NOT_COMPILED:
                modules[name] = source
    return modules


def source_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def extension_suffix() -> str:
    return importlib.machinery.EXTENSION_SUFFIXES[0]


def manifest(package_dir: Path) -> dict[str, object]:
    """What a build records: the extension suffix and each compiled module's source hash."""
    modules = core_modules(package_dir)
    return {
        "suffix": extension_suffix(),
        "modules": {name: source_hash(path) for name, path in modules.items()},
    }


def decide(package_dir: Path, pure: bool) -> CoreBuild:
    """Which core may run from ``package_dir``; ``pure`` is the ``SPIELTISCH_PURE`` wish."""
    if pure:
        return CoreBuild(False, f"{PURE_ENV}=1")
    path = package_dir / MANIFEST
    if not path.exists():
        return CoreBuild(False, "not compiled")
    recorded = json.loads(path.read_text(encoding="utf-8"))
    if recorded.get("suffix") != extension_suffix():
        return CoreBuild(False, "compiled for another Python")
    hashes: dict[str, str] = recorded.get("modules", {})
    modules = core_modules(package_dir)
    if set(hashes) != set(modules):
        return CoreBuild(False, "stale build: core modules added or removed since compiling")
    changed = [name for name, source in modules.items() if source_hash(source) != hashes[name]]
    if changed:
        return CoreBuild(False, f"stale build: {', '.join(changed)} changed since compiling")
    missing = [
        name
        for name, source in modules.items()
        if not source.with_suffix(extension_suffix()).exists()
    ]
    if missing:
        return CoreBuild(False, f"incomplete build: {', '.join(missing)} not compiled")
    return CoreBuild(True)


class PureCoreFinder:
    """Loads the rules core from its ``.py`` sources, never from compiled extensions."""

    def __init__(self, modules: dict[str, Path]) -> None:
        self.modules = modules

    def find_spec(
        self, name: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        source = self.modules.get(name)
        if source is None:
            return None
        return importlib.util.spec_from_file_location(name, source)


_build: CoreBuild | None = None


def activate() -> CoreBuild:
    """Decide once which core runs in this process; pure Python installs the finder."""
    global _build
    if _build is not None:
        return _build
    package_dir = Path(__file__).resolve().parent
    build = decide(package_dir, os.environ.get(PURE_ENV) == "1")
    if not build.compiled:
        if build.reason.startswith(("stale", "incomplete")):
            warnings.warn(
                f"spieltisch: compiled rules core refused ({build.reason}); running pure "
                "Python. Rebuild with `make compile` or remove it with `make clean-core`.",
                RuntimeWarning,
                stacklevel=2,
            )
        sys.meta_path.insert(0, PureCoreFinder(core_modules(package_dir)))
    _build = build
    return build


def core_build() -> CoreBuild:
    """The core this process runs (decided at import of ``spieltisch``)."""
    return activate()
