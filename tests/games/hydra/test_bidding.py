"""Dealing, declarations, Armut, Solo/Antrag and the Antrag itself (HY 2.1–2.3, HY-R2..R4)."""

from __future__ import annotations

import pytest

from spieltisch.engine import IllegalAction, derive_rng
from spieltisch.engine.rng import shuffled
from spieltisch.games.hydra import Hydra, HydraState
from spieltisch.games.hydra.cards import CONTRACTS, DECK, FARB

from .helpers import rigged, say

QUEENS_S = "SQ SQ"
WEAK = "D9 D9 H9 S9 DK"


def test_HY_2_1_deal_is_3_4_3_from_the_seat_after_the_dealer():
    state = Hydra().new_state(5, seed=11)
    assert state.dealer == 4 and state.seats == [0, 1, 2, 3, 4]
    deck = shuffled(derive_rng(11, "hydra-deal", 0), list(DECK))
    assert state.hands[0] == sorted(deck[0:3] + deck[15:19] + deck[35:38])
    assert state.hands[4] == sorted(deck[12:15] + deck[31:35] + deck[47:50])
    assert all(len(h) == 10 for h in state.hands)


def test_HY_R10_six_players_dealer_sits_out():
    state = Hydra().new_state(6, seed=3)
    assert state.dealer == 5 and state.seats == [0, 1, 2, 3, 4]
    assert state.hands[5] == [] and sorted(c for h in state.hands for c in h) == list(DECK)
    assert state.view(5)["legal_actions"] == []
    assert state == state and state.legal_actions(5) == []
    say(state, *["valeo"] * 5)
    assert state.phase == "play" and state.party[5] == -1


def test_HY_2_2_1_declarations_start_after_the_dealer_and_all_valeo_is_healthy():
    state = Hydra().new_state(5, seed=1)
    for seat in range(5):
        assert state.active_seats() == (seat,)
        state.apply(seat, Hydra().parse_action("valeo"))
    assert state.kind == "healthy" and state.phase == "play"
    assert state.active_seats() == (0,)  # HY-R5: the seat after the dealer leads


def test_HY_2_2_5_armut_redeals_with_the_same_dealer_and_restarts_declarations():
    state = rigged({1: "DA S9 S9 SA SA S10 CK CK C9 HK"})
    before = [list(h) for h in state.hands]
    say(state, "valeo")
    state.apply(1, Hydra().parse_action("armut"))
    assert state.dealer == 4 and state.game_no == 0 and state.deal_no == 2
    assert state.hands != before and state.phase == "declare"
    assert state.active_seats() == (0,) and state.said == [None] * 5
    assert state.redeals == [1]
    assert state.view(2)["redeals"] == [1]


def test_HY_2_2_3_armut_refused_without_a_poor_hand():
    state = rigged({0: "HY HY H10 CQ SQ HQ DQ CJ SJ HJ"})
    assert "armut" not in [str(a) for a in state.legal_actions(0)]
    with pytest.raises(IllegalAction) as err:
        state.apply(0, Hydra().parse_action("armut"))
    assert err.value.rule == "HY 2.2.3"


def test_HY_2_2_4_armut_too_late_after_own_morbus_or_valeo():
    state = rigged({0: "DA S9 S9 SA SA S10 CK CK C9 HK"})
    say(state, "morbus", "valeo")
    # seat 0 has spoken: Armut is no longer his to call, neither out of turn ...
    with pytest.raises(IllegalAction) as err:
        state.apply(0, Hydra().parse_action("armut"))
    assert err.value.rule == "HY 2.2.4"  # the rule broken, not the turn order
    say(state, "valeo", "valeo", "valeo")
    # ... nor when it is his turn again to name his reservation
    assert state.phase == "specify" and state.active_seats() == (0,)
    assert "armut" not in [str(a) for a in state.legal_actions(0)]
    snapshot = state.to_json()
    with pytest.raises(IllegalAction) as err:
        state.apply(0, Hydra().parse_action("armut"))
    assert err.value.rule == "HY 2.2.4"
    assert state.to_json() == snapshot


def test_HY_2_3_5_antrag_needs_both_queens_of_a_black_suit_HY_R3_else_solo():
    state = rigged({0: "SQ " + WEAK, 1: "CQ CQ SQ"})
    say(state, "morbus", "morbus", "valeo", "valeo", "valeo")
    assert [str(a) for a in state.legal_actions(0)] == ["solo"]
    with pytest.raises(IllegalAction) as err:
        state.apply(0, Hydra().parse_action("antrag"))
    assert err.value.rule == "HY 2.3.5"
    say(state, "solo")
    assert [str(a) for a in state.legal_actions(1)] == ["solo", "antrag"]


