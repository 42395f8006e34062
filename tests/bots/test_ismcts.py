"""ISMCTS: legal moves only, views only, obvious best moves found, reproducible by seed.

Strength is a benchmark (``spieltisch arena``, docs/bots.md), not a test; these tests
check the search's contract on small Halali positions (HA-R4 captures, HA-R6 end phase).
"""

from __future__ import annotations

import json
import random
from concurrent.futures import ProcessPoolExecutor

import pytest

import spieltisch
from spieltisch.bots import levels, make
from spieltisch.bots.base import RandomBot
from spieltisch.bots.declaration import declared
from spieltisch.bots.ismcts import (
    BotPolicy,
    ISMCTSBot,
    Node,
    plan_async,
    rank_rewards,
    result_rewards,
    score_rewards,
)
from spieltisch.engine import Dynamics, Result, SpieltischError, State
from spieltisch.games.halali.faces.bots import evaluate as halali_evaluate
from tests.helpers.halali import make_state, parse_diagram
from tests.helpers.sampling import play_with_search, spy_on_samples, turn_based_games

SINGLE = {"match": "single"}


def quick_bot(game: spieltisch.Game, seed: int = 0, iterations: int = 12) -> ISMCTSBot:
    return ISMCTSBot(
        game, seed=seed, iterations=iterations, rollout_depth=2, evaluate=halali_evaluate
    )


BEAR_DIAGRAM = """
    8  .  .  .  .  .  .  .
    7  .  T  .  .  .  P  .
    6  .  .  .  .  .  .  .
    5  D  .  .  .  .  .  W
    4  .  HE .  .  B  .  .
    3  .  .  .  .  .  .  .
    2  .  .  .  F  .  .  T
       b  c  d  e  f  g  h
"""


def bear_position(face_down: dict[str, str] | None = None, end_left: int | None = None) -> State:
    """Brown to move; the hunter on c4 aims east at the bear on f4 across an empty row.

    Taking the bear (10 points) is worth more than anything else on the board; on the
    last end-phase ply (HA-R6) it decides the match: 8 + 10 against 12.
    """
    return make_state(
        {**parse_diagram(BEAR_DIAGRAM), **(face_down or {})},
        to_move="brown",
        end_left=end_left,
        won={"blue": ["F", "P", "D", "D"], "brown": ["HN", "P"]},
        match="single",
    )


def test_HA_R4_finds_the_winning_bear_capture_with_random_rollouts() -> None:
    state = bear_position(end_left=1)
    bot = ISMCTSBot(state.game, seed=3, iterations=150)  # generic: random rollouts to the end
    assert str(bot.plan(state.view(1), 1, 0.0).action) == "c4-f4"


def test_HA_R4_finds_the_bear_capture_with_face_down_tiles_left() -> None:
    state = bear_position({"h8": "?P", "b2": "?T", "h3": "?D"})
    bot = ISMCTSBot(state.game, seed=5, iterations=200, rollout_depth=4, evaluate=halali_evaluate)
    assert str(bot.plan(state.view(1), 1, 0.0).action) == "c4-f4"


def test_searches_only_worlds_sampled_from_its_view() -> None:
    """The bot is handed a view; every world it searches comes from sample_state(view)."""
    game = spieltisch.load("halali", **SINGLE)
    state = game.new_state(seed=11)
    rng = random.Random(1)
    for _ in range(15):
        seat = state.active_seats()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    seat = state.active_seats()[0]
    view = state.view(seat)
    calls = spy_on_samples(game)
    bot = quick_bot(game, iterations=10)
    action = bot.plan(view, seat, 0.0).action
    assert len(calls) == 10
    assert all(v == view and s == seat for v, s in calls)
    assert str(action) in view["legal_actions"]


def test_the_action_depends_only_on_the_view() -> None:
    """Two real states that differ only under the face-down tiles get the same move."""
    game = spieltisch.load("halali", **SINGLE)
    a, b = game.new_state(seed=1), game.new_state(seed=2)
    # Opening positions: every tile face down, the layouts (seeds) differ.
    assert a.view(0) == b.view(0)
    assert a.to_json()["state"] != b.to_json()["state"]
    bot_a, bot_b = quick_bot(game, seed=9), quick_bot(game, seed=9)
    assert bot_a.plan(a.view(0), 0, 0.0) == bot_b.plan(b.view(0), 0, 0.0)


