"""KA-R5 jokers: freeing in runs and sets, closing sets, reuse in the same turn."""

from __future__ import annotations

import pytest

from spieltisch.engine import IllegalAction

from .helpers import hand, play, setup

OTHER = "2h 3h 4h 5h 6h 7c 8c 9c 10c Jc Qh Kh Ah"


def opened_player(mine: str, table: list[tuple[int, str]], top: str = "3s") -> object:
    s = setup([mine, OTHER], table=table, opened=[True, True], stock_top=top)
    play(s, "draw stock")
    return s


def test_KA_R5_run_joker_is_freed_by_the_exact_card_and_must_be_reused() -> None:
    s = setup(
        ["6d 9c 9d 2s 7s", OTHER],
        table=[(1, "5d JK=6d 7d"), (1, "9h 10h Jh")],
        opened=[True, True],
        stock_top="3s",
    )
    play(s, "draw stock", "swap 1 6d")
    assert str(s.melds[0]) == "5d 6d 7d" and "JK" in hand(s, 0)
    # The freed joker may not stay in hand: no discard until it is melded.
    with pytest.raises(IllegalAction) as err:
        play(s, "discard 3s")
    assert err.value.rule == "KA-R5"
    assert not any(a.startswith("discard") for a in s.view(0)["legal_actions"])
    play(s, "meld 9c 9d JK=9s", "discard 3s")
    assert s.to_move == 1


def test_KA_R5_run_joker_is_not_freed_by_another_card() -> None:
    s = setup(
        ["8d 9c 9d 2s 7s", OTHER], table=[(1, "5d JK=6d 7d")], opened=[True, True], stock_top="3s"
    )
    play(s, "draw stock")
    with pytest.raises(IllegalAction) as err:
        play(s, "swap 1 8d")
    assert err.value.rule == "KA-R5"


def test_KA_R5_set_joker_needs_both_missing_cards() -> None:
    s = setup(
        ["10c 10d 2s 7s 8s", OTHER],
        table=[(1, "10h 10s JK=10c")],
        opened=[True, True],
        stock_top="3s",
    )
    play(s, "draw stock")
    with pytest.raises(IllegalAction) as err:
        play(s, "swap 1 10c")
    assert err.value.rule == "KA-R5"
    play(s, "swap 1 10c 10d")
    assert str(s.melds[0]) == "10c 10d 10h 10s" and "JK" in hand(s, 0)
    play(s, "meld 7s 8s JK=9s", "discard 3s")


def test_KA_R5_adding_one_card_closes_a_set_with_a_joker_for_good() -> None:
    s = setup(
        ["10d 10c 2s 7s 8s", OTHER],
        table=[(1, "10h 10s JK=10c")],
        opened=[True, True],
        stock_top="3s",
    )
    play(s, "draw stock", "build 1 10d")
    assert s.melds[0].closed and len(s.melds[0].tokens) == 4
    with pytest.raises(IllegalAction) as err:
        play(s, "swap 1 10c")
    assert err.value.rule == "KA-R5"
    with pytest.raises(IllegalAction) as err:
        play(s, "build 1 10c")
    assert err.value.rule == "KA-R2"  # four cards: the set is full


def test_KA_R5_set_of_one_natural_and_two_jokers_frees_one_and_closes() -> None:
    s = setup(
        ["10d 2s 7s 8s 5c", OTHER],
        table=[(1, "10h JK=10s JK=10c"), (1, "2d 3d 4d")],
        opened=[True, True],
        stock_top="3s",
    )
    play(s, "draw stock")
    with pytest.raises(IllegalAction) as err:
        play(s, "build 1 10d")  # it frees a joker, so it is a swap
    assert err.value.rule == "KA-R5"
    play(s, "swap 1 10d")
    assert s.melds[0].closed and len(s.melds[0].tokens) == 3 and s.melds[0].jokers() == 1
    play(s, "build 2 JK=5d", "discard 3s")


def test_KA_R5_four_card_set_gives_no_joker_back() -> None:
    s = setup(
        ["10d 2s 7s 8s 5c", OTHER],
        table=[(1, "10h 10s 10c JK=10d")],
        opened=[True, True],
        stock_top="3s",
    )
    play(s, "draw stock")
    with pytest.raises(IllegalAction) as err:
        play(s, "swap 1 10d")
    assert err.value.rule == "KA-R5"


def test_KA_R5_joker_may_be_built_onto_sets_and_runs() -> None:
    s = setup(
        ["JK 2s 7s 8s 5c", OTHER],
        table=[(1, "10h 10s 10c"), (1, "2d 3d 4d")],
        opened=[True, True],
        stock_top="3s",
    )
    play(s, "draw stock")
    legal = s.view(0)["legal_actions"]
    assert "build 1 JK=10d" in legal and "build 2 JK=5d" in legal and "build 2 JK=Ad" in legal
    play(s, "build 1 JK=10d")
    assert s.melds[0].closed


def test_KA_R5_swap_needs_a_card_left_to_discard() -> None:
    # Hand after the draw: 6d and the card just taken from the pile; swapping 6d would leave
    # only the joker (must be melded) and the taken card (may not be discarded).
    s = setup(["6d", OTHER], table=[(1, "5d JK=6d 7d")], opened=[True, True], pile="9c")
    play(s, "draw discard")
    with pytest.raises(IllegalAction) as err:
        play(s, "swap 1 6d")
    assert err.value.rule == "KA-R6"
    assert s.view(0)["legal_actions"] == ["discard 6d"]


def test_KA_R5_no_rearranging_of_table_melds() -> None:
    # Moving 7d from one meld to another is no action at all; only adding is possible.
    s = setup(
        ["2s 7s 8s 5c", OTHER],
        table=[(1, "5d 6d 7d"), (1, "8d 9d 10d")],
        opened=[True, True],
        stock_top="3s",
    )
    play(s, "draw stock")
    assert all(a.split()[0] in ("meld", "build", "discard") for a in s.view(0)["legal_actions"])
