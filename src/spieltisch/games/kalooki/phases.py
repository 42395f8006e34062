"""Where a Kalooki turn stands: its own module so the legal-action generator can test the
phase without importing the state (which imports the generator)."""

from __future__ import annotations

from enum import IntEnum
from typing import Final


class Phase(IntEnum):
    """Where a turn stands; stored as its number, shown by its name (``PHASE_NAMES``)."""

    DRAW = 0
    """The player to move draws from the stock or the discard pile."""
    PLAY = 1
    """He melds, builds and swaps, then discards."""
    OVER = 2
    """The game is over."""


DRAW: Final = Phase.DRAW
PLAY: Final = Phase.PLAY
OVER: Final = Phase.OVER
PHASE_NAMES: Final = tuple(p.name.lower() for p in Phase)
