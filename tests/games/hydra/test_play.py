"""Following suit, trick winning and parties (HY 2.4, HY-R5)."""

from __future__ import annotations

import pytest

from spieltisch.engine import IllegalAction
from spieltisch.games.hydra import Hydra
from spieltisch.games.hydra.cards import FARB, STANDARD, TRUMPF
from spieltisch.games.hydra.play import playable, trick_winner

from .helpers import cards, rigged, say


def trick(text: str) -> list[tuple[int, int]]:
    return list(enumerate(cards(text)))


def test_HY_R5_queen_is_not_a_club_when_clubs_are_led():
    hand = cards("CQ HY D9")
    # clubs led: the ♣Q is a trump, so a hand with no plain club may play anything
    assert sorted(playable(hand, trick("CA"), STANDARD)) == sorted(hand)
    # trump led: the ♣Q (and the Hydra) must follow
    assert sorted(playable(hand, trick("DJ"), STANDARD)) == sorted(cards("CQ HY"))


def test_HY_R5_diamond_ten_follows_diamonds_not_trumps():
    hand = cards("D10 DK S9")
    assert sorted(playable(hand, trick("D9"), STANDARD)) == sorted(cards("D10 DK"))
    assert sorted(playable(hand, trick("DA"), STANDARD)) == sorted(hand)  # ♦A is a trump


def test_HY_R5_must_follow_suit_refused_with_rule():
    state = rigged({0: "CA HY", 1: "C10 HK"})
    say(state, *["valeo"] * 5, "CA")
    snapshot = state.to_json()
    with pytest.raises(IllegalAction) as err:
        state.apply(1, Hydra().parse_action("HK"))
    assert err.value.rule == "HY-R5" and "follow" in err.value.message
    assert state.to_json() == snapshot
    with pytest.raises(IllegalAction) as err:
        state.apply(1, Hydra().parse_action("SA"))
    assert err.value.rule == "HY-R5"


def test_HY_R5_highest_trump_wins_else_highest_of_led_suit():
    assert trick_winner(trick("CK CA DJ S10 CA"), STANDARD) == 2
    assert trick_winner(trick("CK CA H9 S10 CA"), STANDARD) == 1
    assert trick_winner(trick("H10 HY CQ CQ DA"), STANDARD) == 1
    assert trick_winner(trick("D9 DK D10 SA DA"), STANDARD) == 4


def test_HY_R5_first_of_two_identical_cards_wins():
    assert trick_winner(trick("H10 H10 CQ SQ DJ"), STANDARD) == 0
    assert trick_winner(trick("HY HY CQ SQ DJ"), STANDARD) == 0
    assert trick_winner(trick("S9 SA SA S10 S9"), STANDARD) == 1


def test_HY_R5_option_second_h10_beats_the_first_except_in_the_last_trick():
    t = trick("H10 CQ H10 SQ DJ")
    assert trick_winner(t, STANDARD) == 0
    assert trick_winner(t, STANDARD, second_h10=True) == 2
    assert trick_winner(t, STANDARD, second_h10=True, last=True) == 0
    # where the ♥10 is a plain card (a Trumpfsolo), the rule does not apply
    assert trick_winner(trick("H10 H10 H9 H9 HK"), TRUMPF + 2, second_h10=True) == 0
    # in a hearts Farbsolo the ♥10 is a trump: the rule applies
    assert trick_winner(trick("H10 H10 H9 H9 HK"), FARB + 1, second_h10=True) == 1


def test_HY_R5_option_through_the_engine():
    state = rigged({0: "H10 HY HY", 2: "H10"}, second_h10_wins=True)
    say(state, *["valeo"] * 5)
    assert not any(24 in state.hands[s] for s in (1, 3, 4))  # no Hydra can take the trick
    for seat in range(5):
        action = Hydra().parse_action("H10") if seat in (0, 2) else state.legal_actions(seat)[0]
        state.apply(seat, action)
    assert state.tricks[0][0] == 2 and state.active_seats() == (2,)


def test_HY_R5_trick_winner_leads_the_next_trick():
    state = rigged({0: "D9", 1: "HY"})
    say(state, *["valeo"] * 5)
    say(state, "D9", "HY")
    for seat in (2, 3, 4):
        state.apply(seat, state.legal_actions(seat)[0])
    assert state.tricks[0][0] == 1 and state.active_seats() == (1,)


@pytest.mark.parametrize(
    ("hands", "party"),
    [
        # spread: four seats with one queen each, no overlap -> Pik, Kreuz, rest
        ({0: "SQ", 1: "SQ", 2: "CQ", 3: "CQ"}, [0, 0, 1, 1, 2]),
        # concentrated: one seat per colour -> parties of 1, 1 and 3
        ({1: "SQ SQ", 3: "CQ CQ"}, [2, 0, 2, 1, 2]),
        # one seat holds both colours: the queen parties merge
        ({0: "SQ CQ", 2: "SQ", 4: "CQ"}, [0, 1, 0, 1, 0]),
        # one seat holds all four: alone against four
        ({2: "SQ SQ CQ CQ"}, [1, 1, 0, 1, 1]),
        # both colours on the same two seats
        ({0: "SQ CQ", 1: "SQ CQ"}, [0, 0, 1, 1, 1]),
    ],
)
def test_HY_2_4_4_healthy_parties_from_the_black_queens(hands, party):
    state = rigged(hands)
    say(state, *["valeo"] * 5)
    assert state.party == party


def test_HY_2_4_4_party_secret_until_queens_are_played():
    state = rigged({0: "SQ D9", 1: "SQ", 2: "CQ", 3: "CQ"})
    say(state, *["valeo"] * 5)
    view = state.view(2)
    assert view["party"] is None
    assert view["queens"] == [[], [], ["CQ"], [], []]
    say(state, "SQ")
    assert state.view(2)["queens"][0] == ["SQ"]
    assert state.view(None)["queens"] == [["SQ"], [], [], [], []]
