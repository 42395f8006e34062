"""What a live table needs to know of a real-time game, asked through the game.

A :class:`~spieltisch.engine.Dynamics.REAL_TIME` game declares an adapter in its
descriptor (``faces.realtime``); :class:`~.realtime.RealtimeRuntime` reads the game's bell
only through it, so the runtime names no game, cites no rule and reads no notation or view
key: the mechanism (show times, credit, the ring window) is the table's, the rules it
enforces and the words it refuses with are the game's.
"""

from __future__ import annotations

from enum import Enum
from typing import Any, Protocol

from spieltisch.engine import IllegalAction, State


class Refusal(Enum):
    """Why the bell refuses a ring or a move; the game's adapter names the rule it breaks
    and says so in words (:meth:`RealtimeAdapter.refusal`)."""

    RING_AS_ACTION = "a ring sent as a plain action, without its reaction time"
    BELL_RINGING = "a move while the bell window is open"
    NOT_YOUR_TIME = "a ring from a seat that may not act now, or after the game"
    NO_BELL_NOW = "a ring while the game has no bell (none of the seat's actions is one)"
    COOLDOWN = "a ring from a seat whose rings were refused too often just now"
    NEVER_SHOWN = "a ring naming a table version that was never shown"
    TOO_EARLY = "a ring that arrived before its table version could be seen"
    TOO_LATE = "a ring naming a table version the table has long moved on from"


class RealtimeAdapter(Protocol):
    """The facts of a real-time game the runtime's bell window and show times need."""

    def is_ring(self, action: Any) -> bool:
        """Whether ``action`` hits the bell (timed and ranked, never applied at once)."""

    def ring(self, version: int) -> Any:
        """The ring action of a seat that reacted to table version ``version``."""

    def ring_version(self, action: Any) -> int | None:
        """The table version a ring action names, ``None`` if it names none."""

    def version(self, state: State) -> int:
        """The table version of ``state``: it changes whenever what a seat reacts to does."""

    def refusal(self, why: Refusal, version: int | None) -> IllegalAction:
        """The error a client gets for ``why``: the game's rule id and its words.
        ``version`` is the table version the ring named, where there is one."""

    def handicaps(self, state: State) -> list[float]:
        """The agreed ring delay of each seat (seconds), added to its ranked reaction;
        a seat beyond the list has none."""

    def extras(self, state: State, seat: int) -> dict[str, Any]:
        """What else a seated connection gets with every step (the game's help for the
        seat, from what it may see); ``{}`` for nothing."""
