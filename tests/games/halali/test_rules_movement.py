"""HA-R4: movement and capture per piece, blocked paths, whose tiles may move.

Diagrams show the forest with rank 8 on top; ``?`` is a face-down blocker that keeps the
game out of the end phase (HA-R6).
"""

from __future__ import annotations

import pytest

from tests.helpers.halali import legal, make_state, play, refused


def moves_from(state_moves: set[str], square: str) -> set[str]:
    return {m for m in state_moves if m.startswith(f"{square}-")}


# -- the hunter ----------------------------------------------------------------------------


def test_HA_R4_hunter_captures_along_its_gun_at_any_distance() -> None:
    state = make_state({"b4": "HE", "h4": "F", "b8": "?"}, to_move="brown")
    assert "b4-h4" in legal(state)
    events = play(state, "b4-h4")
    assert events[0] == {
        "type": "capture",
        "colour": "brown",
        "from": "b4",
        "to": "h4",
        "tile": "hunter",
        "captured": "fox",
        "points": 5,
    }
    view = state.view(None)
    assert view["board"]["h4"] == {"tile": "hunter", "gun": "E"}
    assert "b4" not in view["board"]
    assert view["won"]["brown"] == ["fox"]
    assert view["points"] == {"blue": 0, "brown": 5}


@pytest.mark.parametrize(
    ("gun", "target"),
    [("N", "e8"), ("E", "h5"), ("S", "e2"), ("W", "b5")],
)
def test_HA_R4_hunter_shoots_only_in_its_gun_direction(gun: str, target: str) -> None:
    # A hunter on e5 with prey at distance 3 in each direction (the box has two bears
    # and six foxes): only one is in its line.
    position = {"e5": "H" + gun, "e8": "B", "h5": "F", "e2": "B", "b5": "F", "h8": "?"}
    state = make_state(position, to_move="brown")
    captures = {m for m in legal(state) if m.startswith("e5-") and m[3:] in position}
    assert captures == {f"e5-{target}"}
    for other in {"e8", "h5", "e2", "b5"} - {target}:
        msg = refused(state, f"e5-{other}", "HA-R4")
        assert f"points {gun}" in msg


def test_HA_R4_hunter_moves_onto_empty_squares_in_every_direction() -> None:
    state = make_state({"e5": "HN", "h8": "?"}, to_move="brown")
    expected = {f"e5-{f}5" for f in "bcdfgh"} | {f"e5-e{r}" for r in "234678"}
    assert moves_from(legal(state), "e5") == expected


@pytest.mark.parametrize("prey", ["B", "F", "P", "D"])
def test_HA_R4_hunter_shoots_every_animal(prey: str) -> None:
    state = make_state({"c4": "HE", "e4": prey, "h8": "?"}, to_move="brown")
    assert "c4-e4" in legal(state)


@pytest.mark.parametrize("target", ["T", "W", "HN"])
def test_HA_R4_hunter_does_not_shoot_trees_or_brown_tiles(target: str) -> None:
    state = make_state({"c4": "HE", "e4": target, "h8": "?"}, to_move="brown")
    refused(state, "c4-e4", "HA-R4")


# -- the bear and the woodcutter -----------------------------------------------------------


@pytest.mark.parametrize(("piece", "colour"), [("B", "blue"), ("W", "brown")])
def test_HA_R4_bear_and_woodcutter_move_one_square(piece: str, colour: str) -> None:
    state = make_state({"e5": piece, "h8": "?"}, to_move=colour)
    assert moves_from(legal(state), "e5") == {"e5-e6", "e5-f5", "e5-e4", "e5-d5"}
    for far in ("e7", "g5", "e3", "c5", "e2"):
        msg = refused(state, f"e5-{far}", "HA-R4")
        assert "only 1 square" in msg


@pytest.mark.parametrize("hunter", ["HN", "HE", "HS", "HW"])
def test_HA_R4_bear_takes_adjacent_hunters_whatever_their_gun(hunter: str) -> None:
    state = make_state({"e5": "B", "e6": hunter, "d5": "W", "f5": hunter, "h8": "?"})
    assert {"e5-e6", "e5-d5", "e5-f5"} <= legal(state)
    play(state, "e5-d5")
    assert state.view(None)["won"]["blue"] == ["woodcutter"]
    assert state.points(0) == 5


def test_HA_R4_bear_does_not_capture_at_distance() -> None:
    state = make_state({"e5": "B", "e7": "HS", "h8": "?"})
    refused(state, "e5-e7", "HA-R4")


@pytest.mark.parametrize("target", ["D", "P", "T", "F"])
def test_HA_R4_bear_takes_only_woodcutters_and_hunters(target: str) -> None:
    state = make_state({"e5": "B", "e6": target, "h8": "?"})
    msg = refused(state, "e5-e6", "HA-R4")
    assert "cannot capture" in msg


def test_HA_R4_woodcutter_fells_adjacent_trees_only() -> None:
    state = make_state(
        {"e5": "W", "e6": "T", "e3": "T", "d5": "D", "f5": "B", "h8": "?"}, to_move="brown"
    )
    assert moves_from(legal(state), "e5") == {"e5-e6", "e5-e4"}
    refused(state, "e5-e3", "HA-R4")  # the tree two squares away
    refused(state, "e5-d5", "HA-R4")  # a duck
    refused(state, "e5-f5", "HA-R4")  # a bear
    events = play(state, "e5-e6")
    assert events[0]["captured"] == "tree" and events[0]["points"] == 2
    assert state.view(None)["won"]["brown"] == ["tree"]


