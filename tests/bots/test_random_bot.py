"""The random bot's draws: the same uniform choice among the seat's legal actions, so a
seed replays the same games (tournaments and ladders rely on it)."""

from __future__ import annotations

import random

import pytest

import spieltisch
from spieltisch.bots import RandomBot


@pytest.mark.parametrize("name", ["halali", "hydra", "kalooki"])
def test_a_seeded_random_bot_draws_uniformly_among_the_parsed_legal_actions(name: str) -> None:
    game = spieltisch.load(name)
    state = game.new_state(players=game.info.min_players, seed=3)
    bot, twin = RandomBot(game, seed=11), random.Random(11)
    for _ in range(150):
        if state.is_over():
            break
        seat = state.active_seats()[0]
        view = state.view(seat)
        expected = twin.choice([game.parse_action(text) for text in view["legal_actions"]])
        plan = bot.plan(view, seat, 0.0)
        assert plan.action == expected
        assert plan.action in state.legal_actions(seat)
        state.apply(seat, plan.action)
