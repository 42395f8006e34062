"""ISMCTS in Hydra's end game: the card that decides the last trick, from the view alone
(the position: ``tests.helpers.hydra_endgame``)."""

from __future__ import annotations

import spieltisch
from spieltisch.bots.ismcts import ISMCTSBot
from tests.helpers.hydra_endgame import find_last_trick_position


def test_HY_R5_ismcts_keeps_the_card_that_takes_the_last_trick() -> None:
    """HY-R5/HY-R7: with the game decided by who takes the last trick, the search picks the
    card that wins it for the seat, with several search seeds, and values it above the other."""
    game = spieltisch.load("hydra", games=1)
    seat, view, card = find_last_trick_position(game)
    assert sorted(view["legal_actions"]) == sorted(view["hand"])  # both cards playable
    for seed in range(3):
        bot = ISMCTSBot(game, seed=seed, iterations=40)
        assert bot.plan(view, seat, 0.0).action == card
        root = bot.search(view, seat)
        best = root.children[(seat, card)]
        others = [n for (s, a), n in root.children.items() if s == seat and a != card]
        assert others and all(best.mean() > n.mean() for n in others)
