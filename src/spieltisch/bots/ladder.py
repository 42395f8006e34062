"""The search levels of every ladder: ``strong`` and ``expert`` improve on ``rules`` by
rollouts, ``ismcts`` is information-set tree search.

All three exist for every turn-based game, built only from the engine contract and what
the game's ladder already offers: the game's ``rules`` bot (or, without one, the random
bot) is the base policy that ``strong`` and ``expert`` improve by sampled rollouts
(``RolloutBot``) and that guides ISMCTS's rollouts; where a game has a cut-off evaluator
below, rollouts stop early and the world is judged. Both searches keep the rules bot's
move unless another one is statistically clearly better, so every search level is at
least as strong as ``rules``. Budgets are counts (rollouts, iterations), so a level plays
the same moves on every machine; ``ROLLOUTS`` and ``SETTINGS`` tune them per game, and
the figures in ``docs/bots.md`` were measured with exactly these numbers.
"""

from __future__ import annotations

import importlib
import math
from dataclasses import dataclass, replace
from typing import Any, Final

from spieltisch.engine import Game, Result, State

from .base import Bot, RandomBot
from .ismcts import (
    BotPolicy,
    Evaluator,
    ISMCTSBot,
    RandomPolicy,
    Rewards,
    RolloutPolicy,
    rank_rewards,
)
from .rollout import RolloutBot, StopRule


@dataclass(frozen=True, slots=True)
class RolloutSettings:
    """How ``strong`` or ``expert`` of one game searches (see ``RolloutBot``)."""

    rollouts: int
    horizon: int | None = None
    """Plies per rollout before the game's evaluator judges the world; ``None``: no limit."""
    stop_at_game_end: bool = False
    """End a rollout with the game (of a match) it began in, judged by the evaluator."""
    z: float = 1.65
    """Standard errors a move must beat the rules bot's by (one-sided 95 %)."""


ROLLOUT_DEFAULTS: Final = {
    "strong": RolloutSettings(rollouts=100),
    "expert": RolloutSettings(rollouts=400),
}
ROLLOUTS: dict[str, dict[str, RolloutSettings]] = {
    # The rules bot costs about half a millisecond a call: eight plies (four moves each)
    # are enough to see what a move exposes or sets up; the points margin judges.
    "halali": {
        "strong": RolloutSettings(rollouts=60, horizon=8),
        "expert": RolloutSettings(rollouts=240, horizon=12),
    },
    # A Hydra game rolls out in about 2 ms: play it to its end, judge the match totals.
    "hydra": {
        "strong": RolloutSettings(rollouts=200, stop_at_game_end=True),
        "expert": RolloutSettings(rollouts=500, stop_at_game_end=True),
    },
    # A Kalooki deal rolls out in about 45 ms now that the meld search remembers hands:
    # play it to the end. Cut short after 8 plies and judged by deadwood, rollouts chose
    # worse than the rules bot (0.100 of seats against 0.400 over 20 games).
    "kalooki": {
        "strong": RolloutSettings(rollouts=32),
        "expert": RolloutSettings(rollouts=48),
    },
}
"""Per-game overrides of ``ROLLOUT_DEFAULTS``."""


@dataclass(frozen=True, slots=True)
class SearchSettings:
    """How one search level of one game searches."""

    iterations: int
    rollout_depth: int | None = None
    """Plies of rollout before the evaluator judges the world; ``None``: to the end."""
    guided: bool = True
    """Let the game's ``rules`` bot (if any) choose the rollout moves."""
    epsilon: float = 0.1
    """Share of random moves in guided rollouts."""
    policy_first: bool = True
    """Expand the rollout policy's move first at every node (see ``ISMCTSBot``)."""
    widening: float | None = None
    """Progressive widening constant (see ``ISMCTSBot``)."""
    keep_margin: float = 0.0
    """Keep the rules bot's move unless search finds one better by this much (``ISMCTSBot``)."""
    keep_z: float = 1.65
    """...plus this many standard errors: search overrides the rules bot only when the
    difference is statistically clear (one-sided 95 %), so a level is at least ``rules``."""


