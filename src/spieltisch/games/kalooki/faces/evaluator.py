"""A finer judge of an unfinished Kalooki deal: each hand's expected result, learnt offline.

The rank of four deadwood counts (``deadwood_evaluate``) rarely changes within a few
plies, so rollouts cut short and judged by it give two candidate moves the same value in
almost every world, and the search can tell nothing apart (docs/bots.md, "Why Kalooki's
search added nothing"). This evaluator gives each seat a number that moves with every
card: a linear model of the seat's end-of-deal reward (the search's reward, rank first,
a little payout) from features of its hand, fitted on deals played out by the ``rules``
bot (``bench/kalooki_evaluator_fit.py`` wrote ``WEIGHTS``).

The model is fitted on features *relative to the table* (each seat's minus the mean over
the seats in the deal) against rewards relative to the table, so a world's common luck
(how far the deal has run, how many cards are left) cancels, and a rollout's value is
its seat's standing against the opponents: the paired difference of two candidate moves
in one world is then the difference they make to that standing.
"""

from __future__ import annotations

from operator import mul
from typing import Final

from spieltisch.bots.ismcts import Rewards, order_rewards
from spieltisch.engine import State

from ..cards import JOKER, PENALTY
from ..melds import JOKER_TOKEN
from ..meldsearch import best_opening, min_penalty
from ..state import KalookiState

CLOSED: Final = 30
"""What not having opened yet is worth in penalty points in the deadwood rank (as in
``faces/bots.py``'s ``deadwood_evaluate``)."""
OPENING: Final = 51
"""Value a first lay-down must reach (KA-R3)."""

FEATURES: Final = (
    "deadwood",
    "penalty",
    "cards",
    "opened",
    "jokers",
    "loose",
    "loose_paired",
    "opening_short",
    "can_open",
    "high_loose",
    "rank",
)
"""What the model reads of one hand (see ``features``), in ``WEIGHTS`` order."""

WEIGHTS: Final[tuple[float, ...]] = (
    0.0000,
    0.0000,
    -0.8522,
    -0.4208,
    0.0699,
    -0.5012,
    0.2903,
    -0.5039,
    0.0666,
    0.0000,
    0.0000,
)
"""Coefficients of ``FEATURES`` (relative to the table) for the relative reward, fitted by
``bench/kalooki_evaluator_fit.py --deals 1500 --sample 0.05`` (25 008 rows; held-out R²
0.295, against 0.226 for the rank of deadwood counts on the same rows). The fit keeps the
signs the rules fix (its ``SIGNS``), so the features at zero are those whose free
coefficient had the wrong sign: kept in the model, so a refit can weigh them again."""


def _related(a: int, b: int) -> bool:
    """Whether natural faces ``a`` and ``b`` could share a meld: one card short of a set
    or run needs a partner of the same rank or of the same suit within two."""
    if a % 13 == b % 13:
        return a != b
    return a // 13 == b // 13 and abs(a % 13 - b % 13) <= 2


def features(hand: list[int], opened: bool) -> list[float]:
    """The features of one hand (face counts) of a seat that has or has not opened.

    Penalties are in hundreds of points (KA-R7), so every feature is of order one.
    """
    total: int = sum(map(mul, hand, PENALTY))
    left, melds = min_penalty(hand)
    cards = sum(hand)
    in_melds = list(hand)
    for meld in melds:
        for token in meld:
            face = JOKER if token >= JOKER_TOKEN else token
            if in_melds[face]:
                in_melds[face] -= 1
    loose = [f for f in range(JOKER) for _ in range(in_melds[f])]
    paired = sum(
        1 for i, f in enumerate(loose) if any(_related(f, g) for g in loose[:i] + loose[i + 1 :])
    )
    high = sum(1 for f in loose if PENALTY[f] >= 10)
    short = 0.0
    can_open = 0.0
    if not opened:
        value = best_opening(hand)[0] if cards > 1 else 0
        short = max(0, OPENING - value) / 100
        can_open = 1.0 if value >= OPENING else 0.0
    return [
        left / 100,
        total / 100,
        cards / 13,
        1.0 if opened else 0.0,
        float(hand[JOKER]),
        len(loose) / 13,
        paired / 13,
        short,
        can_open,
        high / 13,
    ]


def table_features(state: KalookiState) -> list[list[float]]:
    """Every seat's features, relative to the mean of the seats in the deal; the last is
    the seat's rank by deadwood, not having opened counted as ``CLOSED`` points (the old
    evaluator, ``deadwood_evaluate``), which no single hand's features say."""
    seats = [s for s in range(state.players) if state.alive[s]]
    rows = {s: features(state.hands[s], state.opened[s]) for s in seats}
    ranks = order_rewards(
        [-(round(rows[s][0] * 100) + (0 if state.opened[s] else CLOSED)) for s in seats]
    )
    for s, rank in zip(seats, ranks, strict=True):
        rows[s].append(rank)
    mean = [sum(col) / len(seats) for col in zip(*rows.values(), strict=True)]
    return [
        [x - m for x, m in zip(rows[s], mean, strict=True)] if s in rows else [0.0] * len(mean)
        for s in range(state.players)
    ]


def hand_evaluate(state: State) -> Rewards:
    """Each seat's expected reward relative to the table, plus one half (the mean of the
    rank rewards a finished deal gives), by the fitted linear model."""
    assert isinstance(state, KalookiState)
    return [
        0.5 + sum(w * x for w, x in zip(WEIGHTS, row, strict=True)) for row in table_features(state)
    ]


__all__ = ["FEATURES", "WEIGHTS", "features", "hand_evaluate", "table_features"]
