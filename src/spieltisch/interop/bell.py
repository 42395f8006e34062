"""A discrete-time model of the Halli Galli bell, for sequential research environments.

On the table everyone may ring at any moment and the fastest compensated reaction wins
(HG-R7, HG-R8). PettingZoo's AEC loop and OpenSpiel's sequential games ask one seat at a
time, so the adapters play the game in **reaction rounds**:

1. Each change of the face-up cards (a new table version) opens a reaction round. Its
   **reaction order** is a uniformly random order of the seats still in the game: in
   OpenSpiel an explicit chance node (outcome = index of the permutation of the seats in
   the game, in ``itertools.permutations`` order), in PettingZoo drawn from the
   environment's seed. Nobody is fast or slow by seat.
2. In that order each seat gets one decision: ``ring``, ``flip`` where the rules allow
   it (the player to flip, or anybody with cards when stray cards are on, HG-R7), or
   ``wait``. The first seat that rings is the first ring on the bell; an action that
   changes the table (a flip, a won round) ends the round and opens the next one.
3. When every seat has waited, the player to flip must act (``flip`` or ``ring``, no
   ``wait``): the next card comes. So every round ends and the game moves on.
4. The finale (HG-R10) needs no bell: the stake setter and then the throwers act in
   seat order; the engine keeps the first throw hidden from the other finalist.

A wrong ring is applied like any other (the penalty is the engine's); it does not change
the table, so the round goes on with the next seat in the order.
"""

from __future__ import annotations

import math
from itertools import permutations
from typing import Any, Final

from spieltisch.engine import State

WAIT: Final = "wait"
"""The do-nothing decision of a reaction round (never sent to the engine)."""


class BellClock:
    """Whose decision it is in the reaction-round model; held by the adapter's state."""

    __slots__ = ("order", "version")

    def __init__(self) -> None:
        self.order: list[int] | None = None
        """Seats still to decide in this reaction round; ``None``: a new order is due."""
        self.version = -1
        """The table version the round reacts to."""

    def __deepcopy__(self, memo: dict[int, Any]) -> BellClock:
        other = BellClock()
        other.order = None if self.order is None else list(self.order)
        other.version = self.version
        return other

    @staticmethod
    def in_round(state: State) -> bool:
        return not state.is_over() and getattr(state, "finale", None) is None

    def needs_order(self, state: State) -> bool:
        """Whether a new reaction round must be ordered before anyone acts."""
        return self.in_round(state) and self.order is None

    def seats(self, state: State) -> tuple[int, ...]:
        return tuple(sorted(state.active_seats()))

    def order_outcomes(self, state: State) -> list[tuple[int, float]]:
        n = math.factorial(len(self.seats(state)))
        return [(i, 1.0 / n) for i in range(n)]

    def set_order(self, state: State, outcome: int) -> None:
        seats = self.seats(state)
        if not 0 <= outcome < math.factorial(len(seats)):
            raise ValueError(f"{outcome} is not an order of {len(seats)} seats")
        self.order = list(next(p for i, p in enumerate(permutations(seats)) if i == outcome))
        self.version = int(getattr(state, "version", 0))

    def actor(self, state: State) -> int:
        """The seat that decides now (in a round after the order is set)."""
        if self.in_round(state) and self.order:
            return self.order[0]
        if self.in_round(state):
            to_flip = int(getattr(state, "to_flip", -1))
            if to_flip >= 0 and state.legal_actions(to_flip):
                return to_flip
        return min(state.active_seats())

    def may_wait(self, state: State) -> bool:
        return self.in_round(state) and bool(self.order)

    def apply(self, state: State, seat: int, action: Any) -> None:
        """Play one decision: ``WAIT`` passes the turn in the round, anything else goes to
        the engine, and a changed table (or a finished round) opens a new round."""
        if action == WAIT:
            if not self.may_wait(state):
                raise ValueError("only a seat in a reaction round may wait")
            assert self.order is not None
            self.order.pop(0)
            return
        before = int(getattr(state, "version", 0))
        state.apply(seat, action)
        if not self.in_round(state) or int(getattr(state, "version", 0)) != before:
            self.order = None
        elif self.order:
            if self.order[0] == seat:
                self.order.pop(0)
            # A seat that left the game (a wrong ring can put a swimmer out) loses its turn.
            alive = set(state.active_seats())
            self.order = [s for s in self.order if s in alive]
