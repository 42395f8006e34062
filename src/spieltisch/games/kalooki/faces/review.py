"""How a Kalooki game is reviewed (``REVIEW``, found through ``game.face("review")``).

A Kalooki deal played out by the rules bot costs tens of milliseconds (its meld search
runs on every turn), too much for a few hundred rollouts per decision over a whole
game. A review therefore looks three rounds ahead and judges the hands there by their
deadwood, as the bots' evaluator does; the chance to finish first is read from the
deadwood margins (a softmax), which is rougher than a played-out deal but sees what a
discard or a meld changes.
"""

from __future__ import annotations

import math
from typing import Final

from spieltisch.bots.ismcts import Rewards
from spieltisch.engine import State
from spieltisch.review import GameReview

from .bots import CLOSED, deadwood

TEMPERATURE: Final = 25.0
"""Penalty points of deadwood that make one hand about e times likelier to go out first
than another. A rough guess: a hand sheds ten to twenty points in a good turn, and three
rounds leave several turns to catch up, so a lead of one turn's shedding must not read
as a won deal."""


def win_chance(state: State) -> Rewards:
    """Each seat's chance to finish first, from its deadwood (and whether it has opened)."""
    public = state.view(None)
    costs = []
    for seat in range(state.players):
        hand: list[str] = state.view(seat)["hand"] or []
        costs.append(deadwood(hand) + (0 if public["opened"][seat] else CLOSED))
    least = min(costs)
    weights = [math.exp(-(c - least) / TEMPERATURE) for c in costs]
    total = sum(weights)
    return [w / total for w in weights]


REVIEW = GameReview(
    worlds=32,
    screen=64,
    finalists=3,
    horizon=12,
    win_chance=win_chance,
)
"""Kalooki's review: 32 worlds, three rounds of rollout, deadwood judges."""

__all__ = ["REVIEW", "TEMPERATURE", "win_chance"]
