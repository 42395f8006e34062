"""HA-R6 (end phase and exits), HA-R7 (early ends, passing) and HA-R8 (variants, matches)."""

from __future__ import annotations

import random

import pytest

import spieltisch
from spieltisch.games.halali import HalaliState
from spieltisch.games.halali.board import EMPTY, FOREST
from spieltisch.games.halali.state import deal_layout
from tests.helpers.contract import random_playout
from tests.helpers.halali import legal, make_state, play, refused

# Blue's fox circles b8-b7-c7-c8, Brown's hunter (gun south, nothing in its line)
# circles h2-h3-g3-g2: ten quiet plies that neither capture nor go back and forth.
QUIET = ["h2-h3", "b8-b7", "h3-g3", "b7-c7", "g3-g2", "c7-c8", "g2-h2", "c8-b8", "h2-h3", "b8-b7"]


def quiet_position(variant: str = "brettspielnetz", **kwargs: object) -> HalaliState:
    return make_state(
        {"d4": "?D", "b8": "F", "h2": "HS"},
        variant=variant,
        match="single",
        **kwargs,  # type: ignore[arg-type]
    )


# -- HA-R6: the end phase --------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["kosmos", "brettspielnetz"])
def test_HA_R6_last_reveal_starts_ten_plies_opponent_first(variant: str) -> None:
    state = quiet_position(variant)
    events = play(state, "flip d4")
    assert {"type": "end_phase", "moves_left": 10} in events
    assert state.active_seats() == (1,)  # Brown starts the end phase
    assert state.view(1)["end_phase_moves_left"] == 10
    for left, step in zip(range(9, -1, -1), QUIET, strict=True):
        assert not state.is_over()
        play(state, step)
        if left:
            assert state.view(None)["end_phase_moves_left"] == left
    assert state.is_over()
    result = state.result()
    assert result is not None
    assert result.reason == "end_phase_over"
    assert result.is_draw and result.scores == (0.0, 0.0)


def test_HA_R6_brown_revealing_last_lets_blue_start() -> None:
    state = make_state({"d4": "?T", "b8": "F", "h2": "HS"}, to_move="brown")
    play(state, "flip d4")
    assert state.active_seats() == (0,)
    assert state.view(0)["end_phase_moves_left"] == 10


def test_HA_R6_before_the_end_phase_nothing_counts_down() -> None:
    state = make_state({"d4": "?D", "e4": "?T", "b8": "F", "h2": "HS"})
    play(state, "flip d4", "h2-h3")
    assert state.view(None)["end_phase_moves_left"] is None


def test_HA_R6_exits_only_in_the_end_phase() -> None:
    state = make_state({"b5": "F", "h8": "?"})
    msg = refused(state, "b5-a5", "HA-R6")
    assert "only in the end phase" in msg


@pytest.mark.parametrize(
    ("square", "exit"), [("b5", "a5"), ("h5", "i5"), ("e8", "e9"), ("e2", "e1")]
)
def test_HA_R6_every_exit_leads_out(square: str, exit: str) -> None:
    state = make_state({square: "F", "c3": "F", "g7": "HN"}, end_left=10)
    assert f"{square}-{exit}" in legal(state)
    events = play(state, f"{square}-{exit}")
    assert events[0] == {
        "type": "exit",
        "colour": "blue",
        "from": square,
        "to": exit,
        "tile": "fox",
        "points": 5,
    }
    view = state.view(None)
    assert square not in view["board"]
    assert view["exited"] == {"blue": ["fox"], "brown": []}
    assert view["points"]["blue"] == 5
    assert state.tiles_won(0) == 1
    assert view["end_phase_moves_left"] == 9


def test_HA_R6_hunters_leave_in_any_direction_far_away() -> None:
    state = make_state({"e6": "HE", "b2": "W", "c3": "F"}, end_left=10, to_move="brown")
    assert "e6-e9" in legal(state)
    play(state, "e6-e9")
    assert state.view(None)["exited"]["brown"] == ["hunter"]


