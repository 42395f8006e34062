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

from spieltisch.engine import State
from spieltisch.games.kalooki.cards import FACES
from spieltisch.games.kalooki.limits import OPENING, STALL_TURNS
from spieltisch.games.kalooki.melds import JOKER_TOKEN
from spieltisch.games.kalooki.phases import OVER, PHASE_NAMES
from spieltisch.interop.encoders.base import FloatArray, Steps

from .encoder import _PHASES, LAYOUT, MAX_MELDS, MELD_BASE, MELD_END, SLOTS, TOKENS, KalookiEncoder

_AT: Final = LAYOUT.offsets
_PHASE_INDEX: Final = tuple(_PHASES.index(name) for name in PHASE_NAMES)
_INFO: Final = SLOTS + 4
_HALF: Final = np.arange(256, dtype=np.float32) * np.float32(0.5)
"""Copies / 2 by count: looking counts up is cheaper than converting and halving."""
assert _AT["known"] == _AT["hand"] + FACES, "hand and known rows are written as one span"


def observe_state(state: Any, seat: int, prefix: Steps = ()) -> FloatArray:
    """The encoder's tensor of ``seat``'s view, computed from ``state`` directly.

    Every entry but the cards of the melds is written once, so they are gathered as
    (index, value) pairs and written by one fancy assignment (far cheaper than writing
    numpy items one by one); the card counts (hand, known cards) are copied as whole
    slices, the pile counted by ``bincount``; a meld may hold a card twice (two decks),
    so its cards are added one by one.
    """
    at = _AT
    players = int(state.players)
    out = np.zeros(LAYOUT.size, dtype=np.float32)
    idx: list[int] = []
    val: list[float] = []
    put, add = idx.append, val.append
    sizes, opened, alive, totals = at["hand_sizes"], at["opened"], at["alive"], at["totals"]
    for s in range(players):
        r = (s - seat) % players
        idx.extend((sizes + r, opened + r, alive + r, totals + r))
        val.extend(
            (
                state.sizes[s] / 20,
                bool(state.opened[s]),
                bool(state.alive[s]),
                state.totals[s] / 100,
            )
        )
    pile = state.pile
    if pile:
        put(at["discard_top"] + pile[-1])
        add(1.0)
    put(at["stock"])
    add(len(state.stock) / 106)
    info, cards = at["meld_info"], at["meld_cards"]
    new_from = state.new_from
    tokens: list[int] = []
    more = tokens.extend
    melds = state.melds[:MAX_MELDS]
    for i, meld in enumerate(melds):
        row = info + i * _INFO
        idx.extend(
            (
                row + (meld.owner - seat) % players,
                row + SLOTS,
                row + SLOTS + 1,
                row + SLOTS + 2,
                row + SLOTS + 3,
            )
        )
        val.extend((1.0, bool(meld.is_run), not meld.is_run, bool(meld.closed), i >= new_from))
        base = i * TOKENS
        more([base + (t - JOKER_TOKEN + 52 if t >= JOKER_TOKEN else t) for t in meld.tokens])
    if state.phase != OVER:
        put(at["to_move"] + (state.to_move - seat) % players)
        add(1.0)
    put(at["dealer"] + (state.dealer - seat) % players)
    add(1.0)
    put(at["phase"] + _PHASE_INDEX[state.phase])
    add(1.0)
    if state.taken >= 0:
        put(at["taken"] + state.taken)
        add(1.0)
    turn, match, settings = at["turn"], at["match"], state.settings
    idx.extend(range(turn, turn + 5))
    val.extend(
        (
            bool(state.locked),
            state.freed / 2,
            state.turn_value / OPENING,
            bool(state.opened_start),
            bool(state.touched),
        )
    )
    idx.extend(range(match, match + 8))
    val.extend(
        (
            state.restocks / max(1, settings.restock_limit),
            state.idle / STALL_TURNS,
            (state.deal_no + 1) / 10,
            settings.format == "ring",
            settings.format == "club",
            settings.stake / 100,
            players == SLOTS,
            bool(state.is_over()),
        )
    )
    base = at["pending_meld"]
    for i in prefix:
        if MELD_BASE <= i < MELD_END:
            out[base + i - MELD_BASE] += 1.0
    # fromiter: numpy's list conversion is slower on floats mixed with bools.
    n = len(idx)
    out[np.fromiter(idx, np.intp, n)] = np.fromiter(val, np.float32, n)
    if tokens:
        # A meld may hold a card twice (two decks): counted, not assigned.
        span = len(melds) * TOKENS
        out[cards : cards + span] = np.bincount(tokens, minlength=span)
    # The hand, then the known cards by relative slot (slot r is seat (seat + r) %
    # players): adjacent rows, counts of 0..2, so they go through bytes, which numpy
    # reads at once (a list of ints it converts one by one); rows of zeros are skipped.
    hand = at["hand"]
    counts = bytearray(state.hands[seat])
    gap = 0
    for r in range(players):
        row = state.known[(seat + r) % players]
        if any(row):
            counts += bytes(gap)
            counts += bytes(row)
            gap = 0
        else:
            gap += FACES
    _HALF.take(np.frombuffer(counts, np.uint8), out=out[hand : hand + len(counts)])
    if pile:
        base = at["discard_pile"]
        out[base : base + FACES] = _HALF[np.bincount(pile, minlength=FACES)]
    return out


class KalookiStateEncoder(KalookiEncoder):
    """The game's encoder with the learners' fast path: :meth:`observe_state` fills the
    same tensor straight from the state (the face the game declares). A subclass here,
    so that the encoder's layout module never imports this one."""

    def observe_state(self, state: State, seat: int, prefix: Steps = ()) -> FloatArray:
        return observe_state(state, seat, prefix)
