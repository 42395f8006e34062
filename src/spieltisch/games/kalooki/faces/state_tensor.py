"""Kalooki's observation tensor straight from the state: the learners' fast path.

The encoder's :meth:`~.encoder.KalookiEncoder.observe` reads a seat's JSON view, which
names every card and every legal action as text; a learning loop pays for that on every
step. This module fills the same tensor from the state's own counts and lists, reading
only what that seat's view shows (its own hand, public counts, the table, the pile), so
the tensor stays a function of the view. ``tests/interop/test_fast_path.py`` checks both
give equal arrays.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np

from spieltisch.games.kalooki.cards import FACES
from spieltisch.games.kalooki.limits import MAX_RESTOCKS, MAX_TURNS, OPENING
from spieltisch.games.kalooki.melds import JOKER_TOKEN
from spieltisch.games.kalooki.phases import OVER, PHASE_NAMES
from spieltisch.interop.encoders.base import FloatArray, Steps

from .encoder import _PHASES, LAYOUT, MAX_MELDS, MELD_BASE, MELD_END, SLOTS, TOKENS

_AT: Final = LAYOUT.offsets
_PHASE_INDEX: Final = tuple(_PHASES.index(name) for name in PHASE_NAMES)
_INFO: Final = SLOTS + 4
_HALF: Final = np.float32(0.5)


def observe_state(state: Any, seat: int, prefix: Steps = ()) -> FloatArray:
    """The encoder's tensor of ``seat``'s view, computed from ``state`` directly."""
    out = np.zeros(LAYOUT.size, dtype=np.float32)
    players = int(state.players)
    at = _AT
    a = at["hand"]
    out[a : a + FACES] = np.asarray(state.hands[seat], dtype=np.float32) * _HALF
    known = at["known"]
    for s in range(players):
        r = (s - seat) % players
        k = known + r * FACES
        out[k : k + FACES] = np.asarray(state.known[s], dtype=np.float32) * _HALF
        out[at["hand_sizes"] + r] = state.sizes[s] / 20
        out[at["opened"] + r] = bool(state.opened[s])
        out[at["alive"] + r] = bool(state.alive[s])
        out[at["totals"] + r] = state.totals[s] / 100
    pile = state.pile
    if pile:
        a = at["discard_pile"]
        out[a : a + FACES] = np.bincount(pile, minlength=FACES).astype(np.float32) * _HALF
        out[at["discard_top"] + pile[-1]] = 1.0
    out[at["stock"]] = len(state.stock) / 106
    info, cards = at["meld_info"], at["meld_cards"]
    new_from = state.new_from
    for i, meld in enumerate(state.melds[:MAX_MELDS]):
        row = info + i * _INFO
        out[row + (meld.owner - seat) % players] = 1.0
        out[row + SLOTS] = bool(meld.is_run)
        out[row + SLOTS + 1] = not meld.is_run
        out[row + SLOTS + 2] = bool(meld.closed)
        out[row + SLOTS + 3] = i >= new_from
        base = cards + i * TOKENS
        for t in meld.tokens:
            out[base + (t - JOKER_TOKEN + 52 if t >= JOKER_TOKEN else t)] += 1.0
    over = state.phase == OVER
    if not over:
        out[at["to_move"] + (state.to_move - seat) % players] = 1.0
    out[at["dealer"] + (state.dealer - seat) % players] = 1.0
    out[at["phase"] + _PHASE_INDEX[state.phase]] = 1.0
    if state.taken >= 0:
        out[at["taken"] + state.taken] = 1.0
    a = at["turn"]
    out[a : a + 5] = (
        bool(state.locked),
        state.freed / 2,
        state.turn_value / OPENING,
        bool(state.opened_start),
        bool(state.touched),
    )
    settings = state.settings
    a = at["match"]
    out[a : a + 8] = (
        state.restocks / max(1, MAX_RESTOCKS),
        state.turns / MAX_TURNS,
        (state.deal_no + 1) / 10,
        settings.format == "ring",
        settings.format == "club",
        settings.stake / 100,
        players == SLOTS,
        bool(state.is_over()),
    )
    a = at["pending_meld"]
    for i in prefix:
        if MELD_BASE <= i < MELD_END:
            out[a + i - MELD_BASE] += 1.0
    return out
