"""The runtime for real-time games: synchronised show times and the fair bell.

A :class:`RealtimeRuntime` is a :class:`TableRuntime` whose rings do not go straight to
the core. Three things differ:

* **Show time.** Every change of the table version is shown at ``show_at`` = now + lead,
  the lead being the largest one-way latency of the seats (capped), so a card appears on
  every screen at the same moment wherever possible. Servers send ``show_at``; each
  client converts it with its clock offset. A step leaves for a seat only at
  :meth:`~RealtimeRuntime.release_at` (the show time less the seat's latency credit and a
  slack), so nobody holds a card long before it can be seen. Bots see the card at the
  show time too: their plans for a new version count from ``show_at``.
* **The bell window** (:mod:`.bell`). Human rings (:meth:`ring`, with the reaction time
  the client measured) and bots' ring plans are collected in one window opened by the
  first arrival and applied fastest compensated reaction first, each as ``ring@v`` with
  *v* the version the ringer reacted to. The core then decides: a ring that lost the
  race to an earlier one names a version the table has left and is refused by the
  game's rules; it cost nothing. A ring outside the window is judged in a later window,
  when the round is long won.
* **The bell stops play.** While a window is open nobody moves: bots' moves wait and a
  human move is refused, as at a real table where the bell halts the game. So only a
  ring that can matter opens a window: one naming a version never shown, one rung before
  its card could be seen, and one for a table long gone are refused at once; a seat
  refused three times within two seconds may not ring for two seconds.

What the runtime knows of the game comes from its real-time adapter (:mod:`.adapter`):
which actions are rings, the table version, the seats' handicaps, what else a seat gets
with each step, and the rule and words of every refusal (a :class:`~.adapter.Refusal`).

All times come from the injected clock, so a :class:`~.clock.SimClock` runs the whole
thing in simulated time (tests, tournaments, ``spieltisch simulate``).
"""

from __future__ import annotations

import contextlib
import math
from collections import deque
from collections.abc import Mapping
from typing import Any

from spieltisch.bots import Bot
from spieltisch.engine import Dynamics, IllegalAction, State

from .adapter import RealtimeAdapter, Refusal
from .bell import (
    FLOOR,
    MAX_CREDIT,
    SLACK,
    WINDOW,
    RingClaim,
    RingWindow,
    RungTooEarly,
    credit_for,
    judge,
)
from .clock import Clock
from .runtime import BotRequest, PendingPlan, Step, TableRuntime, WriteAhead

MAX_LEAD = 0.250
"""Longest a flip is held back so that slow links see it at the same time (seconds)."""

REFUSALS = 3
COOLDOWN = 2.0
"""A seat whose rings are refused ``REFUSALS`` times within ``COOLDOWN`` seconds may not
ring for the next ``COOLDOWN`` seconds: a bell flood costs the flooder."""


