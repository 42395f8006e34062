"""Scenario tests of the round rules: ring, penalties, swimming, stray cards, §4.2c,
deadlock, the ply cap (HG-R2..HG-R11). Piles are written bottom to top."""

from __future__ import annotations

import json

import pytest

from spieltisch.engine import IllegalAction
from spieltisch.games.halligalli import PLY_CAP, Flip, Ring, Stake, Throw, penalty_per_player

from .scenario import make_state, names, total_cards


def test_HG_R4_correct_ring_collects_every_pile_under_the_winner() -> None:
    """3B + 2B = five bananas. Seat 2 rings first: all face-up piles, the other seats'
    included, go face down under his draw pile, and he flips next (§3.1a–c)."""
    state = make_state([["1P", "2P"], ["1S"], ["3S"]], [["3B"], ["2B"], []], to_flip=0)
    events = state.apply(2, Ring(state.version))
    assert events[0] == {"type": "bell", "seat": 2, "cards": 2, "rule": "HG-R4"}
    assert names(state.draw[2]) == ["2B", "3B", "3S"]  # collected under, 3S still on top
    assert state.table == [[], [], []]
    assert state.to_flip == 2
    assert state.round_start == state.version
    assert total_cards(state) == 6


def test_HG_R2_only_top_cards_count() -> None:
    """A 5-banana card under another card no longer counts: the ring is wrong."""
    state = make_state([["1P"] * 3, ["1S"] * 3, ["3S"] * 3], [["5B", "1P"], [], []])
    state.apply(1, Ring())
    assert state.stats["wrong"] == 1
    assert state.stats["wins"] == 0


def test_HG_R3_wrong_ring_event_names_the_table_and_its_pairs() -> None:
    """A wrong ring says what it was judged on: 5B and 5P are two pairs, an even number
    (§4.1), so the table is not valid; clients put this into words."""
    state = make_state([["1P"] * 3, ["1S"] * 3, ["3S"] * 3], [["5B"], ["5P"], []])
    events = state.apply(2, Ring())
    assert events[0] == {
        "type": "wrong_ring",
        "seat": 2,
        "rule": "HG-R3",
        "tops": ["5B", "5P"],
        "pairs": 2,
    }


@pytest.mark.parametrize(("players", "each"), [(6, 1), (5, 2), (4, 3), (3, 4)])
def test_HG_R5_penalty_by_number_of_players(players: int, each: int) -> None:
    """§3.1d: 1 card each at 6 players, 2 at 5, 3 at 4, 4 at 3; the player left of the
    ringer flips next and the face-up piles stay."""
    draws = [["1P"] * 20 for _ in range(players)]
    tables = [["2B"]] + [[] for _ in range(players - 1)]
    state = make_state(draws, tables, to_flip=0)
    state.apply(1, Ring())
    assert len(state.draw[1]) == 20 - each * (players - 1)
    for other in range(players):
        if other != 1:
            assert len(state.draw[other]) == 20 + each
    assert state.to_flip == 2 % players
    assert names(state.table[0]) == ["2B"]
    assert penalty_per_player(players) == each


def test_HG_R5a_penalty_with_two_players_left_is_five() -> None:
    """The table continues the document's scale (6→1 ... 3→4) to 2 players: 5 cards."""
    state = make_state([["1P"] * 10, ["1S"] * 10, []], out=(2,))
    state.apply(0, Ring())
    assert (len(state.draw[0]), len(state.draw[1])) == (5, 15)


def test_HG_R5_ringer_running_out_pays_one_at_a_time_and_swims() -> None:
    """Owing 4 cards to each of two players with only 5: paid one card at a time,
    clockwise from his left neighbour (seat 2, seat 0, seat 2, seat 0, seat 2)."""
    state = make_state([["1P"], ["1B", "2B", "3B", "4B", "5B"], ["1S"]], to_flip=0)
    events = state.apply(1, Ring())
    assert names(state.draw[2]) == ["1B", "3B", "5B", "1S"]
    assert names(state.draw[0]) == ["2B", "4B", "1P"]
    assert state.draw[1] == []
    assert state.is_swimming(1)
    assert {"type": "swimming", "seat": 1} in events
    assert state.to_flip == 2


