"""Who sits where: claiming a seat, handing it to a bot and back, and the seat spans
that record who played a person's seat from which ply on (:mod:`spieltisch.server.botplies`).

A part of :class:`.repository.Store` (its base class), kept apart so the store's core,
tables and the action log, reads on its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import delete, insert, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from .models import ActionRow, SeatDeviceRow, SeatRow, SeatSpanRow, TablePresenceRow, TableRow
from .sides import _now


@dataclass(frozen=True, slots=True)
class SeatSpan:
    """From ply ``from_ply`` on, ``seat`` was played by a bot of ``level`` (``None``: by
    its person again)."""

    seat: int
    from_ply: int
    level: str | None


class TableSeats:
    """Reads and writes of a table's seats (see the module)."""

    _session: sessionmaker[Session]

    def claim_seat(self, table_id: str, seat: int, name: str, token_hash: str) -> bool:
        """Give a free human seat to a player; ``False`` if it was taken meanwhile."""
        with self._session.begin() as s:
            done = s.execute(
                update(SeatRow)
                .where(
                    SeatRow.table_id == table_id,
                    SeatRow.seat == seat,
                    SeatRow.kind == "human",
                    SeatRow.token_hash.is_(None),
                )
                .values(name=name, token_hash=token_hash)
            )
            s.execute(update(TableRow).where(TableRow.id == table_id).values(updated_at=_now()))
            return bool(getattr(done, "rowcount", 0) == 1)

    def add_seat_device(self, table_id: str, seat: int, token_hash: str, keep: int) -> None:
        """Store a further token of ``seat`` (a device its player claimed it on); only the
        newest ``keep`` devices of the seat stay, an older one's token stops working."""
        with self._session.begin() as s:
            s.add(
                SeatDeviceRow(
                    token_hash=token_hash, table_id=table_id, seat=seat, created_at=_now()
                )
            )
            s.flush()
            kept = select(SeatDeviceRow.token_hash).where(
                SeatDeviceRow.table_id == table_id, SeatDeviceRow.seat == seat
            )
            newest = kept.order_by(SeatDeviceRow.created_at.desc()).limit(keep)
            s.execute(
                delete(SeatDeviceRow).where(
                    SeatDeviceRow.table_id == table_id,
                    SeatDeviceRow.seat == seat,
                    SeatDeviceRow.token_hash.not_in(newest.scalar_subquery()),
                )
            )

    def set_seat_kind(
        self,
        table_id: str,
        seat: int,
        kind: str,
        level: str | None,
        *,
        from_ply: int | None = None,
    ) -> None:
        """Hand a seat to a bot (``kind="bot"``) or back to its human (``"human"``).

        ``from_ply`` (a running game: its next ply) stores the change as a seat span in
        the same transaction (:meth:`seat_spans`), so the seat and the record of who
        played it never disagree; a rare write, kept off the per-action path."""
        with self._session.begin() as s:
            _set_seat_kind(s, table_id, seat, kind, level, from_ply)

    def resign_seat(
        self,
        table_id: str,
        ply: int,
        seat: int,
        action: dict[str, Any],
        result: dict[str, Any] | None,
        stand_in: str | None,
    ) -> None:
        """Append ``seat``'s resignation at ``ply`` and, while the game goes on (no
        ``result``), hand the seat to its ``stand_in`` bot from the next ply, in one
        transaction: a kill between the two can no longer leave a resigned seat that
        nobody plays (a game it ends is finished with it, as by :meth:`append_action`).

        :raises StoreError: the ply exists already or the table does not.
        """
        from .repository import StoreError  # the store's core imports this module

        now = _now()
        try:
            with self._session.begin() as s:
                s.execute(
                    insert(ActionRow).values(
                        table_id=table_id, ply=ply, seat=seat, action=action, at=now
                    )
                )
                done: dict[str, Any] = {"updated_at": now}
                if result is not None:
                    done.update(status="finished", result=result)
                s.execute(update(TableRow).where(TableRow.id == table_id).values(**done))
                if result is None and stand_in is not None:
                    _set_seat_kind(s, table_id, seat, "bot", stand_in, ply + 1)
        except IntegrityError as exc:
            raise StoreError(f"cannot append ply {ply} to table {table_id}: {exc.orig}") from exc

    def touch_tables(self, table_ids: list[str]) -> None:
        """Mark ``table_ids`` as changed now: tables in use (a connected seat) that an
        idle-table expiry must leave alone."""
        if table_ids:
            with self._session.begin() as s:
                s.execute(
                    update(TableRow).where(TableRow.id.in_(table_ids)).values(updated_at=_now())
                )

    def mark_present(self, table_ids: list[str], at: datetime) -> None:
        """Record that a person was connected to each of ``table_ids`` at ``at``."""
        if not table_ids:
            return
        with self._session.begin() as s:
            dialect = s.get_bind().dialect.name
            upsert = pg_insert if dialect == "postgresql" else sqlite_insert
            stmt = upsert(TablePresenceRow).values(
                [{"table_id": table_id, "seen_at": at} for table_id in table_ids]
            )
            # One statement, not read-then-write: two marks racing for a new table (the
            # presence sweep and a visit) must not collide on its key.
            s.execute(
                stmt.on_conflict_do_update(
                    index_elements=[TablePresenceRow.table_id],
                    set_={"seen_at": stmt.excluded.seen_at},
                )
            )

    def last_present(self, table_ids: list[str]) -> dict[str, datetime]:
        """When a person was last connected to each of ``table_ids`` (absent: never
        recorded)."""
        if not table_ids:
            return {}
        with self._session() as s:
            rows = s.execute(
                select(TablePresenceRow.table_id, TablePresenceRow.seen_at).where(
                    TablePresenceRow.table_id.in_(table_ids)
                )
            ).all()
        return {str(tid): _aware(at) for tid, at in rows}

    def seat_spans(self, table_id: str) -> list[SeatSpan]:
        """The stored seat changes of a table's game, by seat and ply."""
        with self._session() as s:
            rows = s.execute(
                select(SeatSpanRow.seat, SeatSpanRow.from_ply, SeatSpanRow.level)
                .where(SeatSpanRow.table_id == table_id)
                .order_by(SeatSpanRow.seat, SeatSpanRow.from_ply)
            ).all()
        return [SeatSpan(int(seat), int(ply), level) for seat, ply, level in rows]

    def seat_free_bot(self, table_id: str, seat: int, level: str) -> bool:
        """Give a human seat nobody has taken (free, or held for a player who has not
        come) to a bot; ``False`` if somebody took it first. The held name goes: the bot
        plays for nobody in particular."""
        with self._session.begin() as s:
            done = s.execute(
                update(SeatRow)
                .where(
                    SeatRow.table_id == table_id,
                    SeatRow.seat == seat,
                    SeatRow.kind == "human",
                    SeatRow.token_hash.is_(None),
                )
                .values(kind="bot", level=level, name=None)
            )
            s.execute(update(TableRow).where(TableRow.id == table_id).values(updated_at=_now()))
            return bool(getattr(done, "rowcount", 0) == 1)


def _aware(at: datetime) -> datetime:
    """SQLite gives back naive datetimes; every stored time is UTC."""
    return at if at.tzinfo is not None else at.replace(tzinfo=UTC)


def _set_seat_kind(
    s: Session, table_id: str, seat: int, kind: str, level: str | None, from_ply: int | None
) -> None:
    """The seat's new kind and, in a running game, its seat span (in ``s``'s transaction)."""
    s.execute(
        update(SeatRow)
        .where(SeatRow.table_id == table_id, SeatRow.seat == seat)
        .values(kind=kind, level=level)
    )
    if from_ply is None:
        return
    span_level = level if kind == "bot" else None
    span = s.get(SeatSpanRow, (table_id, seat, from_ply))
    if span is None:
        s.add(SeatSpanRow(table_id=table_id, seat=seat, from_ply=from_ply, level=span_level))
    else:  # changed twice before the seat moved: the later change counts
        span.level = span_level
