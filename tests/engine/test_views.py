"""``State.views``: every audience's view at once, as the server sends them after a step."""

from __future__ import annotations

import random

import orjson
import pytest

from spieltisch.engine import game_names, load


@pytest.mark.parametrize("name", game_names())
def test_views_are_each_audiences_view_and_stay_apart(name: str) -> None:
    """At every ply of random games: the same views as asked one by one, and what a game
    shares between them is never shared with its state (a later move changes none)."""
    game = load(name)
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_state(seed=seed)
        audiences = [None, *range(state.players)]
        for _ in range(60):
            together = state.views(audiences)
            assert together == {seat: state.view(seat) for seat in audiences}
            frozen = orjson.dumps(together, option=orjson.OPT_NON_STR_KEYS)
            if state.is_over():
                break
            seat = rng.choice(state.active_seats())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            assert orjson.dumps(together, option=orjson.OPT_NON_STR_KEYS) == frozen


def test_a_seat_asked_for_twice_or_alone_gets_its_own_view() -> None:
    state = load("halali").new_state(seed=4)
    assert state.views([1]) == {1: state.view(1)}
    assert state.views([None, None]) == {None: state.view(None)}
    assert state.views([]) == {}
