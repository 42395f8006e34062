"""Bots: players that see only views. ``make(game, level)`` builds one by ladder name."""

from __future__ import annotations

from collections.abc import Callable

from spieltisch.engine import Game, SpieltischError

from .base import Bot, Plan, RandomBot

BotFactory = Callable[..., Bot]

LEVELS: dict[str, dict[str, str]] = {
    "*": {"random": "spieltisch.bots.base:RandomBot"},
}
"""Ladder per game: level name -> ``module:Class``. ``"*"`` levels exist for every game."""


def levels(game: str) -> list[str]:
    """The bot levels available for ``game``, weakest first."""
    return [*LEVELS["*"], *LEVELS.get(game, {})]


def make(game: Game, level: str = "random", *, seed: int = 0, delay: float = 0.0) -> Bot:
    """A bot of ``level`` for ``game``.

    :raises SpieltischError: for an unknown level.
    """
    import importlib

    table = {**LEVELS["*"], **LEVELS.get(game.info.name, {})}
    if level not in table:
        known = ", ".join(levels(game.info.name))
        raise SpieltischError(f"no bot level {level!r} for {game.info.name} (levels: {known})")
    module, _, cls = table[level].partition(":")
    factory: BotFactory = getattr(importlib.import_module(module), cls)
    return factory(game, seed=seed, delay=delay)


__all__ = ["LEVELS", "Bot", "Plan", "RandomBot", "levels", "make"]
