"""Halali's fixed action ids, masks and observation tensor, tested against the view."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import spieltisch  # noqa: E402
from spieltisch.engine import InvalidNotation  # noqa: E402
from spieltisch.games.halali.actions import Flip, Move  # noqa: E402
from spieltisch.games.halali.board import FOREST, HUNTER, parse_square  # noqa: E402
from spieltisch.games.halali.faces.encoder import (  # noqa: E402
    ACTIONS,
    IDS,
    NUM_ACTIONS,
    OBS_SIZE,
    PASS_ID,
    HalaliEncoder,
)
from spieltisch.games.halali.state import HalaliState  # noqa: E402
from spieltisch.interop.encoders import encoder  # noqa: E402

ENC = encoder("halali")
GAME = spieltisch.load("halali")


def _play(seed: int, plies: int) -> HalaliState:
    state = GAME.new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if state.is_over():
            break
        seat = state.active_seats()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert isinstance(state, HalaliState)
    return state


def test_action_ids_are_the_documented_scheme() -> None:
    """HA-R1: flips of b2..h8 are 0..48, moves follow, pass is last."""
    assert isinstance(ENC, HalaliEncoder)
    assert NUM_ACTIONS == 1618 and PASS_ID == 1617
    assert ENC.action_to_string(0) == "flip b2"
    assert ENC.action_to_string(24) == "flip e5"
    assert ENC.action_to_string(48) == "flip h8"
    assert ENC.action_to_string(49) == "b2-b3"  # b2 north 1
    assert ENC.string_to_action("e2-e1") == 49 + (FOREST.index(parse_square("e2")) * 4 + 2) * 8
    assert ENC.action_to_string(PASS_ID) == "pass"


def test_every_id_round_trips_through_notation() -> None:
    named = 0
    for i, action in enumerate(ACTIONS):
        if action is None:
            with pytest.raises(ValueError):
                ENC.action_for_id(i)
            continue
        named += 1
        text = ENC.action_to_string(i)
        assert GAME.parse_action(text) == action
        assert ENC.string_to_action(text) == i
        assert ENC.action_id(action) == i
    # 49 flips, pass, and every in-frame (square, direction, distance).
    assert 49 + 1 < named < NUM_ACTIONS


def test_ids_outside_the_space_are_refused() -> None:
    for bad in (-1, NUM_ACTIONS, 10**6):
        with pytest.raises(ValueError):
            ENC.action_for_id(bad)
    with pytest.raises(ValueError):
        ENC.action_id(Flip(parse_square("a1")))  # a frame square, never a forest square
    with pytest.raises(InvalidNotation):
        ENC.string_to_action("jump c4")


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), plies=st.integers(0, 160))
def test_mask_is_exactly_the_legal_actions_and_a_function_of_the_view(seed, plies) -> None:
    """Every legal action has an id; the mask from the view equals the mask from the state."""
    state = _play(seed, plies)
    for seat in (0, 1):
        legal = state.legal_actions(seat)
        mask = ENC.mask(legal)
        assert mask.dtype == np.int8 and mask.shape == (NUM_ACTIONS,)
        assert int(mask.sum()) == len(legal)
        assert [ENC.action_for_id(i) for i in np.flatnonzero(mask)] == sorted(
            legal, key=ENC.action_id
        )
        assert (ENC.mask_from_view(state.view(seat)) == mask).all()


def _shuffle_hidden(state: HalaliState) -> HalaliState:
    """The same position with two face-down tiles of different kinds swapped and every
    face-down hunter's gun turned: it differs whenever anything hidden can differ."""
    other = state.clone()
    assert isinstance(other, HalaliState)
    squares = [sq for sq in FOREST if other.hidden[sq]]
    board = other.board
    pair = next(((a, b) for a in squares for b in squares if board[a] >> 2 != board[b] >> 2), None)
    if pair:
        a, b = pair
        board[a], board[b] = board[b], board[a]
    for sq in squares:
        if board[sq] >> 2 == HUNTER:
            board[sq] = HUNTER * 4 + (board[sq] + 1) % 4
    return other


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), plies=st.integers(0, 120))
def test_HA_R2_observation_ignores_hidden_tiles(seed, plies) -> None:
    """HA-R2/HA-R3: states that differ only under face-down tiles encode identically."""
    state = _play(seed, plies)
    twin = _shuffle_hidden(state)
    sampled = GAME.sample_state(state.view(0), 0, seed + 1)
    assert isinstance(sampled, HalaliState)
    hidden_kinds = {state.board[sq] >> 2 for sq in FOREST if state.hidden[sq]}
    if len(hidden_kinds) > 1 or HUNTER in hidden_kinds:
        assert twin.board != state.board, "the hidden layouts should differ"
    for seat in (0, 1):
        obs = ENC.observe(state.view(seat), seat)
        assert obs.shape == (OBS_SIZE,) and obs.dtype == np.float32
        assert (ENC.observe(twin.view(seat), seat) == obs).all()
        assert (ENC.observe(sampled.view(seat), seat) == obs).all()
        # Same view, same tensor, and the encoder does not change the view.
        view = state.view(seat)
        assert (ENC.observe(view, seat) == ENC.observe(view, seat)).all()
        assert view == state.view(seat)


