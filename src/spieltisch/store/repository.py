"""The store: every read and write of tables, seats and actions, behind one class.

Callers get plain frozen records, never ORM objects, so nothing outside this module
holds a session. Every method is one short transaction; the server calls them from
worker threads. ``append_action`` is the write-ahead log of a live table: it commits
before the server tells anyone about the action. On PostgreSQL that is one statement
in one round trip (see :meth:`Store.append_action`), since every action of every table
pays for it.
"""

from __future__ import annotations

import hmac
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import (
    Engine,
    create_engine,
    event,
    func,
    select,
    text,
    update,
)
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from .batches import INSERT_ACTION, TOUCH_TABLE, ActionBatches, batch_statement
from .jsontext import dumps
from .models import (
    ActionRow,
    LeaseRow,
    RematchRow,
    SeatDeviceRow,
    SeatRow,
    TableRow,
    TableSettingsRow,
    TurnClockRow,
)
from .schema import Migration, migrate
from .seating import TableSeats
from .sides import TableSides, _now

STATUSES = ("open", "running", "finished", "abandoned", "broken", "expired", "closed")
"""``open`` waits for players; ``running`` and ``finished`` are games; ``broken`` is a
table whose record cannot be rebuilt (kept for its host to see, skipped at start-up);
``expired`` an open table nobody joined in time; ``closed`` an open table its host
closed before it started."""


def _table_names(schema: str | None) -> tuple[str, str]:
    """The action and table tables' names as the hot path's statements write them."""
    prefix = f'"{schema}".' if schema else ""
    return f"{prefix}{ActionRow.__tablename__}", f"{prefix}{TableRow.__tablename__}"


def _append_statements(schema: str | None) -> dict[bool, str]:
    """PostgreSQL's append statements (key: whether the action ends the game), written
    out once: the hot path skips SQLAlchemy's compiler and schema translation."""
    actions, tables = _table_names(schema)
    added = (
        f"WITH added AS (INSERT INTO {actions} (table_id, ply, seat, action, at) "
        "VALUES (%(tid)s, %(ply)s, %(seat)s, %(action)s::json, %(now)s)) "
    )
    return {
        False: added + f"UPDATE {tables} SET updated_at = %(now)s WHERE id = %(tid)s",
        True: added + f"UPDATE {tables} SET status = 'finished', result = %(result)s::json, "
        "updated_at = %(now)s WHERE id = %(tid)s",
    }


class StoreError(Exception):
    """A write the store refuses (a ply appended twice, an unknown table)."""


@dataclass(frozen=True, slots=True)
class SeatRecord:
    seat: int
    kind: str
    """``human`` or ``bot``."""
    level: str | None = None
    """Bot level, for bot seats."""
    name: str | None = None
    token_hash: str | None = None
    device_hashes: tuple[str, ...] = ()
    """Tokens of the devices the seat's player claimed it on (:class:`.models.SeatDeviceRow`)."""

    @property
    def taken(self) -> bool:
        return self.kind == "bot" or self.token_hash is not None

    def holds(self, digest: str) -> bool:
        """Whether a token of hash ``digest`` acts for this seat: its own token or one
        of its devices'; every stored hash is compared in full (timing-safe)."""
        ok = False
        for stored in (self.token_hash, *self.device_hashes):
            if stored is not None:
                ok |= hmac.compare_digest(digest.encode("ascii", "replace"), stored.encode())
        return ok


@dataclass(frozen=True, slots=True)
class TableRecord:
    id: str
    game: str
    options: dict[str, Any]
    players: int
    seed: int
    status: str
    host_hash: str
    created_at: datetime
    updated_at: datetime
    result: dict[str, Any] | None
    seats: tuple[SeatRecord, ...]
    plies: int
    """Number of stored actions."""


