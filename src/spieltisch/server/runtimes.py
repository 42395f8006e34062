"""Putting a game live: a table's runtime built from its first state or from its record.

A game is a seed plus its actions: a table that starts gets its first state; one that
is restored, taken over, settled after a failed write or opened to show its end is
replayed from the store (:meth:`Runtimes.replay`, in a worker thread), with the seat
spans that say which moves were a bot's (:mod:`.botplies`) and its stored turn clock.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from typing import Any

from spieltisch.engine import State
from spieltisch.store import SeatSpan, TableRecord
from spieltisch.table import Step, TurnClock, TurnLimit, allows_turn_clock, make_runtime

from . import stagecpu
from .botplies import BotPlies
from .context import TableContext
from .live import LiveTable

log = logging.getLogger("spieltisch.table")

RESTORE_LEAST = 15.0
"""Seconds a turn clock has left at least after a restart or a takeover: a player whose
time ran out while the server was down could not move then (``TurnClock.restore``). A
quarter of the limit when that is less, so a short clock never grows by a restart."""

Replayed = tuple[State, list[Step], list[SeatSpan]]
"""A game rebuilt from its record: its state, its log and its seat spans."""


class Runtimes:
    """Builds and starts the runtimes of live tables."""

    def __init__(self, ctx: TableContext) -> None:
        self.ctx = ctx

    def replay(self, record: TableRecord) -> Replayed:
        """The game rebuilt from its record, its log, and its seat spans (one thread)."""
        store = self.ctx.store
        state = self.ctx.new_state(record)
        steps = []
        for ply, item in enumerate(store.actions(record.id)):
            action = state.game.action_from_json(item["action"])
            steps.append(Step(ply, item["seat"], action, state.apply(item["seat"], action)))
        return state, steps, store.seat_spans(record.id)

    def attach(
        self,
        live: LiveTable,
        state: State,
        log_steps: list[Step],
        spans: Sequence[SeatSpan] = (),
    ) -> None:
        """Put ``state`` live, with the log so far and the stored seat spans (``spans``:
        who played a person's seat when; none for a game that starts now)."""
        ctx, record = self.ctx, live.record
        bots = {
            s.seat: ctx.bot(
                state.game, record.id, s.seat, s.level or "random", table_seed=record.seed
            )
            for s in record.seats
            if s.kind == "bot"
        }

        commits = ctx.commits()

        def write_ahead(
            ply: int, seat: int, action: dict[str, Any], result: dict[str, Any] | None
        ) -> None:
            if commits is not None:  # queued; LiveTable.play awaits the commit
                live.pending = commits.append((record.id, ply, seat, action, result))
                return
            start = stagecpu.now()
            try:
                began = time.perf_counter()
                ctx.store.append_action(record.id, ply, seat, action, result)
                live.wrote = time.perf_counter() - began  # observed on the loop (after_step)
            except BaseException:
                live.unsettled = True  # stored or not: the record will say (settle)
                raise
            finally:
                stagecpu.add_written(start)
                stagecpu.counts["commits"] += 1

        live.runtime = make_runtime(state, ctx.clock, bots, write_ahead)
        live.group_commit = commits is not None
        live.log = log_steps
        live.bot_plies = BotPlies(record, spans)
        stored = live.clock_record
        if stored is not None and allows_turn_clock(state.game.info):
            limit = TurnLimit(stored.mode, stored.seconds, stored.increment)
            turn_clock = TurnClock(limit, ctx.clock, stored.banks)
            live.runtime.use_turn_clock(turn_clock)
            if stored.ply == state.ply:  # else the server stopped before storing them
                least = min(RESTORE_LEAST, stored.seconds / 4)
                turn_clock.restore(stored.deadlines, least)

    def start(self, live: LiveTable, state: State) -> None:
        """Put a table's first state live and tell everyone (under the table lock; the
        caller starts the driver once the lock is released)."""
        self.attach(live, state, [])
        log.info("game started", extra={"table": live.id})
        self.ctx.notices.after_step(live, None)
        live.broadcast_start()

    async def maybe_start(self, live: LiveTable) -> None:
        """Start a table whose last seat was just taken (marked running only once its
        first state is built, and only by one request)."""
        ctx = self.ctx
        async with live.lock:
            record = live.record
            if record.status != "open" or not all(s.taken for s in record.seats):
                return
            state = ctx.new_state(record)
            if not await ctx.db(ctx.store.set_status, record.id, "running", expect="open"):
                return
            live.record = await ctx.record(record.id)
            if live.clock_record is None:
                live.clock_record = await ctx.stored_clock(record.id)
            self.start(live, state)
            await ctx.save_clock(live)
        ctx.start_driver(live)
