"""Halli-Galli-Extreem's observation tensor straight from the state: the fast path.

:meth:`~.encoder.HalliGalliEncoder.observe` reads the seat's JSON view, which names every
face-up card and legal action as text. This module fills the same tensor from the
state's piles and counters, reading only what that view shows (the face-up cards, pile
sizes, the backs when the option shows them, the ledger, the finale without the other
finalist's throw), so the tensor stays a function of the view;
``tests/interop/test_fast_path.py`` checks both are equal.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np

from spieltisch.engine import State
from spieltisch.games.halligalli.cards import ANIMAL, EDITION, FRUIT, KINDS
from spieltisch.interop.encoders.base import FloatArray, Steps

from .encoder import _PHASES, LAYOUT, HalliGalliEncoder

_AT: Final = LAYOUT.offsets


def observe_state(st: Any, seat: int, prefix: Steps = ()) -> FloatArray:
    """The encoder's tensor of ``seat``'s view, computed from ``st`` directly."""
    out = np.zeros(LAYOUT.size, dtype=np.float32)
    at = _AT
    n = int(st.players)
    show_backs = st.settings.show_backs
    fruits = [0, 0, 0, 0]
    top, animals, piles, draws = at["top"], at["animals"], at["pile_sizes"], at["draw_sizes"]
    backs, status = at["backs"], at["status"]
    for s in range(n):
        r = (s - seat) % n
        pile, draw = st.table[s], st.draw[s]
        if pile:
            card = pile[-1]
            out[top + r * KINDS + card] = 1.0
            a, b, c, d = FRUIT[card]
            fruits[0] += a
            fruits[1] += b
            fruits[2] += c
            fruits[3] += d
            if ANIMAL[card]:
                out[animals + ANIMAL[card] - 1] = 1.0
        out[piles + r] = len(pile) / 128
        out[draws + r] = len(draw) / 128
        if show_backs and draw:
            out[backs + r * 2 + EDITION[draw[-1]]] = 1.0
        out[status + r * 3 + (2 if st.out[s] else 1 if not draw else 0)] = 1.0
    f = at["fruits"]
    out[f : f + 4] = [x / 5 for x in fruits]
    phase = st.phase
    if st.to_flip >= 0 and phase == "round":
        out[at["to_flip"] + (st.to_flip - seat) % n] = 1.0
    chain = st.chain
    last = chain[-1] if chain else None
    a = at["round"]
    out[a : a + 5] = (
        (st.version - st.round_start) / 50,
        len(chain) / 10,
        bool(last and last[1]),
        bool(last and last[2] == seat),
        len(st.aside) / 10,
    )
    if st.extra_life_by >= 0:
        out[at["extra_life_by"] + (st.extra_life_by - seat) % n] = 1.0
    out[at["phase"] + _PHASES.index(phase)] = 1.0
    finale = st.finale
    if finale is not None:
        setter = finale.setter(st.finale_cards())
        if setter is not None:
            out[at["finale_setter"] + (setter - seat) % n] = 1.0
        for s in finale.players:
            out[at["finale_players"] + (s - seat) % n] = 1.0
        for s in finale.throws:
            out[at["finale_thrown"] + (s - seat) % n] = 1.0
        out[at["finale"]] = (finale.stake or 0) / 128
        own = finale.throws.get(seat)
        if own is not None:
            out[at["finale"] + 1 + own] = 1.0
    o = at["options"]
    out[o : o + 2] = (bool(st.settings.stray_cards), bool(st.settings.full_deck))
    return out


class HalliGalliStateEncoder(HalliGalliEncoder):
    """The game's encoder with the learners' fast path: :meth:`observe_state` fills the
    same tensor straight from the state (the face the game declares). A subclass here,
    so that the encoder's layout module never imports this one."""

    def observe_state(self, state: State, seat: int, prefix: Steps = ()) -> FloatArray:
        return observe_state(state, seat, prefix)
