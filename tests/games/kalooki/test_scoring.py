"""KA-R7 penalties at the end of a deal, KA-R8 ring payout and the club format."""

from __future__ import annotations

import pytest

from spieltisch.engine import InvalidOption
from spieltisch.games.kalooki import Kalooki
from spieltisch.games.kalooki.scoring import ring_payout

from .helpers import play, setup


def test_KA_R8_payout_example_of_the_ruling() -> None:
    pay = ring_payout(40.0, [0, 12, 47, 131], winner=0)
    assert [round(x, 2) for x in pay] == [35.30, 2.93, 1.77, 0.0]
    assert sum(pay) == pytest.approx(40.0)


def test_KA_R8_no_loser_under_100_means_the_winner_takes_the_pot() -> None:
    assert ring_payout(30.0, [100, 0, 250], winner=1) == [0.0, 30.0, 0.0]


def test_KA_R8_winner_always_gets_at_least_75_percent() -> None:
    pay = ring_payout(60.0, [1, 0, 1, 1, 1, 1], winner=1)
    assert pay[1] >= 45.0 and sum(pay) == pytest.approx(60.0)


def test_KA_R8_ring_game_result_in_money() -> None:
    # Seat 0 goes out; seat 1 holds 2h..Ah minus some (penalty < 100 or not).
    s = setup(
        ["7s 8s 9s 2c", "2h 3h 4h", "Kh Qh Jh 10h 10c 10d 10s 9h 9d"],
        table=[(1, "8d 9d 10d")],
        opened=[True, True, True],
        stock_top="Jd",
        stake=5,
    )
    play(s, "draw stock", "build 1 Jd", "meld 7s 8s 9s", "discard 2c")
    result = s.result()
    assert result is not None and result.reason == "out"
    assert result.details["penalties"] == [0, 9, 88]
    # pot 15, S = 25% * 15 / 2 = 1.875: seat 1 gets 1.875 * 0.91, seat 2 1.875 * 0.12.
    a, b = 1.875 * 0.91, 1.875 * 0.12
    assert result.details["payouts"] == pytest.approx([15 - a - b, a, b], abs=0.006)
    assert result.scores[1] == pytest.approx(a - 5, abs=0.006)
    assert result.winners == (0,) and result.ranks == (1, 2, 3)
    assert sum(result.scores) == pytest.approx(0.0, abs=0.02)


def test_KA_R8_stake_must_be_positive() -> None:
    with pytest.raises(InvalidOption):
        Kalooki(stake=0)


def test_KA_R8_club_format_deals_on_and_eliminates_past_150() -> None:
    s = setup(
        ["7s 8s 9s 2c", "Kh Qh Jh 10h 10c 10d 10s 9h 9d", "2h 3h"],
        table=[(1, "8d 9d 10d")],
        opened=[True, True, True],
        stock_top="Jd",
        format="club",
    )
    s.totals = [0, 100, 10]
    events = play(s, "draw stock", "build 1 Jd", "meld 7s 8s 9s", "discard 2c")
    assert s.totals == [0, 188, 15] and s.alive == [True, False, True]
    assert not s.is_over() and s.deal_no == 1
    assert any(e["type"] == "deal_start" for e in events)
    # The eliminated seat gets no cards and never moves again.
    assert s.sizes[1] == 0 and s.sizes[0] == s.sizes[2] == 13
    assert s.to_move in (0, 2)


def test_KA_R8_club_format_ends_with_the_last_player() -> None:
    s = setup(
        ["7s 8s 9s 2c", "Kh Qh Jh 10h 10c 10d 10s 9h 9d"],
        table=[(1, "8d 9d 10d")],
        opened=[True, True],
        stock_top="Jd",
        format="club",
        stake=3,
    )
    s.totals = [140, 100]
    play(s, "draw stock", "build 1 Jd", "meld 7s 8s 9s", "discard 2c")
    assert s.is_over() and s.reason == "last_player"
    result = s.result()
    assert result is not None
    assert result.winners == (0,) and result.scores == (3.0, -3.0)


def test_KA_R8_club_everybody_past_150_at_once_the_lowest_total_wins() -> None:
    s = setup(
        ["7s 8s 9s 2c", "Kh Qh Jh 10h 10c 10d 10s 9h 9d", "Kd Qd Jc 10h 10c 10s Ks 9h 9c"],
        table=[(1, "8d 9d 10d")],
        opened=[True, True, True],
        stock_top="Jd",
        format="club",
    )
    s.totals = [0, 140, 150]
    play(s, "draw stock", "build 1 Jd", "meld 7s 8s 9s", "discard 2c")
    # Seat 0 scored 0 and stays; seats 1 and 2 pass 150 and are out.
    assert s.is_over() and s.alive == [True, False, False]
