"""KA-R1 dealing, KA-R4 discard pile and restocking, KA-R6 going out and Kalooki,
KA-R9 deals that end without a winner."""

from __future__ import annotations

import pytest

from spieltisch.engine import IllegalAction, InvalidPlayers
from spieltisch.games.kalooki import Kalooki
from spieltisch.games.kalooki.state import STALL_TURNS

from .helpers import play, setup

OTHER = "2h 3h 4h 5h 6h 7c 8c 9c 10c Jc Qh Kh Ah"


def test_KA_R1_deal_thirteen_each_an_upcard_and_left_of_dealer_begins() -> None:
    s = Kalooki().new_state(4, seed=5)
    assert s.sizes == [13, 13, 13, 13] and len(s.pile) == 1
    assert len(s.stock) == 106 - 52 - 1
    assert s.dealer == 3 and s.active_seats() == (0,)


def test_KA_R1_five_or_six_players_only_by_option() -> None:
    with pytest.raises(InvalidPlayers):
        Kalooki().new_state(5)
    s = Kalooki(six_players=True).new_state(6, seed=1)
    assert len(s.stock) == 106 - 78 - 1
    with pytest.raises(InvalidPlayers):
        Kalooki(six_players=True).new_state(7)


def test_KA_R4_card_taken_from_the_pile_may_not_be_discarded_that_turn() -> None:
    s = setup(["2s 7s 9d", OTHER], pile="Kd")
    play(s, "draw discard")
    with pytest.raises(IllegalAction) as err:
        play(s, "discard Kd")
    assert err.value.rule == "KA-R4"
    assert "discard Kd" not in s.view(0)["legal_actions"]
    assert s.view(1)["known_cards"][0] == ["Kd"]  # everyone saw him take it
    play(s, "discard 9d")
    assert s.view(1)["known_cards"][0] == ["Kd"]


def test_KA_R4_the_other_copy_of_the_taken_card_may_be_discarded() -> None:
    s = setup(["2s 7s Kd", OTHER], pile="Kd")
    play(s, "draw discard", "discard Kd")
    assert s.pile[-1] == s.game.parse_action("discard Kd").face


def test_KA_R4_restock_turns_the_pile_over_keeping_its_top() -> None:
    s = setup(["2s 7s 9d", "3s 8s 10d"], pile="4c 5c 6c", stock_size=1, stock_top="Jd")
    play(s, "draw stock")
    old_pile = list(s.pile)
    events = play(s, "discard 9d")
    assert any(e["type"] == "restock" for e in events)
    assert s.view(1)["discard_pile"] == ["9d"]
    # Turned over, not shuffled: the bottom card of the old pile is the new stock's top.
    assert s.stock == old_pile[::-1]
    assert s.restocks == 1


def test_KA_R9_the_pile_is_turned_over_as_often_as_the_stock_runs_out() -> None:
    s = setup(["2s 7s 9d", "3s 8s 10d"], pile="4c 5c 6c", stock_size=1, stock_top="Jd", restocks=7)
    events = play(s, "draw stock", "discard 9d")
    assert not s.is_over() and any(e["type"] == "restock" for e in events)
    assert s.restocks == 8


def test_KA_R9_option_restock_limit_ends_the_deal_without_a_winner() -> None:
    s = setup(
        ["2s 7s 9d", "3s 8s 10d"],
        pile="4c 5c 6c",
        stock_size=1,
        stock_top="Jd",
        restocks=2,
        restock_limit=2,
    )
    play(s, "draw stock", "discard 9d")
    assert s.is_over() and s.reason == "exhausted"
    result = s.result()
    assert result is not None and result.scores == (0.0, 0.0)  # ring game: a wash


def test_KA_R9_safeguard_ends_a_deal_after_turns_that_lay_nothing() -> None:
    s = setup(["2s 7s 9d", "3s 8s 10d"], turns=5000, idle=STALL_TURNS - 1)
    play(s, "draw discard", "discard 9d")
    assert s.is_over() and s.reason == "exhausted"
    result = s.result()
    assert result is not None and result.scores == (0.0, 0.0)


def test_KA_R9_a_turn_that_lays_a_meld_starts_the_safeguard_count_again() -> None:
    s = setup(
        ["7s 8s 9s 2c", OTHER],
        table=[(1, "8d 9d 10d")],
        opened=[True, True],
        stock_top="Jd",
        idle=STALL_TURNS - 1,
    )
    play(s, "draw stock", "meld 7s 8s 9s", "discard 2c")
    assert not s.is_over() and s.idle == 0


def test_KA_R9_a_failed_opening_does_not_count_as_laying() -> None:
    s = setup(["7s 8s 9s 2c", OTHER], stock_top="Jd", idle=STALL_TURNS - 1)
    events = play(s, "draw stock", "meld 7s 8s 9s", "discard 2c")
    assert any(e["type"] == "opening_failed" for e in events)
    assert s.is_over() and s.reason == "exhausted"


