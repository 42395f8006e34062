"""The rules bot's ``act`` (a rollout move, read from the state) is ``plan``'s move (read
from the view), it reads nothing a seat could not see, and ``evaluate`` reads the state
as the spectator view shows it."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator

import pytest

from spieltisch.games.halali import Halali, HalaliState
from spieltisch.games.halali.board import FOREST, HUNTER
from spieltisch.games.halali.faces.bots import SCALE, RulesBot, evaluate


def _positions(game: Halali, seed: int) -> Iterator[tuple[HalaliState, int]]:
    """Every position of a match played half by the rules bot, half at random, through
    the reveal and the end phase (the random half reaches the rarer corners)."""
    rng = random.Random(seed)
    guide = RulesBot(game, seed=seed)
    state = game.new_state(seed=seed)
    while not state.is_over():
        seat = state.active_seats()[0]
        yield state, seat
        legal = state.legal_actions(seat)
        action = guide.act(state, seat) if rng.random() < 0.5 else rng.choice(legal)
        state.apply(seat, action)


@pytest.mark.parametrize("variant", ["kosmos", "brettspielnetz"])
def test_act_on_the_state_is_the_move_plan_chooses_from_the_view(variant: str) -> None:
    game = Halali(variant=variant)
    planner, actor = RulesBot(game, seed=1), RulesBot(game, seed=1)
    phases: set[str] = set()
    compared = 0
    for seed in range(8):
        for state, seat in _positions(game, seed):
            view = state.view(seat)
            assert actor.act(state, seat) == planner.plan(view, seat, 0.0).action
            phases.add(str(state.phase))
            compared += 1
    assert compared > 800
    assert phases == {"reveal", "end_phase"}


def test_act_does_not_read_the_face_down_tiles() -> None:
    """Deal other kinds (and guns) onto the face-down squares: the move stays the same."""
    game = Halali()
    rng = random.Random(4)
    checked = 0
    for seed in range(4):
        for state, seat in _positions(game, seed):
            if state.ply % 7 or not state.hidden_count:
                continue
            other = state.clone()
            down = [sq for sq in FOREST if other.hidden[sq]]
            tiles = [other.board[sq] for sq in down]
            rng.shuffle(tiles)
            for sq, tile in zip(down, tiles, strict=True):
                other.board[sq] = HUNTER * 4 + rng.randrange(4) if tile >> 2 == HUNTER else tile
            a, b = RulesBot(game, seed=seed), RulesBot(game, seed=seed)
            assert a.act(state, seat) == b.act(other, seat)
            checked += 1
    assert checked > 50


def test_evaluate_reads_the_points_margin_of_the_match() -> None:
    game = Halali()
    for seed in range(3):
        for state, _ in _positions(game, seed):
            if state.ply % 13:
                continue
            view = state.view(None)
            points = [0.0, 0.0]
            for finished in view["finished_games"]:
                for seat in range(2):
                    points[seat] += finished["points"][seat]
            for seat, colour in enumerate(view["colours"]):
                points[seat] += view["points"][colour]
            first = 1 / (1 + math.exp(-max(-30.0, min(30.0, (points[0] - points[1]) / SCALE))))
            assert evaluate(state) == (first, 1 - first)
