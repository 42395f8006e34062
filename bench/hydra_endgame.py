"""Hydra's ``expert`` search with the last tricks of every sampled world solved: an
outside bot for ``spieltisch arena`` and ``bench/ladder.py`` (docs/bots.md, "The last
tricks solved in every world").

``strong`` and ``expert`` roll every sampled world out with the ``rules`` bot at every
seat, and more rollouts of the same kind only estimate the same values more finely.
Programs for trick-taking games (GIB in bridge, Kermit in Skat) estimate something
else: in a sampled world every hand is known, so they play its tricks out perfectly for
both sides. ``EndgameExpert`` does that for the last ``SOLVED_TRICKS`` tricks of each
world (``finish``, the rollout search's hook): the ``rules`` bot plays until then, and
an alpha-beta search of the card points (HY-R6) plays the rest. Only the sampled world
is searched, never the real deal. Measured against ``strong`` it was not shown to be
stronger, so no level is built on it:

    .venv/bin/python bench/ladder.py --games hydra --rungs strong,expert --deals 10 --seed 55
    spieltisch arena hydra --bots random,rules,ismcts,strong,bench.hydra_endgame:EndgameExpert
"""

from __future__ import annotations

from typing import Final

from spieltisch.bots.ladder import rollout_bot
from spieltisch.bots.rollout import RolloutBot
from spieltisch.engine import Game, State
from spieltisch.games.hydra.actions import PLAYS
from spieltisch.games.hydra.cards import POINTS
from spieltisch.games.hydra.phases import PLAY, TRICKS
from spieltisch.games.hydra.play import playable, trick_winner
from spieltisch.games.hydra.scoring import PLAYING, is_three_party
from spieltisch.games.hydra.state import HydraState

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

    def solve(self, trick: list[Card], turn: int, done: int) -> tuple[int, list[Card]]:
        """The playing party's card points from here with best play on both sides, and
        the line that gets them: every card still to be played, in order.

        :param trick: the cards on the table.
        :param turn: the seat to play.
        :param done: the tricks finished before this one.
        """
        line: list[Card] = []
        value = self._search(list(trick), turn, done, -1, 10_000, line)
        return value, line

    def _search(
        self, trick: list[Card], turn: int, done: int, alpha: int, beta: int, line: list[Card]
    ) -> int:
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


ROLLOUTS: Final = 400
"""Fewer than ``expert``'s 1,600: Hydra's search gains nothing beyond 150 rollouts
(docs/bots.md), and a solved world costs about 2.5 rolled-out ones."""


class EndgameExpert(RolloutBot):
    """Hydra's ``expert`` (its stop rule and judge) with ``ROLLOUTS`` rollouts whose last
    ``SOLVED_TRICKS`` tricks in every two-party world are played by ``Endgame``."""

    def __init__(self, game: Game, seed: int = 0) -> None:
        expert = rollout_bot(game, "expert", seed=seed)
        super().__init__(
            game,
            expert.base,
            seed=seed,
            rollouts=ROLLOUTS,
            horizon=expert.horizon,
            stop=expert.stop,
            evaluate=expert.evaluate,
            z=expert.z,
            finish=finish,
        )
        self.level = "endgame-expert"
