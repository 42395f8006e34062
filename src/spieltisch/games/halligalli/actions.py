"""Halli-Galli-Extreem's actions and their notation.

``flip`` turns the top card of the actor's draw pile face up (in turn, or out of turn as
a stray card, HG-R7). ``ring`` hits the bell; ``ring@17`` says which table version the
ringer reacted to (the table version counts every change of the face-up cards, see
``docs/rules/halligalli.md``). The core uses the version only for the §4.2c allowance
and to refuse rings on a round somebody already won; a plain ``ring`` is judged against
the table as it is. In the finale: ``stake 5`` and ``throw rock|paper|scissors``.
The notation needs no state.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from mypy_extensions import mypyc_attr

from spieltisch.engine import InvalidNotation

SHAPES = ("rock", "paper", "scissors")
"""Rock-paper-scissors shapes; ``SHAPES[(i + 1) % 3]`` beats ``SHAPES[i]``."""


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class Flip:
    """Turn the top card of your draw pile onto your face-up pile."""

    def __str__(self) -> str:
        return "flip"

    def __repr__(self) -> str:
        return "parse_action('flip')"

    def to_json(self) -> dict[str, Any]:
        return {"type": "flip"}


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class Ring:
    """Hit the bell, reacting to table version ``version`` (``None``: the current one)."""

    version: int | None = None

    def __str__(self) -> str:
        return "ring" if self.version is None else f"ring@{self.version}"

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"

    def to_json(self) -> dict[str, Any]:
        return {"type": "ring", "version": self.version}


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class Stake:
    """Finale: set the stake of the next rock-paper-scissors throw (HG-R10)."""

    cards: int

    def __str__(self) -> str:
        return f"stake {self.cards}"

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"

    def to_json(self) -> dict[str, Any]:
        return {"type": "stake", "cards": self.cards}


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class Throw:
    """Finale: a hidden rock-paper-scissors throw, index into ``SHAPES``."""

    shape: int

    def __str__(self) -> str:
        return f"throw {SHAPES[self.shape]}"

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"

    def to_json(self) -> dict[str, Any]:
        return {"type": "throw", "shape": SHAPES[self.shape]}


HalliGalliAction = Flip | Ring | Stake | Throw
FLIP = Flip()
RING = Ring()
_RINGS: Final[list[Ring]] = []
"""``Ring(v)`` for the table versions met so far, shared like ``FLIP``: every legal-action
list holds the ring of the current version, and building a frozen dataclass is its
largest cost. Versions grow by one per flip and a game ends by ``PLY_CAP`` steps."""
_RINGS_KEPT: Final = 1 << 16


def ring_at(version: int) -> Ring:
    """The shared ``Ring(version)`` (equal to a new one; actions are immutable)."""
    if 0 <= version < len(_RINGS):
        return _RINGS[version]
    if not 0 <= version < _RINGS_KEPT:
        return Ring(version)
    for v in range(len(_RINGS), version + 1):
        _RINGS.append(Ring(v))
    return _RINGS[version]


def _int(text: str, what: str, original: Any) -> int:
    try:
        value = int(text)
    except ValueError:
        raise InvalidNotation(f"{original!r}: {what} must be a whole number") from None
    if value < 0:
        raise InvalidNotation(f"{original!r}: {what} cannot be negative")
    return value


def _shape(text: str, original: Any) -> int:
    if text not in SHAPES:
        raise InvalidNotation(f"{original!r}: throw rock, paper or scissors")
    return SHAPES.index(text)


def parse_action(text: str) -> HalliGalliAction:
    """Read ``flip``, ``ring``, ``ring@17``, ``stake 5`` or ``throw paper``.

    >>> parse_action(" Ring @ 4 ")
    parse_action('ring@4')

    :raises InvalidNotation: for anything else.
    """
    if not isinstance(text, str):
        raise InvalidNotation(f"an action must be text, got {text!r}")
    t = " ".join(text.lower().split())
    if t == "flip":
        return FLIP
    if t == "ring":
        return RING
    if t.startswith("ring"):
        rest = t[4:].strip()
        if rest.startswith("@"):
            return Ring(_int(rest[1:].strip(), "the table version", text))
    if t.startswith("stake "):
        return Stake(_int(t[6:], "a stake", text))
    if t.startswith("throw "):
        return Throw(_shape(t[6:], text))
    raise InvalidNotation(
        f"{text!r} is not a Halli Galli action (try 'flip', 'ring', 'ring@17', 'stake 3' "
        "or 'throw rock')"
    )


def action_from_json(data: Any) -> HalliGalliAction:
    """Read ``action.to_json()``.

    :raises InvalidNotation: on malformed data.
    """
    if not isinstance(data, dict):
        raise InvalidNotation(f"a Halli Galli action must be a JSON object, got {data!r}")
    kind = data.get("type")
    try:
        if kind == "flip":
            return FLIP
        if kind == "ring":
            version = data.get("version")
            if version is None:
                return RING
            if not isinstance(version, int) or isinstance(version, bool) or version < 0:
                raise InvalidNotation(f"bad table version in {data!r}")
            return Ring(version)
        if kind == "stake":
            cards = data["cards"]
            if not isinstance(cards, int) or isinstance(cards, bool) or cards < 0:
                raise InvalidNotation(f"bad stake in {data!r}")
            return Stake(cards)
        if kind == "throw":
            return Throw(_shape(str(data["shape"]), data))
    except KeyError as exc:
        raise InvalidNotation(f"malformed Halli Galli action {data!r}") from exc
    raise InvalidNotation(f"unknown Halli Galli action type {kind!r} in {data!r}")
