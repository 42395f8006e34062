"""Golden playthrough (see ``golden_playthrough.py``): replay the stored actions and diff
every view, legal action list and event ply by ply."""

from __future__ import annotations

import json

import spieltisch

from .golden_playthrough import GOLDEN


def test_golden_playthrough_replays_identically() -> None:
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    game = spieltisch.load(golden["game"], **golden["options"])
    state = game.new_state(golden["players"], seed=golden["seed"])
    assert golden["plies"], "an empty golden file tests nothing"
    kinds = set()
    for step in golden["plies"]:
        where = f"ply {step['ply']}"
        assert state.active_seats() == (step["seat"],), where
        view = state.view(step["seat"])
        for key in sorted(set(view) | set(step["view"])):
            assert view.get(key) == step["view"].get(key), f"{where}: view[{key!r}] differs"
        assert step["action"] in view["legal_actions"], where
        events = state.apply(step["seat"], game.parse_action(step["action"]))
        assert json.loads(json.dumps(events)) == step["events"], f"{where}: events differ"
        kinds |= {e["type"] for e in events}
    assert state.view(None) == golden["final"]
    # The deal shows the opening, melds, discards and its end.
    assert {"draw", "meld", "opened", "discard", "deal_end"} <= kinds
