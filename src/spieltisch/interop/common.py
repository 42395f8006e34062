"""Helpers shared by the research faces: utilities from ranks, engine states in boxes."""

from __future__ import annotations

from typing import Any

from spieltisch.engine import Result, State


def rank_returns(result: Result | None, players: int) -> list[float]:
    """Each seat's utility in [-1, 1]: (seats ranked below - seats ranked above) / (n - 1).

    Two players get +1 / -1 for a win and 0 each for a draw; for any number of seats
    the utilities sum to zero, so every game is zero-sum in this unit. A game that is not
    over (or was cut off) scores 0 for everyone.

    >>> from spieltisch.engine import Result
    >>> rank_returns(Result(scores=(3.0, 5.0, 1.0), ranks=(2, 1, 3), reason="x"), 3)
    [0.0, 1.0, -1.0]
    """
    if result is None or players < 2:
        return [0.0] * players
    ranks = result.ranks
    return [
        (sum(1 for o in ranks if o > r) - sum(1 for o in ranks if o < r)) / (players - 1)
        for r in ranks
    ]


class EngineBox:
    """Holds an engine state; OpenSpiel's clone deep-copies it with ``State.clone``."""

    __slots__ = ("state",)

    def __init__(self, state: State) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> EngineBox:
        return EngineBox(self.state.clone())
