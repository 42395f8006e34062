"""HA-R5: no back-and-forth, and the neutral-tile restriction (move refused, capture allowed)."""

from __future__ import annotations

import pytest

from tests.helpers.halali import legal, make_state, play, refused

# Blue's fox and Brown's hunter, with a spare tile each to make intermediate moves with.
SHUTTLE = """
    8  .  .  .  .  .  .  ?
    7  .  .  .  .  .  .  .
    6  .  .  .  .  .  .  .
    5  .  .  .  .  .  .  .
    4  F  .  .  .  .  .  HN
    3  .  .  .  .  .  .  .
    2  F  .  .  .  .  .  HN
       b  c  d  e  f  g  h
"""


def test_HA_R5_own_tile_may_not_go_straight_back() -> None:
    state = make_state(SHUTTLE)
    play(state, "b4-e4", "h4-h6")
    assert "e4-b4" not in legal(state)
    msg = refused(state, "e4-b4", "HA-R5")
    assert "back and forth" in msg
    # Any other square, even on the way back, is fine.
    assert {"e4-c4", "e4-d4", "e4-e5"} <= legal(state)
    assert state.view(0)["no_return"] == {"blue": ["b4", "e4"], "brown": ["h4", "h6"]}


def test_HA_R5_back_and_forth_applies_to_brown_as_well() -> None:
    state = make_state(SHUTTLE, to_move="brown")
    play(state, "h4-h6", "b4-b6")
    refused(state, "h6-h4", "HA-R5")


def test_HA_R5_return_is_allowed_after_an_intermediate_own_turn() -> None:
    state = make_state(SHUTTLE)
    play(state, "b4-e4", "h4-h6", "b2-c2", "h6-g6")
    assert "e4-b4" in legal(state)
    play(state, "e4-b4")
    assert state.view(None)["board"]["b4"] == {"tile": "fox"}


def test_HA_R5_a_flip_counts_as_the_intermediate_turn() -> None:
    state = make_state(SHUTTLE)
    play(state, "b4-e4", "h4-h6", "flip h8", "h6-g6")
    assert "e4-b4" in legal(state)


def test_HA_R5_bear_and_woodcutter_cannot_step_back() -> None:
    state = make_state({"e5": "B", "c3": "W", "h8": "?"})
    play(state, "e5-e6", "c3-c4")
    refused(state, "e6-e5", "HA-R5")
    play(state, "e6-f6")
    refused(state, "c4-c3", "HA-R5")


def test_HA_R5_birds_may_go_back_and_forth() -> None:
    # Only tiles of the player's own colour are bound; a duck is nobody's.
    state = make_state({"c3": "D", "b8": "F", "h2": "HN", "h8": "?"})
    play(state, "c3-c6", "h2-h3")
    assert "c6-c3" in legal(state)
    play(state, "c6-c3")


def test_HA_R5_a_capture_is_a_move_too() -> None:
    # The fox that has just captured may not go straight back to where it came from.
    state = make_state({"b2": "F", "b6": "D", "h2": "HN", "h8": "?"})
    play(state, "b2-b6", "h2-h3")
    refused(state, "b6-b2", "HA-R5")
    assert "b6-b3" in legal(state)


def test_HA_R5_capturing_on_the_square_just_left_is_allowed() -> None:
    # Spieltisch ruling: the ban is about shuttling; a capture is not a return move.
    # Brown slides a duck onto the square the fox has just left; Blue may not move that
    # duck (HA-R5, neutral tiles) but may capture it, even though it stands on e4.
    state = make_state({"e4": "F", "b4": "D", "h2": "HN", "h8": "?"})
    play(state, "e4-e6", "b4-e4")
    assert state.view(0)["locked"] == "e4"
    assert "e6-e4" in legal(state)
    events = play(state, "e6-e4")
    assert events[0]["type"] == "capture" and events[0]["captured"] == "duck"


# -- neutral tiles ---------------------------------------------------------------------------


@pytest.mark.parametrize("bird", ["D", "P"])
def test_HA_R5_a_revealed_bird_may_not_be_moved_by_the_other_player(bird: str) -> None:
    state = make_state({"d4": "?" + bird, "h2": "HN", "b8": "F", "h8": "?"})
    play(state, "flip d4")
    assert state.view(1)["locked"] == "d4"
    assert not {m for m in legal(state) if m.startswith("d4-")}
    msg = refused(state, "d4-d5", "HA-R5")
    assert "capturing it is allowed" in msg
    # The restriction lasts one turn: after Brown's move, Blue may move it...
    play(state, "h2-h3")
    assert state.view(0)["locked"] is None
    assert "d4-d5" in legal(state)
    # ...and so may Brown after Blue has done something else.
    play(state, "b8-c8")
    assert "d4-d5" in legal(state)


def test_HA_R5_a_revealed_bird_may_be_captured_at_once() -> None:
    state = make_state({"d4": "?D", "d2": "HN", "h8": "?"})
    play(state, "flip d4")
    assert "d2-d4" in legal(state)
    play(state, "d2-d4")
    assert state.view(None)["won"]["brown"] == ["duck"]


def test_HA_R5_a_moved_bird_may_not_be_moved_by_the_other_player() -> None:
    state = make_state({"c3": "P", "f3": "D", "c8": "HS", "h8": "?"})
    play(state, "c3-c6")
    refused(state, "c6-c5", "HA-R5")
    # Only the moved bird is bound; the other one is free, and the hunter may shoot.
    assert {"f3-f4", "c8-c6"} <= legal(state)
    play(state, "c8-c6")
    assert state.view(None)["won"]["brown"] == ["pheasant"]


def test_HA_R5_the_mover_may_move_the_bird_again() -> None:
    state = make_state({"c3": "P", "g2": "F", "h4": "HN", "h8": "?"}, to_move="brown")
    play(state, "c3-c6", "g2-g3")
    assert "c6-c8" in legal(state)
    play(state, "c6-c8")
    refused(state, "c8-c7", "HA-R5")  # and now Blue is bound in turn


def test_HA_R5_revealing_a_coloured_tile_binds_nothing() -> None:
    state = make_state({"d4": "?F", "e4": "D", "h2": "HN", "h8": "?"})
    play(state, "flip d4")
    assert state.view(1)["locked"] is None
    assert "e4-e5" in legal(state)
