"""Names of the phases of one Hydra game and of the game types, shared by every module.

A game runs ``declare`` → (``specify`` → ``solo_type`` | ``lay`` → ``answer`` →
``give``) → ``play``; the match ends in ``over``. Game types (HY 2.3.1): ``healthy``,
``antrag``, ``solo``.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final


class Phase(StrEnum):
    """Where one game stands; a string, so views and stored states show its name."""

    DECLARE = "declare"
    SPECIFY = "specify"
    SOLO_TYPE = "solo_type"
    LAY = "lay"
    ANSWER = "answer"
    GIVE = "give"
    PLAY = "play"
    OVER = "over"


DECLARE: Final = Phase.DECLARE
SPECIFY: Final = Phase.SPECIFY
SOLO_TYPE: Final = Phase.SOLO_TYPE
LAY: Final = Phase.LAY
ANSWER: Final = Phase.ANSWER
GIVE: Final = Phase.GIVE
PLAY: Final = Phase.PLAY
OVER: Final = Phase.OVER

HEALTHY: Final = "healthy"
ANTRAG: Final = "antrag"
SOLO: Final = "solo"

TRICKS: Final = 10
"""Ten tricks of five cards: 50 cards, 10 to each of five players (HY 2.1.1)."""
