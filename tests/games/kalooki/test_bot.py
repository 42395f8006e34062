"""The rules bot plays only legal actions from its view and finishes deals."""

from __future__ import annotations

from spieltisch import load
from spieltisch.bots import levels, make


def test_rules_bot_is_on_the_ladder_and_plays_whole_deals() -> None:
    assert "rules" in levels("kalooki")
    game = load("kalooki")
    for seed in range(3):
        state = game.new_state(3, seed)
        bots = [make(game, "rules" if s == 0 else "random", seed=seed + s) for s in range(3)]
        while not state.is_over():
            seat = state.active_seats()[0]
            view = state.view(seat)
            action = bots[seat].plan(view, seat, 0.0).action
            assert str(action) in view["legal_actions"]
            state.apply(seat, action)
        result = state.result()
        assert result is not None and result.reason in ("out", "kalooki", "exhausted")
