"""The clairvoyant search of ``bench/clairvoyance.py`` plays in the real table's worlds,
and nowhere else: outside the bench's own games it refuses to search."""

from __future__ import annotations

import pytest

import spieltisch
from spieltisch.bots.ladder import rollout_bot
from spieltisch.engine import SpieltischError, State
from tests.helpers.bench import bench_module

Clairvoyant = bench_module("clairvoyance").Clairvoyant


def _trick_play(seed: int) -> State:
    """A Hydra match a few cards into its first game, played by the rules bot."""
    game = spieltisch.load("hydra")
    state = game.new_state(players=5, seed=seed)
    rules = rollout_bot(game, "strong").base
    while len(state.view(None)["tricks"]) < 2:
        seat = state.active_seats()[0]
        state.play(seat, rules.act(state, seat))
    return state


def test_every_world_of_its_search_is_a_copy_of_the_table() -> None:
    state = _trick_play(3)
    bot = Clairvoyant(spieltisch.load("hydra"), seed=1)
    bot.sees(lambda: state)
    seat = state.active_seats()[0]
    world = bot.game.sample_state(state.view(seat), seat, 5)
    assert world is not state
    assert world.view(None) == state.view(None)
    assert all(world.view(s) == state.view(s) for s in range(5))
    before = state.view(None)
    bot.plan(state.view(seat), seat, 0.0)
    assert bot.last_rollouts > 0 and state.view(None) == before


def test_outside_the_bench_it_refuses_to_search() -> None:
    state = _trick_play(4)
    bot = Clairvoyant(spieltisch.load("hydra"), seed=1)
    seat = state.active_seats()[0]
    with pytest.raises(SpieltischError, match="clairvoyance"):
        bot.plan(state.view(seat), seat, 0.0)
