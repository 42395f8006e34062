"""Resigning in every game: the engine's resignation action and each game's ruling
(HA-R9, HG-R14, HY-R11, KA-R11)."""

from __future__ import annotations

import random

import pytest

import spieltisch
from spieltisch.engine import IllegalAction
from spieltisch.engine.resign import RESIGN, RESIGN_RULE

RULINGS = {"halali": "HA-R9", "halligalli": "HG-R14", "hydra": "HY-R11", "kalooki": "KA-R11"}


def played(game: str, plies: int, players: int | None = None) -> spieltisch.State:
    state = spieltisch.load(game).new_state(players=players, seed=11)
    rng = random.Random(5)
    for _ in range(plies):
        if state.is_over():
            break
        seat = state.active_seats()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


@pytest.mark.parametrize("game", sorted(RULINGS))
def test_game_declares_its_resign_ruling_with_texts(game: str) -> None:
    info = spieltisch.load(game).info
    assert info.resign_rule == RULINGS[game]
    assert info.resign_rule in info.rule_texts
    assert RESIGN_RULE in info.rule_texts


@pytest.mark.parametrize("game", sorted(RULINGS))
def test_last_seat_left_wins_at_once(game: str) -> None:
    """With two seats (Halali) one resignation ends the game; with more, the game ends
    once only one seat has not resigned. Resigning needs no turn."""
    state = played(game, 6, spieltisch.load(game).info.min_players)
    winner = state.active_seats()[0]
    others = [s for s in range(state.players) if s != winner]
    for seat in others[:-1]:
        state.apply(seat, RESIGN)
        assert not state.is_over()
    events = state.apply(others[-1], state.game.parse_action("resign"))
    assert events[0] == {"type": "resign", "seat": others[-1], "rule": RULINGS[game], "ends": True}
    assert state.is_over()
    result = state.result()
    assert result is not None and result.reason == "resigned"
    assert result.winners == (winner,)
    assert result.details["resigned"] == others
    assert state.view(winner)["over"] is True
    with pytest.raises(IllegalAction):
        state.apply(winner, RESIGN)


@pytest.mark.parametrize("game", sorted(RULINGS))
def test_resignation_replays_and_survives_json(game: str) -> None:
    state = played(game, 4)
    state.apply(0, RESIGN)
    again = spieltisch.replay(state.record())
    assert again.resigned == (0,)
    assert again.record() == state.record()
    assert state.game.state_from_json(state.to_json()).resigned == (0,)
    assert state.record()["actions"][-1] == {"seat": 0, "action": {"resign": True}}


@pytest.mark.parametrize("game", ["halligalli", "hydra", "kalooki"])
def test_resigned_seat_plays_on_and_is_ranked_last(game: str) -> None:
    """HG-R14, HY-R11, KA-R11: with more than two seats the game goes on (a bot plays the
    resigned seat) and the resigner is ranked below everyone at the end."""
    players = 3 if game != "hydra" else None
    state = spieltisch.load(game).new_state(players=players, seed=3)
    state.apply(1, RESIGN)
    assert not state.is_over()
    with pytest.raises(IllegalAction) as refused:
        state.apply(1, RESIGN)
    assert refused.value.rule == RESIGN_RULE
    rng = random.Random(2)
    while not state.is_over():
        seat = rng.choice(state.active_seats())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    result = state.result()
    assert result is not None and result.reason != "resigned"
    assert result.ranks[1] == max(result.ranks)
    assert all(result.ranks[s] < result.ranks[1] for s in range(state.players) if s != 1)
    assert result.details["resigned"] == [1]


def test_resign_is_never_a_legal_action() -> None:
    """Bots and search never consider resigning: it is not among the rules' moves."""
    for game in RULINGS:
        state = spieltisch.load(game).new_state(seed=1)
        for seat in state.active_seats():
            assert RESIGN not in state.legal_actions(seat)
