"""Kalooki's numeric limits: their own module so that the views, which show them, need
not import the state (which imports the views)."""

from __future__ import annotations

from typing import Final

OPENING: Final = 51
"""Points the new melds of a player's first laying turn must reach (KA-R3)."""
STALL_TURNS: Final = 300
"""KA-R9 safeguard: a deal ends without a winner after this many turns in a row that left
nothing new on the table (no meld, build or joker swap that stays; a failed opening, KA-R10,
goes back to the hand and does not count). The document turns the discard pile over as
often as the stock runs out, so only play that cannot progress may end a deal: the ``rules``
bots' longest such stretch in 500 seeded deals per player count (two to six) is 87 turns,
far below this (``bench/kalooki_stalls.py``, figures in ``docs/rules/kalooki.md``)."""
NO_RESTOCK_LIMIT: Final = 0
"""The option ``restock_limit``'s default: the stock is turned over as often as it runs
out, as the document says."""
