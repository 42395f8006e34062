"""Halali's actions and their notation (as on the Brettspielnetz page, HA-R1).

``flip c4`` turns a face-down tile over; ``c4-c7`` moves (or captures, ``c4xc7`` is read
too); ``e2-e1`` moves out through an exit; ``pass`` is only for a player without a move
in the end phase (HA-R7). The notation needs no state, like python-chess's UCI.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from spieltisch.engine import InvalidNotation

from .board import parse_square, square_name


@dataclass(frozen=True, slots=True)
class Flip:
    """Turn the face-down tile on ``square`` over, keeping its orientation."""

    square: int

    def __str__(self) -> str:
        return f"flip {square_name(self.square)}"

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"

    def to_json(self) -> dict[str, Any]:
        return {"type": "flip", "square": square_name(self.square)}


@dataclass(frozen=True, slots=True)
class Move:
    """Move the tile on ``src`` to ``dst``: onto an empty square, a capture, or an exit."""

    src: int
    dst: int

    def __str__(self) -> str:
        return f"{square_name(self.src)}-{square_name(self.dst)}"

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"

    def to_json(self) -> dict[str, Any]:
        return {"type": "move", "from": square_name(self.src), "to": square_name(self.dst)}


@dataclass(frozen=True, slots=True)
class Pass:
    """Give up a turn; allowed only without any other legal action (HA-R7)."""

    def __str__(self) -> str:
        return "pass"

    def __repr__(self) -> str:
        return "parse_action('pass')"

    def to_json(self) -> dict[str, Any]:
        return {"type": "pass"}


HalaliAction = Flip | Move | Pass
PASS = Pass()

FLIPS: tuple[Flip, ...] = tuple(Flip(sq) for sq in range(81))
"""One interned ``Flip`` per square: move generation runs in every playout step, and
building frozen dataclasses there costs more than the rules themselves."""
MOVES: tuple[Move, ...] = tuple(Move(sq // 81, sq % 81) for sq in range(81 * 81))
"""One interned ``Move`` per (src, dst): ``MOVES[src * 81 + dst]``."""


def parse_action(text: str) -> HalaliAction:
    """Read ``flip c4``, ``c4-c7``, ``c4xc7`` or ``pass``.

    >>> parse_action("C4 - c7")
    parse_action('c4-c7')

    :raises InvalidNotation: for anything else.
    """
    if not isinstance(text, str):
        raise InvalidNotation(f"an action must be text, got {text!r}")
    t = " ".join(text.lower().split())
    if t == "pass":
        return PASS
    if t.startswith("flip "):
        return Flip(parse_square(t[5:]))
    for sep in ("-", "x"):
        if sep in t:
            a, _, b = t.partition(sep)
            return Move(parse_square(a), parse_square(b))
    raise InvalidNotation(
        f"{text!r} is not a Halali action (try 'flip c4', 'c4-c7', 'e2-e1' or 'pass')"
    )


def action_from_json(data: Any) -> HalaliAction:
    """Read ``action.to_json()``.

    :raises InvalidNotation: on malformed data.
    """
    if not isinstance(data, dict):
        raise InvalidNotation(f"a Halali action must be a JSON object, got {data!r}")
    kind = data.get("type")
    try:
        if kind == "flip":
            return Flip(parse_square(data["square"]))
        if kind == "move":
            return Move(parse_square(data["from"]), parse_square(data["to"]))
    except (KeyError, AttributeError) as exc:
        raise InvalidNotation(f"malformed Halali action {data!r}") from exc
    if kind == "pass":
        return PASS
    raise InvalidNotation(f"unknown Halali action type {kind!r} in {data!r}")
