"""What a seat may know of a Halali state, and a world sampled from that (HA-R2, HA-R3).

Halali has no private knowledge, only face-down tiles: every seat and a spectator see the
same view. A face-down tile shows neither its kind nor its gun, but the multiset of the
unrevealed tiles is public (the box holds 48 known tiles), which is all
:func:`sample` needs to deal a consistent world for a searching bot.
"""

from __future__ import annotations

from collections.abc import Iterable
from copy import deepcopy
from typing import TYPE_CHECKING, Any, Final

from spieltisch.engine import Game, InvalidNotation, View, derive_rng
from spieltisch.engine.rng import shuffled

from .board import (
    COLOUR_NAMES,
    DIRECTION_NAMES,
    EMPTY,
    FOREST,
    HUNTER,
    KIND_BY_NAME,
    KIND_NAMES,
    OFF,
    SQUARE_NAMES,
    gun_of,
    kind_of,
    parse_square,
    square_name,
    tile_code,
)

if TYPE_CHECKING:
    from .state import HalaliState


CELLS: Final[tuple[dict[str, str], ...]] = tuple(
    {"tile": KIND_NAMES[kind_of(t)], "gun": DIRECTION_NAMES[gun_of(t)]}
    if kind_of(t) == HUNTER
    else {"tile": KIND_NAMES[kind_of(t)]}
    for t in range(tile_code(len(KIND_NAMES)))
)
"""A face-up square of a view's board, one per tile code, shared by every view: each step
builds a view per audience, and these small dicts were most of what it allocated. A view
is read-only, so nothing changes them."""
HIDDEN_CELL: Final[dict[str, bool]] = {"hidden": True}
"""A face-down square of a view's board, shared as :data:`CELLS` are."""


def view_of(state: HalaliState, seat: int | None) -> dict[str, Any]:
    """What ``seat`` (``None``: a spectator) sees, JSON-ready; the same for every seat but
    for ``seat``, ``colour`` and the legal actions."""
    board: dict[str, Any] = {}
    unseen = [0] * 7
    tiles, hidden = state.board, state.hidden
    for sq in FOREST:  # one pass, names from a table: every step builds a view per audience
        tile = tiles[sq]
        if hidden[sq]:
            unseen[tile >> 2] += 1  # kind_of, inlined
            if tile != EMPTY:
                board[SQUARE_NAMES[sq]] = HIDDEN_CELL
        elif tile != EMPTY:
            board[SQUARE_NAMES[sq]] = CELLS[tile]
    colours = [COLOUR_NAMES[state.colour_of(s)] for s in range(2)]
    result = state.result()
    view: dict[str, Any] = {
        "game": "halali",
        "seat": None,
        "colour": None,
        "colours": colours,
        "game_number": state.game_no + 1,
        "games_in_match": state.games_in_match,
        "board": board,
        "to_move": None if state.reason else COLOUR_NAMES[state.to_move],
        "active_seat": None if state.reason else state.seat_of(state.to_move),
        "hidden_tiles": {KIND_NAMES[k]: n for k, n in enumerate(unseen) if n},
        "won": {COLOUR_NAMES[c]: [KIND_NAMES[kind_of(t)] for t in state.taken[c]] for c in (0, 1)},
        "exited": {
            COLOUR_NAMES[c]: [KIND_NAMES[kind_of(t)] for t in state.exited[c]] for c in (0, 1)
        },
        "points": {COLOUR_NAMES[c]: state.points(c) for c in (0, 1)},
        "end_phase_moves_left": state.end_left if state.end_left >= 0 else None,
        "locked": square_name(state.lock) if state.lock != OFF else None,
        "no_return": {
            COLOUR_NAMES[c]: [square_name(a) for a in m] if (m := state.last_move[c]) else None
            for c in (0, 1)
        },
        "quiet_plies": state.quiet,
        "finished_games": deepcopy(state.finished) if state.finished else [],
        "over": state.is_over(),
        "result": result.to_json() if result else None,
        "legal_actions": [],
    }
    if state.draw_offer >= 0:  # HA-R11: the page offers the answer to the other seat
        view["draw_offered_by"] = state.draw_offer
    if seat is not None:
        _seated(view, state, seat)
    return view


