"""Kalooki's 106 cards as small integers, their names and values (KA-R1, KA-R2, KA-R7).

Two full 52-card decks plus two jokers (KA-R1). The two copies of a card are identical in
play, so a card is coded by its *face* alone: ``suit * 13 + rank - 1`` for the 52 natural
faces (suits clubs, diamonds, hearts, spades; rank 1 = ace .. 13 = king) and ``52`` for the
joker. Every face exists exactly twice; a hand is a list of 53 counts. This keeps hands,
the meld search and state copies cheap (no per-card objects).

Notation: rank ``A 2 .. 9 10 J Q K`` (``T`` is read for ten) then the suit letter in lower
case, e.g. ``7h``, ``10d``, ``Qs``; the joker is ``JK``. Parsing ignores case.
"""

from __future__ import annotations

from typing import Final

from spieltisch.engine import InvalidNotation

SUITS: Final = "cdhs"
"""Clubs, diamonds, hearts, spades: the suit order of faces."""
RANK_NAMES: Final = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
JOKER: Final = 52
"""The joker's face."""
FACES: Final = 53
COPIES: Final = 2
"""Every face, the joker included, is in the pack twice (KA-R1)."""
DECK_SIZE: Final = FACES * COPIES
HAND_SIZE: Final = 13
"""Cards dealt to each player (KA-R1)."""

PENALTY: Final[tuple[int, ...]] = tuple(
    [11 if (f % 13) == 0 else min(f % 13 + 1, 10) for f in range(52)] + [25]
)
"""Penalty of a face left in hand (KA-R7): 2–9 face value, 10/J/Q/K 10, A 11, joker 25."""


def face_of(suit: int, rank: int) -> int:
    """The face of ``rank`` (1..13, or 14 for a high ace) in ``suit``."""
    return suit * 13 + (rank - 1) % 13


def suit_of(face: int) -> int:
    return face // 13


def rank_of(face: int) -> int:
    """1 (ace) .. 13 (king)."""
    return face % 13 + 1


def face_name(face: int) -> str:
    """``"7h"``, ``"10d"``, ``"JK"``.

    >>> face_name(face_of(2, 7)), face_name(JOKER)
    ('7h', 'JK')
    """
    if 0 <= face <= JOKER:
        return _NAMES[face]
    return RANK_NAMES[rank_of(face)] + SUITS[suit_of(face)]  # as before for odd input


_NAMES: Final = tuple([RANK_NAMES[f % 13 + 1] + SUITS[f // 13] for f in range(52)] + ["JK"])
_BY_NAME: Final[dict[str, int]] = {face_name(f).lower(): f for f in range(FACES)}
_BY_NAME.update({"t" + s: face_of(i, 10) for i, s in enumerate(SUITS)})


def parse_face(text: str) -> int:
    """Read one card name (``7h``, ``QS``, ``Td``, ``jk``).

    :raises InvalidNotation: for anything else.
    """
    face = _BY_NAME.get(text.strip().lower())
    if face is None:
        raise InvalidNotation(f"{text!r} is not a card (try '7h', '10d', 'QS' or 'JK')")
    return face


def full_deck() -> list[int]:
    """All 106 faces in a fixed order: deck one, deck two (each with one joker)."""
    return [*range(FACES), *range(FACES)]


def counts_of(faces: list[int]) -> list[int]:
    """A hand as 53 face counts."""
    counts = [0] * FACES
    for f in faces:
        counts[f] += 1
    return counts


def faces_of(counts: list[int]) -> list[int]:
    """The sorted faces of a hand given as counts."""
    return [f for f in range(FACES) for _ in range(counts[f])]


def penalty_of(counts: list[int]) -> int:
    """Penalty points of a hand (KA-R7)."""
    return sum(n * PENALTY[f] for f, n in enumerate(counts) if n)
