"""Hints are worked out in a child process under a time cap, never on the event loop.

A hint may search hard: a crafted Kalooki hand keeps a meld search busy for seconds. Run
on the event loop (or in a thread, holding the GIL) that stalls every table and health
check of the server. So one child process answers hints, one question at a time; the
server waits for its answer without blocking. A question that outlasts the cap gets the
child killed (its memory goes with it) and a fresh child for the next question: a
runaway search costs at most the cap. Questions wait their turn in a short line; one
more is refused at once rather than piling up.

This is not the search bots' pool: a bot's search ends by its own budget and must never
be cut off, while a hint is cut off by design.
"""

from __future__ import annotations

import asyncio
import logging
from multiprocessing.connection import Connection
from typing import Any

from spieltisch.table.childproc import Child, ChildDied

log = logging.getLogger("spieltisch.hints")

Outcome = tuple[Any, ...]
"""``("ok", answer)``, ``("refused", code, message, detail)`` or ``("failed", repr)``."""

START_SECONDS = 30.0
"""Longest a new child may take to import the games (a cold start on a busy machine)."""


class HintTimeout(Exception):
    """The hint took longer than the cap; its child was killed."""


class HintBusy(Exception):
    """Too many questions are already waiting."""


def hinted_games() -> list[str]:
    """Games whose descriptor declares hints."""
    from spieltisch.engine import game_class, game_names

    return [name for name in game_names() if game_class(name).info.faces.hints is not None]


def _answer(game: str, hint: str, question: Any) -> Outcome:
    from spieltisch.engine import SpieltischError, load

    try:
        return ("ok", load(game).face("hints")[hint](question))
    except SpieltischError as exc:
        return ("refused", exc.code, str(exc), exc.detail())
    except Exception as exc:  # a bug in a hint: reported, the child lives on
        return ("failed", repr(exc))


def _serve(conn: Connection, preload: list[str]) -> None:
    """The child: answer ``(game, hint, question)`` until the server goes away.

    The hints of ``preload`` are imported first, so the cap times answers, not imports.
    """
    from spieltisch.engine import load

    for name in preload:
        load(name).face("hints")
    conn.send(("ready",))
    while True:
        try:
            game, hint, question = conn.recv()
        except (EOFError, OSError):
            return
        conn.send(_answer(game, hint, question))


class HintWorker:
    """One child process answering hints under a time cap of ``seconds``."""

    def __init__(self, seconds: float, waiting: int = 8) -> None:
        self.seconds = seconds
        self.waiting = waiting
        """Questions that may wait for the child; one more is refused."""
        self.answered = 0
        self.killed = 0
        self._lock = asyncio.Lock()
        self._queued = 0
        self._child: Child | None = None

    @property
    def pid(self) -> int | None:
        return self._child.pid if self._child is not None else None

    async def ask(self, game: str, hint: str, question: Any) -> Outcome:
        """The child's answer to ``question`` for hint ``hint`` of ``game``.

        :raises HintBusy: ``waiting`` questions are already in line.
        :raises HintTimeout: no answer within ``seconds``.
        """
        if self._queued >= self.waiting:
            raise HintBusy
        self._queued += 1
        try:
            await self._lock.acquire()
        finally:
            self._queued -= 1
        try:
            child = await self._ready()
            child.send((game, hint, question))
            try:
                outcome = await asyncio.wait_for(self._receive(child), self.seconds)
            except TimeoutError:
                self.killed += 1
                log.warning("hint over its time cap", extra={"game": game, "hint": hint})
                self._stop()
                raise HintTimeout from None
            self.answered += 1
            return outcome
        finally:
            self._lock.release()

    async def _ready(self) -> Child:
        """The running child, starting one first if there is none."""
        if self._child is not None and self._child.alive():
            return self._child
        self._stop()
        child = await asyncio.to_thread(self._start)
        try:
            hello = await asyncio.wait_for(self._receive(child), START_SECONDS)
        except BaseException:
            self._stop()
            raise
        if hello != ("ready",) or self._child is not child:
            self._stop()
            raise RuntimeError(f"the hint process did not start: {hello!r}")
        return child

    def _start(self) -> Child:
        """A new child (run in a thread: the fork server and the games' registry take
        time), kept at once so that a caller gone meanwhile leaves it to :meth:`_stop`."""
        self._child = Child(_serve, (hinted_games(),), name="spieltisch-hints")
        return self._child

    async def _receive(self, child: Child) -> Outcome:
        """The child's next message, or ``("failed", ...)`` if it died."""
        try:
            message: Outcome = await child.receive()
        except ChildDied:
            self._stop()
            return ("failed", "the hint process died")
        return message

    def _stop(self) -> None:
        """End the child (killed: it may be deep in a search) and forget it."""
        if self._child is not None:
            self._child.kill()
            self._child = None

    def close(self) -> None:
        self._stop()
