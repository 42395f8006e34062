"""Halali as integers and arrays: action ids, the observation tensor, chance at flip time.

**Action ids** (``NUM_ACTIONS = 1618``). The 49 forest squares b2-h8 are numbered in
rank order (``b2 = 0``, ``c2 = 1``, ..., ``h8 = 48``; the centre e5 is 24).

- ``0..48``: ``flip <square>``.
- ``49 + (square * 4 + direction) * 8 + (distance - 1)``: the move from that square in
  direction N, E, S, W (0..3) over 1..8 squares, captures and exits included
  (``e2-e1`` is e2 south 1). Ids whose target leaves the 9×9 frame name no action.
- ``1617``: ``pass`` (HA-R7).

**Observation** (806 floats, a function of the seat's view only): 16 planes of 7×7 over
the forest (rank-major like the ids), then 22 scalars.

====  ==============================================================================
0-5   revealed bear, fox, woodcutter, pheasant, duck, tree
6-9   revealed hunter with its gun pointing N, E, S, W
10    face-down tile
11    the bird locked for the player to move (HA-R5)
12-13 blue's no-return rule (HA-R5): the square it may not go back to, the tile's square
14-15 the same for brown
====  ==============================================================================

Scalars: my colour is blue; I am to move; blue is to move; end phase running; end-phase
plies left / 10; face-down tiles of each kind / that kind's count (7); points this game,
mine and the opponent's / 100; tiles won, mine and the opponent's / 48; second game of the
match; match of two games; points of finished games, mine and the opponent's / 100;
quiet plies / 100 (Brettspielnetz fifty-move rule); match over.

**Chance** (for OpenSpiel). The engine deals the hidden layout from its seed. Because
every tile still face down is equally likely to lie under any face-down square, the same
game can be told with the layout decided tile by tile: a flip is followed by a chance
event whose outcome is the revealed tile (ids ``kind * 4 + gun``; a hunter's gun is one
of four with equal odds, other tiles use gun 0), drawn from the multiset of tiles still
face down. Both players see the outcome, so Halali in this form has no private
information at all.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

import numpy as np

from spieltisch.engine import Event, State, View
from spieltisch.games.halali.actions import PASS, Flip, Move
from spieltisch.games.halali.board import (
    COUNTS,
    DIRECTION_NAMES,
    FOREST,
    HUNTER,
    KIND_BY_NAME,
    KIND_NAMES,
    square,
    square_name,
)
from spieltisch.games.halali.game import Halali
from spieltisch.games.halali.state import END_PHASE_PLIES, FIFTY_MOVE_PLIES, HalaliState
from spieltisch.interop.encoders.base import Encoder, FloatArray, Steps

FLIP_BASE: Final = 0
MOVE_BASE: Final = 49
MAX_DISTANCE: Final = 8
PASS_ID: Final = MOVE_BASE + 49 * 4 * MAX_DISTANCE
NUM_ACTIONS: Final = PASS_ID + 1
INDEX: Final = {sq: i for i, sq in enumerate(FOREST)}
"""Forest square -> 0..48."""
NAME_INDEX: Final = {square_name(sq): i for i, sq in enumerate(FOREST)}
"""Forest square name -> 0..48."""

PLANES: Final = 16
SCALARS: Final = 22
OBS_SIZE: Final = PLANES * 49 + SCALARS
_KIND_PLANE: Final = (0, 1, 2, -1, 3, 4, 5)
"""Plane of each revealed kind; hunters use planes 6..9 by gun."""
_STEPS: Final = ((0, 1), (1, 0), (0, -1), (-1, 0))
_COLOURS: Final = ("blue", "brown")
TILE_OUTCOMES: Final = 28
"""Chance outcome ids are tile codes ``kind * 4 + gun`` (0..27)."""


def _move_target(src: int, direction: int, distance: int) -> int | None:
    df, dr = _STEPS[direction]
    f, r = src % 9 + df * distance, src // 9 + dr * distance
    return square(f, r) if 0 <= f < 9 and 0 <= r < 9 else None


def _action_table() -> tuple[Any, ...]:
    table: list[Any] = [Flip(sq) for sq in FOREST]
    for sq in FOREST:
        for d in range(4):
            for dist in range(1, MAX_DISTANCE + 1):
                dst = _move_target(sq, d, dist)
                table.append(Move(sq, dst) if dst is not None else None)
    table.append(PASS)
    return tuple(table)


ACTIONS: Final = _action_table()
"""The action of each id, ``None`` where an id names no move."""
IDS: Final = {a: i for i, a in enumerate(ACTIONS) if a is not None}


class HalaliEncoder(Encoder):
    """Fixed ids, masks, tensors and chance-at-flip for Halali (see the module text)."""

    game = "halali"
    num_actions = NUM_ACTIONS
    observation_shape = (OBS_SIZE,)
    max_chance_outcomes = TILE_OUTCOMES
    public_actions = True

    def action_id(self, action: Any) -> int:
        try:
            return IDS[action]
        except (KeyError, TypeError):
            raise ValueError(f"{action!r} is not in Halali's fixed action space") from None

    def legal_ids(self, actions: Iterable[Any], prefix: Steps = ()) -> list[int]:
        if prefix:
            return super().legal_ids(actions, prefix)
        return sorted(map(IDS.__getitem__, actions))

    def action_for_id(self, action_id: int) -> Any:
        if not 0 <= action_id < NUM_ACTIONS or ACTIONS[action_id] is None:
            raise ValueError(f"{action_id} is not a Halali action id")
        return ACTIONS[action_id]

    def observation_names(self) -> list[tuple[str, tuple[int, ...]]]:
        return [("planes", (PLANES, 7, 7)), ("scalars", (SCALARS,))]

    # -- observation ---------------------------------------------------------------------
    def observe(self, view: View, seat: int, prefix: Steps = ()) -> FloatArray:
        out = np.zeros(OBS_SIZE, dtype=np.float32)
        planes = out[: PLANES * 49].reshape(PLANES, 49)
        for name, cell in view["board"].items():
            i = NAME_INDEX[name]
            if cell.get("hidden"):
                planes[10, i] = 1.0
            else:
                kind = KIND_BY_NAME[cell["tile"]]
                plane = 6 + DIRECTION_NAMES.index(cell["gun"]) if kind == HUNTER else None
                planes[_KIND_PLANE[kind] if plane is None else plane, i] = 1.0
        if view["locked"]:
            planes[11, NAME_INDEX[view["locked"]]] = 1.0
        for c, colour in enumerate(_COLOURS):
            last = view["no_return"][colour]
            if last:
                planes[12 + 2 * c, NAME_INDEX[last[0]]] = 1.0
                planes[13 + 2 * c, NAME_INDEX[last[1]]] = 1.0
        v = out[PLANES * 49 :]
        mine = view["colours"][seat]
        theirs = view["colours"][1 - seat]
        v[0] = mine == "blue"
        v[1] = view["active_seat"] == seat
        v[2] = view["to_move"] == "blue"
        left = view["end_phase_moves_left"]
        v[3] = left is not None
        v[4] = (left or 0) / END_PHASE_PLIES
        for kind, n in view["hidden_tiles"].items():
            k = KIND_BY_NAME[kind]
            v[5 + k] = n / COUNTS[k]
        v[12] = view["points"][mine] / 100
        v[13] = view["points"][theirs] / 100
        v[14] = (len(view["won"][mine]) + len(view["exited"][mine])) / 48
        v[15] = (len(view["won"][theirs]) + len(view["exited"][theirs])) / 48
        v[16] = view["game_number"] == 2
        v[17] = view["games_in_match"] == 2
        for g in view["finished_games"]:
            v[18] += g["points"][seat] / 100
            v[19] += g["points"][1 - seat] / 100
        v[20] = view["quiet_plies"] / FIFTY_MOVE_PLIES
        v[21] = bool(view["over"])
        return out

    # -- chance at flip time -------------------------------------------------------------
    def needs_chance(self, state: State, seat: int, action: Any) -> bool:
        return isinstance(action, Flip)

    def chance_outcomes(self, state: State, seat: int, action: Any) -> list[tuple[int, float]]:
        counts = _hidden_counts(state)
        total = sum(counts)
        outcomes: list[tuple[int, float]] = []
        for kind, n in enumerate(counts):
            if not n:
                continue
            if kind == HUNTER:
                outcomes.extend((kind * 4 + gun, n / (4 * total)) for gun in range(4))
            else:
                outcomes.append((kind * 4, n / total))
        return outcomes

    def apply_chance(self, state: State, seat: int, action: Any, outcome: int) -> None:
        """Put the drawn tile under the flipped square, swapping with a face-down tile of
        that kind so the hidden multiset stays the one the view shows."""
        assert isinstance(state, HalaliState) and isinstance(action, Flip)
        kind = outcome >> 2
        if not 0 <= outcome < TILE_OUTCOMES or (kind != HUNTER and outcome & 3):
            raise ValueError(f"{outcome} is not a Halali tile outcome")
        sq = action.square
        board = state.board
        if not state.hidden[sq]:
            raise ValueError(f"{action}: the tile is not face down")
        if board[sq] >> 2 != kind:
            other = next(
                (s for s in FOREST if state.hidden[s] and s != sq and board[s] >> 2 == kind),
                None,
            )
            if other is None:
                raise ValueError(f"no face-down {KIND_NAMES[kind]} is left")
            board[sq], board[other] = board[other], board[sq]
        board[sq] = outcome
        state.sampled = True

    def max_chance_events(self) -> int:
        engine = self.engine
        assert isinstance(engine, Halali)
        return sum(COUNTS) * engine.games_in_match

    def chance_to_string(self, outcome: int) -> str:
        kind = outcome >> 2
        if kind == HUNTER:
            return f"tile hunter {DIRECTION_NAMES[outcome & 3]}"
        return f"tile {KIND_NAMES[kind]}"

    def revealed_outcome(self, events: list[Event]) -> int:
        flip = events[0]
        kind = KIND_BY_NAME[flip["tile"]]
        return kind * 4 + (DIRECTION_NAMES.index(flip["gun"]) if kind == HUNTER else 0)


def _hidden_counts(state: State) -> list[int]:
    assert isinstance(state, HalaliState)
    counts = [0] * 7
    board, hidden = state.board, state.hidden
    for sq in FOREST:
        if hidden[sq]:
            counts[board[sq] >> 2] += 1
    return counts
