"""The finale: rock-paper-scissors poker between the last two players (§4.5, HG-R10).

When only two players are left, the current round is played out; then the player with
fewer cards sets a stake (1 to all of his cards), the other matches it, and both throw
rock, paper or scissors. A drawn throw is repeated with the same stake. The winner of a
throw takes the loser's stake; this repeats until one player holds all cards.

Throws are simultaneous and hidden (HG-R10): the core keeps the first throw secret —
views show only *that* a seat has thrown, the apply event says nothing of the shape —
until the second throw is in; then both are revealed together. Which seat applies first
therefore changes nothing.

Spieltisch ruling HG-R10a: with equal card counts, the stake is set by the player who
did not win the previous throw (at the first stake: who did not win the last round).
The stake is "the other matches it": matching is automatic, not a decision.
"""

from __future__ import annotations

from typing import Any

from mypy_extensions import mypyc_attr

from spieltisch.engine import Event, IllegalAction

from .actions import SHAPES, Stake, Throw


def beats(a: int, b: int) -> bool:
    """Whether shape ``a`` beats shape ``b`` (paper > rock > scissors > paper).

    >>> beats(SHAPES.index("paper"), SHAPES.index("rock"))
    True
    """
    return (a - b) % 3 == 1


@mypyc_attr(native_class=False)  # pickled with the state: a native class loses its fields
class Finale:
    """The finale's own state: who plays, the stake, hidden throws, the history."""

    __slots__ = ("history", "last_winner", "players", "stake", "throws")

    def __init__(self, players: tuple[int, int], last_winner: int) -> None:
        self.players = players
        """The two seats, in seat order."""
        self.last_winner = last_winner
        """Who won the last throw (before the first: the last round), for HG-R10a."""
        self.stake = 0
        """Cards at stake in the current throw; 0 while no stake is set."""
        self.throws: dict[int, int] = {}
        """Hidden throws of the current exchange, per seat."""
        self.history: list[dict[str, Any]] = []
        """Every resolved throw: stake, both shapes, winner (None for a draw)."""

    def setter(self, cards: dict[int, int]) -> int:
        """Who sets the next stake: fewer cards, ties per HG-R10a."""
        a, b = self.players
        if cards[a] != cards[b]:
            return a if cards[a] < cards[b] else b
        return b if self.last_winner == a else a

    def other(self, seat: int) -> int:
        a, b = self.players
        return b if seat == a else a

    def active(self, cards: dict[int, int]) -> tuple[int, ...]:
        if not self.stake:
            return (self.setter(cards),)
        return tuple(s for s in self.players if s not in self.throws)

    def legal(self, seat: int, cards: dict[int, int]) -> list[Stake | Throw]:
        if seat not in self.active(cards):
            return []
        if not self.stake:
            return [Stake(n) for n in self.stakes(seat, cards)]
        return [Throw(i) for i in range(3)]

    @staticmethod
    def stakes(seat: int, cards: dict[int, int]) -> range:
        """HG-R10: a stake is one card up to all the setter's cards."""
        return range(1, cards[seat] + 1)

    def refusal(self, seat: int, action: Any, cards: dict[int, int]) -> IllegalAction | None:
        """Why ``seat`` may not make ``action`` now (HG-R10), or ``None``; ``cards`` held
        per finalist."""
        if isinstance(action, Stake):
            if self.stake:
                return IllegalAction("HG-R10", f"{action}: the stake is already {self.stake}")
            if action.cards not in self.stakes(seat, cards):
                return IllegalAction(
                    "HG-R10", f"{action}: a stake is 1 to all of your {cards[seat]} cards"
                )
            return None
        if not isinstance(action, Throw):
            return IllegalAction("HG-R10", f"{action}: the finale is rock-paper-scissors poker")
        if not self.stake:
            return IllegalAction("HG-R10", f"{action}: the stake is not set yet")
        if seat in self.throws:
            return IllegalAction("HG-R10", f"{action}: you have already thrown")
        return None

    def play(self, seat: int, action: Any, draw: list[list[int]]) -> tuple[list[Event], int | None]:
        """Make the stake or throw of ``seat`` that :meth:`refusal` allows; stakes move
        between the ``draw`` piles (top of the loser's, under the winner's). Returns the
        events and the seat that has just lost its last card, if any."""
        if isinstance(action, Stake):
            self.stake = action.cards
            return [{"type": "stake", "seat": seat, "cards": action.cards}], None
        self.throws[seat] = action.shape
        events: list[Event] = [{"type": "thrown", "seat": seat}]
        if len(self.throws) < 2:
            return events, None
        stake = self.stake
        winner = self.resolve()
        events.append(
            {
                "type": "throws",
                "throws": self.history[-1]["throws"],
                "winner": winner,
                "stake": stake,
            }
        )
        if winner is None:
            return events, None
        loser = self.other(winner)
        for _ in range(stake):
            draw[winner].insert(0, draw[loser].pop())
        return events, (loser if not draw[loser] else None)

    def resolve(self) -> int | None:
        """Both throws are in: record them, clear them; the winner, or None for a draw."""
        a, b = self.players
        ta, tb = self.throws[a], self.throws[b]
        winner = a if beats(ta, tb) else b if beats(tb, ta) else None
        self.history.append(
            {
                "stake": self.stake,
                "throws": {str(a): SHAPES[ta], str(b): SHAPES[tb]},
                "winner": winner,
            }
        )
        self.throws = {}
        if winner is not None:
            self.last_winner = winner
            self.stake = 0
        return winner

    def view(self, seat: int | None, cards: dict[int, int]) -> dict[str, Any]:
        """Public finale state; a seat also sees its own pending throw, never the other's."""
        own = self.throws.get(seat) if seat is not None else None
        return {
            "players": list(self.players),
            "setter": self.setter(cards),
            "stake": self.stake or None,
            "thrown": sorted(self.throws),
            "my_throw": SHAPES[own] if own is not None else None,
            "history": [dict(h) for h in self.history],
            "last_winner": self.last_winner,
        }

    def dump(self) -> dict[str, Any]:
        return {
            "players": list(self.players),
            "last_winner": self.last_winner,
            "stake": self.stake,
            "throws": {str(s): t for s, t in self.throws.items()},
            "history": [dict(h) for h in self.history],
        }

    @classmethod
    def restore(cls, data: dict[str, Any]) -> Finale:
        a, b = (int(s) for s in data["players"])
        finale = cls((a, b), int(data["last_winner"]))
        finale.stake = int(data["stake"])
        finale.throws = {int(s): int(t) for s, t in data["throws"].items()}
        finale.history = [dict(h) for h in data["history"]]
        return finale
