"""``sample_state`` respects what a seat can infer (HY 2.3.5, HY 2.3.8–2.3.11, HY-R4, HY-R5)."""

from __future__ import annotations

import pytest

from spieltisch.engine import InvalidNotation
from spieltisch.games.hydra import Hydra, HydraState
from spieltisch.games.hydra.cards import SUIT, TRUMP

from .helpers import cards, rigged, say

CQ, HA, SQ = cards("CQ HA SQ")


def antrag() -> HydraState:
    """Seat 1 proposes with both ♣Q and shows the ♥A."""
    state = rigged({0: "SQ HY", 1: "CQ CQ HA D9 D9 H9 S9 DK", 3: "SQ DK HK HK"})
    say(state, "valeo", "morbus", "valeo", "valeo", "valeo", "antrag")
    return state


def samples(state: HydraState, seat: int, n: int = 40) -> list[HydraState]:
    game = Hydra(**state.game.options)
    view = state.view(seat)
    out = [game.sample_state(view, seat, k) for k in range(n)]
    assert all(s.view(seat) == view for s in out)
    return out


def test_HY_2_3_5_an_antrag_seat_holds_a_black_queen_pair():
    state = antrag()
    for s in samples(state, 2):
        assert any(s.hands[1].count(q) == 2 for q in (CQ, SQ))


def test_HY_2_3_8_face_down_queens_are_a_black_pair_the_viewer_does_not_hold():
    state = antrag()
    say(state, "lay CQ CQ HA")
    # seat 0 holds a ♠Q: the face-down pair can only be the clubs queens
    for s in samples(state, 0):
        assert s.laid == [CQ, CQ, HA]
    seen = {tuple(s.laid) for s in samples(state, 4)}
    assert seen <= {(CQ, CQ, HA), (SQ, SQ, HA)}


def test_HY_2_3_11_after_a_decline_the_antragsteller_keeps_his_cards():
    state = antrag()
    say(state, "lay CQ CQ HA", "decline", "decline", "decline", "decline")
    for s in samples(state, 2):
        assert s.hands[1].count(HA) >= 1
        assert any(s.hands[1].count(q) == 2 for q in (CQ, SQ))


def test_HY_2_3_10_the_pair_keeps_the_laid_cards_HY_R4_what_each_knows():
    state = antrag()
    say(state, "lay CQ CQ HA", "decline", "accept", "give HK", "give HK", "give DK")
    for s in samples(state, 4):
        pair = s.hands[1] + s.hands[3]
        assert pair.count(HA) >= 1 and (pair.count(CQ) == 2 or pair.count(SQ) == 2)
    # the Antragsteller knows the acceptor kept the ♣Q pair and the ♥A
    for s in samples(state, 1):
        assert s.hands[3].count(CQ) == 2 and HA in s.hands[3]
    # the acceptor knows the Antragsteller holds the three cards he gave back
    for s in samples(state, 3):
        assert s.hands[1].count(cards("HK")[0]) == 2 and cards("DK")[0] in s.hands[1]


def test_HY_R5_a_seat_that_did_not_follow_holds_none_of_that_suit():
    state = rigged({0: "HY HY H10 H10", 1: "CA CA C10 C10 CK CK C9 C9 S9 S9"})
    say(state, *["valeo"] * 5, "HY")
    # seat 1 has no trump and throws a club: void in trumps
    say(state, "CA")
    for s in samples(state, 0):
        assert all(SUIT[0][c] != TRUMP for c in s.hands[1])


def test_sample_state_refuses_a_foreign_view():
    with pytest.raises(InvalidNotation):
        Hydra().sample_state({"game": "halali"}, 0, 1)
    with pytest.raises(InvalidNotation):
        Hydra().sample_state({"game": "hydra"}, 0, 1)
