"""HG-R10: the round is played out, then rock-paper-scissors poker with stakes."""

from __future__ import annotations

import json

import pytest

from spieltisch.engine import IllegalAction
from spieltisch.games.halligalli import Flip, HalliGalliState, Ring, Stake, Throw
from spieltisch.games.halligalli.actions import SHAPES

from .scenario import make_state

ROCK, PAPER, SCISSORS = (SHAPES.index(s) for s in SHAPES)


def finale_state() -> HalliGalliState:
    """Seat 2 swims; seat 0 wins the round on five bananas, seat 2 is out: seat 0 holds
    6 + 2 = 8 cards, seat 1 holds 3."""
    state = make_state([["1P"] * 6, ["1S"] * 3, []], [["2B"], [], ["3B"]], to_flip=0)
    events = state.apply(0, Ring())
    assert {"type": "finale", "players": [0, 1]} in events
    return state


def test_HG_R10_two_players_left_play_the_round_out_first() -> None:
    """A player leaving mid-round does not start the finale: the round goes on."""
    state = make_state([["1P"] * 3, [], ["1S"] * 3, ["1L"] * 3], to_flip=0, out=(3,))
    state.apply(1, Ring())  # the swimmer's wrong ring: out, two players left
    assert state.finale is None
    assert state.active_seats() == (0, 2)
    state.apply(2, Flip())


def test_HG_R10_player_with_fewer_cards_sets_the_stake() -> None:
    state = finale_state()
    assert state.active_seats() == (1,)
    assert [str(a) for a in state.legal_actions(1)] == ["stake 1", "stake 2", "stake 3"]
    assert state.legal_actions(0) == []
    with pytest.raises(IllegalAction) as err:
        state.apply(1, Stake(4))
    assert err.value.rule == "HG-R10"
    with pytest.raises(IllegalAction):
        state.apply(1, Ring())


def test_HG_R10_throws_are_hidden_until_both_are_in() -> None:
    state = finale_state()
    state.apply(1, Stake(2))
    assert state.active_seats() == (0, 1)
    events = state.apply(0, Throw(ROCK))
    assert events == [{"type": "thrown", "seat": 0}]
    other = finale_state()
    other.apply(1, Stake(2))
    other.apply(0, Throw(PAPER))
    assert state.view(1) == other.view(1)  # seat 1 cannot tell rock from paper
    assert state.view(None) == other.view(None)
    assert state.view(1)["finale"]["thrown"] == [0]
    assert state.view(0)["finale"]["my_throw"] == "rock"
    assert "rock" not in json.dumps(state.view(None))
    assert state.active_seats() == (1,)
    with pytest.raises(IllegalAction):
        state.apply(0, Throw(PAPER))


def test_HG_R10_winner_of_a_throw_takes_the_stake() -> None:
    state = finale_state()
    state.apply(1, Stake(2))
    state.apply(0, Throw(ROCK))
    events = state.apply(1, Throw(PAPER))
    assert events[-1]["winner"] == 1
    assert (len(state.draw[0]), len(state.draw[1])) == (6, 5)
    assert state.active_seats() == (1,)  # seat 1 still holds fewer cards


def test_HG_R10_a_drawn_throw_is_repeated_with_the_same_stake() -> None:
    state = finale_state()
    state.apply(1, Stake(3))
    state.apply(0, Throw(SCISSORS))
    events = state.apply(1, Throw(SCISSORS))
    assert events[-1]["winner"] is None
    assert state.finale is not None and state.finale.stake == 3
    assert state.active_seats() == (0, 1)


def test_HG_R10_the_game_ends_when_one_player_holds_all_cards() -> None:
    state = finale_state()
    state.apply(1, Stake(3))
    state.apply(1, Throw(ROCK))
    state.apply(0, Throw(PAPER))
    assert state.is_over()
    result = state.result()
    assert result is not None
    assert result.reason == "finale"
    assert result.ranks == (1, 2, 3)
    assert result.details["finale"] is True
    assert result.details["next_first_flipper"] == 1  # HG-R13: left of the winner
    assert (len(state.draw[0]), len(state.draw[1])) == (11, 0)


def test_HG_R10a_equal_stacks_the_loser_of_the_last_throw_sets_the_stake() -> None:
    state = make_state([["1P"] * 5, ["1S"] * 3, []], [["2B"], [], ["3B"]], to_flip=0)
    state.apply(0, Ring())
    assert state.finale is not None
    assert state.finale.setter({0: 7, 1: 7}) == 1  # seat 0 won the last round
    state.apply(1, Stake(2))
    state.apply(1, Throw(ROCK))
    state.apply(0, Throw(SCISSORS))
    assert len(state.draw[0]) == len(state.draw[1]) == 5
    assert state.active_seats() == (0,)  # equal stacks: seat 0 lost the last throw


def test_HG_R10_a_stake_by_the_player_with_more_cards_cites_the_finale() -> None:
    state = finale_state()
    with pytest.raises(IllegalAction) as err:
        state.apply(0, Stake(1))
    assert err.value.rule == "HG-R10"
    assert "seat 1 sets the stake" in err.value.message


def test_HG_R10_a_second_throw_cites_the_finale() -> None:
    state = finale_state()
    state.apply(1, Stake(2))
    state.apply(0, Throw(ROCK))
    with pytest.raises(IllegalAction) as err:
        state.apply(0, Throw(PAPER))
    assert err.value.rule == "HG-R10"
    assert "already thrown" in err.value.message


def test_HG_R6_a_player_who_is_out_may_not_ring() -> None:
    state = finale_state()  # seat 2 left the game when the round ended
    assert state.out[2]
    with pytest.raises(IllegalAction) as err:
        state.apply(2, Ring())
    assert err.value.rule == "HG-R6"
    assert "out of the game" in err.value.message