# -- the fox, the birds, the trees ---------------------------------------------------------


@pytest.mark.parametrize(("bird", "points"), [("P", 3), ("D", 2)])
def test_HA_R4_fox_takes_birds_at_any_distance(bird: str, points: int) -> None:
    state = make_state({"b2": "F", "b8": bird, "h8": "?"})
    assert "b2-b8" in legal(state)
    events = play(state, "b2-b8")
    assert events[0]["points"] == points
    assert state.points(0) == points


@pytest.mark.parametrize("target", ["HN", "W", "T", "B"])
def test_HA_R4_fox_takes_only_birds(target: str) -> None:
    state = make_state({"b2": "F", "b5": target, "h8": "?"})
    refused(state, "b2-b5", "HA-R4")


@pytest.mark.parametrize("bird", ["P", "D"])
@pytest.mark.parametrize("colour", ["blue", "brown"])
def test_HA_R4_ducks_and_pheasants_move_far_but_never_capture(bird: str, colour: str) -> None:
    state = make_state({"e5": bird, "e7": "D", "c5": "F", "g5": "W", "h8": "?"}, to_move=colour)
    assert moves_from(legal(state), "e5") == {
        "e5-e6",
        "e5-d5",
        "e5-f5",
        "e5-e4",
        "e5-e3",
        "e5-e2",
    }
    for target in ("e7", "c5", "g5"):
        refused(state, f"e5-{target}", "HA-R4")


@pytest.mark.parametrize("colour", ["blue", "brown"])
def test_HA_R4_trees_never_move(colour: str) -> None:
    state = make_state({"e5": "T", "h8": "?"}, to_move=colour)
    assert moves_from(legal(state), "e5") == set()
    msg = refused(state, "e5-e6", "HA-R4")
    assert "trees never move" in msg


# -- paths, geometry and ownership -----------------------------------------------------------


def test_HA_R4_paths_are_blocked_by_face_up_tiles() -> None:
    position = """
        8  .  .  .  .  .  .  ?
        7  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .
        5  .  .  .  .  .  .  .
        4  F  .  T  .  D  .  .
        3  .  .  .  .  .  .  .
        2  .  .  .  .  .  .  .
           b  c  d  e  f  g  h
    """
    state = make_state(position)
    assert moves_from(legal(state), "b4") == {f"b4-b{r}" for r in "235678"} | {"b4-c4"}
    msg = refused(state, "b4-f4", "HA-R4")  # the duck is behind the tree
    assert "blocked by the tile on d4" in msg
    refused(state, "b4-e4", "HA-R4")


def test_HA_R4_hunter_cannot_shoot_past_a_tile() -> None:
    state = make_state({"b4": "HE", "d4": "P", "f4": "B", "h8": "?"}, to_move="brown")
    assert "b4-d4" in legal(state)
    refused(state, "b4-f4", "HA-R4")


@pytest.mark.parametrize("target", ["f6", "d4", "g7", "e5"])
def test_HA_R4_moves_are_straight_and_orthogonal(target: str) -> None:
    state = make_state({"e5": "F", "h8": "?"})
    msg = refused(state, f"e5-{target}", "HA-R4")
    assert "straight orthogonal" in msg


@pytest.mark.parametrize(
    ("piece", "colour"), [("HN", "blue"), ("W", "blue"), ("F", "brown"), ("B", "brown")]
)
def test_HA_R4_only_the_owner_moves_a_coloured_tile(piece: str, colour: str) -> None:
    state = make_state({"e5": piece, "h8": "?"}, to_move=colour)
    msg = refused(state, "e5-e6", "HA §2")
    assert "only by the" in msg


def test_HA_Spielverlauf_a_move_from_an_empty_square_is_no_move() -> None:
    state = make_state({"e5": "F", "h8": "?"})
    msg = refused(state, "e6-e7", "HA §Spielverlauf")
    assert "no tile on e6" in msg


def test_HA_R4_a_small_position_has_exactly_these_actions() -> None:
    # A count oracle in the spirit of perft: every legal action of a mixed position.
    position = """
        8  .  .  .  .  .  .  ?
        7  .  B  T  .  .  .  .
        6  .  .  .  HS .  .  .
        5  .  D  .  .  .  .  .
        4  .  .  .  F  .  .  .
        3  .  .  .  .  .  .  .
        2  .  .  .  .  .  .  .
           b  c  d  e  f  g  h
    """
    duck = {"c5-c6", "c5-b5", "c5-c4", "c5-c3", "c5-c2"} | {f"c5-{f}5" for f in "defgh"}
    blue = make_state(position)
    bear = {"c7-c8", "c7-c6", "c7-b7"}  # it cannot fell the tree on d7
    fox = {"e4-e5", "e4-e3", "e4-e2"} | {f"e4-{f}4" for f in "bcdfgh"}  # stopped by e6
    assert legal(blue) == {"flip h8"} | bear | fox | duck
    assert len(legal(blue)) == 23
    brown = make_state(position, to_move="brown")
    hunter = {"e6-e5", "e6-e4", "e6-e7", "e6-e8"} | {f"e6-{f}6" for f in "bcdfgh"}
    assert legal(brown) == {"flip h8"} | duck | hunter
    assert len(legal(brown)) == 21
