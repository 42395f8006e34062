"""Several actions appended in one transaction: the write-ahead's group commit
(:mod:`.loopcommit` on PostgreSQL, :mod:`.groupcommit` on SQLite).

A part of :class:`.repository.Store` (its base class), kept apart so the store's core
stays short.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from sqlalchemy import Engine, bindparam, insert, update
from sqlalchemy.exc import IntegrityError

from .jsontext import dumps
from .models import ActionRow, TableRow
from .sides import _now

if TYPE_CHECKING:
    import psycopg

Append = tuple[str, int, int, dict[str, Any], dict[str, Any] | None]
"""One action to append: ``(table_id, ply, seat, action, result)`` as
:meth:`.repository.Store.append_action` takes them."""


INSERT_ACTION = insert(ActionRow)
TOUCH_TABLE = (
    update(TableRow).where(TableRow.id == bindparam("tid")).values(updated_at=bindparam("now"))
)
"""The statements of a plain append (core, not the ORM: the hot path of every table)."""


class ActionBatches:
    """Batched appends of the action record (see the module)."""

    engine: Engine
    _batch_sql: str | None
    _async_conns: dict[asyncio.AbstractEventLoop, psycopg.AsyncConnection[Any]]

    def append_actions(self, appends: Sequence[Append]) -> None:
        """Append several actions (of any tables) in one transaction: all are committed
        when this returns, or none (:mod:`.groupcommit`). An action that ends its game
        finishes its table in the same transaction.

        :raises StoreError: a ply exists already or a table does not (nothing stored).
        """
        from .repository import StoreError  # the store's core imports this module

        if not appends:
            return
        now = _now()
        rows = [
            {"table_id": tid, "ply": ply, "seat": seat, "action": action, "at": now}
            for tid, ply, seat, action, _result in appends
        ]
        touched = [{"tid": a[0], "now": now} for a in appends if a[4] is None]
        try:
            with self.engine.begin() as conn:
                conn.execute(INSERT_ACTION, rows)
                if touched:
                    conn.execute(TOUCH_TABLE, touched)
                for tid, _ply, _seat, _action, result in appends:
                    if result is not None:
                        conn.execute(
                            update(TableRow)
                            .where(TableRow.id == tid)
                            .values(status="finished", result=result, updated_at=now)
                        )
        except IntegrityError as exc:
            raise StoreError(f"cannot append {len(appends)} actions: {exc.orig}") from exc

    async def append_actions_async(self, appends: Sequence[Append]) -> None:
        """PostgreSQL, on the event loop: :meth:`append_actions` without a thread
        (:mod:`.loopcommit`). The whole batch is one statement (:func:`batch_statement`:
        its actions as one JSON text, inserted and their tables touched or finished
        together), autocommitted: one round trip per batch, atomic all the same. The
        batch is one parameter because psycopg adapts a JSON text in microseconds and
        five arrays in a tenth of a millisecond. Each event loop holds one connection
        between batches; one that failed is closed, and the next batch opens another.

        :raises StoreError: a ply exists already or a table does not (nothing stored).
        """
        import psycopg

        from .repository import StoreError  # the store's core imports this module

        assert self._batch_sql is not None, "PostgreSQL only (writes_async)"
        if not appends:
            return
        rows = dumps(
            [
                {"tid": tid, "ply": ply, "seat": seat, "action": action, "result": result}
                for tid, ply, seat, action, result in appends
            ]
        )
        loop = asyncio.get_running_loop()
        conn = self._async_conns.get(loop)
        if conn is None:
            conn = self._async_conns[loop] = await self._connect_async()
        try:
            await conn.execute(self._batch_sql, {"rows": rows, "now": _now()})
        except psycopg.IntegrityError as exc:
            raise StoreError(f"cannot append {len(appends)} actions: {exc}") from exc
        except BaseException:
            self._async_conns.pop(loop, None)  # a broken connection is not used again
            with contextlib.suppress(Exception):
                await conn.close()
            raise

    @property
    def writes_async(self) -> bool:
        """Whether :meth:`append_actions_async` is there (PostgreSQL)."""
        return self._batch_sql is not None

    async def _connect_async(self) -> psycopg.AsyncConnection[Any]:
        """A connection of psycopg's own, made as the store's engine makes its ones
        (same URL, same arguments), autocommitting."""
        import psycopg

        engine = self.engine
        _args, params = engine.dialect.create_connect_args(engine.url)
        return await psycopg.AsyncConnection.connect(**params, autocommit=True)

    async def close_async(self) -> None:
        """Close this event loop's batch connection (the group commit's close)."""
        conn = self._async_conns.pop(asyncio.get_running_loop(), None)
        if conn is not None:
            await conn.close()

    def _close_batches(self) -> None:
        """At :meth:`.Store.close`: the batch connections of event loops that did not
        close theirs (a loop that ended first) are closed by libpq directly."""
        for conn in self._async_conns.values():
            conn.pgconn.finish()
        self._async_conns.clear()


def batch_statement(actions: str, tables: str) -> str:
    """PostgreSQL's one statement for a batch of appends (to the tables named, schema
    included). The actions come as one JSON array of records; each table is touched
    once, and finished with its result where one of its actions ended the game (the
    table lock keeps a table to one action per batch, the grouping only makes sure)."""
    return (
        "WITH v AS (SELECT * FROM json_to_recordset(%(rows)s::json) "
        "AS v(tid text, ply int, seat int, action json, result json)), "
        f"added AS (INSERT INTO {actions} (table_id, ply, seat, action, at) "
        "SELECT tid, ply, seat, action, %(now)s FROM v), "
        "ended AS (SELECT tid, (array_agg(result) FILTER (WHERE result IS NOT NULL))[1] "
        "AS result FROM v GROUP BY tid) "
        f"UPDATE {tables} AS t SET updated_at = %(now)s, "
        "status = CASE WHEN e.result IS NULL THEN t.status ELSE 'finished' END, "
        "result = COALESCE(e.result, t.result) FROM ended AS e WHERE t.id = e.tid"
    )
