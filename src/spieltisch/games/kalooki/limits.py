"""Kalooki's numeric limits: their own module so that the views, which show them, need
not import the state (which imports the views)."""

from __future__ import annotations

OPENING = 51
"""Points the new melds of a player's first laying turn must reach (KA-R3)."""
MAX_RESTOCKS = 2
"""KA-R9: the stock is turned over from the discard pile at most twice. When it runs out a
third time nobody has gone out after three passes through the cards, which in play means
everyone holds what the others need; the deal ends without a winner (like OpenSpiel's gin
rummy, which ends a hand when the stock is down to two cards)."""
MAX_TURNS = 400
"""KA-R9: a deal also ends without a winner after this many turns, because players who
only ever take the discard never run the stock down (a cycle the rules allow)."""