DEFAULTS: Final = SearchSettings(iterations=200)
SETTINGS: dict[str, SearchSettings] = {
    # The rules bot costs about a millisecond per call, so it chooses the first move tried
    # at each node instead of playing rollouts; the evaluator judges right after the tree.
    "halali": SearchSettings(iterations=200, rollout_depth=0, widening=1.5, keep_margin=0.02),
    # Few iterations, each rolled out by the rules bot
    # (cheap) to about the end of the current game, then judged by the match totals.
    "hydra": SearchSettings(iterations=40, rollout_depth=60),
    # Kalooki's rules bot searches melds (~60 ms a call), too slow for rollouts: it only
    # chooses the root move to keep; the tree's worlds are judged right away by the meld
    # search's deadwood (random rummy rollouts say little about a hand).
    "kalooki": SearchSettings(iterations=60, rollout_depth=0, guided=False, keep_z=2.0),
}
"""Per-game settings of the ``ismcts`` level (``DEFAULTS`` otherwise)."""


# -- evaluators for cut-off rollouts -------------------------------------------------------
HALALI_SCALE: Final = 6.0
"""Points of margin that make a Halali match about 73 % won (logistic scale)."""


def halali_evaluate(state: State) -> Rewards:
    """Chance to win from the points margin of the match so far, read from the public view."""
    view = state.view(None)
    points = [0.0, 0.0]
    for game in view["finished_games"]:
        for seat in range(2):
            points[seat] += game["points"][seat]
    if not view["over"]:
        for seat, colour in enumerate(view["colours"]):
            points[seat] += view["points"][colour]
    margin = (points[0] - points[1]) / HALALI_SCALE
    first = 1 / (1 + math.exp(-max(-30.0, min(30.0, margin))))
    return (first, 1 - first)


def order_rewards(values: list[float]) -> Rewards:
    """Rank rewards of seats ordered by ``values`` (higher is better), ties shared."""
    ranks = tuple(1 + sum(1 for v in values if v > mine) for mine in values)
    return rank_rewards(Result(tuple(values), ranks, "cut-off"))


HYDRA_GAME_SPREAD: Final = 6.0
"""Match points by which one game typically moves a seat's total (settlements of 4–15)."""


def hydra_evaluate(state: State) -> Rewards:
    """Each seat's chance to finish the match first, from the totals and the games left.

    A softmax of the totals whose temperature grows with the square root of the games
    still to play: a lead of 10 points decides little with four games to go and much
    with one. Rollouts are played to the end of the current game, so this judges a match
    between games (a cut-off inside a game counts the totals so far).
    """
    view = state.view(None)
    totals = [float(t) for t in view["totals"]]
    left = max(1, int(view["games_in_match"]) - len(view["finished_games"]))
    temperature = HYDRA_GAME_SPREAD * math.sqrt(left)
    top = max(totals)
    weights = [math.exp((t - top) / temperature) for t in totals]
    norm = sum(weights)
    return [w / norm for w in weights]


KALOOKI_CLOSED: Final = 30
"""What not having opened yet is worth in penalty points (a rough guess, KA-R7)."""


def kalooki_deadwood_evaluate(state: State) -> Rewards:
    """Rank of each hand's *deadwood*: penalty left after its best melds (meld search).

    Raw penalty points make a near-complete run look as bad as rubbish; the deadwood of
    the lowest-penalty arrangement is what the hand would cost if it could meld now.
    """
    public = state.view(None)
    values = []
    for seat in range(state.players):
        hand: list[str] = state.view(seat)["hand"] or []
        closed = 0 if public["opened"][seat] else KALOOKI_CLOSED
        values.append(-float(kalooki_deadwood(hand) + closed))
    return order_rewards(values)


_DEADWOOD_MEMO: dict[tuple[str, ...], int] = {}


def kalooki_deadwood(hand: list[str]) -> int:
    """Penalty points (KA-R7) left after laying the best disjoint melds of ``hand``."""
    key = tuple(sorted(hand))
    hit = _DEADWOOD_MEMO.get(key)
    if hit is None:  # imported here: only Kalooki's levels need its meld search
        from spieltisch.games.kalooki.cards import counts_of, parse_face
        from spieltisch.games.kalooki.meldsearch import min_penalty

        if len(_DEADWOOD_MEMO) > 100_000:
            _DEADWOOD_MEMO.clear()
        hit = _DEADWOOD_MEMO[key] = min_penalty(counts_of([parse_face(c) for c in hand]))[0]
    return hit


EVALUATORS: dict[str, Evaluator] = {
    "halali": halali_evaluate,
    "hydra": hydra_evaluate,
    "kalooki": kalooki_deadwood_evaluate,
}


