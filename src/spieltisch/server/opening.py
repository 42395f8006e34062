"""Opening and closing tables: a new table of a validated setup (:mod:`.setup`), and
the host closing one that has not started."""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass
from typing import Any

from spieltisch.engine import Game
from spieltisch.store import SeatRecord, TableRecord

from .context import TableContext
from .errors import ApiError, ErrorCode
from .live import CLOSE_POLICY
from .runtimes import Runtimes
from .security import hash_token, new_table_id, new_token, token_matches
from .setup import TableSetup

log = logging.getLogger("spieltisch.table")


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
        self.opened_by: dict[str, set[str]] = {}
        """The tables each address created here that may still be open (pruned as they
        start, close or expire), for ``max_open_tables_per_address``."""

    async def create(
        self, setup: TableSetup, game: Game, name: str | None, address: str | None = None
    ) -> Created:
        """A new table of ``setup`` (``game``: its loaded game); the creator (if named)
        takes the first human seat. The table, its seats, its lease, its settings and its
        turn clock are stored in one transaction.

        :raises ApiError: a creator's name for a table without a human seat; ``address``
            has as many tables open as it may (``table/too_many_open``).
        """
        ctx = self.ctx
        humans = [i for i, s in enumerate(setup.seats) if s.kind == "human"]
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
            for i, s in enumerate(setup.seats)
        ]
        starts = all(r.taken for r in records)
        if not starts:  # a table full at once never waits in the lobby
            self.check_open_cap(address)
        seed = secrets.randbits(48)
        # The first state is built before anything is stored, and a table whose seats
        # are all taken is stored running in the same transaction: no kill can leave a
        # table that cannot start, or a full table waiting forever.
        state = game.new_state(players=len(records), seed=seed)
        record = await ctx.db(
            ctx.store.create_table,
            table_id=table_id,
            game=setup.game,
            options=setup.options,
            players=len(records),
            seed=seed,
            host_hash=hash_token(host_token),
            seats=records,
            status="running" if starts else "open",
            owner=ctx.me,
            settings=setup.settings_json(),
            turn_clock=setup.turn_clock(),
        )
        live = ctx.open(record)
        if setup.clock is not None:  # stored with the table, so it starts with it
            live.clock_record = setup.clock_record()
        ctx.tables[table_id] = live
        if address is not None and not starts:
            self.opened_by.setdefault(address, set()).add(table_id)
        log.info("table created", extra={"table": table_id, "game": setup.game})
        if starts:
            async with live.lock:
                self.runtimes.start(live, state)
                await ctx.save_clock(live)
            ctx.start_driver(live)
        return Created(ctx.summarise(live), host_token, own, seat_token)

    def check_open_cap(self, address: str | None) -> None:
        """Refuse one more open table from ``address`` beyond the setting's cap.

        An open table waits a day for its players (``open_table_ttl``): without a cap one
        address could fill the lobby with them. Counted in this process, among the tables
        it runs: a table that started, closed or expired no longer counts.

        :raises ApiError: ``table/too_many_open``.
        """
        if address is None:
            return
        tables = self.ctx.tables
        still = {
            tid
            for tid in self.opened_by.get(address, ())
            if tid in tables and tables[tid].record.status == "open"
        }
        if still:
            self.opened_by[address] = still
        else:
            self.opened_by.pop(address, None)
        cap = self.ctx.settings.max_open_tables_per_address
        if len(still) >= cap:
            raise ApiError(
                ErrorCode.TABLE_TOO_MANY_OPEN, f"{cap} tables from this address are open already"
            )

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
