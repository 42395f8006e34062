"""Shared set-ups for Halli-Galli-Extreem tests: a state with hand-picked piles.

Cards are named as in views (``3B``, ``BLP``, ``PIG``); pile lists go bottom to top, so
the last name of a draw pile is flipped next and the last of a face-up pile is its top.
The piles need not hold a whole deck: scenario states are never restored from JSON.
"""

from __future__ import annotations

import json
from typing import Any

from spieltisch.games.halligalli import HalliGalli, HalliGalliState
from spieltisch.games.halligalli.bell import is_bell_valid
from spieltisch.games.halligalli.cards import card_by_name


def cards(*names: str) -> list[int]:
    return [card_by_name(n) for n in names]


def make_state(
    draws: list[list[str]],
    tables: list[list[str]] | None = None,
    *,
    to_flip: int = 0,
    aside: tuple[str, ...] = (),
    out: tuple[int, ...] = (),
    **options: Any,
) -> HalliGalliState:
    """A state with these piles; ``out`` lists seats already out of the game."""
    n = len(draws)
    state = HalliGalli(**options).new_state(players=n, seed=1)
    assert isinstance(state, HalliGalliState)
    state.draw = [cards(*d) for d in draws]
    state.table = [cards(*t) for t in (tables or [[] for _ in range(n)])]
    state.aside = cards(*aside)
    state.to_flip = to_flip
    state.anchor = (to_flip - 1) % n
    for k, seat in enumerate(out, start=1):
        state.out[seat] = k
        state.out_count = k
    state._seats_in = tuple(s for s in range(n) if not state.out[s])
    for s in range(n):
        state.swim_since[s] = -1 if state.draw[s] or state.out[s] else 0
    state.chain = [[state.version, int(is_bell_valid(state.tops())), -1]]
    return state


def total_cards(state: HalliGalliState) -> int:
    return len(state.aside) + sum(len(p) for p in state.draw + state.table)


def names(pile: list[int]) -> list[str]:
    from spieltisch.games.halligalli.cards import NAMES

    return [NAMES[c] for c in pile]


def play_randomly(state: HalliGalliState, rng: Any, *, odd_rings: float = 0.1) -> None:
    """Random legal play to the end. Some rings are sent with an older table version
    (as a runtime does for rings inside the §4.2c window) or none; refused ones must
    leave the state unchanged."""
    from spieltisch.engine import IllegalAction
    from spieltisch.games.halligalli import Ring

    size = total_cards(state)
    while not state.is_over():
        seat = rng.choice(state.active_seats())
        action = rng.choice(state.legal_actions(seat))
        if isinstance(action, Ring) and rng.random() < odd_rings:
            low = max(0, state.round_start - 2)
            action = Ring(rng.choice([None, *range(low, state.version + 1)]))
            before = json.dumps(state._dump())
            try:
                state.apply(seat, action)
            except IllegalAction as err:
                assert err.rule == "HG-R4"
                assert json.dumps(state._dump()) == before
                continue
        else:
            state.apply(seat, action)
        assert total_cards(state) == size
        if not state.is_over() and state.finale is None:
            flipper = state.to_flip
            # Somebody can always act: a flipper, or a valid table (HG-R11 otherwise).
            assert flipper == -1 or (not state.out[flipper] and state.draw[flipper])
            assert flipper >= 0 or is_bell_valid(state.tops())
