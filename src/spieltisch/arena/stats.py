"""What a tournament says about each bot: win rate with a Wilson interval, score, rating.

A *seat* is one bot in one game. A win is a first place; a first place shared by ``k``
seats counts ``1/k`` (a two-player draw is half a win), so win rates of all seats of a
game add up to one. The 95 % interval is Wilson's score interval, which stays inside
[0, 1] and behaves for rates near 0 or 1 and for small samples, unlike the normal
approximation. Ratings are openskill's Plackett-Luce model. Its updates are online, so one
order of the same games can put a level several points away from another order, more
than its own sigma says (200 Hydra matches of two levels, six orders: a gap between -2.8
and +4.5 at sigma 1.8); a tournament's rating is therefore the mean over ``ORDERS``
orders of its games, the first the tournament's own and the others seeded shuffles of
it, so a rerun gives the same numbers however many processes played them.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

Z95 = 1.959963984540054
"""The two-sided 95 % quantile of the standard normal distribution."""
ORDERS = 64
"""Orders of a tournament's games whose ratings are averaged: with 64 the order's own
noise in a level's mean is about an eighth of one order's."""


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion.

    >>> lo, hi = wilson(50, 100)
    >>> round(lo, 4), round(hi, 4)
    (0.4038, 0.5962)
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # At 0 or n successes the bound is exactly 0 or 1; rounding must not move it.
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= n else min(1.0, centre + half)
    return (low, high)


@dataclass(slots=True)
class BotStats:
    """Totals of one bot over a tournament."""

    bot: str
    seats: int = 0
    games: int = 0
    wins: float = 0.0
    score: float = 0.0
    mu: float = 0.0
    sigma: float = 0.0
    by_seat: dict[int, int] = field(default_factory=dict)

    @property
    def win_rate(self) -> float:
        return self.wins / self.seats if self.seats else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.seats)

    @property
    def mean_score(self) -> float:
        return self.score / self.seats if self.seats else 0.0

    @property
    def ordinal(self) -> float:
        """openskill's conservative rating, mu - 3 sigma."""
        return self.mu - 3 * self.sigma

    def to_json(self) -> dict[str, Any]:
        lo, hi = self.interval
        return {
            "bot": self.bot,
            "games": self.games,
            "seats": self.seats,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "ci95": [lo, hi],
            "mean_score": self.mean_score,
            "rating": {"mu": self.mu, "sigma": self.sigma, "ordinal": self.ordinal},
            "by_seat": {str(k): v for k, v in sorted(self.by_seat.items())},
        }


def win_shares(ranks: list[int]) -> list[float]:
    """Each seat's share of the win.

    >>> win_shares([1, 2, 1])
    [0.5, 0.0, 0.5]
    """
    first = min(ranks)
    winners = sum(1 for r in ranks if r == first)
    return [1 / winners if r == first else 0.0 for r in ranks]


def summarise(
    bots: list[str], games: Iterable[Mapping[str, Any]], orders: int = ORDERS
) -> list[BotStats]:
    """Per-bot statistics of finished games (``arena`` records), in the order of ``bots``;
    the rating is the mean over ``orders`` orders of the games (module docstring)."""
    stats = {b: BotStats(b) for b in bots}
    meetings: list[tuple[list[str], list[float]]] = []
    for game in sorted(games, key=lambda g: int(g["index"])):
        seats: list[str] = list(game["seats"])
        ranks: list[int] = list(game["result"]["ranks"])
        scores: list[float] = list(game["result"]["scores"])
        for seat, (bot, share) in enumerate(zip(seats, win_shares(ranks), strict=True)):
            entry = stats[bot]
            entry.seats += 1
            entry.wins += share
            entry.score += scores[seat]
            entry.by_seat[seat] = entry.by_seat.get(seat, 0) + 1
        present = list(dict.fromkeys(seats))
        for bot in present:
            stats[bot].games += 1
        if len(present) < 2:
            continue
        # A bot in several seats is ranked by the mean rank of its seats.
        mean_rank = [
            sum(r for s, r in zip(seats, ranks, strict=True) if s == b) / seats.count(b)
            for b in present
        ]
        meetings.append((present, mean_rank))
    runs = max(1, orders)
    for k in range(runs):
        order = list(meetings)
        if k:
            random.Random(k).shuffle(order)
        for bot, (mu, sigma) in _rated(bots, order).items():
            stats[bot].mu += mu / runs
            stats[bot].sigma += sigma / runs
    return [stats[b] for b in bots]


