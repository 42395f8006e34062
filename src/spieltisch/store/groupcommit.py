"""Group commit of the write-ahead: actions of many tables that arrive within a few
milliseconds share one transaction.

Every action of every table is stored before anyone hears of it. One transaction per
action costs a commit (and on SQLite an fsync of the WAL, on PostgreSQL a WAL flush)
and, from the event loop, a thread hop per action. Here one writer thread takes every
action queued while it was busy, waits ``window`` seconds more for late ones, and
commits them together (:meth:`.Store.append_actions`). The event loop awaits an
:class:`asyncio.Future` per action, resolved for the whole batch with one wake-up of
the loop, and only after the commit returned: an action is never broadcast before its
transaction committed.

A batch that breaks a constraint (a ply stored already) is written again action by
action, so only the offending one fails. Any other failure (the database went away,
the commit's answer was lost) fails the whole batch: whether it committed is unknown,
and each of its tables settles with its record, as after a single failed write.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .batches import Append
from .repository import Store, StoreError


@dataclass(slots=True)
class Pending:
    """One queued action and the future its waiter awaits (both group commits)."""

    append: Append
    done: asyncio.Future[None]


class GroupCommit:
    """One writer thread for a store's action appends (started on first use)."""

    def __init__(
        self, store: Store, window: float, timed: Callable[[Callable[[], Any]], Any] | None = None
    ) -> None:
        self.store = store
        self.window = max(0.0, window)
        self.timed = timed
        """Runs each commit (the stage counters of the server time it); ``None``: plain."""
        self._queue: queue.SimpleQueue[list[tuple[asyncio.AbstractEventLoop, Pending]] | None]
        self._queue = queue.SimpleQueue()
        self._gathering: dict[asyncio.AbstractEventLoop, list[Pending]] = {}
        """Per event loop: the batch being gathered until its timer hands it over."""
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        """Guards the writer's start and :attr:`_gathering` (:meth:`close` runs in
        another thread than the loop)."""
        self.batches = 0
        """Transactions committed (or tried), for tests and the load tool."""

    def append(self, append: Append) -> asyncio.Future[None]:
        """Queue one action; the future is done once it is committed (or failed)."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        if self._thread is None:
            self._start()
        with self._lock:
            gathering = self._gathering.get(loop)
            first = gathering is None
            if gathering is None:
                gathering = self._gathering[loop] = []
            gathering.append(Pending(append, done))
        if first:  # the batch's window starts with its first action
            if self.window > 0:
                loop.call_later(self.window, self._hand_over, loop)
            else:
                loop.call_soon(self._hand_over, loop)
        return done

    def _start(self) -> None:
        with self._lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="write-ahead", daemon=True)
                self._thread.start()

    def _hand_over(self, loop: asyncio.AbstractEventLoop | None) -> None:
        """A loop's gathered batch to the writer (on that loop, when its window ends);
        ``None``: every loop's (at :meth:`close`)."""
        with self._lock:
            if loop is None:
                gathered, self._gathering = self._gathering, {}
            else:
                pendings = self._gathering.pop(loop, None)
                gathered = {} if pendings is None else {loop: pendings}
        for where, pendings in gathered.items():
            self._queue.put([(where, pending) for pending in pendings])

    def close(self) -> None:
        """Commit what is queued (and what is still being gathered), then stop the
        writer."""
        if self._thread is not None:
            self._hand_over(None)
            self._queue.put(None)
            self._thread.join()
            self._thread = None

    async def aclose(self) -> None:
        """:meth:`close`, from the event loop (in a worker thread: it waits for the
        writer)."""
        await asyncio.to_thread(self.close)

    def _run(self) -> None:
        while True:
            first = self._queue.get()
            if first is None:
                return
            batch = list(first)
            stop = self._gather(batch)
            self._commit(batch)
            if stop:
                return

    def _gather(self, batch: list[tuple[asyncio.AbstractEventLoop, Pending]]) -> bool:
        """Add every batch queued while the writer was busy; ``True`` when the writer
        was asked to stop meanwhile."""
        while True:
            try:
                more = self._queue.get_nowait()
            except queue.Empty:
                return False
            if more is None:
                return True
            batch.extend(more)

    def _commit(self, batch: list[tuple[asyncio.AbstractEventLoop, Pending]]) -> None:
        self.batches += 1
        appends = [pending.append for _loop, pending in batch]
        outcomes: list[BaseException | None]
        try:
            if self.timed is None:
                self.store.append_actions(appends)
            else:
                self.timed(lambda: self.store.append_actions(appends))
            outcomes = [None] * len(batch)
        except StoreError:  # a constraint: each action alone, so only its own fails
            outcomes = [self._alone(append) for append in appends]
        except Exception as exc:  # outcome unknown for every action of the batch
            outcomes = [exc] * len(batch)
        by_loop: dict[asyncio.AbstractEventLoop, list[tuple[Pending, BaseException | None]]]
        by_loop = {}
        for (loop, pending), outcome in zip(batch, outcomes, strict=True):
            by_loop.setdefault(loop, []).append((pending, outcome))
        for loop, resolved in by_loop.items():
            with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits any more
                loop.call_soon_threadsafe(resolve, resolved)

    def _alone(self, append: Append) -> BaseException | None:
        try:
            self.store.append_action(*append)
        except Exception as exc:
            return exc
        return None


def resolve(resolved: list[tuple[Pending, BaseException | None]]) -> None:
    """On the event loop: every waiting action of a batch learns its outcome."""
    for pending, outcome in resolved:
        if pending.done.done():  # its waiter was cancelled
            continue
        if outcome is None:
            pending.done.set_result(None)
        else:
            pending.done.set_exception(outcome)
