"""Halali's observation tensor straight from the state: the learners' fast path.

:meth:`~.encoder.HalaliEncoder.observe` reads the seat's JSON view, which names every
square, tile and legal action as text. This module fills the same tensor from the
state's board and counters, reading only what that view shows (the revealed tiles, which
squares are face down, the public multiset of hidden tiles, the HA-R5 restrictions and the
scores), so the tensor stays a function of the view; ``tests/interop/test_fast_path.py``
checks both are equal.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np

from spieltisch.engine import State
from spieltisch.games.halali.board import BLUE, COUNTS, EMPTY, FOREST, HUNTER, OFF
from spieltisch.games.halali.state import END_PHASE_PLIES, FIFTY_MOVE_PLIES
from spieltisch.interop.encoders.base import FloatArray, Steps

from .encoder import _KIND_PLANE, INDEX, OBS_SIZE, PLANES, HalaliEncoder

_CELLS: Final = PLANES * 49
_FACE_DOWN: Final = 10 * 49
_TILE_CELL: Final = tuple(
    49 * (6 + (tile & 3) if tile >> 2 == HUNTER else _KIND_PLANE[tile >> 2]) for tile in range(28)
)
"""Per tile code: the start of its plane in the flat vector."""
_SQUARES: Final = tuple((sq, i) for i, sq in enumerate(FOREST))


def observe_state(st: Any, seat: int, prefix: Steps = ()) -> FloatArray:
    """The encoder's tensor of ``seat``'s view, computed from ``st`` directly."""
    out = np.zeros(OBS_SIZE, dtype=np.float32)
    board, hidden = st.board, st.hidden
    ones: list[int] = []
    unseen = [0] * 7
    for sq, i in _SQUARES:
        tile = board[sq]
        if hidden[sq]:
            unseen[tile >> 2] += 1
            if tile != EMPTY:
                ones.append(_FACE_DOWN + i)
        elif tile != EMPTY:
            ones.append(_TILE_CELL[tile] + i)
    if st.lock != OFF:
        ones.append(11 * 49 + INDEX[st.lock])
    for c in (0, 1):
        last = st.last_move[c]
        if last:
            ones.append((12 + 2 * c) * 49 + INDEX[last[0]])
            ones.append((13 + 2 * c) * 49 + INDEX[last[1]])
    out[ones] = 1.0
    v = out[_CELLS:]
    mine = st.colour_of(seat)
    theirs = st.colour_of(1 - seat)
    going = not st.reason
    v[0] = mine == BLUE
    v[1] = going and st.seat_of(st.to_move) == seat
    v[2] = going and st.to_move == BLUE
    if st.end_left >= 0:
        v[3] = 1.0
        v[4] = st.end_left / END_PHASE_PLIES
    for k, n in enumerate(unseen):
        if n:
            v[5 + k] = n / COUNTS[k]
    v[12] = st.points(mine) / 100
    v[13] = st.points(theirs) / 100
    v[14] = st.tiles_won(mine) / 48
    v[15] = st.tiles_won(theirs) / 48
    v[16] = st.game_no == 1
    v[17] = st.games_in_match == 2
    for g in st.finished:
        v[18] += g["points"][seat] / 100
        v[19] += g["points"][1 - seat] / 100
    v[20] = st.quiet / FIFTY_MOVE_PLIES
    v[21] = bool(st.is_over())
    return out


class HalaliStateEncoder(HalaliEncoder):
    """The game's encoder with the learners' fast path: :meth:`observe_state` fills the
    same tensor straight from the state (the face the game declares). A subclass here,
    so that the encoder's layout module never imports this one."""

    def observe_state(self, state: State, seat: int, prefix: Steps = ()) -> FloatArray:
        return observe_state(state, seat, prefix)
