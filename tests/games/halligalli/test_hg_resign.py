"""HG-R15: a player out cannot resign, a decided game ends at once (a finale too), resigners
rank last with a score of the seats ranked below, and a finished game offers no move."""

from __future__ import annotations

import pytest

from spieltisch.engine import IllegalAction
from spieltisch.games.halligalli import HalliGalli, Ring

from .scenario import make_state

RESIGN = HalliGalli().parse_action("resign")


def test_HG_R15_a_player_out_cannot_resign() -> None:
    state = make_state([["1P"] * 3, ["1S"] * 3, ["1L"] * 3], to_flip=0, out=(2,))
    with pytest.raises(IllegalAction) as err:
        state.apply(2, RESIGN)
    assert err.value.rule == "HG-R15"


def test_HG_R15_a_finalist_resigning_beside_players_out_ends_the_game_at_once() -> None:
    state = make_state([["1P"] * 6, ["1S"] * 3, []], [["2B"], [], ["3B"]], to_flip=0)
    events = state.apply(0, Ring())
    assert {"type": "finale", "players": [0, 1]} in events
    events = state.apply(1, RESIGN)
    assert events[0]["ends"] and state.is_over()
    assert state.active_seats() == () and state.legal_actions(0) == []
    result = state.result()
    assert result is not None and result.reason == "resigned"
    assert result.ranks == (1, 3, 2)  # the finalist left, the player out, the resigner
    assert result.scores == (2.0, 0.0, 1.0)  # seats ranked below


def test_HG_R15_a_played_out_game_with_a_resigner_scores_the_seats_ranked_below() -> None:
    state = make_state([["1P"] * 3, ["1S"] * 3, ["1L"] * 3, ["1B"] * 3], to_flip=0)
    state.apply(3, RESIGN)
    assert not state.is_over()
    state.apply(0, RESIGN)
    assert not state.is_over()
    state.apply(1, RESIGN)
    result = state.result()
    assert result is not None and state.active_seats() == ()
    assert result.ranks[2] == 1
    for s in range(4):
        below = sum(1 for r in result.ranks if r > result.ranks[s])
        assert result.scores[s] == below


def test_HG_R15_a_position_remembers_the_resignation() -> None:
    state = HalliGalli().new_state(3, seed=7)
    state.apply(1, RESIGN)
    back = state.game.state_from_position(state.position())
    assert back.resigned == (1,)
    state.apply(2, RESIGN)
    back = state.game.state_from_position(state.position())
    assert back.is_over() and back.result() == state.result()


def test_HG_R13_the_next_game_begins_left_of_the_winner() -> None:
    state = HalliGalli().new_state(3, seed=7)
    state.apply(0, RESIGN)
    state.apply(2, RESIGN)
    result = state.result()
    assert result is not None and result.ranks[1] == 1
    options = state.game.next_options(result.to_json(), 3)
    assert options["first_flipper"] == 2
    assert HalliGalli(**options).new_state(3, seed=9).to_flip == 2
