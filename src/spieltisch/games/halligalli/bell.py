"""When the bell may be rung (HG-R3), and the coach: the chance that the next flip makes
the table valid, computed from what one seat can know.

Both are pure functions of card ints (see :mod:`.cards`), importable without a game:
the bots, the table runtime and research code use them, and they are the place to read
the validity rule.

What a seat knows (the knowledge model of the coach, spieltisch ruling HG-R3a): the
deck's composition (public, HG-R1); every card face up on the table (each was seen when
it was flipped this round, so whole face-up piles count, not only the top cards); the
number of cards in every draw pile and aside; and, when the table shows card backs,
the edition of the top card of each draw pile (the appendix: "Kenner beziehen hierbei
auch die unterschiedlichen Kartenrückseiten der beiden Spiele mit ein"). Draw piles are
face down, including the seat's own, and cards that were collected, paid as penalty or
turned over are face down again: a seat does not track them. So the next flipped card
is, for that seat, uniformly one of the *unseen* cards (deck minus face-up cards) with
the edition shown on the flipper's back; ``Game.sample_state`` draws hidden cards from
exactly this model, and a test checks the coach against it by Monte Carlo.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from .cards import (
    ANIMAL,
    ANIMAL_ELEPHANT,
    ANIMAL_MONKEY,
    ANIMAL_PIG,
    EDITION,
    EDITIONS,
    FRUIT,
    KINDS,
    LIME,
    STRAWBERRY,
    card_by_name,
    copies,
)


def count_pairs(top_cards: Iterable[int]) -> int:
    """Number of "pairs" (valid combinations) among the visible cards, pigs aside.

    A fruit whose visible total is a positive multiple of 5 gives total/5 pairs (§3.2a,
    §4.1: 10 of one fruit is a double pair). If any fruit card is visible, each monkey is
    a pair unless a lime is visible (§3.2b), each elephant unless a strawberry is (§3.2c).
    """
    totals = [0, 0, 0, 0]
    monkeys = elephants = 0
    for card in top_cards:
        animal = ANIMAL[card]
        if animal == ANIMAL_MONKEY:
            monkeys += 1
        elif animal == ANIMAL_ELEPHANT:
            elephants += 1
        else:
            f = FRUIT[card]
            totals[0] += f[0]
            totals[1] += f[1]
            totals[2] += f[2]
            totals[3] += f[3]
    pairs = sum(t // 5 for t in totals if t % 5 == 0)
    if any(totals):
        if not totals[LIME]:
            pairs += monkeys
        if not totals[STRAWBERRY]:
            pairs += elephants
    return pairs


def is_bell_valid(top_cards: Iterable[int]) -> bool:
    """Whether ringing the bell now is correct, given the top card of every face-up pile.

    HG-R3 (rulings, reading §3.2, §3.3 and §4.1 of the house rules):

    *A pig on top anywhere: valid, always.* (§3.2d "Ein Schwein ist immer gültig; auch
    bei Doppelpaaren und anderen vermeintlich ungültigen Situationen.")

    *Otherwise count pairs: a fruit whose visible total is a multiple of 5 gives
    total/5 pairs (5 → 1, 10 → 2 "double pair", 15 → 3; 6 or 9 → 0). If at least one
    fruit card is visible, each visible monkey is one pair unless any lime is visible,
    and each visible elephant is one pair unless any strawberry is visible. Valid iff
    the number of pairs is odd.* (§3.2a–c, §3.2e "Gültige Paare übertrumpfen ungültige
    Paare", §4.1 "nur eine ungerade Anzahl an Paaren ist gültig".)

    §3.3 lists the invalid cases: no valid combination (§3.3a, read as "none per
    §3.2/§4.1", not literally "fewer than 5 fruits"); monkey or elephant with no fruit
    card (§3.3b); monkey with lime, elephant with strawberry (the second "a", read as
    §3.3c). Cards under the top cards never count (HG-R2).

    The document's examples (HG-R3):

    >>> from .cards import card_by_name as c
    >>> is_bell_valid([c("MONKEY"), c("5L")])               # the lime pair stands
    True
    >>> is_bell_valid([c("MONKEY"), c("5B")])               # two pairs: double pair
    False
    >>> is_bell_valid([c("ELEPHANT")])                      # an animal needs a fruit
    False
    >>> is_bell_valid([c("5B"), c("5P"), c("MONKEY")])      # three pairs
    True
    >>> is_bell_valid([c("MONKEY"), c("MONKEY"), c("1P")])  # two pairs
    False
    >>> is_bell_valid([c("PIG"), c("5B"), c("MONKEY")])     # the pig is always valid
    True
    """
    cards = list(top_cards)
    if any(ANIMAL[card] == ANIMAL_PIG for card in cards):
        return True
    return count_pairs(cards) % 2 == 1


def chance_valid_after_flip(
    tops: Sequence[int | None], flipper: int, unseen: Sequence[int]
) -> Fraction:
    """Exact chance that the table is valid once ``flipper`` turns a card uniformly drawn
    from the multiset ``unseen`` (counts per card int) onto his face-up pile.

    ``tops`` is the top card per seat (``None`` for an empty pile). Returns 0 when no
    card is unseen.

    >>> from .cards import card_by_name as c
    >>> unseen = [0] * KINDS
    >>> unseen[c("PIG")], unseen[c("1B")] = 1, 3
    >>> chance_valid_after_flip([c("4B"), None], 1, unseen)   # pig or the fifth banana
    Fraction(1, 1)
    >>> chance_valid_after_flip([c("4B"), c("1B")], 0, unseen)  # only the pig helps
    Fraction(1, 4)
    """
    total = sum(unseen)
    if total == 0:
        return Fraction(0)
    others = [t for s, t in enumerate(tops) if t is not None and s != flipper]
    hits = 0
    for card, n in enumerate(unseen):
        if n and is_bell_valid([*others, card]):
            hits += n
    return Fraction(hits, total)


def unseen_counts(full_deck: bool, face_up: Iterable[int], edition: int | None) -> list[int]:
    """Deck minus the face-up cards, optionally only the cards of one edition (back)."""
    out = list(copies(full_deck))
    for card in face_up:
        out[card] -= 1
    if edition is not None:
        out = [n if EDITION[c] == edition else 0 for c, n in enumerate(out)]
    if min(out) < 0:
        raise ValueError("more face-up cards than the deck holds")
    return out


def coach(view: Mapping[str, Any]) -> Fraction | None:
    """The chance that the next regular flip makes the table valid, from a seat's view.

    Uses only what the view shows (see the module docstring for the knowledge model):
    every face-up card, the deck in play and the back of the flipper's top card.
    ``None`` when no regular flip is coming (finale, game over, nobody can flip).
    """
    flipper = view.get("to_flip")
    if view.get("phase") != "round" or flipper is None:
        return None
    piles = [[card_by_name(n) for n in pile] for pile in view["table"]]
    tops: list[int | None] = [pile[-1] if pile else None for pile in piles]
    back = view["backs"][flipper] if view.get("backs") else None
    unseen = unseen_counts(
        view["deck"] == "full",
        (c for pile in piles for c in pile),
        EDITIONS.index(back) if back else None,
    )
    return chance_valid_after_flip(tops, flipper, unseen)


__all__ = [
    "KINDS",
    "chance_valid_after_flip",
    "coach",
    "count_pairs",
    "is_bell_valid",
    "unseen_counts",
]
