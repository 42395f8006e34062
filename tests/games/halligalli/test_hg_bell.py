"""HG-R1 (deck) and HG-R3 (bell validity): the document's examples and the edge cases."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from spieltisch.games.halligalli.bell import (
    chance_valid_after_flip,
    count_pairs,
    is_bell_valid,
    unseen_counts,
)
from spieltisch.games.halligalli.cards import (
    ANIMAL,
    ANIMAL_ELEPHANT,
    ANIMAL_MONKEY,
    ANIMAL_PIG,
    CLASSIC,
    EDITION,
    FRUIT,
    KINDS,
    NO_ANIMAL,
    deck,
)

from .scenario import cards


def valid(*names: str) -> bool:
    return is_bell_valid(cards(*names))


# -- HG-R3: the document's own examples (§3.2e, §4.1a and the rulings) -----------------
def test_HG_R3_monkey_and_five_limes_is_valid() -> None:
    """§3.2e: limes void the monkey, but the five limes are a pair of their own."""
    assert valid("MONKEY", "5L")
    assert valid("MONKEY", "3L", "2L")


def test_HG_R3_monkey_and_five_bananas_is_a_double_pair() -> None:
    """§3.2e/§4.1a: monkey (no lime, a fruit) + 5 bananas = two pairs = invalid."""
    assert not valid("MONKEY", "5B")
    assert count_pairs(cards("MONKEY", "5B")) == 2


def test_HG_R3_three_pairs_are_valid() -> None:
    """§4.1a: three pairs are valid again, four invalid."""
    assert valid("5B", "5P", "MONKEY")
    assert not valid("5B", "5P", "MONKEY", "ELEPHANT")
    assert count_pairs(cards("5B", "5P", "MONKEY", "ELEPHANT")) == 4


def test_HG_R3_pig_is_always_valid() -> None:
    """§3.2d: a pig anywhere on top is valid, even with a double pair or alone."""
    assert valid("PIG")
    assert valid("PIG", "MONKEY", "5B")
    assert valid("PIG", "PIG")
    assert valid("PIG", "1L", "MONKEY")


def test_HG_R3_elephant_with_and_without_strawberries() -> None:
    """§3.2c: elephant + a fruit card but no strawberry is a pair; strawberries void it."""
    assert valid("ELEPHANT", "1B")
    assert valid("ELEPHANT", "BLP")
    assert not valid("ELEPHANT", "1S")
    assert not valid("ELEPHANT", "BS")
    assert valid("ELEPHANT", "5S")  # the strawberry pair stands, the elephant is void
    assert valid("ELEPHANT", "MONKEY", "1L")  # lime voids the monkey only


def test_HG_R3_animals_alone_are_invalid() -> None:
    """§3.3b: monkeys and elephants need a fruit card."""
    assert not valid("ELEPHANT")
    assert not valid("MONKEY")
    assert not valid("MONKEY", "ELEPHANT")
    assert not valid("MONKEY", "MONKEY", "ELEPHANT")


def test_HG_R3_ten_and_fifteen_of_a_fruit() -> None:
    """§3.2a/§4.1: 10 of a fruit is a double pair, 15 three pairs; 6 or 9 no pair."""
    assert not valid("5B", "5B")
    assert not valid("4B", "4B", "2B")
    assert valid("5B", "5B", "5B")
    assert valid("4B", "4B", "4B", "3B")
    assert not valid("3B", "3B")
    assert not valid("4B", "5B")


def test_HG_R3_two_monkeys_are_two_pairs() -> None:
    """Rulings example: two monkeys + 1 plum = two pairs, invalid; three monkeys valid."""
    assert not valid("MONKEY", "MONKEY", "1P")
    assert valid("MONKEY", "MONKEY", "MONKEY", "1P")
    assert not valid("MONKEY", "MONKEY", "1P", "1L")  # the lime voids both: no pair


def test_HG_R3_mixed_cards_count_each_fruit() -> None:
    assert valid("BLP", "4B")
    assert valid("BLP", "4B", "MONKEY")  # lime on the mixed card voids the monkey
    assert not valid("BLP", "4B", "4P")  # 5 bananas and 5 plums
    assert valid("BSL", "BSP", "BLP", "SLP", "2P")  # 3B 3S 3L 5P


def test_HG_R3_empty_table_is_invalid() -> None:
    assert not is_bell_valid([])


# -- HG-R1: the deck --------------------------------------------------------------------
@pytest.mark.parametrize(("full", "ones"), [(False, 7), (True, 9)])
def test_HG_R1_deck_composition(full: bool, ones: int) -> None:
    d = deck(full)
    assert len(d) == (128 if full else 120)
    animals = Counter(ANIMAL[c] for c in d)
    assert animals[ANIMAL_PIG] == 2
    assert animals[ANIMAL_MONKEY] == 3
    assert animals[ANIMAL_ELEPHANT] == 3
    plain = [c for c in d if ANIMAL[c] == NO_ANIMAL]
    mixed = [c for c in plain if sum(1 for n in FRUIT[c] if n) > 1]
    assert len(mixed) == 48
    assert Counter(sum(1 for n in FRUIT[c] if n) for c in mixed) == {2: 24, 3: 24}
    for f in range(4):
        pure = Counter(FRUIT[c][f] for c in plain if c not in mixed and FRUIT[c][f])
        assert pure == {1: ones, 2: 3, 3: 3, 4: 2, 5: 1}
    assert sum(1 for c in d if EDITION[c] == CLASSIC) == 56


def test_HG_R1_standard_deck_deals_evenly_to_three_to_six() -> None:
    assert all(120 % n == 0 for n in range(3, 7))
    assert [128 % n for n in range(3, 7)] == [2, 0, 3, 2]


# -- the coach --------------------------------------------------------------------------
def test_HG_R3a_coach_counts_the_unseen_cards() -> None:
    """Table 4B (seat 0) and 1B (seat 1); seat 1 flips and covers his 1B. Valid after:
    a pig, any card with exactly one banana (4 + 1), a monkey or elephant (a pair with the
    bananas), or a 5-card of another fruit."""
    face_up = cards("4B", "1B")
    unseen = unseen_counts(False, face_up, None)
    tops: list[int | None] = [cards("4B")[0], cards("1B")[0]]
    chance = chance_valid_after_flip(tops, 1, unseen)
    hits = 0
    for card, n in enumerate(unseen):
        if n and is_bell_valid([tops[0], card]):  # type: ignore[list-item]
            hits += n
    assert chance == Fraction(hits, 118)
    # pig 2; 1B 4 + 1Bx 2 (one 1B is face up); BS/BP/BL 12; BLP/BSP/BSL 18; monkey 3;
    # elephant 3; 5S/5L/5P 3
    assert hits == 2 + 6 + 12 + 18 + 3 + 3 + 3


def test_HG_R3a_coach_uses_the_shown_back() -> None:
    """Only extreme-edition cards have the extreme back; a classic back excludes animals."""
    unseen = unseen_counts(False, [], CLASSIC)
    assert all(EDITION[c] == CLASSIC or n == 0 for c, n in enumerate(unseen))
    assert sum(unseen) == 56
    assert len(unseen) == KINDS
    only_pig = chance_valid_after_flip([None, None], 0, unseen)
    assert only_pig == Fraction(4, 56)  # a classic 5-fruit card alone
