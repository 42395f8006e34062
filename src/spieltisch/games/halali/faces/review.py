"""How a Halali game is reviewed (``REVIEW``, found through ``game.face("review")``).

A Halali match has well over a hundred decisions per seat and up to fifty legal moves
(every face-down tile may be turned), so a review screens the moves on few worlds and
plays the final two, the move taken and the best other, in 16 fresh worlds. Rollouts
look eight plies ahead and the points margin judges them (the bots' ``strong`` setting),
which the bots' evaluator already reads as a chance to win the match.
"""

from __future__ import annotations

from spieltisch.review import GameReview

REVIEW = GameReview(worlds=16, screen=40, finalists=2)
"""Halali's review budget."""

__all__ = ["REVIEW"]
