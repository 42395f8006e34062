"""The rules bot plays only legal actions from its view and finishes deals; the search
levels judge cut-off worlds by each hand's deadwood (KA-R7)."""

from __future__ import annotations

from typing import Any

import pytest

from spieltisch import load
from spieltisch.bots import levels, make
from spieltisch.engine import State
from spieltisch.games.kalooki.actions import Discard
from spieltisch.games.kalooki.cards import counts_of, parse_face
from spieltisch.games.kalooki.faces.bots import (
    BOTS,
    STUCK_TURNS,
    RulesBot,
    Seen,
    deadwood,
    deadwood_evaluate,
)
from spieltisch.games.kalooki.state import KalookiState


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


def _rules_deal(players: int, seed: int) -> State:
    """Deal ``seed`` played out by ``rules`` bots, as ``bench/kalooki_stalls.py`` plays it."""
    game = load("kalooki", six_players=players > 4)
    bots = [make(game, "rules", seed=seed * 10 + s) for s in range(players)]
    state = game.new_state(players, seed=seed)
    while not state.is_over():
        (seat,) = state.active_seats()
        state.apply(seat, bots[seat].act(state, seat))
    return state


@pytest.mark.parametrize("seed", [95, 112, 113])
def test_KA_R9_rules_bots_break_the_cycles_that_reached_the_safeguard(seed: int) -> None:
    # These six-player deals cycled the same high cards round the pile until the
    # safeguard: the opened players kept their low cards, the one who had not opened
    # threw away the high cards his opening needed.
    state = _rules_deal(6, seed)
    assert isinstance(state, KalookiState)
    assert state.deals[-1]["winner"] is not None
    assert "no_winner" not in state.deals[-1]


def _seen(hand: list[str], opened: bool, idle: int) -> Seen:
    return Seen(
        drawing=False,
        hand=counts_of([parse_face(c) for c in hand]),
        opened=[opened, True, True, True, True, True],
        freed=0,
        opening_value=0,
        melds=[],
        top=None,
        watched=frozenset(),
        idle=idle,
    )


def _discards(hand: list[str]) -> list[Any]:
    return [Discard(parse_face(c)) for c in sorted(set(hand), key=parse_face)]


def test_KA_R9_stuck_player_who_has_not_opened_keeps_high_cards_and_partners() -> None:
    hand = ["9c", "9d", "9h", "9s", "2c", "2h", "6c", "Qd", "Ks"]
    bot = RulesBot(load("kalooki"), seed=0)
    legal = _discards(hand)
    seen = _seen(hand, opened=False, idle=STUCK_TURNS - 1)
    usual = bot._choose(seen, 0, legal)  # the lowest deadwood: a ten-point card goes
    assert usual in (Discard(parse_face("Qd")), Discard(parse_face("Ks")))
    seen = _seen(hand, opened=False, idle=STUCK_TURNS)
    assert bot._choose(seen, 0, legal) == Discard(parse_face("6c"))  # lowest lone card


def test_KA_R9_stuck_opened_player_passes_each_loose_card_in_turn() -> None:
    hand = ["2c", "3s", "Qd"]
    bot = RulesBot(load("kalooki"), seed=0)
    legal = _discards(hand)
    chosen = {
        str(bot._choose(_seen(hand, opened=True, idle=STUCK_TURNS + 6 * k), 0, legal))
        for k in range(3)
    }
    assert chosen == {"discard 2c", "discard 3s", "discard Qd"}
