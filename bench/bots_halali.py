"""The Halali rules bot against the random bot (the same as
``spieltisch duel halali rules random``).

Usage: ``python bench/bots_halali.py [MATCHES] [SEED] [OPPONENT]``. Each Kosmos match is
two games with the roles swapped; the rules bot takes seat 0 and seat 1 in turn.
"""

from __future__ import annotations

import json
import sys

from spieltisch.benchmark import duel


def main(argv: list[str]) -> None:
    matches = int(argv[1]) if len(argv) > 1 else 300
    seed = int(argv[2]) if len(argv) > 2 else 0
    opponent = argv[3] if len(argv) > 3 else "random"
    print(json.dumps(duel("halali", "rules", opponent, matches, seed=seed).to_json(), indent=2))


if __name__ == "__main__":
    main(sys.argv)
