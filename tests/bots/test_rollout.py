"""Rollout search (``strong``, ``expert``): views only, obvious best moves, the guard, seeds.

Strength is a benchmark (``spieltisch arena``, docs/bots.md), not a test; these tests
check the search's contract on small Halali positions (HA-R4 captures) and a decided
Hydra end game (HY-R5), and that it runs on every turn-based game through views.
"""

from __future__ import annotations

import random
from concurrent.futures import ProcessPoolExecutor

import pytest

import spieltisch
from spieltisch.bots import make
from spieltisch.bots.base import Bot, Plan, RandomBot
from spieltisch.bots.ismcts import plan_async
from spieltisch.bots.rollout import Finisher, RolloutBot
from spieltisch.engine import SpieltischError, State, View
from spieltisch.games.halali.faces.bots import evaluate as halali_evaluate
from spieltisch.games.hydra.faces.bots import BOTS as HYDRA_BOTS
from spieltisch.games.hydra.faces.bots import evaluate as hydra_evaluate
from spieltisch.games.hydra.faces.bots import game_done
from tests.bots.test_ismcts import SINGLE, bear_position
from tests.helpers.bench import bench_module
from tests.helpers.hydra_endgame import find_last_trick_position
from tests.helpers.sampling import play_with_search, spy_on_samples, turn_based_games


class ViewOnly(Bot):
    """A base policy that checks every call gets a view (a dict), then plays randomly."""

    level = "view-only"
    calls = 0

    def plan(self, view: View, seat: int, clock: float) -> Plan:
        assert isinstance(view, dict) and not isinstance(view, State)
        assert view["seat"] == seat  # the rolling seat's own view, not the public one
        ViewOnly.calls += 1
        return Plan(self.rng.choice(self.legal_actions(view)), 0.0)


def _midgame(game: spieltisch.Game, plies: int, seed: int = 4) -> State:
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        seat = state.active_seats()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def test_searches_only_worlds_sampled_from_its_view_and_rolls_out_through_views() -> None:
    state = _midgame(spieltisch.load("halali", **SINGLE), 15)
    game = state.game
    seat = state.active_seats()[0]
    view = state.view(seat)
    calls = spy_on_samples(game)
    ViewOnly.calls = 0
    bot = RolloutBot(game, ViewOnly(game), rollouts=40, horizon=4, evaluate=halali_evaluate)
    action = bot.plan(view, seat, 0.0).action
    assert calls and all(v == view and s == seat for v, s in calls)
    assert ViewOnly.calls > 0
    assert str(action) in view["legal_actions"]
    assert 0 < bot.last_rollouts <= 40


def test_HA_R4_finds_the_bear_capture_that_decides_the_match() -> None:
    state = bear_position(end_left=1)
    bot = RolloutBot(state.game, RandomBot(state.game), rollouts=60, z=0.0)
    assert str(bot.plan(state.view(1), 1, 0.0).action) == "c4-f4"


def test_HA_R4_strong_takes_the_bear_with_face_down_tiles_left() -> None:
    state = bear_position({"h8": "?P", "b2": "?T", "h3": "?D"})
    for seed in range(3):
        bot = make(state.game, "strong", seed=seed)
        assert isinstance(bot, RolloutBot)
        assert str(bot.plan(state.view(1), 1, 0.0).action) == "c4-f4"


def test_HY_R5_strong_keeps_the_card_that_takes_the_last_trick() -> None:
    game = spieltisch.load("hydra", games=1)
    seat, view, card = find_last_trick_position(game)
    for seed in range(3):
        bot = RolloutBot(game, RandomBot(game, seed=seed), seed=seed, rollouts=40, z=0.0)
        assert bot.plan(view, seat, 0.0).action == card
        assert bot.last_estimates[card] == max(bot.last_estimates.values())


class Stubborn(Bot):
    """Always the first legal action, whatever it gives away."""

    level = "stubborn"

    def plan(self, view: View, seat: int, clock: float) -> Plan:
        return Plan(self.legal_actions(view)[0], 0.0)


def test_the_guard_keeps_the_base_move_unless_the_rollouts_show_better() -> None:
    """With the match decided by the bear capture (HA-R6 last ply), a clear paired
    advantage overrides the base move; an impossible threshold keeps it."""
    state = bear_position(end_left=1)
    view = state.view(1)
    base_move = Stubborn(state.game).plan(view, 1, 0.0).action
    assert str(base_move) != "c4-f4"
    clear = RolloutBot(state.game, Stubborn(state.game), rollouts=60)
    assert str(clear.plan(view, 1, 0.0).action) == "c4-f4"
    stubborn = RolloutBot(state.game, Stubborn(state.game), rollouts=60, margin=1.0)
    assert stubborn.plan(view, 1, 0.0).action == base_move


def test_the_same_seed_and_view_give_the_same_move() -> None:
    state = _midgame(spieltisch.load("halali", **SINGLE), 20)
    seat = state.active_seats()[0]
    view = state.view(seat)
    first = make(state.game, "strong", seed=7)
    other = _midgame(state.game, 24, seed=9)
    first.plan(other.view(other.active_seats()[0]), other.active_seats()[0], 0.0)
    again = make(state.game, "strong", seed=7)
    assert first.plan(view, seat, 0.0) == again.plan(view, seat, 0.0)


