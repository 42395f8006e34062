"""The search levels of every ladder: ``strong`` and ``expert`` improve on ``rules`` by
rollouts, ``ismcts`` is information-set tree search.

All three exist for every turn-based game, built only from the engine contract and what
the game declares about its bots (``GameBots``, found through ``game.face("bots")``):
the game's ``rules`` bot (or, without one, the random bot) is the base policy that
``strong`` and ``expert`` improve by sampled rollouts (``RolloutBot``) and that guides
ISMCTS's rollouts, unless the game declares another guide for it; where the game
declares a cut-off evaluator, rollouts stop early and the world is judged. Both searches
keep their base policy's move unless another one is better by the margin the game
declares (by default a statistically clear one); whether a level is stronger than
``rules`` is measured, not assumed (``bench/ladder.py``).
Budgets are counts (rollouts, iterations), so a level plays the same moves on every
machine; each game tunes them in its declaration, and the figures in ``docs/bots.md``
were measured with exactly those numbers.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import Final

from spieltisch.engine import Game

from .base import Bot, RandomBot
from .declaration import BotFactory, declared
from .ismcts import BotPolicy, ISMCTSBot, RandomPolicy, RolloutPolicy
from .rollout import RolloutBot

RULES: Final = "rules"
"""The level whose bot the search levels improve on, if a game declares one."""


def rules_bot(game: Game, seed: int) -> Bot | None:
    """The game's ``rules`` level, if its ladder has one."""
    factory = declared(game).levels.get(RULES)
    return None if factory is None else factory(game, seed=seed)


def rollout_bot(
    game: Game,
    level: str,
    *,
    seed: int = 0,
    delay: float = 0.0,
    iterations: int | None = None,
    time_ms: float | None = None,
) -> RolloutBot:
    """Ladder levels ``strong`` and ``expert``: ``game``'s rules bot improved by sampled
    rollouts; a budget given here (``iterations`` rollouts, or milliseconds) wins."""
    bots = declared(game)
    settings = bots.rollout(level)
    base = rules_bot(game, seed) or RandomBot(game, seed=seed)
    evaluate = settings.evaluate or bots.evaluate
    bot = RolloutBot(
        game,
        base,
        seed=seed,
        delay=delay,
        rollouts=iterations or settings.rollouts,
        time_ms=time_ms,
        horizon=settings.horizon if evaluate else None,
        stop=settings.stop if evaluate else None,
        evaluate=evaluate,
        z=settings.z,
    )
    bot.level = level
    return bot


def ismcts_bot(
    game: Game,
    *,
    seed: int = 0,
    delay: float = 0.0,
    iterations: int | None = None,
    time_ms: float | None = None,
) -> ISMCTSBot:
    """Ladder level ``ismcts``: information-set MCTS guided by the game's rules bot, or
    by the guide its settings declare; a budget given here wins."""
    bots = declared(game)
    settings = bots.search
    if iterations is not None or time_ms is not None:
        settings = replace(settings, iterations=iterations or 0)
    rollout: RolloutPolicy = RandomPolicy()
    base = settings.guide(game, seed=seed) if settings.guide else rules_bot(game, seed)
    guide = base if settings.guided else None
    if guide is not None:
        rollout = BotPolicy(guide, settings.epsilon)
    evaluate = bots.evaluate
    bot = ISMCTSBot(
        game,
        seed=seed,
        delay=delay,
        iterations=settings.iterations or None,
        time_ms=time_ms,
        rollout=rollout,
        rollout_depth=settings.rollout_depth if evaluate else None,
        evaluate=evaluate,
        stop=settings.stop if evaluate else None,
        policy_first=settings.policy_first and guide is not None,
        widening=settings.widening,
        keep_margin=settings.keep_margin,
        keep_z=settings.keep_z if base is not None else 0.0,
        guide=None if guide is not None else base,
    )
    bot.level = "ismcts"
    return bot


SEARCH_LEVELS: Final[dict[str, BotFactory]] = {
    "ismcts": ismcts_bot,
    "strong": partial(rollout_bot, level="strong"),
    "expert": partial(rollout_bot, level="expert"),
}
"""The search levels at the top of every turn-based game's ladder, weakest first. Each
takes a budget (``iterations``: iterations or rollouts, or ``time_ms``) that wins over
the level's own."""
