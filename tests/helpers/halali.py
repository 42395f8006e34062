"""Build Halali positions from compact diagrams, for scenario tests.

A position is a dict of squares to tile tokens, or a diagram of the forest (ranks 8 down
to 2, files b to h, optional rank numbers and a file line)::

    make_state('''
        8  .  .  .  .  .  .  .
        7  .  .  .  .  .  .  .
        6  .  .  F  .  .  .  .
        5  .  .  .  .  .  .  .
        4  .  HE .  .  D  .  ?
        3  .  .  .  .  .  .  .
        2  .  .  .  .  .  .  .
           b  c  d  e  f  g  h
    ''', to_move="brown")

Tokens: ``B`` bear, ``F`` fox, ``W`` woodcutter, ``HN``/``HE``/``HS``/``HW`` hunter with
its gun, ``P`` pheasant, ``D`` duck, ``T`` tree, ``.`` empty. A leading ``?`` puts the
tile face down (``?HE``); ``?`` alone is a face-down tree, a plain blocker. Positions
need not hold all 48 tiles; they are built by ``_restore`` on a fresh state and marked
``sampled`` (they have no seed-and-actions record).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import spieltisch
from spieltisch.engine import Event
from spieltisch.games.halali import HalaliState
from spieltisch.games.halali.board import (
    BEAR,
    DIRECTION_NAMES,
    DUCK,
    EMPTY,
    FOREST,
    FOX,
    HUNTER,
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

from .contract import assert_refused

LETTERS = {"B": BEAR, "F": FOX, "W": WOODCUTTER, "P": PHEASANT, "D": DUCK, "T": TREE}
LETTER_OF = {kind: letter for letter, kind in LETTERS.items()}
COLOURS = {"blue": 0, "brown": 1}


def tile(token: str) -> int:
    """The tile code of a face-up token (``F``, ``HE``, ...)."""
    if token in LETTERS:
        return tile_code(LETTERS[token])
    if len(token) == 2 and token[0] == "H" and token[1] in DIRECTION_NAMES:
        return tile_code(HUNTER, DIRECTION_NAMES.index(token[1]))
    raise ValueError(f"unknown Halali tile token {token!r}")


def token(code: int, hidden: bool = False) -> str:
    """The token of a tile code (inverse of :func:`tile`)."""
    kind = kind_of(code)
    text = "H" + DIRECTION_NAMES[gun_of(code)] if kind == HUNTER else LETTER_OF[kind]
    return "?" + text if hidden else text


def parse_diagram(text: str) -> dict[str, str]:
    """Squares to tokens from a diagram of ranks 8 to 2 (see the module docstring)."""
    rows = []
    for line in text.strip().splitlines():
        cells = line.split()
        if not cells or cells == list("bcdefgh"):
            continue
        if cells[0].isdigit():
            cells = cells[1:]
        if len(cells) != 7:
            raise ValueError(f"a diagram row has 7 squares (b to h): {line!r}")
        rows.append(cells)
    if len(rows) != 7:
        raise ValueError(f"a diagram has 7 ranks (8 down to 2), got {len(rows)}")
    return {
        square_name(square(f + 1, 7 - r)): cell
        for r, row in enumerate(rows)
        for f, cell in enumerate(row)
        if cell != "."
    }


def make_state(
    position: Mapping[str, str] | str,
    *,
    to_move: str = "blue",
    end_left: int | None = None,
    lock: str | None = None,
    no_return: Mapping[str, tuple[str, str]] | None = None,
    won: Mapping[str, Sequence[str]] | None = None,
    exited: Mapping[str, Sequence[str]] | None = None,
    quiet: int = 0,
    game_number: int = 1,
    finished: Sequence[Mapping[str, Any]] = (),
    variant: str = "kosmos",
    match: str = "auto",
    seed: int = 0,
) -> HalaliState:
    """A Halali state with exactly this position.

    ``end_left`` is the number of end-phase plies left (``None``: not in the end phase);
    ``lock`` the bird the player to move may not move (HA-R5); ``no_return`` per colour
    the (from, to) of its last own move (HA-R5); ``won``/``exited`` per colour the tiles
    already won; ``game_number`` is 1 or 2 in a match, ``finished`` the summaries of the
    games already played.

    :raises ValueError: for a bad token, or no face-down tile outside the end phase
        (such a position cannot arise: the end phase starts with the last reveal).
    """
    squares = parse_diagram(position) if isinstance(position, str) else dict(position)
    board = [EMPTY] * 81
    hidden: list[int] = []
    for name, tok in squares.items():
        sq = parse_square(name)
        if sq not in FOREST:
            raise ValueError(f"{name} is not a forest square")
        if tok.startswith("?"):
            hidden.append(sq)
            tok = tok[1:] or "T"
        board[sq] = tile(tok)
    if not hidden and end_left is None:
        raise ValueError("a position without face-down tiles must be in the end phase")
    game = spieltisch.load("halali", variant=variant, match=match)
    state = game.new_state(seed=seed)
    assert isinstance(state, HalaliState)
    back = no_return or {}
    state._restore(
        {
            "game_no": game_number - 1,
            "board": board,
            "hidden": sorted(hidden),
            "to_move": COLOURS[to_move],
            "taken": [[tile(t) for t in (won or {}).get(c, ())] for c in COLOURS],
            "exited": [[tile(t) for t in (exited or {}).get(c, ())] for c in COLOURS],
            "last_move": [
                [parse_square(s) for s in back[c]] if c in back else None for c in COLOURS
            ],
            "lock": parse_square(lock) if lock else OFF,
            "end_left": -1 if end_left is None else end_left,
            "quiet": quiet,
            "finished": [dict(g) for g in finished],
            "reason": "",
        }
    )
    state.sampled = True
    return state


def draw(state: HalaliState) -> str:
    """The forest as a diagram that :func:`parse_diagram` reads back (for messages)."""
    lines = []
    for rank in range(7, 0, -1):
        cells = []
        for file in range(1, 8):
            sq = square(file, rank)
            code = state.board[sq]
            cells.append("." if code == EMPTY else token(code, state.hidden[sq]))
        lines.append(f"{rank + 1} " + " ".join(f"{c:3}" for c in cells).rstrip())
    lines.append("  " + " ".join(f"{f:3}" for f in "bcdefgh").rstrip())
    return "\n".join(lines)


def seat_to_move(state: HalaliState) -> int:
    (seat,) = state.active_seats()
    return seat


def play(state: HalaliState, *texts: str) -> list[Event]:
    """Apply actions in notation, each by the seat to move; return all events."""
    events: list[Event] = []
    for text in texts:
        events.extend(state.apply(seat_to_move(state), state.game.parse_action(text)))
    return events


def legal(state: HalaliState) -> set[str]:
    """The legal actions of the seat to move, in notation."""
    return {str(a) for a in state.legal_actions(seat_to_move(state))}


def refused(state: HalaliState, text: str, rule: str) -> str:
    """Assert that the seat to move may not play ``text`` (citing ``rule``), that it is
    not offered as legal, and that the state did not change; return the message."""
    action = state.game.parse_action(text)
    assert action not in state.legal_actions(seat_to_move(state)), f"{text} is offered"
    return assert_refused(state, seat_to_move(state), action, rule).message
