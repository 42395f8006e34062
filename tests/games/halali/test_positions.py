"""The position factory of ``tests.helpers.halali`` reads what it should, so the scenario
tests built on it test the rules and not a typo in a diagram."""

from __future__ import annotations

import pytest

from spieltisch.games.halali.board import HUNTER, WEST, gun_of, kind_of, parse_square
from tests.helpers.halali import draw, make_state, parse_diagram

DIAGRAM = """
    8  ?  .  .  .  .  .  .
    7  .  .  .  .  .  .  .
    6  .  .  F  .  .  .  .
    5  .  .  .  .  .  .  .
    4  .  HW .  .  D  .  ?HS
    3  .  .  .  .  .  .  .
    2  B  .  .  .  .  .  T
       b  c  d  e  f  g  h
"""


def test_diagram_squares_and_tokens() -> None:
    assert parse_diagram(DIAGRAM) == {
        "b8": "?",
        "d6": "F",
        "c4": "HW",
        "f4": "D",
        "h4": "?HS",
        "b2": "B",
        "h2": "T",
    }


def test_diagram_state_and_drawing_agree() -> None:
    state = make_state(DIAGRAM, to_move="brown", lock="f4", quiet=7)
    hunter = state.board[parse_square("c4")]
    assert kind_of(hunter) == HUNTER and gun_of(hunter) == WEST
    assert state.hidden[parse_square("h4")] and not state.hidden[parse_square("c4")]
    assert state.active_seats() == (1,)
    view = state.view(None)
    assert view["locked"] == "f4" and view["quiet_plies"] == 7
    assert view["hidden_tiles"] == {"hunter": 1, "tree": 1}
    again = make_state(draw(state), to_move="brown", lock="f4", quiet=7)
    assert again.to_json() == state.to_json()


@pytest.mark.parametrize(
    "bad",
    [
        {"e5": "X"},  # no such tile
        {"e5": "H"},  # a hunter needs its gun
        {"a5": "F", "b2": "?"},  # not a forest square
        {"e5": "F"},  # nothing face down, yet not in the end phase
    ],
)
def test_impossible_positions_are_refused(bad: dict[str, str]) -> None:
    with pytest.raises(ValueError):
        make_state(bad)


def test_diagram_needs_seven_ranks_of_seven_squares() -> None:
    with pytest.raises(ValueError):
        parse_diagram(". . . . . . .")
    with pytest.raises(ValueError):
        parse_diagram("\n".join([". . . . . ."] * 7))
