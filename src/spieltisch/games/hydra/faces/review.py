"""How a Hydra game is reviewed (``REVIEW``, found through ``game.face("review")``).

A Hydra game rolls out in a couple of milliseconds, so a review affords many worlds: 64
per decision, which brings the standard error of a paired difference in the chance to
win the match to about a point. Rollouts end with the game of the match they began in
and the match totals judge them (the bots' settings); every value is the reviewed
seat's own, so a partner's cards or a lucky deal do not mark a move.
"""

from __future__ import annotations

from spieltisch.review import GameReview

REVIEW = GameReview(worlds=64, screen=128, finalists=3)
"""Hydra's review budget."""

__all__ = ["REVIEW"]
