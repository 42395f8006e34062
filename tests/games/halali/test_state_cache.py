"""The state's speed paths against plain rules: the moves kept per tile, the end test that
reads them, and the field-by-field ``clone``.

The reference below generates the moves the slow, obvious way (every forest square, every
ray, every time); the state must agree with it after every ply of many random games, in
both variants, including games continued from clones and from JSON.
"""

from __future__ import annotations

import random

import pytest

from spieltisch.games.halali import Halali, HalaliState
from spieltisch.games.halali.board import (
    BIRDS,
    EMPTY,
    FOREST,
    HUNTER,
    IS_EXIT,
    OWNER,
    PREY,
    RANGE,
    RAYS,
    square_name,
)

VARIANTS = ("kosmos", "brettspielnetz")


def reference_moves(state: HalaliState, colour: int, restricted: bool) -> list[str]:
    """Every move of ``colour``, generated from the board alone (HA-R4..HA-R6)."""
    board, hidden = state.board, state.hidden
    back = state.last_move[colour] if restricted else None
    moves = []
    for sq in FOREST:
        tile = board[sq]
        if tile == EMPTY or hidden[sq]:
            continue
        kind, gun = tile >> 2, tile & 3
        owner = OWNER[kind]
        if owner != colour and (kind not in BIRDS or (restricted and sq == state.lock)):
            continue
        for d, ray in enumerate(RAYS[sq]):
            for nxt in ray[: RANGE[kind]]:
                if IS_EXIT[nxt]:
                    if state.end_left >= 0 and owner == colour:
                        moves.append((sq, nxt))
                    break
                target = board[nxt]
                if target == EMPTY:
                    if back != (nxt, sq):
                        moves.append((sq, nxt))
                    continue
                if not hidden[nxt] and target >> 2 in PREY[kind] and (kind != HUNTER or d == gun):
                    moves.append((sq, nxt))
                break
    return [f"{square_name(a)}-{square_name(b)}" for a, b in moves]


def reference_legal(state: HalaliState) -> list[str]:
    flips = [f"flip {square_name(sq)}" for sq in FOREST if state.hidden[sq]]
    return flips + reference_moves(state, state.to_move, restricted=True) or ["pass"]


def check(state: HalaliState) -> None:
    seat = state.active_seats()[0]
    assert [str(a) for a in state.legal_actions(seat)] == reference_legal(state)
    for colour in (0, 1):
        assert [str(m) for m in state._moves(colour, restricted=False)] == reference_moves(
            state, colour, restricted=False
        )


def play(state: HalaliState, rng: random.Random, plies: int) -> None:
    for _ in range(plies):
        if state.is_over():
            return
        check(state)
        seat = state.active_seats()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize("variant", VARIANTS)
def test_kept_moves_agree_with_the_rules_after_every_ply(variant: str) -> None:
    game = Halali(variant=variant)
    rng = random.Random(11)
    for seed in range(12):
        state = game.new_state(seed=seed)
        play(state, rng, 5_000)
        assert state.is_over()


@pytest.mark.parametrize("variant", VARIANTS)
def test_clones_and_rebuilt_states_go_on_like_the_original(variant: str) -> None:
    game = Halali(variant=variant)
    rng = random.Random(3)
    for seed in range(8):
        state = game.new_state(seed=seed)
        play(state, rng, rng.randrange(30, 220))
        if state.is_over():
            continue
        copy, rebuilt = state.clone(), game.state_from_json(state.to_json())
        before = state.to_json()
        play(copy, random.Random(seed), 5_000)  # the copy runs ahead; the original stays
        assert state.to_json() == before
        again = random.Random(seed)
        play(state, again, 5_000)
        play(rebuilt, random.Random(seed), 5_000)
        assert state.to_json()["state"] == copy.to_json()["state"] == rebuilt.to_json()["state"]
        assert state.record() == copy.record()


def test_a_clone_shares_no_mutable_field() -> None:
    game = Halali()
    state = game.new_state(seed=4)
    play(state, random.Random(4), 150)
    copy = state.clone()
    for name in ("board", "hidden", "taken", "exited", "last_move", "finished", "_actions"):
        assert getattr(copy, name) == getattr(state, name)
        assert getattr(copy, name) is not getattr(state, name)
    assert copy.view(0) == state.view(0) and copy.view(1) == state.view(1)
