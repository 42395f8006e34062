"""Halali's short ``apply`` path against the engine's: the same events, the same refusals
(rule, message, context) and an untouched state after a refusal.

The short path skips the engine's generic checks when they are known to hold; these tests
play random games and try every kind of action both ways on copies of each position.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from spieltisch.engine import IllegalAction, State
from spieltisch.engine.resign import Resign
from spieltisch.games.halali import Halali, HalaliState
from spieltisch.games.halali.actions import FLIPS, MOVES, PASS


def _outcome(state: HalaliState, apply: Any, seat: Any, action: Any) -> tuple[Any, ...]:
    """What applying ``action`` does: its events or its refusal, and the state after."""
    try:
        events = apply(state, seat, action)
    except IllegalAction as exc:
        return ("refused", exc.rule, str(exc), exc.context, state.to_json())
    return ("applied", events, state.to_json(), state.is_over(), state.active_seats())


def _tries(state: HalaliState, rng: random.Random) -> list[tuple[Any, Any]]:
    """Seats and actions to try: legal ones, random moves and flips, a pass, a resignation,
    the wrong seat and seats that are no seat."""
    seat = state.active_seats()[0]
    legal = state.legal_actions(seat)
    tries: list[tuple[Any, Any]] = [(seat, rng.choice(legal))]
    tries += [(seat, MOVES[rng.randrange(81 * 81)]) for _ in range(3)]
    tries += [(seat, FLIPS[rng.randrange(81)]), (seat, PASS), (1 - seat, legal[0])]
    tries += [(True, legal[0]), (2, legal[0]), (-1, legal[0]), (seat, Resign())]
    return tries


@pytest.mark.parametrize("variant", ["kosmos", "brettspielnetz"])
def test_the_short_path_does_what_the_engine_does(variant: str) -> None:
    game = Halali(variant=variant)
    rng = random.Random(7)
    for seed in range(4):
        state = game.new_state(seed=seed)
        while not state.is_over():
            for seat, action in _tries(state, rng):
                short = _outcome(state.clone(), HalaliState.apply, seat, action)
                engine = _outcome(state.clone(), State.apply, seat, action)
                assert short == engine, (seat, str(action))
            seat = state.active_seats()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        finished = state.clone()
        action = MOVES[0]
        assert _outcome(finished, HalaliState.apply, 0, action) == _outcome(
            state.clone(), State.apply, 0, action
        )
