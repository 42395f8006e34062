"""Notation and JSON of actions (HA-R1 notation), rule options and player counts (HA-R8),
and the shape of refusals: every IllegalAction names its rule and changes nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest

import spieltisch
from spieltisch import IllegalAction, InvalidNotation, InvalidOption, InvalidPlayers
from spieltisch.games.halali import Flip, Move, Pass, parse_action
from spieltisch.games.halali.actions import FLIPS, MOVES
from spieltisch.games.halali.board import parse_square, square_name
from tests.helpers.contract import assert_refused
from tests.helpers.halali import make_state, play

GAME = spieltisch.load("halali")


def sq(name: str) -> int:
    return parse_square(name)


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("flip c4", Flip(sq("c4"))),
        ("c4-c7", Move(sq("c4"), sq("c7"))),  # a move or a capture
        ("e2-e1", Move(sq("e2"), sq("e1"))),  # an exit
        ("b5-a5", Move(sq("b5"), sq("a5"))),
        ("pass", Pass()),
    ],
)
def test_HA_R1_notation_round_trips_for_every_action_kind(text: str, action: Any) -> None:
    assert GAME.parse_action(text) == action
    assert str(action) == text
    assert GAME.parse_action(str(action)) == action
    data = json.loads(json.dumps(action.to_json()))
    assert GAME.action_from_json(data) == action
    assert eval(repr(action), {"parse_action": parse_action}) == action


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("c4xc7", "c4-c7"),
        ("C4-C7", "c4-c7"),
        ("  c4 - c7 ", "c4-c7"),
        ("FLIP   H8", "flip h8"),
        ("Pass", "pass"),
    ],
)
def test_HA_R1_notation_is_read_leniently_and_written_canonically(
    text: str, canonical: str
) -> None:
    assert str(GAME.parse_action(text)) == canonical


def test_HA_R1_every_flip_and_move_reads_back_as_the_one_kept_action() -> None:
    """The texts are made once and kept; each must still be its action's notation, and
    reading a text or its JSON gives the action the move generator lists (one object)."""
    for src in range(81):
        flip = FLIPS[src]
        assert str(flip) == f"flip {square_name(src)}"
        assert GAME.parse_action(str(flip)) is flip
        assert GAME.action_from_json(flip.to_json()) is flip
        for dst in range(81):
            move = MOVES[src * 81 + dst]
            text = f"{square_name(src)}-{square_name(dst)}"
            assert str(move) == str(Move(src, dst)) == text
            assert GAME.parse_action(text) is move
            assert GAME.parse_action(text.replace("-", "x")) is move
            assert GAME.action_from_json(move.to_json()) is move


def test_HA_R1_json_of_actions_names_squares() -> None:
    assert Flip(sq("c4")).to_json() == {"type": "flip", "square": "c4"}
    assert Move(sq("e2"), sq("e1")).to_json() == {"type": "move", "from": "e2", "to": "e1"}
    assert Pass().to_json() == {"type": "pass"}


@pytest.mark.parametrize(
    "text",
    [
        "",
        "flip",
        "flip z9",
        "flip c0",
        "flip c10",
        "c4-",
        "-c4",
        "c4-c7-c8",
        "c4c7",
        "jump c4",
        "passe",
        "j1-j2",
        "c4 c7",
        "x",
    ],
)
def test_unreadable_notation_is_invalid_notation(text: str) -> None:
    with pytest.raises(InvalidNotation):
        GAME.parse_action(text)


@pytest.mark.parametrize("value", [None, 3, b"pass", ["pass"]])
def test_non_text_notation_is_invalid_notation(value: Any) -> None:
    with pytest.raises(InvalidNotation):
        GAME.parse_action(value)


@pytest.mark.parametrize(
    "data",
    [
        "flip c4",
        None,
        [],
        {},
        {"type": "flip"},
        {"type": "flip", "square": 5},
        {"type": "flip", "square": "k4"},
        {"type": "move", "from": "c4"},
        {"type": "move", "from": "c4", "to": None},
        {"type": "teleport", "square": "c4"},
        {"type": ["pass"]},
    ],
)
def test_malformed_action_json_is_invalid_notation(data: Any) -> None:
    with pytest.raises(InvalidNotation):
        GAME.action_from_json(data)


def test_invalid_notation_is_not_an_illegal_action() -> None:
    assert not issubclass(InvalidNotation, IllegalAction)
    assert InvalidNotation.code != IllegalAction.code


# -- options and players ---------------------------------------------------------------------


def test_HA_R8_options_default_to_kosmos_and_auto() -> None:
    assert GAME.options == {
        "variant": "kosmos",
        "match": "auto",
        "draw_offers": "auto",
        "blue_seat": 0,
    }
    assert spieltisch.load("halali", variant="brettspielnetz").options["variant"] == (
        "brettspielnetz"
    )
    assert [o.name for o in GAME.info.options] == ["variant", "match", "draw_offers", "blue_seat"]


@pytest.mark.parametrize(
    "options",
    [
        {"variant": "chess"},
        {"variant": "Kosmos"},
        {"variant": 1},
        {"variant": None},
        {"match": "triple"},
        {"match": True},
        {"colour": "blue"},
        {"rounds": 2},
    ],
)
def test_bad_options_are_refused_at_load(options: dict[str, Any]) -> None:
    with pytest.raises(InvalidOption):
        spieltisch.load("halali", **options)


def test_unknown_option_message_names_the_known_options() -> None:
    with pytest.raises(InvalidOption, match="match, variant"):
        spieltisch.load("halali", colour="blue")


@pytest.mark.parametrize("players", [0, 1, 3, 4, -2, True, "2", 2.0])
def test_halali_is_for_two_players(players: Any) -> None:
    with pytest.raises(InvalidPlayers):
        GAME.new_state(players=players, seed=1)


def test_two_players_is_the_default() -> None:
    assert GAME.new_state(seed=1).players == 2
    assert GAME.new_state(players=2, seed=1).to_json() == GAME.new_state(seed=1).to_json()


def test_state_of_other_options_is_refused() -> None:
    state = GAME.new_state(seed=1)
    other = spieltisch.load("halali", variant="brettspielnetz")
    with pytest.raises(InvalidNotation):
        other.state_from_json(state.to_json())


# -- refusals -------------------------------------------------------------------------------


def test_illegal_action_carries_the_rule_and_changes_nothing() -> None:
    state = make_state({"e5": "B", "e7": "HS", "h8": "?"})
    err = assert_refused(state, 0, GAME.parse_action("e5-e7"), "HA-R4")
    assert err.to_json() == {"code": "action/illegal", "rule": "HA-R4", "message": err.message}
    assert "e5-e7" in err.message
    assert str(err) == f"[HA-R4] {err.message}"


def test_out_of_turn_is_refused_with_the_turn_rule() -> None:
    state = GAME.new_state(seed=1)
    err = assert_refused(state, 1, GAME.parse_action("flip c4"))
    assert err.rule == GAME.info.turn_rule
    assert state.legal_actions(1) == []


def test_foreign_objects_are_refused_as_actions() -> None:
    state = GAME.new_state(seed=1)
    assert_refused(state, 0, "flip c4", "HA §Spielverlauf")
    assert_refused(state, 0, object(), "HA §Spielverlauf")


def test_acting_after_the_end_is_refused() -> None:
    state = make_state({"b5": "F", "g7": "HN"}, end_left=3, match="single")
    play(state, "b5-a5")
    assert state.is_over() and state.active_seats() == ()
    assert state.legal_actions(0) == state.legal_actions(1) == []
    assert_refused(state, 1, GAME.parse_action("g7-g8"), "ENGINE-OVER")
