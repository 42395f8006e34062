"""The server's house, checked on the source: no import cycle among its modules, no
class too long to read, and no module calling another's private methods.

Every import counts, also one inside a function or under ``if TYPE_CHECKING:``: a cycle
hidden in a function is still a cycle of ideas, and the next reader trips over it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import spieltisch

from ..test_layers import imported, modules

SRC = Path(spieltisch.__file__).parent
SERVER = "spieltisch.server"
LONGEST_CLASS = 400
"""Lines a class outside the games may have (the style guide's 100–400 per module)."""


def server_graph() -> dict[str, set[str]]:
    """Per module of ``spieltisch.server``, the server modules it imports."""
    names = {name for _path, name in modules() if name.startswith(f"{SERVER}.")}
    graph: dict[str, set[str]] = {}
    for path, module in modules():
        if module in names:
            graph[module] = {n for n in imported(path, module) if n in names and n != module}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of ``graph`` with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            part = []
            while True:
                top = stack.pop()
                part.append(top)
                if top == node:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_cycles_are_found_by_the_check_itself() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]


def test_no_import_cycle_among_server_modules() -> None:
    graph = server_graph()
    assert f"{SERVER}.tables" in graph  # the scan sees the server
    assert cycles(graph) == []


def test_no_class_outside_the_games_is_longer_than_400_lines() -> None:
    too_long = []
    for path, module in modules():
        if module.startswith("spieltisch.games."):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef) and node.end_lineno is not None:
                lines = node.end_lineno - node.lineno + 1
                if lines > LONGEST_CLASS:
                    too_long.append(f"{module}.{node.name}: {lines} lines")
    assert too_long == []


def test_no_server_module_calls_a_private_method_of_another_object() -> None:
    """``manager._x(...)`` from outside: what a module needs of another is public."""
    calls = []
    for path, module in modules():
        if not module.startswith(f"{SERVER}."):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
                continue
            attr, owner = node.func.attr, node.func.value
            if not attr.startswith("_") or attr.startswith("__"):
                continue
            if isinstance(owner, ast.Name) and owner.id in ("self", "cls"):
                continue
            calls.append(f"{module}:{node.lineno} {ast.unparse(node.func)}")
    assert calls == []


def test_no_module_keeps_live_objects_state_in_a_global_table() -> None:
    """State of a live table or a connection lives on it, not in a module's
    ``WeakKeyDictionary`` beside it (which hides it from whoever reads the object)."""
    found = []
    for path, module in modules():
        if not module.startswith(f"{SERVER}."):
            continue
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            value = node.value if isinstance(node, ast.Assign | ast.AnnAssign) else None
            if isinstance(value, ast.Call) and "WeakKeyDictionary" in ast.unparse(value.func):
                found.append(f"{module}:{node.lineno}")
    assert found == []
