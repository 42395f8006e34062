"""The reaction-model bots: they plan from views only, respect the human floor, and make
the errors of their level (ring wrongly, miss valid tables) — the expert makes none."""

from __future__ import annotations

import json
import math
import random

import spieltisch
from spieltisch.bots import levels, make
from spieltisch.engine import IllegalAction
from spieltisch.games.halligalli import HalliGalliState, Ring, is_bell_valid
from spieltisch.games.halligalli.faces.bots import SKILLS, ReactionBot

from .scenario import make_state


def _states(count: int, seed: int = 0) -> list[HalliGalliState]:
    """Mid-game states of random play, a spread of valid and invalid tables."""
    game = spieltisch.load("halligalli")
    out: list[HalliGalliState] = []
    rng = random.Random(seed)
    while len(out) < count:
        state = game.new_state(players=rng.randint(3, 6), seed=rng.randrange(10**6))
        assert isinstance(state, HalliGalliState)
        for _ in range(rng.randrange(1, 60)):
            if state.is_over():
                break
            seat = rng.choice(state.active_seats())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        if not state.is_over() and state.finale is None:
            out.append(state)
    return out


def test_levels_are_registered_weakest_first() -> None:
    assert levels(spieltisch.load("halligalli")) == ["random", "beginner", "average", "expert"]


def test_expert_rings_every_valid_table_and_never_an_invalid_one() -> None:
    game = spieltisch.load("halligalli")
    seen_valid = 0
    for i, state in enumerate(_states(150)):
        bot = make(game, "expert", seed=i)
        seat = state.active_seats()[0]
        plan = bot.plan(state.view(seat), seat, 0.0)
        valid = is_bell_valid(state.tops()) and state.chain[-1][2] != seat
        seen_valid += valid
        assert isinstance(plan.action, Ring) == valid
        if valid:
            assert plan.delay >= SKILLS["expert"].floor
    assert seen_valid > 5


def test_beginner_rings_wrongly_and_misses_sometimes() -> None:
    game = spieltisch.load("halligalli")
    wrong = missed = 0
    for i, state in enumerate(_states(200, seed=1) * 3):
        bot = make(game, "beginner", seed=i)
        seat = state.active_seats()[0]
        plan = bot.plan(state.view(seat), seat, 0.0)
        valid = is_bell_valid(state.tops())
        wrong += isinstance(plan.action, Ring) and not valid
        missed += valid and (not isinstance(plan.action, Ring) or plan.delay > 2.0)
    assert wrong > 0 and missed > 0


def test_reaction_times_respect_the_human_floor() -> None:
    game = spieltisch.load("halligalli")
    for level, skill in SKILLS.items():
        bot = make(game, level, seed=5)
        assert isinstance(bot, ReactionBot)
        times = [bot.reaction_time() for _ in range(2000)]
        assert min(times) >= skill.floor
    medians = [
        sorted(ReactionBot(game, skill=s).reaction_time() for _ in range(501))[250]
        for s in SKILLS.values()
    ]
    assert medians == sorted(medians, reverse=True)  # beginner slowest, expert fastest


def test_bots_act_only_on_their_view() -> None:
    """Hidden cards redealt (a world sampled from the view): the same bot plans the same."""
    game = spieltisch.load("halligalli")
    for i, state in enumerate(_states(60, seed=2)):
        for seat in state.active_seats():
            view = json.loads(json.dumps(state.view(seat)))
            world = game.sample_state(view, seat, seed=i)
            a = make(game, "beginner", seed=i).plan(view, seat, 1.0)
            b = make(game, "beginner", seed=i).plan(world.view(seat), seat, 1.0)
            assert a == b


def test_a_decision_is_kept_when_asked_again() -> None:
    game = spieltisch.load("halligalli")
    state = make_state([["1P"] * 3, ["1S"] * 3, ["1B"] * 3], [["5B"], [], []])
    bot = make(game, "average", seed=3)
    first = bot.plan(state.view(1), 1, 10.0)
    again = bot.plan(state.view(1), 1, 10.1)
    assert first.action == again.action
    if first.action is not None and math.isfinite(first.delay):
        assert math.isclose(again.delay, max(0.0, first.delay - 0.1))


def play_bots(state: HalliGalliState, bots: list[ReactionBot]) -> float:
    """A minimal event loop on a simulated clock: the earliest planned action happens
    next. (The table runtime does this properly, with windows and latencies.)"""
    clock = 0.0
    while not state.is_over():
        best: tuple[float, int, object] | None = None
        for seat in state.active_seats():
            plan = bots[seat].plan(state.view(seat), seat, clock)
            if plan.action is not None and (best is None or clock + plan.delay < best[0]):
                best = (clock + plan.delay, seat, plan.action)
        assert best is not None, "every situation has somebody who will act"
        clock = best[0]
        try:
            state.apply(best[1], best[2])
        except IllegalAction:  # pragma: no cover - bots plan legal actions
            raise
    return clock


def test_bot_games_end_and_experts_ring_no_wrong_bell() -> None:
    game = spieltisch.load("halligalli")
    for seed in range(2):
        state = game.new_state(players=4, seed=seed)
        assert isinstance(state, HalliGalliState)
        bots = [make(game, "expert", seed=seed * 10 + s) for s in range(4)]
        play_bots(state, bots)  # type: ignore[arg-type]
        result = state.result()
        assert result is not None
        assert result.details["stats"]["wrong"] == 0
