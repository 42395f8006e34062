"""The database schema: tables, seats, and the append-only action record.

A table's game is its seed plus its actions (ARCHITECTURE.md, principle 4), so the
schema stores exactly that; states are rebuilt by replay. ``(table_id, ply)`` is the
primary key of an action, so two writers can never both append the same ply. Token
columns hold SHA-256 hashes, never tokens. Works unchanged on SQLite and PostgreSQL;
a PostgreSQL schema is chosen per store with ``schema_translate_map``.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "st_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    players: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(16), index=True)
    """One of ``store.repository.STATUSES``."""
    host_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)


class SeatRow(Base):
    __tablename__ = "st_seats"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("st_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    """``human`` or ``bot``."""
    level: Mapped[str | None] = mapped_column(String(32), nullable=True)
    name: Mapped[str | None] = mapped_column(String(40), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)


class ActionRow(Base):
    __tablename__ = "st_actions"
    __table_args__ = (Index("ix_st_actions_table", "table_id"),)

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("st_tables.id", ondelete="CASCADE"), primary_key=True
    )
    ply: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ProcessRow(Base):
    """A server process of a cluster and how long it counts as alive (its heartbeat)."""

    __tablename__ = "st_processes"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    alive_until: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class LeaseRow(Base):
    """Which process owns a live table: valid while that process is alive, so one
    heartbeat renews all of a process's tables at once."""

    __tablename__ = "st_leases"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("st_tables.id", ondelete="CASCADE"), primary_key=True
    )
    process: Mapped[str] = mapped_column(String(32), index=True)


class TablePresenceRow(Base):
    """When a person was last connected to a running table: a restarted server, or the
    process that takes the table over, counts the time its people have been gone from
    here (:mod:`spieltisch.server.abandon`)."""

    __tablename__ = "st_table_presence"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("st_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seen_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class TableSettingsRow(Base):
    """A table's own settings beside its game options (who may read its chat): a table
    of its own, so databases made before it keep working (``create_all`` adds it)."""

    __tablename__ = "st_table_settings"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("st_tables.id", ondelete="CASCADE"), primary_key=True
    )
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)


class ChatRow(Base):
    """One chat message of a table: a quick phrase's key or a free text."""

    __tablename__ = "st_chat"
    __table_args__ = (Index("ix_st_chat_table", "table_id", "id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("st_tables.id", ondelete="CASCADE")
    )
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The writer's seat; ``None`` for a spectator."""
    name: Mapped[str | None] = mapped_column(String(40), nullable=True)
    quick: Mapped[str | None] = mapped_column(String(16), nullable=True)
    text: Mapped[str | None] = mapped_column(String(400), nullable=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class RematchRow(Base):
    """A finished table and the rematch it led to: one row per finished table, so two
    players asking at once on any processes make one rematch (the second insert fails
    and its new table is rolled back with it)."""

    __tablename__ = "st_rematches"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("st_tables.id", ondelete="CASCADE"), primary_key=True
    )
    next_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("st_tables.id", ondelete="CASCADE"), unique=True
    )


class TurnClockRow(Base):
    """A table's turn clock: its setting, and the deadlines (epoch seconds, per seat) of
    the seats to move after ``ply`` actions. A table of its own, written after each move
    of a clocked table, so a restarted server rebuilds the clocks where they were."""

    __tablename__ = "st_turn_clocks"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("st_tables.id", ondelete="CASCADE"), primary_key=True
    )
    mode: Mapped[str] = mapped_column(String(16))
    seconds: Mapped[int] = mapped_column(Integer)
    ply: Mapped[int] = mapped_column(Integer)
    deadlines: Mapped[dict[str, float]] = mapped_column(JSON)
    increment: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    """A time bank's increment per turn (mode ``bank``; 0 otherwise)."""
    banks: Mapped[dict[str, float]] = mapped_column(JSON, default=dict, server_default="{}")
    """A time bank's seconds per seat not to move after ``ply`` actions (seats missing:
    the base time), so the banks outlive a restart or a failover."""


