"""How far ahead of ``strong`` ``expert``'s search gets when it sees every card: the
ceiling of what better inference of the hidden cards could add to the ``expert`` rung
(docs/bots.md, "How much seeing every card is worth").

``Clairvoyant`` is a game's ``expert`` (the same base policy, budget, stop rule, judge
and guard) whose worlds are copies of the real table instead of deals sampled from its
view. No search infers the hidden cards better than by knowing them, so its lead over
``strong`` is what perfect inference would add to ``expert``, the point that worlds
fitted to the play or a model of the other seats' hands move towards. What it does not
measure is a better policy for the moves (a deeper search, or a stronger rollout policy).

It reads hidden cards, so it is never a level: it plays only in this bench's own games,
which hand it the table's state. It meets ``strong`` (or the level ``--against`` names,
``rules`` as a control) on duplicate deals as the ladder bench plays a pair
(``spieltisch.arena.Tournament``'s seatings, every lineup in every rotation on each
deal), and the head-to-head "ahead" share and score difference come with 95 % bootstrap
intervals over deals (``spieltisch.arena.head_to_head``):

    .venv/bin/python bench/clairvoyance.py --game hydra --deals 10 --seed 57 --workers 2
    .venv/bin/python bench/clairvoyance.py --game hydra --deals 10 --seed 59 --against rules
    .venv/bin/python bench/clairvoyance.py --game halali --deals 12 --seed 57 -o match=single
"""

from __future__ import annotations

import argparse
import json
import os
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any, Final

from spieltisch.arena import Tournament, games_per_deal, head_to_head
from spieltisch.arena.cli import parse_options
from spieltisch.arena.runner import play
from spieltisch.bots import Bot, Plan
from spieltisch.bots.ladder import rollout_bot
from spieltisch.engine import Game, SpieltischError, State, View
from spieltisch.table import TableRuntime

SPEC: Final = "bench.clairvoyance:Clairvoyant"
"""The arena spec of the clairvoyant search (an outside bot, built in the workers)."""


class TableWorlds:
    """A game whose ``sample_state`` hands out a copy of the real table, for one search.

    Everything else is the game's own, so the search around it is unchanged.
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self.table: Callable[[], State] | None = None
        """Reads the table's current state; set by the bench that plays the game."""

    def sample_state(self, view: View, seat: int | None, seed: int) -> State:
        if self.table is None:
            raise SpieltischError(
                "a clairvoyant search plays only in bench/clairvoyance.py, which shows it the table"
            )
        return self.table().clone()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)


class Clairvoyant(Bot):
    """The game's ``expert`` search, every world of it the real table (``TableWorlds``)."""

    thinks = True

    def __init__(self, game: Game, seed: int = 0) -> None:
        super().__init__(game, seed=seed)
        self.worlds = TableWorlds(game)
        self.search = rollout_bot(game, "expert", seed=seed)
        self.search.game = self.worlds  # type: ignore[assignment]  # a Game in all it is asked
        self.level = "clairvoyant"

    def sees(self, table: Callable[[], State]) -> None:
        self.worlds.table = table

    def plan(self, view: View, seat: int, clock: float) -> Plan:
        return self.search.plan(view, seat, clock)


def show_table(runtime: TableRuntime) -> None:
    """Shows every clairvoyant seat of a game the table's state (``arena``'s ``prepare``)."""
    for bot in runtime.bots.values():
        # Built from SPEC, so the class is ``bench.clairvoyance``'s, not this script's.
        sees = getattr(bot, "sees", None)
        if sees is not None:
            sees(lambda: runtime.state)


def measure(
    game: str,
    against: str,
    deals: int,
    seed: int,
    workers: int,
    options: dict[str, Any],
    out: Path | None,
) -> dict[str, Any]:
    """The clairvoyant ``expert`` against the level ``against`` on ``deals`` duplicate deals."""
    tournament = Tournament(game, [SPEC, against], 1, seed=seed, jobs=workers, options=options)
    assert tournament.players is not None
    tournament.games = deals * games_per_deal([SPEC, against], tournament.players)
    started = time.perf_counter()
    records: list[dict[str, Any]] = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for record in pool.map(partial(play, prepare=show_table), tournament.tasks()):
            records.append(record)
            if out is not None:
                with out.open("a", encoding="utf-8") as kept:
                    kept.write(json.dumps(record, sort_keys=True) + "\n")
    (h,) = head_to_head([SPEC, against], records, seed=seed)
    return {
        "game": game,
        "against": against,
        "deals": h.deals,
        "games": len(records),
        "ahead": h.ahead,
        "ahead_ci95": list(h.ahead_ci),
        "score_diff": h.score_diff,
        "score_diff_ci95": list(h.score_ci),
        "seed": seed,
        "options": tournament.options,
        "wall_s": round(time.perf_counter() - started, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="hydra")
    parser.add_argument("--against", default="strong", help="the level it meets (a control: rules)")
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--seed", type=int, default=57)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("-o", "--option", action="append", default=[], help="key=value")
    parser.add_argument("--out", type=Path, default=None, help="append each record here")
    args = parser.parse_args()
    options = parse_options(args.game, args.option)
    row = measure(args.game, args.against, args.deals, args.seed, args.workers, options, args.out)
    lo, hi = row["ahead_ci95"]
    slo, shi = row["score_diff_ci95"]
    print(
        f"{row['game']:10} clairvoyant expert vs {row['against']}: {row['deals']} deals, "
        f"{row['games']} games  ahead {row['ahead']:.3f} ({lo:.3f}–{hi:.3f})  "
        f"score {row['score_diff']:+.2f} ({slo:+.2f} to {shi:+.2f})  [{row['wall_s']:.0f} s]"
    )
    print(json.dumps(row))


if __name__ == "__main__":
    main()
