"""One live table on the server: its runtime, its connections, its bot driver.

Every access to the runtime happens under the table's lock; the slow parts (database
writes, bot thinking) run in worker threads, so the event loop never waits on them.
Order of an action: validate in the core, append to the store, then enqueue each
connection's own view and the events it may see (write ahead, then broadcast).
Each connection has a bounded outbox drained by its own task, so one slow browser
never holds up the table; an overflowing outbox closes that connection (the browser
reconnects and gets the whole state again). While the outbox is empty a message is
written at once, without waking that task (:meth:`Connection.send`).

Every action costs each table a broadcast, so the step's work is done once per
audience, not per connection: one view and one message per seat (and one for all
spectators), encoded to JSON once (:class:`Shared`, with orjson: the standard library's
encoder had been a tenth of the server's CPU at 200 tables). Quick bots plan on the event loop
instead of a thread hop (:meth:`LiveTable._plan`). With group commit
(:mod:`spieltisch.store.groupcommit`) the rules run on the event loop too: the write-ahead
hook only queues the action, and :meth:`LiveTable.play` awaits its commit before anyone
hears of it. Each stage's CPU is counted (:mod:`.stagecpu`).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import time
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any, TypeVar

from fastapi import WebSocket

from spieltisch.bots import Bot, Plan
from spieltisch.engine import View
from spieltisch.engine.envelope import envelope
from spieltisch.store import Store, TableRecord, TurnClockRecord, jsontext
from spieltisch.table import SearchPool, Step, TableRuntime, events_for

from . import stagecpu
from .botplies import BotPlies
from .meters import Meters
from .roundtrip import Sync
from .tablechat import TableChat

log = logging.getLogger("spieltisch.table")

OUTBOX = 256
CLOSE_POLICY = 1008
"""Websocket close code for a connection the server refuses or ends by policy."""
QUICK_PLAN = 0.001
"""Seconds under which every plan a bot made so far must have taken for its next plan
to run on the event loop: a thread hop costs more than a random bot's choice, and a
millisecond of the loop is still far below what anyone notices."""
_opened = itertools.count()
S = TypeVar("S", Step, Step | None)


def encode(message: dict[str, Any]) -> str:
    """The JSON text of a message: the same JSON as Starlette's ``send_json`` writes
    (compact, not ASCII-escaped), by orjson (:mod:`spieltisch.store.jsontext`)."""
    if isinstance(message, Shared):
        return message.text()
    return jsontext.dumps(message)


class Shared(dict[str, Any]):
    """A message for several connections (one seat's, or every spectator's), encoded
    once on first send. Still a dict, so whatever reads an outbox keeps working; it must
    not change once queued."""

    __slots__ = ("_text",)

    def text(self) -> str:
        try:
            return self._text
        except AttributeError:
            self._text: str = jsontext.dumps(self)
            return self._text


@dataclass(eq=False)
class Connection:
    """One websocket, bound to a seat (or ``None``: a spectator)."""

    ws: WebSocket
    seat: int | None
    outbox: asyncio.Queue[dict[str, Any] | PartlySent | None] = field(
        default_factory=lambda: asyncio.Queue(OUTBOX)
    )
    writer: asyncio.Task[None] | None = None
    opened: int = field(default_factory=lambda: next(_opened))
    """Order of arrival: the oldest of a seat's connections goes first."""
    close_code: int = 1012
    """1012 ("service restart"): the browser reconnects; 1008 (policy): it should not."""
    held_until: float = 0.0
    """Clock time the last held-back view leaves (see :meth:`LiveTable.deliver`)."""
    relayed_rtt: Callable[[], float | None] | None = None
    """For a socket another process holds: the kernel's round trip of it, as that
    process last measured it (the fair bell's cap, :mod:`.tcpinfo`)."""
    table: str = ""
    """The table's id, for the log line of a connection closed for a full outbox."""
    overflowed: bool = False
    """Whether its outbox ran full (logged once: the browser reads too slowly)."""
    sync: Sync | None = None
    """Its round trips as the server timed them, from its first ping (:mod:`.bell`)."""

    idle: bool = False
    """Whether its writer waits on an empty outbox: a message is then written at once,
    without waking the writer (:meth:`send`)."""
    closing: bool = False
    """Whether :meth:`close` was called: nothing is written directly any more."""

    def send(self, message: dict[str, Any]) -> None:
        if self.idle:
            self._write_now(message)
            return
        try:
            self.outbox.put_nowait(message)
        except asyncio.QueueFull:
            if not self.overflowed:  # every 1012 says why in the log, once per socket
                self.overflowed = True
                log.info(
                    "socket closed (1012): its outbox is full, the browser reads too slowly",
                    extra={"table": self.table, "seat": self.seat},
                )
            self.close()

    def _write_now(self, message: dict[str, Any]) -> None:
        """Write ``message`` from here, not from the writer task: every step sends two or
        more messages, and waking a writer per message was a large share of the server's
        CPU. A websocket send waits only while the socket's buffer is full (flow control),
        so its coroutine nearly always ends on its first step; one that must wait goes to
        the writer, which finishes it before anything queued after it."""
        start = stagecpu.now()
        text = encode(message)
        start = stagecpu.add("encode", start)
        sending = self.ws.send_text(text)
        try:
            waits_for = sending.send(None)
        except StopIteration:
            stagecpu.add("send", start)
            return
        except Exception:  # a gone browser is normal, not an error
            self.close(1011)
            return
        stagecpu.add("send", start)
        self.idle = False
        self.outbox.put_nowait(PartlySent(sending, waits_for))

    def close(self, code: int = 1012) -> None:
        self.close_code = code
        self.closing, self.idle = True, False  # nothing is written after the close
        with contextlib.suppress(asyncio.QueueFull):
            self.outbox.put_nowait(None)

    async def drain(self) -> None:
        """Write queued messages until ``None`` (or a failed send), then close. While
        its outbox is empty, :meth:`send` writes instead."""
        now, add = stagecpu.now, stagecpu.add
        message: dict[str, Any] | PartlySent | None = None
        try:
            while True:
                self.idle = not self.closing and self.outbox.empty()
                message = await self.outbox.get()
                self.idle = False
                if message is None:
                    break
                if isinstance(message, PartlySent):
                    await message.finish()
                    continue
                start = now()
                text = encode(message)
                start = add("encode", start)
                await self.ws.send_text(text)
                add("send", start)
        except Exception:  # a gone browser is normal, not an error
            pass
        finally:
            self.idle = False
            with contextlib.suppress(Exception):
                await self.ws.close(self.close_code if message is None else 1011)


