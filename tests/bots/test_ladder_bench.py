"""The ladder bench (``bench/ladder.py``) picks its rungs as asked: the game's own
order, and a search level at the budget it was named with."""

from __future__ import annotations

import spieltisch
from spieltisch.arena.runner import build_bot
from spieltisch.bots import levels
from tests.helpers.bench import bench_module


def test_rungs_keep_the_ladder_order_and_a_named_budget() -> None:
    game = spieltisch.load("halali")
    rungs = bench_module("ladder").chosen_rungs(levels(game), ["ismcts@400", "rules", "nonsense"])
    assert rungs == ["rules", "ismcts@400"]
    bot = build_bot(game, rungs[1], seed=1)
    assert bot.level == "ismcts" and getattr(bot, "iterations", None) == 400