def test_HG_R6_swimmer_is_skipped_and_may_ring() -> None:
    state = make_state([["1P", "2P"], ["1B"], ["1S", "2S"]], to_flip=1)
    state.apply(1, Flip())
    assert state.is_swimming(1)
    assert state.to_flip == 2
    state.apply(2, Flip())
    state.apply(0, Flip())
    assert state.to_flip == 2  # seat 1 is skipped
    assert [str(a) for a in state.legal_actions(1)] == [f"ring@{state.version}"]
    with pytest.raises(IllegalAction) as err:
        state.apply(1, Flip())
    assert err.value.rule == "HG-R6"


def test_HG_R6_swimmer_leaves_when_another_wins_the_round() -> None:
    """§4.3a: the swimmer did not win the round, so he is out; his pile is collected."""
    state = make_state(
        [[], ["1B"] * 3, ["1S"] * 3, ["1L"] * 3], [["4P"], [], ["1P"], []], to_flip=1
    )
    state.apply(3, Ring())
    assert state.out[0] == 1
    assert names(state.draw[3]) == ["1P", "4P", "1L", "1L", "1L"]
    assert state.active_seats() == (1, 2, 3)
    assert state.legal_actions(0) == []


def test_HG_R6_swimmer_who_wins_the_round_stays() -> None:
    state = make_state([[], ["1B"] * 3, ["1S"] * 3, ["1L"] * 3], [["4P"], [], ["1P"], []])
    state.apply(0, Ring())
    assert not state.out[0]
    assert names(state.draw[0]) == ["1P", "4P"]
    assert state.to_flip == 0


def test_HG_R6_swimming_ended_by_a_penalty_received() -> None:
    """§4.3b: a wrong ringer pays the swimmer too; with cards he no longer swims, so he
    stays in when another player wins the round."""
    state = make_state(
        [[], ["1B"] * 9, ["1S"] * 9, ["1L"] * 8 + ["3P"]], [["2P"], [], [], []], to_flip=1
    )
    assert state.is_swimming(0)
    state.apply(2, Ring())  # wrong: 3 cards each to seats 3, 0, 1
    assert len(state.draw[0]) == 3 and not state.is_swimming(0)
    assert state.to_flip == 3
    state.apply(3, Flip())  # 2P + 3P: five plums
    state.apply(1, Ring(state.version))
    assert state.stats["wins"] == 1
    assert not state.out[0]
    assert len(state.draw[0]) == 3


def test_HG_R6_swimmers_wrong_ring_puts_him_out_at_once() -> None:
    """§4.3c: no penalty to pay, he is out; the player left of him flips next."""
    state = make_state([["1P"] * 3, [], ["1S"] * 3, ["1L"] * 3], to_flip=3)
    events = state.apply(1, Ring())
    assert state.out[1] == 1
    assert {"type": "out", "seat": 1} in events
    assert [len(p) for p in state.draw] == [3, 0, 3, 3]
    assert state.to_flip == 2


def test_HG_R6_extra_life_goes_to_the_first_swimmer_who_would_leave() -> None:
    """§4.3d: the leftover cards of the deal save the first swimmer once."""
    state = make_state(
        [["1P"] * 3, [], ["1S"] * 3, []], to_flip=0, aside=("1B", "2B"), full_deck=True
    )
    events = state.apply(1, Ring())
    assert {"type": "extra_life", "seat": 1, "cards": 2} in events
    assert not state.out[1] and names(state.draw[1]) == ["1B", "2B"]
    assert state.aside == [] and state.extra_life_by == 1
    state.apply(3, Ring())  # the second swimmer has no extra life left
    assert state.out[3] == 1


def test_HG_R6_extra_life_at_round_end_goes_to_the_earliest_swimmer() -> None:
    state = make_state(
        [["1P"] * 3, [], ["1S"] * 3, [], ["1L"] * 3],
        [["5B"], [], [], [], []],
        aside=("1B", "2B", "3B"),
        full_deck=True,
    )
    state.swim_since = [-1, 7, -1, 3, -1]  # seat 3 has been swimming longer
    state.apply(0, Ring())
    assert state.extra_life_by == 3
    assert state.out[1] == 1 and not state.out[3]