def _add_table(
    s: Session,
    table_id: str,
    game: str,
    options: dict[str, Any],
    players: int,
    seed: int,
    host_hash: str,
    seats: Sequence[SeatRecord],
    status: str,
    owner: str | None,
    settings: dict[str, Any] | None = None,
    turn_clock: tuple[str, int, int] | None = None,
) -> None:
    """Add a new table and its seats to session ``s`` (one way for every new table).

    ``owner`` (a cluster process) gets the table's lease in the same transaction: a
    table stored without one would look orphaned, and another process could adopt it
    before its creator claimed it. The table's own ``settings`` and its ``turn_clock``
    (mode, seconds per move or a time bank's base, its increment) are stored with it too:
    a table never runs without them."""
    now = _now()
    s.add(
        TableRow(
            id=table_id,
            game=game,
            options=dict(options),
            players=players,
            seed=seed,
            status=status,
            host_hash=host_hash,
            created_at=now,
            updated_at=now,
            result=None,
        )
    )
    s.flush()
    for seat in seats:
        s.add(
            SeatRow(
                table_id=table_id,
                seat=seat.seat,
                kind=seat.kind,
                level=seat.level,
                name=seat.name,
                token_hash=seat.token_hash,
            )
        )
    if owner is not None:
        s.add(LeaseRow(table_id=table_id, process=owner))
    if settings is not None:
        s.add(TableSettingsRow(table_id=table_id, settings=dict(settings)))
    if turn_clock is not None:
        mode, seconds, increment = turn_clock
        s.add(
            TurnClockRow(
                table_id=table_id,
                mode=mode,
                seconds=seconds,
                ply=0,
                deadlines={},
                increment=increment,
                banks={},
            )
        )


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    # WAL + synchronous=NORMAL survives a killed process (not a power cut) and lets
    # readers run beside the writer; foreign keys are off by default in SQLite.
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=5000")
    cur.close()


