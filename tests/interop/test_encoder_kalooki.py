"""Kalooki's fixed action ids (melds laid in steps), masks and tensor, against the view."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import spieltisch  # noqa: E402
from spieltisch.games.kalooki.actions import Meld  # noqa: E402
from spieltisch.games.kalooki.faces.encoder import (  # noqa: E402
    MELD_BASE,
    MELD_END,
    NUM_ACTIONS,
    OBS_SIZE,
)
from spieltisch.games.kalooki.state import KalookiState  # noqa: E402
from spieltisch.interop.encoders import encoder  # noqa: E402

ENC = encoder("kalooki")
GAME = spieltisch.load("kalooki")


def _play(seed: int, plies: int, players: int = 4) -> KalookiState:
    state = GAME.new_state(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if state.is_over():
            break
        seat = state.active_seats()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert isinstance(state, KalookiState)
    return state


def test_every_id_round_trips_through_notation() -> None:
    for i in range(NUM_ACTIONS):
        assert ENC.string_to_action(ENC.action_to_string(i)) == i
    assert ENC.action_to_string(0) == "draw stock"
    assert ENC.action_to_string(MELD_END) == "meld end"
    assert ENC.string_to_action("meld+ JK=8h") == MELD_BASE + 52 + 2 * 13 + 7  # hearts, 8
    with pytest.raises(ValueError):
        ENC.string_to_action("meld 7h 8h 9h")  # several steps: see split()


def test_KA_R2_a_meld_is_laid_in_steps_in_table_order() -> None:
    """KA-R2: the meld's cards one at a time, jokers naming their card, then 'meld end'."""
    meld = GAME.parse_action("meld 9h JK=8h 7h")
    assert isinstance(meld, Meld)
    steps = ENC.split(meld)
    assert [ENC.action_to_string(i) for i in steps] == [
        "meld+ 7h", "meld+ JK=8h", "meld+ 9h", "meld end",
    ]  # fmt: skip
    assert ENC.finish(steps[:1]) is None and ENC.finish(steps[:3]) is None
    assert ENC.finish(steps) == meld


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), plies=st.integers(0, 300), players=st.integers(2, 4))
def test_steps_offer_exactly_the_legal_actions(seed, plies, players) -> None:
    """Following the step masks reaches exactly the legal actions, melds included."""
    state = _play(seed, plies, players)
    seat = (state.active_seats() or (0,))[0]
    legal = state.legal_actions(seat)
    reached = set()
    frontier: list[tuple[int, ...]] = [()]
    while frontier:
        prefix = frontier.pop()
        ids = ENC.legal_ids(legal, prefix)
        assert (ENC.mask_from_view(state.view(seat), prefix) == ENC.mask(legal, prefix)).all()
        for i in ids:
            done = ENC.finish((*prefix, i))
            if done is None:
                frontier.append((*prefix, i))
            else:
                reached.add(done)
    assert reached == set(legal)


def _swap_hidden(state: KalookiState, seat: int) -> KalookiState:
    """The same deal with the stock reversed and one card moved between two other hands."""
    other = state.clone()
    assert isinstance(other, KalookiState)
    other.stock.reverse()
    others = [s for s in range(other.players) if s != seat]
    a, b = others[0], others[-1]
    ha, hb = other.hands[a], other.hands[b]
    fa = next((f for f, n in enumerate(ha) if n > other.known[a][f] and not hb[f]), None)
    fb = next((f for f, n in enumerate(hb) if n > other.known[b][f] and not ha[f]), None)
    if a != b and fa is not None and fb is not None:
        ha[fa] -= 1
        hb[fa] += 1
        hb[fb] -= 1
        ha[fb] += 1
    return other


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), plies=st.integers(0, 300))
def test_observation_ignores_hidden_cards(seed, plies) -> None:
    """Other hands (beyond known cards) and the stock never reach the tensor."""
    state = _play(seed, plies)
    for seat in range(state.players):
        obs = ENC.observe(state.view(seat), seat)
        assert obs.shape == (OBS_SIZE,)
        twin = _swap_hidden(state, seat)
        assert twin.view(seat) == state.view(seat)
        assert (ENC.observe(twin.view(seat), seat) == obs).all()
        world = GAME.sample_state(state.view(seat), seat, seed + 1)
        assert (ENC.observe(world.view(seat), seat) == obs).all()


def test_the_pending_meld_is_part_of_the_observation() -> None:
    state = _play(5, 0)
    seat = state.active_seats()[0]
    view = state.view(seat)
    plain = ENC.observe(view, seat)
    pending = ENC.observe(view, seat, (MELD_BASE + 3,))
    assert (plain != pending).sum() == 1 and pending[-104 + 3] == 1
