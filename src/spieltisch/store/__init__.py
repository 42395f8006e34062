"""Persistence: tables, seats and the append-only action record (SQLAlchemy 2)."""

from .repository import STATUSES, SeatRecord, Store, StoreError, TableRecord

__all__ = ["STATUSES", "SeatRecord", "Store", "StoreError", "TableRecord"]