# -- building the levels -------------------------------------------------------------------
def rules_bot(game: Game, seed: int) -> Bot | None:
    """The game's ``rules`` level, if its ladder has one."""
    from . import LEVELS

    target = LEVELS.get(game.info.name, {}).get("rules")
    if target is None:
        return None
    module, _, cls = target.partition(":")
    factory: Any = getattr(importlib.import_module(module), cls)
    bot: Bot = factory(game, seed=seed)
    return bot


def game_done(start: State, now: State) -> bool:
    """A rollout stops when the game of a match it began in is over (``stop_at_game_end``)."""
    return len(now.view(None)["finished_games"]) != len(start.view(None)["finished_games"])


def rollout_bot(
    game: Game,
    level: str,
    *,
    seed: int = 0,
    delay: float = 0.0,
    rollouts: int | None = None,
    time_ms: float | None = None,
) -> RolloutBot:
    """``strong`` or ``expert`` as rollouts improving ``game``'s rules bot."""
    settings = ROLLOUTS.get(game.info.name, {}).get(level, ROLLOUT_DEFAULTS[level])
    base = rules_bot(game, seed) or RandomBot(game, seed=seed)
    evaluate = EVALUATORS.get(game.info.name)
    stop: StopRule | None = game_done if settings.stop_at_game_end and evaluate else None
    bot = RolloutBot(
        game,
        base,
        seed=seed,
        delay=delay,
        rollouts=rollouts or settings.rollouts,
        time_ms=time_ms,
        horizon=settings.horizon if evaluate else None,
        stop=stop,
        evaluate=evaluate,
        z=settings.z,
    )
    bot.level = level
    return bot


def search_bot(
    game: Game,
    level: str,
    *,
    seed: int = 0,
    delay: float = 0.0,
    iterations: int | None = None,
    time_ms: float | None = None,
) -> Bot:
    """A search level of ``game`` (``ismcts``, ``strong``, ``expert``); a budget given
    here (iterations or rollouts, or milliseconds) wins over the level's own."""
    if level == "ismcts":
        return ismcts_bot(game, seed=seed, delay=delay, iterations=iterations, time_ms=time_ms)
    return rollout_bot(game, level, seed=seed, delay=delay, rollouts=iterations, time_ms=time_ms)


def ismcts_bot(
    game: Game,
    *,
    seed: int = 0,
    delay: float = 0.0,
    iterations: int | None = None,
    time_ms: float | None = None,
) -> ISMCTSBot:
    """The ``ismcts`` level for ``game``; a budget given here wins."""
    settings = SETTINGS.get(game.info.name, DEFAULTS)
    if iterations is not None or time_ms is not None:
        settings = replace(settings, iterations=iterations or 0)
    rollout: RolloutPolicy = RandomPolicy()
    rules = rules_bot(game, seed)
    guide = rules if settings.guided else None
    if guide is not None:
        rollout = BotPolicy(guide, settings.epsilon)
    evaluate = EVALUATORS.get(game.info.name)
    bot = ISMCTSBot(
        game,
        seed=seed,
        delay=delay,
        iterations=settings.iterations or None,
        time_ms=time_ms,
        rollout=rollout,
        rollout_depth=settings.rollout_depth if evaluate else None,
        evaluate=evaluate,
        policy_first=settings.policy_first and guide is not None,
        widening=settings.widening,
        keep_margin=settings.keep_margin,
        keep_z=settings.keep_z if rules is not None else 0.0,
        guide=None if guide is not None else rules,
    )
    bot.level = "ismcts"
    return bot


def ismcts(game: Game, *, seed: int = 0, delay: float = 0.0, **budget: Any) -> ISMCTSBot:
    """Ladder level ``ismcts``: information-set MCTS guided by the game's rules bot."""
    return ismcts_bot(game, seed=seed, delay=delay, **budget)


def strong(game: Game, *, seed: int = 0, delay: float = 0.0, **budget: Any) -> RolloutBot:
    """Ladder level ``strong``: the rules bot improved by sampled rollouts."""
    return rollout_bot(game, "strong", seed=seed, delay=delay, **budget)


def expert(game: Game, *, seed: int = 0, delay: float = 0.0, **budget: Any) -> RolloutBot:
    """Ladder level ``expert``: like ``strong`` with a larger budget."""
    return rollout_bot(game, "expert", seed=seed, delay=delay, **budget)