def test_observation_planes_show_the_view() -> None:
    """A flip appears in the kind planes; to-move and colour flags follow the seats."""
    state = _play(5, 0)
    before = ENC.observe(state.view(0), 0)
    planes = before[: 16 * 49].reshape(16, 49)
    assert planes[10].sum() == 48 and planes[:10].sum() == 0  # 48 face down, e5 empty
    scalars = before[16 * 49 :]
    assert scalars[0] == 1 and scalars[1] == 1 and scalars[2] == 1  # seat 0 is blue, to move
    state.apply(0, Flip(parse_square("c3")))
    after = ENC.observe(state.view(0), 0)
    planes = after[: 16 * 49].reshape(16, 49)
    assert planes[10].sum() == 47 and planes[:10].sum() == 1
    i = FOREST.index(parse_square("c3"))
    assert planes[:10, i].sum() == 1 and planes[10, i] == 0
    assert after[16 * 49 + 1] == 0  # no longer seat 0's move
    assert (ENC.observe(state.view(1), 1)[16 * 49 : 16 * 49 + 2] == [0, 1]).all()


def test_HA_R5_lock_and_no_return_planes() -> None:
    """HA-R5: the locked bird and the no-return squares are marked."""
    seed, rng = 0, random.Random(0)
    state = GAME.new_state(seed=seed)
    for _ in range(400):
        seat = state.active_seats()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        assert isinstance(state, HalaliState)
        if (state.lock != -1 and any(state.last_move)) or state.is_over():
            break
    view = state.view(0)
    obs = ENC.observe(view, 0)[: 16 * 49].reshape(16, 49)
    assert obs[11].sum() == (1 if view["locked"] else 0)
    for c, colour in enumerate(("blue", "brown")):
        marks = view["no_return"][colour]
        assert obs[12 + 2 * c].sum() == obs[13 + 2 * c].sum() == (1 if marks else 0)
        if marks:
            assert obs[12 + 2 * c, FOREST.index(parse_square(marks[0]))] == 1


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), plies=st.integers(0, 100))
def test_chance_outcomes_follow_the_hidden_multiset(seed, plies) -> None:
    """The flipped tile is drawn from the face-down tiles; applying an outcome keeps it."""
    state = _play(seed, plies)
    if state.is_over() or not state.hidden_count:
        return
    seat = state.active_seats()[0]
    flip = next(a for a in state.legal_actions(seat) if isinstance(a, Flip))
    outcomes = ENC.chance_outcomes(state, seat, flip)
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
    assert [o for o, _ in outcomes] == sorted(o for o, _ in outcomes)
    hidden = state.view(seat)["hidden_tiles"]
    for outcome, p in outcomes:
        kind = ENC.chance_to_string(outcome).split()[1]
        share = hidden[kind] / state.hidden_count
        assert p == pytest.approx(share / 4 if kind == "hunter" else share)
    outcome = outcomes[len(outcomes) // 2][0]
    world = state.clone()
    assert isinstance(world, HalaliState)
    ENC.apply_chance(world, seat, flip, outcome)
    assert world.view(seat)["hidden_tiles"] == hidden
    events = world.apply(seat, flip)
    assert ENC.revealed_outcome(events) == outcome
    with pytest.raises(ValueError):
        ENC.apply_chance(state.clone(), seat, flip, 1)  # a bear with a gun


def test_moves_from_every_square_fit_the_space() -> None:
    """HA-R4: the longest line (b5 to the far exit) fits the 8-square distances."""
    for src in FOREST:
        for dst in range(81):
            move = Move(src, dst)
            if move in IDS:
                assert ENC.action_for_id(ENC.action_id(move)) == move
    assert Move(parse_square("b5"), parse_square("i5")) in IDS
