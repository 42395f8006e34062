"""Information states as tensors: a seat's view plus a digest of everything it has seen.

A perfect-recall information state is the whole sequence of what a seat has observed
and done. The faces give it as a fixed-size tensor in two parts (the layout is the same
for every game):

- the observation tensor of the seat's current view (the learnable features: the views
  of these games already hold the public record a player keeps, the cards played, the
  melds, what was said);
- ``recall``: ``RECALL_BITS`` zeros and ones, the blake2b digest of the sequence of
  views the seat has seen (with its own choices), so two states whose last views agree
  but whose histories differ get different tensors.

Two states give equal tensors exactly when the seat cannot tell them apart, barring a
digest collision (2**-128). Needs numpy (the ``research`` extra).
"""

from __future__ import annotations

import hashlib
import json
from typing import Final

import numpy as np

from spieltisch.engine import State

from .encoders.base import FloatArray

RECALL_BITS: Final = 128
"""Bits of the history digest at the end of an information-state tensor."""


def recall_bits(key: str | bytes) -> FloatArray:
    """``RECALL_BITS`` zeros and ones: the blake2b digest of ``key``."""
    data = key.encode() if isinstance(key, str) else key
    digest = hashlib.blake2b(data, digest_size=RECALL_BITS // 8).digest()
    return np.unpackbits(np.frombuffer(digest, dtype=np.uint8)).astype(np.float32)


def view_text(state: State, seat: int) -> str:
    """The seat's view as canonical JSON, without the legal actions it repeats."""
    view = dict(state.view(seat))
    view.pop("legal_actions", None)
    return json.dumps(view, sort_keys=True, separators=(",", ":"))


class Recall:
    """Per seat, a running digest of every view it has seen and every step it chose.

    The PettingZoo env keeps one when asked for information-state observations; the
    views are written as JSON once per step for every seat, which is the price of the
    option.
    """

    __slots__ = ("digests",)

    def __init__(self, state: State) -> None:
        self.digests: list[bytes] = [b""] * state.players
        self.fold(state, -1, ())

    def fold(self, state: State, actor: int, steps: tuple[int, ...]) -> None:
        """Add each seat's view of ``state`` (and, for ``actor``, the steps it chose)."""
        for seat, before in enumerate(self.digests):
            text = view_text(state, seat)
            if seat == actor:
                text += f"|{steps}"
            self.digests[seat] = hashlib.blake2b(
                before + text.encode(), digest_size=RECALL_BITS // 8
            ).digest()

    def bits(self, seat: int) -> FloatArray:
        return np.unpackbits(np.frombuffer(self.digests[seat], dtype=np.uint8)).astype(np.float32)


def information_state_tensor(observation: FloatArray, key: str | bytes) -> FloatArray:
    """The observation followed by the recall bits of ``key``."""
    return np.concatenate((observation, recall_bits(key)))


__all__ = [
    "RECALL_BITS",
    "Recall",
    "information_state_tensor",
    "recall_bits",
    "view_text",
]
