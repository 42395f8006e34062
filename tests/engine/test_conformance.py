"""One conformance suite over every registered game (OpenSpiel's random_sim_test).

Random legal play to the end, checking on the way: JSON round trips of states and
actions, notation round trips, views that are JSON and never change the state, refused
actions that change nothing, and replay equality at the end.
"""

from __future__ import annotations

import json
import random

import pytest

import spieltisch
from spieltisch.engine import IllegalAction, State

GAMES = spieltisch.game_names()
SEEDS = range(3)
MAX_PLIES = 20_000


def _play_randomly(state: State, rng: random.Random, check_every: int) -> None:
    game = state.game
    ply = 0
    while not state.is_over():
        assert ply < MAX_PLIES, f"{game.info.name} did not end within {MAX_PLIES} plies"
        seats = state.active_seats()
        assert seats, "a running game must have an active seat"
        seat = rng.choice(seats)
        actions = state.legal_actions(seat)
        assert actions, f"active seat {seat} has no legal action"
        action = rng.choice(actions)
        text = str(action)
        assert game.parse_action(text) == action, f"notation round trip of {text!r}"
        assert game.action_from_json(json.loads(json.dumps(action.to_json()))) == action
        if ply % check_every == 0:
            before = json.dumps(state.to_json(), sort_keys=True)
            for s in range(state.players):
                view = state.view(s)
                json.dumps(view)
                assert view["game"] == game.info.name
            json.dumps(state.view(None))
            restored = game.state_from_json(json.loads(before))
            assert json.dumps(restored.to_json(), sort_keys=True) == before
            assert json.dumps(state.to_json(), sort_keys=True) == before, "views changed state"
        state.apply(seat, action)
        ply += 1


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_play_to_the_end_and_replay(name: str, seed: int) -> None:
    game = spieltisch.load(name)
    state = game.new_state(seed=seed)
    _play_randomly(state, random.Random(seed), check_every=7)
    result = state.result()
    assert result is not None
    assert len(result.scores) == len(result.ranks) == state.players
    assert min(result.ranks) == 1
    assert state.active_seats() == ()
    json.dumps(result.to_json())
    replayed = spieltisch.replay(json.loads(json.dumps(state.record())))
    assert replayed.to_json() == state.to_json()


@pytest.mark.parametrize("name", GAMES)
def test_acting_after_the_end_is_refused(name: str) -> None:
    game = spieltisch.load(name)
    state = game.new_state(seed=11)
    _play_randomly(state, random.Random(11), check_every=50)
    with pytest.raises(IllegalAction) as err:
        state.apply(0, object())
    assert err.value.rule == "ENGINE-OVER"


@pytest.mark.parametrize("name", GAMES)
def test_inactive_seat_and_unknown_seat_are_refused(name: str) -> None:
    game = spieltisch.load(name)
    state = game.new_state(seed=3)
    before = state.to_json()
    active = state.active_seats()
    seat = active[0]
    action = state.legal_actions(seat)[0]
    with pytest.raises(IllegalAction) as err:
        state.apply(state.players, action)
    assert err.value.rule == "ENGINE-SEAT"
    for other in range(state.players):
        if other not in active:
            with pytest.raises(IllegalAction) as err:
                state.apply(other, action)
            assert err.value.rule == game.info.turn_rule
            assert state.legal_actions(other) == []
    assert state.to_json() == before


@pytest.mark.parametrize("name", GAMES)
def test_same_seed_same_game(name: str) -> None:
    game = spieltisch.load(name)
    a, b = game.new_state(seed=5), game.new_state(seed=5)
    assert a.to_json() == b.to_json()
    assert a.view(None) == b.view(None)


@pytest.mark.parametrize("name", GAMES)
def test_sampled_state_shows_the_same_view(name: str) -> None:
    game = spieltisch.load(name)
    state = game.new_state(seed=9)
    rng = random.Random(9)
    for _ in range(25):
        if state.is_over():
            break
        seat = rng.choice(state.active_seats())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    for seat in range(state.players):
        view = state.view(seat)
        sampled = game.sample_state(json.loads(json.dumps(view)), seat, seed=1)
        assert sampled.view(seat) == view
        assert sampled.sampled