class PartlySent:
    """A send :meth:`Connection.send` began that had to wait for the socket: its
    coroutine and what it waits for. The writer finishes it, in its place in the
    outbox."""

    def __init__(self, sending: Coroutine[Any, Any, None], waits_for: Any) -> None:
        self.sending = sending
        self.waits_for = waits_for

    async def finish(self) -> None:
        """Run the send to its end, as a task would: wait for the future it yielded (a
        bare ``yield`` is one turn of the loop), then step it again. A task takes a
        yielded future's ``_asyncio_future_blocking`` mark off before it waits for it,
        so this does too (awaiting a future still marked raises)."""
        try:
            while True:
                waits_for = self.waits_for
                if waits_for is None:
                    await asyncio.sleep(0)
                else:
                    waits_for._asyncio_future_blocking = False
                    await waits_for
                try:
                    self.waits_for = self.sending.send(None)
                except StopIteration:
                    return
        finally:
            self.sending.close()  # a no-op once it ended; unwinds it when cancelled


def _timed_engine(act: Callable[[], S]) -> S:
    """``act`` in a worker thread that also writes the action: its CPU less the
    write-ahead's (counted by the write itself) is the engine's."""
    start, written = stagecpu.now(), stagecpu.written_here()
    try:
        return act()
    finally:
        stagecpu.add("engine", start + stagecpu.written_here() - written)


def age(conn: Connection) -> int:
    return conn.opened


