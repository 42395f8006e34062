"""Rebuilding tables from their records: at start-up, when this process takes a table
over from a dead one, and when a finished game is opened to be watched.

A killed server resumes exactly where it stopped: :meth:`Rebuild.restore` replays every
open and running table and restarts its bots. With several processes, one owns each
table; :meth:`Rebuild.owner_elsewhere` finds it, or adopts a table nobody owns.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime, timedelta

from spieltisch.engine import State
from spieltisch.store import TableRecord

from . import abandon, ratings
from .context import TableContext
from .errors import ApiError, ErrorCode
from .live import LiveTable
from .runtimes import Runtimes
from .security import hash_token
from .standin import stand_in_level

log = logging.getLogger("spieltisch.table")

RESTORE_BATCH = 500
"""Table records read per query at start-up."""

MAX_CONNECTIONS = 64
"""Websockets per table beyond which spectators are turned away."""


class Rebuild:
    """Brings tables back to life from the store."""

    def __init__(self, ctx: TableContext, runtimes: Runtimes) -> None:
        self.ctx = ctx
        self.runtimes = runtimes
        self.adopting: dict[str, asyncio.Lock] = {}
        """One lock per table being taken over, so two requests rebuild it once."""

    async def restore(self) -> int:
        """Rebuild every open and running table from its record; returns how many.

        Each table on its own: one whose record cannot be rebuilt is logged, marked
        ``broken`` (its host sees it so in the lobby) and skipped, so one bad row never
        stops the server. A running table whose game is over (a kill between the last
        move and its status in an older version) is finished; a full open table starts.
        """
        ctx = self.ctx
        await self.expire_open_tables()
        ids = await ctx.db(ctx.store.table_ids, ["open", "running"])
        restored = 0
        for start in range(0, len(ids), RESTORE_BATCH):
            chunk = ids[start : start + RESTORE_BATCH]
            if ctx.owners is not None:  # only the tables no other process runs
                chunk = sorted(await ctx.owners.claim(chunk))
            batch = await ctx.db(ctx.store.get_tables, chunk) if chunk else []
            for record in batch:
                try:
                    live = await self.restore_one(record)
                except Exception:
                    log.exception(
                        "table cannot be rebuilt; marked broken", extra={"table": record.id}
                    )
                    await ctx.db(ctx.store.set_status, record.id, "broken")
                    continue
                if live is not None:
                    restored += 1
        log.info("tables restored", extra={"count": restored})
        return restored

    async def restore_one(self, record: TableRecord) -> LiveTable | None:
        """Run one open or running table here from its record; ``None`` when its game
        turns out to be over (it is finished and rated instead)."""
        ctx, table_id = self.ctx, record.id
        live = ctx.open(record)
        if record.status == "open":
            ctx.new_state(record)  # a setup that cannot start is broken, not open
            ctx.tables[table_id] = live
            await self.runtimes.maybe_start(live)
            return live
        state, steps, spans = await ctx.db(self.runtimes.replay, record)
        if state.is_over():
            result = state.result()
            outcome = result.to_json() if result is not None else None
            await ctx.db(ctx.store.set_status, table_id, "finished", outcome)
            await ratings.table_finished(ctx.store, table_id)
            return None
        if await self.seat_stand_ins(record, state):
            live.record = record = await ctx.record(table_id)
            spans = await ctx.db(ctx.store.seat_spans, table_id)
        live.clock_record = await ctx.stored_clock(table_id)
        self.runtimes.attach(live, state, steps, spans)
        await abandon.count_from_store(ctx, live)
        ctx.tables[table_id] = live
        await ctx.save_clock(live)
        ctx.start_driver(live)
        return live

    async def seat_stand_ins(self, record: TableRecord, state: State) -> bool:
        """Repair what a crash of an older version left: a resigned seat of a running
        game that a person still holds gets its stand-in from the current ply (since the
        resignation and the stand-in are stored in one transaction, only records written
        before that can need it). Returns whether a seat changed."""
        ctx = self.ctx
        resigned = [s.seat for s in record.seats if s.kind == "human" and s.seat in state.resigned]
        for seat in resigned:
            level = stand_in_level(record, state.game)
            await ctx.db(ctx.store.set_seat_kind, record.id, seat, "bot", level, from_ply=state.ply)
            log.warning(
                "resigned seat had no stand-in; seated now",
                extra={"table": record.id, "seat": seat, "level": level},
            )
        return bool(resigned)

    # -- several processes ---------------------------------------------------------------
    async def owner_elsewhere(self, table_id: str) -> str | None:
        """The process that runs ``table_id`` when that is not this one (with a cluster).

        An open or running table that no live process owns is taken over here, rebuilt
        from its record with its bots restarted; finished tables need no owner.

        :raises ApiError: unknown table; an owner that cannot be found.
        """
        ctx = self.ctx
        if ctx.owners is None or table_id in ctx.tables:
            return None
        record = await ctx.record(table_id)
        if record.status not in ("open", "running"):
            return None
        for _ in range(3):  # an owner may die between the two questions
            if table_id in await ctx.owners.claim([table_id]):
                await self.adopt(table_id)
                return None
            owner = await ctx.owners.owner(table_id)
            if owner is not None:
                return owner
        raise ApiError(ErrorCode.SERVER_PEER_DOWN, "no server takes this table right now")

    async def adopt(self, table_id: str) -> None:
        """Run a table whose lease this process just took: rebuild it from its record."""
        ctx = self.ctx
        lock = self.adopting.setdefault(table_id, asyncio.Lock())
        async with lock:
            if table_id in ctx.tables:
                return
            record = await ctx.record(table_id)
            if record.status not in ("open", "running"):
                return
            try:
                await self.restore_one(record)
            except Exception:
                log.exception("table cannot be rebuilt; marked broken", extra={"table": table_id})
                await ctx.db(ctx.store.set_status, table_id, "broken")
            else:
                log.info("table taken over", extra={"table": table_id})
        self.adopting.pop(table_id, None)

    async def drop(self, table_id: str) -> None:
        """Stop running a table here (another process owns it now); its sockets close
        with 1012, and their browsers reconnect to wherever it runs."""
        live = self.ctx.tables.pop(table_id, None)
        if live is not None:
            if live.connections:
                log.info(
                    "sockets closed (1012): the table runs elsewhere now",
                    extra={"table": table_id, "sockets": len(live.connections)},
                )
            await live.stop()

    async def expire_open_tables(self) -> list[str]:
        """Open tables nobody touched for ``settings.open_table_ttl`` seconds expire; one
        whose seat is connected here (its creator waiting for friends) is in use: it is
        touched first, so neither this process nor another one expires it."""
        ctx = self.ctx
        waiting = [
            table_id
            for table_id, live in ctx.tables.items()
            if live.record.status == "open" and live.online_seats()
        ]
        await ctx.db(ctx.store.touch_tables, waiting)
        before = datetime.now(UTC) - timedelta(seconds=ctx.settings.open_table_ttl)
        expired = await ctx.db(ctx.store.expire_open, before)
        for table_id in expired:
            live = ctx.tables.pop(table_id, None)
            if live is not None:
                live.record = await ctx.record(table_id)
                live.broadcast_table()
        if expired:
            log.info("open tables expired", extra={"count": len(expired)})
        return expired

    async def seat_for(
        self, table_id: str, token: str | None, *, token_hash: str | None = None
    ) -> tuple[LiveTable, int | None]:
        """The live table and the seat ``token`` acts for (``None``: spectator); a
        socket relayed from another process presents the token's hash instead, so
        tokens never travel between processes.

        A finished game is rebuilt on demand to show its end and log, but only for a
        visitor who gets in: a refused hello leaves nothing behind in memory.

        :raises ApiError: unknown table, a token that is no seat's, or a crowded table.
        """
        ctx = self.ctx
        live = ctx.tables.get(table_id)
        record = live.record if live is not None else await ctx.record(table_id)
        if live is None and record.status in ("closed", "expired", "abandoned"):
            raise ApiError(
                ErrorCode(f"table/{record.status}"), f"table {table_id!r} is {record.status}"
            )
        if live is None and record.status != "finished":
            raise ApiError(ErrorCode.TABLE_NOT_LIVE, f"table {table_id!r} is not being played")
        seat = None
        digest = hash_token(token) if token is not None else token_hash
        if digest is not None:
            seat = next((s.seat for s in record.seats if s.holds(digest)), None)
            if seat is None:
                raise ApiError(
                    ErrorCode.AUTH_BAD_TOKEN, "this token is not valid for any seat of the table"
                )
        elif live is not None and len(live.connections) >= MAX_CONNECTIONS:
            raise ApiError(ErrorCode.TABLE_CROWDED, "too many spectators at this table")
        if live is None:
            live = ctx.open(record)
            state, steps, spans = await ctx.db(self.runtimes.replay, record)
            self.runtimes.attach(live, state, steps, spans)
            live = ctx.tables.setdefault(table_id, live)  # another visitor may have won
        return live, seat
