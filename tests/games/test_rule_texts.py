"""Every rule id a game can cite has its text in German and English.

The ids are collected from the game's source, not from a list kept beside it: the first
argument of every ``IllegalAction(...)`` (a string or a module-level constant), every
string constant shaped like a rule id (ids passed on through helpers such as
``check_phase(phase, "HY 2.2", ...)`` or returned as ``("KA-R5", why)``), and the ids
the descriptor names (turn, players, options, player limits), plus the engine's own.
"""

from __future__ import annotations

import ast
import importlib
import random
import re
from pathlib import Path

import pytest

import spieltisch
from spieltisch.engine import IllegalAction, InvalidNotation
from spieltisch.engine.game import OVER_RULE, SEAT_RULE, GameInfo
from spieltisch.engine.resign import RESIGN_RULE
from spieltisch.engine.text import ENGINE_RULE_TEXTS, Text

RULE_ID = re.compile(r"[A-Z]{2}(-R\d+[a-z]?| §[\w.]+| \d+(\.\d+)*)")
"""``HA-R5``, ``HG-R10``, ``KA §Zug``, ``HG §2.3``, ``HY 2.3.10``."""


def _package(name: str) -> Path:
    module = importlib.import_module(type(spieltisch.load(name)).__module__)
    assert module.__file__ is not None
    return Path(module.__file__).parent


def _rule_modules(name: str) -> list[ast.Module]:
    """The game's rule modules: everything but its faces and its texts."""
    root = _package(name)
    paths = [p for p in sorted(root.rglob("*.py")) if "faces" not in p.relative_to(root).parts]
    return [ast.parse(p.read_text(), str(p)) for p in paths if p.name != "texts.py"]


def _constants(trees: list[ast.Module]) -> dict[str, str]:
    """Module-level string constants of the package, by name (``TURN = "KA §Zug"``)."""
    out: dict[str, str] = {}
    for tree in trees:
        for node in tree.body:
            if isinstance(node, ast.Assign):
                value, targets = node.value, node.targets
            elif isinstance(node, ast.AnnAssign) and node.value is not None:
                value, targets = node.value, [node.target]
            else:
                continue
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                out.update({t.id: value.value for t in targets if isinstance(t, ast.Name)})
    return out


def cited_in(trees: list[ast.Module]) -> set[str]:
    constants = _constants(trees)
    cited: set[str] = set()
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                if RULE_ID.fullmatch(node.value):
                    cited.add(node.value)
            elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "IllegalAction":
                first = node.args[0] if node.args else None
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    cited.add(first.value)
                elif isinstance(first, ast.Name) and first.id in constants:
                    cited.add(constants[first.id])
    return cited


def cited_by_descriptor(info: GameInfo) -> set[str]:
    ids = {info.turn_rule, info.players_rule, OVER_RULE, SEAT_RULE}
    ids |= {o.rule for o in info.options} | {p.rule for p in info.player_limits}
    return {i for i in ids if i}


def _check(rule: str, text: Text | None) -> None:
    assert text is not None, f"{rule}: no text"
    assert text.de.strip(), f"{rule}: no German text"
    assert text.en.strip(), f"{rule}: no English text"
    assert text.de != text.en, f"{rule}: the German text is the English one"


@pytest.mark.parametrize("name", spieltisch.game_names())
def test_every_rule_id_a_game_cites_has_german_and_english_text(name: str) -> None:
    info = spieltisch.load(name).info
    cited = cited_in(_rule_modules(name)) | cited_by_descriptor(info)
    assert len(cited) > 4, f"{name}: too few rule ids found, is the scan broken?"
    for rule in sorted(cited):
        _check(rule, info.rule_texts.get(rule))


@pytest.mark.parametrize("name", spieltisch.game_names())
def test_every_text_a_game_declares_is_complete_and_served(name: str) -> None:
    info = spieltisch.load(name).info
    for rule, text in info.rule_texts.items():
        _check(rule, text)
    assert info.to_json()["rules"] == {r: t.to_json() for r, t in info.rule_texts.items()}


def test_the_engine_rules_have_texts_that_every_game_serves() -> None:
    assert set(ENGINE_RULE_TEXTS) == {OVER_RULE, SEAT_RULE, RESIGN_RULE}
    for name in spieltisch.game_names():
        rules = spieltisch.load(name).info.rule_texts
        assert {r: rules.get(r) for r in ENGINE_RULE_TEXTS} == ENGINE_RULE_TEXTS


def test_the_scan_finds_ids_behind_constants_and_helpers() -> None:
    """The shapes the collector relies on, checked on a small source."""
    tree = ast.parse(
        'TURN = "KA §Zug"\n'
        "def f(a):\n"
        '    raise IllegalAction(TURN, "x")\n'
        "def g():\n"
        '    check_phase(1, "HY 2.2", a)\n'
        '    return ("KA-R5", "why")\n'
        'IllegalAction("odd id", "y")\n'
    )
    assert cited_in([tree]) == {"KA §Zug", "HY 2.2", "KA-R5", "odd id"}


def provoked_refusals(name: str, seed: int, plies: int = 300, probes: int = 4) -> set[str]:
    """Rule ids of the refusals met when random games are offered actions seen elsewhere
    in them, by every seat: the ids a scan of the source could miss (built at run time)."""
    game = spieltisch.load(name)
    rng = random.Random(seed)
    state = game.new_state(players=game.info.default_players, seed=seed)
    seen: list[str] = []
    rules: set[str] = set()
    for _ in range(plies):
        if state.is_over():
            break
        for seat in rng.sample(range(state.players), min(probes, state.players)):
            legal = state.legal_actions(seat)
            seen.extend(str(a) for a in rng.sample(legal, min(3, len(legal))))
            if not seen:
                continue
            try:
                state.apply(seat, game.parse_action(rng.choice(seen)))
            except IllegalAction as refusal:
                rules.add(refusal.rule)
            except InvalidNotation:
                pass
        if not state.is_over():
            seat = rng.choice(list(state.active_seats()))
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    return rules


@pytest.mark.parametrize("name", spieltisch.game_names())
def test_every_refusal_met_in_random_play_has_its_text(name: str) -> None:
    texts = spieltisch.load(name).info.rule_texts
    met = set().union(*(provoked_refusals(name, seed) for seed in range(3)))
    assert met, f"{name}: no refusal provoked"
    assert not met - set(texts), sorted(met - set(texts))