def test_HG_R7_stray_card_completing_a_pair_its_thrower_rings_first() -> None:
    """§4.2b: the stray card counts, but its thrower's own first ring is wrong; the
    table stays valid and the next ring wins it."""
    state = make_state([["1P"] * 5, ["1S"] * 5, ["1B"] * 5], [["4B"], [], []], to_flip=1)
    state.apply(2, Flip())  # out of turn: 4B + 1B = five bananas
    assert state.to_flip == 1  # the turn order goes on as if nothing happened
    assert state.stats["strays"] == 1
    state.apply(2, Ring(state.version))
    assert state.stats["wrong"] == 1
    assert len(state.draw[2]) == 0  # owed 4 + 4 with 4 cards left
    state.apply(1, Ring(state.version))
    assert state.stats["wins"] == 1
    assert names(state.draw[1])[:2] == ["4B", "1B"]


def test_HG_R7_stray_card_completing_a_pair_another_player_wins() -> None:
    state = make_state([["1P"] * 5, ["1S"] * 5, ["1B"] * 5], [["4B"], [], []], to_flip=1)
    state.apply(2, Flip())
    state.apply(0, Ring(state.version))
    assert state.stats["wins"] == 1 and state.stats["wrong"] == 0


def test_HG_R7_strict_turns_refuse_stray_cards() -> None:
    state = make_state([["1P"] * 5, ["1S"] * 5, ["1B"] * 5], to_flip=1, stray_cards=False)
    before = json.dumps(state._dump())
    assert [str(a) for a in state.legal_actions(2)] == ["ring@0"]
    with pytest.raises(IllegalAction) as err:
        state.apply(2, Flip())
    assert err.value.rule == "HG-R7"
    assert json.dumps(state._dump()) == before


def test_HG_R7_ring_within_the_simultaneity_window_of_a_spoiling_stray_card_wins() -> None:
    """§4.2c: 5 bananas lie (version v); a stray monkey makes it a double pair. A ring
    that reacted to version v still wins all cards."""
    state = make_state([["1P"] * 5, ["1S"] * 5, ["MONKEY"] * 2], [["5B"], [], []], to_flip=1)
    seen = state.version
    state.apply(2, Flip())
    assert state.version == seen + 1
    events = state.apply(1, Ring(seen))
    assert events[0]["type"] == "bell" and events[0]["rule"] == "HG-R7"
    assert names(state.draw[1])[:2] == ["5B", "MONKEY"]


def test_HG_R7_ring_after_the_spoiling_stray_card_is_wrong() -> None:
    state = make_state([["1P"] * 5, ["1S"] * 5, ["MONKEY"] * 2], [["5B"], [], []], to_flip=1)
    state.apply(2, Flip())
    state.apply(1, Ring(state.version))
    assert state.stats["wrong"] == 1


def test_HG_R7_no_allowance_once_a_regular_card_followed() -> None:
    state = make_state([["1P"] * 5, ["1S"] * 5, ["MONKEY"] * 2], [["5B"], [], []], to_flip=1)
    seen = state.version
    state.apply(2, Flip())
    state.apply(1, Flip())  # seat 1's turn: the table has moved on
    state.apply(0, Ring(seen))
    assert state.stats["wrong"] == 1 and state.stats["wins"] == 0


def test_HG_R4_ring_on_a_round_already_won_is_refused_and_costs_nothing() -> None:
    state = make_state([["1P"] * 5, ["1S"] * 5, ["1B"] * 5], [["5B"], [], []], to_flip=1)
    seen = state.version
    state.apply(0, Ring(seen))
    before = json.dumps(state._dump())
    with pytest.raises(IllegalAction) as err:
        state.apply(2, Ring(seen))
    assert err.value.rule == "HG-R4"
    assert json.dumps(state._dump()) == before


