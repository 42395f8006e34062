"""KA-R2 melds and values, KA-R7 penalties: sets, runs, aces, jokers."""

from __future__ import annotations

import pytest

from spieltisch.engine import IllegalAction, InvalidNotation
from spieltisch.games.kalooki.actions import parse_action
from spieltisch.games.kalooki.cards import PENALTY, counts_of, parse_face, penalty_of
from spieltisch.games.kalooki.melds import classify, meld_value

from .helpers import cards, play, setup


def meld(text: str) -> tuple[int, ...]:
    a = parse_action("meld " + text)
    assert not isinstance(a, str)
    return a.tokens  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "text",
    [
        "7h 8h 9h",
        "Ah 2h 3h",
        "Qs Ks As",
        "Ac 2c 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc Kc",
        "Qs Qd Qc",
        "Qs Qd Qc Qh",
        "QS QD JK=QC",
        "7h JK=8h 9h",
        "JK=6h JK=7h 8h",
        "2d 3d 4d 5d 6d 7d 8d 9d 10d Jd Qd Kd Ad",
    ],
)
def test_KA_R2_valid_melds(text: str) -> None:
    assert not isinstance(classify(meld(text)), str)


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("Qs Qs Qd", "different suits"),  # duplicate suit in a set
        ("Qs Qd Qc Qh JK=Qs", "at most 4"),  # five-card set
        ("Ks As 2s", "no K-A-2"),  # wrap-around
        ("7h 8h 10h", "consecutive"),
        ("7h 8h 9s", "one suit"),
        ("7h 8h", "at least 3"),
        ("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh JK=Ah", "at most 13"),
        ("QS QD JK=QD", "different suits"),
    ],
)
def test_KA_R2_invalid_melds(text: str, why: str) -> None:
    shape = classify(meld(text))
    assert isinstance(shape, str) and why in shape


def test_KA_R2_ace_values_low_and_high() -> None:
    assert meld_value(meld("Ah 2h 3h")) == 6  # ace low counts 1
    assert meld_value(meld("Qh Kh Ah")) == 31  # ace high counts 11
    assert meld_value(meld("Ac Ad Ah")) == 33


def test_KA_R2_jokers_take_the_value_of_the_card_they_stand_for() -> None:
    assert meld_value(meld("QS QD JK=QC")) == 30
    assert meld_value(meld("JK=Ah 2h 3h")) == 6
    assert meld_value(meld("Qh Kh JK=Ah")) == 31


def test_KA_R2_a_bare_joker_in_a_meld_must_name_its_card() -> None:
    with pytest.raises(InvalidNotation, match="KA-R2"):
        parse_action("meld QS QD JK")


def test_KA_R2_invalid_meld_is_refused_with_the_rule() -> None:
    s = setup(
        ["Ks As 2s 5d 6d 7d 8d 9d 10d Jd Qd Kd 3c", "2h 3h 4h 5h 6h 7c 8c 9c 10c Jc Qh Kh Ah"],
        phase="play",
    )
    with pytest.raises(IllegalAction) as err:
        play(s, "meld Ks As 2s")
    assert err.value.rule == "KA-R2"


def test_KA_R7_penalties() -> None:
    assert [PENALTY[parse_face(c)] for c in ["2c", "9d", "10h", "Js", "Qc", "Kd", "Ah", "JK"]] == [
        2,
        9,
        10,
        10,
        10,
        10,
        11,
        25,
    ]
    assert penalty_of(counts_of(cards("Ah JK 7c"))) == 43


def test_KA_R2_ace_builds_low_or_high_but_never_both() -> None:
    s = setup(
        ["Ah Ad 5s 6s 7s", "2h 3h 4h 5h 6h 7c 8c 9c 10c Jc Qh Kh 9s"],
        table=[(1, "2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh"), (1, "Jd Qd Kd")],
        opened=[True, True],
        phase="play",
    )
    legal = s.view(0)["legal_actions"]
    assert "build 1 Ah" in legal and "build 2 Ad" in legal
    # The 2–K run takes its ace at either end, but it is one action, listed once.
    assert legal.count("build 1 Ah") == 1 and legal.count("build 1 JK=Ah") == 0
    assert [str(a) for a in s.legal_actions(0)].count("build 1 Ah") == 1
    play(s, "build 1 Ah")
    assert len(s.melds[0].tokens) == 13 and s.melds[0].build_ends() == []
    play(s, "build 2 Ad")
    assert str(s.melds[1]) == "Jd Qd Kd Ad"


def test_KA_R2_jokers_count_as_their_card_toward_the_opening_and_show_it() -> None:
    s = setup(
        ["Kc Kd JK Jh Qh JK 2c 3d 4s 5c 6d 7s 9c", "2h 3h 4h 5h 6h 7c 8c 9c 10c Jc Qh Kh 9s"],
        stock_top="8d",
    )
    play(s, "draw stock", "meld Kc Kd JK=Ks")
    assert s.turn_value == 30 and not s.opened[0]
    play(s, "meld Jh Qh JK=Kh")
    assert s.opened[0] and s.turn_value == 60
    assert s.view(1)["melds"][1]["cards"] == ["Jh", "Qh", "JK=Kh"]


def test_KA_R2_a_2_to_K_run_lists_its_ace_builds_once() -> None:
    s = setup(
        ["Ah JK 5s 6s 7s", "2h 3h 4h 5h 6h 7c 8c 9c 10c Jc Qh Kh 9s"],
        table=[(1, "2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh")],
        opened=[True, True],
        phase="play",
    )
    legal = [str(a) for a in s.legal_actions(0)]
    assert legal.count("build 1 Ah") == 1 and legal.count("build 1 JK=Ah") == 1
    assert len(legal) == len(set(legal))


def test_KA_R2_a_full_natural_set_refuses_a_fifth_card() -> None:
    s = setup(
        ["10d 2s 7s 8s 5c", "2h 3h 4h 5h 6h 7c 8c 9c 10c Jc Qh Kh 9s"],
        table=[(1, "10h 10s 10c 10d")],
        opened=[True, True],
        phase="play",
    )
    with pytest.raises(IllegalAction) as err:
        play(s, "build 1 10d")
    assert err.value.rule == "KA-R2"
    assert "at most four" in err.value.message