def test_HA_R6_fox_slides_out_from_afar_unless_blocked() -> None:
    state = make_state({"e5": "F", "g7": "HN"}, end_left=10)
    assert "e5-a5" in legal(state)
    assert "e5-i5" in legal(state)
    blocked = make_state({"e5": "F", "c5": "D", "g7": "HN"}, end_left=10)
    refused(blocked, "e5-a5", "HA-R4")


@pytest.mark.parametrize("bird", ["D", "P"])
def test_HA_R6_only_own_colour_leaves(bird: str) -> None:
    state = make_state({"b5": bird, "c3": "F", "g7": "HN"}, end_left=10)
    assert "b5-a5" not in legal(state)
    assert "b5-c5" in legal(state)
    msg = refused(state, "b5-a5", "HA-R6")
    assert "own colour" in msg
    brown = make_state({"b5": "HN", "c3": "F", "g7": "HN"}, end_left=10)
    refused(brown, "b5-a5", "HA §2")
    tree = make_state({"b5": "T", "c3": "F", "g7": "HN"}, end_left=10)
    refused(tree, "b5-a5", "HA-R4")


@pytest.mark.parametrize(
    ("piece", "colour", "near", "far", "exit"),
    [("B", "blue", "b5", "c5", "a5"), ("W", "brown", "e2", "e3", "e1")],
)
def test_HA_R6_bear_and_woodcutter_must_stand_next_to_the_exit(
    piece: str, colour: str, near: str, far: str, exit: str
) -> None:
    state = make_state({far: piece, "g7": "HN", "c8": "F"}, end_left=10, to_move=colour)
    refused(state, f"{far}-{exit}", "HA-R4")
    ready = make_state({near: piece, "g7": "HN", "c8": "F"}, end_left=10, to_move=colour)
    assert f"{near}-{exit}" in legal(ready)


def test_HA_R6_bear_exit_scores_ten() -> None:
    state = make_state({"b5": "B", "c3": "F", "g7": "HN"}, end_left=4)
    events = play(state, "b5-a5")
    assert events[0]["points"] == 10
    assert state.points(0) == 10


# -- HA-R7: early ends and passing --------------------------------------------------------------


def test_HA_R7_game_ends_when_a_player_has_no_tile_left() -> None:
    state = make_state(
        {"e6": "F", "e3": "HN", "b2": "T"}, end_left=8, to_move="brown", match="single"
    )
    events = play(state, "e3-e6")
    assert state.is_over()
    result = state.result()
    assert result is not None and result.reason == "no_own_tiles"
    assert result.scores == (0.0, 5.0) and result.winners == (1,)
    assert [e["type"] for e in events] == ["capture", "game_end", "match_end"]


def test_HA_R7_leaving_with_the_last_tile_ends_the_game() -> None:
    state = make_state({"b5": "F", "g7": "HN"}, end_left=8, match="single")
    play(state, "b5-a5")
    result = state.result()
    assert result is not None and result.reason == "no_own_tiles"
    assert result.scores == (5.0, 0.0)


def test_HA_R7_no_early_end_while_tiles_are_face_down() -> None:
    state = make_state({"e6": "F", "e3": "HN", "h8": "?"}, to_move="brown", match="single")
    play(state, "e3-e6")
    assert not state.is_over()
    assert legal(state) == {"flip h8"}
    # The last reveal (a tree) leaves Blue without a tile: the game is over at once, and
    # no end phase of ten moves is announced.
    events = play(state, "flip h8")
    assert state.is_over()
    assert [e["type"] for e in events] == ["flip", "game_end", "match_end"]
    result = state.result()
    assert result is not None and result.reason == "no_own_tiles"