def _seated(view: dict[str, Any], state: HalaliState, seat: int) -> None:
    """Make the spectator's ``view`` (or a copy of it) ``seat``'s: all that differs."""
    view["seat"] = seat
    view["colour"] = view["colours"][seat]
    view["legal_actions"] = [str(a) for a in state.legal_actions(seat)]


def views_of(state: HalaliState, seats: Iterable[int | None]) -> dict[int | None, View]:
    """:func:`view_of` for each of ``seats``: the spectator's view is built once, and
    each seat's is a shallow copy of it with its ``seat``, ``colour`` and legal actions
    (the board and the rest are shared between them)."""
    public = view_of(state, None)
    out: dict[int | None, View] = {}
    seat: int | None
    for seat in seats:
        if seat is None:
            out[None] = public
            continue
        view = dict(public)
        _seated(view, state, seat)
        out[seat] = view
    return out


def sample(game: Game[HalaliState], view: View, seed: int) -> HalaliState:
    """Deal the unrevealed tiles (their multiset is public) at random onto the
    face-down squares, each hunter with a random gun; everything else from the view.

    :raises InvalidNotation: if ``view`` is not a Halali view.
    """
    try:
        return _sample(game, view, seed)
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        if isinstance(exc, InvalidNotation):
            raise
        raise InvalidNotation(f"not a Halali view: {exc!r}") from exc


def _sample(game: Game[HalaliState], view: View, seed: int) -> HalaliState:
    if view.get("game") != "halali":
        raise InvalidNotation("not a Halali view")
    rng = derive_rng(seed, "halali-sample")
    state = game._new_state(2, seed)
    state.sampled = True
    game_no = int(view["game_number"]) - 1
    colour_index = {name: i for i, name in enumerate(COLOUR_NAMES)}
    hidden_squares = []
    board = [EMPTY] * 81
    for name, cell in view["board"].items():
        sq = parse_square(name)
        if cell.get("hidden"):
            hidden_squares.append(sq)
        else:
            gun = DIRECTION_NAMES.index(cell["gun"]) if "gun" in cell else 0
            board[sq] = tile_code(KIND_BY_NAME[cell["tile"]], gun)
    pool = [
        tile_code(KIND_BY_NAME[kind]) for kind, n in view["hidden_tiles"].items() for _ in range(n)
    ]
    if len(pool) != len(hidden_squares):
        raise InvalidNotation("the view's hidden tiles do not match its face-down squares")
    pool = shuffled(rng, pool)
    for sq, tile in zip(sorted(hidden_squares), pool, strict=True):
        board[sq] = tile_code(HUNTER, rng.randrange(4)) if tile >> 2 == HUNTER else tile
    hidden = set(hidden_squares)

    def tiles(names: list[str]) -> list[int]:
        return [tile_code(KIND_BY_NAME[n]) for n in names]

    last_move = []
    for c in ("blue", "brown"):
        squares = view["no_return"][c]
        last_move.append([parse_square(s) for s in squares] if squares else None)
    to_move = view["to_move"]
    locked = view["locked"]
    end_left = view["end_phase_moves_left"]
    state._restore(
        {
            "game_no": game_no,
            "board": board,
            "hidden": [sq for sq in FOREST if sq in hidden],
            "to_move": colour_index[to_move] if to_move else 0,
            "taken": [tiles(view["won"][c]) for c in ("blue", "brown")],
            "exited": [tiles(view["exited"][c]) for c in ("blue", "brown")],
            "last_move": last_move,
            "lock": parse_square(locked) if locked else OFF,
            "end_left": -1 if end_left is None else int(end_left),
            "quiet": int(view["quiet_plies"]),
            "finished": view["finished_games"],
            "reason": view["result"]["reason"] if view["over"] else "",
            "draw_offer": -1 if (by := view.get("draw_offered_by")) is None else int(by),
        }
    )
    return state
