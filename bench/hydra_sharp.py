"""Hydra's ``expert`` search rolling out the sharper habits: an outside bot for
``spieltisch arena`` (docs/bots.md, "A sharper policy for the rollouts").

The sharper habits (``SHARP_HABITS``, ``SharpRulesBot`` in Hydra's bots face) were
screened one threshold at a time against the ``rules`` level by ``policy_duel.py``;
together they play clearly better than ``rules``, and they guide Hydra's ``ismcts``. A
search rolling them out with ``expert``'s budget (``SharpExpert``) was level with
``strong`` all the same, so neither rollout level uses them.

    .venv/bin/python bench/policy_duel.py --game hydra \\
        --challenger spieltisch.games.hydra.faces.bots:SharpRulesBot
    spieltisch arena hydra --bots random,rules,ismcts,strong,bench.hydra_sharp:SharpExpert
"""

from __future__ import annotations

from spieltisch.bots.ladder import rollout_bot
from spieltisch.bots.rollout import RolloutBot
from spieltisch.engine import Game
from spieltisch.games.hydra.faces.bots import SharpRulesBot


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
