"""What a game declares about its post-game review: ``REVIEW = GameReview(...)`` in its
``faces/review.py``, found through ``game.face("review")``.

The generic review (:mod:`spieltisch.review.search`) judges turn-based decisions from
the engine contract and the game's bots declaration alone; a game says here only what
differs: the budget that keeps a full-game review under a minute of CPU, a rollout
cut-off of its own, how a cut-off world's chance to win is read, and, for a real-time
game where there is nothing to search, its own reviewer.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from spieltisch.bots.ismcts import Evaluator, StopRule
from spieltisch.engine import Game, SpieltischError

RealtimeReviewer = Callable[[Mapping[str, Any], int], dict[str, Any]]
"""``reviewer(record, seat) -> section``: the JSON-ready review of a real-time game."""


@dataclass(frozen=True, slots=True)
class GameReview:
    """How one game is reviewed.

    Rollout cut-offs (``horizon``, ``stop``) fall back to those of the game's ``strong``
    bot level, so a review looks as far ahead as that bot does unless the game says
    otherwise; without a declared evaluator every rollout is played to the end.
    """

    worlds: int = 32
    """Sampled worlds per decision: every finalist is played once in each."""
    screen: int = 96
    """Cap on the rollouts spent screening a decision with more than ``finalists``
    candidates (sequential halving); the finals are on top of it."""
    finalists: int = 3
    """Candidates played in all ``worlds``: the move taken, the rules bot's, the best
    of the screened rest."""
    horizon: int | None = None
    """Plies per rollout before the evaluator judges it (``None``: the bots' setting)."""
    stop: StopRule | None = None
    """Ends a rollout early, judged by the evaluator (``None``: the bots' setting)."""
    win_chance: Evaluator | None = None
    """Per-seat chance to finish first of a cut-off world. Without it the declared
    evaluator's rewards, normalised to sum to one, are read as that chance."""
    realtime: RealtimeReviewer | None = None
    """The reviewer of a real-time game, which has no turn-based decisions to search."""


DEFAULT_REVIEW: Final = GameReview()
"""The review of a game that declares none."""


def declared_review(game: Game) -> GameReview:
    """What ``game`` declares about its review (``DEFAULT_REVIEW`` without a face).

    :raises SpieltischError: when the face is not a ``GameReview``.
    """
    found = game.face("review")
    if found is None:
        return DEFAULT_REVIEW
    if not isinstance(found, GameReview):
        raise SpieltischError(
            f"{game.info.name}'s review face is a {type(found).__name__}, not a GameReview"
        )
    return found


__all__ = ["DEFAULT_REVIEW", "GameReview", "RealtimeReviewer", "declared_review"]
