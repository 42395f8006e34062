"""``apply`` is written once, in the engine: the game's ``refusal`` plus its unchecked
``play``. No game overrides it, ``refusal`` allows exactly the legal actions without
changing anything, and ``play`` of a legal action is ``apply`` of it."""

from __future__ import annotations

import random

import pytest

import spieltisch
from spieltisch.engine import IllegalAction, State

GAMES = spieltisch.game_names()


@pytest.mark.parametrize("name", GAMES)
def test_no_game_overrides_apply(name: str) -> None:
    state = spieltisch.load(name).new_state()
    overriding = [
        cls.__qualname__
        for cls in type(state).__mro__
        if cls is not State and issubclass(cls, State) and "apply" in vars(cls)
    ]
    assert overriding == []


@pytest.mark.parametrize("name", GAMES)
def test_refusal_allows_the_legal_actions_and_changes_nothing(name: str) -> None:
    game = spieltisch.load(name)
    rng = random.Random(3)
    state = game.new_state(seed=11)
    seen: list[object] = []
    for _ in range(150):
        if state.is_over():
            break
        before = state.to_json()
        for seat in range(state.players):
            legal = state.legal_actions(seat)
            assert all(state.refusal(seat, a) is None for a in legal)
            for action in rng.sample(seen, min(5, len(seen))):
                # Not always illegal (a Halli Galli ring may answer an older table), but
                # what refusal allows, play can play.
                if state.refusal(seat, action) is None:
                    state.clone().play(seat, action)
                else:
                    with pytest.raises(IllegalAction):
                        state.clone().apply(seat, action)
        assert state.to_json() == before
        seat = rng.choice(state.active_seats())
        action = rng.choice(state.legal_actions(seat))
        seen.append(action)
        state.apply(seat, action)


@pytest.mark.parametrize("name", GAMES)
def test_play_of_a_legal_action_is_apply_of_it(name: str) -> None:
    game = spieltisch.load(name)
    rng = random.Random(5)
    checked = game.new_state(seed=2)
    unchecked = game.new_state(seed=2)
    for _ in range(300):
        if checked.is_over():
            break
        seat = rng.choice(checked.active_seats())
        action = rng.choice(checked.legal_actions(seat))
        assert unchecked.play(seat, action) == checked.apply(seat, action)
        assert unchecked.to_json() == checked.to_json()
    assert unchecked.record() == checked.record()
