"""Turn clocks: how long a person may take to move before a bot plays his seat.

A table may have none (the default), a clock **per move** for live play (seconds to
minutes), a **correspondence** clock (hours to days per move, as on Brettspielnetz) or a
**time bank** (a chess clock: a base time for the whole game plus an increment after each
of the seat's turns, Fischer's rule, as on lichess: 3+2 is three minutes and two seconds a
turn).
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

BANK: tuple[int, int] = (10, 3 * 60 * 60)
"""The shortest and longest base time of a time bank (seconds); the lobby offers 3+2 to
30+20."""
INCREMENT: tuple[int, int] = (0, 5 * 60)
"""The smallest and largest increment of a time bank (seconds per turn)."""
RAN_OUT_LEAST = 10.0
"""Seconds on the bank of a seat whose bank ran out, once its player takes it back (or
the increment, if more): enough to see it is his turn, and never a refilled base, so
running out never pays."""


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
    """Per move; the base time of a time bank (mode ``bank``)."""
    increment: int = 0
    """Seconds a time bank gains with each of the seat's turns (0 for the other modes)."""

    def __post_init__(self) -> None:
        """:raises ValueError: an unknown mode or a time outside the mode's range.

        >>> TurnLimit("move", 5)
        Traceback (most recent call last):
        ...
        ValueError: a move clock allows 10 to 1800 seconds, not 5
        >>> TurnLimit("bank", 180, 400)
        Traceback (most recent call last):
        ...
        ValueError: a time bank's increment is 0 to 300 seconds, not 400
        """
        if self.mode == "bank":
            low, high = BANK
            if not INCREMENT[0] <= self.increment <= INCREMENT[1]:
                raise ValueError(
                    f"a time bank's increment is {INCREMENT[0]} to {INCREMENT[1]} seconds, "
                    f"not {self.increment}"
                )
        elif self.mode in MODES:
            low, high = MODES[self.mode]
            if self.increment:
                raise ValueError(f"only a time bank has an increment, not a {self.mode} clock")
        else:
            modes = sorted([*MODES, "bank"])
            raise ValueError(f"a turn clock is one of {modes}, not {self.mode!r}")
        if not low <= self.seconds <= high:
            raise ValueError(
                f"a {self.mode} clock allows {low} to {high} seconds, not {self.seconds}"
            )

    @property
    def bank(self) -> bool:
        return self.mode == "bank"

    def to_json(self) -> dict[str, object]:
        if self.bank:
            return {"mode": self.mode, "seconds": self.seconds, "increment": self.increment}
        return {"mode": self.mode, "seconds": self.seconds}


class TurnClock:
    """The deadlines of the seats to move (wall seconds), following the state."""

    def __init__(
        self, limit: TurnLimit, clock: Clock, banks: Mapping[int, float] | None = None
    ) -> None:
        self.limit = limit
        self.clock = clock
        self.deadlines: dict[int, float] = {}
        self.held: dict[int, float] = {}
        """Seconds a seat had left when a bot took it over on its turn: the clock belongs
        to the seat, so taking the seat back within that turn gives them back, not a
        fresh limit (a hand-over and straight back refilled the clock)."""
        self.banks: dict[int, float] = dict(banks or {})
        """Time bank only: the seconds on each seat's bank while it has no deadline (a
        seat not in it has the base time); ``banks`` are stored ones to go on from."""

    def follow(self, state: State, bots: Collection[int], acted: int | None = None) -> None:
        """Set the deadlines after a change: ``acted`` is the seat that just acted, if any
        (its time starts again); ``bots`` are the seats no person plays now."""
        if self.limit.bank:
            self._follow_bank(state, bots, acted)
            return
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

    def _follow_bank(self, state: State, bots: Collection[int], acted: int | None) -> None:
        """:meth:`follow` for a time bank: a seat that stops being to move (its turn
        passed, or a bot sat down) puts what its deadline had left back on its bank, plus
        the increment if it just acted; a seat that comes to move runs on its bank."""
        now = self.clock.wall()
        active = () if state.is_over() else state.active_seats()
        deadlines = {}
        for seat, deadline in self.deadlines.items():
            if seat in active and seat not in bots:
                deadlines[seat] = deadline  # still to move: the same bank runs on
                continue
            left = deadline - now
            if left <= 0:  # ran out: what the player comes back to
                self.banks[seat] = max(RAN_OUT_LEAST, float(self.limit.increment))
            else:
                self.banks[seat] = left + (self.limit.increment if seat == acted else 0)
        for seat in active:
            if seat not in bots and seat not in deadlines:
                deadlines[seat] = now + self.bank(seat)
        self.deadlines = deadlines

    def bank(self, seat: int) -> float:
        """Seconds on ``seat``'s bank while it is not to move (time bank only)."""
        return self.banks.get(seat, float(self.limit.seconds))

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
