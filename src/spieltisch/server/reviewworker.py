"""Post-game reviews are worked out in child processes, one review per child at a time.

A review replays a whole game and searches at every decision of one seat: seconds to
minutes of CPU that hold the GIL. On the event loop or in a thread it would stall every
table of the server, so each worker slot owns one child process (started by a fork
server, never forked from the running server) and the server only reads its pipe.

The child talks while it works: ``("progress", done, total)`` after each decision, then
``("done", review, cpu_seconds, wall_seconds)`` or ``("failed", reason)``. The server
waits for those messages on its event loop without a thread (the pipe's file descriptor
is watched). A child that dies mid-review is replaced; the review is given to the new
child once (reviews are deterministic), and fails if that child dies too. Unlike the
hint child there is no time cap: a review ends by its own budget (``worlds``), like a
search bot's search.
"""

from __future__ import annotations

import asyncio
import faulthandler
import logging
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from spieltisch.table.childproc import Child, ChildDied

log = logging.getLogger("spieltisch.reviews")

START_SECONDS = 60.0
"""Longest a new child may take to import the games (a cold start on a busy machine)."""


@dataclass(frozen=True, slots=True)
class ReviewJob:
    """What a child needs to review one seat: the record, never the live table."""

    record: dict[str, Any]
    seat: int
    seed: int = 0
    worlds: int | None = None
    """Sampled worlds per decision (``None``: the engine's default budget)."""


Progress = Callable[[int, int], None]


class ReviewFailed(Exception):
    """The review could not be worked out (the engine refused, or the child died)."""


class ReviewDied(ReviewFailed):
    """The child died during the review (killed, or crashed); a fresh one may succeed."""


def review(job: ReviewJob, progress: Progress) -> dict[str, Any]:
    """Review ``job`` in this process (what a child runs; also usable from the CLI),
    with the public events of each judged move (see :func:`add_events`)."""
    from spieltisch.review import review_record

    result: dict[str, Any] = review_record(
        job.record, job.seat, seed=job.seed, worlds=job.worlds, progress=progress
    ).to_json()
    add_events(job.record, result, job.seed)
    return result


SAMPLES = 6
"""Worlds sampled from the seat's view to word a better move: what comes out the same in
all of them is what the seat could foresee (a chance agreement of all six is rare)."""


def add_events(record: dict[str, Any], result: dict[str, Any], seed: int = 0) -> None:
    """Give each decision the public events of the move taken and of the better one.

    The browser words a move from its events, exactly as the table's log does, so a
    review reads "Ada flips h4: woodcutter" rather than an engine notation. The move
    taken has its events from the record. The better move was never played, and playing
    it on the real game would tell what the seat could not know (the tile it would have
    turned over). So it is played only on worlds sampled from the seat's view at that
    ply, and only the events that come out the same in all of them are kept; the page
    words a move without events from its notation.
    """
    from spieltisch.engine import SpieltischError, load

    decisions = {d["ply"]: d for d in result.get("decisions", [])}
    if not decisions:
        return
    game = load(record["game"], **record.get("options", {}))
    state = game.new_state(players=record["players"], seed=record["seed"])

    def public(events: list[Any]) -> list[Any]:
        return [e for e in events if isinstance(e, dict) and "visible_to" not in e]

    for ply, item in enumerate(record["actions"]):
        seat = item["seat"]
        decision = decisions.get(ply)
        if decision is not None and decision.get("alternative"):
            try:
                other = game.parse_action(decision["alternative"]["action"])
                view = state.view(seat)
                found: list[Any] | None = None
                for k in range(SAMPLES):
                    world = game.sample_state(view, seat, seed * 1_000_003 + ply * 7 + k)
                    seen = public(world.apply(seat, other))
                    found = seen if found is None else [e for e in found if e in seen]
            except SpieltischError:
                found = []
            decision["alternative_events"] = found or []
        if decision is not None:  # a game of several rounds words moves by its round
            decision["game_number"] = state.view(None).get("game_number")
        events = state.apply(seat, game.action_from_json(item["action"]))
        if decision is not None:
            decision["events"] = public(events)


def _serve(conn: Connection) -> None:
    """The child: review jobs until the server goes away."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the server's to handle
    faulthandler.enable()  # a crash leaves its traceback in the server's log
    import spieltisch.review  # noqa: F401  (imported before the first job, not during it)

    conn.send(("ready",))
    while True:
        try:
            job: ReviewJob | None = conn.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return

        def tell(done: int, total: int) -> None:
            conn.send(("progress", int(done), int(total)))

        cpu, wall = time.process_time(), time.monotonic()
        try:
            out: tuple[Any, ...] = (
                "done",
                review(job, tell),
                time.process_time() - cpu,
                time.monotonic() - wall,
            )
        except Exception as exc:  # the engine's refusal or a bug: reported, the child lives
            out = ("failed", f"{type(exc).__name__}: {exc}")
        try:
            conn.send(out)
        except (BrokenPipeError, OSError):
            return


class ReviewProcess:
    """One worker slot: a child process, started on first use and after a death."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._child: Child | None = None

    @property
    def pid(self) -> int | None:
        return self._child.pid if self._child is not None else None

    async def run(self, job: ReviewJob, progress: Progress) -> tuple[dict[str, Any], float, float]:
        """The review of ``job`` with the child's CPU and wall seconds; ``progress`` is
        called on the event loop as the child reports.

        :raises ReviewFailed: the engine refused the record or the child died.
        """
        child = await self._ready()
        child.send(job)
        while True:
            message = await self._receive(child)
            kind = message[0]
            if kind == "progress":
                progress(message[1], message[2])
            elif kind == "done":
                return message[1], message[2], message[3]
            elif kind == "died":
                raise ReviewDied(message[1])
            else:
                raise ReviewFailed(message[1])

    async def _ready(self) -> Child:
        if self._child is not None and self._child.alive():
            return self._child
        self.stop()
        child = await asyncio.to_thread(self._start)
        try:
            hello = await asyncio.wait_for(self._receive(child), START_SECONDS)
        except BaseException:
            self.stop()
            raise
        if hello != ("ready",) or self._child is not child:
            self.stop()
            raise ReviewFailed(f"the review process did not start: {hello!r}")
        return child

    def _start(self) -> Child:
        """A new child (run in a thread: the fork server takes time), kept at once so
        that a caller gone meanwhile leaves it to :meth:`stop`."""
        self._child = Child(_serve, name=self.name)
        return self._child

    async def _receive(self, child: Child) -> tuple[Any, ...]:
        """The child's next message, or ``("died", ...)`` with its exit code."""
        try:
            message: tuple[Any, ...] = await child.receive()
        except ChildDied as exc:
            code = child.exitcode(1.0)
            self.stop()
            return ("died", f"the review process died (exit code {code}, {exc})")
        return message

    def stop(self) -> None:
        """End the child (killed: it may be deep in a search) and forget it."""
        if self._child is not None:
            self._child.kill()
            self._child = None
