"""Hydra positions: hands, Antrag cards and tricks in card notation (HY 2.1, HY 2.3, HY-R5).

A position is a JSON object; only ``hands`` is required, one string of cards per seat
(``"HY CQ CQ D10 ..."``; a sitting-out dealer of six players holds ``""``)::

    {"hands": ["HY CQ ...", "...", "...", "...", "..."], "dealer": 4,
     "phase": "play", "turn": 0, "kind": "solo", "contract": "trumpfsolo Q",
     "declarer": 2, "trick": [[0, "D10"]], "tricks": [[1, [[0, "CA"], [1, "HY"], ...]]]}

Every other field is that of the state (``state.position()`` lists them all) and
defaults to a fresh game's: the declarations about to begin. Cards are written as in
the action notation (``D10``, ``CQ``, ``HY``); the solo type as in ``solo <type>``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from spieltisch.engine import InvalidNotation

from .cards import card_name, contract_name, parse_card, parse_contract


def _cards(text: Any) -> list[int]:
    if isinstance(text, str):
        return [parse_card(t) for t in text.split()]
    return [parse_card(t) for t in text]


def _names(cards: list[int]) -> str:
    return " ".join(card_name(c) for c in cards)


def _plays(plays: Any) -> list[list[int]]:
    return [[int(seat), parse_card(card)] for seat, card in plays]


def payload_of(position: Mapping[str, Any], fresh: Mapping[str, Any]) -> dict[str, Any]:
    """The state payload (``HydraState.restore``) of ``position``; ``fresh`` is the dump
    of a new game for as many seats, which fills the fields not given.

    :raises InvalidNotation: for an unknown field or a card that cannot be read.
    """
    unknown = set(position) - set(fresh)
    if unknown:
        raise InvalidNotation(f"unknown fields of a Hydra position: {sorted(unknown)}")
    out = dict(fresh)
    out.update(position)
    out["hands"] = [_cards(h) for h in position["hands"]]
    out["laid"] = _cards(out["laid"]) if "laid" in position else []
    out["given"] = _cards(out["given"]) if "given" in position else []
    if "contract" in position:
        out["contract"] = parse_contract(str(position["contract"]))
    if "trick" in position:
        out["trick"] = _plays(position["trick"])
    if "tricks" in position:
        out["tricks"] = [[int(w), _plays(cards)] for w, cards in position["tricks"]]
    return out


def position_of(data: Mapping[str, Any]) -> dict[str, Any]:
    """The readable position of a state payload (``HydraState._dump``)."""
    out = dict(data)
    out["hands"] = [_names(h) for h in data["hands"]]
    out["laid"] = _names(data["laid"])
    out["given"] = _names(data["given"])
    out["contract"] = contract_name(data["contract"])
    out["trick"] = [[s, card_name(c)] for s, c in data["trick"]]
    out["tricks"] = [[w, [[s, card_name(c)] for s, c in cards]] for w, cards in data["tricks"]]
    return out
