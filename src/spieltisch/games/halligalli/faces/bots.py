"""Halli-Galli-Extreem bots with a human reaction model; ``BOTS`` is the game's ladder.

A reaction bot sees only its view. Each time the table changes it judges the face-up
cards with :func:`~spieltisch.games.halligalli.bell.is_bell_valid` and plans, like a
person at the table:

* a valid table: ring after a reaction time drawn from a log-normal distribution (median
  and spread per level), never faster than a human floor; with the level's *miss rate*
  it overlooks the combination: it flips on if it is its turn, else notices only 2–5 s
  later (so a table where nobody can flip never stalls);
* an invalid table: with the level's *false-ring rate* it rings anyway (more often on a
  double pair, the classic beginner's trap of §4.1), otherwise it flips when it is its
  turn, after a flipping time, or waits;
* the finale: a stake drawn uniformly from what it may stake, and a uniformly random
  throw (the equilibrium of rock-paper-scissors; stakes cannot change the odds of a fair
  game).

One decision is taken per table situation (version, flipper, number of rings so far)
and kept when the runtime asks again, so being asked often does not give the bot extra
chances to err; the delay shrinks as the clock advances. ``Plan(None, math.inf)`` means
"nothing to do until the view changes". Rings name the table version the bot reacted
to (``ring@v``), which is what the runtime ranks and what HG-R7's §4.2c allowance uses.
Handicaps (HG-R9) and latencies are the runtime's business, not the bot's.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from spieltisch.bots import Bot, GameBots, Plan
from spieltisch.engine import Game, View

from ..actions import FLIP, Ring, Stake, Throw
from ..bell import count_pairs, is_bell_valid
from ..cards import ANIMAL, ANIMAL_PIG, card_by_name

WAIT = Plan(None, math.inf)
"""The plan "do nothing until the view changes"."""


@dataclass(frozen=True, slots=True)
class Skill:
    """One level of the reaction model; times in seconds, rates per table change."""

    reaction_median: float
    reaction_spread: float
    """Sigma of the log-normal reaction time."""
    floor: float
    """Fastest possible human reaction (HG-R8 distrusts anything below ~0.1 s)."""
    miss_rate: float
    """Chance of not noticing a valid table."""
    false_ring_rate: float
    """Chance of ringing an invalid table."""
    double_pair_trap: float
    """Chance of ringing an even number of pairs (§4.1) as if it were valid."""
    flip_median: float
    """Median time to turn a card when it is the bot's turn."""


SKILLS: dict[str, Skill] = {
    "beginner": Skill(0.85, 0.30, 0.25, 0.20, 0.04, 0.50, 1.2),
    "average": Skill(0.55, 0.22, 0.18, 0.07, 0.015, 0.15, 0.9),
    "expert": Skill(0.32, 0.15, 0.15, 0.0, 0.0, 0.0, 0.6),
}
"""The ladder, weakest first. The expert judges every table correctly and never misses;
its only limit is the human reaction floor."""


class ReactionBot(Bot):
    """A Halli Galli player with a reaction-time distribution and an error model."""

    level = "average"

    def __init__(
        self, game: Game, *, seed: int = 0, delay: float = 0.0, skill: Skill | None = None
    ) -> None:
        super().__init__(game, seed=seed, delay=delay)
        self.skill = skill or SKILLS[self.level]
        self._decisions: dict[tuple[Any, ...], tuple[Any, float]] = {}

    def reaction_time(self) -> float:
        s = self.skill
        return max(s.floor, s.reaction_median * math.exp(self.rng.gauss(0.0, s.reaction_spread)))

    def plan(self, view: View, seat: int, clock: float) -> Plan:
        if not view["legal_actions"]:
            return WAIT
        key = self._situation(view, seat)
        if key not in self._decisions:
            if len(self._decisions) > 64:
                self._decisions.clear()
            action, after = self._decide(view, seat)
            self._decisions[key] = (action, clock + after + self.delay)
        action, due = self._decisions[key]
        if action is None:
            return WAIT
        return Plan(action, max(0.0, due - clock))

    @staticmethod
    def _situation(view: View, seat: int) -> tuple[Any, ...]:
        fin = view.get("finale")
        if fin is not None:
            return (seat, "finale", len(fin["history"]), fin["stake"], tuple(fin["thrown"]))
        return (seat, view["version"], view["to_flip"], view["stats"]["rings"])

    def _decide(self, view: View, seat: int) -> tuple[Any, float]:
        if view["phase"] == "finale":
            return self._finale(view, seat)
        s = self.skill
        tops = [card_by_name(p[-1]) for p in view["table"] if p]
        valid = is_bell_valid(tops)
        if valid and view["ledger"][-1][2] == seat:
            valid = False  # its own stray card: ringing first would be wrong (§4.2b)
        ring = Ring(view["version"])
        late = None
        if valid:
            if self.rng.random() >= s.miss_rate:
                return ring, self.reaction_time()
            # Missed: it notices only seconds later, unless the table moves on first.
            late = (ring, self.reaction_time() + 2.0 + 3.0 * self.rng.random())
        else:
            pairs = count_pairs(tops)
            trap = pairs >= 2 and not any(ANIMAL[c] == ANIMAL_PIG for c in tops)
            rate = s.double_pair_trap if trap else s.false_ring_rate
            if tops and self.rng.random() < rate:
                return ring, self.reaction_time()
        if "flip" in view["legal_actions"] and view["to_flip"] == seat:
            flip = s.flip_median * math.exp(self.rng.gauss(0.0, 0.25))
            return FLIP, max(0.2, flip)
        return late or (None, math.inf)

    def _finale(self, view: View, seat: int) -> tuple[Any, float]:
        legal = self.legal_actions(view)
        think = 0.5 + self.rng.random()
        stakes = [a for a in legal if isinstance(a, Stake)]
        if stakes:
            return self.rng.choice(stakes), think
        throws = [a for a in legal if isinstance(a, Throw)]
        return (self.rng.choice(throws), think) if throws else (None, math.inf)


class BeginnerBot(ReactionBot):
    level = "beginner"


class AverageBot(ReactionBot):
    level = "average"


class ExpertBot(ReactionBot):
    level = "expert"


BOTS = GameBots(
    levels={"beginner": BeginnerBot, "average": AverageBot, "expert": ExpertBot},
)
"""Halli Galli's ladder: its reaction models (a real-time game has no search levels)."""


__all__ = [
    "BOTS",
    "SKILLS",
    "WAIT",
    "AverageBot",
    "BeginnerBot",
    "ExpertBot",
    "ReactionBot",
    "Skill",
]
