"""The clairvoyant search of ``bench/clairvoyance.py`` plays in the real table's worlds,
and nowhere else: outside the bench's own games it refuses to search."""

from __future__ import annotations

import pytest

import spieltisch
from spieltisch.bots.ladder import rules_bot
from spieltisch.engine import SpieltischError, State
from spieltisch.table import SimClock, TableRuntime
from tests.helpers.bench import bench_module

BENCH = bench_module("clairvoyance")
Clairvoyant, show_table = BENCH.Clairvoyant, BENCH.show_table


def _trick_play(seed: int) -> State:
    """A Hydra match a few cards into its first game, played by the rules bot."""
    game = spieltisch.load("hydra")
    state = game.new_state(players=5, seed=seed)
    rules = rules_bot(game, seed)
    assert rules is not None
    while len(state.view(None)["tricks"]) < 2:
        seat = state.active_seats()[0]
        state.play(seat, rules.act(state, seat))
    return state


def test_every_world_of_its_search_is_a_copy_of_the_table() -> None:
    state = _trick_play(3)
    bot = Clairvoyant(spieltisch.load("hydra"), seed=1)
    bot.sees(lambda: state)
    seat = state.active_seats()[0]
    world = bot.worlds.sample_state(state.view(seat), seat, 5)
    assert world is not state
    assert world.view(None) == state.view(None)
    assert all(world.view(s) == state.view(s) for s in range(5))
    before = state.view(None)
    bot.plan(state.view(seat), seat, 0.0)
    assert bot.search.last_rollouts > 0 and state.view(None) == before


def test_outside_the_bench_it_refuses_to_search() -> None:
    state = _trick_play(4)
    bot = Clairvoyant(spieltisch.load("hydra"), seed=1)
    seat = state.active_seats()[0]
    with pytest.raises(SpieltischError, match="clairvoyance"):
        bot.plan(state.view(seat), seat, 0.0)


def test_in_the_bench_s_games_the_clairvoyant_seats_see_the_table_as_it_moves() -> None:
    game = spieltisch.load("hydra")
    bot = Clairvoyant(game, seed=1)
    rules = rules_bot(game, 1)
    assert rules is not None
    runtime = TableRuntime(game.new_state(players=5, seed=5), SimClock(), {2: bot, 3: rules})
    show_table(runtime)
    runtime.state = _trick_play(6)
    seat = runtime.state.active_seats()[0]
    world = bot.worlds.sample_state(runtime.state.view(seat), seat, 1)
    assert all(world.view(s) == runtime.state.view(s) for s in range(5))