def test_KA_R6_going_out_needs_a_discard() -> None:
    # 7-8-9s + Jd after the draw: melding all four would leave nothing to discard.
    s = setup(["7s 8s 9s", OTHER], table=[(1, "8d 9d 10d")], opened=[True, True], stock_top="Jd")
    play(s, "draw stock", "build 1 Jd")
    with pytest.raises(IllegalAction) as err:
        play(s, "meld 7s 8s 9s")
    assert err.value.rule == "KA-R6"


def test_KA_R6_going_out_with_a_build_is_not_kalooki() -> None:
    s = setup(["7s 8s 9s 2c", OTHER], table=[(1, "8d 9d 10d")], opened=[True, True], stock_top="Jd")
    events = play(s, "draw stock", "build 1 Jd", "meld 7s 8s 9s", "discard 2c")
    assert s.is_over() and s.reason == "out"
    end = next(e for e in events if e["type"] == "deal_end")
    assert end["penalties"] == [0, 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10 + 10 + 10 + 10 + 11]


KALOOKI_HAND = "Ks Kd Kc 2h 3h 4h 5s 9c 10c Jc Qc 7d 8d"


def test_KA_R6_kalooki_lays_all_thirteen_in_new_melds_and_others_get_25() -> None:
    s = setup([KALOOKI_HAND, "2c 3d 4s 5c 6d 7c 8c 9s 10s Js Qs 6s As"], stock_top="9d")
    play(s, "draw stock", "meld Kc Kd Ks", "meld 2h 3h 4h", "meld 9c 10c Jc Qc", "meld 7d 8d 9d")
    # All 13 dealt cards plus the drawn one but one are in new melds; the last is discarded.
    assert s.sizes[0] == 1
    events = play(s, "discard 5s")
    assert s.reason == "kalooki"
    end = next(e for e in events if e["type"] == "deal_end")
    assert end["penalties"][1] == 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10 + 10 + 10 + 6 + 11 + 25


def test_KA_R6_no_laying_off_after_someone_goes_out() -> None:
    s = setup(
        ["7s 8s 9s 2c", "10d Jd Qd"], table=[(1, "8d 9d 10d")], opened=[True, True], stock_top="Jd"
    )
    play(s, "draw stock", "build 1 Jd", "meld 7s 8s 9s", "discard 2c")
    assert s.active_seats() == () and s.legal_actions(1) == []
    with pytest.raises(IllegalAction):
        s.apply(1, s.game.parse_action("draw stock"))


def test_KA_R9_a_dead_deal_ends_at_once() -> None:
    # Only full sets on the table and at most two cards in every hand: nobody can ever lay
    # a card again (a new meld needs three cards and a discard), so nobody can go out.
    s = setup(
        ["2h 9d", "3s"],
        table=[(0, "4c 4d 4h 4s"), (1, "5c 5d 5h 5s")],
        opened=[True, True],
        stock_top="Jd",
    )
    events = play(s, "draw stock", "discard Jd")
    assert s.is_over() and s.reason == "exhausted"
    end = next(e for e in events if e["type"] == "deal_end")
    assert end["no_winner"] == "dead"


def test_KA_R1_the_next_game_is_dealt_by_the_next_seat() -> None:
    game = Kalooki()
    assert game.new_state(4, seed=1).dealer == 3
    options = game.next_options(None, 4)
    assert options["first_dealer"] == 0
    s = Kalooki(**options).new_state(4, seed=1)
    assert s.dealer == 0 and s.active_seats() == (1,)
    assert Kalooki(**options).next_options(None, 4)["first_dealer"] == 1


def _room_for_one_card(third_set: str) -> list[tuple[int, str]]:
    """A table whose only room is below the run J-A of clubs (the ten of clubs), with both
    jokers in full sets and one ten of clubs in a set; ``third_set`` is the other set."""
    return [
        (0, "Jc Qc Kc Ac"),
        (1, "10c 10d 10h 10s"),
        (0, third_set),
        (1, "JK=5c 5d 5h 5s"),
        (0, "JK=6c 6d 6h 6s"),
    ]


def test_KA_R9_a_deal_is_dead_when_every_card_a_meld_could_take_is_on_the_table() -> None:
    # The run could take the ten of clubs, but both copies are on the table and so are both
    # jokers: nobody can ever lay a card again although a meld still has room.
    table = _room_for_one_card("10c 10d 10h 10s")
    s = setup(["2h 9d", "3s"], table=table, opened=[True, True], stock_top="Jd")
    events = play(s, "draw stock", "discard Jd")
    assert s.is_over() and s.reason == "exhausted"
    end = next(e for e in events if e["type"] == "deal_end")
    assert end["no_winner"] == "dead"


def test_KA_R9_a_deal_with_a_card_off_the_table_that_builds_is_not_dead() -> None:
    # The second ten of clubs is still off the table: whoever draws it can build it.
    table = _room_for_one_card("9c 9d 9h 9s")
    s = setup(["2h 9d", "3s"], table=table, opened=[True, True], stock_top="Jd")
    play(s, "draw stock", "discard Jd")
    assert not s.is_over()
