"""Kalooki positions: hands, table melds, discard pile and stock in card notation (KA-R1..R5).

A position is a JSON object; ``hands`` (one string of cards per seat) and
``discard_pile`` (bottom to top) are required::

    {"hands": ["Ah Ah 7c JK ...", "..."], "discard_pile": "9d Ks",
     "melds": [{"owner": 1, "cards": "3h 4h JK=5h 6h", "closed": false}],
     "opened": [false, true], "to_move": 0, "phase": "draw"}

Cards are written as in the action notation: ``7h``, ``10d``, ``QS``, ``JK``; a joker on
the table says what it stands for (``JK=5h``, KA-R2). ``stock`` (bottom to top) defaults
to the rest of the 106 cards in pack order. Every other field is that of the state
(``state.position()`` lists them all) and defaults to a fresh deal's; ``known`` (cards
everyone knows a seat holds) and ``taken`` (the card taken from the pile this turn) are
in card notation too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from spieltisch.engine import InvalidNotation

from .cards import COPIES, FACES, counts_of, face_name, faces_of, full_deck, parse_face
from .melds import TableMeld, card_of, classify, parse_token, token_name
from .phases import PHASE_NAMES

_DERIVED = {"sizes"}
"""Payload fields a position does not give: hand sizes follow from the hands."""


def _faces(text: Any) -> list[int]:
    words = text.split() if isinstance(text, str) else list(text)
    return [parse_face(w) for w in words]


def _names(faces: list[int]) -> str:
    return " ".join(face_name(f) for f in faces)


def _meld(data: Mapping[str, Any]) -> dict[str, Any]:
    tokens = tuple(parse_token(t) for t in str(data["cards"]).split())
    shape = classify(tokens)
    if isinstance(shape, str):
        raise InvalidNotation(f"the table meld {data['cards']!r}: {shape} (KA-R2)")
    meld = TableMeld.laid(int(data["owner"]), tokens)
    meld.closed = bool(data.get("closed", False))
    return meld.to_json()


def payload_of(position: Mapping[str, Any], fresh: Mapping[str, Any]) -> dict[str, Any]:
    """The state payload (``views.restore``) of ``position``; ``fresh`` is the dump of a
    new deal for as many seats, which fills the fields not given.

    :raises InvalidNotation: for an unknown field or a card that cannot be read.
    """
    fields = set(fresh) - _DERIVED | {"discard_pile"}
    unknown = set(position) - fields
    if unknown:
        raise InvalidNotation(f"unknown fields of a Kalooki position: {sorted(unknown)}")
    out = dict(fresh)
    out.update({k: v for k, v in position.items() if k != "discard_pile"})
    hands = [_faces(h) for h in position["hands"]]
    out["hands"] = [counts_of(h) for h in hands]
    out["sizes"] = [len(h) for h in hands]
    out["pile"] = _faces(position["discard_pile"])
    out["melds"] = [_meld(m) for m in position.get("melds", ())]
    if "known" in position:
        out["known"] = [counts_of(_faces(k)) for k in position["known"]]
    else:
        out["known"] = [[0] * FACES for _ in hands]
    if "opened" not in position:
        out["opened"] = [any(m["owner"] == s for m in out["melds"]) for s in range(len(hands))]
    if "new_from" not in position:
        out["new_from"] = len(out["melds"])
    if "opened_start" not in position:
        out["opened_start"] = out["opened"][int(out["to_move"])]
    phase = position.get("phase", "draw")
    if phase not in PHASE_NAMES:
        raise InvalidNotation(f"a phase is one of {', '.join(PHASE_NAMES)}, not {phase!r}")
    out["phase"] = PHASE_NAMES.index(phase)
    taken = position.get("taken")
    out["taken"] = parse_face(taken) if taken else -1
    if "stock" in position:
        out["stock"] = _faces(position["stock"])
    else:
        left = [COPIES] * FACES
        used = [*(f for h in hands for f in h), *out["pile"]]
        used += [card_of(t) for m in out["melds"] for t in m["tokens"]]
        for f in used:
            left[f] -= 1
        if any(n < 0 for n in left):
            raise InvalidNotation(
                "a card more often than the pack has it: "
                + _names([f for f in range(FACES) if left[f] < 0])
                + " (two packs of 52 and two jokers, KA-R1)"
            )
        out["stock"] = []
        for f in full_deck():
            if left[f]:
                left[f] -= 1
                out["stock"].append(f)
    return out


def position_of(data: Mapping[str, Any]) -> dict[str, Any]:
    """The readable position of a state payload (``views.dump``)."""
    out = {k: v for k, v in data.items() if k not in _DERIVED and k != "pile"}
    out["hands"] = [_names(faces_of(h)) for h in data["hands"]]
    out["known"] = [_names(faces_of(k)) for k in data["known"]]
    out["discard_pile"] = _names(data["pile"])
    out["stock"] = _names(data["stock"])
    out["melds"] = [
        {
            "owner": m["owner"],
            "cards": " ".join(token_name(t) for t in m["tokens"]),
            "closed": m["closed"],
        }
        for m in data["melds"]
    ]
    out["phase"] = PHASE_NAMES[data["phase"]]
    out["taken"] = face_name(data["taken"]) if data["taken"] >= 0 else None
    return out
