"""The rules bot's habits are thresholds (``Habits``): each one changed alone changes the
move exactly where it says, next to the ``rules`` level's move in the same seat."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from spieltisch.games.hydra import Hydra
from spieltisch.games.hydra.actions import PLAYS
from spieltisch.games.hydra.cards import STANDARD, parse_card
from spieltisch.games.hydra.faces.bots import RULES_HABITS, Habits, RulesBot, Seen

SEATS = [0, 1, 2, 3, 4]


def seen(trick: str = "", tricks: list[tuple[int, str]] | None = None) -> Seen:
    """A healthy game in which nobody has shown a black queen; ``trick`` is played by the
    seats from 0 on, every finished trick (``(winner, cards)``) likewise."""
    done = [
        (winner, tuple((s, parse_card(c)) for s, c in enumerate(cards.split())))
        for winner, cards in tricks or []
    ]
    return Seen(
        contract=STANDARD,
        trick=[(s, parse_card(c)) for s, c in enumerate(trick.split())],
        tricks=done,
        seats=SEATS,
        kind="healthy",
        declarer=-1,
        party=None,
        queens=[[] for _ in SEATS],
    )


def moves(situation: Seen, hand: str, **habit: Any) -> tuple[str, str]:
    """The card ``rules`` plays from ``hand`` (all legal), and the card it plays with
    ``habit`` changed, as names."""
    game = Hydra(games=1)
    seat = len(situation.trick)
    legal = [PLAYS[parse_card(c)] for c in hand.split()]
    names = {parse_card(c): c for c in hand.split()}
    changed = type("Changed", (RulesBot,), {"habits": replace(RULES_HABITS, **habit)})
    plain = RulesBot(game)._play(situation, seat, legal)
    other = changed(game)._play(situation, seat, legal)
    return names[plain], names[other]


def test_the_rules_level_plays_the_default_habits() -> None:
    assert RulesBot.habits == Habits()


def test_a_trump_is_kept_and_a_side_card_thrown_to_a_trick_not_worth_taking() -> None:
    # ♠9 led, nothing worth winning: the rules bot throws the ♦J (2 points); a trump
    # counted 10 points dearer makes it throw the ♣K (4) and keep the trump.
    assert moves(seen("S9"), "DJ CK", trump_discard=10) == ("DJ", "CK")


def test_the_first_round_of_a_side_suit_is_taken_with_the_ace() -> None:
    assert moves(seen("S9"), "SA SK", first_round_ace=True) == ("SK", "SA")
    # In the second round of spades the ace is not forced on a trick of no points.
    second = seen("S9", [(0, "SK S9 S9 SK SA")])
    assert moves(second, "SA SK", first_round_ace=True) == ("SK", "SK")


def test_with_five_trumps_and_no_ace_to_lead_the_lowest_trump_is_led() -> None:
    assert moves(seen(), "H9 DJ HJ SJ CJ DQ", trump_lead=5) == ("H9", "DJ")
    # With four trumps a side card is led all the same.
    assert moves(seen(), "H9 DJ HJ SJ CJ", trump_lead=5) == ("H9", "H9")


def test_a_lead_comes_from_the_shortest_side_suit() -> None:
    assert moves(seen(), "CK H9 HK", short_suit_lead=True) == ("H9", "CK")


def test_no_black_queen_is_led_to_find_the_partner() -> None:
    assert moves(seen(), "SQ H9 HK", queen_lead=False) == ("SQ", "H9")


@pytest.mark.parametrize("done", [7, 8])
def test_late_tricks_of_few_points_are_not_bought_with_a_trump(done: int) -> None:
    # ♠9 led to the eighth or ninth trick: the rules level ruffs with its lowest trump;
    # with late tricks counted from the tenth it throws the ♥9.
    history = [(0, "C9 C9 CK CK CA")] * done
    assert moves(seen("S9", history), "DJ H9", late_trick=10) == ("DJ", "H9")
