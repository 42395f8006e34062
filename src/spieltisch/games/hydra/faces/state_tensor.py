"""Hydra's observation tensor straight from the state: the learners' fast path.

:meth:`~.encoder.HydraEncoder.observe` reads the seat's JSON view, which writes every
card, trick and legal action as text. This module fills the same tensor from the state's
fields, reading only what that view shows (the seat's own hand, the cards played, what
was said, the Antrag as the seat may see it, see ``views.antrag_view``), so the tensor
stays a function of the view; ``tests/interop/test_fast_path.py`` checks both are equal.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np

from spieltisch.engine import State
from spieltisch.games.hydra.actions import WORDS
from spieltisch.games.hydra.cards import CQ, KINDS, SQ
from spieltisch.games.hydra.phases import ANSWER, GIVE, HEALTHY, OVER, PLAY, SOLO
from spieltisch.interop.encoders.base import FloatArray, Steps

from .encoder import GAME_KINDS, LAYOUT, PHASES, SLOTS, HydraEncoder

_AT: Final = LAYOUT.offsets
_WORD: Final = {w: i for i, w in enumerate(WORDS)}
_QUEEN: Final = {SQ: 0, CQ: 1}


def observe_state(st: Any, seat: int, prefix: Steps = ()) -> FloatArray:
    """The encoder's tensor of ``seat``'s view, computed from ``st`` directly."""
    out = np.zeros(LAYOUT.size, dtype=np.float32)
    at = _AT
    players = int(st.players)
    hand = at["hand"]
    for c in st.hands[seat]:
        out[hand + c] += 0.5
    played = at["played_by"]
    known_queens: list[list[int]] = [[] for _ in range(players)]
    for _, cards in st.tricks:
        for s, c in cards:
            out[played + ((s - seat) % players) * KINDS + c] += 0.5
            if c in _QUEEN:
                known_queens[s].append(c)
    trick, leader = at["trick"], at["trick_leader"]
    for i, (s, c) in enumerate(st.trick):
        r = (s - seat) % players
        out[played + r * KINDS + c] += 0.5
        out[trick + r * KINDS + c] = 1.0
        if i == 0:
            out[leader + r] = 1.0
        if c in _QUEEN:
            known_queens[s].append(c)
    known_queens[seat].extend(c for c in st.hands[seat] if c in _QUEEN)
    public_parties = st.phase == PLAY and st.kind != HEALTHY
    said, reservation, party, queen_at = at["said"], at["reservation"], at["party"], at["queens"]
    n_words = len(WORDS)
    for s in range(players):
        r = (s - seat) % players
        out[at["hand_sizes"] + r] = len(st.hands[s]) / 10
        word = st.said[s]
        if word is not None:
            out[said + r * n_words + _WORD[word]] = 1.0
        spec = st.spec[s]
        if spec in ("solo", "antrag"):
            out[reservation + r * 2 + (0 if spec == "solo" else 1)] = 1.0
        if public_parties and st.party[s] >= 0:
            out[party + r * 2 + int(st.party[s])] = 1.0
        for c in known_queens[s]:
            out[queen_at + r * 2 + _QUEEN[c]] += 0.5
        out[at["points"] + r] = st.points[s] / 240
        out[at["tricks_won"] + r] = st.count[s] / 10
        out[at["totals"] + r] = st.totals[s] / 10
    for s in st.seats:
        out[at["in_game"] + (s - seat) % players] = 1.0
    over = st.phase == OVER
    if not over and st.turn is not None:
        out[at["turn"] + (st.turn - seat) % players] = 1.0
    if st.dealer is not None:
        out[at["dealer"] + (st.dealer - seat) % players] = 1.0
    if st.declarer >= 0:
        out[at["declarer"] + (st.declarer - seat) % players] = 1.0
    if st.partner >= 0:
        out[at["partner"] + (st.partner - seat) % players] = 1.0
    out[at["phase"] + PHASES.index(st.phase)] = 1.0
    if st.kind in GAME_KINDS:
        out[at["kind"] + GAME_KINDS.index(st.kind)] = 1.0
    if st.kind == SOLO and st.phase in (PLAY, OVER):
        out[at["contract"] + st.contract] = 1.0
    if st.laid:
        _antrag(out, st, seat, players)
    games = int(st.games_in_match)
    a = at["match"]
    out[a : a + 5] = (
        min(st.game_no + 1, games) / games,
        games / 10,
        len(st.redeals) / 5,
        players == SLOTS,
        bool(st.is_over()),
    )
    return out


def _antrag(out: FloatArray, st: Any, seat: int, players: int) -> None:
    """The Antrag pieces as ``views.antrag_view`` shows them to ``seat``."""
    at = _AT
    out[at["antrag_face_up"] + st.laid[2]] = 1.0
    if seat == st.declarer or seat == st.partner:
        out[at["antrag_queens"] + (0 if st.laid[0] == SQ else 1)] = 1.0
    if seat == st.partner or (seat == st.declarer and len(st.given) == 3):
        for c in st.given:
            out[at["antrag_given"] + c] += 1.0
    a = at["antrag_flags"]
    out[a : a + 4] = (len(st.given) / 3, st.phase == GIVE, st.phase == ANSWER, 1.0)
    if st.partner >= 0:
        out[at["antrag_accepted_by"] + (st.partner - seat) % players] = 1.0
    for s in st.declined:
        out[at["antrag_declined_by"] + (s - seat) % players] = 1.0


class HydraStateEncoder(HydraEncoder):
    """The game's encoder with the learners' fast path: :meth:`observe_state` fills the
    same tensor straight from the state (the face the game declares). A subclass here,
    so that the encoder's layout module never imports this one."""

    def observe_state(self, state: State, seat: int, prefix: Steps = ()) -> FloatArray:
        return observe_state(state, seat, prefix)
