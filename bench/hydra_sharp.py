"""Hydra's rules bot with sharper habits, and a search that rolls them out: outside bots
for ``bench/policy_duel.py`` and ``spieltisch arena`` (docs/bots.md, "A sharper policy
for the rollouts").

The habits were screened one threshold at a time against the ``rules`` level by
``policy_duel.py`` and kept where they gained; together they play clearly better than
``rules``. A search rolling them out instead of ``rules`` (``SharpExpert``, ``expert``'s
budget) was level with ``strong`` all the same, so no ladder level uses them.

    .venv/bin/python bench/policy_duel.py --game hydra --challenger bench.hydra_sharp:SharpRulesBot
"""

from __future__ import annotations

from typing import Final

from spieltisch.bots.ladder import rollout_bot
from spieltisch.bots.rollout import RolloutBot
from spieltisch.engine import Game
from spieltisch.games.hydra.faces.bots import Habits, RulesBot

SHARP_HABITS: Final = Habits(
    late_trick=10,
    spend_top=30,
    trump_discard=10,
    queen_lead=False,
    trump_lead=5,
    short_suit_lead=True,
    first_round_ace=True,
)
"""Keep trumps, lead trumps or from the shortest suit, take a suit's first round with the
ace, spend the top trumps on big tricks only, never buy a late trick of few points."""


class SharpRulesBot(RulesBot):
    """The rules bot with ``SHARP_HABITS``."""

    level = "sharp"
    habits = SHARP_HABITS


class SharpExpert(RolloutBot):
    """Hydra's ``expert`` (its budget, stop rule and judge) rolling out ``SharpRulesBot``
    and keeping its move unless the search finds a clearly better one."""

    def __init__(self, game: Game, seed: int = 0) -> None:
        expert = rollout_bot(game, "expert", seed=seed)
        super().__init__(
            game,
            SharpRulesBot(game, seed=seed),
            seed=seed,
            rollouts=expert.rollouts,
            horizon=expert.horizon,
            stop=expert.stop,
            evaluate=expert.evaluate,
            z=expert.z,
        )
        self.level = "sharp-expert"
