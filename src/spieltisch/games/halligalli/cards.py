"""The Halli-Galli-Extreem deck as small ints (HG-R1, the document's card appendix).

A card is an int index into the tables below. Cards that look alike are the same int,
so a deck is a multiset of ints and probabilities can be counted per int. Two editions
are mixed: classic Halli Galli (56 cards, one fruit per card) and Halli Galli Extreme
(72 cards: four more one-fruit cards per fruit, the 48 mixed cards and the 8 animals).
The appendix says experts also use the different card backs of the two editions, so a
card's edition is part of its identity: the classic and the extreme one-fruit card of a
fruit are different ints (``1B`` and ``1Bx``).

Per fruit (banana B, strawberry S, lime L, plum P) the appendix lists 9 one-fruit cards,
3 two-fruit, 3 three-fruit, 2 four-fruit and 1 five-fruit card. HG-R1 removes 2
one-fruit cards per fruit by default (120 cards); we take them from the extreme edition,
so the classic game stays complete (spieltisch ruling HG-R1a). ``full_deck`` keeps all
128.

>>> len(deck(full=False)), len(deck(full=True))
(120, 128)
>>> NAMES[PIG], card_by_name("3L") == card_by_name("3l")
('PIG', True)
"""

from __future__ import annotations

from collections import Counter
from typing import Final

FRUITS = ("banana", "strawberry", "lime", "plum")
"""Fruit indices 0..3 in the order of the letters ``B S L P``."""
LETTERS = "BSLP"
BANANA: Final = 0
STRAWBERRY: Final = 1
LIME: Final = 2
PLUM: Final = 3

NO_ANIMAL: Final = 0
ANIMAL_PIG: Final = 1
ANIMAL_MONKEY: Final = 2
ANIMAL_ELEPHANT: Final = 3
CLASSIC: Final = 0
EXTREME: Final = 1
EDITIONS = ("classic", "extreme")

_names: list[str] = []
_fruit: list[tuple[int, int, int, int]] = []
_animal: list[int] = []
_edition: list[int] = []
_copies_standard: list[int] = []
_copies_full: list[int] = []


def _add(
    name: str, fruit: tuple[int, int, int, int], animal: int, edition: int, n: int, full: int
) -> int:
    _names.append(name)
    _fruit.append(fruit)
    _animal.append(animal)
    _edition.append(edition)
    _copies_standard.append(n)
    _copies_full.append(full)
    return len(_names) - 1


def _vec(*fruits: int, each: int = 1) -> tuple[int, int, int, int]:
    v = [0, 0, 0, 0]
    for f in fruits:
        v[f] = each
    return (v[0], v[1], v[2], v[3])


PIG = _add("PIG", (0, 0, 0, 0), ANIMAL_PIG, EXTREME, 2, 2)
MONKEY = _add("MONKEY", (0, 0, 0, 0), ANIMAL_MONKEY, EXTREME, 3, 3)
ELEPHANT = _add("ELEPHANT", (0, 0, 0, 0), ANIMAL_ELEPHANT, EXTREME, 3, 3)
# Classic edition: per fruit 5x one, 3x two, 3x three, 2x four, 1x five fruits (14 cards).
for _f in range(4):
    for _k, _n in zip(range(1, 6), (5, 3, 3, 2, 1), strict=True):
        _add(f"{_k}{LETTERS[_f]}", _vec(_f, each=_k), NO_ANIMAL, CLASSIC, _n, _n)
# Extreme edition one-fruit cards: 4 per fruit in the full deck, 2 in the standard deck.
for _f in range(4):
    _add(f"1{LETTERS[_f]}x", _vec(_f), NO_ANIMAL, EXTREME, 2, 4)
# Mixed cards: six pairs x 4 and four triples x 6, one of each fruit shown.
for _combo in ("SP", "LP", "SL", "BP", "BS", "BL"):
    _add(_combo, _vec(*(LETTERS.index(c) for c in _combo)), NO_ANIMAL, EXTREME, 4, 4)
for _combo in ("BLP", "BSP", "BSL", "SLP"):
    _add(_combo, _vec(*(LETTERS.index(c) for c in _combo)), NO_ANIMAL, EXTREME, 6, 6)

NAMES: Final[tuple[str, ...]] = tuple(_names)
"""Display name of each card: ``3B`` three bananas, ``1Bx`` an extreme-edition banana,
``BLP`` a mixed card, ``PIG``/``MONKEY``/``ELEPHANT`` the animals."""
FRUIT: Final[tuple[tuple[int, int, int, int], ...]] = tuple(_fruit)
"""Fruits shown per card, as counts in ``BSLP`` order."""
ANIMAL: Final[tuple[int, ...]] = tuple(_animal)
EDITION: Final[tuple[int, ...]] = tuple(_edition)
"""Which edition a card comes from, i.e. which back it shows face down."""
KINDS = len(NAMES)
"""Number of distinct card ints."""
_BY_NAME = {n.upper(): i for i, n in enumerate(NAMES)}


def copies(full: bool) -> tuple[int, ...]:
    """How many cards of each int the deck holds (HG-R1)."""
    return tuple(_copies_full if full else _copies_standard)


def deck(full: bool) -> list[int]:
    """All cards of the deck, sorted by card int."""
    return [card for card, n in enumerate(copies(full)) for _ in range(n)]


def card_by_name(name: str) -> int:
    """The card int of a display name (case-insensitive).

    :raises KeyError: for an unknown name.
    """
    return _BY_NAME[name.upper()]


def counts(cards: list[int]) -> list[int]:
    """A multiset as a list of counts per card int."""
    out = [0] * KINDS
    for c in cards:
        out[c] += 1
    return out


def describe(card: int) -> str:
    """A readable description, e.g. ``3 limes`` or ``banana + plum``."""
    if ANIMAL[card] != NO_ANIMAL:
        return NAMES[card].lower()
    shown = Counter({FRUITS[f]: n for f, n in enumerate(FRUIT[card]) if n})
    return " + ".join(f"{n} {f}{'s' if n > 1 else ''}" if n > 1 else f for f, n in shown.items())


assert len(deck(full=True)) == 128 and len(deck(full=False)) == 120
assert sum(n for c, n in enumerate(copies(True)) if EDITION[c] == CLASSIC) == 56
