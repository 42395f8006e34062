"""Halali's actions and their notation (as on the Brettspielnetz page, HA-R1).

``flip c4`` turns a face-down tile over; ``c4-c7`` moves (or captures, ``c4xc7`` is read
too); ``e2-e1`` moves out through an exit; ``pass`` is only for a player without a move
in the end phase (HA-R7); ``offer draw``, ``accept draw`` and ``decline draw`` are the
draw by agreement (HA-R11). The notation needs no state, like python-chess's UCI.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from mypy_extensions import mypyc_attr

from spieltisch.engine import InvalidNotation

from .board import SQUARE_NAMES, parse_square, square_name

FLIP_TEXTS: Final = tuple(f"flip {name}" for name in SQUARE_NAMES)
"""Each flip's notation: every step lists the seat to move's legal actions in notation
(its view, its envelope, a bot's view), and formatting them was half of that list's
cost."""
_move_texts: Final[list[str | None]] = [None] * (81 * 81)
"""Each move's notation, made when first asked for (``src * 81 + dst``), for the same
reason."""


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class Flip:
    """Turn the face-down tile on ``square`` over, keeping its orientation."""

    square: int

    def __str__(self) -> str:
        sq = self.square
        return FLIP_TEXTS[sq] if 0 <= sq < 81 else f"flip {square_name(sq)}"

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"

    def to_json(self) -> dict[str, Any]:
        return {"type": "flip", "square": square_name(self.square)}


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class Move:
    """Move the tile on ``src`` to ``dst``: onto an empty square, a capture, or an exit."""

    src: int
    dst: int

    def __str__(self) -> str:
        src, dst = self.src, self.dst
        if not (0 <= src < 81 and 0 <= dst < 81):
            return f"{square_name(src)}-{square_name(dst)}"
        text = _move_texts[src * 81 + dst]
        if text is None:
            text = _move_texts[src * 81 + dst] = f"{SQUARE_NAMES[src]}-{SQUARE_NAMES[dst]}"
        return text

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"

    def to_json(self) -> dict[str, Any]:
        return {"type": "move", "from": square_name(self.src), "to": square_name(self.dst)}


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class Pass:
    """Give up a turn; allowed only without any other legal action (HA-R7)."""

    def __str__(self) -> str:
        return "pass"

    def __repr__(self) -> str:
        return "parse_action('pass')"

    def to_json(self) -> dict[str, Any]:
        return {"type": "pass"}


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class OfferDraw:
    """Offer the opponent a draw by agreement (HA-R11); the turn does not change."""

    def __str__(self) -> str:
        return "offer draw"

    def __repr__(self) -> str:
        return "parse_action('offer draw')"

    def to_json(self) -> dict[str, Any]:
        return {"type": "offer_draw"}


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class AcceptDraw:
    """Accept the opponent's open draw offer: the match ends drawn (HA-R11)."""

    def __str__(self) -> str:
        return "accept draw"

    def __repr__(self) -> str:
        return "parse_action('accept draw')"

    def to_json(self) -> dict[str, Any]:
        return {"type": "accept_draw"}


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class DeclineDraw:
    """Decline the opponent's open draw offer; play goes on (HA-R11)."""

    def __str__(self) -> str:
        return "decline draw"

    def __repr__(self) -> str:
        return "parse_action('decline draw')"

    def to_json(self) -> dict[str, Any]:
        return {"type": "decline_draw"}


DrawAction = OfferDraw | AcceptDraw | DeclineDraw
HalaliAction = Flip | Move | Pass | DrawAction
PASS: Final = Pass()
OFFER_DRAW, ACCEPT_DRAW, DECLINE_DRAW = OfferDraw(), AcceptDraw(), DeclineDraw()
DRAW_ACTIONS: dict[str, DrawAction] = {str(a): a for a in (OFFER_DRAW, ACCEPT_DRAW, DECLINE_DRAW)}
"""The draw actions by notation."""
DRAW_TYPES: dict[str, DrawAction] = {a.to_json()["type"]: a for a in DRAW_ACTIONS.values()}
"""The draw actions by their JSON type."""
DRAW_CLASSES: frozenset[type] = frozenset(type(a) for a in DRAW_ACTIONS.values())

FLIPS: Final[tuple[Flip, ...]] = tuple(Flip(sq) for sq in range(81))
"""One interned ``Flip`` per square: move generation runs in every playout step, and
building frozen dataclasses there costs more than the rules themselves."""
MOVES: Final[tuple[Move, ...]] = tuple(Move(sq // 81, sq % 81) for sq in range(81 * 81))
"""One interned ``Move`` per (src, dst): ``MOVES[src * 81 + dst]``."""


def parse_action(text: str) -> HalaliAction:
    """Read ``flip c4``, ``c4-c7``, ``c4xc7``, ``pass`` or a draw action.

    >>> parse_action("C4 - c7")
    parse_action('c4-c7')

    :raises InvalidNotation: for anything else.
    """
    if not isinstance(text, str):
        raise InvalidNotation(f"an action must be text, got {text!r}")
    t = " ".join(text.lower().split())
    if t == "pass":
        return PASS
    if t in DRAW_ACTIONS:
        return DRAW_ACTIONS[t]
    if t.startswith("flip "):
        return FLIPS[parse_square(t[5:])]
    for sep in ("-", "x"):
        if sep in t:
            a, _, b = t.partition(sep)
            return MOVES[parse_square(a) * 81 + parse_square(b)]
    raise InvalidNotation(
        f"{text!r} is not a Halali action (try 'flip c4', 'c4-c7', 'e2-e1', 'pass' or 'offer draw')"
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
            return FLIPS[parse_square(data["square"])]
        if kind == "move":
            return MOVES[parse_square(data["from"]) * 81 + parse_square(data["to"])]
    except (KeyError, AttributeError, TypeError) as exc:  # TypeError: the compiled core
        raise InvalidNotation(f"malformed Halali action {data!r}") from exc
    if kind == "pass":
        return PASS
    if isinstance(kind, str) and kind in DRAW_TYPES:
        return DRAW_TYPES[kind]
    raise InvalidNotation(f"unknown Halali action type {kind!r} in {data!r}")
