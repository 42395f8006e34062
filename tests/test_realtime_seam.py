"""The real-time seam carries no game, checked on the source (ARCHITECTURE.md, principle 7).

The table runtime is the mechanism of a real-time game (show times, latency credit, the
ring window); which rule a refused ring breaks, in which words, the seats' handicaps and
the coach are the game's, said through its real-time adapter. So ``spieltisch/table``
cites no game's rule id and reads none of Halli Galli's view keys; and the server asks
every runtime the same plain questions (``has_bell``, ``extras``, ``release_at``) instead
of probing what kind of runtime it holds.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import spieltisch

SRC = Path(spieltisch.__file__).parent
TABLE = SRC / "table"
SERVER = SRC / "server"

RULE_ID = re.compile(r"\b(?:HG|HA|HY|KA)(?:-R\d|\s?§|\s\d)")
"""A rule id of one of the games: ``HG-R8``, ``HA-R5``, ``HG §2.3``, ``HA §2``,
``HY 2.3.5``, ``KA-R3`` (the forms the rule documents and the games' errors use)."""

GAME_VIEW_KEYS = frozenset({"handicap_ms", "coach"})
"""Keys of Halli Galli's view and options that the runtime once read itself."""

PROBES = frozenset({"hasattr", "getattr", "isinstance"})
RUNTIME_NAMES = frozenset({"rt", "runtime"})


def sources(folder: Path) -> Iterator[Path]:
    return iter(sorted(folder.rglob("*.py")))


def rule_ids(folder: Path) -> list[str]:
    """Every line of ``folder``'s modules (docstrings and comments too) citing a rule."""
    return [
        f"{path.relative_to(folder.parent)}:{number} {line.strip()}"
        for path in sources(folder)
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if RULE_ID.search(line)
    ]


def _key(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def view_key_reads(folder: Path) -> list[str]:
    """Every place in ``folder`` that reads or writes one of :data:`GAME_VIEW_KEYS` in a
    mapping: ``x["coach"]``, ``x.get("handicap_ms")``, ``"coach" in x``. A dict literal
    the module builds itself (a ring claim's own ``handicap_ms`` on the wire) is not a
    read of the game's view."""
    out: list[str] = []
    for path in sources(folder):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            keys: list[ast.expr] = []
            if not isinstance(node, ast.expr):
                continue
            if isinstance(node, ast.Subscript):
                keys = [node.slice]
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                keys = node.args[:1]
            elif isinstance(node, ast.Compare) and any(
                isinstance(op, ast.In | ast.NotIn) for op in node.ops
            ):
                keys = [node.left]
            out.extend(
                f"{path.relative_to(folder.parent)}:{node.lineno} {_key(key)!r}"
                for key in keys
                if _key(key) in GAME_VIEW_KEYS
            )
    return sorted(out)


def _runtime_names(tree: ast.AST) -> set[str]:
    """``rt``, ``runtime`` and every name a module binds to some ``x.runtime``."""
    names = set(RUNTIME_NAMES)
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and _is_runtime(node.value, set()):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return names


def _is_runtime(node: ast.expr, names: set[str]) -> bool:
    if isinstance(node, ast.Attribute):
        return node.attr == "runtime"
    return isinstance(node, ast.Name) and node.id in names


def runtime_probes(folder: Path) -> list[str]:
    """Every ``hasattr``/``getattr``/``isinstance`` call in ``folder`` whose object is a
    table's runtime (``live.runtime``, ``self.runtime``, or a name bound to one)."""
    out: list[str] = []
    for path in sources(folder):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = _runtime_names(tree)
        out.extend(
            f"{path.relative_to(folder.parent)}:{node.lineno} {ast.unparse(node)}"
            for node in ast.walk(tree)
            if isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in PROBES
            and node.args
            and _is_runtime(node.args[0], names)
        )
    return out


def test_the_table_cites_no_games_rule() -> None:
    assert rule_ids(TABLE) == []


def test_the_table_reads_no_halli_galli_view_key() -> None:
    assert view_key_reads(TABLE) == []


def test_the_server_does_not_probe_runtimes() -> None:
    """Every runtime answers ``has_bell``, ``extras`` and ``release_at`` (a turn-based one
    with no bell, ``{}`` and ``None``): the server asks, it does not probe."""
    assert runtime_probes(SERVER) == []


def test_the_scans_see_what_they_look_for(tmp_path: Path) -> None:
    """The scans would find the old leaks: a rule cited in a docstring, a view key read,
    and a runtime probed through a name bound to it."""
    (tmp_path / "leaky.py").write_text(
        '"""Refused with HG-R8; HY 2.3.5 and HG §2.3 too."""\n'
        "def f(live, view, state):\n"
        '    handicaps = view.get("handicap_ms") or []\n'
        '    if state.game.options["coach"]:\n'
        "        pass\n"
        "    rt = live.runtime\n"
        '    extras = getattr(rt, "extras", None)\n'
        '    return hasattr(live.runtime, "release_at"), isinstance(rt, object)\n',
        encoding="utf-8",
    )
    assert len(rule_ids(tmp_path)) == 1
    assert [r.split()[-1] for r in view_key_reads(tmp_path)] == ["'handicap_ms'", "'coach'"]
    assert len(runtime_probes(tmp_path)) == 3
