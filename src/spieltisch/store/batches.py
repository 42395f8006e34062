"""Several actions appended in one transaction: the write-ahead's group commit
(:mod:`.loopcommit` on PostgreSQL, :mod:`.groupcommit` on SQLite).

A part of :class:`.repository.Store` (its base class), kept apart so the store's core
stays short.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

from sqlalchemy import Engine, bindparam, insert, update
from sqlalchemy.exc import IntegrityError

from .jsontext import dumps
from .models import ActionRow, TableRow
from .sides import _now

if TYPE_CHECKING:
    import asyncpg

Append = tuple[str, int, int, dict[str, Any], dict[str, Any] | None]
"""One action to append: ``(table_id, ply, seat, action, result)`` as
:meth:`.repository.Store.append_action` takes them."""


CLOSE_TIMEOUT = 5.0
"""Seconds a batch connection's close waits for the server before dropping it."""

INSERT_ACTION = insert(ActionRow)
TOUCH_TABLE = (
    update(TableRow).where(TableRow.id == bindparam("tid")).values(updated_at=bindparam("now"))
)
"""The statements of a plain append (core, not the ORM: the hot path of every table)."""


class ActionBatches:
    """Batched appends of the action record (see the module)."""

    engine: Engine
    _batch_sql: str | None
    _async_conns: dict[asyncio.AbstractEventLoop, asyncpg.Connection]

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
        together), autocommitted: one round trip per batch, atomic all the same.

        It runs on asyncpg, not on psycopg as the rest of the store: psycopg's async
        connection waits for each answer and keeps its prepared statements in Python,
        some 50 µs of the event loop's CPU per statement, where asyncpg's protocol is
        compiled. asyncpg prepares the statement once per connection (its statement
        cache) and then sends only its arguments, the batch as one JSON text (asyncpg
        passes a ``json`` parameter's text as it is) and the time. Each event loop holds
        one connection between batches; one that failed is dropped, and the next batch
        opens another.

        :raises StoreError: a ply exists already or a table does not (nothing stored).
        """
        import asyncpg

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
            await conn.execute(self._batch_sql, rows, _now())
        except asyncpg.IntegrityConstraintViolationError as exc:
            raise StoreError(f"cannot append {len(appends)} actions: {exc}") from exc
        except BaseException:
            # A broken connection is not used again. Dropped at once, not closed
            # politely: it may not answer, and a cancelled batch cannot wait for it.
            self._async_conns.pop(loop, None)
            conn.terminate()
            raise

    @property
    def writes_async(self) -> bool:
        """Whether :meth:`append_actions_async` is there (PostgreSQL)."""
        return self._batch_sql is not None

    async def _connect_async(self) -> asyncpg.Connection:
        """An asyncpg connection to where the store's engine connects (same URL, same
        arguments, see :func:`asyncpg_connect_args`); without a transaction of its own,
        each statement commits alone."""
        import asyncpg

        engine = self.engine
        _args, params = engine.dialect.create_connect_args(engine.url)
        return await asyncpg.connect(**asyncpg_connect_args(params))

    async def close_async(self) -> None:
        """Close this event loop's batch connection (the group commit's close); one
        whose server does not answer the goodbye within a few seconds is dropped, so a
        lost network cannot hold up a shutdown."""
        conn = self._async_conns.pop(asyncio.get_running_loop(), None)
        if conn is not None:
            with contextlib.suppress(TimeoutError):  # asyncpg dropped it meanwhile
                await conn.close(timeout=CLOSE_TIMEOUT)

    def _close_batches(self) -> None:
        """At :meth:`.Store.close`: the batch connections of event loops that did not
        close theirs (a loop that ended first) are dropped without a word to the server,
        which needs no running loop. asyncpg aborts a connection through its loop: where
        that loop is closed already, the socket goes when the connection is collected."""
        for conn in self._async_conns.values():
            with contextlib.suppress(RuntimeError):  # "Event loop is closed"
                conn.terminate()
        self._async_conns.clear()


def asyncpg_connect_args(params: Mapping[str, Any]) -> dict[str, Any]:
    """:func:`asyncpg.connect`'s arguments for the keyword arguments the engine gives
    psycopg (libpq's connection keywords). The usual ones map one to one; the rest
    (``sslmode``, ``options``, ...) go in a connection string's query, which asyncpg
    reads as libpq does. psycopg's adapters (``context``) have no counterpart.

    >>> asyncpg_connect_args({"host": "db", "port": 5432, "dbname": "st", "user": "u"})
    {'database': 'st', 'user': 'u', 'host': 'db', 'port': 5432}
    >>> asyncpg_connect_args({"dbname": "st", "sslmode": "require", "connect_timeout": "5"})
    {'database': 'st', 'timeout': 5.0, 'dsn': 'postgresql://?sslmode=require'}
    """
    libpq = {key: value for key, value in params.items() if key != "context"}
    args: dict[str, Any] = {}
    for theirs, ours in (
        ("dbname", "database"),
        ("user", "user"),
        ("password", "password"),
        ("host", "host"),
        ("port", "port"),
    ):
        if theirs in libpq:
            args[ours] = libpq.pop(theirs)
    if "connect_timeout" in libpq:
        args["timeout"] = float(libpq.pop("connect_timeout"))
    if libpq:
        args["dsn"] = "postgresql://?" + urlencode({k: str(v) for k, v in libpq.items()})
    return args


def batch_statement(actions: str, tables: str) -> str:
    """PostgreSQL's one statement for a batch of appends (to the tables named, schema
    included). The actions come as one JSON array of records; each table is touched
    once, and finished with its result where one of its actions ended the game (the
    table lock keeps a table to one action per batch, the grouping only makes sure).

    Its placeholders are asyncpg's (:meth:`ActionBatches.append_actions_async`): ``$1``
    is that JSON text, ``$2`` the time."""
    return (
        "WITH v AS (SELECT * FROM json_to_recordset($1::json) "
        "AS v(tid text, ply int, seat int, action json, result json)), "
        f"added AS (INSERT INTO {actions} (table_id, ply, seat, action, at) "
        "SELECT tid, ply, seat, action, $2 FROM v), "
        "ended AS (SELECT tid, (array_agg(result) FILTER (WHERE result IS NOT NULL))[1] "
        "AS result FROM v GROUP BY tid) "
        f"UPDATE {tables} AS t SET updated_at = $2, "
        "status = CASE WHEN e.result IS NULL THEN t.status ELSE 'finished' END, "
        "result = COALESCE(e.result, t.result) FROM ended AS e WHERE t.id = e.tid"
    )
