"""Build Halali positions from compact diagrams, for scenario tests.

A position is a dict of squares to tile tokens (``{"c4": "HE", "h4": "?"}``), or a board
diagram as :mod:`spieltisch.games.halali.position` reads it, with keyword arguments for
the other fields (``to_move="brown"``, ``end_left=8``, ...).

Tokens are those of :mod:`spieltisch.games.halali.position` (``?`` puts a tile face
down). Positions need not hold all 48 tiles; they are built with the public
``game.state_from_position`` and have no seed-and-actions record.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import spieltisch
from spieltisch.engine import Event
from spieltisch.games.halali import HalaliState
from spieltisch.games.halali.board import parse_square, square, square_name
from spieltisch.games.halali.position import draw_board, parse_board

from .contract import assert_refused

COLOURS = {"blue": 0, "brown": 1}


def parse_diagram(text: str) -> dict[str, str]:
    """Squares to tokens from a diagram of ranks 8 to 2 (see the module docstring)."""
    return {square_name(sq): tok for sq, tok in parse_board(text).items()}


def diagram(squares: Mapping[str, str]) -> str:
    """The whole 9×9 frame as a diagram, from squares to tokens (the position refuses
    tokens on the frame)."""
    full = {parse_square(name): tok for name, tok in squares.items()}
    return "\n".join(
        " ".join(full.get(square(f, r), ".") for f in range(9)) for r in range(8, -1, -1)
    )


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
) -> HalaliState:
    """A Halali state with exactly this position (``game.state_from_position``).

    ``end_left`` is the number of end-phase plies left (``None``: not in the end phase);
    ``lock`` the bird the player to move may not move (HA-R5); ``no_return`` per colour
    the (from, to) of its last own move (HA-R5); ``won``/``exited`` per colour the tiles
    already won; ``game_number`` is 1 or 2 in a match, ``finished`` the summaries of the
    games already played.

    :raises InvalidNotation: for a bad token, or no face-down tile outside the end phase
        (such a position cannot arise: the end phase starts with the last reveal).
    """
    board = position if isinstance(position, str) else diagram(position)
    game = spieltisch.load("halali", variant=variant, match=match)
    state = game.state_from_position(
        {
            "board": board,
            "to_move": to_move,
            "end_phase_moves_left": end_left,
            "locked": lock,
            "no_return": {c: list(m) for c, m in (no_return or {}).items()},
            "won": {c: list(t) for c, t in (won or {}).items()},
            "exited": {c: list(t) for c, t in (exited or {}).items()},
            "quiet_plies": quiet,
            "game_number": game_number,
            "finished_games": [dict(g) for g in finished],
        }
    )
    assert isinstance(state, HalaliState)
    return state


def draw(state: HalaliState) -> str:
    """The forest as a diagram that :func:`parse_diagram` reads back (for messages)."""
    return draw_board(state.board, state.hidden)


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
