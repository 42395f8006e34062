"""Set-up, options and notation: HG-R1 dealing, HG-R9 handicaps, HG-R13 first flipper,
and the action notation round trips."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import spieltisch
from spieltisch.engine import InvalidNotation, InvalidOption
from spieltisch.games.halligalli import (
    Flip,
    HalliGalliAction,
    HalliGalliState,
    Ring,
    Stake,
    Throw,
    parse_action,
)
from spieltisch.games.halligalli.actions import action_from_json


@pytest.mark.parametrize(("players", "aside"), [(3, 2), (4, 0), (5, 3), (6, 2)])
def test_HG_R1_full_deck_leftovers_are_put_aside(players: int, aside: int) -> None:
    """§1.2: cards that do not deal evenly are put aside for the first swimmer."""
    state = spieltisch.load("halligalli", full_deck=True).new_state(players=players, seed=4)
    assert isinstance(state, HalliGalliState)
    assert len(state.aside) == aside
    assert {len(p) for p in state.draw} == {128 // players}
    assert state.view(0)["aside"] == aside


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_HG_R1_standard_deck_deals_evenly(players: int) -> None:
    state = spieltisch.load("halligalli").new_state(players=players, seed=4)
    assert isinstance(state, HalliGalliState)
    assert state.aside == [] and {len(p) for p in state.draw} == {120 // players}


def test_HG_R13_first_flipper_random_or_chosen() -> None:
    game = spieltisch.load("halligalli")
    firsts = {game.new_state(players=6, seed=s).view(None)["to_flip"] for s in range(40)}
    assert len(firsts) > 3
    chosen = spieltisch.load("halligalli", first_flipper=2).new_state(players=3, seed=1)
    assert chosen.view(None)["to_flip"] == 2
    assert [str(a) for a in chosen.legal_actions(2)] == ["flip", "ring@0"]
    with pytest.raises(InvalidOption):
        spieltisch.load("halligalli", first_flipper=4).new_state(players=3)
    with pytest.raises(InvalidOption):
        spieltisch.load("halligalli", first_flipper=-2)


def test_HG_R9_handicaps_are_validated_and_shown() -> None:
    game = spieltisch.load("halligalli", handicap_ms="0, 250,0")
    assert game.new_state(players=4).view(1)["handicap_ms"] == [0, 250, 0, 0]
    for bad in ("fast", "-5", "9999", "1,2,3,4,5,6,7"):
        with pytest.raises(InvalidOption):
            spieltisch.load("halligalli", handicap_ms=bad)
    with pytest.raises(InvalidOption):
        spieltisch.load("halligalli", handicap_ms="0,0,0,100").new_state(players=3)


def test_HG_players_three_to_six() -> None:
    game = spieltisch.load("halligalli")
    for bad in (2, 7):
        with pytest.raises(spieltisch.InvalidPlayers):
            game.new_state(players=bad)


def test_card_backs_option_hides_the_editions() -> None:
    shown = spieltisch.load("halligalli").new_state(players=3, seed=2).view(0)
    hidden = spieltisch.load("halligalli", card_backs=False).new_state(players=3, seed=2).view(0)
    assert set(shown["backs"]) <= {"classic", "extreme"}
    assert hidden["backs"] is None


ACTIONS = [Flip(), Ring(), Ring(0), Ring(17), Stake(1), Stake(40), Throw(0), Throw(1), Throw(2)]


@pytest.mark.parametrize("action", ACTIONS, ids=str)
def test_notation_and_json_round_trip(action: HalliGalliAction) -> None:
    assert parse_action(str(action)) == action
    assert action_from_json(json.loads(json.dumps(action.to_json()))) == action


@pytest.mark.parametrize(
    "text", ["", "ring@", "ring@-1", "ring 4", "stake", "stake x", "throw lizard", "flop"]
)
def test_bad_notation_is_refused(text: str) -> None:
    with pytest.raises(InvalidNotation):
        parse_action(text)


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        {"type": "ring", "version": -1},
        {"type": "ring", "version": True},
        {"type": "stake"},
        {"type": "throw", "shape": "lizard"},
        {"type": "jump"},
    ],
)
def test_bad_json_is_refused(data: object) -> None:
    with pytest.raises(InvalidNotation):
        action_from_json(data)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=12))
def test_parser_never_crashes(text: str) -> None:
    try:
        action = parse_action(text)
    except InvalidNotation:
        return
    assert parse_action(str(action)) == action
