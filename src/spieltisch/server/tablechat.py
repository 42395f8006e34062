"""A live table's chat state: who besides the players reads it, and its recent messages.

Its own small module so that the live table can hold it (:attr:`.live.LiveTable.chat`)
without importing the chat's rules (:mod:`.chat`), which import the live table.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any


@dataclass(eq=False)
class TableChat:
    spectators: str
    """``none``, ``read`` or ``write``: what spectators may do (the host's choice)."""
    recent: deque[dict[str, Any]]
    """The last messages, as sent, for a socket's welcome."""

    def visible_to(self, seat: int | None) -> bool:
        return seat is not None or self.spectators != "none"
