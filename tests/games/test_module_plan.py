"""Every game package has the same rooms, so a reader who knows one game finds their way
in the others, and a fifth game starts from the same plan.

The plan: ``board.py`` or ``cards.py`` (the material), ``actions.py`` (notation),
``state.py`` (the rules, with a ``Phase`` enum), ``views.py`` (what a seat may know, and
worlds sampled from it), ``scoring.py``, ``position.py`` (readable positions),
``game.py`` (the descriptor), plus game-specific helpers, plus the ``faces/`` subpackage.
The rule modules never import ``game.py``: the game hands its states their settings.
"""

from __future__ import annotations

import ast
import importlib
from enum import Enum
from pathlib import Path

import pytest

import spieltisch

PLAN = ("actions", "state", "views", "scoring", "position", "game")
MATERIAL = {"board", "cards"}
DRIFT = {"view", "sampling", "sample", "score", "positions", "rules"}
"""Names that a module of the plan has had or could drift to."""


def _package(name: str) -> tuple[str, Path]:
    module = importlib.import_module(type(spieltisch.load(name)).__module__)
    assert module.__file__ is not None
    return module.__name__.rpartition(".")[0], Path(module.__file__).parent


@pytest.mark.parametrize("name", spieltisch.game_names())
def test_every_game_has_the_module_plan(name: str) -> None:
    _, root = _package(name)
    modules = {p.stem for p in root.glob("*.py")}
    assert [m for m in PLAN if m not in modules] == []
    assert modules & MATERIAL, f"{name} has neither board.py nor cards.py"
    assert not modules & DRIFT, f"{name} has {sorted(modules & DRIFT)}: use the plan's names"
    assert (root / "faces" / "__init__.py").is_file()


@pytest.mark.parametrize("name", spieltisch.game_names())
def test_every_state_names_its_phase_with_an_enum(name: str) -> None:
    package, _ = _package(name)
    phase = importlib.import_module(f"{package}.state").Phase
    assert issubclass(phase, Enum)
    state = spieltisch.load(name).new_state()
    assert isinstance(state.phase, phase)  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", spieltisch.game_names())
def test_rule_modules_never_import_the_game_module(name: str) -> None:
    package, root = _package(name)
    for path in sorted(root.glob("*.py")):
        if path.stem in ("game", "__init__"):
            continue
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.ImportFrom):
                target = node.module or ""
                relative_game = node.level == 1 and (
                    target == "game" or (not target and any(a.name == "game" for a in node.names))
                )
                assert not relative_game and target != f"{package}.game", (
                    f"{path.name} imports the game module: pass settings into the state"
                )