def test_HA_R7_a_match_game_ended_by_the_last_reveal_announces_no_end_phase() -> None:
    state = make_state({"e6": "F", "e3": "HN", "h8": "?"}, to_move="brown", match="double")
    events = play(state, "e3-e6", "flip h8")
    assert [e["type"] for e in events] == ["capture", "flip", "game_end", "game_start"]
    assert state.view(None)["end_phase_moves_left"] is None


def test_HA_R7_a_revealed_own_tile_keeps_the_game_going() -> None:
    state = make_state({"e6": "F", "e3": "HN", "h8": "?F"}, to_move="brown", match="single")
    play(state, "e3-e6", "flip h8")
    assert not state.is_over()
    assert state.view(None)["end_phase_moves_left"] == 10


STUCK = """
    8  B  T  .  .  .  T  HN
    7  T  .  .  .  .  .  T
    6  .  .  .  .  .  .  .
    5  .  .  .  .  .  .  .
    4  .  .  .  .  .  .  .
    3  .  .  .  .  .  .  .
    2  .  .  .  HS .  .  .
       b  c  d  e  f  g  h
"""


def test_HA_R7_game_ends_when_no_tile_can_move() -> None:
    # Bear and hunter are walled in by trees they cannot take; Brown's other hunter
    # leaves through e1, and then nothing on the board can move.
    state = make_state(STUCK, end_left=7, to_move="brown", match="single")
    play(state, "e2-e1")
    result = state.result()
    assert result is not None and result.reason == "no_moves"
    assert result.scores == (0.0, 5.0)


def test_HA_R7_a_player_without_a_move_passes_and_uses_an_end_phase_move() -> None:
    state = make_state(STUCK, end_left=7, match="single")
    assert legal(state) == {"pass"}
    events = play(state, "pass")
    assert events[0] == {"type": "pass", "colour": "blue", "seat": 0}
    assert state.view(None)["end_phase_moves_left"] == 6
    assert state.active_seats() == (1,)
    refused(state, "pass", "HA-R7")  # Brown can move


def test_HA_R7_pass_is_refused_while_a_flip_is_possible() -> None:
    state = make_state({"b8": "B", "c8": "T", "b7": "T", "h8": "?"})
    assert legal(state) == {"flip h8"}
    msg = refused(state, "pass", "HA-R7")
    assert "no legal move" in msg


def test_HA_R7_pass_when_only_a_locked_bird_could_move() -> None:
    state = make_state(
        {"b8": "B", "c8": "T", "b7": "T", "e5": "D", "e2": "HS"}, end_left=6, lock="e5"
    )
    assert legal(state) == {"pass"}
    play(state, "pass")
    assert not state.is_over()


def test_HA_R7_pass_when_only_a_move_back_remains() -> None:
    position = {"b8": "F", "c8": "T", "b6": "T", "e2": "HS"}
    state = make_state(position, end_left=6, no_return={"blue": ("b7", "b8")})
    assert legal(state) == {"pass"}
    refused(state, "b8-b7", "HA-R5")
    play(state, "pass")
    assert state.view(None)["no_return"]["blue"] is None


# -- HA-R8: variants and the match -------------------------------------------------------------


def last_ply(variant: str, **kwargs: object) -> HalaliState:
    """Brown's last end-phase move is still to come; won tiles are given per test."""
    return make_state(
        {"b8": "F", "h2": "HS"},
        end_left=1,
        to_move="brown",
        variant=variant,
        match="single",
        **kwargs,  # type: ignore[arg-type]
    )


@pytest.mark.parametrize(("variant", "ranks"), [("kosmos", (1, 2)), ("brettspielnetz", (1, 1))])
def test_HA_R8_points_tie_goes_to_more_tiles_in_kosmos_only(
    variant: str, ranks: tuple[int, int]
) -> None:
    state = last_ply(variant, won={"blue": ["HN", "HS"], "brown": ["B"]})
    play(state, "h2-h3")
    result = state.result()
    assert result is not None and result.reason == "end_phase_over"
    assert result.scores == (10.0, 10.0)
    assert result.details["tiles"] == [2, 1]
    assert result.ranks == ranks


