"""What a live table needs to know of a real-time game, asked through the game.

A :class:`~spieltisch.engine.Dynamics.REAL_TIME` game declares an adapter in its
descriptor (``faces.realtime``); :class:`~.realtime.RealtimeRuntime` reads the game's bell
only through it, so the runtime names no game and reads no notation.
"""

from __future__ import annotations

from typing import Any, Protocol

from spieltisch.engine import State, View


class RealtimeAdapter(Protocol):
    """The few facts of a real-time game the runtime's bell window and show times need."""

    def is_ring(self, action: Any) -> bool:
        """Whether ``action`` hits the bell (timed and ranked, never applied at once)."""

    def ring(self, version: int) -> Any:
        """The ring action of a seat that reacted to table version ``version``."""

    def ring_version(self, action: Any) -> int | None:
        """The table version a ring action names, ``None`` if it names none."""

    def version(self, state: State) -> int:
        """The table version of ``state``: it changes whenever what a seat reacts to does."""

    def coach(self, view: View) -> float | None:
        """The coach's chance that the next change makes a ring right, from a seat's view;
        ``None`` when no change is coming."""
