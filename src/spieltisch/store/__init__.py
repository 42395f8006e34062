"""Persistence: tables, seats and the append-only action record (SQLAlchemy 2)."""

from .repository import (
    STATUSES,
    SeatRecord,
    Store,
    StoreError,
    TableRecord,
)
from .schema import Migration, SchemaError
from .seating import SeatSpan
from .sides import ChatRecord, TurnClockRecord

__all__ = [
    "STATUSES",
    "ChatRecord",
    "Migration",
    "SchemaError",
    "SeatRecord",
    "SeatSpan",
    "Store",
    "StoreError",
    "TableRecord",
    "TurnClockRecord",
]