def test_HG_R8_ring_on_a_table_not_yet_shown_is_refused() -> None:
    state = make_state([["1P"] * 5, ["1S"] * 5, ["1B"] * 5])
    with pytest.raises(IllegalAction) as err:
        state.apply(2, Ring(state.version + 1))
    assert err.value.rule == "HG-R8"


def test_HG_R11_deadlock_turns_the_face_up_piles_over() -> None:
    """Everybody swims and the table is invalid: each turns his face-up pile over as
    his new draw pile (first card played on top) and the turn order goes on."""
    state = make_state([["1B"], [], []], [["2S", "3S"], ["2P"], ["3L"]], to_flip=0)
    events = state.apply(0, Flip())
    assert events[-1]["type"] == "deadlock"
    assert names(state.draw[0]) == ["1B", "3S", "2S"]
    assert names(state.draw[1]) == ["2P"]
    assert state.table == [[], [], []]
    assert state.to_flip == 1
    assert not any(state.is_swimming(s) for s in range(3))
    assert state.stats["deadlocks"] == 1


def test_HG_R11_no_deadlock_while_the_table_is_valid() -> None:
    state = make_state([["1B"], [], []], [["2S"], ["4B"], ["3L"]], to_flip=0)
    state.apply(0, Flip())
    assert state.stats["deadlocks"] == 0
    assert state.to_flip == -1
    assert all(str(a).startswith("ring") for s in range(3) for a in state.legal_actions(s))
    state.apply(2, Ring())
    assert state.draw[2] and state.out[0] and state.out[1]


def test_last_player_in_the_game_wins() -> None:
    state = make_state([["1P"] * 3, [], ["1S"] * 3], to_flip=0, out=(2,))
    state.apply(1, Ring())
    assert state.is_over()
    result = state.result()
    assert result is not None and result.reason == "last_player"
    assert result.winners == (0,)
    assert result.ranks == (1, 2, 3)


def test_HG_R11b_ply_cap_ends_an_endless_game() -> None:
    """Nobody must ring, so flipping and HG-R11 could go on for ever: the cap ends it,
    ranked by cards held."""
    state = make_state([["1P"] * 3, ["1S"] * 5, ["1B"]], to_flip=0)
    state.steps = PLY_CAP - 1
    state.apply(0, Flip())
    result = state.result()
    assert result is not None and result.reason == "ply_cap"
    assert result.ranks == (2, 1, 3)


def test_HG_R10_finale_actions_are_refused_in_a_round() -> None:
    state = make_state([["1P"] * 3, ["1S"] * 3, ["1B"] * 3])
    for action in (Stake(1), Throw(0)):
        with pytest.raises(IllegalAction) as err:
            state.apply(0, action)
        assert err.value.rule == "HG-R10"


def test_HG_R7_attribution_survives_a_flip_that_keeps_the_table_valid() -> None:
    """Seat 2's stray 1B makes five bananas; seat 1's regular 1P keeps them: the
    combination is still seat 2's doing, so his ring is still wrong."""
    state = make_state([["1S"] * 5, ["1P"] * 5, ["1B"] * 5], [["4B"], [], []], to_flip=1)
    state.apply(2, Flip())
    state.apply(1, Flip())
    assert state.view(0)["ledger"] == [[state.version, 1, 2]]
    state.apply(2, Ring(state.version))
    assert state.stats["wrong"] == 1


def test_HG_R7_no_allowance_for_a_table_the_ringer_made_valid_himself() -> None:
    """§4.2b beats §4.2c: seat 2's stray 1B made five bananas, seat 0's stray 1L
    covers the 4B and spoils it; seat 2 reacting to the valid version is still wrong,
    seat 1 reacting to it wins."""
    state = make_state([["1L"] * 3, ["1P"] * 5, ["1B"] * 5], [["4B"], [], []], to_flip=1)
    state.apply(2, Flip())
    seen = state.version
    state.apply(0, Flip())
    assert state.view(1)["ledger"] == [[seen - 1, 0, -1], [seen, 1, 2], [seen + 1, 0, -1]]
    state.apply(2, Ring(seen))
    assert state.stats["wrong"] == 1
    state.apply(1, Ring(seen))
    assert state.stats["wins"] == 1
