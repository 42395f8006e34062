"""Turn clocks: how long a person may take to move before a bot plays his seat.

A table may have none (the default), a clock **per move** for live play (seconds to
minutes) or a **correspondence** clock (hours to days per move, as on Brettspielnetz).
Only seats a person plays have a deadline, and only while they may act: a seat gets the
full time when it comes to act and again after each of its own actions (a Kalooki turn of
draw, melds and discard never runs out halfway because it has several steps); a seat that
stays able to act while others act keeps its deadline. What happens on timeout is the
server's part (the seat goes to a bot and its player may take it back).

Deadlines are kept in the clock's *wall* time (:meth:`Clock.wall`), because they are
stored and must mean the same after a restart; on a :class:`~.clock.SimClock` that is
simulated time, so timeouts are tested without waiting.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass

from spieltisch.engine import Dynamics, GameInfo, State

from .clock import Clock

MODES: dict[str, tuple[int, int]] = {
    "move": (10, 30 * 60),
    "correspondence": (60 * 60, 14 * 24 * 60 * 60),
}
"""Per mode, the shortest and longest time per move a table may set (seconds). The lobby
offers 30 s to 3 min for live play and 12 h to 3 days for correspondence."""


def allows_turn_clock(info: GameInfo) -> bool:
    """Whether a table of the game may limit the time per move, as its descriptor
    declares: only where seats take turns. In a real-time game (a bell) everyone may act
    at any moment, so no seat is ever "to move"."""
    return info.dynamics is Dynamics.TURN_BASED


@dataclass(frozen=True, slots=True)
class TurnLimit:
    """A table's clock setting: its mode and the seconds each move may take."""

    mode: str
    seconds: int

    def __post_init__(self) -> None:
        """:raises ValueError: an unknown mode or a time outside the mode's range.

        >>> TurnLimit("move", 5)
        Traceback (most recent call last):
        ...
        ValueError: a move clock allows 10 to 1800 seconds, not 5
        """
        if self.mode not in MODES:
            raise ValueError(f"a turn clock is one of {sorted(MODES)}, not {self.mode!r}")
        low, high = MODES[self.mode]
        if not low <= self.seconds <= high:
            raise ValueError(
                f"a {self.mode} clock allows {low} to {high} seconds, not {self.seconds}"
            )

    def to_json(self) -> dict[str, object]:
        return {"mode": self.mode, "seconds": self.seconds}


class TurnClock:
    """The deadlines of the seats to move (wall seconds), following the state."""

    def __init__(self, limit: TurnLimit, clock: Clock) -> None:
        self.limit = limit
        self.clock = clock
        self.deadlines: dict[int, float] = {}
        self.held: dict[int, float] = {}
        """Seconds a seat had left when a bot took it over on its turn: the clock belongs
        to the seat, so taking the seat back within that turn gives them back, not a
        fresh limit (a hand-over and straight back refilled the clock)."""

    def follow(self, state: State, bots: Collection[int], acted: int | None = None) -> None:
        """Set the deadlines after a change: ``acted`` is the seat that just acted, if any
        (its time starts again); ``bots`` are the seats no person plays now."""
        if state.is_over():
            self.deadlines, self.held = {}, {}
            return
        now = self.clock.wall()
        fresh = now + self.limit.seconds
        old = self.deadlines
        active = state.active_seats()
        held = {s: left for s, left in self.held.items() if s in active and s != acted}
        for seat in bots:
            if seat in old and seat in active and seat != acted and old[seat] > now:
                held[seat] = old[seat] - now  # a bot sits down mid-turn: time kept
        deadlines = {}
        for seat in active:
            if seat in bots:
                continue
            if seat in old and seat != acted:
                deadlines[seat] = old[seat]
            elif seat in held:
                deadlines[seat] = now + held.pop(seat)
            else:
                deadlines[seat] = fresh
        self.deadlines, self.held = deadlines, held

    def restore(self, stored: Mapping[int, float], least: float) -> None:
        """Take stored deadlines back for the seats that still have one, each leaving at
        least ``least`` seconds: a player whose time ran out while the server was down
        could not move then, and gets a moment to see that it is his turn."""
        floor = self.clock.wall() + least
        for seat in self.deadlines:
            if seat in stored:
                self.deadlines[seat] = max(float(stored[seat]), floor)

    def left(self, seat: int) -> float | None:
        """Seconds ``seat`` has left to move; ``None`` while it has no deadline."""
        deadline = self.deadlines.get(seat)
        return None if deadline is None else max(0.0, deadline - self.clock.wall())

    def next_in(self) -> float | None:
        """Seconds until the earliest deadline (negative once passed); ``None``: none."""
        if not self.deadlines:
            return None
        return min(self.deadlines.values()) - self.clock.wall()

    def expired(self) -> list[int]:
        """Seats whose time has run out, lowest first."""
        now = self.clock.wall()
        return sorted(seat for seat, deadline in self.deadlines.items() if deadline <= now)
