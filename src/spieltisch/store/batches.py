"""Several actions appended in one transaction: the write-ahead's group commit
(:mod:`.groupcommit`).

A part of :class:`.repository.Store` (its base class), kept apart so the store's core
stays short.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Engine, bindparam, insert, update
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
        """PostgreSQL: the one-statement appends of :meth:`_append_one_statement`, sent
        together (psycopg pipelines ``executemany``) inside one ``BEGIN``/``COMMIT``."""
        import psycopg

        from .repository import StoreError  # the store's core imports this module

        assert self._writer is not None and self._append_sql is not None
        batches: dict[bool, list[dict[str, Any]]] = {False: [], True: []}
        for tid, ply, seat, action, result in appends:
            batches[result is not None].append(
                {
                    "tid": tid,
                    "ply": ply,
                    "seat": seat,
                    "action": json.dumps(action),
                    "now": now,
                    "result": None if result is None else json.dumps(result),
                }
            )
        with self._writer.connect() as conn:
            raw = conn.connection.dbapi_connection
            assert isinstance(raw, psycopg.Connection)
            try:
                with raw.transaction(), raw.cursor() as cur:
                    for final, params in batches.items():
                        if params:
                            cur.executemany(self._append_sql[final], params)
            except psycopg.IntegrityError as exc:
                raise StoreError(f"cannot append {len(appends)} actions: {exc}") from exc
            except psycopg.Error:
                conn.invalidate()  # a broken connection must not go back to the pool
                raise
