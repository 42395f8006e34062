"""What happened in this process, counted where it happens, for ``/metrics``
(:mod:`.metrics`): plain integers and fixed bucket arrays, touched only on the event
loop, so the live path takes no lock and allocates nothing per action (prometheus-client's
own counters take a lock on every increment)."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass, field

from .errors import ErrorCode

LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
"""Seconds; from a millisecond (a move on SQLite) to seconds (a store under strain)."""
BOT_BUCKETS = (0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)
"""Seconds; a random bot answers in microseconds, a search bot in seconds."""
BOT_LANES = ("loop", "thread", "pool")
"""Where a bot's plan was worked out (:meth:`.live.LiveTable._plan`)."""


class Histogram:
    """A Prometheus histogram without a lock: observed only on the event loop."""

    __slots__ = ("bounds", "buckets", "count", "total")

    def __init__(self, bounds: Sequence[float]) -> None:
        self.bounds = tuple(bounds)
        self.buckets = [0] * (len(self.bounds) + 1)  # the last one: above every bound
        self.count = 0
        self.total = 0.0

    def observe(self, seconds: float) -> None:
        self.buckets[bisect_left(self.bounds, seconds)] += 1
        self.count += 1
        self.total += seconds

    def cumulative(self) -> list[tuple[str, float]]:
        """The buckets as Prometheus wants them: cumulative, ``+Inf`` last.

        >>> h = Histogram((0.1, 1.0)); h.observe(0.05); h.observe(0.1); h.observe(3)
        >>> h.cumulative()
        [('0.1', 2), ('1.0', 2), ('+Inf', 3)]
        """
        out: list[tuple[str, float]] = []
        running = 0
        for bound, n in zip((*map(str, self.bounds), "+Inf"), self.buckets, strict=True):
            running += n
            out.append((bound, running))
        return out


@dataclass(slots=True)
class Meters:
    """What happened in this process since it started (see the module)."""

    actions: int = 0
    """Actions stored and broadcast, by people and bots."""
    action_broadcast: Histogram = field(default_factory=lambda: Histogram(LATENCY_BUCKETS))
    """Seconds from an action's arrival (or a bot's due time) until every connection
    of the table has its message queued."""
    write_ahead: Histogram = field(default_factory=lambda: Histogram(LATENCY_BUCKETS))
    """Seconds the store took to append one action."""
    bot_decision: dict[str, Histogram] = field(
        default_factory=lambda: {lane: Histogram(BOT_BUCKETS) for lane in BOT_LANES}
    )
    """Seconds from asking a bot to its plan, per lane (the pool's includes its queue)."""
    errors: dict[str, int] = field(default_factory=dict)
    """Refusals sent, HTTP and websocket, by error code."""

    def refused(self, code: ErrorCode) -> None:
        self.errors[code] = self.errors.get(code, 0) + 1