def test_a_time_budget_sets_the_rollouts_to_what_fits() -> None:
    state = _midgame(spieltisch.load("hydra", games=1), 12)  # a rollout costs milliseconds
    seat = state.active_seats()[0]
    assert len(state.view(seat)["legal_actions"]) > 1
    quick = make(state.game, "strong", seed=1, time_ms=1)
    assert isinstance(quick, RolloutBot)
    quick.plan(state.view(seat), seat, 0.0)
    slow = make(state.game, "strong", seed=1, time_ms=500)
    assert isinstance(slow, RolloutBot)
    slow.plan(state.view(seat), seat, 0.0)
    legal = len(state.view(seat)["legal_actions"])
    assert legal <= quick.last_rollouts < slow.last_rollouts


def test_hydra_rollouts_stop_with_the_game_of_the_match() -> None:
    game = spieltisch.load("hydra")
    assert game.face("bots") is HYDRA_BOTS
    assert HYDRA_BOTS.rollout("strong").stop is HYDRA_BOTS.rollout("expert").stop is game_done
    state = game.new_state(seed=2)
    assert game_done(state, state) is False
    rng = random.Random(2)
    start = state.clone()
    while not state.view(None)["finished_games"]:
        seat = state.active_seats()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert not state.is_over() and game_done(start, state)
    rewards = hydra_evaluate(state)
    assert len(rewards) == state.players


def test_refuses_real_time_games_and_cut_offs_without_an_evaluator() -> None:
    hg = spieltisch.load("halligalli")
    with pytest.raises(SpieltischError, match="real-time"):
        RolloutBot(hg, RandomBot(hg))
    halali = spieltisch.load("halali")
    with pytest.raises(SpieltischError, match="evaluator"):
        RolloutBot(halali, RandomBot(halali), horizon=3)


@pytest.mark.parametrize("name", turn_based_games())
def test_every_turn_based_game_gets_legal_moves_from_the_strong_level(name: str) -> None:
    game = spieltisch.load(name)
    play_with_search(game.new_state(seed=3), make(game, "strong", seed=1, iterations=12), 3)


def test_plan_async_gives_the_same_move_in_a_worker_process() -> None:
    state = bear_position({"h8": "?P", "b2": "?T"})
    bot = make(state.game, "strong", seed=2)
    view = state.view(1)
    with ProcessPoolExecutor(max_workers=1) as pool:
        assert plan_async(bot, view, 1, 0.0, executor=pool).result() == bot.plan(view, 1, 0.0)


def _solvable_decisions(game: spieltisch.Game, count: int) -> list[tuple[View, int]]:
    """Decisions with a choice in the last three tricks of rules games (Hydra, HY-R6)."""
    found: list[tuple[View, int]] = []
    for seed in range(count):
        state = game.new_state(seed=seed)
        guide = HYDRA_BOTS.levels["rules"](game, seed=seed)
        while not state.is_over() and len(found) <= seed:
            seat = state.active_seats()[0]
            view = state.view(seat)
            if solvable(state) and len(view["legal_actions"]) > 1:
                found.append((view, seat))
            state.apply(seat, guide.plan(view, seat, 0.0).action)
    return found


ENDGAME = bench_module("hydra_endgame")
finish, solvable = ENDGAME.finish, ENDGAME.solvable


class Spy:
    """A ``finish`` hook that records whether each call solved its world."""

    def __init__(self) -> None:
        self.solved: list[bool] = []

    def __call__(self, world: State) -> bool:
        self.solved.append(finish(world))
        return self.solved[-1]


def _searched(game: spieltisch.Game, view: View, seat: int, hook: Finisher | None) -> RolloutBot:
    bot = RolloutBot(
        game,
        HYDRA_BOTS.levels["rules"](game, seed=1),
        seed=1,
        rollouts=40,
        stop=game_done,
        evaluate=hydra_evaluate,
        finish=hook,
    )
    bot.plan(view, seat, 0.0)
    return bot


def test_a_finish_hook_plays_out_the_worlds_it_solves_and_no_others() -> None:
    """``finish`` replaces the base policy where it solves a world (Hydra's last three
    tricks, HY-R6, ``bench/hydra_endgame.py``); a hook that solves nothing leaves the
    search unchanged."""
    game = spieltisch.load("hydra", games=1)
    changed = 0
    for view, seat in _solvable_decisions(game, 8):
        spy = Spy()
        with_spy = _searched(game, view, seat, spy)
        # Every rollout began inside the solved tricks: one solve each, except in the
        # sampled worlds whose black queens make it a game of three parties (HY-R8).
        assert 0 < sum(spy.solved) <= with_spy.last_rollouts
        plain = _searched(game, view, seat, None)
        never = _searched(game, view, seat, lambda world: False)
        assert plain.last_estimates == never.last_estimates
        changed += plain.last_estimates != with_spy.last_estimates
    assert changed > 0
