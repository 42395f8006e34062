"""KA-R3 the 51 opening over the turn's new melds; KA-R10 a failed opening goes back."""

from __future__ import annotations

import pytest

from spieltisch.engine import IllegalAction

from .helpers import hand, play, setup

HAND0 = "Qs Qd Qc 7h 8h 9h 2c 3c 4c 5d 9s Ks 6d"
HAND1 = "2h 3h 4h 5h 6h 7c 8c 9c 10c Jc Qh Kh Ah"


def test_KA_R3_opening_across_several_melds() -> None:
    # 30 (queens) + 24 (7-8-9h) = 54: only together they reach 51.
    s = setup([HAND0, HAND1], stock_top="Jd")
    events = play(s, "draw stock", "meld Qs Qd Qc")
    assert not s.opened[0] and s.turn_value == 30
    assert not any(e["type"] == "opened" for e in events)
    events = play(s, "meld 7h 8h 9h")
    assert s.opened[0] and events[-1] == {"type": "opened", "seat": 0, "value": 54}


def test_KA_R3_just_under_51_is_not_an_opening_and_goes_back_KA_R10() -> None:
    # 30 + 9 (2-3-4c) = 39, then +10 from building 5c? no: 2-3-4-5c = 14 -> 44 < 51.
    s = setup(["Qs Qd Qc 2c 3c 4c 5c 9s Ks 6d 7d 8h 10h", HAND1], stock_top="Jd")
    play(s, "draw stock", "meld Qs Qd Qc", "meld 2c 3c 4c", "build 2 5c")
    assert s.turn_value == 44 and not s.opened[0]
    events = play(s, "discard Jd")
    failed = [e for e in events if e["type"] == "opening_failed"]
    assert failed and failed[0]["value"] == 44
    assert s.melds == [] and s.sizes[0] == 13
    assert "Qs" in hand(s, 0) and "5c" in hand(s, 0)
    # Everyone now knows he holds those cards.
    assert "Qs" in s.view(1)["known_cards"][0]


def test_KA_R3_exactly_51_opens() -> None:
    # K-K-K (30) + 6-7-8d (21) = 51
    s = setup(["Ks Kd Kc 6d 7d 8d 2c 3s 4h 9c 5s 10h Jd", HAND1], stock_top="Jh")
    play(s, "draw stock", "meld Kc Kd Ks", "meld 6d 7d 8d")
    assert s.opened[0]
    play(s, "discard Jh")
    assert len(s.melds) == 2


def test_KA_R3_building_on_other_melds_before_opening_is_refused() -> None:
    s = setup([HAND0, HAND1], table=[(1, "10h Jh Qh")], opened=[False, True], stock_top="Kh")
    play(s, "draw stock")
    with pytest.raises(IllegalAction) as err:
        play(s, "build 1 Kh")
    assert err.value.rule == "KA-R3"
    assert "build 1 Kh" not in [str(a) for a in s.legal_actions(0)]
    # After opening in the same turn, building is allowed.
    play(s, "meld Qs Qd Qc", "meld 7h 8h 9h", "build 1 Kh")
    assert str(s.melds[0]) == "10h Jh Qh Kh"


def test_KA_R3_building_on_own_new_melds_counts_toward_the_opening() -> None:
    s = setup(["Qs Qd Qc 7h 8h 9h 2c 3c 4c 5d 9s Ks 6d", HAND1], stock_top="10h")
    play(s, "draw stock", "meld 7h 8h 9h", "build 1 10h", "meld Qs Qd Qc")
    assert s.opened[0] and s.turn_value == 64


def test_KA_R3_swapping_before_opening_is_refused() -> None:
    s = setup([HAND0, HAND1], table=[(1, "5d JK=6d 7d")], opened=[False, True], stock_top="Jd")
    play(s, "draw stock")
    with pytest.raises(IllegalAction) as err:
        play(s, "swap 1 6d")
    assert err.value.rule == "KA-R3"
