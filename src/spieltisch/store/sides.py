"""What a table has beside its seats and actions: its own settings, its chat, its turn
clock and its rematch link, one small row kind each.

A part of :class:`.repository.Store` (its base class), kept apart so the store's core,
tables, seats and the action log, reads on its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from .models import ChatRow, RematchRow, TableSettingsRow, TurnClockRow


def _now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True, slots=True)
class TurnClockRecord:
    mode: str
    seconds: int
    ply: int
    """The number of actions the deadlines were set after."""
    deadlines: dict[int, float]
    """Epoch seconds per seat to move."""
    increment: int = 0
    """A time bank's increment per turn."""
    banks: dict[int, float] = field(default_factory=dict)
    """A time bank's seconds per seat not to move (missing: the base time)."""


@dataclass(frozen=True, slots=True)
class ChatRecord:
    id: int
    table_id: str
    seat: int | None
    name: str | None
    quick: str | None
    text: str | None
    at: datetime


def _chat_record(row: ChatRow) -> ChatRecord:
    at = row.at if row.at.tzinfo is not None else row.at.replace(tzinfo=UTC)  # SQLite
    return ChatRecord(row.id, row.table_id, row.seat, row.name, row.quick, row.text, at)


class TableSides:
    """Reads and writes of a table's side rows (see the module)."""

    _session: sessionmaker[Session]

    # -- settings and chat ---------------------------------------------------------------
    def set_table_settings(self, table_id: str, settings: dict[str, Any]) -> None:
        """Store a table's own settings (replacing any earlier ones)."""
        with self._session.begin() as s:
            row = s.get(TableSettingsRow, table_id)
            if row is None:
                s.add(TableSettingsRow(table_id=table_id, settings=dict(settings)))
            else:
                row.settings = dict(settings)

    def table_settings(self, table_id: str) -> dict[str, Any]:
        """A table's own settings; ``{}`` for a table stored without any."""
        with self._session() as s:
            row = s.get(TableSettingsRow, table_id)
            return dict(row.settings) if row is not None else {}

    def add_chat(
        self, table_id: str, seat: int | None, name: str | None, quick: str | None, body: str | None
    ) -> ChatRecord:
        """Append a chat message; it is stored before anyone reads it."""
        with self._session.begin() as s:
            row = ChatRow(
                table_id=table_id, seat=seat, name=name, quick=quick, text=body, at=_now()
            )
            s.add(row)
            s.flush()
            return _chat_record(row)

    def chat(self, table_id: str, last: int) -> list[ChatRecord]:
        """The table's ``last`` newest chat messages, oldest first."""
        with self._session() as s:
            rows = s.scalars(
                select(ChatRow)
                .where(ChatRow.table_id == table_id)
                .order_by(ChatRow.id.desc())
                .limit(last)
            ).all()
            return [_chat_record(r) for r in reversed(rows)]

    # -- turn clocks and rematches -------------------------------------------------------
    def save_turn_clock(
        self,
        table_id: str,
        mode: str,
        seconds: int,
        ply: int,
        deadlines: dict[int, float],
        increment: int = 0,
        banks: dict[int, float] | None = None,
    ) -> None:
        """Store a table's turn clock as it is after ``ply`` actions (replacing the last)."""
        stored = {str(seat): float(at) for seat, at in deadlines.items()}
        banked = {str(seat): float(left) for seat, left in (banks or {}).items()}
        with self._session.begin() as s:
            row = s.get(TurnClockRow, table_id)
            if row is None:
                row = TurnClockRow(table_id=table_id)
                s.add(row)
            row.mode, row.seconds, row.ply, row.deadlines = mode, seconds, ply, stored
            row.increment, row.banks = increment, banked

    def turn_clocks(self, table_ids: Sequence[str]) -> dict[str, TurnClockRecord]:
        """The turn clocks of those of ``table_ids`` that have one."""
        if not table_ids:
            return {}
        with self._session() as s:
            rows = s.scalars(select(TurnClockRow).where(TurnClockRow.table_id.in_(table_ids)))
            return {
                r.table_id: TurnClockRecord(
                    r.mode,
                    r.seconds,
                    r.ply,
                    {int(k): float(v) for k, v in r.deadlines.items()},
                    r.increment or 0,
                    {int(k): float(v) for k, v in (r.banks or {}).items()},
                )
                for r in rows
            }

    def rematch_links(self, table_id: str) -> tuple[str | None, str | None]:
        """The table this one is the rematch of, and its own rematch (``None``: none)."""
        with self._session() as s:
            before = s.scalar(select(RematchRow.table_id).where(RematchRow.next_id == table_id))
            after = s.scalar(select(RematchRow.next_id).where(RematchRow.table_id == table_id))
            return before, after