def test_HY_2_3_6_one_solo_beats_antrags_HY_2_3_7_first_solo_gets_the_game():
    state = rigged({0: "CQ CQ", 1: "SQ SQ"})
    say(state, "morbus", "valeo", "morbus", "morbus", "valeo")
    say(state, "antrag", "solo", "solo")
    assert state.phase == "solo_type" and state.declarer == 2
    assert len(state.legal_actions(2)) == CONTRACTS
    say(state, "farbsolo H")
    assert state.contract == FARB + 1 and state.kind == "solo"
    assert state.party == [1, 1, 0, 1, 1]
    assert state.active_seats() == (0,)  # HY-R5: the seat after the dealer leads a solo too


def test_HY_2_3_7_all_antrag_first_antrag_seat_is_antragsteller():
    state = rigged({1: "CQ CQ " + WEAK, 3: "SQ SQ"})
    say(state, "valeo", "morbus", "valeo", "morbus", "valeo", "antrag", "antrag")
    assert state.phase == "lay" and state.declarer == 1 and state.kind == "antrag"


def antrag_state() -> HydraState:
    """Seat 1 proposes with the clubs queens; seats 0 and 3 hold the spades queens."""
    state = rigged({0: "SQ HY", 1: "CQ CQ HA " + WEAK, 3: "SQ"})
    say(state, "valeo", "morbus", "valeo", "valeo", "valeo", "antrag")
    return state


def test_HY_2_3_8_antrag_lays_both_queens_and_a_face_up_card():
    state = antrag_state()
    assert sorted(str(a) for a in state.legal_actions(1))[0].startswith("lay CQ CQ ")
    with pytest.raises(IllegalAction) as err:
        state.apply(1, Hydra().parse_action("lay SQ SQ HA"))
    assert err.value.rule == "HY 2.3.8"
    with pytest.raises(IllegalAction):
        state.apply(1, Hydra().parse_action("lay CQ CQ CA"))  # not in hand
    say(state, "lay CQ CQ HA")
    assert len(state.hands[1]) == 7 and state.phase == "answer"
    assert state.active_seats() == (2,)  # HY 2.3.9: from the seat after the Antragsteller
    view = state.view(3)
    assert view["antrag"]["face_up"] == "HA" and view["antrag"]["queens"] is None
    assert state.view(1)["antrag"]["queens"] == "CQ"


def test_HY_2_3_10_accepted_antrag_exchange_and_parties():
    state = antrag_state()
    hand = list(state.hands[1])
    say(state, "lay CQ CQ HA", "decline", "accept")
    assert state.partner == 3 and len(state.hands[3]) == 13 and state.phase == "give"
    assert state.view(3)["antrag"]["queens"] == "CQ"
    assert state.view(0)["antrag"]["queens"] is None
    # HY-R4: any three cards, even the queens just received
    say(state, "give CQ", "give CQ", "give HA")
    assert state.hands[1] == hand
    assert len(state.hands[3]) == 10 and state.kind == "antrag"
    assert state.party == [1, 0, 1, 0, 1]
    assert state.view(1)["antrag"]["given"] == ["CQ", "CQ", "HA"]
    assert state.view(0)["antrag"]["given"] is None
    assert state.active_seats() == (0,)


def test_HY_2_3_10_cannot_give_a_card_not_held():
    state = antrag_state()
    say(state, "lay CQ CQ HA", "accept")
    with pytest.raises(IllegalAction) as err:
        state.apply(2, Hydra().parse_action("give HY"))  # the Hydras are with seat 0
    assert err.value.rule == "HY 2.3.10"


def test_HY_2_3_11_declined_antrag_becomes_a_healthy_game():
    state = antrag_state()
    hand = list(state.hands[1])
    say(state, "lay CQ CQ HA", "decline", "decline", "decline", "decline")
    assert state.kind == "healthy" and state.hands[1] == hand and state.phase == "play"
    # clubs queens both with seat 1, spades with 0 and 3: three parties
    assert state.party == [0, 1, 2, 0, 2]


def test_HY_2_3_4_wrong_words_in_each_phase_are_refused():
    state = antrag_state()
    for text, rule in (("accept", "HY 2.3.8"), ("H9", "HY 2.3.8"), ("give D9", "HY 2.3.10")):
        with pytest.raises(IllegalAction) as err:
            state.apply(1, Hydra().parse_action(text))
        assert err.value.rule.startswith("HY"), (text, rule)
    fresh = rigged({})
    with pytest.raises(IllegalAction) as err:
        fresh.apply(0, Hydra().parse_action("solo"))
    assert err.value.rule == "HY 2.2.2"


def test_HY_1_2_3_armut_before_ones_turn_is_out_of_turn():
    state = rigged({2: "DA S9 S9 SA SA S10 CK CK C9 HK"})
    with pytest.raises(IllegalAction) as err:
        state.apply(2, Hydra().parse_action("armut"))
    assert err.value.rule == "HY 1.2.3"
