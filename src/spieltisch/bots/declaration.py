"""What a game declares about its bots: ``BOTS = GameBots(...)`` in its ``faces/bots.py``.

The generic ladder (``spieltisch.bots.ladder``) builds every search level from this and
the engine contract alone, so the bots layer never names a game: a game's own levels,
how its search levels search, and how a rollout cut short is judged all live with the
game, found through ``game.face("bots")``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Final

from spieltisch.engine import Game, SpieltischError

from .base import Bot
from .ismcts import Evaluator, StopRule

BotFactory = Callable[..., Bot]
"""``factory(game, *, seed, delay, **budget) -> Bot``: one level of a ladder."""


@dataclass(frozen=True, slots=True)
class RolloutSettings:
    """How ``strong`` or ``expert`` of one game searches (see ``RolloutBot``)."""

    rollouts: int
    horizon: int | None = None
    """Plies per rollout before the game's evaluator judges the world; ``None``: no limit."""
    stop: StopRule | None = None
    """Ends a rollout early (e.g. with the game of a match it began in), judged by the
    evaluator."""
    z: float = 1.65
    """Standard errors a move must beat the rules bot's by (one-sided 95 %)."""
    evaluate: Evaluator | None = None
    """Judges this level's rollouts cut short instead of the game's ``evaluate``: a
    rollout search compares candidates by paired differences, so it wants a value that
    moves with every card, where a tree search may prefer a coarser one."""


@dataclass(frozen=True, slots=True)
class SearchSettings:
    """How the ``ismcts`` level of one game searches."""

    iterations: int
    rollout_depth: int | None = None
    """Plies of rollout before the evaluator judges the world; ``None``: to the end."""
    stop: StopRule | None = None
    """Ends a rollout early (e.g. with the game of a match it began in), judged by the
    evaluator."""
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
    guide: BotFactory | None = None
    """Guides the search in place of the game's ``rules`` bot: its move is tried first
    and kept as above, and it plays the rollouts. For a policy that plays better than
    ``rules`` but would lift every level built on it if it were ``rules``."""


ROLLOUT_DEFAULTS: Final = {
    "strong": RolloutSettings(rollouts=100),
    "expert": RolloutSettings(rollouts=400),
}
"""The rollout levels of a game that declares no settings of its own."""
SEARCH_DEFAULTS: Final = SearchSettings(iterations=200)
"""The ``ismcts`` level of a game that declares no settings of its own."""


@dataclass(frozen=True, slots=True)
class GameBots:
    """A game's bot ladder: its own levels and how the generic search levels play it.

    Every turn-based game gets ``random`` and the search levels ``ismcts``, ``strong``
    and ``expert``; a real-time game (``Dynamics.REAL_TIME``) gets ``random`` and its own
    levels only. The level named ``rules``, if declared, is the base policy the search
    levels improve on; without one they improve on ``random``.
    """

    levels: Mapping[str, BotFactory] = field(default_factory=dict)
    """The game's own levels, weakest first; one named like a search level replaces it."""
    rollouts: Mapping[str, RolloutSettings] = field(default_factory=dict)
    """Settings of ``strong`` and ``expert`` (``ROLLOUT_DEFAULTS`` for a level not here)."""
    search: SearchSettings = SEARCH_DEFAULTS
    """Settings of ``ismcts``."""
    evaluate: Evaluator | None = None
    """Per-seat rewards of an unfinished world: without it, every rollout is played to
    the end of the game and the settings' cut-offs are ignored."""
    order: tuple[str, ...] = ()
    """Every level of the ladder, weakest first, where measurement placed one elsewhere
    than the default order (``random``, the game's own levels, then ``ismcts``,
    ``strong``, ``expert``): a search level weaker than ``rules`` in this game sits below
    it, so the lobby, the stand-in and the ladder bench climb in the order of strength.
    Empty: the default order."""
    unproven: frozenset[str] = frozenset()
    """Levels not shown to be stronger than the level below them on the ladder: their
    head-to-head interval against it is not clear of one half (``bench/ladder.py``,
    docs/bots.md). The lobby says so next to the levels, so nobody picks a level for a
    strength it has not shown."""

    def rollout(self, level: str) -> RolloutSettings:
        """The settings of rollout level ``level`` (``strong`` or ``expert``)."""
        return self.rollouts.get(level, ROLLOUT_DEFAULTS[level])


NO_BOTS: Final = GameBots()
"""The declaration of a game without a ``bots`` face: the generic ladder only."""


def declared(game: Game) -> GameBots:
    """What ``game`` declares about its bots (``NO_BOTS`` without a ``bots`` face).

    :raises SpieltischError: when the face is not a ``GameBots``.
    """
    found = game.face("bots")
    if found is None:
        return NO_BOTS
    if not isinstance(found, GameBots):
        raise SpieltischError(
            f"{game.info.name}'s bots face is a {type(found).__name__}, not a GameBots"
        )
    return found


__all__ = [
    "NO_BOTS",
    "ROLLOUT_DEFAULTS",
    "SEARCH_DEFAULTS",
    "BotFactory",
    "GameBots",
    "RolloutSettings",
    "SearchSettings",
    "declared",
]
