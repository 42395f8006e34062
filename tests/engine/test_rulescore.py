"""The compiled rules core runs only while it matches its sources, and never mixed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import spieltisch
from spieltisch import rulescore
from spieltisch.rulescore import MANIFEST, PURE_ENV, core_build, core_modules, decide, manifest

PACKAGE_DIR = Path(spieltisch.__file__).resolve().parent
SUFFIX = rulescore.extension_suffix()


def _package(root: Path) -> Path:
    """A package tree shaped like spieltisch's: an engine, a game and its faces."""
    files = {
        "engine/__init__.py": "",
        "engine/game.py": "X = 1\n",
        "games/__init__.py": "",
        "games/dice/__init__.py": "",
        "games/dice/state.py": "Y = 2\n",
        "games/dice/faces/__init__.py": "",
        "games/dice/faces/bots.py": "Z = 3\n",
    }
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def _build(root: Path) -> None:
    """What setup.py leaves behind: an extension per core module and the manifest."""
    for source in core_modules(root).values():
        source.with_suffix(SUFFIX).write_bytes(b"")
    (root / MANIFEST).write_text(json.dumps(manifest(root)))


def test_the_core_is_the_engine_and_the_rule_modules_not_faces_or_packages(
    tmp_path: Path,
) -> None:
    root = _package(tmp_path)
    assert sorted(core_modules(root)) == [
        "spieltisch.engine.game",
        "spieltisch.games.dice.state",
    ]


def test_a_build_that_matches_its_sources_runs_compiled(tmp_path: Path) -> None:
    root = _package(tmp_path)
    assert decide(root, pure=False).reason == "not compiled"
    _build(root)
    assert decide(root, pure=False).compiled
    assert decide(root, pure=True) == rulescore.CoreBuild(False, f"{PURE_ENV}=1")


def test_an_edited_rule_module_refuses_the_whole_compiled_core(tmp_path: Path) -> None:
    root = _package(tmp_path)
    _build(root)
    (root / "games/dice/state.py").write_text("Y = 3\n")
    build = decide(root, pure=False)
    assert not build.compiled
    assert build.reason == "stale build: spieltisch.games.dice.state changed since compiling"


def test_a_new_or_uncompiled_module_refuses_the_compiled_core(tmp_path: Path) -> None:
    root = _package(tmp_path)
    _build(root)
    (root / "games/dice/scoring.py").write_text("W = 4\n")
    assert decide(root, pure=False).reason.startswith("stale build: core modules added")
    (root / "games/dice/scoring.py").unlink()
    (root / "engine/game.py").with_suffix(SUFFIX).unlink()
    assert decide(root, pure=False).reason.startswith("incomplete build")


def test_a_build_for_another_python_is_not_used(tmp_path: Path) -> None:
    root = _package(tmp_path)
    _build(root)
    recorded = json.loads((root / MANIFEST).read_text())
    (root / MANIFEST).write_text(json.dumps({**recorded, "suffix": ".cpython-299-x.so"}))
    assert decide(root, pure=False).reason == "compiled for another Python"


def test_a_compiled_core_beside_the_sources_is_not_stale() -> None:
    """Fails when a rule module changed after ``make compile``: rebuild or clean it."""
    if not (PACKAGE_DIR / MANIFEST).exists():
        pytest.skip("no compiled rules core in this checkout (pure Python)")
    build = decide(PACKAGE_DIR, pure=False)
    assert build.compiled, f"{build.reason}: run `make compile` (or `make clean-core`)"


def test_this_process_runs_the_core_it_says_it_runs() -> None:
    suffix = SUFFIX if core_build().compiled else ".py"
    for name in core_modules(PACKAGE_DIR):
        module = sys.modules.get(name)
        if module is not None:
            assert str(module.__file__).endswith(suffix), name


def test_the_pure_wish_loads_every_core_module_from_its_source() -> None:
    script = (
        "import importlib, json, spieltisch\n"
        "from spieltisch.rulescore import core_build, core_modules\n"
        "from pathlib import Path\n"
        "names = core_modules(Path(spieltisch.__file__).parent)\n"
        "files = [importlib.import_module(n).__file__ for n in names]\n"
        "print(json.dumps([core_build().describe(), files]))\n"
    )
    env = {**os.environ, PURE_ENV: "1"}
    done = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
    )
    described, files = json.loads(done.stdout)
    assert described == f"pure Python ({PURE_ENV}=1)"
    assert len(files) == len(core_modules(PACKAGE_DIR)) > 40
    assert all(file.endswith(".py") for file in files)


@pytest.mark.skipif(not core_build().compiled, reason="pure Python: collected in-process")
def test_the_compiled_modules_doctests_pass_under_the_pure_fallback() -> None:
    """The root conftest leaves the compiled modules' doctests out; they run here."""
    sources = [str(path) for path in core_modules(PACKAGE_DIR).values()]
    env = {**os.environ, PURE_ENV: "1"}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *sources],
        cwd=PACKAGE_DIR.parents[1],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-3000:]
    assert " passed" in done.stdout
