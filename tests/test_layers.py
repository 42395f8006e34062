"""The layers of ARCHITECTURE.md, checked on the source: a game is declared once.

Outside ``spieltisch/games/`` no module imports a game's package or names a game by a
string of its own; every face finds what varies by game through the game's descriptor.
Inside, a game's rule modules stay pure (no faces, bots, table, server, store,
interop or terminal), and no game imports another.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

import spieltisch

SRC = Path(spieltisch.__file__).parent
GAMES = set(spieltisch.game_names())
REGISTRY = SRC / "engine" / "registry.py"
"""The one line per game outside its package: the registry."""
OUTER_LAYERS = ("bots", "table", "server", "store", "interop", "terminal", "arena", "cli")


def modules() -> Iterator[tuple[Path, str]]:
    for path in sorted(SRC.rglob("*.py")):
        parts = path.relative_to(SRC.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        yield path, name


def imported(path: Path, module: str) -> set[str]:
    """Absolute names of every module ``path`` imports (relative imports resolved)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            out.add(base)
            out.update(f"{base}.{alias.name}" for alias in node.names)
    return out


def game_of(module: str) -> str | None:
    parts = module.split(".")
    if len(parts) >= 3 and parts[:2] == ["spieltisch", "games"] and parts[2] in GAMES:
        return parts[2]
    return None


def test_no_face_outside_a_game_imports_a_game() -> None:
    offenders = [
        f"{module} imports {name}"
        for path, module in modules()
        if game_of(module) is None
        for name in sorted(imported(path, module))
        if game_of(name) is not None
    ]
    assert offenders == []


def string_constants(path: Path) -> Iterator[tuple[int, str]]:
    """String constants that are not docstrings."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
        ):
            yield node.lineno, node.value


def test_no_face_outside_a_game_names_a_game() -> None:
    """No hard-coded sets of game names (such as "the real-time games") outside the
    games and their one registry line each."""
    offenders = [
        f"{path.relative_to(SRC)}:{line} {value!r}"
        for path, module in modules()
        if game_of(module) is None and path != REGISTRY
        for line, value in string_constants(path)
        if value in GAMES
    ]
    assert offenders == []


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_games_rules_stay_pure_and_apart(game: str) -> None:
    package = SRC / "games" / game
    offenders = []
    for path in sorted(package.rglob("*.py")):
        module = "spieltisch." + ".".join(path.relative_to(SRC).with_suffix("").parts)
        module = module.removesuffix(".__init__")
        is_face = ".faces" in module
        for name in imported(path, module):
            other = game_of(name)
            if other is not None and other != game:
                offenders.append(f"{module} imports another game: {name}")
            if is_face:
                continue
            if name.startswith(f"spieltisch.games.{game}.faces"):
                offenders.append(f"{module} (rules) imports a face: {name}")
            if any(name.startswith(f"spieltisch.{layer}") for layer in OUTER_LAYERS):
                offenders.append(f"{module} (rules) imports an outer layer: {name}")
    assert offenders == []
