"""Halli-Galli-Extreem's scoring: what a wrong ring costs, and the final ranking.

A wrong ringer pays cards to every other player still in the game (HG-R5). A game is
ranked by elimination: who went out later ranks higher, and those still in at the end
share the top by cards held (the winner holds them all after a finale, HG-R10). The
score of a seat is the number of seats it outlasted.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from spieltisch.engine import Result, ranks_from_keys


def penalty_per_player(in_game: int) -> int:
    """Cards a wrong ringer gives each other player (§3.1d, HG-R5; 2 players: HG-R5a).

    >>> [penalty_per_player(n) for n in (7, 6, 5, 4, 3, 2)]
    [1, 1, 2, 3, 4, 5]
    """
    return max(1, 7 - in_game)


def game_result(
    out: Sequence[int],
    held: Sequence[int],
    reason: str,
    details: dict[str, Any],
    resigned: Sequence[int] = (),
) -> Result:
    """The ranking of a finished game: ``out`` the elimination stamp per seat (0 while
    in), ``held`` the cards each seat holds; ``details`` are passed on, with the seat
    that flips first in the next game (left of a sole winner, HG-R13). ``resigned``
    seats rank below everybody, sharing the last place, and win nothing (HG-R15); a
    score stays the number of seats ranked below."""
    n = len(out)
    keys: list[tuple[float, ...]] = [
        (-1.0, 0.0) if s in resigned else (float(out[s]), 0.0) if out[s] else (1e9, float(held[s]))
        for s in range(n)
    ]
    ranks = ranks_from_keys(keys)
    scores = tuple(float(sum(1 for o in keys if o < k)) for k in keys)
    winners = [s for s in range(n) if ranks[s] == 1]
    details = {
        **details,
        "out_order": list(out),
        "next_first_flipper": (winners[0] + 1) % n if len(winners) == 1 else None,
    }
    return Result(scores=scores, ranks=ranks, reason=reason, details=details)
