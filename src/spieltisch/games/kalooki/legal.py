"""Kalooki's legal actions: complete and bounded.

Complete, because :func:`~.meldsearch.all_melds` lists every meld the hand can lay (runs
of any length, every choice of what each joker stands for), and builds and swaps are
single cards (or a set's two missing cards) on the finitely many table melds. Bounded,
because a hand holds at most 14 cards and two jokers: the list stays in the hundreds at
worst and is usually a few dozen. Validation is the refusal of ``apply``: cheap candidates go
through the same refusal checks, with fast paths only where those checks cannot fail.
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING, Any, Final

from .actions import DRAW_DISCARD, DRAW_STOCK, Build, Discard, KalookiAction, Meld, Swap
from .cards import FACES, JOKER
from .melds import JOKER_TOKEN, MAX_RUN, card_of, joker_as, named
from .meldsearch import MeldTable
from .phases import DRAW, OVER

if TYPE_CHECKING:
    from .state import KalookiState

# Action objects are immutable, so they are made once and reused: building frozen
# dataclasses was the largest cost of a legal-action list.
_DISCARDS: Final = tuple(Discard(f) for f in range(FACES))
_BUILDS: Final[dict[tuple[int, int], Build]] = {}
_CACHE_LIMIT: Final = 200_000
"""Builds are finitely many; the cap only bounds memory in odd uses."""


_MELD_OBJECTS: Final[dict[tuple[int, ...], Meld]] = {}
"""One ``Meld`` per token tuple: a run or set appears in the entries of many held
patterns, and a new pattern's entry (made while the meld table fills) then reuses the
objects instead of building frozen dataclasses again."""


def _meld_actions(melds: tuple[tuple[int, ...], ...]) -> tuple[Meld, ...]:
    if len(_MELD_OBJECTS) >= _CACHE_LIMIT:
        _MELD_OBJECTS.clear()
    out: list[Meld] = []
    for m in melds:
        a = _MELD_OBJECTS.get(m)
        if a is None:
            a = _MELD_OBJECTS[m] = Meld(m)
        out.append(a)
    return tuple(out)


_MELDS: Final[MeldTable[Meld]] = MeldTable(_meld_actions)
"""Every hand's meld actions, made once per suit or rank pattern."""


def _build(meld: int, token: int) -> Build:
    key = (meld, token)
    a = _BUILDS.get(key)
    if a is None:
        if len(_BUILDS) >= _CACHE_LIMIT:
            _BUILDS.clear()
        a = _BUILDS[key] = Build(meld, token)
    return a


def legal_actions(state: KalookiState, seat: int) -> list[Any]:
    """Every legal action: complete, since :func:`~.meldsearch.all_melds` lists every meld of the
    hand, and builds/swaps are single cards on the finitely many table melds."""
    if state.phase == OVER or seat != state.to_move:
        return []
    if state.phase == DRAW:
        # The draw refusals of ``_refusal``: an empty stock or pile (the phase is DRAW).
        if state.stock:
            return [DRAW_STOCK, DRAW_DISCARD] if state.pile else [DRAW_STOCK]
        return [DRAW_DISCARD] if state.pile else []
    hand = state.hands[seat]
    # Fast paths: with no freed joker pending and enough cards left after an action,
    # the hand checks of ``_hand_refusal`` cannot fail; everything else takes the
    # general check, so the list stays exactly the set of accepted actions.
    spare = state.sizes[seat] - 2 if not state.freed else -99
    legal: list[KalookiAction] = []
    if not state.freed:
        legal.extend(compress(_DISCARDS, hand))
        if state.locked and hand[state.taken] == 1:
            legal.remove(_DISCARDS[state.taken])  # KA-R4: not the card just taken
    melds, longest = _MELDS.of(hand)
    # Melds from the search are valid by construction: check only the hand, and only
    # where a meld leaves too few cards for the fast path.
    if spare >= longest:
        legal.extend(melds)
        melds = []
    for a in melds:
        mt = a.tokens
        size = len(mt)
        if spare >= size:
            legal.append(a)
            continue
        is_set = named(mt[0]) % 13 == named(mt[1]) % 13
        cap = 4 - size if is_set else MAX_RUN - size
        if state._hand_refusal(seat, a, [card_of(t) for t in mt], 0, cap) is None:
            legal.append(a)
    opened = state.opened[seat]
    first = 0 if opened else state.new_from
    if first >= len(state.melds):
        return legal  # no table meld this seat may build on
    cands: list[KalookiAction] = []
    jokers = hand[JOKER] > 0
    for i in range(first, len(state.melds)):
        m = state.melds[i]
        if m.is_run:
            for f in m.build_ends():
                if spare >= 1:
                    if hand[f]:
                        legal.append(_build(i, f))
                    if jokers:
                        legal.append(_build(i, joker_as(f)))
                else:
                    if hand[f]:
                        cands.append(_build(i, f))
                    if jokers:
                        cands.append(_build(i, joker_as(f)))
        elif not m.closed:
            for f in (m.key - 1, m.key + 12, m.key + 25, m.key + 38):
                if hand[f]:
                    cands.append(_build(i, f))
                if jokers:
                    cands.append(_build(i, joker_as(f)))
        if not opened:
            continue
        if m.is_run:
            for t in m.tokens:
                if t >= JOKER_TOKEN and hand[t - JOKER_TOKEN]:
                    cands.append(Swap(i, (t - JOKER_TOKEN,)))
        elif not m.closed and len(m.tokens) == 3 and m.jokers():
            missing = sorted(set(m.build_ends()) | {named(t) for t in m.tokens if t >= JOKER_TOKEN})
            if m.jokers() == 1:
                if all(hand[f] for f in missing):
                    cands.append(Swap(i, tuple(missing)))
            else:
                cands.extend(Swap(i, (f,)) for f in missing if hand[f])
    if cands:
        legal.extend(a for a in cands if state._refusal(seat, a) is None)
    return legal
