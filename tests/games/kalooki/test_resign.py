"""KA-R12: resignation settles in money, a resigned seat wins nothing, a decided game ends
at once, a seat that is out cannot resign, and a finished game offers no move."""

from __future__ import annotations

import pytest

from spieltisch.engine import IllegalAction
from spieltisch.games.kalooki import Kalooki

from .helpers import play, setup

RESIGN = Kalooki().parse_action("resign")


def test_KA_R12_two_players_a_resignation_pays_the_pot_in_money() -> None:
    s = Kalooki(stake=10).new_state(2, seed=1)
    s.apply(1, RESIGN)
    result = s.result()
    assert result is not None and result.reason == "resigned"
    assert result.scores == (10.0, -10.0) and result.ranks == (1, 2)
    assert result.details["payouts"] == [20.0, 0.0]
    assert s.active_seats() == () and s.legal_actions(0) == [] and s.legal_actions(1) == []


def test_KA_R12_a_resigned_seat_whose_stand_in_goes_out_wins_nothing() -> None:
    hands = ["7s 8s 9s 2c", "2h 3h 4h 5h 6h 7c 8c 9c 10c Jc Qh Kh Ah", "2d 3d 9d"]
    s = setup(hands, table=[(0, "8d 9d 10d")], opened=[True, True, True], stock_top="Jd")
    s.apply(0, RESIGN)
    assert not s.is_over()  # two players are left: the stand-in plays on
    play(s, "draw stock", "build 1 Jd", "meld 7s 8s 9s", "discard 2c")
    result = s.result()
    assert result is not None and s.deals[-1]["winner"] == 0
    payouts = result.details["payouts"]
    assert payouts[0] == 0.0 and result.scores[0] == -10.0
    assert payouts[2] > payouts[1]  # seat 2 (14 points) takes the winner's share
    assert sum(payouts) == pytest.approx(30.0)
    assert result.ranks[0] == 3


def test_KA_R12_a_club_player_out_by_the_limit_cannot_resign() -> None:
    s = Kalooki(format="club").new_state(3, seed=2)
    s.alive[2] = False
    with pytest.raises(IllegalAction) as err:
        s.apply(2, RESIGN)
    assert err.value.rule == "KA-R12"


def test_KA_R12_the_game_ends_when_one_player_still_in_has_not_resigned() -> None:
    s = Kalooki(format="club").new_state(3, seed=2)
    s.alive[2] = False
    events = s.apply(1, RESIGN)
    assert events[0]["ends"] and s.is_over() and s.active_seats() == ()
    result = s.result()
    assert result is not None and result.scores == (20.0, -10.0, -10.0)
    assert result.ranks == (1, 3, 2)  # the winner, the player out by the limit, the resigner


def test_KA_R12_a_position_remembers_the_resignation() -> None:
    s = Kalooki().new_state(3, seed=4)
    s.apply(2, RESIGN)
    back = s.game.state_from_position(s.position())
    assert back.resigned == (2,)
    with pytest.raises(IllegalAction):
        back.apply(2, RESIGN)
    s.apply(1, RESIGN)
    back = s.game.state_from_position(s.position())
    assert back.is_over() and back.active_seats() == ()
    assert back.result() == s.result()
