"""The live table runtime: one game, its seats, bot scheduling, write-ahead, per-seat news.

A :class:`TableRuntime` owns one :class:`~spieltisch.engine.State`. Humans act through
:meth:`TableRuntime.act`; bots are asked ``plan(view, seat, clock) -> (action, delay)``
and their plans fall due on the injected clock. Every accepted action goes through the
``write_ahead`` hook (the store) *before* :meth:`act` returns, so whoever broadcasts the
result has already persisted it (ARCHITECTURE.md, principle 6). If the hook fails, the
state is rebuilt from the record without that action, so memory never runs ahead of the
database.

Plans are keyed by the state's ply: when anything happens, every plan made for an older
ply is stale and the bot is asked again with its new view. That is what a real-time game
needs too (a bell window is a plan that falls due later than the card's appearance);
turn-based games simply have one active seat at a time.

The runtime is synchronous and not thread-safe; a server serialises calls per table.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from spieltisch.bots import Bot, Plan
from spieltisch.engine import Event, State, View, replay

from .bell import RingClaim
from .clock import Clock
from .turnclock import TurnClock

WriteAhead = Callable[[int, int, dict[str, Any], dict[str, Any] | None], None]
"""``write_ahead(ply, seat, action_json, result_json)``: persist one accepted action (and,
when it ends the game, the result with it); raise to refuse."""

VISIBLE_TO = "visible_to"
"""Event key naming the only seats that may see an event; absent means public."""


class Step(NamedTuple):
    """One accepted action and what it caused."""

    ply: int
    """Index of the action in the record (0-based)."""
    seat: int
    action: Any
    events: list[Event]


@dataclass(slots=True)
class PendingPlan:
    """A bot's plan waiting for its time."""

    seat: int
    ply: int
    """The ply the plan was made for; stale once the state moves on."""
    action: Any
    due: float
    """Clock time at which the action is played."""


class BotRequest(NamedTuple):
    """A bot seat that needs to be asked: its bot, its view, and the ply it sees."""

    seat: int
    bot: Bot
    view: View
    ply: int


def events_for(events: Iterable[Event], seat: int | None) -> list[Event]:
    """The events ``seat`` may see (``None``: a spectator), without the visibility key.

    >>> events_for([{"type": "deal", "visible_to": [1]}, {"type": "flip"}], 0)
    [{'type': 'flip'}]
    >>> events_for([{"type": "deal", "visible_to": [1]}], 1)
    [{'type': 'deal'}]
    """
    out = []
    for event in events:
        allowed = event.get(VISIBLE_TO)
        if allowed is None:
            out.append(event)
        elif seat is not None and seat in allowed:
            out.append({k: v for k, v in event.items() if k != VISIBLE_TO})
    return out


