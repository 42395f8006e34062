"""Several actions appended in one transaction: the write-ahead's group commit
(:mod:`.groupcommit`).

A part of :class:`.repository.Store` (its base class), kept apart so the store's core
stays short.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, Engine, bindparam, insert, update
from sqlalchemy.exc import IntegrityError

from .models import ActionRow, TableRow
from .sides import _now

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
    _writer: Engine | None
    _append_sql: dict[bool, str] | None
    _batch_sql: str | None
    _batch_lock: threading.Lock
    _batch_conn: Connection | None

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
        if self._writer is not None:
            self._append_batch_postgres(appends, now)
            return
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

    def _append_batch_postgres(self, appends: Sequence[Append], now: datetime) -> None:
        """PostgreSQL: the whole batch as one statement (:func:`batch_statement`: its
        actions as one JSON text, inserted and their tables touched or finished
        together), autocommitted: one round trip per batch, where ``BEGIN``, the
        pipelined appends and ``COMMIT`` had taken three, and atomic all the same. The
        batch is one parameter because psycopg adapts a JSON text in microseconds and
        five arrays in a tenth of a millisecond. The connection is held between batches
        (a pool's checkout and reset cost more than the statement's own Python)."""
        import psycopg

        from .repository import StoreError  # the store's core imports this module

        assert self._writer is not None and self._batch_sql is not None
        rows = json.dumps(
            [
                {"tid": tid, "ply": ply, "seat": seat, "action": action, "result": result}
                for tid, ply, seat, action, result in appends
            ]
        )
        with self._batch_lock:
            conn = self._batch_conn
            if conn is None:
                conn = self._batch_conn = self._writer.connect()
            raw = conn.connection.dbapi_connection
            assert isinstance(raw, psycopg.Connection)
            try:
                with raw.cursor() as cur:
                    cur.execute(self._batch_sql, {"rows": rows, "now": now})
            except psycopg.IntegrityError as exc:
                raise StoreError(f"cannot append {len(appends)} actions: {exc}") from exc
            except BaseException:
                self._batch_conn = None
                conn.invalidate()  # a broken connection must not be used again
                raise

    def _close_batches(self) -> None:
        """Give back the connection held for batches (at :meth:`.Store.close`)."""
        with self._batch_lock:
            if self._batch_conn is not None:
                self._batch_conn.close()
                self._batch_conn = None


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
