"""The lobby's view of tables: pages of tables and single tables, summarised.

A table running here is summarised from its live table (who is online, its clock now);
any other from its record and its stored turn clock, read for a whole page at once.
"""

from __future__ import annotations

from typing import Any

from spieltisch.store import TableRecord, TurnClockRecord

from .context import TableContext
from .live import LiveTable
from .summary import summary


class Listing:
    """Summaries of tables for the lobby."""

    def __init__(self, ctx: TableContext) -> None:
        self.ctx = ctx

    def summary(
        self,
        record: TableRecord,
        live: LiveTable | None = None,
        clock: TurnClockRecord | None = None,
    ) -> dict[str, Any]:
        """:func:`.summary.summary` on this process's clock."""
        return summary(record, live, clock, self.ctx.clock.wall())

    async def list_tables(
        self, statuses: list[str], limit: int = 50, offset: int = 0
    ) -> list[dict[str, Any]]:
        """One page of tables in ``statuses``, most recently changed first."""
        ctx = self.ctx
        records = await ctx.db(ctx.store.list_tables_page, statuses, limit, offset)
        return await self._summaries(records)

    async def tables_by_id(self, table_ids: list[str]) -> list[dict[str, Any]]:
        """The tables of ``table_ids`` in any status (a browser's own tables), most
        recently changed first; unknown ids are left out."""
        ctx = self.ctx
        records = await ctx.db(ctx.store.get_tables, table_ids)
        records.sort(key=lambda r: (r.updated_at, r.id), reverse=True)
        return await self._summaries(records)

    async def get(self, table_id: str) -> dict[str, Any]:
        """One table's summary, as this process knows it (see
        :meth:`.tables.TableManager.get`, which asks the owner first)."""
        ctx = self.ctx
        live = ctx.tables.get(table_id)
        if live is not None:
            return ctx.summarise(live)
        record = await ctx.record(table_id)
        clocks = await ctx.clocks([record])
        return self.summary(record, None, clocks.get(table_id))

    async def _summaries(self, records: list[TableRecord]) -> list[dict[str, Any]]:
        clocks = await self.ctx.clocks(records)
        tables = self.ctx.tables
        return [self.summary(r, tables.get(r.id), clocks.get(r.id)) for r in records]
