"""Hints for the card tables, computed only from cards the asking seat sends: its own hand.

The route is stateless and table-free on purpose: it cannot leak anything a seat does not
already hold, and the browser switches it off by simply not asking.
"""

from __future__ import annotations

from fastapi import APIRouter
from pydantic import BaseModel, Field

from spieltisch.engine import InvalidNotation
from spieltisch.games.kalooki.cards import JOKER, counts_of, parse_face
from spieltisch.games.kalooki.melds import token_name
from spieltisch.games.kalooki.meldsearch import best_opening

from .errors import ApiError, ErrorCode

router = APIRouter(prefix="/api/hints", tags=["hints"])


class HandIn(BaseModel):
    hand: list[str] = Field(max_length=20)
    keep: int = Field(default=1, ge=0, le=1)


@router.post("/kalooki/opening")
async def kalooki_opening(body: HandIn) -> dict[str, object]:
    """The largest opening (KA-R3) the hand can lay while keeping a card to discard."""
    try:
        faces = [parse_face(c) for c in body.hand]
    except InvalidNotation as exc:
        raise ApiError(ErrorCode.REQUEST_INVALID, f"not a card: {exc}") from exc
    counts = counts_of(faces)
    if max(counts[:JOKER], default=0) > 2 or counts[JOKER] > 2:
        raise ApiError(ErrorCode.REQUEST_INVALID, "a face is in the deck at most twice")
    value, melds = best_opening(counts, body.keep)
    return {
        "value": value,
        "opens": value >= 51,
        "melds": [" ".join(token_name(t) for t in meld) for meld in melds],
    }
