"""Halli Galli for sequential research faces: ids, tensor, and the reaction-round model."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")

import spieltisch  # noqa: E402
from spieltisch.games.halligalli.actions import FLIP, RING  # noqa: E402
from spieltisch.games.halligalli.faces.encoder import NUM_ACTIONS, OBS_SIZE  # noqa: E402
from spieltisch.interop.bell import WAIT, BellClock  # noqa: E402
from spieltisch.interop.encoders import encoder  # noqa: E402

ENC = encoder("halligalli")
GAME = spieltisch.load("halligalli")


def test_action_ids_round_trip() -> None:
    for i in range(NUM_ACTIONS):
        assert ENC.string_to_action(ENC.action_to_string(i)) == i
    assert [ENC.action_to_string(i) for i in range(6)] == [
        "wait", "flip", "ring", "throw rock", "throw paper", "throw scissors",
    ]  # fmt: skip
    assert ENC.string_to_action("stake 7") == 12
    assert ENC.string_to_action("ring@4") == 2  # judged against the table as it is


def test_HG_R7_reaction_round_gives_each_seat_one_decision_in_order() -> None:
    """The order is a permutation of the seats in the game; each decides once; when all
    waited the flipper must act, without a wait."""
    state = GAME.new_state(players=4, seed=2)
    clock = BellClock()
    assert clock.needs_order(state)
    assert len(clock.order_outcomes(state)) == 24
    clock.set_order(state, 5)
    order = list(clock.order or [])
    assert sorted(order) == [0, 1, 2, 3]
    for seat in order:
        assert clock.actor(state) == seat and clock.may_wait(state)
        clock.apply(state, seat, WAIT)
    assert not clock.may_wait(state)
    flipper = clock.actor(state)
    assert flipper == state.view(None)["to_flip"]
    with pytest.raises(ValueError):
        clock.apply(state, flipper, WAIT)
    version = state.view(None)["version"]
    clock.apply(state, flipper, FLIP)
    assert state.view(None)["version"] == version + 1
    assert clock.needs_order(state)  # a new table: a new reaction round


def test_HG_R4_first_ring_in_the_order_is_first_on_the_bell() -> None:
    """The earliest seat of the reaction order that rings is the one the engine judges."""
    rng = random.Random(1)
    for seed in range(40):
        state = GAME.new_state(players=3, seed=seed)
        clock = BellClock()
        for _ in range(60):
            if state.is_over() or getattr(state, "finale", None) is not None:
                break
            if clock.needs_order(state):
                clock.set_order(state, rng.randrange(6))
            seat = clock.actor(state)
            if clock.may_wait(state) and rng.random() < 0.7:
                clock.apply(state, seat, WAIT)
                continue
            before = state.clone()
            action = RING if rng.random() < 0.3 else rng.choice(state.legal_actions(seat))
            clock.apply(state, seat, action)
            mirror = before
            mirror.apply(seat, action)
            assert mirror.to_json() == state.to_json()


def test_observation_ignores_face_down_cards() -> None:
    rng = random.Random(3)
    state = GAME.new_state(players=4, seed=3)
    for _ in range(25):
        seat = rng.choice(state.active_seats())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    for seat in range(4):
        obs = ENC.observe(state.view(seat), seat)
        assert obs.shape == (OBS_SIZE,)
        world = GAME.sample_state(state.view(seat), seat, 9)
        assert world.to_json() != state.to_json()
        assert (ENC.observe(world.view(seat), seat) == obs).all()