class Store(TableSeats, TableSides, ActionBatches):
    """Tables, seats and action records in any SQLAlchemy database.

    ``schema`` puts the tables into that PostgreSQL schema (created if missing), which
    is how tests isolate their runs.
    """

    def __init__(self, url: str, *, schema: str | None = None, create: bool = True) -> None:
        self.url = url
        self.schema = schema
        engine: Engine = create_engine(url, pool_pre_ping=True)
        if engine.dialect.name == "sqlite":
            event.listen(engine, "connect", _sqlite_pragmas)
        if schema is not None:
            engine = engine.execution_options(schema_translate_map={None: schema})
        self.engine = engine
        self._session = sessionmaker(engine, expire_on_commit=False)
        self._append_sql: dict[bool, str] | None = None
        self._batch_sql: str | None = None
        self._async_conns = {}
        self._writer: Engine | None = None
        self.migration: Migration | None = None
        """What opening did to the schema (``None`` with ``create=False``)."""
        if engine.dialect.name == "postgresql":
            self._append_sql = _append_statements(schema)
            self._batch_sql = batch_statement(*_table_names(schema))
            # Its own pool without a ping per checkout: append_action retries a dead
            # connection itself (where the ping's extra round trip would cost every move).
            self._writer = create_engine(url, isolation_level="AUTOCOMMIT")
        if create:
            self.create_schema()

    def create_schema(self) -> Migration:
        """Bring the database to the newest schema (:mod:`.schema`): create it, adopt
        one made before migrations, or migrate it; refuses one newer than this code."""
        self.migration = migrate(self.engine, self.schema)
        return self.migration

    def close(self) -> None:
        self._close_batches()
        self.engine.dispose()
        if self._writer is not None:
            self._writer.dispose()

    def ping(self) -> bool:
        """Whether the database answers."""
        with self.engine.connect() as conn:
            return conn.execute(text("SELECT 1")).scalar() == 1

    # -- tables --------------------------------------------------------------------------
    def create_table(
        self,
        *,
        table_id: str,
        game: str,
        options: dict[str, Any],
        players: int,
        seed: int,
        host_hash: str,
        seats: Sequence[SeatRecord],
        status: str = "open",
        owner: str | None = None,
        settings: dict[str, Any] | None = None,
        turn_clock: tuple[str, int, int] | None = None,
    ) -> TableRecord:
        """A new table with its seats, its lease, its settings and its turn clock, in one
        transaction; returns its record."""
        with self._session.begin() as s:
            _add_table(
                s,
                table_id,
                game,
                options,
                players,
                seed,
                host_hash,
                seats,
                status,
                owner,
                settings,
                turn_clock,
            )
        found = self.get_table(table_id)
        assert found is not None
        return found

    def get_table(self, table_id: str) -> TableRecord | None:
        with self._session() as s:
            row = s.get(TableRow, table_id)
            if row is None:
                return None
            return self._records(s, [row])[0]

    def list_tables(
        self, statuses: Sequence[str] = STATUSES, limit: int | None = 50
    ) -> list[TableRecord]:
        """Most recently changed first; ``limit=None`` lists them all."""
        with self._session() as s:
            query = (
                select(TableRow)
                .where(TableRow.status.in_(list(statuses)))
                .order_by(TableRow.updated_at.desc(), TableRow.id)
            )
            if limit is not None:
                query = query.limit(limit)
            return self._records(s, list(s.scalars(query).all()))

    def get_tables(self, table_ids: Sequence[str]) -> list[TableRecord]:
        """The records of ``table_ids`` (unknown ids left out), in one query."""
        with self._session() as s:
            rows = s.scalars(select(TableRow).where(TableRow.id.in_(list(table_ids)))).all()
            return self._records(s, list(rows))

    def table_ids(self, statuses: Sequence[str]) -> list[str]:
        """Ids of every table in ``statuses``, oldest change first (start-up reads them
        one by one, so a server with many tables never holds all records at once)."""
        with self._session() as s:
            return list(
                s.scalars(
                    select(TableRow.id)
                    .where(TableRow.status.in_(list(statuses)))
                    .order_by(TableRow.updated_at, TableRow.id)
                ).all()
            )

    def table_counts(self) -> dict[str, int]:
        """How many tables there are in each status, in one query (for ``/metrics``)."""
        with self._session() as s:
            rows = s.execute(select(TableRow.status, func.count()).group_by(TableRow.status))
            return {status: count for status, count in rows}

    def expire_open(self, before: datetime) -> list[str]:
        """Mark open tables untouched since ``before`` as expired; returns their ids."""
        with self._session.begin() as s:
            ids = list(
                s.scalars(
                    select(TableRow.id).where(
                        TableRow.status == "open", TableRow.updated_at < before
                    )
                ).all()
            )
            if ids:
                s.execute(
                    update(TableRow)
                    .where(TableRow.id.in_(ids), TableRow.status == "open")
                    .values(status="expired", updated_at=_now())
                )
            return ids

    def _records(self, s: Session, rows: list[TableRow]) -> list[TableRecord]:
        ids = [r.id for r in rows]
        seats: dict[str, list[SeatRecord]] = {i: [] for i in ids}
        plies: dict[str, int] = dict.fromkeys(ids, 0)
        if ids:
            devices: dict[tuple[str, int], list[str]] = {}
            for tid, seat, digest in s.execute(
                select(SeatDeviceRow.table_id, SeatDeviceRow.seat, SeatDeviceRow.token_hash)
                .where(SeatDeviceRow.table_id.in_(ids))
                .order_by(SeatDeviceRow.created_at)
            ):
                devices.setdefault((tid, int(seat)), []).append(digest)
            for sr in s.scalars(
                select(SeatRow).where(SeatRow.table_id.in_(ids)).order_by(SeatRow.seat)
            ):
                held = tuple(devices.get((sr.table_id, sr.seat), ()))
                seats[sr.table_id].append(
                    SeatRecord(sr.seat, sr.kind, sr.level, sr.name, sr.token_hash, held)
                )
            for tid, n in s.execute(
                select(ActionRow.table_id, func.count())
                .where(ActionRow.table_id.in_(ids))
                .group_by(ActionRow.table_id)
            ):
                plies[tid] = int(n)
        return [
            TableRecord(
                id=r.id,
                game=r.game,
                options=dict(r.options),
                players=r.players,
                seed=int(r.seed),
                status=r.status,
                host_hash=r.host_hash,
                created_at=r.created_at,
                updated_at=r.updated_at,
                result=r.result,
                seats=tuple(seats[r.id]),
                plies=plies[r.id],
            )
            for r in rows
        ]

    def set_status(
        self,
        table_id: str,
        status: str,
        result: dict[str, Any] | None = None,
        *,
        expect: str | None = None,
    ) -> bool:
        """Change a table's status; with ``expect``, only from that status (``False`` if
        the table was in another one, e.g. another request started it first)."""
        if status not in STATUSES:
            raise StoreError(f"unknown status {status!r}")
        with self._session.begin() as s:
            query = update(TableRow).where(TableRow.id == table_id)
            if expect is not None:
                query = query.where(TableRow.status == expect)
            done = s.execute(query.values(status=status, result=result, updated_at=_now()))
            return bool(getattr(done, "rowcount", 0) == 1)

    # -- the action record ---------------------------------------------------------------
    def append_action(
        self,
        table_id: str,
        ply: int,
        seat: int,
        action: dict[str, Any],
        result: dict[str, Any] | None = None,
    ) -> None:
        """Append one action; committed when this returns. An action that ends the game
        comes with its ``result``: the table is finished in the same transaction, so a
        kill can never leave a game over but its table running.

        :raises StoreError: the ply exists already or the table does not.
        """
        now = _now()
        if self._writer is not None:
            self._append_one_statement(table_id, ply, seat, action, result, now)
            return
        # Core statements, not the ORM: this is the hot path of every live table.
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    INSERT_ACTION,
                    {"table_id": table_id, "ply": ply, "seat": seat, "action": action, "at": now},
                )
                if result is None:
                    conn.execute(TOUCH_TABLE, {"tid": table_id, "now": now})
                else:
                    conn.execute(
                        update(TableRow)
                        .where(TableRow.id == table_id)
                        .values(status="finished", result=result, updated_at=now)
                    )
        except IntegrityError as exc:
            raise StoreError(f"cannot append ply {ply} to table {table_id}: {exc.orig}") from exc

    def _append_one_statement(
        self,
        table_id: str,
        ply: int,
        seat: int,
        action: dict[str, Any],
        result: dict[str, Any] | None,
        now: datetime,
    ) -> None:
        """PostgreSQL: insert the action and touch (or finish) its table in one
        statement, committed on its own (autocommit): one round trip instead of five
        (ping, begin, insert, update, commit), atomic all the same.

        A connection found dead (the database restarted since it was last used) is
        retried once on a fresh one. If the first try did commit before its connection
        died, the retry meets its own row: that is success, not a duplicate ply.
        """
        assert self._writer is not None and self._append_sql is not None
        params = {
            "tid": table_id,
            "ply": ply,
            "seat": seat,
            "action": dumps(action),
            "now": now,
            "result": None if result is None else dumps(result),
        }
        sql = self._append_sql[result is not None]
        for attempt in (1, 2):
            try:
                with self._writer.connect() as conn:
                    conn.exec_driver_sql(sql, params)
                return
            except IntegrityError as exc:
                if attempt == 2 and self._stored_action(table_id, ply) == (seat, action):
                    return
                raise StoreError(
                    f"cannot append ply {ply} to table {table_id}: {exc.orig}"
                ) from exc
            except DBAPIError as exc:
                if attempt == 2 or not exc.connection_invalidated:
                    raise

    def _stored_action(self, table_id: str, ply: int) -> tuple[int, dict[str, Any]] | None:
        with self._session() as s:
            row = s.execute(
                select(ActionRow.seat, ActionRow.action).where(
                    ActionRow.table_id == table_id, ActionRow.ply == ply
                )
            ).first()
        return None if row is None else (int(row[0]), row[1])

    def actions(self, table_id: str) -> list[dict[str, Any]]:
        """The table's actions in order, as ``{"seat", "action"}`` (the record's form)."""
        with self._session() as s:
            rows = s.execute(
                select(ActionRow.ply, ActionRow.seat, ActionRow.action)
                .where(ActionRow.table_id == table_id)
                .order_by(ActionRow.ply)
            ).all()
        for expected, (ply, _seat, _action) in enumerate(rows):
            if ply != expected:
                raise StoreError(f"table {table_id}: ply {expected} is missing from the record")
        return [{"seat": int(seat), "action": action} for _ply, seat, action in rows]

    def record(self, table_id: str) -> dict[str, Any]:
        """The game record (``spieltisch.replay`` input) of a table.

        :raises StoreError: for an unknown table.
        """
        table = self.get_table(table_id)
        if table is None:
            raise StoreError(f"no table {table_id!r}")
        return {
            "game": table.game,
            "options": table.options,
            "players": table.players,
            "seed": table.seed,
            "actions": self.actions(table_id),
        }

    # -- lobby pages ---------------------------------------------------------------------
    def list_tables_page(
        self, statuses: Sequence[str], limit: int, offset: int = 0
    ) -> list[TableRecord]:
        """One page of :meth:`list_tables` (most recently changed first)."""
        with self._session() as s:
            query = (
                select(TableRow)
                .where(TableRow.status.in_(list(statuses)))
                .order_by(TableRow.updated_at.desc(), TableRow.id)
                .limit(limit)
                .offset(offset)
            )
            return self._records(s, list(s.scalars(query).all()))

    # -- rematches -----------------------------------------------------------------------
    def create_rematch(
        self,
        previous: str,
        *,
        table_id: str,
        game: str,
        options: dict[str, Any],
        players: int,
        seed: int,
        host_hash: str,
        seats: Sequence[SeatRecord],
        owner: str | None = None,
        settings: dict[str, Any] | None = None,
        turn_clock: tuple[str, int, int] | None = None,
    ) -> tuple[str, bool]:
        """The rematch of finished table ``previous``: this new open table, made with its
        link in one transaction, unless another request made one first. Returns the
        rematch's id and whether it was made here; any process may call it.
        """
        try:
            with self._session.begin() as s:
                _add_table(
                    s,
                    table_id,
                    game,
                    options,
                    players,
                    seed,
                    host_hash,
                    seats,
                    "open",
                    owner,
                    settings,
                    turn_clock,
                )
                s.add(RematchRow(table_id=previous, next_id=table_id))
        except IntegrityError:
            _before, after = self.rematch_links(previous)
            if after is None:  # not a lost race: the previous table is missing
                raise StoreError(f"no table {previous!r} to play again") from None
            return after, False
        return table_id, True
