"""Random playouts per second for every registered game (the same as ``spieltisch bench``).

Usage: ``python bench/playouts.py [GAMES_PER_GAME] [SEED]``; prints one JSON line per game.
"""

from __future__ import annotations

import json
import sys

from spieltisch.benchmark import playouts
from spieltisch.engine import game_names


def main(argv: list[str]) -> None:
    count = int(argv[1]) if len(argv) > 1 else 100
    seed = int(argv[2]) if len(argv) > 2 else 0
    for name in game_names():
        print(json.dumps(playouts(name, count, seed=seed).to_json()))


if __name__ == "__main__":
    main(sys.argv)
