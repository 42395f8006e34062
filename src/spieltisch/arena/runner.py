"""Playing a tournament: one game per task, on as many processes as asked.

Each game is played by the table runtime on a simulated clock, the same code that runs
a live table, so real-time games work too and bots are asked exactly as at a table. A
task carries only names and seeds, so it pickles cheaply and any process rebuilds the
same game; the tournament's outcome does not depend on ``jobs``.

A bot is named by a *spec*: a ladder level (``random``, ``rules``, ``strong``, ...),
optionally with a search budget, ``strong@500`` (iterations) or ``strong@250ms``.
"""

from __future__ import annotations

import importlib
import json
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import spieltisch
from spieltisch.bots import Bot, make, search_levels
from spieltisch.engine import Game, SpieltischError

from .schedule import Seating, schedule

if TYPE_CHECKING:
    from spieltisch.table import TableRuntime

MAX_STEPS = 100_000
"""A game longer than this is a bug in a game or a bot, not a long game."""


@dataclass(frozen=True, slots=True)
class Budget:
    """A search budget: iterations or milliseconds."""

    iterations: int | None = None
    time_ms: float | None = None

    @classmethod
    def parse(cls, text: str) -> Budget:
        """Read ``500`` (iterations) or ``250ms``.

        >>> Budget.parse("250ms")
        Budget(iterations=None, time_ms=250.0)

        :raises SpieltischError: for anything else.
        """
        t = text.strip().lower()
        try:
            if t.endswith("ms"):
                value = float(t[:-2])
                if value > 0:
                    return cls(time_ms=value)
            elif int(t) > 0:
                return cls(iterations=int(t))
        except ValueError:
            pass
        raise SpieltischError(f"{text!r} is not a budget (try 500 or 250ms)")


def parse_spec(spec: str) -> tuple[str, Budget | None]:
    """Split ``strong@500`` into level and budget."""
    level, sep, budget = spec.partition("@")
    return level.strip(), Budget.parse(budget) if sep else None


def outside_bot(game: Game, target: str, seed: int) -> Bot:
    """An agent from outside the package: ``module:Class``, built as ``Class(game, seed=)``.

    The class must be a :class:`spieltisch.bots.Bot` (``plan(view, seat, clock)``), so it
    sees only its seat's view, like every ladder bot. The module is looked up on the
    import path and in the working directory (as ``python -m`` would), in the worker
    processes too.

    :raises SpieltischError: when the module or class cannot be found or is no Bot.
    """
    module_name, _, class_name = target.partition(":")
    here = os.getcwd()
    if here not in sys.path:
        sys.path.append(here)
    try:
        found = getattr(importlib.import_module(module_name), class_name)
    except (ImportError, AttributeError) as error:
        raise SpieltischError(f"no agent {target!r}: {error}") from error
    if not (isinstance(found, type) and issubclass(found, Bot)):
        raise SpieltischError(f"{target!r} is not a spieltisch.bots.Bot subclass")
    bot: Bot = found(game, seed=seed)
    return bot


def build_bot(game: Game, spec: str, seed: int, budget: Budget | None = None) -> Bot:
    """The bot a spec names; ``budget`` applies to search levels without their own.
    ``module:Class`` names an outside agent (:func:`outside_bot`).

    :raises SpieltischError: unknown level, or a budget for a level that does not search.
    """
    level, own = parse_spec(spec)
    if ":" in level:
        if own is not None:
            raise SpieltischError(f"outside agent {level!r} takes no budget")
        return outside_bot(game, level, seed)
    chosen = own or budget
    searches = level in search_levels(game)
    if own is not None and not searches:
        raise SpieltischError(f"bot {level!r} does not search; it takes no budget")
    if searches and chosen is not None:
        return make(game, level, seed=seed, iterations=chosen.iterations, time_ms=chosen.time_ms)
    return make(game, level, seed=seed)


@dataclass(frozen=True, slots=True)
class Task:
    """Everything a worker needs to play one game."""

    game: str
    options: dict[str, Any]
    players: int
    seating: Seating
    budget: Budget | None = None


def play(task: Task, prepare: Callable[[TableRuntime], None] | None = None) -> dict[str, Any]:
    """Play one game of a tournament and return its JSON record line.

    ``prepare(runtime)`` is called once the table is set, before its first move: where a
    bench shows a bot more than its view (``bench/clairvoyance.py``).
    """
    from spieltisch.table import SimClock, TableRuntime

    game = spieltisch.load(task.game, **task.options)
    seating = task.seating
    bots = {
        seat: build_bot(game, spec, seed, task.budget)
        for seat, (spec, seed) in enumerate(zip(seating.seats, seating.bot_seeds, strict=True))
    }
    state = game.new_state(players=task.players, seed=seating.seed)
    clock = SimClock()
    runtime = TableRuntime(state, clock, bots)
    if prepare is not None:
        prepare(runtime)
    runtime.run_bots(clock.advance_to, limit=MAX_STEPS)
    state = runtime.state
    result = state.result()
    if result is None:
        raise SpieltischError(f"game {seating.index} did not finish within {MAX_STEPS} actions")
    return {
        "index": seating.index,
        "deal": seating.deal,
        "seed": seating.seed,
        "seats": list(seating.seats),
        "bot_seeds": list(seating.bot_seeds),
        "plies": state.ply,
        "result": result.to_json(),
        "record": state.record(),
    }


@dataclass(slots=True)
class Tournament:
    """A planned tournament; iterate :meth:`run` to play it."""

    game: str
    bots: list[str]
    games: int
    seed: int = 0
    jobs: int = field(default_factory=lambda: os.cpu_count() or 1)
    budget: Budget | None = None
    players: int | None = None
    options: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        game = spieltisch.load(self.game, **self.options)
        self.options = dict(game.options)
        if self.players is None:
            self.players = game.info.default_players
        game.new_state(players=self.players, seed=0)  # validates the player count
        for spec in dict.fromkeys(self.bots):
            build_bot(game, spec, 0, self.budget)  # refuses unknown levels up front

    def tasks(self) -> list[Task]:
        assert self.players is not None
        seatings = schedule(self.bots, self.players, self.games, self.seed)
        return [Task(self.game, self.options, self.players, s, self.budget) for s in seatings]

    def run(self) -> Iterator[dict[str, Any]]:
        """Play every game, yielding records as they finish (not in index order)."""
        tasks = self.tasks()
        if self.jobs <= 1:
            for task in tasks:
                yield play(task)
            return
        with ProcessPoolExecutor(max_workers=self.jobs) as pool:
            pending: set[Future[dict[str, Any]]] = set()
            queue = iter(tasks)
            for task in queue:
                pending.add(pool.submit(play, task))
                if len(pending) >= 2 * self.jobs:
                    break
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    yield future.result()
                    nxt = next(queue, None)
                    if nxt is not None:
                        pending.add(pool.submit(play, nxt))


def write_records(path: Path, records: Iterable[Mapping[str, Any]]) -> None:
    """JSON Lines, one game per line in tournament order; ``record`` replays it."""
    ordered = sorted(records, key=lambda r: int(r["index"]))
    with path.open("w", encoding="utf-8") as out:
        for line in ordered:
            out.write(json.dumps(line, sort_keys=True) + "\n")


def read_records(path: Path) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]
