"""The rules bot plays only legal actions from its view and finishes deals; the search
levels judge cut-off worlds by each hand's deadwood (KA-R7)."""

from __future__ import annotations

from spieltisch import load
from spieltisch.bots import levels, make
from spieltisch.games.kalooki.faces.bots import BOTS, deadwood, deadwood_evaluate


def test_rules_bot_is_on_the_ladder_and_plays_whole_deals() -> None:
    game = load("kalooki")
    assert "rules" in levels(game)
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


def test_KA_R7_deadwood_counts_only_cards_outside_the_best_melds() -> None:
    assert deadwood(["3c", "4c", "5c", "Kd"]) == 10  # the run is laid, the king stays
    assert deadwood(["3c", "4c", "6c", "Kd"]) == 23  # no meld: every card counts
    assert deadwood(["7h", "7d", "7s", "Ah"]) == 11  # a set of sevens, the ace stays


def test_KA_R7_deadwood_evaluator_ranks_seats_of_a_sampled_world() -> None:
    game = load("kalooki")
    assert game.face("bots") is BOTS and BOTS.evaluate is deadwood_evaluate
    state = game.new_state(seed=2)
    rewards = deadwood_evaluate(state)
    assert len(rewards) == state.players and all(0.0 <= r <= 1.0 for r in rewards)
    wood = [deadwood(state.view(s)["hand"]) for s in range(state.players)]
    best, worst = wood.index(min(wood)), wood.index(max(wood))
    assert rewards[best] >= rewards[worst]
