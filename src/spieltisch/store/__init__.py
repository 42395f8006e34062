"""Persistence: tables, seats and the append-only action record (SQLAlchemy 2)."""

from .repository import (
    STATUSES,
    ChatRecord,
    SeatRecord,
    SeatSpan,
    Store,
    StoreError,
    TableRecord,
    TurnClockRecord,
)

__all__ = [
    "STATUSES",
    "ChatRecord",
    "SeatRecord",
    "SeatSpan",
    "Store",
    "StoreError",
    "TableRecord",
    "TurnClockRecord",
]