def test_HA_R8_exited_tiles_count_in_the_kosmos_tie_break() -> None:
    state = last_ply("kosmos", won={"brown": ["B"]}, exited={"blue": ["F", "F"]})
    play(state, "h2-h3")
    result = state.result()
    assert result is not None and result.ranks == (1, 2)


def test_HA_R8_equal_points_and_tiles_is_a_draw() -> None:
    state = last_ply("kosmos", won={"blue": ["HN"], "brown": ["F"]})
    play(state, "h2-h3")
    result = state.result()
    assert result is not None and result.is_draw and result.ranks == (1, 1)


@pytest.mark.parametrize("variant", ["kosmos", "brettspielnetz"])
def test_HA_R8_more_points_win_whatever_the_tiles(variant: str) -> None:
    state = last_ply(variant, won={"blue": ["P"], "brown": ["D", "D"]})
    play(state, "h2-h3")
    result = state.result()
    assert result is not None and result.winners == (1,)
    assert result.scores == (3.0, 4.0)


# Blue's fox circles b2-b3-c3-c2, Brown's hunter f7-f8-g8-g7: nobody flips or captures.
FIFTY = {"b2": "F", "f7": "HN", "h8": "?T"}
CYCLE_BLUE = ["b2-b3", "b3-c3", "c3-c2", "c2-b2"]
CYCLE_BROWN = ["f7-f8", "f8-g8", "g8-g7", "g7-f7"]


