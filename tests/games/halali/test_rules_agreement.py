"""HA-R11: a draw by agreement (Brettspielnetz: "beide Spieler sind sich darin einig
geworden"), offered by one player and accepted or declined by the other; a table option
for Kosmos. Recorded as actions, so a replay shows them."""

from __future__ import annotations

import json

import pytest

import spieltisch
from spieltisch.engine import State
from spieltisch.games.halali import AcceptDraw, DeclineDraw, OfferDraw, parse_action
from spieltisch.games.halali.faces.terminal import describe
from tests.helpers.contract import assert_refused

OFFER, ACCEPT, DECLINE = (
    parse_action("offer draw"),
    parse_action("accept draw"),
    parse_action("decline draw"),
)


def bsn(seed: int = 3) -> State:
    return spieltisch.load("halali", variant="brettspielnetz").new_state(seed=seed)


def first_move(state: State) -> None:
    seat = state.active_seats()[0]
    state.apply(seat, state.legal_actions(seat)[0])


def test_HA_R11_notation_and_json_round_trip() -> None:
    game = spieltisch.load("halali")
    for text, cls in (
        ("offer draw", OfferDraw),
        ("Accept  Draw", AcceptDraw),
        ("decline draw", DeclineDraw),
    ):
        action = game.parse_action(text)
        assert isinstance(action, cls)
        assert game.parse_action(str(action)) == action
        assert game.action_from_json(json.loads(json.dumps(action.to_json()))) == action


def test_HA_R11_an_accepted_offer_ends_the_match_as_a_draw_in_points() -> None:
    state = bsn()
    first_move(state)  # Blue (seat 0) flips; Brown (seat 1) is to move
    events = state.apply(0, OFFER)  # offered off turn
    assert events == [{"type": "draw_offered", "seat": 0}]
    assert state.active_seats() == (1,)
    assert state.view(1)["draw_offered_by"] == 0
    assert state.position()["draw_offered_by"] == 0
    events = state.apply(1, ACCEPT)
    assert [e["type"] for e in events] == ["draw_accepted", "game_end", "match_end"]
    result = state.result()
    assert result is not None
    assert result.reason == "agreed"
    assert result.ranks == (1, 1)
    assert result.scores == (0.0, 0.0)  # the points so far, in the game's units
    assert state.is_over() and state.active_seats() == ()
    assert state.legal_actions(0) == state.legal_actions(1) == []
    replayed = spieltisch.replay(json.loads(json.dumps(state.record())))
    assert replayed.to_json() == state.to_json()
    assert [str(a) for _, a in replayed._actions][-2:] == ["offer draw", "accept draw"]


def test_HA_R11_a_declined_offer_changes_nothing_but_the_offer() -> None:
    state = bsn()
    state.apply(0, OFFER)  # on his turn, before moving
    assert state.apply(1, DECLINE) == [{"type": "draw_declined", "seat": 1}]
    assert "draw_offered_by" not in state.view(0)
    assert state.active_seats() == (0,)
    assert_refused(state, 1, ACCEPT, "HA-R11")


def test_HA_R11_a_move_lapses_the_offer_whoever_makes_it() -> None:
    state = bsn()
    state.apply(0, OFFER)
    seat = 0
    events = state.apply(seat, state.legal_actions(seat)[0])  # the offerer moves
    assert events[-1] == {"type": "draw_offer_lapsed", "seat": 0}
    assert_refused(state, 1, ACCEPT, "HA-R11")
    state.apply(0, OFFER)  # offered again, off turn
    events = state.apply(1, state.legal_actions(1)[0])  # the opponent moves instead
    assert events[-1] == {"type": "draw_offer_lapsed", "seat": 0}
    assert_refused(state, 1, DECLINE, "HA-R11")


def test_HA_R11_only_the_opponent_answers_and_one_offer_at_a_time() -> None:
    state = bsn()
    assert_refused(state, 1, ACCEPT, "HA-R11")  # nothing to answer
    state.apply(0, OFFER)
    assert_refused(state, 0, ACCEPT, "HA-R11")  # not his own offer
    assert_refused(state, 0, DECLINE, "HA-R11")
    assert_refused(state, 0, OFFER, "HA-R11")  # still open
    assert_refused(state, 1, OFFER, "HA-R11")  # answer it first


def test_HA_R11_draw_actions_stay_out_of_the_legal_actions() -> None:
    state = bsn()
    state.apply(0, OFFER)
    for seat in (0, 1):
        assert not any(
            a.__class__ in (OfferDraw, AcceptDraw, DeclineDraw) for a in state.legal_actions(seat)
        )


@pytest.mark.parametrize(
    ("options", "allowed"),
    [
        ({}, False),
        ({"variant": "brettspielnetz"}, True),
        ({"draw_offers": "on"}, True),
        ({"variant": "brettspielnetz", "draw_offers": "off"}, False),
    ],
)
def test_HA_R11_the_table_option_draw_offers(options: dict[str, str], allowed: bool) -> None:
    state = spieltisch.load("halali", **options).new_state(seed=1)
    if allowed:
        state.apply(1, OFFER)
        assert state.view(None)["draw_offered_by"] == 1
    else:
        assert "offer" in str(assert_refused(state, 1, OFFER, "HA-R11")).lower()


def test_HA_R11_a_kosmos_draw_ends_the_whole_match_with_the_points_so_far() -> None:
    state = spieltisch.load("halali", draw_offers="on").new_state(seed=2)
    state.apply(1, OFFER)
    state.apply(0, ACCEPT)
    result = state.result()
    assert result is not None and result.reason == "agreed" and result.ranks == (1, 1)
    assert len(result.details["games"]) == 1 and result.details["games"][0]["reason"] == "agreed"


def test_HA_R11_an_open_offer_survives_clone_json_and_position() -> None:
    state = bsn()
    first_move(state)
    state.apply(1, OFFER)
    game = state.game
    for copy in (
        state.clone(),
        game.state_from_json(json.loads(json.dumps(state.to_json()))),
        game.state_from_position(state.position()),
    ):
        assert copy.view(0)["draw_offered_by"] == 1
        copy.apply(0, DECLINE)
        assert "draw_offered_by" not in copy.view(0)
    assert state.view(0)["draw_offered_by"] == 1
    sampled = game.sample_state(state.view(0), 0, seed=5)
    assert sampled.view(0) == state.view(0)


def test_HA_R11_the_terminal_tells_the_draw_and_its_reason() -> None:
    state = bsn()
    lines = [describe(e, "de", 0) for e in state.apply(0, OFFER) + state.apply(1, ACCEPT)]
    assert lines[0] == "Platz 1 bietet Remis an (HA-R11)."
    assert lines[1] == "Platz 2 nimmt das Remis an."
    assert lines[2] is not None and "Remis nach Einigung" in lines[2]
