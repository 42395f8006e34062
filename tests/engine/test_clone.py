"""``State.clone``: the copy every bot and adapter searches with."""

from __future__ import annotations

import random

import pytest

from spieltisch.engine import game_names, load


@pytest.mark.parametrize("name", game_names())
def test_a_clone_is_the_same_game_and_independent(name: str) -> None:
    game = load(name)
    rng = random.Random(5)
    state = game.new_state(seed=5)
    for _ in range(40):
        if state.is_over():
            break
        seat = rng.choice(state.active_seats())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    copy = state.clone()
    assert copy is not state and copy.game is state.game
    assert copy.to_json() == state.to_json()
    assert [copy.view(s) for s in range(state.players)] == [
        state.view(s) for s in range(state.players)
    ]
    before = state.to_json()
    while not copy.is_over():  # play the copy to its end: the original does not move
        seat = rng.choice(copy.active_seats())
        copy.apply(seat, rng.choice(copy.legal_actions(seat)))
    assert state.to_json() == before
    assert copy.ply > state.ply


@pytest.mark.parametrize("name", game_names())
def test_a_clone_of_a_sampled_world_has_no_record_either(name: str) -> None:
    game = load(name)
    state = game.new_state(seed=2)
    seat = state.active_seats()[0]
    world = game.sample_state(state.view(seat), seat, seed=3)
    assert world.clone().sampled
