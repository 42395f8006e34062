"""HA-R1 (board, notation, exits), HA-R2 (hidden guns) and HA-R3 (face-down tiles)."""

from __future__ import annotations

from collections import Counter

import pytest

import spieltisch
from spieltisch.games.halali import HalaliState
from spieltisch.games.halali.board import (
    CENTRE,
    COUNTS,
    DIRECTION_NAMES,
    EMPTY,
    EXITS,
    FOREST,
    HUNTER,
    gun_of,
    kind_of,
    square_name,
)
from spieltisch.games.halali.state import deal_layout
from tests.helpers.halali import legal, make_state, play, refused


def new_state(seed: int = 0, **options: str) -> HalaliState:
    state = spieltisch.load("halali", **options).new_state(seed=seed)
    assert isinstance(state, HalaliState)
    return state


# -- HA-R1: board, notation, exits -------------------------------------------------------


def test_HA_R1_forest_is_b2_to_h8_with_exits_on_the_frame() -> None:
    names = {square_name(sq) for sq in FOREST}
    assert len(names) == 49
    assert names == {f + r for f in "bcdefgh" for r in "2345678"}
    assert {square_name(sq) for sq in EXITS} == {"a5", "i5", "e9", "e1"}
    assert square_name(CENTRE) == "e5"
    assert not EXITS & set(FOREST)


def test_HA_R1_start_48_face_down_tiles_centre_empty() -> None:
    state = new_state(seed=3)
    view = state.view(None)
    assert set(view["board"]) == {square_name(sq) for sq in FOREST} - {"e5"}
    assert all(cell == {"hidden": True} for cell in view["board"].values())
    assert "e5" not in view["board"]
    assert state.board[CENTRE] == EMPTY
    kinds = Counter(kind_of(state.board[sq]) for sq in FOREST if sq != CENTRE)
    assert [kinds[k] for k in range(7)] == list(COUNTS)
    assert sum(COUNTS) == 48
    assert view["hidden_tiles"] == {
        "bear": 2,
        "fox": 6,
        "woodcutter": 2,
        "hunter": 8,
        "pheasant": 8,
        "duck": 7,
        "tree": 15,
    }
    # Off the forest there is nothing, and every first action is a flip.
    assert all(t == EMPTY for sq, t in enumerate(state.board) if sq not in FOREST)
    assert legal(state) == {f"flip {square_name(sq)}" for sq in FOREST if sq != CENTRE}
    assert view["legal_actions"] == [] and view["seat"] is None  # a spectator acts not
    assert state.view(1)["legal_actions"] == []
    assert sorted(state.view(0)["legal_actions"]) == sorted(legal(state))


def test_HA_R1_layouts_depend_on_the_seed_only() -> None:
    assert deal_layout(5, 0) == deal_layout(5, 0)
    assert deal_layout(5, 0) != deal_layout(6, 0)
    assert new_state(seed=5).to_json() == new_state(seed=5).to_json()


def test_HA_R1_centre_can_be_entered() -> None:
    state = make_state({"e7": "F", "b2": "?"})
    play(state, "e7-e5")
    assert state.view(None)["board"]["e5"] == {"tile": "fox"}


def test_HA_R1_flip_outside_the_forest_is_refused() -> None:
    state = make_state({"c4": "?"})
    for square in ("a5", "e1", "a1", "i9"):
        refused(state, f"flip {square}", "HA-R1")


def test_HA_R1_moves_onto_the_frame_are_refused() -> None:
    # b2 is a corner of the forest: a2 and b1 are frame squares, not exits.
    state = make_state({"b2": "F", "c4": "?"}, end_left=None)
    refused(state, "b2-a2", "HA-R1")
    refused(state, "b2-b1", "HA-R1")
    end = make_state({"b2": "F", "h8": "HN"}, end_left=10)
    refused(end, "b2-a2", "HA-R1")
    refused(end, "b2-b1", "HA-R1")


def test_HA_R1_a_move_out_of_an_exit_square_is_refused() -> None:
    state = make_state({"b5": "F", "b8": "F", "h8": "HN"}, end_left=10)
    play(state, "b5-a5")
    play(state, "h8-h7")
    msg = refused(state, "a5-b5", "HA §Spielverlauf")
    assert "a5" in msg


# -- HA-R2: guns hidden until revealed, never changed --------------------------------------


def test_HA_R2_face_down_hunters_show_nothing() -> None:
    east = make_state({"d4": "?HE", "c4": "F"})
    west = make_state({"d4": "?HW", "c4": "F"})
    for seat in (0, 1, None):
        assert east.view(seat) == west.view(seat)
        assert east.view(seat)["board"]["d4"] == {"hidden": True}
    assert east.legal_actions(0) == west.legal_actions(0)


