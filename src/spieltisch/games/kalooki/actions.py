"""Kalooki's actions and their notation: one step of a turn each.

``draw stock`` / ``draw discard``; ``meld 7h 8h 9h`` or ``meld QS QD JK=QC`` (a joker says
what it stands for, KA-R2); ``build 2 4h`` adds a card to table meld 2 (melds are numbered
from 1 in the order they were laid, as the view lists them); ``swap 2 6h`` frees a joker of
meld 2 (a set's lone joker needs both missing cards: ``swap 3 10c 10d``); ``discard KS``.
Card names ignore case and the order of a meld's cards; actions print in table order, so
``parse_action(str(a)) == a``. The notation needs no state.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mypy_extensions import mypyc_attr

from spieltisch.engine import InvalidNotation

from .cards import JOKER, face_name, parse_face
from .melds import canonical, parse_token, token_name


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class Draw:
    """Take the top card of the stock (``stock``) or of the discard pile."""

    discard: bool

    def __str__(self) -> str:
        return "draw discard" if self.discard else "draw stock"

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"

    def to_json(self) -> dict[str, Any]:
        return {"type": "draw", "from": "discard" if self.discard else "stock"}


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class Meld:
    """Lay a new set or run from the hand; ``tokens`` in table order (see :mod:`.melds`)."""

    tokens: tuple[int, ...]

    def __str__(self) -> str:
        return "meld " + " ".join(token_name(t) for t in self.tokens)

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"

    def to_json(self) -> dict[str, Any]:
        return {"type": "meld", "cards": [token_name(t) for t in self.tokens]}


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class Build:
    """Add one card (or a named joker) to table meld ``meld`` (0-based; printed 1-based)."""

    meld: int
    token: int

    def __str__(self) -> str:
        return f"build {self.meld + 1} {token_name(self.token)}"

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"

    def to_json(self) -> dict[str, Any]:
        return {"type": "build", "meld": self.meld + 1, "card": token_name(self.token)}


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class Swap:
    """Put natural card(s) into table meld ``meld`` and take a joker back (KA-R5)."""

    meld: int
    faces: tuple[int, ...]

    def __str__(self) -> str:
        return f"swap {self.meld + 1} " + " ".join(face_name(f) for f in self.faces)

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"

    def to_json(self) -> dict[str, Any]:
        return {"type": "swap", "meld": self.meld + 1, "cards": [face_name(f) for f in self.faces]}


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class Discard:
    """Put one card from the hand on the discard pile, ending the turn."""

    face: int

    def __str__(self) -> str:
        return f"discard {face_name(self.face)}"

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"

    def to_json(self) -> dict[str, Any]:
        return {"type": "discard", "card": face_name(self.face)}


KalookiAction = Draw | Meld | Build | Swap | Discard
DRAW_STOCK = Draw(False)
DRAW_DISCARD = Draw(True)


def _meld_no(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise InvalidNotation(f"{text!r} is not a meld number (melds are numbered from 1)")
    return int(text) - 1


def _naturals(words: list[str]) -> tuple[int, ...]:
    faces = tuple(sorted(parse_face(w) for w in words))
    if JOKER in faces:
        raise InvalidNotation("a joker is freed with natural cards, not with a joker")
    return faces


def make_meld(tokens: tuple[int, ...] | list[int]) -> Meld:
    """A meld action with its tokens in table order."""
    return Meld(canonical(tuple(tokens)))


def parse_action(text: str) -> KalookiAction:
    """Read one action.

    >>> parse_action("meld 9H jk=8h 7h")
    parse_action('meld 7h JK=8h 9h')

    :raises InvalidNotation: for anything else.
    """
    if not isinstance(text, str):
        raise InvalidNotation(f"an action must be text, got {text!r}")
    words = text.split()
    verb = words[0].lower() if words else ""
    args = words[1:]
    if verb == "draw" and len(args) == 1 and args[0].lower() in ("stock", "discard"):
        return DRAW_DISCARD if args[0].lower() == "discard" else DRAW_STOCK
    if verb == "meld" and args:
        return make_meld([parse_token(w) for w in args])
    if verb == "build" and len(args) == 2:
        return Build(_meld_no(args[0]), parse_token(args[1]))
    if verb == "swap" and len(args) in (2, 3):
        return Swap(_meld_no(args[0]), _naturals(args[1:]))
    if verb == "discard" and len(args) == 1:
        return Discard(parse_face(args[0]))
    raise InvalidNotation(
        f"{text!r} is not a Kalooki action (try 'draw stock', 'draw discard', "
        "'meld 7h 8h 9h', 'build 2 4h', 'swap 2 6h' or 'discard KS')"
    )


def action_from_json(data: Any) -> KalookiAction:
    """Read ``action.to_json()``.

    :raises InvalidNotation: on malformed data.
    """
    if not isinstance(data, dict):
        raise InvalidNotation(f"a Kalooki action must be a JSON object, got {data!r}")
    kind = data.get("type")
    try:
        if kind == "draw":
            src = data["from"]
            if src not in ("stock", "discard"):
                raise InvalidNotation(f"cannot draw from {src!r}")
            return DRAW_DISCARD if src == "discard" else DRAW_STOCK
        if kind == "meld":
            return make_meld([parse_token(c) for c in data["cards"]])
        if kind == "build":
            return Build(_meld_no(str(data["meld"])), parse_token(data["card"]))
        if kind == "swap":
            return Swap(_meld_no(str(data["meld"])), _naturals(list(data["cards"])))
        if kind == "discard":
            return Discard(parse_face(data["card"]))
    except (KeyError, AttributeError, TypeError) as exc:
        raise InvalidNotation(f"malformed Kalooki action {data!r}") from exc
    raise InvalidNotation(f"unknown Kalooki action type {kind!r} in {data!r}")
