"""Group commit on the event loop: PostgreSQL's write-ahead without a writer thread.

:class:`.groupcommit.GroupCommit` hands each batch to a thread, which runs the
statement and hands the outcome back: two wake-ups across threads per batch, and the
loop and the writer take turns at the interpreter lock. An asyncio driver (asyncpg,
:meth:`.Store.append_actions_async`) waits for PostgreSQL's answer on the event loop
itself, so here a batch is written by a task of the loop: same window, same batches,
same promise (an action's future is done only once its statement committed), no thread.

SQLite keeps the thread: its driver has no asynchronous mode (aiosqlite is a thread
too), and a commit there waits for the disk.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from .batches import Append
from .groupcommit import Pending, resolve
from .repository import Store, StoreError

TimedWrite = Callable[[Coroutine[Any, Any, None]], Awaitable[None]]
"""Runs one batch's write (the stage counters of the server time it)."""


class LoopGroupCommit:
    """Group commit of a store that writes on the event loop (:attr:`.Store.writes_async`),
    one batch in flight per loop."""

    def __init__(self, store: Store, window: float, timed: TimedWrite | None = None) -> None:
        assert store.writes_async
        self.store = store
        self.window = max(0.0, window)
        self.timed = timed
        self.batches = 0
        """Transactions committed (or tried), for tests and the load tool."""
        self._loops: dict[asyncio.AbstractEventLoop, _LoopBatches] = {}

    def append(self, append: Append) -> asyncio.Future[None]:
        """Queue one action; the future is done once it is committed (or failed)."""
        loop = asyncio.get_running_loop()
        batches = self._loops.get(loop)
        if batches is None:
            batches = self._loops[loop] = _LoopBatches(self, loop)
        return batches.append(append)

    async def aclose(self) -> None:
        """Commit what is gathered or in flight on this loop, then close its connection."""
        batches = self._loops.pop(asyncio.get_running_loop(), None)
        if batches is not None:
            await batches.drain()
        await self.store.close_async()

    async def write(self, pendings: list[Pending]) -> None:
        """Write one batch and tell each of its actions the outcome."""
        self.batches += 1
        appends = [pending.append for pending in pendings]
        outcomes: list[BaseException | None]
        try:
            await self._timed(self.store.append_actions_async(appends))
            outcomes = [None] * len(appends)
        except StoreError:  # a constraint: each action alone, so only its own fails
            outcomes = [await self._alone(append) for append in appends]
        except Exception as exc:  # outcome unknown for every action of the batch
            outcomes = [exc] * len(appends)
        except BaseException:  # cancelled (shutdown): unknown too; the waiters hear so
            lost = RuntimeError("the write-ahead was stopped mid-batch: outcome unknown")
            resolve(list(zip(pendings, [lost] * len(appends), strict=True)))
            raise
        resolve(list(zip(pendings, outcomes, strict=True)))

    async def _alone(self, append: Append) -> BaseException | None:
        try:
            await self._timed(self.store.append_actions_async([append]))
        except Exception as exc:
            return exc
        return None

    def _timed(self, write: Coroutine[Any, Any, None]) -> Awaitable[None]:
        return write if self.timed is None else self.timed(write)


class _LoopBatches:
    """One loop's batches: the one being gathered (its window starts with its first
    action) and the one being written. A window that ends while a batch is written
    makes the gathered one follow right after it."""

    def __init__(self, owner: LoopGroupCommit, loop: asyncio.AbstractEventLoop) -> None:
        self.owner, self.loop = owner, loop
        self.gathering: list[Pending] = []
        self.due = False
        """The gathered batch's window has ended (it waits for the one in flight)."""
        self.writing: asyncio.Task[None] | None = None
        self.timer: asyncio.TimerHandle | asyncio.Handle | None = None
        """The gathered batch's window (cancelled where :meth:`drain` cuts it short)."""

    def append(self, append: Append) -> asyncio.Future[None]:
        done: asyncio.Future[None] = self.loop.create_future()
        self.gathering.append(Pending(append, done))
        if len(self.gathering) == 1:
            if self.owner.window > 0:
                self.timer = self.loop.call_later(self.owner.window, self._window_ended)
            else:
                self.timer = self.loop.call_soon(self._window_ended)
        return done

    def _window_ended(self) -> None:
        self.timer, self.due = None, True
        if self.writing is None:
            self._write()

    def _write(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        batch, self.gathering, self.due = self.gathering, [], False
        self.writing = self.loop.create_task(self._written(batch))

    async def _written(self, batch: list[Pending]) -> None:
        try:
            await self.owner.write(batch)
        finally:
            self.writing = None
            if self.due and self.gathering:
                self._write()

    async def drain(self) -> None:
        """Until nothing is gathered or in flight (windows cut short)."""
        while self.writing is not None or self.gathering:
            if self.writing is None:
                self._write()
            writing = self.writing
            assert writing is not None
            with contextlib.suppress(Exception):  # its actions were told already
                await writing
