"""Bots: players that see only views. ``make(game, level)`` builds one by ladder name.

A game's ladder is ``random``, then the levels the game declares in its ``bots`` face
(``GameBots``), then, for a turn-based game, the search levels it does not replace;
a game whose measured order differs declares it (``GameBots.order``).
"""

from __future__ import annotations

from typing import Any, Final

from spieltisch.engine import Dynamics, Game, SpieltischError

from .base import Bot, Plan, RandomBot
from .declaration import BotFactory, GameBots, RolloutSettings, SearchSettings, declared
from .ladder import SEARCH_LEVELS

COMMON_LEVELS: Final[dict[str, BotFactory]] = {"random": RandomBot}
"""The levels at the bottom of every ladder."""


def search_levels(game: Game) -> dict[str, BotFactory]:
    """The generic search levels on ``game``'s ladder: none for a real-time game, where
    what matters is when to act; otherwise those the game does not replace by its own."""
    if game.info.dynamics is Dynamics.REAL_TIME:
        return {}
    own = declared(game).levels
    return {name: f for name, f in SEARCH_LEVELS.items() if name not in own}


def ladder(game: Game) -> dict[str, BotFactory]:
    """Every level of ``game``, weakest first: level name -> factory.

    :raises SpieltischError: when the game's ``GameBots.order`` does not name each of
        its levels exactly once.
    """
    bots = declared(game)
    table = {**COMMON_LEVELS, **bots.levels, **search_levels(game)}
    order = bots.order
    if not order:
        return table
    if sorted(order) != sorted(table):
        raise SpieltischError(
            f"{game.info.name}'s ladder order {list(order)} does not name each of its "
            f"levels ({', '.join(table)}) exactly once"
        )
    return {name: table[name] for name in order}


def levels(game: Game) -> list[str]:
    """The bot levels available for ``game``, weakest first."""
    return list(ladder(game))


def unproven(game: Game) -> list[str]:
    """The levels of ``game`` not shown to be stronger than the level below, weakest first
    (``GameBots.unproven``)."""
    doubtful = declared(game).unproven
    return [level for level in ladder(game) if level in doubtful]


def make(
    game: Game, level: str = "random", *, seed: int = 0, delay: float = 0.0, **budget: Any
) -> Bot:
    """A bot of ``level`` for ``game``; ``budget`` (``iterations``, ``time_ms``) goes to
    a search level's factory.

    :raises SpieltischError: for an unknown level.
    """
    table = ladder(game)
    if level not in table:
        known = ", ".join(table)
        raise SpieltischError(f"no bot level {level!r} for {game.info.name} (levels: {known})")
    return table[level](game, seed=seed, delay=delay, **budget)


__all__ = [
    "COMMON_LEVELS",
    "SEARCH_LEVELS",
    "Bot",
    "BotFactory",
    "GameBots",
    "Plan",
    "RandomBot",
    "RolloutSettings",
    "SearchSettings",
    "ladder",
    "levels",
    "make",
    "search_levels",
    "unproven",
]
