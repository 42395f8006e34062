"""Table ownership across server processes: heartbeats and leases in PostgreSQL.

Several processes serve one database; each live table is run by exactly one of them,
its owner (bots, the bell, timers, every write). A lease names the owner and is valid
while that process is alive, and a process is alive while its heartbeat row lies in the
future of the *database's* clock (``now()``), so clocks of different machines never
meet. One heartbeat renews every lease of a process at once.

Taking over is one ``UPDATE`` that only moves leases whose owner is not alive; two
processes racing for a table serialise on its row, and the second re-checks the owner
after the first committed, so a table never has two owners that both believe it. The
action record's primary key ``(table_id, ply)`` fences a process that kept running
after it was declared dead: its next write fails instead of forking the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from sqlalchemy import ColumnElement, Select, and_, delete, func, literal, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert

from .models import LeaseRow, ProcessRow, TableRow
from .repository import Store

LIVE_STATUSES = ("open", "running")
"""Tables that need an owner."""


class Leases:
    """The leases and heartbeat of one process (``me``) in a PostgreSQL store."""

    def __init__(self, store: Store, me: str, ttl: float) -> None:
        if store.engine.dialect.name != "postgresql":
            raise ValueError("several server processes need PostgreSQL as their database")
        self.store = store
        self.me = me
        self.ttl = ttl

    def _until(self) -> ColumnElement[datetime]:
        return func.now() + timedelta(seconds=self.ttl)

    @staticmethod
    def _alive() -> Select[str]:
        """Ids of the processes alive now."""
        return select(ProcessRow.id).where(ProcessRow.alive_until > func.now())

    def beat(self) -> None:
        """Renew this process's heartbeat (and with it every lease it holds)."""
        until = self._until()
        with self.store.engine.begin() as conn:
            conn.execute(
                pg_insert(ProcessRow)
                .values(id=self.me, alive_until=until)
                .on_conflict_do_update(index_elements=[ProcessRow.id], set_={"alive_until": until})
            )

    def mine(self) -> set[str]:
        """The tables this process owns now. A process that was taken for dead gets back
        only the leases nobody took over meanwhile; it drops every other table it runs."""
        with self.store.engine.connect() as conn:
            owned = conn.execute(select(LeaseRow.table_id).where(LeaseRow.process == self.me))
            return {row[0] for row in owned}

    def claim(self, table_ids: Sequence[str]) -> set[str]:
        """Take every table of ``table_ids`` that has no live owner; the ones now ours
        (including those we held already)."""
        if not table_ids:
            return set()
        with self.store.engine.begin() as conn:
            conn.execute(
                pg_insert(LeaseRow)
                .from_select(
                    ["table_id", "process"],
                    select(TableRow.id, literal(self.me)).where(TableRow.id.in_(table_ids)),
                )
                .on_conflict_do_nothing(index_elements=[LeaseRow.table_id])
            )
            others = self._alive().where(ProcessRow.id != self.me).scalar_subquery()
            conn.execute(
                update(LeaseRow)
                .where(LeaseRow.table_id.in_(table_ids), LeaseRow.process.not_in(others))
                .values(process=self.me)
            )
            mine = conn.execute(
                select(LeaseRow.table_id).where(
                    LeaseRow.table_id.in_(table_ids), LeaseRow.process == self.me
                )
            )
            return {row[0] for row in mine}

    def owners(self, table_ids: Sequence[str]) -> dict[str, str]:
        """The live owner of each of ``table_ids`` that has one."""
        if not table_ids:
            return {}
        with self.store.engine.connect() as conn:
            rows = conn.execute(
                select(LeaseRow.table_id, LeaseRow.process)
                .join(ProcessRow, ProcessRow.id == LeaseRow.process)
                .where(LeaseRow.table_id.in_(table_ids), ProcessRow.alive_until > func.now())
            )
            return {tid: proc for tid, proc in rows}

    def alive(self, processes: Sequence[str]) -> set[str]:
        """Which of ``processes`` are alive."""
        if not processes:
            return set()
        with self.store.engine.connect() as conn:
            rows = conn.execute(
                select(ProcessRow.id).where(
                    ProcessRow.id.in_(processes), ProcessRow.alive_until > func.now()
                )
            )
            return {row[0] for row in rows}

    def orphans(self, limit: int) -> list[str]:
        """Open and running tables that no live process owns (their owner died)."""
        live_owner = and_(
            LeaseRow.table_id == TableRow.id,
            LeaseRow.process.in_(self._alive().scalar_subquery()),
        )
        query = (
            select(TableRow.id)
            .where(
                TableRow.status.in_(LIVE_STATUSES),
                ~select(LeaseRow.table_id).where(live_owner).exists(),
            )
            .order_by(func.random())
            .limit(limit)
        )
        with self.store.engine.connect() as conn:
            return [row[0] for row in conn.execute(query)]

    def release(self, table_ids: Sequence[str] | None = None) -> None:
        """Give up ``table_ids`` (all of them and the heartbeat when ``None``: a clean
        shutdown, so the others take over at once instead of after the lease time)."""
        with self.store.engine.begin() as conn:
            mine = LeaseRow.process == self.me
            if table_ids is None:
                conn.execute(delete(LeaseRow).where(mine))
                conn.execute(delete(ProcessRow).where(ProcessRow.id == self.me))
            elif table_ids:
                conn.execute(delete(LeaseRow).where(mine, LeaseRow.table_id.in_(table_ids)))

    def forget_dead(self, after: float) -> None:
        """Delete heartbeats of processes dead for ``after`` seconds (housekeeping)."""
        cutoff = func.now() - timedelta(seconds=after)
        with self.store.engine.begin() as conn:
            gone = select(ProcessRow.id).where(ProcessRow.alive_until < cutoff)
            conn.execute(delete(LeaseRow).where(LeaseRow.process.in_(gone.scalar_subquery())))
            conn.execute(delete(ProcessRow).where(ProcessRow.alive_until < cutoff))
