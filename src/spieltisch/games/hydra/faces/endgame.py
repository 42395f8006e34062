"""The last tricks of a sampled Hydra world, played perfectly for both parties.

``strong`` rolls every sampled world out with the ``rules`` bot at every seat, and more
rollouts of the same kind only estimate the same values more finely (docs/bots.md:
Hydra's search gains nothing beyond 150 rollouts). Programs for trick-taking games (GIB
in bridge, Kermit in Skat) estimate something else: in a sampled world every hand is
known, so they play its tricks out perfectly for both sides. ``expert`` does that for the
last ``SOLVED_TRICKS`` tricks of each world (``finish``, the rollout search's hook): the
``rules`` bot plays until then, and an alpha-beta search of the card points (HY-R6) plays
the rest. Only the sampled world is searched, never the real deal, so the bot still
knows no more than its seat sees.
"""

from __future__ import annotations

from typing import Final

from spieltisch.engine import State

from ..actions import PLAYS
from ..cards import POINTS
from ..phases import PLAY, TRICKS
from ..play import playable, trick_winner
from ..scoring import PLAYING, is_three_party
from ..state import HydraState

SOLVED_TRICKS: Final = 3
"""Tricks left when the solver takes over: five hands of three cards are at most
3⁵·2⁵ lines, which alpha-beta settles in about a thousand nodes (under a millisecond)."""

Card = tuple[int, int]
"""``(seat, card)`` as played to a trick."""


class Endgame:
    """Alpha-beta over the tricks left of one world, every hand open.

    The playing party maximises the card points it takes from here on and the other
    party minimises them. Card points decide a two-party game (HY-R7) but for its
    special points, which the solver leaves to the line it finds.
    """

    def __init__(self, st: HydraState) -> None:
        self.contract = st.contract
        self.second_h10 = st.settings.second_h10_wins
        self.hands = [list(h) for h in st.hands]
        self.party = st.party
        self.nxt = st.nxt
        self.seats = len(st.seats)
        self.nodes = 0
        """Positions searched, for the tests and the bench."""

    def solve(self, trick: list[Card], turn: int, done: int) -> tuple[int, list[Card]]:
        """The playing party's card points from here with best play on both sides, and
        the line that gets them: every card still to be played, in order.

        :param trick: the cards on the table; :param turn: the seat to play;
        :param done: the tricks finished before this one.
        """
        line: list[Card] = []
        value = self._search(list(trick), turn, done, -1, 10_000, line)
        return value, line

    def _search(
        self, trick: list[Card], turn: int, done: int, alpha: int, beta: int, line: list[Card]
    ) -> int:
        self.nodes += 1
        hand = self.hands[turn]
        if not hand:
            return 0
        maximise = self.party[turn] == PLAYING
        best = -1 if maximise else 10_001
        best_line: list[Card] = []
        for card in playable(hand, trick, self.contract):
            hand.remove(card)
            trick.append((turn, card))
            rest: list[Card] = []
            if len(trick) == self.seats:
                winner = trick_winner(
                    trick, self.contract, second_h10=self.second_h10, last=done == TRICKS - 1
                )
                won = sum(POINTS[c] for _, c in trick) if self.party[winner] == PLAYING else 0
                value = won + self._search([], winner, done + 1, alpha - won, beta - won, rest)
            else:
                value = self._search(trick, self.nxt[turn], done, alpha, beta, rest)
            trick.pop()
            hand.append(card)
            if value > best if maximise else value < best:
                best = value
                best_line = [(turn, card), *rest]
            if maximise:
                alpha = max(alpha, value)
            else:
                beta = min(beta, value)
            if alpha >= beta:
                break
        line[:] = best_line
        return best


def solvable(st: State) -> bool:
    """Whether ``st`` is a two-party game in its last ``SOLVED_TRICKS`` tricks."""
    return (
        isinstance(st, HydraState)
        and st.phase is PLAY
        and len(st.tricks) >= TRICKS - SOLVED_TRICKS
        and not is_three_party(st.party)
    )


def finish(st: State) -> bool:
    """The rollout search's ``finish``: play the rest of ``st``'s game as ``Endgame``
    finds it, if ``st`` is ``solvable``."""
    if not solvable(st):
        return False
    assert isinstance(st, HydraState)
    _, line = Endgame(st).solve(st.trick, st.turn, len(st.tricks))
    for seat, card in line:
        st.play(seat, PLAYS[card])
    return True