class LiveTable:
    """A table whose game is running (or waiting for players) in this process."""

    def __init__(
        self,
        record: TableRecord,
        store: Store,
        summarise: Callable[[LiveTable], dict[str, Any]],
        pool: SearchPool,
    ) -> None:
        self.record = record
        self.pool = pool
        self.store = store
        self.summarise = summarise
        self.runtime: TableRuntime | None = None
        self.log: list[Step] = []
        self.bot_plies = BotPlies(record)
        """Which moves a bot made (its level), so the log names a move as who made it (a
        person's earlier moves keep his name after a bot takes his seat): the stored seat
        spans, loaded when the game is rebuilt and followed on each seat change."""
        self.connections: set[Connection] = set()
        self.away_since: dict[int, float] = {}
        """Clock time each seat's last connection closed (or the table went live here)."""
        self.rated: bool | None = None
        """Whether the game is rated (no hand-over to a bot then); ``None`` until a
        connection made the table load it (:meth:`.tables.TableManager.attach`)."""
        self.lock = asyncio.Lock()
        self.wake = asyncio.Event()
        self.driver: asyncio.Task[None] | None = None
        self.plan_costs: dict[int, tuple[Bot, float]] = {}
        """Per bot seat: its bot and the longest plan it has taken (seconds)."""
        self.clock_record: TurnClockRecord | None = None
        """The table's stored turn clock, read before its runtime is built."""
        self.chat: TableChat | None = None
        """The table's chat (who may read it, its recent messages), loaded from the store
        when the first socket arrives (:func:`.chat.ready`)."""
        self.on_timeout: Callable[[LiveTable, list[int]], Any] | None = None
        """What the driver does when seats' turn clocks run out (under the lock)."""
        self.unsettled = False
        """A write of this table failed, so whether the store kept it is unknown (a
        commit whose answer was lost): no action is played before :attr:`settle` has
        brought memory in line with the record."""
        self.settle: Callable[[LiveTable], Awaitable[None]] | None = None
        """Brings an unsettled table in line with its record (under the lock); raises
        while the store does not answer."""
        self.meters = Meters()
        """Where bot decisions are timed (the context gives the process's meters)."""
        self.acting_since = 0.0
        """``perf_counter`` when the action now being played arrived (0: none timed)."""
        self.wrote = 0.0
        """Seconds the last write-ahead took, set in its thread (0: none since read)."""
        self.group_commit = False
        """Whether the write-ahead hook only queues an action (:meth:`play`)."""
        self.summary_part: tuple[TableRecord, dict[str, Any]] | None = None
        """The part of its summary drawn from the record alone, and that record
        (:func:`.summary.record_part`)."""
        self.pending: asyncio.Future[None] | None = None
        """The queued write of the action just played, until :meth:`play` awaits it."""

    @property
    def id(self) -> str:
        return self.record.id

    def online_seats(self) -> set[int]:
        return {c.seat for c in self.connections if c.seat is not None}

    def waiting_players(self) -> set[int]:
        """Connected seats whose person still plays: not resigned, not handed to a bot.

        Only they give a bot's search the foreground lane of the shared pool (``_plan``);
        a resigned seat or a spectator left connected would claim it for nobody.
        """
        rt = self.runtime
        if rt is None:
            return set()
        gone = set(rt.state.resigned) | set(rt.bots)
        return self.online_seats() - gone

    async def play(self, act: Callable[[], S]) -> S:
        """Run ``act`` (the runtime's ``act`` or ``run_due``, under the table lock) and
        return its step once it is stored. With group commit the rules run here, on the
        loop (microseconds), and the commit is awaited; without, in a worker thread that
        writes the action itself. A write that failed leaves the table unsettled, and
        the action taken back: nobody heard of it.

        :raises Exception: whatever the rules or the store raised.
        """
        if not self.group_commit:
            return await asyncio.to_thread(_timed_engine, act)
        start = stagecpu.now()
        try:
            step = act()
        finally:
            stagecpu.add("engine", start)
        pending, self.pending = self.pending, None
        if pending is not None:
            began = time.perf_counter()
            try:
                await pending
                self.wrote = time.perf_counter() - began  # observed in after_step
            except BaseException:
                self.unsettled = True  # stored or not: the record will say (settle)
                if self.runtime is not None:
                    self.runtime.undo()
                raise
        return step

    # -- messages ------------------------------------------------------------------------
    def snapshot(self, seat: int | None) -> dict[str, Any]:
        """Everything a (re)connecting seat needs: table, view, and its log of events."""
        rt = self.runtime
        return {
            "type": "welcome",
            "seat": seat,
            "table": self.summarise(self),
            "ply": rt.ply if rt else 0,
            "view": rt.view(seat) if rt else None,
            "envelope": envelope(rt.state, seat) if rt else None,
            **(rt.extras(seat) if rt is not None else {}),
            "log": [
                {"ply": s.ply, "seat": s.seat, "events": events_for(s.events, seat)}
                | self._by_bot(s)
                for s in self.log
            ],
        }

    def _by_bot(self, step: Step) -> dict[str, str]:
        """``{"bot": level}`` for a move a bot made, else nothing."""
        level = self.bot_plies.level(step.seat, step.ply)
        return {"bot": level} if level is not None else {}

    def broadcast_table(self) -> None:
        """The table (seats, who is online) to every connection: one message, encoded
        once for all of them."""
        message = Shared(type="table", table=self.summarise(self))
        for conn in list(self.connections):
            conn.send(message)

    def broadcast_start(self) -> None:
        """The whole table anew, one snapshot per seat (and one for all spectators)."""
        snapshots: dict[int | None, Shared] = {}
        for conn in list(self.connections):
            snapshot = snapshots.get(conn.seat)
            if snapshot is None:
                snapshot = snapshots[conn.seat] = Shared(self.snapshot(conn.seat))
            conn.send(snapshot)

    def broadcast_step(self, step: Step) -> None:
        """Each connection gets its own view and only the events it may see: one message
        per seat (and one for all spectators), shared by that audience's connections."""
        rt = self.runtime
        assert rt is not None
        start = stagecpu.now()
        summary = self.summarise(self)
        messages: dict[int | None, Shared] = {}
        by_bot = self._by_bot(step)
        connections = list(self.connections)
        views = rt.views({conn.seat for conn in connections})
        for conn in connections:
            seat = conn.seat
            if seat not in messages:
                message = messages[seat] = Shared(
                    type="step",
                    ply=rt.ply,
                    seat=step.seat,
                    events=events_for(step.events, seat),
                    view=views[seat],
                    envelope=envelope(rt.state, seat),
                    table=summary,
                )
                if seat == step.seat:
                    message["action"] = str(step.action)
                message.update(by_bot)
                message.update(rt.extras(seat))  # real-time: show times, rings, help
        stagecpu.add("view", start)
        for conn in connections:  # after the views: a connection may write at once (send)
            self.deliver(conn, messages[conn.seat])

    def deliver(self, conn: Connection, message: dict[str, Any]) -> None:
        """Send a step. It leaves no sooner than the runtime's ``release_at`` for the
        connection's seat (on a real-time table: a client gets a card only as long before
        its show time as its own link needs), and never before a step held back earlier.
        Other messages are not held (a pong held back would spoil the round trip it
        measures)."""
        rt = self.runtime
        at = None if rt is None else rt.release_at(conn.seat)
        if rt is None or at is None:
            conn.send(message)
            return
        now = rt.clock.now()
        if conn.held_until > now:
            at = max(at, conn.held_until + 1e-4)  # views leave in order
        if at <= now:
            conn.send(message)
            return
        conn.held_until = at
        asyncio.get_running_loop().call_later(at - now, conn.send, message)

    # -- the bot driver ------------------------------------------------------------------
    def start_driver(
        self,
        on_step: Callable[[LiveTable, Step], Any],
        on_timeout: Callable[[LiveTable, list[int]], Any] | None = None,
        settle: Callable[[LiveTable], Awaitable[None]] | None = None,
    ) -> None:
        if on_timeout is not None:
            self.on_timeout = on_timeout
        if settle is not None:
            self.settle = settle
        if self.driver is None or self.driver.done():
            self.driver = asyncio.create_task(self._drive(on_step), name=f"bots-{self.id}")
        self.wake.set()

    async def _drive(self, on_step: Callable[[LiveTable, Step], Any]) -> None:
        """Ask bots (in threads), wait for their plans' times, play them."""
        while True:
            await self.wake.wait()
            self.wake.clear()
            try:
                while await self._bot_turn(on_step):
                    pass
                if self.runtime is not None and self.runtime.is_over():
                    return  # the game is over: nothing left to drive
            except asyncio.CancelledError:
                raise
            except Exception:
                if self.unsettled:  # a write failed: settle with the record in a second
                    log.warning(
                        "a write failed or the store is away: settling in a second",
                        extra={"table": self.id},
                    )
                else:
                    log.exception("bot driver failed", extra={"table": self.id})
                await asyncio.sleep(1.0)
                self.wake.set()

    async def _bot_turn(self, on_step: Callable[[LiveTable, Step], Any]) -> bool:
        """One round of asking and playing; ``False`` when no bot has anything to do."""
        rt = self.runtime
        if self.unsettled and self.settle is not None:
            async with self.lock:  # raises while the store is away: tried again in 1 s
                await self.settle(self)
        if rt is None or rt.is_over():
            return False
        async with self.lock:  # the wait is read in the pass before it: no pass of its own
            requests = rt.bot_requests()
            wait = None if requests else self._next_wait(rt)
        for request in requests:
            asked = rt.clock.now()
            plan = await self._plan(request.bot, request.view, request.seat, asked)
            async with self.lock:
                rt.offer_plan(request, plan, asked)
                wait = self._next_wait(rt)
        if wait is None:
            return False
        if wait > 0 and not await self._sleep(wait):
            return True  # something happened meanwhile: re-plan
        async with self.lock:
            expired = rt.timed_out() if self.on_timeout is not None else []
            if expired:
                assert self.on_timeout is not None
                await self.on_timeout(self, expired)
                return True
            self.acting_since = time.perf_counter()
            step = await self.play(rt.run_due)
            if step is not None:
                await on_step(self, step)
        return True

    def _next_wait(self, rt: TableRuntime) -> float | None:
        """Seconds until the earliest current bot plan is due or a turn clock runs out
        (at most 0: now); ``None`` when neither is coming (under the lock)."""
        due = rt.next_due()
        clock = rt.turn_clock if self.on_timeout is not None else None
        expiry = clock.next_in() if clock is not None else None
        bot_wait = None if due is None else due - rt.clock.now()
        waits = [w for w in (bot_wait, expiry) if w is not None]
        return min(waits) if waits else None

    async def _sleep(self, seconds: float) -> bool:
        """Wait ``seconds``, or less if :attr:`wake` is set meanwhile; ``True`` when the
        time ran out. The timer only sets a flag and the event: every bot move waits
        here, and a timeout that cancels the wait would raise and catch an exception
        per move."""
        ran_out = False

        def ring() -> None:
            nonlocal ran_out
            ran_out = True
            self.wake.set()

        timer = asyncio.get_running_loop().call_later(seconds, ring)
        try:
            await self.wake.wait()
        finally:
            timer.cancel()
        self.wake.clear()  # a wake that came with the timer: the pass after the move sees it
        return ran_out

    async def _plan(self, bot: Bot, view: View, seat: int, clock: float) -> Plan:
        """A bot's plan off the event loop: searches in the shared worker pool (queued
        fairly with other tables' searches, behind them when no player is connected here),
        other bots in a thread, or on the loop itself once every plan of theirs took
        under ``QUICK_PLAN`` (timed inside the thread, so waiting for it does not count).

        A search holds the GIL for up to seconds; in a thread it would slow every table's
        messages and the bell's timestamps, in a worker process it slows nothing here.
        """
        if bot.thinks:
            waiting = bool(self.waiting_players())  # a player is here to see the answer
            start = time.perf_counter()
            searched = await self.pool.plan(self.id, bot, view, seat, clock, background=not waiting)
            self.meters.bot_decision["pool"].observe(time.perf_counter() - start)
            return searched
        known, longest = self.plan_costs.get(seat, (None, 1.0))
        if known is not bot:
            longest = 0.0  # a new bot on this seat: its first plan is timed in a thread

        def timed() -> tuple[Plan, float]:
            start = time.perf_counter()
            plan = bot.plan(view, seat, clock)
            return plan, time.perf_counter() - start

        quick = known is bot and longest < QUICK_PLAN
        plan, took = timed() if quick else await asyncio.to_thread(timed)
        self.plan_costs[seat] = (bot, max(longest, took))
        self.meters.bot_decision["loop" if quick else "thread"].observe(took)
        return plan

    async def stop(self) -> None:
        if self.driver is not None:
            self.driver.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.driver
        for conn in list(self.connections):
            conn.close()
