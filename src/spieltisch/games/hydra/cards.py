"""The Hydra deck (HY 1.1), its notation, card points and the trump order of each contract.

A card is a small int: ``suit * 6 + rank`` for the 24 suit cards, ``HYDRA`` (24) for the
joker. Identical cards are the same int (HY 1.1.2), so a hand is a sorted list of ints
and "which of the two ♥10" can never be asked. Ranks are numbered in the plain-suit order
9 J Q K 10 A, so a higher rank number beats a lower one in a plain suit (HY-R5).

A *contract* says which cards are trumps (HY 3.4.1, HY-R1, HY-R2):

* ``STANDARD`` (0): healthy game, Antrag and Normalsolo — the standard trumps (HY 3.4.2);
* ``FARB + suit`` (1..4): Farbsolo ♦ ♥ ♠ ♣;
* ``TRUMPF + rank`` (5..10): Trumpfsolo 9, J, Q, K, 10, A.

For each contract two tables are precomputed: ``SUIT[c][card]`` (0..3, or ``TRUMP`` for
trumps — trumps form one suit for following, HY-R5) and ``POWER[c][card]`` (higher wins;
trumps are above every plain card).
"""

from __future__ import annotations

from typing import Final

from spieltisch.engine import InvalidNotation

DIAMONDS: Final = 0
HEARTS: Final = 1
SPADES: Final = 2
CLUBS: Final = 3
TRUMP: Final = 4
"""The effective suit of every trump card."""
NINE: Final = 0
JACK: Final = 1
QUEEN: Final = 2
KING: Final = 3
TEN: Final = 4
ACE: Final = 5
HYDRA: Final = 24
KINDS: Final = 25
"""Distinct cards: 24 suit cards and the Hydra; each exists twice (HY 1.1.1)."""

SUIT_LETTERS = "DHSC"
SUIT_SYMBOLS = "♦♥♠♣"
SUIT_NAMES: Final = ("diamonds", "hearts", "spades", "clubs")
RANK_NAMES = ("9", "J", "Q", "K", "10", "A")
RANK_POINTS = (0, 2, 3, 4, 10, 11)
"""HY-R6: A 11, 10 10, K 4, Q 3, J 2, 9 0."""


def card(suit: int, rank: int) -> int:
    return suit * 6 + rank


def suit_of(c: int) -> int:
    """The printed suit (not the effective one); -1 for the Hydra."""
    return -1 if c == HYDRA else c // 6


def rank_of(c: int) -> int:
    return -1 if c == HYDRA else c % 6


DECK: Final[tuple[int, ...]] = tuple(sorted(list(range(KINDS)) * 2))
"""The 50 cards (HY 1.1.1)."""
POINTS: Final[tuple[int, ...]] = tuple([RANK_POINTS[c % 6] for c in range(24)] + [0])
"""Card points per card, Hydra 0 (HY-R6); the deck holds 240."""

H10: Final = 10  # card(HEARTS, TEN)
DA: Final = 5  # card(DIAMONDS, ACE)
CJ: Final = 19  # card(CLUBS, JACK)
SQ: Final = 14  # card(SPADES, QUEEN)
CQ: Final = 20  # card(CLUBS, QUEEN)
BLACK_QUEEN = {SPADES: SQ, CLUBS: CQ}

STANDARD_TRUMPS: tuple[int, ...] = (
    HYDRA,
    H10,
    CQ,
    SQ,
    card(HEARTS, QUEEN),
    card(DIAMONDS, QUEEN),
    CJ,
    card(SPADES, JACK),
    card(HEARTS, JACK),
    card(DIAMONDS, JACK),
    DA,
)
"""HY 3.4.2, highest first: 11 kinds, 22 cards. ♦10, ♦K and ♦9 are plain (HY-R1)."""

STANDARD = 0
FARB = 1
TRUMPF = 5
CONTRACTS = 11


def contract_name(c: int) -> str:
    """``normalsolo`` / ``farbsolo D`` / ``trumpfsolo Q`` — also the notation of the choice."""
    if c == STANDARD:
        return "normalsolo"
    if c < TRUMPF:
        return f"farbsolo {SUIT_LETTERS[c - FARB]}"
    return f"trumpfsolo {RANK_NAMES[c - TRUMPF]}"


def trump_order(contract: int) -> tuple[int, ...]:
    """The trumps of ``contract``, highest first (HY 3.4.1)."""
    if contract == STANDARD:
        return STANDARD_TRUMPS
    if contract < TRUMPF:
        s = contract - FARB
        return (HYDRA, *(card(s, r) for r in (ACE, TEN, KING, QUEEN, JACK, NINE)))
    r = contract - TRUMPF
    return (HYDRA, *(card(s, r) for s in (CLUBS, SPADES, HEARTS, DIAMONDS)))


