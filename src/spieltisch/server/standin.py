"""The level of the bot that plays on for a person who is gone from his seat.

A resigner's seat (:mod:`.life`) and a seat whose turn clock ran out (:mod:`.play`) go
to a *stand-in* bot: the level of the strongest bot the host seated at the table, or the
game's ``rules`` bot (its first level above ``random`` without one) when the host seated
none. The host chose how strong the table's bots play when he made it, and a stand-in
plays no weaker or stronger.
"""

from __future__ import annotations

from spieltisch.bots import levels
from spieltisch.bots.ladder import RULES
from spieltisch.engine import Game
from spieltisch.store import TableRecord


def stand_in_level(record: TableRecord, game: Game) -> str:
    """The stand-in's level at the table of ``record`` (see the module)."""
    known = levels(game)
    seated = [known.index(s.level) for s in record.seats if s.kind == "bot" and s.level in known]
    if seated:
        return known[max(seated)]
    return RULES if RULES in known else known[min(1, len(known) - 1)]
