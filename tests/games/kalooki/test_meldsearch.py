"""Meld search against brute force on small random hands (KA-R2, KA-R3, KA-R7)."""

from __future__ import annotations

import itertools
import random

from hypothesis import example, given, settings
from hypothesis import strategies as st

from spieltisch.games.kalooki.cards import JOKER, counts_of, full_deck, penalty_of
from spieltisch.games.kalooki.melds import JOKER_TOKEN, canonical, card_of, classify
from spieltisch.games.kalooki.meldsearch import (
    Searcher,
    all_melds,
    best_opening,
    min_penalty,
    opening_weight,
    penalty_weight,
)

from .helpers import cards


def brute_melds(hand: list[int]) -> set[tuple[int, ...]]:
    """Every valid meld from a sub-multiset of ``hand``, jokers standing for any card."""
    found: set[tuple[int, ...]] = set()
    naturals = sorted(set(f for f in hand if f != JOKER))
    jokers = min(hand.count(JOKER), 2)
    for k in range(0, jokers + 1):
        for names in itertools.product(range(52), repeat=k):
            jt = tuple(JOKER_TOKEN + f for f in names)
            for n in range(max(3 - k, 1), min(len(naturals), 13) + 1):
                for sub in itertools.combinations(naturals, n):
                    tokens = sub + jt
                    if not isinstance(classify(tokens), str):
                        found.add(canonical(tokens))
    return found


def brute_best(melds: list[tuple[int, ...]], counts: list[int], weight) -> int:
    """The best total weight of melds the counts can pay for; with two decks the same
    meld may be laid twice (``4d 5d JK`` and ``4d 5d JK`` from a hand holding each twice)."""
    best = 0
    for i, m in enumerate(melds):
        need = [card_of(t) for t in m]
        if all(counts[c] >= need.count(c) for c in set(need)):
            for c in need:
                counts[c] -= 1
            best = max(best, weight(m) + brute_best(melds[i:], counts, weight))
            for c in need:
                counts[c] += 1
    return best


def random_hand(rng: random.Random, size: int, jokers: int) -> list[int]:
    naturals = [f for f in full_deck() if f != JOKER]
    return rng.sample(naturals, size - jokers) + [JOKER] * jokers


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(3, 7), st.integers(0, 1))
def test_all_melds_agrees_with_brute_force(seed: int, size: int, jokers: int) -> None:
    hand = random_hand(random.Random(seed), size, jokers)
    listed = all_melds(counts_of(hand))
    assert len(listed) == len(set(listed))
    assert set(listed) == brute_melds(hand)


def test_all_melds_agrees_with_brute_force_with_two_jokers() -> None:
    rng = random.Random(3)
    for _ in range(2):
        hand = random_hand(rng, 5, 2)
        assert set(all_melds(counts_of(hand))) == brute_melds(hand)


def test_all_melds_on_dense_hands_with_suits_runs_and_sets() -> None:
    hand = cards("5h 6h 7h 8h 7c 7d 7s JK")
    assert set(all_melds(counts_of(hand))) == brute_melds(hand)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(3, 9), st.integers(0, 2))
@example(201, 9, 2)  # the same run laid twice: 4d 5d JK=6d from two decks
def test_packing_agrees_with_brute_force(seed: int, size: int, jokers: int) -> None:
    rng = random.Random(seed)
    # Dense hands (few ranks, two suits) so that melds actually occur.
    pool = [f for f in full_deck() if f % 13 < 6 and f // 13 < 2]
    hand = rng.sample(pool, size - jokers) + [JOKER] * jokers
    counts = counts_of(hand)
    melds = all_melds(counts)
    for weight in (opening_weight, penalty_weight):
        assert Searcher(weight).best(list(counts))[0] == brute_best(melds, counts, weight)


def test_min_penalty_and_best_opening_of_a_known_hand() -> None:
    counts = counts_of(cards("Qs Qd Qc 7h 8h 9h 2c 3c 4c 5d 9s Ks JK"))
    pen, melds = min_penalty(counts, keep=1)
    # The joker extends a meld (it costs 25 in hand); 5d, 9s and Ks stay.
    assert pen == 5 + 9 + 10
    assert sum(len(m) for m in melds) == 10
    value, _ = best_opening(counts)
    assert value >= 51
    assert penalty_of(counts) == 30 + 24 + 9 + 5 + 9 + 10 + 25


def test_keeping_a_card_for_the_discard() -> None:
    # Three cards cannot be laid if one must stay; with four, the cheapest end stays.
    assert min_penalty(counts_of(cards("7h 8h 9h")), keep=1)[0] == 24
    assert min_penalty(counts_of(cards("7h 8h 9h")), keep=0)[0] == 0
    assert min_penalty(counts_of(cards("6h 7h 8h 9h")), keep=1)[0] == 6
