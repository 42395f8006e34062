"""Hydra's fixed action ids, masks and observation tensor, tested against the view."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import spieltisch  # noqa: E402
from spieltisch.games.hydra.faces.encoder import NUM_ACTIONS, OBS_SIZE, PIECES  # noqa: E402
from spieltisch.games.hydra.state import HydraState  # noqa: E402
from spieltisch.interop.encoders import encoder  # noqa: E402

ENC = encoder("hydra")
GAME = spieltisch.load("hydra")


def _play(seed: int, plies: int, players: int = 5) -> HydraState:
    state = GAME.new_state(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if state.is_over():
            break
        seat = state.active_seats()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert isinstance(state, HydraState)
    return state


def test_action_ids_are_the_documented_scheme() -> None:
    assert NUM_ACTIONS == 118
    assert [ENC.action_to_string(i) for i in (0, 2, 6, 7, 8, 12)] == [
        "armut", "valeo", "decline", "normalsolo", "farbsolo D", "trumpfsolo 9",
    ]  # fmt: skip
    assert ENC.action_to_string(18) == "lay SQ SQ D9"
    assert ENC.action_to_string(18 + 25 + 24) == "lay CQ CQ HY"
    assert ENC.string_to_action("give D9") == 68
    assert ENC.string_to_action("H10") == 93 + 6 + 4
    for i in range(NUM_ACTIONS):
        assert ENC.string_to_action(ENC.action_to_string(i)) == i
    with pytest.raises(ValueError):
        ENC.action_for_id(NUM_ACTIONS)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), plies=st.integers(0, 70), six=st.booleans())
def test_mask_is_exactly_the_legal_actions(seed, plies, six) -> None:
    state = _play(seed, plies, 6 if six else 5)
    for seat in range(state.players):
        legal = state.legal_actions(seat)
        mask = ENC.mask(legal)
        assert int(mask.sum()) == len(legal)
        assert (ENC.mask_from_view(state.view(seat)) == mask).all()


def _swap_hidden(state: HydraState, seat: int) -> HydraState | None:
    """The same match with one card moved between two other hands (sizes kept)."""
    other = state.clone()
    assert isinstance(other, HydraState)
    hands = other.hands
    others = [s for s in range(other.players) if s != seat and hands[s]]
    for a in others:
        for b in others:
            if a < b:
                ca = next((c for c in hands[a] if c not in hands[b]), None)
                cb = next((c for c in hands[b] if c not in hands[a]), None)
                if ca is not None and cb is not None:
                    hands[a].remove(ca)
                    hands[b].remove(cb)
                    hands[a] = sorted([*hands[a], cb])
                    hands[b] = sorted([*hands[b], ca])
                    return other
    return None


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), plies=st.integers(0, 60))
def test_HY_views_observation_ignores_other_hands(seed, plies) -> None:
    """Secrets kept by the view (other hands) never reach the tensor."""
    state = _play(seed, plies)
    for seat in range(state.players):
        obs = ENC.observe(state.view(seat), seat)
        assert obs.shape == (OBS_SIZE,)
        twin = _swap_hidden(state, seat)
        if twin is not None:
            assert twin.hands != state.hands
            assert twin.view(seat) == state.view(seat)
            assert (ENC.observe(twin.view(seat), seat) == obs).all()
        world = GAME.sample_state(state.view(seat), seat, seed + 1)
        assert (ENC.observe(world.view(seat), seat) == obs).all()


def test_observation_shows_the_own_hand_and_the_trick() -> None:
    state = _play(3, 0)
    seat = state.active_seats()[0]
    obs = ENC.observe(state.view(seat), seat)
    start = 0
    pieces = {}
    for name, shape in PIECES:
        n = int(np.prod(shape))
        pieces[name] = obs[start : start + n].reshape(shape)
        start += n
    assert pieces["hand"].sum() * 2 == len(state.hands[seat]) == 10
    assert pieces["turn"][0] == 1  # the seat to act is slot 0 from its own view
    assert pieces["phase"][0] == 1  # declare
    assert pieces["in_game"].sum() == 5
