"""Halli Galli positions: draw piles, face-up piles and the aside cards by card name.

A position is a JSON object; ``draw`` and ``table`` (one string of cards per seat,
bottom to top: the last card of a draw pile is flipped next, the last card of a face-up
pile is the one that counts, HG-R2) are required::

    {"draw": ["PIG 3B 1S", "2L BP", "MONKEY"], "table": ["5B", "", "1P"],
     "aside": "", "to_flip": 1}

Card names are those of the views (``PIG``, ``MONKEY``, ``ELEPHANT``, ``3B`` three
bananas, ``BP`` a banana and a plum, ``BLP`` three fruits; B banana, S strawberry, L lime,
P plum). Together with ``aside`` (the leftover cards of the deal, HG-R6) the piles hold
exactly the deck of the ``deck`` option. Every other field is that of the state
(``state.position()`` lists them all) and defaults to a fresh game's. ``version``,
``round_start`` and ``chain`` are the table's history: the ledger of the stray cards
since the last regular table change and who threw each (HG §4.2b, §4.2c judge a ring by
it, so a thrower's own ring stays wrong); ``state.position()`` gives them, and without
them the history starts at the position. The bell's validity is always computed from the
face-up cards, never taken from the ledger.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from spieltisch.engine import InvalidNotation

from .cards import NAMES, card_by_name

_HISTORY = ("version", "round_start", "chain")
"""The table's history: kept when a position gives it, else it starts at the position."""


def _cards(text: Any) -> list[int]:
    words = text.split() if isinstance(text, str) else list(text)
    try:
        return [card_by_name(w) for w in words]
    except KeyError as exc:
        raise InvalidNotation(
            f"{exc.args[0]!r} is not a Halli Galli card (PIG, MONKEY, ELEPHANT, 3B, BP, ...)"
        ) from None


def _names(cards: list[int]) -> str:
    return " ".join(NAMES[c] for c in cards)


def payload_of(position: Mapping[str, Any], fresh: Mapping[str, Any]) -> dict[str, Any]:
    """The state payload (``HalliGalliState._restore``) of ``position``; ``fresh`` is the
    dump of a new game for as many seats, which fills the fields not given.

    :raises InvalidNotation: for an unknown field or a card that cannot be read.
    """
    unknown = set(position) - set(fresh)
    if unknown:
        raise InvalidNotation(f"unknown fields of a Halli Galli position: {sorted(unknown)}")
    out = dict(fresh)
    out.update(position)
    n = len(position["draw"])
    out["draw"] = [_cards(p) for p in position["draw"]]
    out["table"] = [_cards(p) for p in position["table"]]
    out["aside"] = _cards(position.get("aside", ""))
    if "swim_since" not in position:
        # A seat in the game without a draw pile swims (HG-R6), since the position began.
        out["swim_since"] = [
            0 if not out["draw"][s] and not int(out["out"][s]) else -1 for s in range(n)
        ]
    if "to_flip" not in position:
        out["to_flip"] = next(
            (s for s in range(n) if out["draw"][s] and not int(out["out"][s])), -1
        )
    if "anchor" not in position:
        out["anchor"] = (int(out["to_flip"]) - 1) % n
    if not any(k in position for k in _HISTORY):
        # The table history begins here: validity is recomputed by the state (restore).
        out["version"] = out["round_start"] = 0
        out["chain"] = [[0, None, -1]]
    return out


def position_of(data: Mapping[str, Any]) -> dict[str, Any]:
    """The readable position of a state payload (``HalliGalliState._dump``)."""
    out = dict(data)
    out["chain"] = [list(e) for e in data["chain"]]
    out["draw"] = [_names(p) for p in data["draw"]]
    out["table"] = [_names(p) for p in data["table"]]
    out["aside"] = _names(data["aside"])
    return out
