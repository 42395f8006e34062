"""Names of the phases of one Hydra game and of the game types, shared by every module.

A game runs ``declare`` → (``specify`` → ``solo_type`` | ``lay`` → ``answer`` →
``give``) → ``play``; the match ends in ``over``. Game types (HY 2.3.1): ``healthy``,
``antrag``, ``solo``.
"""

from __future__ import annotations

from typing import Final

DECLARE: Final = "declare"
SPECIFY: Final = "specify"
SOLO_TYPE: Final = "solo_type"
LAY: Final = "lay"
ANSWER: Final = "answer"
GIVE: Final = "give"
PLAY: Final = "play"
OVER: Final = "over"
PHASES: Final = (DECLARE, SPECIFY, SOLO_TYPE, LAY, ANSWER, GIVE, PLAY, OVER)

HEALTHY: Final = "healthy"
ANTRAG: Final = "antrag"
SOLO: Final = "solo"

TRICKS: Final = 10
"""Ten tricks of five cards: 50 cards, 10 to each of five players (HY 2.1.1)."""
