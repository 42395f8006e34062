"""Hydra's actions and their notation; none needs the state to be read.

=====================  ==========================================================
``armut``              Armut: ask for a redeal (HY 2.2.3)
``morbus`` ``valeo``   reservation or none (HY 2.2.2)
``solo`` ``antrag``    kind of reservation (HY 2.3.4)
``normalsolo``         the soloist names his solo (HY-R2); also ``farbsolo H``,
                       ``trumpfsolo Q``
``lay CQ CQ HA``       Antrag: both queens of one black suit face down, a third
                       card face up (HY 2.3.8)
``accept`` ``decline`` answer to an Antrag (HY 2.3.9)
``give D9``            the acceptor gives back one of three cards (HY 2.3.10)
``H10``                play a card (also ``play H10``)
=====================  ==========================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from mypy_extensions import mypyc_attr

from spieltisch.engine import InvalidNotation

from .cards import (
    BLACK_QUEEN,
    KINDS,
    SPADES,
    card_name,
    contract_name,
    parse_card,
    parse_contract,
)

WORDS = ("armut", "morbus", "valeo", "solo", "antrag", "accept", "decline")


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class Say:
    """A spoken word of the declarations or the Antrag answer (one of ``WORDS``)."""

    word: str

    def __str__(self) -> str:
        return self.word

    def __repr__(self) -> str:
        return f"parse_action({self.word!r})"

    def to_json(self) -> dict[str, Any]:
        return {"type": "say", "word": self.word}


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class ChooseSolo:
    """The soloist names the solo type; ``contract`` as in :mod:`.cards` (HY-R2)."""

    contract: int

    def __str__(self) -> str:
        return contract_name(self.contract)

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"

    def to_json(self) -> dict[str, Any]:
        return {"type": "solo", "contract": contract_name(self.contract)}


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class Lay:
    """Antrag: both queens of ``colour`` (♠ or ♣) face down, ``face_up`` beside them."""

    colour: int
    face_up: int

    def __str__(self) -> str:
        q = card_name(BLACK_QUEEN[self.colour])
        return f"lay {q} {q} {card_name(self.face_up)}"

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "lay",
            "queens": card_name(BLACK_QUEEN[self.colour]),
            "face_up": card_name(self.face_up),
        }


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class Give:
    """The acceptor gives one card back to the Antragsteller (three in all)."""

    card: int

    def __str__(self) -> str:
        return f"give {card_name(self.card)}"

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"

    def to_json(self) -> dict[str, Any]:
        return {"type": "give", "card": card_name(self.card)}


@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class Play:
    """Play ``card`` to the trick."""

    card: int

    def __str__(self) -> str:
        return card_name(self.card)

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"

    def to_json(self) -> dict[str, Any]:
        return {"type": "play", "card": card_name(self.card)}


HydraAction = Say | ChooseSolo | Lay | Give | Play
SAY = {w: Say(w) for w in WORDS}
PLAYS: Final[tuple[Play, ...]] = tuple(Play(c) for c in range(KINDS))
"""One immutable ``Play`` per card, handed out by the legal moves instead of new objects."""


def _queen_colour(text: str) -> int:
    c = parse_card(text)
    for colour, q in BLACK_QUEEN.items():
        if c == q:
            return colour
    raise InvalidNotation(f"an Antrag lays two black queens, not {text!r}")


def parse_action(text: str) -> HydraAction:
    """Read an action in Hydra notation.

    >>> parse_action("Lay cq cq ♥A")
    parse_action('lay CQ CQ HA')
    >>> parse_action("play ♦10")
    parse_action('D10')

    :raises InvalidNotation: for anything else.
    """
    if not isinstance(text, str):
        raise InvalidNotation(f"an action must be text, got {text!r}")
    words = text.lower().split()
    if len(words) == 1 and words[0] in SAY:
        return SAY[words[0]]
    if words and words[0] in ("normalsolo", "farbsolo", "trumpfsolo"):
        return ChooseSolo(parse_contract(" ".join(words)))
    if len(words) == 4 and words[0] == "lay":
        colour = _queen_colour(words[1])
        if _queen_colour(words[2]) != colour:
            raise InvalidNotation(f"{text!r}: both face-down queens must be of one black suit")
        return Lay(colour, parse_card(words[3]))
    if len(words) == 2 and words[0] == "give":
        return Give(parse_card(words[1]))
    if len(words) == 2 and words[0] == "play":
        return PLAYS[parse_card(words[1])]
    if len(words) == 1:
        try:
            return PLAYS[parse_card(words[0])]
        except InvalidNotation:
            pass
    raise InvalidNotation(
        f"{text!r} is not a Hydra action (try 'valeo', 'morbus', 'solo', 'normalsolo', "
        "'lay CQ CQ HA', 'accept', 'give D9' or a card such as 'H10')"
    )


def action_from_json(data: Any) -> HydraAction:
    """Read ``action.to_json()``.

    :raises InvalidNotation: on malformed data.
    """
    if not isinstance(data, dict):
        raise InvalidNotation(f"a Hydra action must be a JSON object, got {data!r}")
    kind = data.get("type")
    try:
        if kind == "say" and data["word"] in SAY:
            return SAY[data["word"]]
        if kind == "solo":
            return ChooseSolo(parse_contract(str(data["contract"])))
        if kind == "lay":
            return Lay(_queen_colour(data["queens"]), parse_card(data["face_up"]))
        if kind == "give":
            return Give(parse_card(data["card"]))
        if kind == "play":
            return PLAYS[parse_card(data["card"])]
    except (KeyError, AttributeError) as exc:
        raise InvalidNotation(f"malformed Hydra action {data!r}") from exc
    raise InvalidNotation(f"unknown Hydra action {data!r}")


assert str(Lay(SPADES, 0)) == "lay SQ SQ D9"
