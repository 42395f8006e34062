"""Halali positions: a board diagram and a few fields, read and written (HA-R1..HA-R6).

A position is a JSON object; only ``board`` is required::

    {
        "board": '''
            8  .  .  .  .  .  .  .
            7  .  .  .  .  .  .  .
            6  .  .  F  .  .  .  .
            5  .  .  .  .  .  .  .
            4  .  HE .  .  D  .  ?
            3  .  .  .  .  .  .  .
            2  .  .  .  .  .  .  .
               b  c  d  e  f  g  h
        ''',
        "to_move": "brown",               # default "blue"
        "end_phase_moves_left": None,     # plies left in the end phase (HA-R6)
        "locked": None,                   # the bird the player to move may not move
        "no_return": {"blue": ["c4", "c5"], "brown": None},   # last own moves (HA-R5)
        "won": {"blue": ["F"], "brown": []},                  # captured tiles
        "exited": {"blue": [], "brown": []},                  # tiles moved out (HA-R6)
        "quiet_plies": 0, "game_number": 1, "finished_games": [],
    }

The board is the forest, ranks 8 down to 2 and files b to h, or the whole 9×9 frame of
the notation (ranks 9 to 1, files a to i; nothing may stand on the frame). Rank numbers
and the file line are optional. Tokens: ``B`` bear, ``F`` fox, ``W`` woodcutter,
``HN``/``HE``/``HS``/``HW`` a hunter and its gun, ``P`` pheasant, ``D`` duck, ``T`` tree,
``.`` empty; a leading ``?`` puts the tile face down (``?HE``). ``?`` alone is a
face-down tile left in the box: the trees first, then ducks, pheasants, foxes, hunters
(gun north), woodcutters, bears. A position need not hold all 48 tiles, but never more
of a kind than the box has (HA-R1).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from spieltisch.engine import InvalidNotation

from .board import (
    BEAR,
    BIRDS,
    COLOUR_NAMES,
    COUNTS,
    DIRECTION_NAMES,
    DUCK,
    EMPTY,
    FILES,
    FOREST,
    FOX,
    HUNTER,
    IS_FOREST,
    KIND_NAMES,
    OFF,
    PHEASANT,
    TREE,
    WOODCUTTER,
    gun_of,
    kind_of,
    parse_square,
    square,
    square_name,
    tile_code,
)

LETTERS: Final = {"B": BEAR, "F": FOX, "W": WOODCUTTER, "P": PHEASANT, "D": DUCK, "T": TREE}
LETTER_OF: Final = {kind: letter for letter, kind in LETTERS.items()}
COLOURS: Final = {name: c for c, name in enumerate(COLOUR_NAMES[:2])}
UNKNOWN_ORDER: Final = (TREE, DUCK, PHEASANT, FOX, HUNTER, WOODCUTTER, BEAR)
"""The kinds a bare ``?`` stands for, in turn, among the tiles not otherwise placed:
trees first, because they only block."""


def tile(token: str) -> int:
    """The tile code of a face-up token (``F``, ``HE``, ...).

    :raises InvalidNotation: for an unknown token.
    """
    if token in LETTERS:
        return tile_code(LETTERS[token])
    if len(token) == 2 and token[0] == "H" and token[1] in DIRECTION_NAMES:
        return tile_code(HUNTER, DIRECTION_NAMES.index(token[1]))
    raise InvalidNotation(
        f"unknown Halali tile {token!r} (B, F, W, HN, HE, HS, HW, P, D, T; ? face down)"
    )


def token(code: int, hidden: bool = False) -> str:
    """The token of a tile code (inverse of :func:`tile`)."""
    kind = kind_of(code)
    text = "H" + DIRECTION_NAMES[gun_of(code)] if kind == HUNTER else LETTER_OF[kind]
    return "?" + text if hidden else text


def parse_board(text: str) -> dict[int, str]:
    """Squares to tokens from a diagram of the forest or of the whole frame.

    :raises InvalidNotation: for a diagram of another shape or a tile on the frame.
    """
    if not isinstance(text, str):
        raise InvalidNotation(f"a Halali board is a text diagram, got {text!r}")
    rows = []
    for line in text.strip().splitlines():
        cells = line.split()
        if not cells or cells in (list("bcdefgh"), list(FILES)):
            continue
        if cells[0].isdigit():
            cells = cells[1:]
        rows.append((line, cells))
    if len(rows) == 7:
        first_file, size = 1, 7
    elif len(rows) == 9:
        first_file, size = 0, 9
    else:
        raise InvalidNotation(
            f"a Halali board has 7 ranks (8 to 2) or 9 with the frame, got {len(rows)}"
        )
    out: dict[int, str] = {}
    for r, (line, cells) in enumerate(rows):
        if len(cells) != size:
            raise InvalidNotation(f"each rank of a {size}-rank board has {size} squares: {line!r}")
        for f, cell in enumerate(cells):
            if cell == ".":
                continue
            sq = square(first_file + f, first_file + size - 1 - r)
            if not IS_FOREST[sq]:
                raise InvalidNotation(
                    f"{cell} on {square_name(sq)}: tiles stand only in the forest b2–h8, "
                    "never on the frame (HA-R1)"
                )
            out[sq] = cell
    return out


def draw_board(board: list[int], hidden: list[bool]) -> str:
    """The forest as a diagram that :func:`parse_board` reads back."""
    lines = []
    for rank in range(7, 0, -1):
        cells = []
        for file in range(1, 8):
            sq = square(file, rank)
            code = board[sq]
            cells.append("." if code == EMPTY else token(code, hidden[sq]))
        lines.append(f"{rank + 1} " + " ".join(f"{c:3}" for c in cells).rstrip())
    lines.append("  " + " ".join(f"{f:3}" for f in "bcdefgh").rstrip())
    return "\n".join(lines)


def payload_of(position: Mapping[str, Any]) -> dict[str, Any]:
    """The state payload (``HalaliState._restore``) of a position.

    :raises InvalidNotation: for anything that cannot be read.
    """
    board = [EMPTY] * 81
    hidden: list[int] = []
    unknown: list[int] = []
    for sq, tok in parse_board(position["board"]).items():
        if tok.startswith("?"):
            hidden.append(sq)
            tok = tok[1:]
        if tok:
            board[sq] = tile(tok)
        else:
            unknown.append(sq)
    named = [board[sq] for sq in FOREST if board[sq] != EMPTY]
    for ts in ("won", "exited"):
        named += [tile(t) for per in (position.get(ts) or {}).values() for t in per or ()]
    left = list(COUNTS)
    for t in named:
        left[kind_of(t)] -= 1
    box = [tile_code(k) for k in UNKNOWN_ORDER for _ in range(max(0, left[k]))]
    if len(unknown) > len(box):
        raise InvalidNotation(
            f"{len(named) + len(unknown)} tiles: the game has only {sum(COUNTS)} (HA-R1)"
        )
    for sq, t in zip(unknown, box, strict=False):
        board[sq] = t

    def colour(name: Any) -> int:
        if name not in COLOURS:
            raise InvalidNotation(f"a colour is 'blue' or 'brown', not {name!r}")
        return COLOURS[name]

    def per_colour(key: str) -> list[Any]:
        given = position.get(key) or {}
        unknown = set(given) - set(COLOURS)
        if unknown:
            raise InvalidNotation(f"{key}: colours are 'blue' and 'brown', not {sorted(unknown)}")
        return [given.get(c) for c in COLOURS]

    end_left = position.get("end_phase_moves_left")
    locked = position.get("locked")
    return {
        "game_no": int(position.get("game_number", 1)) - 1,
        "board": board,
        "hidden": sorted(hidden),
        "to_move": colour(position.get("to_move", "blue")),
        "taken": [[tile(t) for t in ts or ()] for ts in per_colour("won")],
        "exited": [[tile(t) for t in ts or ()] for ts in per_colour("exited")],
        "last_move": [[parse_square(s) for s in m] if m else None for m in per_colour("no_return")],
        "lock": parse_square(locked) if locked else OFF,
        "end_left": -1 if end_left is None else int(end_left),
        "quiet": int(position.get("quiet_plies", 0)),
        "finished": [dict(g) for g in position.get("finished_games", ())],
        "reason": str(position.get("over", "") or ""),
        "draw_offer": _draw_offer(position.get("draw_offered_by")),
    }


def _draw_offer(seat: Any) -> int:
    """The payload's open draw offer (HA-R11) from a position's ``draw_offered_by``.

    :raises InvalidNotation: for anything but a seat 0 or 1 or none.
    """
    if seat is None:
        return -1
    if isinstance(seat, bool) or seat not in (0, 1):
        raise InvalidNotation(f"draw_offered_by: seat 0 or 1 (or null), not {seat!r} (HA-R11)")
    return int(seat)


def position_of(data: Mapping[str, Any]) -> dict[str, Any]:
    """The readable position of a state payload (``HalaliState._dump``)."""
    hidden = [False] * 81
    for sq in data["hidden"]:
        hidden[sq] = True
    names = list(COLOURS)
    position: dict[str, Any] = {
        "board": draw_board(data["board"], hidden),
        "to_move": names[data["to_move"]],
        "end_phase_moves_left": data["end_left"] if data["end_left"] >= 0 else None,
        "locked": square_name(data["lock"]) if data["lock"] != OFF else None,
        "no_return": {
            names[c]: [square_name(s) for s in m] if m else None
            for c, m in enumerate(data["last_move"])
        },
        "won": {names[c]: [token(t) for t in ts] for c, ts in enumerate(data["taken"])},
        "exited": {names[c]: [token(t) for t in ts] for c, ts in enumerate(data["exited"])},
        "quiet_plies": data["quiet"],
        "game_number": data["game_no"] + 1,
        "finished_games": [dict(g) for g in data["finished"]],
        "over": data["reason"] or None,
    }
    if data.get("draw_offer", -1) >= 0:  # HA-R11, only while an offer is open
        position["draw_offered_by"] = data["draw_offer"]
    return position


def check_payload(data: Mapping[str, Any]) -> None:
    """Refuse a payload no Halali game can reach (shared by positions and stored states).

    :raises InvalidNotation: naming what is impossible.
    """
    board, hidden = data["board"], set(data["hidden"])
    for sq, t in enumerate(board):
        if t != EMPTY and not IS_FOREST[sq]:
            raise InvalidNotation(
                f"a tile on the frame square {square_name(sq)}: tiles stand only in the "
                "forest b2–h8 (HA-R1)"
            )
    for sq in hidden:
        if not IS_FOREST[sq] or board[sq] == EMPTY:
            raise InvalidNotation(f"{square_name(sq)} is face down but holds no tile")
    count = [0] * 7
    for t in [*(t for t in board if t != EMPTY), *(t for ts in data["taken"] for t in ts)]:
        count[kind_of(t)] += 1
    for ts in data["exited"]:
        for t in ts:
            count[kind_of(t)] += 1
    for kind, n in enumerate(count):
        if n > COUNTS[kind]:
            raise InvalidNotation(
                f"{n} tiles of kind {KIND_NAMES[kind]}: the game has only {COUNTS[kind]}"
            )
    if data["to_move"] not in (0, 1):
        raise InvalidNotation("the player to move is blue (0) or brown (1)")
    if data["end_left"] > 10:
        raise InvalidNotation("the end phase has at most 10 plies (HA-R6)")
    if data["end_left"] < 0 and not hidden and not data["reason"]:
        raise InvalidNotation(
            "no tile is face down, so the end phase has begun: give end_phase_moves_left (HA-R6)"
        )
    if data["end_left"] >= 0 and hidden:
        raise InvalidNotation("the end phase begins only after the last reveal (HA-R6)")
    lock = data["lock"]
    if lock != OFF and (
        not IS_FOREST[lock] or board[lock] == EMPTY or kind_of(board[lock]) not in BIRDS
    ):
        raise InvalidNotation(f"the locked square {square_name(lock)} holds no bird (HA-R5)")
