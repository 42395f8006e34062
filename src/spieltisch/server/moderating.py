"""A moderator's changes to live tables: closing or deleting a table, hiding a chat
message, here at the process that runs the table (with a cluster, the manager forwards
to its owner first, :meth:`.tables.TableManager.forwarded`).

Each change is stored with its log entry (:mod:`spieltisch.store.moderation`) under the
table's lock, so no move or bot step slips in between the decision and the stop.
"""

from __future__ import annotations

import logging
from collections import deque

from spieltisch.store import TableRecord
from spieltisch.store.moderation import Moderation

from .context import TableContext
from .errors import ApiError, ErrorCode
from .live import CLOSE_POLICY

log = logging.getLogger("spieltisch.moderation")


class Moderating:
    """A moderator's changes to this process's tables (see the module)."""

    def __init__(self, ctx: TableContext) -> None:
        self.ctx = ctx

    async def end_table(self, table_id: str, by: str, *, delete: bool) -> TableRecord | None:
        """Close (``delete=False``: its record stays, ``closed``) or delete a table; its
        sockets are told ``table/closed`` and closed. Returns the closed table's record.

        :raises ApiError: no such table; closing one that is neither open nor running.
        """
        ctx = self.ctx
        rows = Moderation(ctx.store)
        live = ctx.tables.get(table_id)
        if live is not None:
            async with live.lock:  # no move is stored between the decision and the stop
                record = await self._end(rows, table_id, by, delete)
                err = ApiError(ErrorCode.TABLE_CLOSED, "a moderator closed this table")
                for conn in list(live.connections):
                    conn.send({"type": "error", **err.to_json()})
                    conn.close(CLOSE_POLICY)
            await live.stop()
        else:
            record = await self._end(rows, table_id, by, delete)
        ctx.tables.pop(table_id, None)
        if ctx.owners is not None and record is not None:
            await ctx.owners.release(table_id)
        log.info("table ended by a moderator", extra={"table": table_id, "deleted": delete})
        return record

    async def _end(
        self, rows: Moderation, table_id: str, by: str, delete: bool
    ) -> TableRecord | None:
        ctx = self.ctx
        if delete:
            if not await ctx.db(rows.delete_table, table_id, by):
                raise ApiError(ErrorCode.TABLE_NOT_FOUND, f"there is no table {table_id!r}")
            return None
        if await ctx.db(rows.close_table, table_id, by) is None:
            await ctx.record(table_id)  # raises table/not_found for an unknown table
            raise ApiError(ErrorCode.TABLE_NOT_RUNNING, "only an open or running table closes")
        return await ctx.record(table_id)

    async def hide_chat(self, table_id: str, chat_id: int, by: str) -> None:
        """Hide a chat message: stored first; then it leaves the live table's recent
        messages (the next welcome) and every open socket is told to remove it.

        :raises ApiError: no such message at this table.
        """
        ctx = self.ctx
        done = await ctx.db(Moderation(ctx.store).hide_chat, table_id, chat_id, by)
        if done is None:
            raise ApiError(ErrorCode.CHAT_NOT_FOUND, f"table {table_id!r} has no message {chat_id}")
        live = ctx.tables.get(table_id)
        if live is None or live.chat is None:
            return
        recent = live.chat.recent
        live.chat.recent = deque((m for m in recent if m.get("id") != chat_id), recent.maxlen)
        for conn in list(live.connections):
            conn.send({"type": "chat_hidden", "id": chat_id})
        log.info("chat message hidden", extra={"table": table_id, "chat": chat_id})
