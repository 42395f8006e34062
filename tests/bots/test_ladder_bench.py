"""The ladder bench (``bench/ladder.py``) picks its rungs as asked: the game's own
order, and a search level at the budget it was named with."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import spieltisch
from spieltisch.arena.runner import build_bot
from spieltisch.bots import levels

BENCH = Path(__file__).resolve().parents[2] / "bench" / "ladder.py"


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ladder_bench", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_rungs_keep_the_ladder_order_and_a_named_budget() -> None:
    game = spieltisch.load("halali")
    rungs = _bench().chosen_rungs(levels(game), ["ismcts@400", "rules", "nonsense"])
    assert rungs == ["rules", "ismcts@400"]
    bot = build_bot(game, rungs[1], seed=1)
    assert bot.level == "ismcts" and getattr(bot, "iterations", None) == 400
