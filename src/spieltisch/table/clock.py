"""Clocks for the table runtime (ARCHITECTURE.md, principle 5: one runtime, two clocks).

The runtime never reads the time itself; it asks the clock it was given. Live tables on
the server use :class:`WallClock`; tournaments and tests use :class:`SimClock`, whose
time moves only when told to, so real-time rules are testable and fast to simulate.
"""

from __future__ import annotations

import time
from typing import Protocol


class Clock(Protocol):
    """Seconds since an arbitrary origin, never going backwards."""

    def now(self) -> float: ...

    def wall(self) -> float:
        """Seconds since the Unix epoch: the time a deadline that must outlive the
        process (a turn clock's) is stored in."""
        ...


class WallClock:
    """Monotonic wall time, for live tables."""

    def now(self) -> float:
        return time.monotonic()

    def wall(self) -> float:
        return time.time()


class SimClock:
    """Simulated time that advances only through :meth:`advance` or :meth:`advance_to`.

    >>> clock = SimClock()
    >>> clock.advance(1.5)
    1.5
    >>> clock.advance_to(1.0)  # never backwards
    1.5
    """

    def __init__(self, start: float = 0.0) -> None:
        self._now = start

    def now(self) -> float:
        return self._now

    def wall(self) -> float:
        """Simulated epoch seconds: the simulated time itself, so a table restored with a
        clock started where the old one stopped sees its deadlines where they were."""
        return self._now

    def advance(self, seconds: float) -> float:
        self._now += max(0.0, seconds)
        return self._now

    def advance_to(self, when: float) -> float:
        self._now = max(self._now, when)
        return self._now
