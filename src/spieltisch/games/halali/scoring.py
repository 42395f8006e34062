"""Halali's scoring: points of won tiles, and who wins a game or a match (HA-R8).

Won tiles are those captured and own tiles moved out in the end phase (HA-R6); each
scores the value of its kind (Kosmos, Spielende). A match adds the points of its games.
Kosmos breaks a points tie by the number of won tiles; Brettspielnetz does not, and its
fifty-move rule makes a single game a draw. A draw by agreement (HA-R11) ends the whole
match drawn, whatever the points so far.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from copy import deepcopy
from typing import Any

from spieltisch.engine import Result, ranks_from_keys

from .board import VALUES, kind_of


def points(tiles: Iterable[int]) -> int:
    """Points of won tiles."""
    return sum(VALUES[kind_of(t)] for t in tiles)


def match_result(finished: Sequence[dict[str, Any]], reason: str, variant: str) -> Result:
    """The outcome of a match from the summaries of its games (``points`` and ``tiles``
    per seat) and the reason its last game ended."""
    total = [sum(g["points"][s] for g in finished) for s in range(2)]
    tiles = [sum(g["tiles"][s] for g in finished) for s in range(2)]
    if reason == "agreed" or (len(finished) == 1 and reason == "fifty_moves"):
        ranks: tuple[int, ...] = (1, 1)
    elif variant == "kosmos":
        ranks = ranks_from_keys([(total[s], tiles[s]) for s in range(2)])
    else:
        ranks = ranks_from_keys([(total[s],) for s in range(2)])
    return Result(
        scores=(float(total[0]), float(total[1])),
        ranks=ranks,
        reason=reason,
        details={"games": deepcopy(list(finished)), "tiles": tiles},
    )
