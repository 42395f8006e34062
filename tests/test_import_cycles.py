"""No import cycle inside a game package: its modules form layers (cards and board
below the rules, the rules below the state, the views beside it), so a module can be read,
tested and compiled without the ones that use it.

The graph is built from the source: every import a module runs, at its top or inside a
function; imports only for the type checker (``if TYPE_CHECKING:``) do not count, since
they never run.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import spieltisch

SRC = Path(spieltisch.__file__).parent
GAMES = sorted(spieltisch.game_names())


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _runtime_imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    found: list[ast.Import | ast.ImportFrom] = []
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _is_type_checking(node):
            stack.extend(node.orelse)
            continue
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        stack.extend(ast.iter_child_nodes(node))
    return found


def module_name(path: Path) -> str:
    parts = path.relative_to(SRC.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph(package: Path) -> dict[str, set[str]]:
    """Module -> the modules of the same package it imports when it runs."""
    paths = sorted(package.rglob("*.py"))
    names = {module_name(p) for p in paths}
    graph: dict[str, set[str]] = {}
    for path in paths:
        module = module_name(path)
        anchor = module if path.name == "__init__.py" else module.rpartition(".")[0]
        targets: set[str] = set()
        for node in _runtime_imports(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets.update(alias.name for alias in node.names)
                continue
            base = node.module or ""
            if node.level:
                parts = anchor.split(".")
                parts = parts[: len(parts) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            targets.add(base)
            targets.update(f"{base}.{alias.name}" for alias in node.names)
        # A package's __init__ is not an edge of its own modules' cycles: importing
        # ``.x`` runs the package first by Python's rules, whoever asks.
        graph[module] = {t for t in targets if t in names and t != module}
        graph[module] -= {n for n in names if module.startswith(n + ".")}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One cycle through each strongly connected part that has one (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    parts: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            part = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                part.append(top)
                if top == node:
                    break
            if len(part) > 1:
                parts.append(sorted(part))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return parts


@pytest.mark.parametrize("game", GAMES)
def test_no_import_cycle_inside_a_game(game: str) -> None:
    assert cycles(import_graph(SRC / "games" / game)) == []


def test_the_scan_sees_a_cycle_hidden_in_a_function_but_not_one_for_types() -> None:
    package = SRC / "games" / "halali"
    graph = import_graph(package)
    assert "spieltisch.games.halali.views" in graph["spieltisch.games.halali.state"]
    assert "spieltisch.games.halali.state" not in graph["spieltisch.games.halali.views"]
    assert cycles({"a": {"b"}, "b": {"a"}, "c": {"a"}}) == [["a", "b"]]
    tree = ast.parse(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from .state import S\n"
        "def f():\n    from .views import v\n"
    )
    assert sorted(str(getattr(n, "module", "")) for n in _runtime_imports(tree)) == [
        "typing",
        "views",
    ]
