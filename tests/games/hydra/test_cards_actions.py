"""The deck, trump orders and notation (HY 1.1, HY 3.4, HY-R1, HY-R2, HY-R6)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from spieltisch.engine import InvalidNotation
from spieltisch.games.hydra import Hydra, HydraAction
from spieltisch.games.hydra.actions import WORDS, ChooseSolo, Give, Lay, Play, Say, action_from_json
from spieltisch.games.hydra.cards import (
    CLUBS,
    CONTRACTS,
    DECK,
    FARB,
    HYDRA,
    KINDS,
    POINTS,
    POWER,
    SPADES,
    STANDARD,
    SUIT,
    TRUMP,
    TRUMPF,
    armut_allowed,
    card_name,
    parse_card,
    trump_order,
)

from .helpers import cards


def names(cs: tuple[int, ...] | list[int]) -> str:
    return " ".join(card_name(c) for c in cs)


def test_HY_1_1_1_deck_has_50_cards_two_of_each_and_two_hydras():
    assert len(DECK) == 50
    assert all(DECK.count(c) == 2 for c in range(KINDS))
    assert DECK.count(HYDRA) == 2


def test_HY_R6_card_points_sum_to_240():
    assert sum(POINTS[c] for c in DECK) == 240
    assert [POINTS[c] for c in cards("CA C10 CK CQ CJ C9 HY")] == [11, 10, 4, 3, 2, 0, 0]


def test_HY_R1_standard_trump_order_and_plain_diamonds():
    assert names(trump_order(STANDARD)) == "HY H10 CQ SQ HQ DQ CJ SJ HJ DJ DA"
    assert sum(1 for c in DECK if SUIT[STANDARD][c] == TRUMP) == 22
    for plain in cards("D10 DK D9"):
        assert SUIT[STANDARD][plain] == 0  # a plain diamond
    # in the diamond suit: 10 beats K beats 9
    d10, dk, d9 = cards("D10 DK D9")
    assert POWER[STANDARD][d10] > POWER[STANDARD][dk] > POWER[STANDARD][d9]


def test_HY_R1_hydra_is_the_highest_trump_in_every_contract():
    for c in range(CONTRACTS):
        order = trump_order(c)
        assert order[0] == HYDRA
        assert POWER[c][HYDRA] == max(POWER[c])


def test_HY_3_4_1_farbsolo_order():
    assert names(trump_order(FARB + 1)) == "HY HA H10 HK HQ HJ H9"
    # queens and jacks of other suits are plain in a Farbsolo
    assert SUIT[FARB + 1][parse_card("CQ")] == CLUBS
    assert SUIT[FARB + 1][parse_card("DA")] == 0


def test_HY_R1_trumpfsolo_order_and_the_rest_plain():
    q = TRUMPF + 2
    assert names(trump_order(q)) == "HY CQ SQ HQ DQ"
    assert SUIT[q][parse_card("H10")] == 1
    assert SUIT[q][parse_card("CJ")] == CLUBS
    assert sum(1 for c in DECK if SUIT[q][c] == TRUMP) == 10


def test_HY_R2_eleven_solo_types():
    game = Hydra()
    texts = [str(ChooseSolo(c)) for c in range(CONTRACTS)]
    assert texts[0] == "normalsolo" and "farbsolo D" in texts and "trumpfsolo 10" in texts
    assert len(set(texts)) == 11
    assert all(game.parse_action(t) == ChooseSolo(c) for c, t in enumerate(texts))


@pytest.mark.parametrize(
    ("hand", "allowed"),
    [
        ("DA S9 S9 SA SA S10 CK CK C9 HK", True),  # one trump (♦A)
        ("DA DJ S9 SA SA S10 CK CK C10 HK", False),  # two trumps
        ("HY S9 SA SA S10 S10 CK CK C10 HK", True),  # the Hydra alone
        ("HY HY SA SA S10 S10 CK CK C10 HK", False),  # Hydras count as trumps
        ("D9 D9 H9 H9 S9 HY H10 CQ SQ HQ", True),  # five nines, many trumps
        ("D9 D9 H9 H9 HY H10 CQ SQ HQ CA", False),  # four nines
    ],
)
def test_HY_2_2_3_armut_limits(hand, allowed):
    assert armut_allowed(cards(hand)) is allowed


def test_HY_1_1_2_card_notation_round_trips():
    for c in range(KINDS):
        assert parse_card(card_name(c)) == c
    assert parse_card("♥10") == parse_card("hT") == parse_card("H10")
    assert parse_card("Hydra") == HYDRA
    with pytest.raises(InvalidNotation):
        parse_card("X5")


def every_action() -> Iterator[HydraAction]:
    yield from (Say(w) for w in WORDS)
    yield from (ChooseSolo(c) for c in range(CONTRACTS))
    for colour in (SPADES, CLUBS):
        yield from (Lay(colour, c) for c in range(KINDS))
    for c in range(KINDS):
        yield Give(c)
        yield Play(c)


def test_every_action_round_trips_through_notation_and_json():
    game = Hydra()
    for a in every_action():
        assert game.parse_action(str(a)) == a
        assert action_from_json(a.to_json()) == a
        assert game.action_from_json(a.to_json()) == a


@pytest.mark.parametrize(
    "text", ["", "lay CQ SQ HA", "lay HQ HQ D9", "give", "farbsolo X", "trumpfsolo 7", "bid 3"]
)
def test_bad_notation_is_refused(text):
    with pytest.raises(InvalidNotation):
        Hydra().parse_action(text)


def test_bad_json_is_refused():
    for data in (None, {"type": "lay"}, {"type": "say", "word": "hello"}, {"type": "x"}):
        with pytest.raises(InvalidNotation):
            action_from_json(data)
