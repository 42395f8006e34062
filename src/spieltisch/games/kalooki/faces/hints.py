"""Kalooki's hints: the best opening a hand can lay (KA-R3).

The question carries the asking seat's own cards and nothing else, so the answer cannot
tell it anything it does not hold. Each question gets its own meld searcher: its memo
lives as long as the one search (which the server runs under a time cap), so no stream
of questions can make a memo grow without bound.
"""

from __future__ import annotations

from typing import Any, Final

from spieltisch.engine import BadQuestion, Hint, InvalidNotation, Text

from ..cards import JOKER, counts_of, parse_face
from ..melds import token_name
from ..meldsearch import Searcher, opening_weight
from ..state import OPENING

MAX_HAND: Final = 20
"""More cards than a hand can hold mid-turn (13 dealt, one drawn, tentative melds back)."""


def _refuse(de: str, en: str) -> BadQuestion:
    return BadQuestion(Text(de, en))


def _question(question: Any) -> tuple[list[str], int]:
    if not isinstance(question, dict):
        raise _refuse("Die Frage ist kein JSON-Objekt", "the question is not a JSON object")
    hand, keep = question.get("hand"), question.get("keep", 1)
    if not isinstance(hand, list) or not all(isinstance(c, str) for c in hand):
        raise _refuse("„hand“ muss eine Liste von Karten sein", "'hand' must be a list of cards")
    if len(hand) > MAX_HAND:
        raise _refuse(
            f"Eine Hand hat höchstens {MAX_HAND} Karten", f"a hand has at most {MAX_HAND} cards"
        )
    if keep not in (0, 1) or isinstance(keep, bool):
        raise _refuse("„keep“ ist 0 oder 1", "'keep' is 0 or 1")
    return hand, keep


def best_opening(question: Any) -> dict[str, Any]:
    """The largest opening (KA-R3) ``hand`` can lay while keeping ``keep`` cards (default:
    one, for the discard): ``{"value", "opens", "melds"}`` with melds in card notation."""
    hand, keep = _question(question)
    try:
        faces = [parse_face(c) for c in hand]
    except InvalidNotation as exc:
        raise _refuse(f"Keine Karte: {exc}", f"not a card: {exc}") from exc
    counts = counts_of(faces)
    if max(counts[:JOKER], default=0) > 2 or counts[JOKER] > 2:
        raise _refuse("Jede Karte gibt es höchstens zweimal", "a face is in the deck at most twice")
    value, melds = Searcher(opening_weight).best_keeping(counts, keep)
    return {
        "value": value,
        "opens": value >= OPENING,
        "melds": [" ".join(token_name(t) for t in meld) for meld in melds],
    }


HINTS: dict[str, Hint] = {"opening": best_opening}
"""Kalooki's hints by name, as ``faces.hints`` declares."""