def _rated(
    bots: list[str], meetings: list[tuple[list[str], list[float]]]
) -> dict[str, tuple[float, float]]:
    """Each bot's (mu, sigma) after openskill's online updates over ``meetings`` in order."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = {b: model.rating(name=b) for b in bots}
    for present, ranks in meetings:
        rated = model.rate([[ratings[b]] for b in present], ranks=ranks)
        for bot, team in zip(present, rated, strict=True):
            ratings[bot] = team[0]
    return {b: (float(r.mu), float(r.sigma)) for b, r in ratings.items()}


@dataclass(frozen=True, slots=True)
class HeadToHead:
    """How ``bot`` fared against ``other`` where both sat at one table."""

    bot: str
    other: str
    deals: int
    """Deals in which the two met: the independent samples of the intervals."""
    meetings: int
    """Pairs of one seat of each in one game."""
    ahead: float
    """Share of meetings in which ``bot``'s seat finished ahead (a tie counts half)."""
    ahead_ci: tuple[float, float]
    score_diff: float
    """Mean over games of ``bot``'s mean seat score minus ``other``'s, in the game's unit
    (for a game counted in penalty points, negative is better)."""
    score_ci: tuple[float, float]

    def to_json(self) -> dict[str, Any]:
        return {
            "bot": self.bot,
            "other": self.other,
            "deals": self.deals,
            "meetings": self.meetings,
            "ahead": self.ahead,
            "ahead_ci95": list(self.ahead_ci),
            "score_diff": self.score_diff,
            "score_diff_ci95": list(self.score_ci),
        }


def head_to_head(
    bots: list[str],
    games: Iterable[Mapping[str, Any]],
    *,
    resamples: int = 2000,
    seed: int = 0,
) -> list[HeadToHead]:
    """Every pair of ``bots`` (in that order, the earlier one first) that met.

    A game record without a ``deal`` is its own deal.
    """
    # per pair, per deal: [ahead, meetings, score difference summed over games, games]
    tallies: dict[tuple[str, str], dict[int, list[float]]] = {}
    for game in games:
        seats: list[str] = list(game["seats"])
        ranks: list[int] = list(game["result"]["ranks"])
        scores: list[float] = list(game["result"]["scores"])
        deal = int(game.get("deal", -1 - int(game["index"])))
        for i, a in enumerate(bots):
            mine = [s for s, bot in enumerate(seats) if bot == a]
            if not mine:
                continue
            for b in bots[i + 1 :]:
                theirs = [s for s, bot in enumerate(seats) if bot == b]
                if not theirs:
                    continue
                ahead = sum(
                    1.0 if ranks[x] < ranks[y] else 0.5 if ranks[x] == ranks[y] else 0.0
                    for x in mine
                    for y in theirs
                )
                diff = sum(scores[x] for x in mine) / len(mine) - sum(
                    scores[y] for y in theirs
                ) / len(theirs)
                tally = tallies.setdefault((a, b), {}).setdefault(deal, [0.0, 0.0, 0.0, 0.0])
                tally[0] += ahead
                tally[1] += len(mine) * len(theirs)
                tally[2] += diff
                tally[3] += 1
    out = []
    for (a, b), by_deal in tallies.items():
        rows = [by_deal[d] for d in sorted(by_deal)]
        ahead, ahead_ci = _bootstrap(rows, 0, 1, resamples, seed)
        diff, diff_ci = _bootstrap(rows, 2, 3, resamples, seed)
        meetings = int(sum(r[1] for r in rows))
        out.append(HeadToHead(a, b, len(rows), meetings, ahead, ahead_ci, diff, diff_ci))
    return out


def _bootstrap(
    rows: list[list[float]], num: int, den: int, resamples: int, seed: int
) -> tuple[float, tuple[float, float]]:
    """A ratio of sums over deals, and its 95 % percentile bootstrap interval over deals.

    >>> _bootstrap([[1.0, 2.0], [1.0, 2.0]], 0, 1, 100, 0)
    (0.5, (0.5, 0.5))
    """
    estimate = sum(r[num] for r in rows) / sum(r[den] for r in rows)
    if len(rows) < 2:
        return estimate, (estimate, estimate)
    rng = random.Random(seed)
    n = len(rows)
    ratios = []
    for _ in range(resamples):
        top = bottom = 0.0
        for _ in range(n):
            row = rows[rng.randrange(n)]
            top += row[num]
            bottom += row[den]
        ratios.append(top / bottom)
    ratios.sort()
    low = ratios[int(0.025 * (resamples - 1))]
    high = ratios[math.ceil(0.975 * (resamples - 1))]
    return estimate, (low, high)
