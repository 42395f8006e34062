"""Moderation's rows: admins, banned names, hidden chat and the moderation log.

Every moderation change is written in the same transaction as its log entry, so the
log never misses an action that happened nor lists one that did not.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from .models import (
    AdminRow,
    BannedNameRow,
    ChatRow,
    HiddenChatRow,
    ModerationRow,
    PlayerRow,
    TableRow,
)
from .players import NameTaken, name_key
from .repository import Store
from .sides import ChatRecord, chat_record


@dataclass(frozen=True, slots=True)
class LogEntry:
    id: int
    at: datetime
    admin: str
    """``token`` (the admin token of the settings) or the admin player's name."""
    action: str
    target: str
    detail: str | None


def _now() -> datetime:
    return datetime.now(UTC)


def _aware(at: datetime) -> datetime:
    return at if at.tzinfo is not None else at.replace(tzinfo=UTC)  # SQLite drops it


class Moderation:
    """The moderation rows of one store (its engine and PostgreSQL schema)."""

    def __init__(self, store: Store) -> None:
        self._session = sessionmaker(store.engine, expire_on_commit=False)

    @staticmethod
    def _log(s: Session, admin: str, action: str, target: str, detail: str | None) -> None:
        s.add(
            ModerationRow(
                at=_now(), admin=admin[:60], action=action, target=target[:80], detail=detail
            )
        )

    def log(self, limit: int = 100) -> list[LogEntry]:
        """The newest ``limit`` log entries, newest first."""
        with self._session() as s:
            rows = s.scalars(
                select(ModerationRow).order_by(ModerationRow.id.desc()).limit(limit)
            ).all()
            return [
                LogEntry(r.id, _aware(r.at), r.admin, r.action, r.target, r.detail) for r in rows
            ]

    # -- admins ------------------------------------------------------------------------
    def is_admin(self, player_id: str) -> bool:
        with self._session() as s:
            return s.get(AdminRow, player_id) is not None

    def set_admin(self, player_id: str, admin: bool, by: str) -> bool:
        """Grant or revoke; ``False`` if it was so already."""
        with self._session.begin() as s:
            row = s.get(AdminRow, player_id)
            if (row is not None) == admin:
                return False
            if admin:
                s.add(AdminRow(player_id=player_id, granted_at=_now()))
            else:
                s.delete(row)
            self._log(s, by, "admin_grant" if admin else "admin_revoke", player_id, None)
            return True

    # -- names -------------------------------------------------------------------------
    def is_banned(self, name: str) -> bool:
        with self._session() as s:
            return s.get(BannedNameRow, name_key(name)) is not None

    def banned(self) -> list[str]:
        with self._session() as s:
            return list(s.scalars(select(BannedNameRow.name).order_by(BannedNameRow.at)).all())

    def ban(self, name: str, by: str) -> bool:
        """Ban ``name``; ``False`` if it was banned already."""
        with self._session.begin() as s:
            if s.get(BannedNameRow, name_key(name)) is not None:
                return False
            s.add(BannedNameRow(name_key=name_key(name), name=name, at=_now()))
            self._log(s, by, "ban", name, None)
            return True

    def unban(self, name: str, by: str) -> bool:
        """Lift a ban; ``False`` if the name was not banned."""
        with self._session.begin() as s:
            done = s.execute(delete(BannedNameRow).where(BannedNameRow.name_key == name_key(name)))
            if not getattr(done, "rowcount", 0):
                return False
            self._log(s, by, "unban", name, None)
            return True

    def rename(self, player_id: str, name: str, by: str) -> str | None:
        """Give a player a new name; returns the old one (``None``: no such player).

        :raises NameTaken: another player has the name (ignoring case).
        """
        try:
            with self._session.begin() as s:
                row = s.get(PlayerRow, player_id)
                if row is None:
                    return None
                old = row.name
                s.execute(
                    update(PlayerRow)
                    .where(PlayerRow.id == player_id)
                    .values(name=name, name_key=name_key(name))
                )
                self._log(s, by, "rename", player_id, f"{old} -> {name}")
                return old
        except IntegrityError as exc:
            raise NameTaken(name) from exc

    def note(self, by: str, action: str, target: str, detail: str | None = None) -> None:
        """Log an action whose change another store call made (a rating reset)."""
        with self._session.begin() as s:
            self._log(s, by, action, target, detail)

    # -- tables and chat ---------------------------------------------------------------
    def close_table(self, table_id: str, by: str) -> str | None:
        """Close an open or running table for good; returns the status it had (``None``:
        no such table, or it was not open or running: nothing changed)."""
        with self._session.begin() as s:
            row = s.get(TableRow, table_id)
            if row is None or row.status not in ("open", "running"):
                return None
            was = row.status
            row.status, row.updated_at = "closed", _now()
            self._log(s, by, "close_table", table_id, was)
            return was

    def delete_table(self, table_id: str, by: str) -> bool:
        """Delete a table with its seats, actions, chat and the rest (their foreign keys
        cascade); ``False`` if there was no such table."""
        with self._session.begin() as s:
            row = s.get(TableRow, table_id)
            if row is None:
                return False
            detail = f"{row.game} {row.status}"
            s.delete(row)
            self._log(s, by, "delete_table", table_id, detail)
            return True

    def chat(self, table_id: str, last: int) -> list[tuple[ChatRecord, bool]]:
        """The table's ``last`` newest chat messages, oldest first, each with whether it
        is hidden (a moderator sees them all)."""
        with self._session() as s:
            rows = s.execute(
                select(ChatRow, HiddenChatRow.chat_id)
                .outerjoin(HiddenChatRow, HiddenChatRow.chat_id == ChatRow.id)
                .where(ChatRow.table_id == table_id)
                .order_by(ChatRow.id.desc())
                .limit(last)
            ).all()
            return [(chat_record(row), hidden is not None) for row, hidden in reversed(rows)]

    def hide_chat(self, table_id: str, chat_id: int, by: str) -> bool | None:
        """Hide a chat message of a table; ``None``: no such message at that table,
        ``False``: hidden already."""
        with self._session.begin() as s:
            row = s.get(ChatRow, chat_id)
            if row is None or row.table_id != table_id:
                return None
            if s.get(HiddenChatRow, chat_id) is not None:
                return False
            s.add(HiddenChatRow(chat_id=chat_id, at=_now()))
            self._log(
                s, by, "hide_chat", table_id, f"#{chat_id}: {row.quick or row.text or ''}"[:200]
            )
            return True
