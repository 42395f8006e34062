"""Who sits where in a tournament: every bot in every seat, each deal played mirrored.

A *lineup* is one bot per seat. With fewer bots than seats they repeat in turn
(``a, b, a, b, a`` at a five-seat table); with more bots than seats every combination of
them gets a table. Each lineup is then played in all its cyclic rotations on the same
deal (the same game seed), so every bot meets every deal from every seat and luck of the
deal cancels out: the duplicate-bridge idea, which works for every game here because a
game's deal is fixed by its seed.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from spieltisch.engine import derive_rng


@dataclass(frozen=True, slots=True)
class Seating:
    """One game of a tournament."""

    index: int
    """Position in the tournament; records and ratings are kept in this order."""
    deal: int
    """Which deal (game seed) of the tournament this game plays."""
    seed: int
    """The game seed; equal for every game of one deal."""
    seats: tuple[str, ...]
    """Bot spec per seat."""
    bot_seeds: tuple[int, ...]
    """Seed of each seat's bot."""


def lineups(bots: list[str], players: int) -> list[tuple[str, ...]]:
    """The tables of one deal before rotation.

    >>> lineups(["a", "b"], 5)
    [('a', 'b', 'a', 'b', 'a')]
    >>> lineups(["a", "b", "c"], 2)
    [('a', 'b'), ('a', 'c'), ('b', 'c')]
    """
    if len(bots) <= players:
        return [tuple(bots[i % len(bots)] for i in range(players))]
    return list(combinations(bots, players))


def rotations(lineup: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Every cyclic rotation: each lineup position visits each seat once.

    >>> rotations(("a", "b", "c"))
    [('a', 'b', 'c'), ('b', 'c', 'a'), ('c', 'a', 'b')]
    """
    n = len(lineup)
    return [tuple(lineup[(seat + shift) % n] for seat in range(n)) for shift in range(n)]


def games_per_deal(bots: list[str], players: int) -> int:
    return len(lineups(bots, players)) * players


def schedule(bots: list[str], players: int, games: int, seed: int) -> list[Seating]:
    """At least ``games`` games, rounded up to whole deals so the rotation stays fair."""
    if not bots:
        raise ValueError("a tournament needs at least one bot")
    per_deal = games_per_deal(bots, players)
    deals = max(1, -(-games // per_deal))
    out: list[Seating] = []
    for deal in range(deals):
        game_seed = derive_rng(seed, "arena-deal", deal).getrandbits(31)
        for lineup in lineups(bots, players):
            for seats in rotations(lineup):
                index = len(out)
                rng = derive_rng(seed, "arena-bots", index)
                bot_seeds = tuple(rng.getrandbits(31) for _ in seats)
                out.append(Seating(index, deal, game_seed, seats, bot_seeds))
    return out