@pytest.mark.parametrize("seed", range(2))
def test_plays_legal_moves_to_the_end(seed: int) -> None:
    game = spieltisch.load("halali", **SINGLE)
    state = game.new_state(seed=seed)
    bots = [quick_bot(game, seed, iterations=6), RandomBot(game, seed=seed)]
    while not state.is_over():
        seat = state.active_seats()[0]
        view = state.view(seat)
        action = bots[seat].plan(view, seat, 0.0).action
        assert str(action) in view["legal_actions"]
        state.apply(seat, action)
    assert state.result() is not None


def test_deterministic_for_a_seed_with_an_iteration_budget() -> None:
    state = bear_position({"h8": "?P", "b2": "?T"})
    view = json.loads(json.dumps(state.view(1)))
    plans = {str(quick_bot(state.game, seed=4, iterations=40).plan(view, 1, 0.0)) for _ in "ab"}
    assert len(plans) == 1
    first = quick_bot(state.game, seed=4, iterations=40)
    visits = [(str(n.action), n.visits) for n in first.search(view, 1).children.values()]
    again = quick_bot(state.game, seed=4, iterations=40)
    assert visits == [(str(n.action), n.visits) for n in again.search(view, 1).children.values()]


def test_time_budget_stops_the_search() -> None:
    state = bear_position({"h8": "?P", "b2": "?T"})
    bot = ISMCTSBot(state.game, seed=1, time_ms=30, rollout_depth=2, evaluate=halali_evaluate)
    bot.plan(state.view(1), 1, 0.0)
    assert bot.last_iterations >= 1


def test_plan_async_gives_the_same_plan_in_a_worker_process() -> None:
    state = bear_position({"h8": "?P", "b2": "?T"})
    bot = make(state.game, "ismcts", seed=2)
    assert isinstance(bot, ISMCTSBot)
    bot.iterations = 20
    view = state.view(1)
    with ProcessPoolExecutor(max_workers=1) as pool:
        future = plan_async(bot, view, 1, 0.0, executor=pool)
        assert future.result() == bot.plan(view, 1, 0.0)


def test_search_levels_on_every_turn_based_ladder() -> None:
    for name in spieltisch.game_names():
        game = spieltisch.load(name)
        names = levels(game)
        if game.info.dynamics is Dynamics.REAL_TIME:
            assert "ismcts" not in names
            continue
        assert names.index("ismcts") < names.index("strong") < names.index("expert")
        assert names[0] == "random"
        if "rules" in names:  # below every rollout level; below ismcts unless measured
            assert names.index("rules") < names.index("strong")
            if not declared(game).order:
                assert names.index("rules") < names.index("ismcts")


def test_ismcts_level_is_guided_by_the_rules_bot() -> None:
    game = spieltisch.load("halali")
    bot = make(game, "ismcts", seed=1)
    assert isinstance(bot, ISMCTSBot)
    assert bot.level == "ismcts"
    assert type(getattr(bot.rollout, "bot", None)).__name__ == "RulesBot"


def test_refuses_a_depth_limit_without_an_evaluator() -> None:
    with pytest.raises(SpieltischError, match="evaluator"):
        ISMCTSBot(spieltisch.load("halali"), rollout_depth=3)
    with pytest.raises(SpieltischError, match="evaluator"):
        ISMCTSBot(spieltisch.load("halali"), stop=lambda start, now: True)


def test_a_stop_rule_ends_rollouts_and_sees_each_world_as_it_was_sampled() -> None:
    """``stop(start, now)``: ``start`` is the iteration's world before the tree walk,
    untouched while ``now`` moves on, and the rollout ends the first time it says so."""
    state = bear_position({"h8": "?P", "b2": "?T", "h3": "?D"})
    seen: dict[int, tuple[State, str, int]] = {}  # the world, its snapshot, stop's calls

    def stop(start: State, now: State) -> bool:
        assert start is not now
        snapshot = json.dumps(start.view(None), sort_keys=True, default=str)
        world, first, calls = seen.setdefault(id(start), (start, snapshot, 0))
        assert first == snapshot
        seen[id(start)] = (world, first, calls + 1)
        return calls + 1 >= 3  # two rollout moves, then judged

    rollout_moves = []

    def policy(world: State, seat: int, rng: random.Random) -> object:
        rollout_moves.append(seat)
        return rng.choice(world.legal_actions(seat))

    bot = ISMCTSBot(
        state.game, seed=2, iterations=10, rollout=policy, evaluate=halali_evaluate, stop=stop
    )
    assert str(bot.plan(state.view(1), 1, 0.0).action) in state.view(1)["legal_actions"]
    assert len(seen) == 10  # one world per iteration
    assert len(rollout_moves) == 2 * 10


