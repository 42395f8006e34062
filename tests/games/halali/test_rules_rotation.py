"""HA-R10: the colours alternate between matches (a rematch gives the other seat Blue)."""

from __future__ import annotations

import random

import spieltisch
from spieltisch.games.halali import HalaliState


def test_HA_R10_blue_seat_one_gives_seat_one_blue_and_the_first_move() -> None:
    state = spieltisch.load("halali", blue_seat=1).new_state(seed=4)
    assert state.active_seats() == (1,)
    assert state.view(0)["colours"] == ["brown", "blue"]
    assert state.legal_actions(0) == []
    assert state.legal_actions(1)


def test_HA_R10_a_kosmos_match_still_swaps_the_roles_in_its_second_game() -> None:
    state = spieltisch.load("halali", blue_seat=1).new_state(seed=4)
    assert isinstance(state, HalaliState)
    assert state.colour_of(1) == 0
    state.game_no = 1
    assert state.colour_of(0) == 0 and state.seat_of(0) == 0


def test_HA_R10_next_options_alternate_blue_seat() -> None:
    game = spieltisch.load("halali", variant="brettspielnetz")
    rematch = game.next_options(None, 2)
    assert rematch == {**game.options, "blue_seat": 1}
    assert spieltisch.load("halali", **rematch).next_options(None, 2)["blue_seat"] == 0


def test_HA_R10_the_second_game_of_a_swapped_match_gives_seat_zero_blue() -> None:
    state = spieltisch.load("halali", blue_seat=1).new_state(seed=6)
    rng = random.Random(6)
    while True:
        seat = state.active_seats()[0]
        events = state.apply(seat, rng.choice(state.legal_actions(seat)))
        starts = [e for e in events if e["type"] == "game_start"]
        if starts:
            break
    assert starts[0]["colours"] == ["blue", "brown"]
    assert state.active_seats() == (0,)
