"""Halli Galli's bell for the live table: rings, table versions, handicaps, the coach, and
the rules a ring is refused by.

The runtime ranks rings by reaction time and applies them as ``ring@version``; this
adapter tells it which actions are rings, builds them, reads the table version the rings
refer to (HG-R7, HG-R8) and each seat's agreed ring delay (HG-R9), gives a seat the coach
when the table has it, and names the rule of every ring the bell refuses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from spieltisch.engine import IllegalAction, State
from spieltisch.table.adapter import Refusal

from ..actions import Ring
from ..bell import coach
from ..state import HalliGalliState

if TYPE_CHECKING:
    from spieltisch.table.adapter import RealtimeAdapter

REFUSALS: dict[Refusal, tuple[str, str]] = {
    Refusal.RING_AS_ACTION: ("HG-R8", "rings are timed: send them with their reaction time"),
    Refusal.BELL_RINGING: ("HG-R8", "the bell is ringing: wait for the result"),
    Refusal.NOT_YOUR_TIME: ("HG §2.3", "you cannot ring now"),
    Refusal.NO_BELL_NOW: ("HG-R10", "there is no bell in the finale"),
    Refusal.COOLDOWN: ("HG-R8", "too many refused rings: the bell is yours again soon"),
    Refusal.NEVER_SHOWN: ("HG-R8", "table version {version} was never shown"),
    Refusal.TOO_EARLY: ("HG-R8", "table version {version} was rung before it could be seen"),
    Refusal.TOO_LATE: ("HG-R4", "table version {version} is long gone: the ring came too late"),
}
"""The rule and the words of each refusal: the fair bell is HG-R8 (a flood of refused
rings costs the flooder, a move waits for the bell), a ring that lost the race names a
round already won (HG-R4), the finale has no bell (HG-R10), and only a seat in the game
rings (HG §2.3)."""


def _state(state: State) -> HalliGalliState:
    if not isinstance(state, HalliGalliState):
        raise TypeError(f"not a Halli Galli state: {state!r}")
    return state


class HalliGalliBell:
    """The real-time adapter of Halli Galli (:class:`spieltisch.table.RealtimeAdapter`)."""

    def is_ring(self, action: Any) -> bool:
        return isinstance(action, Ring)

    def ring(self, version: int) -> Ring:
        return Ring(version)

    def ring_version(self, action: Any) -> int | None:
        return action.version if isinstance(action, Ring) else None

    def version(self, state: State) -> int:
        return _state(state).version

    def refusal(self, why: Refusal, version: int | None) -> IllegalAction:
        rule, text = REFUSALS[why]
        return IllegalAction(rule, text.format(version=version))

    def handicaps(self, state: State) -> list[float]:
        hg = _state(state)
        return [ms / 1000 for ms in hg.settings.handicap_ms(hg.players)]

    def extras(self, state: State, seat: int) -> dict[str, Any]:
        """The coach, on a table that has it: the chance that the next flip makes a ring
        right, from the seat's view."""
        if not state.game.options.get("coach"):
            return {}
        chance = coach(state.view(seat))
        return {"coach": None if chance is None else float(chance)}


ADAPTER: RealtimeAdapter = HalliGalliBell()
