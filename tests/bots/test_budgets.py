"""Search budgets are caps: a level never plays more rollouts or iterations than it is given.

A declared budget is what a level costs, so it must hold however many moves a position
offers and however the halving rounds divide it. Rollouts are counted where they happen
(``_value``), not taken from the bot's own report alone.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import spieltisch
from spieltisch.bots import make
from spieltisch.bots.ismcts import ISMCTSBot
from spieltisch.bots.rollout import RolloutBot
from spieltisch.engine import State
from tests.helpers.sampling import turn_based_games

BUDGETS = (1, 2, 3, 7, 16, 41)


def positions(name: str, count: int, seed: int = 11) -> list[State]:
    """``count`` positions with a choice, reached by seeded random play at spread plies."""
    game = spieltisch.load(name)
    rng = random.Random(seed)
    found: list[State] = []
    game_seed = 0
    while len(found) < count:
        state = game.new_state(seed=game_seed)
        game_seed += 1
        while not state.is_over() and len(found) < count:
            seat = state.active_seats()[0]
            legal = state.legal_actions(seat)
            if len(legal) > 1 and rng.random() < 0.15:
                found.append(state.clone())
            state.apply(seat, rng.choice(legal))
    return found


class Counting(RolloutBot):
    """Counts the rollouts it actually plays."""

    calls = 0

    def _value(self, world: State, seat: int, action: Any, roll_seed: int) -> float:
        Counting.calls += 1
        return super()._value(world, seat, action, roll_seed)


@pytest.mark.parametrize("name", turn_based_games())
def test_rollout_search_never_exceeds_its_budget(name: str) -> None:
    game = spieltisch.load(name)
    model = make(game, "strong", seed=1)
    assert isinstance(model, RolloutBot)
    # Cut every rollout short where the game allows it: the count is what is tested.
    horizon = 2 if model.evaluate is not None else None
    for index, state in enumerate(positions(name, 16)):
        seat = state.active_seats()[0]
        view = state.view(seat)
        for budget in BUDGETS:
            bot = Counting(
                game,
                model.base,
                seed=index,
                rollouts=budget,
                horizon=horizon,
                evaluate=model.evaluate,
            )
            Counting.calls = 0
            action = bot.plan(view, seat, 0.0).action
            assert str(action) in view["legal_actions"]
            assert Counting.calls == bot.last_rollouts <= budget
            if budget >= len(view["legal_actions"]):
                assert bot.last_rollouts > budget // 2  # a cap, but one that is used


@pytest.mark.parametrize("name", turn_based_games())
def test_ismcts_never_exceeds_its_iterations(name: str) -> None:
    game = spieltisch.load(name)
    for index, state in enumerate(positions(name, 3)):
        seat = state.active_seats()[0]
        bot = make(game, "ismcts", seed=index, iterations=5)
        assert isinstance(bot, ISMCTSBot)
        bot.plan(state.view(seat), seat, 0.0)
        assert bot.last_iterations <= 5
