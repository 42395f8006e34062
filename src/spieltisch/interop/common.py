"""Helpers shared by the research faces: utilities from ranks, cheap engine copies."""

from __future__ import annotations

import io
import pickle
from typing import Any

from spieltisch.engine import Game, Result, State


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


class _Pickler(pickle.Pickler):
    """Pickles a state but refers to its rule set instead of copying it."""

    def __init__(self, file: io.BytesIO, game: Game) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.game = game

    def persistent_id(self, obj: Any) -> str | None:
        return "game" if obj is self.game else None


class _Unpickler(pickle.Unpickler):
    def __init__(self, file: io.BytesIO, game: Game) -> None:
        super().__init__(file)
        self.game = game

    def persistent_load(self, pid: Any) -> Game:
        return self.game


def copy_state(state: State) -> State:
    """A deep copy of an engine state that shares its (immutable) rule set.

    Much cheaper than ``state.clone()``'s JSON round trip, which search code pays at
    every node; a pickle round trip is about twice as fast as ``copy.deepcopy``.
    """
    # The action list only grows and holds immutable (seat, action) pairs: share them
    # instead of copying every frozen action at every clone.
    actions = state._actions
    state._actions = []
    buffer = io.BytesIO()
    try:
        _Pickler(buffer, state.game).dump(state)
    finally:
        state._actions = actions
    buffer.seek(0)
    new: State = _Unpickler(buffer, state.game).load()
    new._actions = list(actions)
    return new


class EngineBox:
    """Holds an engine state; OpenSpiel's clone deep-copies it through :func:`copy_state`."""

    __slots__ = ("state",)

    def __init__(self, state: State) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> EngineBox:
        return EngineBox(copy_state(self.state))