class TableRuntime:
    """Runs one game: validates through the core, persists, schedules bots."""

    def __init__(
        self,
        state: State,
        clock: Clock,
        bots: Mapping[int, Bot] | None = None,
        write_ahead: WriteAhead | None = None,
    ) -> None:
        self.state = state
        self.clock = clock
        self.bots: dict[int, Bot] = dict(bots or {})
        self.write_ahead = write_ahead
        self.plans: dict[int, PendingPlan] = {}
        self.moved_at = clock.now()
        """Clock time of the last accepted action (or of the start)."""
        self.turn_clock: TurnClock | None = None
        """The table's turn clock, if it has one (:meth:`use_turn_clock`)."""

    # -- reading -------------------------------------------------------------------------
    @property
    def ply(self) -> int:
        return self.state.ply

    def is_over(self) -> bool:
        return self.state.is_over()

    def view(self, seat: int | None) -> View:
        return self.state.view(seat)

    def views(self, seats: Iterable[int | None]) -> dict[int | None, View]:
        """Each of ``seats``' view at once (shared parts: read-only)."""
        return self.state.views(seats)

    def idle_for(self, seat: int) -> float | None:
        """Seconds ``seat`` has been able to act without acting; ``None`` if it may not
        act now. An idle seat may be handed to a bot; a seat merely waiting may not."""
        if self.state.is_over() or seat not in self.state.active_seats():
            return None
        return self.clock.now() - self.moved_at

    # -- what every runtime answers (a real-time one differently) -----------------------
    @property
    def has_bell(self) -> bool:
        """Whether seats ring a timed bell here (:meth:`ring`); a turn-based table has
        none, and the server refuses a ring message for it."""
        return False

    def ring(
        self,
        seat: int,
        version: int | None,
        reaction: float | None,
        one_way: float | None = None,
        arrival: float | None = None,
    ) -> RingClaim | None:
        """A timed ring from ``seat`` into the bell window; only where :attr:`has_bell`.

        :raises NotImplementedError: this table has no bell (ask :attr:`has_bell` first).
        """
        raise NotImplementedError("this table has no bell")

    def set_latency(self, seat: int, one_way: float | None) -> None:
        """The one-way latency the server timed for ``seat`` (seconds; ``None``: none
        known). A table without a bell has no show times to hold back, so it ignores it."""

    def extras(self, seat: int | None) -> dict[str, Any]:
        """What else a connection of ``seat`` gets with its view in every message
        (show times, the bell's rings, a game's help); nothing at a turn-based table."""
        return {}

    def release_at(self, seat: int | None) -> float | None:
        """Clock time before which a step must not leave for ``seat`` (so nobody sees a
        card long before its show time); ``None``: at once, as at a turn-based table."""
        return None

    # -- seats ---------------------------------------------------------------------------
    def set_bot(self, seat: int, bot: Bot | None) -> None:
        """Hand ``seat`` to ``bot`` (or back to a human with ``None``)."""
        if bot is None:
            self.bots.pop(seat, None)
        else:
            self.bots[seat] = bot
        self.plans.pop(seat, None)
        if self.turn_clock is not None:
            self.turn_clock.follow(self.state, self.bots)

    def use_turn_clock(self, turn_clock: TurnClock) -> None:
        """Give the seats to move deadlines from now on (none for a game that is over)."""
        self.turn_clock = turn_clock
        turn_clock.follow(self.state, self.bots)

    def timed_out(self) -> list[int]:
        """Seats a person plays whose turn clock has run out."""
        return [] if self.turn_clock is None else self.turn_clock.expired()

    # -- acting --------------------------------------------------------------------------
    def act(self, seat: int, action: Any) -> Step:
        """Apply ``action`` for ``seat``, persist it, and return what happened.

        :raises IllegalAction: the rules refuse it; nothing changed.
        :raises Exception: whatever ``write_ahead`` raises; the state is rolled back.
        """
        ply = self.state.ply
        events = self.state.apply(seat, action)
        if self.write_ahead is not None:
            result = self.state.result()
            try:
                self.write_ahead(
                    ply, seat, action.to_json(), None if result is None else result.to_json()
                )
            except BaseException:
                self._roll_back()
                raise
        self.plans.clear()
        self.moved_at = self.clock.now()
        if self.turn_clock is not None:
            self.turn_clock.follow(self.state, self.bots, acted=seat)
        return Step(ply, seat, action, events)

    def undo(self) -> None:
        """Take back the last action: a ``write_ahead`` that only queued it (a server's
        group commit, which broadcasts nothing before the commit) learnt afterwards that
        its write failed. Memory must not run ahead of the database meanwhile."""
        self._roll_back()

    def _roll_back(self) -> None:
        record = self.state.record()
        record["actions"] = record["actions"][:-1]
        self.state = replay(record)

    def resync(self, state: State) -> None:
        """Go on from ``state``, rebuilt from the stored record, after a write whose
        outcome was unknown: the store may have kept the action that :meth:`act` rolled
        back (it committed, and only its answer was lost). Plans made for the old
        position are dropped; the turn clock follows the position as after any action."""
        self.state = state
        self.plans.clear()
        self.moved_at = self.clock.now()
        if self.turn_clock is not None:
            self.turn_clock.follow(self.state, self.bots)

    # -- bots ----------------------------------------------------------------------------
    def bot_requests(self) -> list[BotRequest]:
        """Bot seats that may act now and have no plan for the current ply."""
        if self.state.is_over():
            return []
        ply = self.state.ply
        out = []
        for seat in self.state.active_seats():
            bot = self.bots.get(seat)
            plan = self.plans.get(seat)
            if bot is not None and (plan is None or plan.ply != ply):
                out.append(BotRequest(seat, bot, self._bot_view(bot, seat), ply))
        return out

    def _bot_view(self, bot: Bot, seat: int) -> View:
        """What ``bot`` is shown of ``seat``'s view: all of it, or only its legal actions
        (the same list, in notation) where that is all the bot reads."""
        if bot.reads_only_legal_actions:
            return {"legal_actions": [str(a) for a in self.state.legal_actions(seat)]}
        return self.state.view(seat)

    def offer_plan(self, request: BotRequest, plan: Plan, asked_at: float) -> bool:
        """Record a bot's answer to ``request``; ``False`` if the state has moved on."""
        if request.ply != self.state.ply or self.bots.get(request.seat) is not request.bot:
            return False
        due = asked_at + max(0.0, float(plan.delay))
        self.plans[request.seat] = PendingPlan(request.seat, request.ply, plan.action, due)
        return True

    def plan_bots(self) -> int:
        """Ask every bot that needs asking, in this thread; returns how many were asked."""
        requests = self.bot_requests()
        for request in requests:
            now = self.clock.now()
            self.offer_plan(request, request.bot.plan(request.view, request.seat, now), now)
        return len(requests)

    def next_due(self) -> float | None:
        """Clock time of the earliest current plan, if any."""
        ply = self.state.ply
        times = [p.due for p in self.plans.values() if p.ply == ply]
        return min(times) if times else None

    def run_due(self) -> Step | None:
        """Play the earliest current plan whose time has come (ties: lowest seat)."""
        ply, now = self.state.ply, self.clock.now()
        ready = [p for p in self.plans.values() if p.ply == ply and p.due <= now]
        if not ready:
            return None
        plan = min(ready, key=lambda p: (p.due, p.seat))
        del self.plans[plan.seat]
        return self.act(plan.seat, plan.action)

    def run_bots(
        self, clock_advance: Callable[[float], object], limit: int = 100_000
    ) -> list[Step]:
        """Play bots until a human must act or the game ends, moving a simulated clock.

        ``clock_advance(when)`` moves the clock to ``when`` (``SimClock.advance_to``).
        """
        steps: list[Step] = []
        while len(steps) < limit and not self.state.is_over():
            self.plan_bots()
            due = self.next_due()
            if due is None:
                break
            clock_advance(due)
            step = self.run_due()
            if step is not None:
                steps.append(step)
        return steps
