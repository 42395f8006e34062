"""Golden playthroughs (see ``golden_playthrough.py``): replay the stored actions and diff
every view, legal action list and event ply by ply."""

from __future__ import annotations

import json
from typing import Any

import pytest

import spieltisch

from .golden_playthrough import CASES, Case


def load(case: Case) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(case.path.read_text(encoding="utf-8"))
    return document


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_golden_playthrough_replays_identically(case: Case) -> None:
    golden = load(case)
    game = spieltisch.load(golden["game"], **golden["options"])
    state = game.new_state(seed=golden["seed"])
    for text in golden["prefix"]:
        state.apply(state.active_seats()[0], game.parse_action(text))
    assert golden["plies"], "an empty golden file tests nothing"
    for step in golden["plies"]:
        where = f"{case.name}, ply {step['ply']}"
        assert state.ply == step["ply"], where
        assert state.active_seats() == (step["seat"],), where
        view = state.view(step["seat"])
        for key in sorted(set(view) | set(step["view"])):
            assert view.get(key) == step["view"].get(key), f"{where}: view[{key!r}] differs"
        assert step["action"] in view["legal_actions"], where
        events = state.apply(step["seat"], game.parse_action(step["action"]))
        assert json.loads(json.dumps(events)) == step["events"], f"{where}: events differ"
    assert state.view(None) == golden["final"]["spectator"]
    assert state.is_over() == golden["final"]["over"]


def test_golden_files_cover_the_rules_they_are_meant_to() -> None:
    """The recorded windows hold reveals, moves, captures, the end phase and an exit or
    a game end, so a drift in any of them shows up in a diff."""
    kinds = set()
    for case in CASES:
        for step in load(case)["plies"]:
            kinds |= {e["type"] for e in step["events"]}
    assert {"flip", "move", "capture", "end_phase", "exit", "game_end"} <= kinds
