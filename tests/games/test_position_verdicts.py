"""Positions remember everything that changes a verdict: a state rebuilt from
``state.position()`` answers every later question exactly as the original does (the same
active seats, legal actions and refusals at every step, and the same result), in every
game, resignations included."""

from __future__ import annotations

import random
from typing import Any

import pytest

import spieltisch
from spieltisch.engine import IllegalAction, State

GAMES = ("halali", "halligalli", "hydra", "kalooki")
RESIGN_CHANCE = 0.02
"""Per ply, the chance that a random seat resigns, so positions with resigners occur."""


def _verdict(state: State, seat: int, action: Any) -> str | None:
    refused = state.refusal(seat, action)
    return None if refused is None else f"{refused.rule}: {refused}"


def _probes(state: State) -> list[tuple[int, Any]]:
    """Every seat with every action some seat may play now, and a resignation each."""
    actions: list[Any] = []
    for seat in range(state.players):
        for a in state.legal_actions(seat):
            if a not in actions:
                actions.append(a)
    resign = state.game.parse_action("resign")
    return [(s, a) for s in range(state.players) for a in [*actions[:12], resign]]


def _same_verdicts(original: State, copy: State, where: str) -> None:
    assert copy.is_over() == original.is_over(), where
    assert copy.active_seats() == original.active_seats(), where
    for seat in range(original.players):
        assert copy.legal_actions(seat) == original.legal_actions(seat), f"{where} seat {seat}"
    for seat, action in _probes(original):
        assert _verdict(copy, seat, action) == _verdict(original, seat, action), (
            f"{where}: {action} by seat {seat}"
        )
    assert copy.result() == original.result(), where


def _step(state: State, rng: random.Random) -> tuple[int, Any]:
    resign = state.game.parse_action("resign")
    if rng.random() < RESIGN_CHANCE:
        seat = rng.randrange(state.players)
        if state.refusal(seat, resign) is None:
            return seat, resign
    seat = rng.choice(state.active_seats())
    return seat, rng.choice(state.legal_actions(seat))


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", range(1, 9))
def test_a_state_from_its_position_gives_every_later_verdict_of_the_original(
    name: str, seed: int
) -> None:
    game = spieltisch.load(name)
    rng = random.Random(seed)
    state = game.new_state(seed=seed)
    cut = rng.randrange(1, 120)
    for _ in range(cut):
        if state.is_over():
            break
        seat, action = _step(state, rng)
        state.apply(seat, action)
    copy = game.state_from_position(state.position())
    ply = 0
    while True:
        where = f"{name} seed {seed}, {ply} plies after the position at ply {cut}"
        if ply % 5 == 0 or state.is_over():
            _same_verdicts(state, copy, where)
        if state.is_over() or ply > 400:
            break
        seat, action = _step(state, rng)
        assert state.apply(seat, action) == copy.apply(seat, action), where
        ply += 1


def test_an_illegal_action_is_refused_alike_after_a_round_trip() -> None:
    state = spieltisch.load("halali").new_state(seed=1)
    copy = state.game.state_from_position(state.position())
    with pytest.raises(IllegalAction):
        copy.apply(1, state.legal_actions(0)[0])