def test_rewards_share_tied_places_and_orient_scores_by_rank() -> None:
    assert rank_rewards(Result((1.0, 1.0), (1, 1), "draw")) == [0.5, 0.5]
    assert rank_rewards(Result((9.0, 2.0, 5.0), (1, 3, 2), "x")) == [1.0, 0.0, 0.5]
    # penalty points: the winner has fewest, and gets the top score reward
    assert score_rewards(Result((3.0, 10.0), (1, 2), "x")) == [1.0, 0.0]
    winner, loser = result_rewards(Result((20.0, 18.0), (1, 2), "x"))
    assert 0.9 <= winner <= 1.0 and 0.0 <= loser <= 0.1


@pytest.mark.parametrize("name", [g for g in turn_based_games() if g != "halali"])
def test_every_turn_based_game_gets_legal_moves_from_views(name: str) -> None:
    """The same search, through the contract only, on every other registered game."""
    game = spieltisch.load(name)
    play_with_search(game.new_state(seed=3), make(game, "ismcts", seed=1, iterations=3), 4)


def test_keep_margin_keeps_the_guiding_bots_move_unless_clearly_beaten() -> None:
    game = spieltisch.load("halali", **SINGLE)
    state = game.new_state(seed=4)
    rng = random.Random(4)
    for _ in range(25):
        seat = state.active_seats()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    seat = state.active_seats()[0]
    view = state.view(seat)
    guide = make(game, "rules", seed=1)
    kept = ISMCTSBot(
        game,
        seed=1,
        iterations=30,
        rollout=BotPolicy(guide, 0.0),
        rollout_depth=0,
        evaluate=halali_evaluate,
        policy_first=True,
        keep_margin=1.0,  # nothing beats the guide by more than the whole reward range
    )
    assert kept.plan(view, seat, 0.0) == guide.plan(view, seat, 0.0)


def test_a_guided_search_does_not_depend_on_earlier_searches() -> None:
    """The guiding bot's tie-breaks are reseeded per search (plan_async relies on it)."""
    state = bear_position({"h8": "?P", "b2": "?T"})
    view = state.view(1)
    fresh = make(state.game, "ismcts", seed=6)
    used = make(state.game, "ismcts", seed=6)
    assert isinstance(fresh, ISMCTSBot) and isinstance(used, ISMCTSBot)
    fresh.iterations = used.iterations = 25
    other = bear_position({"h8": "?D", "b2": "?T", "h3": "?P"}).view(1)
    used.plan(other, 1, 0.0)
    assert used.plan(view, 1, 0.0) == fresh.plan(view, 1, 0.0)


def _node(rewards: list[float]) -> Node:
    node = Node(0, None)
    for r in rewards:
        node.visits += 1
        node.total += r
        node.squares += r * r
    return node


def test_keep_z_overrides_the_guide_only_when_the_difference_is_statistically_clear() -> None:
    bot = ISMCTSBot(spieltisch.load("halali", **SINGLE), keep_z=1.65)
    kept = _node([0.0, 1.0] * 20)  # mean 0.5, variance 0.25
    assert bot.keeps(kept, _node([0.2, 1.0, 0.6, 0.4, 0.8]))  # a lead on 5 noisy samples
    assert not bot.keeps(kept, _node([1.0, 0.9] * 100))  # 200 samples near 0.95 do
    assert not ISMCTSBot(spieltisch.load("halali", **SINGLE)).keeps(kept, _node([0.6]))


def test_kalooki_search_keeps_its_rules_guide_with_cheap_rollouts() -> None:
    """Kalooki's rules bot anchors the root only, and a tiny budget rarely overrides it:
    the keep rule is a one-sided test at ``keep_z`` (1.65, about 5 % of decisions by
    chance), so over 60 decisions a handful of overrides is what the rule allows, not
    every decision kept (which held only for lucky seeds: 0 to 2 overrides of 60 were
    seen over seeds 0-7)."""
    game = spieltisch.load("kalooki")
    state = game.new_state(seed=5)
    bot = make(game, "ismcts", seed=3, iterations=6)
    assert isinstance(bot, ISMCTSBot)
    rules = make(game, "rules", seed=3)
    assert type(bot.guide).__name__ == "RulesBot" and not isinstance(bot.rollout, BotPolicy)
    decisions = overrides = 0
    for _ in range(60):
        seat = state.active_seats()[0]
        view = state.view(seat)
        expected = rules.plan(view, seat, 0.0).action
        if len(view["legal_actions"]) > 1:
            overrides += bot.plan(view, seat, 0.0).action != expected
            assert bot.root_move == expected
            decisions += 1
        state.apply(seat, expected)
    assert decisions > 5 and overrides <= 0.05 * decisions
