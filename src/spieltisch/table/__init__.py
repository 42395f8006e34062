"""The live table runtime: seats, bots, an injected clock, write-ahead before broadcast."""

from .adapter import RealtimeAdapter
from .bell import RingClaim, RingWindow
from .clock import Clock, SimClock, WallClock
from .realtime import RealtimeRuntime, make_runtime
from .runtime import VISIBLE_TO, BotRequest, PendingPlan, Step, TableRuntime, events_for
from .turnclock import TurnClock, TurnLimit, allows_turn_clock
from .workers import SearchPool, WorkerDied

__all__ = [
    "VISIBLE_TO",
    "BotRequest",
    "Clock",
    "PendingPlan",
    "RealtimeAdapter",
    "RealtimeRuntime",
    "RingClaim",
    "RingWindow",
    "SearchPool",
    "SimClock",
    "Step",
    "TableRuntime",
    "TurnClock",
    "TurnLimit",
    "WallClock",
    "WorkerDied",
    "allows_turn_clock",
    "events_for",
    "make_runtime",
]
