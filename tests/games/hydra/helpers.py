"""Shared factories for the Hydra tests: rigged deals, hand-made tricks, random play."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any

from spieltisch.games.hydra import Hydra, HydraState
from spieltisch.games.hydra.cards import DECK, HEARTS, SPADES, card, parse_card
from spieltisch.games.hydra.scoring import Trick

RANK_BY_POINTS = {11: 5, 10: 4, 4: 3, 3: 2, 2: 1, 0: 0}


def cards(text: str) -> list[int]:
    """``"HY H10 CQ"`` -> card ints."""
    return [parse_card(w) for w in text.split()]


def rigged(
    hands: dict[int, str],
    *,
    players: int = 5,
    seed: int = 0,
    **options: Any,
) -> HydraState:
    """A new match whose first deal gives ``hands`` (partly) to the named seats.

    Cards not named are dealt in deck order to fill every playing seat up to 10, so a
    test names only what matters (take care to name all black queens when parties
    matter: otherwise they land on the first seats with room).
    """
    state = Hydra(**options).new_state(players, seed)
    named = {s: cards(t) for s, t in hands.items()}
    pool = Counter(DECK)
    for h in named.values():
        pool.subtract(h)
    assert all(v >= 0 for v in pool.values()), "a card is named more than twice"
    rest = sorted(pool.elements())
    new: list[list[int]] = [[] for _ in range(players)]
    for s in state.seats:
        new[s] = list(named.get(s, []))
        assert len(new[s]) <= 10
        while len(new[s]) < 10:
            new[s].append(rest.pop(0))
        new[s].sort()
    state.hands = new
    return state


def say(state: HydraState, *words: str) -> None:
    """Play actions in notation for whoever is to act, in order."""
    for w in words:
        seat = state.active_seats()[0]
        state.apply(seat, state.game.parse_action(w))


def make_trick(
    winner: int, points: int, seats: list[int]
) -> tuple[int, tuple[tuple[int, int], ...]]:
    """A hand-made trick worth ``points`` won by ``winner``, without ♦A or ♣J."""
    for combo in itertools.combinations_with_replacement((11, 10, 4, 3, 2, 0), len(seats)):
        if sum(combo) == points:
            suits = itertools.cycle((HEARTS, SPADES))
            return winner, tuple(
                (s, card(next(suits), RANK_BY_POINTS[p])) for s, p in zip(seats, combo, strict=True)
            )
    raise ValueError(f"no trick of {points}")


def tricks_for(points: dict[int, list[int]], seats: list[int]) -> list[Trick]:
    """Tricks won per seat with the given trick values, in seat order."""
    out: list[Trick] = []
    for s, values in points.items():
        out.extend(make_trick(s, v, seats) for v in values)
    return out


def random_play(state: HydraState, rng: random.Random, steps: int | None = None) -> None:
    """Random legal actions until the match ends (or ``steps`` actions)."""
    done = 0
    while not state.is_over() and (steps is None or done < steps):
        seat = state.active_seats()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        done += 1
