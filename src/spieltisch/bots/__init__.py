"""Bots: players that see only views. ``make(game, level)`` builds one by ladder name."""

from __future__ import annotations

from collections.abc import Callable

from spieltisch.engine import Game, SpieltischError

from .base import Bot, Plan, RandomBot

BotFactory = Callable[..., Bot]

LEVELS: dict[str, dict[str, str]] = {
    "*": {"random": "spieltisch.bots.base:RandomBot"},
    "halali": {"rules": "spieltisch.bots.halali:RulesBot"},
    "halligalli": {k: "spieltisch.bots.halligalli:" + k for k in ("beginner", "average", "expert")},
    "hydra": {"rules": "spieltisch.bots.hydra:RulesBot"},
    "kalooki": {"rules": "spieltisch.bots.kalooki:RulesBot"},
}
"""Ladder per game: level name -> ``module:Class``. ``"*"`` levels exist for every game."""


SEARCH_LEVELS: dict[str, str] = {
    "ismcts": "spieltisch.bots.ladder:ismcts",
    "strong": "spieltisch.bots.ladder:strong",
    "expert": "spieltisch.bots.ladder:expert",
}
"""Search levels, at the top of every turn-based game's ladder (a game may override them)."""


def _ladder(game: str) -> dict[str, str]:
    from .ismcts import REAL_TIME_GAMES

    own = LEVELS.get(game, {})
    search = {} if game in REAL_TIME_GAMES else SEARCH_LEVELS
    return {**LEVELS["*"], **own, **{k: v for k, v in search.items() if k not in own}}


def levels(game: str) -> list[str]:
    """The bot levels available for ``game``, weakest first."""
    return list(_ladder(game))


def make(game: Game, level: str = "random", *, seed: int = 0, delay: float = 0.0) -> Bot:
    """A bot of ``level`` for ``game``.

    :raises SpieltischError: for an unknown level.
    """
    import importlib

    table = _ladder(game.info.name)
    if level not in table:
        known = ", ".join(levels(game.info.name))
        raise SpieltischError(f"no bot level {level!r} for {game.info.name} (levels: {known})")
    module, _, cls = table[level].partition(":")
    factory: BotFactory = getattr(importlib.import_module(module), cls)
    return factory(game, seed=seed, delay=delay)


__all__ = ["LEVELS", "Bot", "Plan", "RandomBot", "levels", "make"]