class SeatSpanRow(Base):
    """Who plays a person's seat from ``from_ply`` on: a bot of ``level``, or the person
    again (``level`` ``None``). Written with each change of a running game's seat (a
    timeout, the host's hand-over, a resigner's stand-in, a take-back), so the log can
    name every move as who made it after a restart or a takeover; only whether a bot
    played, which the table shows anyway. A table of its own, added by ``create_all``;
    a second change at the same ply replaces the first (the earlier one played nothing)."""

    __tablename__ = "st_seat_spans"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("st_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    from_ply: Mapped[int] = mapped_column(Integer, primary_key=True)
    level: Mapped[str | None] = mapped_column(String(32), nullable=True)


class ReviewRow(Base):
    """The post-game review of one seat of a finished table: one row per (table, seat),
    so two requests on any processes start one job (the second insert fails). ``owner``
    is the process running it; a queued or running row whose owner is gone is taken
    over (``store.reviews``). A table of its own, added by ``create_all``."""

    __tablename__ = "st_reviews"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("st_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    status: Mapped[str] = mapped_column(String(16), index=True)
    """``queued``, ``running``, ``done`` or ``failed``."""
    owner: Mapped[str] = mapped_column(String(32))
    attempts: Mapped[int] = mapped_column(Integer)
    """Times a process started this job; a job interrupted too often is marked failed."""
    progress: Mapped[int] = mapped_column(Integer)
    total: Mapped[int] = mapped_column(Integer)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """The review's JSON once done; ``{"error": ...}`` once failed."""
    cpu_seconds: Mapped[float | None] = mapped_column(Float, nullable=True)
    wall_seconds: Mapped[float | None] = mapped_column(Float, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class PlayerRow(Base):
    """A player who lasts across tables and browsers: a name, the hashes of his secret
    keys (:class:`PlayerKeyRow`) and optionally an argon2 hash of a password. Names are
    unique ignoring case (``name_key``), so a name plus password finds one player."""

    __tablename__ = "st_players"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    name_key: Mapped[str] = mapped_column(String(40), unique=True)
    password_hash: Mapped[str | None] = mapped_column(String(200), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class PlayerKeyRow(Base):
    """One secret key of a player (SHA-256 of it): one per device that signed in with
    the password, the same one on devices that imported an export code."""

    __tablename__ = "st_player_keys"

    key_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    player_id: Mapped[str] = mapped_column(
        String(16), ForeignKey("st_players.id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SeatDeviceRow(Base):
    """A further token of a player's seat: one per device he claimed the seat on after
    signing in there (:meth:`.seating.TableSeats.add_seat_device`). The seat's own token
    keeps working beside it, so each of his devices plays the seat."""

    __tablename__ = "st_seat_devices"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("st_tables.id", ondelete="CASCADE"), index=True
    )
    seat: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class MailAddressRow(Base):
    """A player's mail address for notices (correspondence turns, game ends), in his
    language. ``key`` signs his confirm and unsubscribe links (a new one with each new
    address, so old links die with it); ``pending`` is the one-time nonce of the
    confirmation link, ``None`` once confirmed."""

    __tablename__ = "st_mail_addresses"

    player_id: Mapped[str] = mapped_column(
        String(16), ForeignKey("st_players.id", ondelete="CASCADE"), primary_key=True
    )
    address: Mapped[str] = mapped_column(String(254))
    lang: Mapped[str] = mapped_column(String(2))
    key: Mapped[str] = mapped_column(String(64))
    pending: Mapped[str | None] = mapped_column(String(32), nullable=True)
    confirmed: Mapped[bool] = mapped_column(Boolean, default=False)


class MailSentRow(Base):
    """A notice mailed for a table's seat: for the turn that began after ``ply`` actions,
    or for the game's end (``ply`` -1). Its key makes it at most one per turn, from any
    process."""

    __tablename__ = "st_mail_sent"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("st_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    ply: Mapped[int] = mapped_column(Integer, primary_key=True)


class SeatPlayerRow(Base):
    """Which player sat in a seat: his games, results and ratings come from here."""

    __tablename__ = "st_seat_players"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("st_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[str] = mapped_column(
        String(16), ForeignKey("st_players.id", ondelete="CASCADE"), index=True
    )


class RatingRow(Base):
    """A player's openskill rating in one game (bots' ratings are fixed anchors, kept in
    ``arena/anchors.json``, not here)."""

    __tablename__ = "st_ratings"
    __table_args__ = (Index("ix_st_ratings_game", "game"),)

    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    player_id: Mapped[str] = mapped_column(
        String(16), ForeignKey("st_players.id", ondelete="CASCADE"), primary_key=True
    )
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class RatingChangeRow(Base):
    """What one rated game did to one player's rating. One row per (table, seat): the
    rows of a table are inserted with the new ratings in one transaction, so a game is
    rated once however many processes see it end (the second insert fails)."""

    __tablename__ = "st_rating_changes"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("st_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[str] = mapped_column(
        String(16), ForeignKey("st_players.id", ondelete="CASCADE"), index=True
    )
    game: Mapped[str] = mapped_column(String(32))
    mu_before: Mapped[float] = mapped_column(Float)
    sigma_before: Mapped[float] = mapped_column(Float)
    mu_after: Mapped[float] = mapped_column(Float)
    sigma_after: Mapped[float] = mapped_column(Float)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class AdminRow(Base):
    """A player with moderation powers (``spieltisch admin grant NAME``)."""

    __tablename__ = "st_admins"

    player_id: Mapped[str] = mapped_column(
        String(16), ForeignKey("st_players.id", ondelete="CASCADE"), primary_key=True
    )
    granted_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class BannedNameRow(Base):
    """A player name nobody may sign up with, sign in as or be renamed to (by its
    ``name_key``, so ``Ada`` bans ``ADA`` too)."""

    __tablename__ = "st_banned_names"

    name_key: Mapped[str] = mapped_column(String(40), primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class HiddenChatRow(Base):
    """A chat message a moderator hid: never sent again, to new sockets or in the
    history. A table of its own rather than a column of ``st_chat``, so a database
    made before it gains it by ``create_all``."""

    __tablename__ = "st_chat_hidden"

    chat_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("st_chat.id", ondelete="CASCADE"), primary_key=True
    )
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ModerationRow(Base):
    """One moderation action: who (the admin token or an admin player's name), what,
    on what, when. Kept when its table or player is deleted: it is the log."""

    __tablename__ = "st_moderation_log"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    admin: Mapped[str] = mapped_column(String(60))
    action: Mapped[str] = mapped_column(String(32))
    target: Mapped[str] = mapped_column(String(80))
    detail: Mapped[str | None] = mapped_column(String(200), nullable=True)
    """Words-free, for each reader's language: the status a closed table had, ``game
    status`` of a deleted one, ``game rating`` of a reset (``-``: none), ``old -> new``
    of a rename, ``#id: words`` of a hidden chat message."""


class LessonProgressRow(Base):
    """How far a player got in a game's lesson (:mod:`.lessons`): the step he is at, or
    done; one row per player and game, so his progress follows him to another device."""

    __tablename__ = "st_lesson_progress"

    player_id: Mapped[str] = mapped_column(
        String(16), ForeignKey("st_players.id", ondelete="CASCADE"), primary_key=True
    )
    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    step: Mapped[str | None] = mapped_column(String(40), nullable=True)
    done: Mapped[bool] = mapped_column(Boolean, default=False)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
