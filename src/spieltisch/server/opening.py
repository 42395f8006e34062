"""Opening and closing tables: a new table from the lobby, and the host closing one
that has not started."""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass
from typing import Any

from spieltisch.bots import levels
from spieltisch.engine import SpieltischError, load
from spieltisch.store import SeatRecord, TableRecord, TurnClockRecord
from spieltisch.table import TurnLimit, allows_turn_clock

from .context import TableContext
from .errors import ApiError, ErrorCode, from_engine
from .live import CLOSE_POLICY
from .runtimes import Runtimes
from .security import hash_token, new_table_id, new_token, token_matches

log = logging.getLogger("spieltisch.table")


@dataclass(frozen=True, slots=True)
class SeatSpec:
    kind: str
    level: str | None = None


@dataclass(frozen=True, slots=True)
class Created:
    table: dict[str, Any]
    host_token: str
    seat: int | None
    seat_token: str | None


class Opening:
    """Makes new tables and closes open ones."""

    def __init__(self, ctx: TableContext, runtimes: Runtimes) -> None:
        self.ctx = ctx
        self.runtimes = runtimes

    async def create(
        self,
        game_name: str,
        options: dict[str, Any],
        seats: list[SeatSpec],
        name: str | None,
        turn_clock: tuple[str, int] | None = None,
    ) -> Created:
        """A new table; the creator (if named) takes the first human seat. ``turn_clock``
        (mode, seconds per move) limits each person's time to move (:mod:`.turnclock`).

        :raises ApiError: unknown game or option, bad seat count, unknown bot level, a
            turn clock out of range or for a game without turns.
        """
        ctx = self.ctx
        try:
            game = load(game_name, **options)
            game.check_setup(len(seats))
        except SpieltischError as exc:
            raise from_engine(exc) from exc
        limit = None
        if turn_clock is not None:
            if not allows_turn_clock(game.info):
                raise ApiError(
                    ErrorCode.TABLE_CLOCK_NOT_TURNS, f"{game_name} has no turns to limit"
                )
            try:
                limit = TurnLimit(*turn_clock)
            except ValueError as exc:
                raise ApiError(ErrorCode.TABLE_CLOCK_INVALID, str(exc)) from exc
        known = levels(game)
        for spec in seats:
            if spec.kind == "bot" and spec.level not in known:
                raise ApiError(
                    ErrorCode.BOT_UNKNOWN_LEVEL,
                    f"no bot level {spec.level!r} for {game_name} (levels: {', '.join(known)})",
                )
        humans = [i for i, s in enumerate(seats) if s.kind == "human"]
        if name is not None and not humans:
            raise ApiError(ErrorCode.TABLE_NO_HUMAN_SEAT, "a table with only bots cannot be joined")
        table_id, host_token = new_table_id(), new_token()
        seat_token = new_token() if name is not None else None
        own = humans[0] if name is not None else None
        records = [
            SeatRecord(
                i,
                s.kind,
                s.level if s.kind == "bot" else None,
                name if i == own else None,
                hash_token(seat_token) if i == own and seat_token else None,
            )
            for i, s in enumerate(seats)
        ]
        seed = secrets.randbits(48)
        # The first state is built before anything is stored, and a table whose seats
        # are all taken is stored running in the same transaction: no kill can leave a
        # table that cannot start, or a full table waiting forever.
        state = game.new_state(players=len(seats), seed=seed)
        starts = all(r.taken for r in records)
        record = await ctx.db(
            ctx.store.create_table,
            table_id=table_id,
            game=game_name,
            options=game.options,
            players=len(seats),
            seed=seed,
            host_hash=hash_token(host_token),
            seats=records,
            status="running" if starts else "open",
            owner=ctx.me,
        )
        if limit is not None:  # stored before the table starts, so it starts with it
            await ctx.db(ctx.store.save_turn_clock, table_id, limit.mode, limit.seconds, 0, {})
        live = ctx.open(record)
        if limit is not None:
            live.clock_record = TurnClockRecord(limit.mode, limit.seconds, 0, {})
        ctx.tables[table_id] = live
        log.info("table created", extra={"table": table_id, "game": game_name})
        if starts:
            async with live.lock:
                self.runtimes.start(live, state)
                await ctx.save_clock(live)
            ctx.start_driver(live)
        return Created(ctx.summarise(live), host_token, own, seat_token)

    async def close_open(self, table_id: str, host_token: str) -> TableRecord:
        """The host closes a table here that has not started (see
        :meth:`.tables.TableManager.close_open`); returns its record."""
        ctx = self.ctx
        live = ctx.tables.get(table_id)
        record = live.record if live is not None else await ctx.record(table_id)
        if not token_matches(host_token, record.host_hash):
            raise ApiError(ErrorCode.AUTH_NOT_HOST, "only the table's creator may do this")
        if not await ctx.db(ctx.store.set_status, table_id, "closed", expect="open"):
            raise ApiError(ErrorCode.TABLE_NOT_OPEN, "only a table that has not started closes")
        record = await ctx.record(table_id)
        live = ctx.tables.pop(table_id, None)
        if ctx.owners is not None:
            await ctx.owners.release(table_id)
        if live is not None:
            err = ApiError(ErrorCode.TABLE_CLOSED, "the host closed this table")
            async with live.lock:
                live.record = record
                live.broadcast_table()
                for conn in list(live.connections):
                    conn.send({"type": "error", **err.to_json()})
                    conn.close(CLOSE_POLICY)
            await live.stop()
        log.info("table closed by its host", extra={"table": table_id})
        return record