class RealtimeRuntime(TableRuntime):
    """A table runtime with synchronised show times and a ranked ring window."""

    def __init__(
        self,
        state: State,
        clock: Clock,
        bots: Mapping[int, Bot] | None = None,
        write_ahead: WriteAhead | None = None,
        *,
        window: float = WINDOW,
        floor: float = FLOOR,
        slack: float = SLACK,
        adapter: RealtimeAdapter | None = None,
    ) -> None:
        super().__init__(state, clock, bots, write_ahead)
        found = state.game.face("realtime") if adapter is None else adapter
        if found is None:
            raise ValueError(f"{state.game.info.title} declares no real-time adapter")
        self.adapter: RealtimeAdapter = found
        self.bell = RingWindow(window)
        self.floor = floor
        self.slack = slack
        self.latency: dict[int, float] = {}
        """One-way latency per seat (seconds): measured live, a model in simulation."""
        self.proven: dict[int, float] = {}
        """Per seat, the largest one-way latency its rings have left room for (seconds):
        the seat's credit never exceeds it."""
        self.refused: dict[int, deque[float]] = {}
        self.cooldown: dict[int, float] = {}
        self.handicap = self.adapter.handicaps(state)
        """Each seat's agreed ring delay (seconds), as the game set it."""
        self.shown_at: dict[int, float] = {self._version(): clock.now()}
        self.queue: list[RingClaim] = []
        """Rings of a closed window still to be applied, fastest first."""
        self.last_rings: list[RingClaim] = []
        """The rings of the last closed window, as ranked (each seat sees its time)."""
        self.decisions = 0

    # -- show times ----------------------------------------------------------------------
    def _version(self) -> int:
        return self.adapter.version(self.state)

    def credit(self, seat: int) -> float:
        """The one-way latency the bell compensates for ``seat`` (seconds): the measured
        one, unless it is beyond ``MAX_CREDIT`` or the seat's own rings disproved it."""
        return min(credit_for(self.latency.get(seat)), self.proven.get(seat, MAX_CREDIT))

    def lead(self) -> float:
        return min(MAX_LEAD, max(map(self.credit, self.latency), default=0.0))

    @property
    def show_at(self) -> float:
        """When the current table version is (or was) visible on every screen."""
        return self.shown_at.get(self._version(), self.clock.now())

    def release_at(self, seat: int | None) -> float:
        """When a message showing the current version may leave for ``seat`` (``None``: a
        spectator): its show time less the seat's latency credit and the slack. No client
        holds a card longer before it can be shown than its own link needs, so reacting
        to the message instead of the screen gains nothing."""
        credit = 0.0 if seat is None else self.credit(seat)
        return self.show_at - credit - self.slack

    def _note_version(self) -> None:
        version = self._version()
        if version not in self.shown_at:
            self.shown_at[version] = self.clock.now() + self.lead()
            if len(self.shown_at) > 256:
                for old in sorted(self.shown_at)[:-128]:
                    del self.shown_at[old]

    # -- acting --------------------------------------------------------------------------
    def act(self, seat: int, action: Any) -> Step:
        """A human's non-ring action; rings go through :meth:`ring`.

        :raises IllegalAction: the game's refusal of a ring sent as a plain action
            (:attr:`Refusal.RING_AS_ACTION`) or of a move while the bell window is open
            (:attr:`Refusal.BELL_RINGING`); whatever the core refuses.
        """
        if self.adapter.is_ring(action):
            raise self._refusal(Refusal.RING_AS_ACTION)
        if self.bell.is_open or self.queue:
            raise self._refusal(Refusal.BELL_RINGING)
        return self._apply(seat, action)

    def resync(self, state: State) -> None:
        """As :meth:`TableRuntime.resync`; the bell's window and queue belonged to the old
        position and are dropped with it, and the position gets its show time."""
        super().resync(state)
        self.bell = RingWindow(self.bell.length)
        self.queue.clear()
        self._note_version()

    def _apply(self, seat: int, action: Any) -> Step:
        step = TableRuntime.act(self, seat, action)
        self._note_version()
        return step

    def ring(
        self,
        seat: int,
        version: int | None,
        reaction: float | None,
        one_way: float | None = None,
        arrival: float | None = None,
    ) -> RingClaim | None:
        """A ring arriving now from ``seat``, who saw ``version`` and reports ``reaction``.

        ``one_way`` overrides the seat's latency credit (bots ring from inside the server:
        0). Returns the claim as judged, or ``None`` if the seat already rang in this
        window. A refused ring opens no window and changes nothing, but counts towards the
        seat's cooldown.

        :raises IllegalAction: the game's refusal (a :class:`Refusal`): the seat may not
            ring now (``NOT_YOUR_TIME``, ``NO_BELL_NOW``, ``COOLDOWN``); the version was
            never shown (``NEVER_SHOWN``), or not yet (``TOO_EARLY``); the table has long
            moved on from it (``TOO_LATE``).
        """
        if self.state.is_over() or seat not in self.state.active_seats():
            raise self._refusal(Refusal.NOT_YOUR_TIME, version)
        if not any(self.adapter.is_ring(a) for a in self.state.legal_actions(seat)):
            raise self._refusal(Refusal.NO_BELL_NOW, version)
        now = self.clock.now() if arrival is None else arrival
        if self.cooldown.get(seat, -math.inf) > now:
            raise self._refusal(Refusal.COOLDOWN, version)
        seen = self._version() if version is None else version
        try:
            shown = self._shown(seen, now)
            claim = judge(
                seat,
                seen,
                shown_at=shown,
                arrival=now,
                one_way=self.credit(seat) if one_way is None else one_way,
                claimed=reaction,
                handicap=self.handicap[seat] if seat < len(self.handicap) else 0.0,
                floor=self.floor,
                slack=self.slack,
            )
        except RungTooEarly as early:
            self._refuse(seat, now)
            raise self._refusal(Refusal.TOO_EARLY, early.version) from None
        except IllegalAction:
            self._refuse(seat, now)
            raise
        if one_way is None:
            self.proven[seat] = min(self.proven.get(seat, MAX_CREDIT), max(0.0, claim.bound))
        return claim if self.bell.add(claim) else None

    def _shown(self, version: int, now: float) -> float:
        """When ``version`` could first be seen, if a ring naming it may still count."""
        shown = self.shown_at.get(version)
        if shown is None:
            raise self._refusal(Refusal.NEVER_SHOWN, version)
        later = [t for v, t in self.shown_at.items() if v > version]
        if later and now > min(later) + MAX_CREDIT + self.slack:
            raise self._refusal(Refusal.TOO_LATE, version)
        return shown

    def _refusal(self, why: Refusal, version: int | None = None) -> IllegalAction:
        """The game's error for ``why``: its rule id and its words."""
        return self.adapter.refusal(why, version)

    def _refuse(self, seat: int, now: float) -> None:
        times = self.refused.setdefault(seat, deque(maxlen=REFUSALS))
        times.append(now)
        if len(times) == REFUSALS and now - times[0] < COOLDOWN:
            self.cooldown[seat] = now + COOLDOWN
            times.clear()

    # -- bots and the window on the clock ------------------------------------------------
    def offer_plan(self, request: BotRequest, plan: Any, asked_at: float) -> bool:
        """Bots see a new card when humans do: plans count from its show time."""
        return super().offer_plan(request, plan, max(asked_at, self.show_at))

    def next_due(self) -> float | None:
        if self.queue:
            return self.clock.now()
        ply = self.state.ply
        times = [
            p.due
            for p in self.plans.values()
            if p.ply == ply
            and math.isfinite(p.due)
            and p.action is not None
            and (not self.bell.is_open or self.adapter.is_ring(p.action))
        ]
        if self.bell.closes_at is not None:
            times.append(self.bell.closes_at)
        return min(times) if times else None

    def run_due(self) -> Step | None:
        """Apply the next ranked ring, close a due window, or play a due bot plan."""
        now = self.clock.now()
        if not self.queue and self.bell.closes_at is not None and self.bell.closes_at <= now:
            self.queue = self.bell.close()
            self.last_rings = list(self.queue)
        while self.queue:
            claim = self.queue.pop(0)
            self.decisions += 1
            try:
                return self._apply(claim.seat, self.adapter.ring(claim.version))
            except IllegalAction:
                continue  # lost the race, or no longer allowed to ring
        ply = self.state.ply
        ready = [
            p
            for p in self.plans.values()
            if p.ply == ply
            and p.action is not None
            and p.due <= now
            and (not self.bell.is_open or self.adapter.is_ring(p.action))
        ]
        if not ready:
            return None
        plan = min(ready, key=lambda p: (p.due, p.seat))
        if self.adapter.is_ring(plan.action):
            # Rang: nothing more to do for this table state than wait for the bell.
            self.plans[plan.seat] = PendingPlan(plan.seat, ply, None, math.inf)
            seen = self.adapter.ring_version(plan.action)
            seen = self._version() if seen is None else int(seen)
            shown = self.shown_at.get(seen, self.show_at)
            with contextlib.suppress(IllegalAction):  # refused like anybody's ring
                self.ring(plan.seat, seen, plan.due - shown, one_way=0.0, arrival=plan.due)
            return None
        del self.plans[plan.seat]
        return self._apply(plan.seat, plan.action)

    # -- what clients get with every step -----------------------------------------------
    @property
    def has_bell(self) -> bool:
        return True

    def set_latency(self, seat: int, one_way: float | None) -> None:
        if one_way is None:
            self.latency.pop(seat, None)
        else:
            self.latency[seat] = one_way

    def extras(self, seat: int | None) -> dict[str, Any]:
        """Timing and help for one connection: ``show_at``, the last window's rings
        (own reaction time in full, others' order only) and whatever else the game's
        adapter gives a seat."""
        rings = [
            c.to_json() if c.seat == seat else {"seat": c.seat, "version": c.version}
            for c in self.last_rings
        ]
        out: dict[str, Any] = {
            "show_at": self.show_at,
            "server_now": self.clock.now(),
            "rings": rings,
        }
        if seat is not None:
            out.update(self.adapter.extras(self.state, seat))
        return out


def make_runtime(
    state: State,
    clock: Clock,
    bots: Mapping[int, Bot] | None = None,
    write_ahead: WriteAhead | None = None,
) -> TableRuntime:
    """The right runtime for a game: real-time games get the fair bell."""
    if state.game.info.dynamics is Dynamics.REAL_TIME:
        return RealtimeRuntime(state, clock, bots, write_ahead, adapter=state.game.face("realtime"))
    return TableRuntime(state, clock, bots, write_ahead)