def _tables(contract: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    trumps = trump_order(contract)
    suit = [TRUMP if c in trumps else c // 6 for c in range(KINDS)]
    power = [c % 6 if c != HYDRA else 0 for c in range(KINDS)]
    for i, t in enumerate(trumps):
        power[t] = 100 + len(trumps) - i
    return tuple(suit), tuple(power)


_TABLES = [_tables(c) for c in range(CONTRACTS)]
SUIT: Final[tuple[tuple[int, ...], ...]] = tuple(t[0] for t in _TABLES)
"""``SUIT[contract][card]``: effective suit, ``TRUMP`` for trumps."""
POWER: Final[tuple[tuple[int, ...], ...]] = tuple(t[1] for t in _TABLES)
"""``POWER[contract][card]``: strength; every trump is above every plain card."""


def card_name(c: int) -> str:
    """ASCII notation: ``HY``, ``D10``, ``CQ``, ``S9``..."""
    if c == HYDRA:
        return "HY"
    return SUIT_LETTERS[c // 6] + RANK_NAMES[c % 6]


NAMES: Final[tuple[str, ...]] = tuple(card_name(c) for c in range(KINDS))
"""``card_name`` of every card, looked up instead of built in events, views and rollouts."""


def card_symbol(c: int) -> str:
    """Display form: ``Hydra``, ``♦10``, ``♣Q``."""
    if c == HYDRA:
        return "Hydra"
    return SUIT_SYMBOLS[c // 6] + RANK_NAMES[c % 6]


_BY_NAME = {card_name(c): c for c in range(KINDS)}
_BY_NAME.update({card_symbol(c).upper(): c for c in range(KINDS)})
_BY_NAME.update({"HYDRA": HYDRA, "JOKER": HYDRA})
_BY_NAME.update({card_name(c).replace("10", "T"): c for c in range(24) if c % 6 == TEN})


def parse_card(text: str) -> int:
    """Read ``D10``, ``dT``, ``♦10``, ``HY`` or ``Hydra``.

    >>> card_name(parse_card("♥10"))
    'H10'

    :raises InvalidNotation: for anything else.
    """
    key = text.strip().upper() if isinstance(text, str) else ""
    if key not in _BY_NAME:
        raise InvalidNotation(f"{text!r} is not a Hydra card (try 'D10', 'CQ', 'HY')")
    return _BY_NAME[key]


def parse_contract(text: str) -> int:
    """Read ``normalsolo``, ``farbsolo D`` or ``trumpfsolo Q`` (HY-R2).

    :raises InvalidNotation: for anything else.
    """
    words = text.lower().split()
    if words == ["normalsolo"]:
        return STANDARD
    if len(words) == 2 and words[0] == "farbsolo":
        letter = words[1].upper()
        for i, (a, b) in enumerate(zip(SUIT_LETTERS, SUIT_SYMBOLS, strict=True)):
            if letter in (a, b):
                return FARB + i
    if len(words) == 2 and words[0] == "trumpfsolo":
        rank = words[1].upper().replace("T", "10")
        if rank in RANK_NAMES:
            return TRUMPF + RANK_NAMES.index(rank)
    raise InvalidNotation(
        f"{text!r} is not a solo type (try 'normalsolo', 'farbsolo H', 'trumpfsolo Q')"
    )


def is_standard_trump(c: int) -> bool:
    return SUIT[STANDARD][c] == TRUMP


_STANDARD_TRUMP: tuple[int, ...] = tuple(int(SUIT[STANDARD][c] == TRUMP) for c in range(KINDS))
"""1 for a standard trump, else 0, per card: counted by ``armut_allowed`` at every
declaration."""
_NINE: tuple[int, ...] = tuple(int(c != HYDRA and c % 6 == NINE) for c in range(KINDS))


def armut_allowed(hand: list[int]) -> bool:
    """HY 2.2.3 / HY-R3: at most one standard trump (Hydras count) or at least five nines."""
    return sum(map(_STANDARD_TRUMP.__getitem__, hand)) <= 1 or (
        sum(map(_NINE.__getitem__, hand)) >= 5
    )


def antrag_colours(hand: list[int]) -> list[int]:
    """Black suits of which ``hand`` holds both queens (HY 2.3.5)."""
    return [s for s in (SPADES, CLUBS) if hand.count(BLACK_QUEEN[s]) == 2]


def display_sorted(hand: list[int], contract: int = STANDARD) -> list[int]:
    """Trumps first, highest first, then ♣ ♠ ♥ ♦ each from the ace down."""
    suit, power = SUIT[contract], POWER[contract]
    return sorted(hand, key=lambda c: (-(5 if suit[c] == TRUMP else suit[c]), -power[c]))


_NAMED = (card(HEARTS, TEN), card(DIAMONDS, ACE), card(CLUBS, JACK), card(SPADES, QUEEN))
assert (H10, DA, CJ, SQ) == _NAMED and card(CLUBS, QUEEN) == CQ
assert len(DECK) == 50 and sum(POINTS[c] for c in DECK) == 240
assert sum(1 for c in DECK if is_standard_trump(c)) == 22
