"""Halli Galli's bell for the live table: rings, table versions and the coach.

The runtime ranks rings by reaction time and applies them as ``ring@version``; this
adapter tells it which actions are rings, builds them, and reads the table version the
rings refer to (HG-R7, HG-R8).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from spieltisch.engine import State, View

from ..actions import Ring
from ..bell import coach
from ..state import HalliGalliState

if TYPE_CHECKING:
    from spieltisch.table.adapter import RealtimeAdapter


class HalliGalliBell:
    """The real-time adapter of Halli Galli (:class:`spieltisch.table.RealtimeAdapter`)."""

    def is_ring(self, action: Any) -> bool:
        return isinstance(action, Ring)

    def ring(self, version: int) -> Ring:
        return Ring(version)

    def ring_version(self, action: Any) -> int | None:
        return action.version if isinstance(action, Ring) else None

    def version(self, state: State) -> int:
        if not isinstance(state, HalliGalliState):
            raise TypeError(f"not a Halli Galli state: {state!r}")
        return state.version

    def coach(self, view: View) -> float | None:
        chance = coach(view)
        return None if chance is None else float(chance)


ADAPTER: RealtimeAdapter = HalliGalliBell()