def test_HA_R2_flip_reveals_the_dealt_gun() -> None:
    state = new_state(seed=11)
    layout = deal_layout(11, 0)
    hunters = [sq for sq in FOREST if layout[sq] != EMPTY and kind_of(layout[sq]) == HUNTER]
    assert len(hunters) == 8
    for sq in hunters:
        events = play(state, f"flip {square_name(sq)}")
        assert events[0]["tile"] == "hunter"
        assert events[0]["gun"] == DIRECTION_NAMES[gun_of(layout[sq])]
        assert state.view(0)["board"][square_name(sq)] == {
            "tile": "hunter",
            "gun": DIRECTION_NAMES[gun_of(layout[sq])],
        }


def test_HA_R2_gun_never_changes_when_the_hunter_moves() -> None:
    state = make_state({"c3": "HE", "h8": "F", "b8": "?"}, to_move="brown")
    # The hunter walks north, east, south and west round a square; the fox walks too.
    route = ["c3-c6", "h8-h7", "c6-f6", "h7-g7", "f6-f3", "g7-g8", "f3-c3"]
    for step in route:
        play(state, step)
        board = state.view(None)["board"]
        hunters = [cell for cell in board.values() if cell.get("tile") == "hunter"]
        assert hunters == [{"tile": "hunter", "gun": "E"}]
    assert state.view(None)["board"]["c3"] == {"tile": "hunter", "gun": "E"}


def test_HA_R2_guns_are_dealt_uniformly() -> None:
    # 200 fixed layouts hold 1600 hunters; each direction's share is near a quarter.
    guns = Counter(
        gun_of(t)
        for seed in range(200)
        for t in deal_layout(seed, 0)
        if t != EMPTY and kind_of(t) == HUNTER
    )
    assert sum(guns.values()) == 1600
    assert all(330 <= guns[d] <= 470 for d in range(4)), guns


def test_HA_R2_second_game_of_a_match_has_its_own_layout() -> None:
    assert deal_layout(4, 0) != deal_layout(4, 1)


# -- HA-R3: face-down tiles -----------------------------------------------------------------


def test_HA_R3_face_down_tiles_block_movement() -> None:
    state = make_state({"b4": "F", "d4": "?", "b6": "D"})
    assert "b4-c4" in legal(state)
    msg = refused(state, "b4-e4", "HA-R3")
    assert "d4" in msg
    refused(state, "b4-d4", "HA-R3")


def test_HA_R3_face_down_tiles_block_a_hunters_line() -> None:
    state = make_state({"b4": "HE", "d4": "?D", "f4": "F"}, to_move="brown")
    refused(state, "b4-f4", "HA-R3")
    assert {a for a in legal(state) if a.startswith("b4-")} == {
        "b4-c4",
        "b4-b2",
        "b4-b3",
        "b4-b5",
        "b4-b6",
        "b4-b7",
        "b4-b8",
    }


@pytest.mark.parametrize(
    ("attacker", "hidden_prey", "to_move"),
    [
        ("HE", "?F", "brown"),  # a hunter aiming at a face-down fox
        ("HE", "?D", "brown"),
        ("W", "?T", "brown"),  # a woodcutter next to a face-down tree
        ("B", "?HN", "blue"),  # a bear next to a face-down hunter
        ("F", "?P", "blue"),  # a fox in line with a face-down pheasant
    ],
)
def test_HA_R3_face_down_tiles_cannot_be_captured(
    attacker: str, hidden_prey: str, to_move: str
) -> None:
    state = make_state({"c4": attacker, "d4": hidden_prey}, to_move=to_move)
    msg = refused(state, "c4-d4", "HA-R3")
    assert "face-down" in msg


@pytest.mark.parametrize("hidden", ["?F", "?B", "?D", "?HN"])
def test_HA_R3_face_down_tiles_cannot_be_moved(hidden: str) -> None:
    for colour in ("blue", "brown"):
        state = make_state({"d4": hidden, "h8": "?"}, to_move=colour)
        refused(state, "d4-d5", "HA-R3")
        assert legal(state) == {"flip d4", "flip h8"}


def test_HA_R3_flipping_twice_is_refused() -> None:
    state = make_state({"d4": "?D", "h8": "?"})
    play(state, "flip d4")
    refused(state, "flip d4", "HA §1")
    refused(state, "flip e4", "HA §1")
