"""Measurements shared by the command line and the scripts in ``bench/``.

``playouts`` times random games through the public engine API only (load, new_state,
legal_actions, apply), so it measures what every face of the project pays per step. It
counts what :mod:`spieltisch.peers` compares with other libraries: a step is one player
decision, a deal one shuffle and its play; the clock is the process's CPU time.
``duel`` plays two bot levels against each other with the seats rotated, for the bot
ladder's figures. Neither belongs in a test: timings vary from machine to machine.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

from spieltisch import bots
from spieltisch.engine import load


@dataclass(frozen=True, slots=True)
class PlayoutStats:
    """Random playouts of one game."""

    game: str
    games: int
    plies: int
    seconds: float
    deals: int = 0
    """Deals played: a game of several deals (a Hydra match, a Kalooki club game) counts
    each; 0 when not counted."""

    @property
    def plies_per_game(self) -> float:
        return self.plies / self.games if self.games else 0.0

    @property
    def playouts_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    @property
    def steps_per_second(self) -> float:
        return self.plies / self.seconds if self.seconds > 0 else 0.0

    @property
    def deals_per_second(self) -> float:
        return self.deals / self.seconds if self.seconds > 0 else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            **asdict(self),
            "plies_per_game": round(self.plies_per_game, 2),
            "playouts_per_second": round(self.playouts_per_second, 2),
            "deals_per_second": round(self.deals_per_second, 2),
            "steps_per_second": round(self.steps_per_second, 1),
        }


def deals_of(details: dict[str, Any]) -> int:
    """Deals in a finished game, from its result details: Kalooki counts them
    (``deals``), Hydra lists its games with their Armut redeals; any other game is one
    deal per listed game, or one."""
    count = details.get("deals")
    if isinstance(count, int):
        return count
    played = details.get("games")
    if isinstance(played, list) and played:
        return sum(1 + len(g.get("redeals", ())) if isinstance(g, dict) else 1 for g in played)
    return 1


def playouts(
    name: str, games: int, seed: int = 0, players: int | None = None, **options: Any
) -> PlayoutStats:
    """Play ``games`` uniformly random games of ``name`` and time them.

    The action choice uses one seeded RNG, so two runs play the same games; one
    ``choice`` per step (the seat is drawn only when several seats may act), as the peer
    runners do. Each chosen legal action goes through the unchecked ``play``, as the
    peers' bare engines apply theirs (OpenSpiel's ``ApplyAction``). Time is the CPU time
    of this process, so other work on the machine does not skew the figures.
    """
    game = load(name, **options)
    rng = random.Random(seed)
    choice = rng.choice
    plies = 0
    deals = 0
    start = time.process_time()
    for n in range(games):
        state = game.new_state(players, seed=seed + n)
        while not state.is_over():
            seats = state.active_seats()
            seat = seats[0] if len(seats) == 1 else choice(seats)
            state.play(seat, choice(state.legal_actions(seat)))
            plies += 1
        result = state.result()
        deals += deals_of(result.details) if result is not None else 1
    return PlayoutStats(name, games, plies, time.process_time() - start, deals)


@dataclass(slots=True)
class DuelStats:
    """Matches of bot level ``a`` against level ``b``, from ``a``'s point of view."""

    game: str
    a: str
    b: str
    matches: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    points_a: float = 0.0
    points_b: float = 0.0
    moves: int = 0
    seconds_a: float = 0.0
    per_colour: dict[str, list[int]] | None = None
    """Single games (of a match) won/drawn/lost by ``a`` per colour it played."""

    @property
    def win_rate(self) -> float:
        """Wins plus half the draws, per match."""
        return (self.wins + self.draws / 2) / self.matches if self.matches else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            **asdict(self),
            "win_rate": round(self.win_rate, 4),
            "ms_per_move_a": round(1000 * self.seconds_a / max(1, self.moves), 3),
        }


def duel(
    name: str,
    a: str,
    b: str,
    matches: int,
    seed: int = 0,
    progress: Callable[[int], None] | None = None,
    **options: Any,
) -> DuelStats:
    """Play ``matches`` matches of level ``a`` against level ``b``; ``a`` takes seat
    ``n % players`` in match ``n``, the other seats are ``b``.

    ``progress`` is called with the number of matches played after each one.
    """
    game = load(name, **options)
    stats = DuelStats(name, a, b, per_colour={})
    per_colour = stats.per_colour
    assert per_colour is not None
    for n in range(matches):
        state = game.new_state(seed=seed + n)
        seat_a = n % state.players
        players = [
            bots.make(game, a if s == seat_a else b, seed=seed * 1000 + 10 * n + s)
            for s in range(state.players)
        ]
        while not state.is_over():
            seat = state.active_seats()[0]
            began = time.process_time()
            action = players[seat].plan(state.view(seat), seat, 0.0).action
            if seat == seat_a:
                stats.seconds_a += time.process_time() - began
                stats.moves += 1
            state.apply(seat, action)
        result = state.result()
        assert result is not None
        stats.matches += 1
        stats.points_a += result.scores[seat_a]
        stats.points_b += sum(result.scores) - result.scores[seat_a]
        best = min(result.ranks)
        if result.ranks[seat_a] != best:
            stats.losses += 1
        elif result.ranks.count(best) > 1:
            stats.draws += 1
        else:
            stats.wins += 1
        for played in result.details.get("games", []):
            colours, points = played.get("colours"), played.get("points")
            if not colours or not points:
                continue
            tally = per_colour.setdefault(colours[seat_a], [0, 0, 0])
            mine, theirs = points[seat_a], max(p for s, p in enumerate(points) if s != seat_a)
            tally[0 if mine > theirs else 1 if mine == theirs else 2] += 1
        if progress is not None:
            progress(n + 1)
    return stats


__all__ = ["DuelStats", "PlayoutStats", "deals_of", "duel", "playouts"]
