"""Playing a live table: a person's move, the one hook after every stored step (person,
bot or resignation), a seat whose turn clock ran out, and settling after a failed write.

Write ahead, then broadcast: the runtime stores an action before :meth:`Play.after_step`
tells anyone. A write whose outcome is unknown (the database may have committed it and
lost only its answer) leaves the table *unsettled*: it plays nothing more until
:meth:`Play.settle` has rebuilt it from its record, which is the truth.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from spieltisch.engine import IllegalAction, SpieltischError
from spieltisch.table import Step

from . import ratings, stagecpu
from .botplies import BotPlies
from .context import DriverHooks, TableContext
from .errors import ApiError, ErrorCode, from_engine
from .live import LiveTable
from .runtimes import Runtimes
from .seats import Seats
from .standin import stand_in_level

log = logging.getLogger("spieltisch.table")


class Play:
    """The moves of the tables this process runs."""

    def __init__(self, ctx: TableContext, runtimes: Runtimes, seats: Seats) -> None:
        self.ctx = ctx
        self.runtimes = runtimes
        self.seats = seats

    @property
    def hooks(self) -> DriverHooks:
        """What each table's bot driver calls (:class:`.context.DriverHooks`)."""
        return DriverHooks(self.after_step, self.time_out, self.settle)

    async def act(self, live: LiveTable, seat: int | None, text: Any, ply: Any) -> None:
        """Play ``text`` for ``seat`` if the rules allow it.

        :raises ApiError: spectator, stale ply, unreadable or illegal action.
        """
        arrived = time.perf_counter()
        if seat is None:
            raise ApiError(ErrorCode.AUTH_SPECTATOR, "spectators cannot act")
        if not isinstance(text, str) or len(text) > 200:
            raise ApiError(ErrorCode.ACTION_INVALID_NOTATION, "an action must be a short text")
        async with live.lock:
            rt = live.runtime
            if rt is None:
                raise ApiError(ErrorCode.TABLE_NOT_RUNNING, "the game has not started")
            if any(s.seat == seat and s.kind == "bot" for s in live.record.seats):
                raise ApiError(ErrorCode.TABLE_SEAT_IS_BOT, "a bot plays this seat now")
            await self.settle(live)
            if ply is not None and ply != rt.ply:
                raise ApiError(
                    ErrorCode.ACTION_STALE_STATE, f"the game is at ply {rt.ply}, not {ply}"
                )
            try:
                action = rt.state.game.parse_action(text)
                step = await live.play(lambda: rt.act(seat, action))
            except SpieltischError as exc:
                if isinstance(exc, IllegalAction):  # reproducible from the log, seed kept secret
                    log.info("move refused: %s", exc.describe(), extra={"table": live.id})
                raise from_engine(exc) from exc
            except Exception as exc:  # the store failed: the runtime has rolled back
                raise self.write_failed(live, exc) from exc
            live.acting_since = arrived
            await self.after_step(live, step)
        live.wake.set()

    def write_failed(self, live: LiveTable, exc: Exception) -> ApiError:
        """The answer to a move whose write failed: its outcome is unknown until the
        table is settled, which its driver tries at once (and every second after)."""
        log.warning("write-ahead failed: %r", exc, extra={"table": live.id})
        live.wake.set()
        return ApiError(ErrorCode.SERVER_STORE, "the move could not be confirmed: reloading")

    async def settle(self, live: LiveTable) -> None:
        """Bring a table whose last write failed in line with its record (under the
        table lock). A failed write's outcome is unknown: the database may have committed
        it and lost only its answer. The record is the truth: the game is rebuilt from
        it, and everyone gets the table anew, with the move if it was stored.

        :raises ApiError: the database does not answer yet; the table stays unsettled.
        """
        ctx, rt = self.ctx, live.runtime
        if not live.unsettled or rt is None:
            return
        try:
            record = await ctx.record(live.id)
            state, steps, spans = await ctx.db(self.runtimes.replay, record)
        except Exception as exc:
            raise ApiError(ErrorCode.SERVER_DB_DOWN, "the database does not answer yet") from exc
        log.warning(
            "table settled after a failed write",
            extra={"table": live.id, "stored_plies": state.ply, "memory_plies": rt.ply},
        )
        live.record = record
        rt.resync(state)
        live.log = steps
        live.bot_plies = BotPlies(record, spans)
        live.unsettled = False
        await ctx.save_clock(live)
        if rt.is_over():
            await ratings.table_finished(ctx.store, live.id)
        live.broadcast_start()

    async def after_step(self, live: LiveTable, step: Step) -> None:
        """The one hook after a stored step, whoever made it; under the table lock."""
        ctx = self.ctx
        stagecpu.counts["actions"] += 1
        live.log.append(step)
        rt = live.runtime
        assert rt is not None
        await ctx.save_clock(live)
        if rt.is_over():  # finished with the last action, in its transaction
            live.record = await ctx.record(live.id)
            log.info("game finished", extra={"table": live.id, "plies": rt.ply})
            await ratings.table_finished(ctx.store, live.id)
            if not live.connections:
                ctx.tables.pop(live.id, None)  # nobody watching: rebuilt on demand
        ctx.notices.after_step(live, step.seat)
        live.broadcast_step(step)
        meters = ctx.meters  # counted on the loop: no lock, nothing allocated
        meters.actions += 1
        if live.wrote:
            meters.write_ahead.observe(live.wrote)
            live.wrote = 0.0
        if live.acting_since:
            meters.action_broadcast.observe(time.perf_counter() - live.acting_since)
            live.acting_since = 0.0

    async def time_out(self, live: LiveTable, seats: list[int]) -> None:
        """Seats whose turn clock ran out go to a bot of the stand-in's level (the level a
        resigner's seat gets: the host's choice at creation); each player may take his
        seat back with his own token at any time. Called by the driver under the lock."""
        rt = live.runtime
        assert rt is not None and rt.turn_clock is not None
        level = stand_in_level(live.record, rt.state.game)
        for seat in seats:
            if live.record.seats[seat].kind == "human" and not rt.is_over():
                log.info("turn clock ran out", extra={"table": live.id, "seat": seat})
                await self.seats.set_seat(live, seat, level)
                for conn in list(live.connections):
                    conn.send({"type": "timeout", "seat": seat, "level": level})
            rt.turn_clock.deadlines.pop(seat, None)  # never the same timeout twice
        live.wake.set()
