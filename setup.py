"""Compiles the rules core with mypyc when the package is built; metadata is in pyproject.toml.

The engine and the games' rule modules are typed strictly, which is what mypyc compiles:
the same source runs compiled or, as a fallback, interpreted (``spieltisch.rulescore``).
Nothing is compiled for an editable install (``pip install -e``: a developer's edits run
at once) or with ``SPIELTISCH_PURE=1``; a missing C compiler or mypy leaves pure Python.
``make compile`` builds the extensions in place for the tests (``build_ext --inplace``).
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
PACKAGE_DIR = HERE / "src" / "spieltisch"


def _rulescore() -> ModuleType:
    spec = importlib.util.spec_from_file_location("_rulescore", PACKAGE_DIR / "rulescore.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


RULESCORE = _rulescore()


def _wants_compiled() -> bool:
    if os.environ.get(RULESCORE.PURE_ENV) == "1":
        return False
    # Only the commands that build the extensions (not metadata, sdist or editable installs).
    return bool({"build_ext", "build", "bdist_wheel", "install"} & set(sys.argv))


def _extensions() -> tuple[list[Any], dict[str, object] | None]:
    if not _wants_compiled():
        return [], None
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("spieltisch: mypy is not installed; the rules core stays pure Python")
        return [], None
    recorded = RULESCORE.manifest(PACKAGE_DIR)
    paths = [str(p.relative_to(HERE)) for p in RULESCORE.core_modules(PACKAGE_DIR).values()]
    opt_level = os.environ.get("SPIELTISCH_OPT", "3")
    compiled = mypycify(paths, opt_level=opt_level, multi_file=True, group_name="spieltisch_core")
    return compiled, recorded


EXTENSIONS, RECORDED = _extensions()


class BuildCore(build_ext):
    """Builds the compiled core and records its sources' hashes, or leaves pure Python."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if self.parallel is None:
            self.parallel = os.cpu_count() or 1

    def run(self) -> None:
        targets = [Path(self.build_lib) / "spieltisch" / RULESCORE.MANIFEST]
        if self.inplace:
            targets.append(PACKAGE_DIR / RULESCORE.MANIFEST)
        for target in targets:
            target.unlink(missing_ok=True)
        if not self.extensions or RECORDED is None:
            return
        try:
            super().run()
        except Exception as error:  # no C compiler, or it failed: pure Python runs
            print(f"spieltisch: compiling the rules core failed ({error}); pure Python runs")
            return
        for target in targets:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(json.dumps(RECORDED, indent=1, sort_keys=True), encoding="utf-8")


setup(ext_modules=EXTENSIONS, cmdclass={"build_ext": BuildCore})