def quiet_step(i: int) -> str:
    return (CYCLE_BLUE if i % 2 == 0 else CYCLE_BROWN)[(i // 2) % 4]


def quiet_plies(state: HalaliState, plies: int) -> None:
    for i in range(plies):
        play(state, quiet_step(i))


def test_HA_R8_fifty_full_moves_without_reveal_or_capture_draw_in_brettspielnetz() -> None:
    state = make_state(FIFTY, variant="brettspielnetz", won={"blue": ["HN"]})
    quiet_plies(state, 99)
    assert not state.is_over()
    assert state.view(None)["quiet_plies"] == 99
    play(state, quiet_step(99))  # Brown's 50th move
    result = state.result()
    assert result is not None and result.reason == "fifty_moves"
    assert result.is_draw  # although Blue is 5 points ahead
    assert result.scores == (5.0, 0.0)


def test_HA_R8_kosmos_has_no_fifty_move_rule() -> None:
    state = make_state(FIFTY, variant="kosmos", match="single")
    quiet_plies(state, 140)
    assert not state.is_over()
    assert state.view(None)["quiet_plies"] == 140
    # So the game metadata claims no bound on the number of plies.
    assert state.game.info.max_plies is None


@pytest.mark.parametrize("reset", ["flip h8", "b2-b8"])
def test_HA_R8_a_reveal_or_capture_restarts_the_fifty_move_count(reset: str) -> None:
    state = make_state(
        {"b2": "F", "b8": "D", "f7": "HN", "h8": "?T", "h2": "?T"},
        variant="brettspielnetz",
        quiet=99,
    )
    play(state, reset)
    assert not state.is_over()
    assert state.view(None)["quiet_plies"] == 0


def test_HA_R8_brettspielnetz_is_a_single_game() -> None:
    state = spieltisch.load("halali", variant="brettspielnetz").new_state(seed=4)
    assert state.view(0)["games_in_match"] == 1
    random_playout(state, random.Random(4))
    result = state.result()
    assert result is not None and len(result.details["games"]) == 1


def test_HA_R8_kosmos_match_is_two_games_with_roles_swapped() -> None:
    state = spieltisch.load("halali").new_state(seed=8)
    assert isinstance(state, HalaliState)
    view = state.view(0)
    assert (view["games_in_match"], view["game_number"]) == (2, 1)
    assert view["colours"] == ["blue", "brown"] and view["colour"] == "blue"
    assert state.active_seats() == (0,)  # Blue moves first
    rng = random.Random(8)
    while not state.finished:
        seat = state.active_seats()[0]
        events = state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert [e["type"] for e in events][-2:] == ["game_end", "game_start"]
    view = state.view(0)
    assert view["game_number"] == 2
    assert view["colours"] == ["brown", "blue"] and view["colour"] == "brown"
    assert state.active_seats() == (1,)  # seat 1 plays Blue now and moves first
    assert view["won"] == {"blue": [], "brown": []}
    assert state.board == deal_layout(8, 1)
    assert all(state.hidden[sq] == (state.board[sq] != EMPTY) for sq in FOREST)
    assert not state.is_over() and state.result() is None
    random_playout(state, rng)
    result = state.result()
    assert result is not None
    games = result.details["games"]
    assert [g["colours"] for g in games] == [["blue", "brown"], ["brown", "blue"]]
    for seat in (0, 1):
        assert result.scores[seat] == games[0]["points"][seat] + games[1]["points"][seat]
        assert result.details["tiles"][seat] == games[0]["tiles"][seat] + games[1]["tiles"][seat]


def test_HA_R8_match_points_are_added_across_games() -> None:
    # Seat 0 won game 1 by 10, but as Brown in game 2 it loses by 15.
    first = {
        "game": 1,
        "reason": "end_phase_over",
        "colours": ["blue", "brown"],
        "points": [30, 20],
        "tiles": [4, 5],
    }
    state = make_state(
        {"b8": "F", "h2": "HS"},
        end_left=1,
        to_move="brown",
        game_number=2,
        finished=[first],
        won={"blue": ["B", "HN"], "brown": []},
    )
    assert state.active_seats() == (0,)  # seat 0 plays Brown in game 2
    play(state, "h2-h3")
    result = state.result()
    assert result is not None
    assert result.scores == (30.0, 35.0)
    assert result.winners == (1,)
    assert [g["points"] for g in result.details["games"]] == [[30, 20], [0, 15]]


def test_HA_R8_match_tie_goes_to_more_tiles_in_total() -> None:
    first = {
        "game": 1,
        "reason": "end_phase_over",
        "colours": ["blue", "brown"],
        "points": [10, 10],
        "tiles": [2, 1],
    }
    state = make_state(
        {"b8": "F", "h2": "HS"},
        end_left=1,
        to_move="brown",
        game_number=2,
        finished=[first],
        won={"blue": ["HN"], "brown": ["P", "D"]},
    )
    play(state, "h2-h3")
    result = state.result()
    assert result is not None
    assert result.scores == (15.0, 15.0)
    assert result.details["tiles"] == [4, 2]
    assert result.ranks == (1, 2)


@pytest.mark.parametrize(
    ("variant", "match", "games"),
    [
        ("kosmos", "auto", 2),
        ("kosmos", "single", 1),
        ("brettspielnetz", "auto", 1),
        ("brettspielnetz", "double", 2),
    ],
)
def test_HA_R8_match_option(variant: str, match: str, games: int) -> None:
    state = spieltisch.load("halali", variant=variant, match=match).new_state(seed=2)
    assert state.view(None)["games_in_match"] == games
    random_playout(state, random.Random(2))
    result = state.result()
    assert result is not None and len(result.details["games"]) == games


def test_HA_R8_fifty_moves_in_a_double_match_ends_only_that_game() -> None:
    state = make_state(FIFTY, variant="brettspielnetz", match="double", quiet=99)
    events = play(state, "b2-b3")
    assert [e["type"] for e in events] == ["move", "game_end", "game_start"]
    assert events[1]["reason"] == "fifty_moves"
    assert not state.is_over()
    assert state.view(None)["game_number"] == 2
