"""Search bots think in a supervised pool of worker processes, served fairly per table.

A search holds the GIL for a second or more, so it cannot run on the server's event loop
or in one of its threads. One process per core does the thinking. Three duties make the
pool safe to put on the internet:

- **Fair.** Every table has its own queue and idle workers serve the tables round-robin,
  so a table with four ``expert`` bots asking again and again gets one turn in each round
  like every other table, never the whole pool. Tables where a person waits for the
  answer go first; tables of bots alone (nobody seated is connected) use what is left,
  so a server full of bot-only games still answers its players at once.
- **Supervised.** A worker that dies (killed, out of memory) is replaced at once; the job
  it was running is given to the new worker once (searches are deterministic), and a job
  that kills its worker twice fails with :class:`WorkerDied` instead of killing a third.
- **Stopped.** :meth:`SearchPool.close` ends every worker (a search in progress is
  killed); a worker whose server vanished reads end-of-file and exits by itself.

Workers are started by a fork server, never forked from a process that already runs an
event loop and threads.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

from spieltisch.bots import Bot, Plan
from spieltisch.engine import View

from .childproc import Child, ChildDied

log = logging.getLogger("spieltisch.workers")

STOP_GRACE = 2.0
"""Seconds a worker gets to finish after being told to stop, before it is killed."""


QUICK_DEATH = 1.0
"""A worker dead this soon after its start is restarted after a growing pause."""


class WorkerDied(RuntimeError):
    """A job killed its worker twice; it is not tried a third time."""


def machine_workers() -> int:
    """Worker processes for this machine: one per core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


@dataclass(eq=False)
class Job:
    key: str
    fn: Callable[..., Any]
    args: tuple[Any, ...]
    future: asyncio.Future[Any]
    background: bool = False
    """Nobody waits for the answer (a table of bots only): served when no one else is."""
    attempts: int = 0


class FairQueue:
    """Jobs in one FIFO per key, served round-robin across keys; the keys of the
    foreground lane (someone is waiting) before those of the background lane."""

    def __init__(self) -> None:
        self._lanes: tuple[OrderedDict[str, deque[Job]], ...] = (OrderedDict(), OrderedDict())
        self._ready = asyncio.Event()

    def __len__(self) -> int:
        return sum(len(q) for lane in self._lanes for q in lane.values())

    def put(self, job: Job, first: bool = False) -> None:
        """Queue ``job`` at the end of its key's queue (``first``: at the very front)."""
        lane = self._lanes[job.background]
        queue = lane.get(job.key)
        if queue is None:
            queue = lane[job.key] = deque()
        if first:
            lane.move_to_end(job.key, last=False)
            queue.appendleft(job)
        else:
            queue.append(job)
        self._ready.set()

    def take(self) -> Job | None:
        """The next job in turn, skipping cancelled ones; ``None`` if there is none."""
        for lane in self._lanes:
            while lane:
                key, queue = next(iter(lane.items()))
                job = queue.popleft()
                if queue:
                    lane.move_to_end(key)  # this key had its turn
                else:
                    del lane[key]
                if not job.future.done():
                    return job
        self._ready.clear()
        return None

    async def get(self) -> Job:
        while (job := self.take()) is None:
            await self._ready.wait()
        return job


def think(bot: Bot, view: View, seat: int, clock: float) -> Plan:
    """What a worker runs for a search bot."""
    return bot.plan(view, seat, clock)


def _serve(conn: Connection) -> None:
    """A worker's life: run ``(fn, args)`` jobs until told to stop or the server is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the server's to handle
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        fn, args = job
        try:
            reply: tuple[bool, Any] = (True, fn(*args))
        except Exception as exc:  # the job's own failure goes back to whoever asked
            reply = (False, exc)
        try:
            conn.send(reply)
        except (BrokenPipeError, OSError):
            return
        except Exception as exc:  # an answer that cannot be pickled
            conn.send((False, RuntimeError(f"unpicklable result: {exc!r}")))


@dataclass(eq=False)
class Worker:
    """One worker process, watched so that its death is noticed even while it idles."""

    child: Child
    died: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def pid(self) -> int | None:
        return self.child.pid


class SearchPool:
    """``size`` supervised worker processes serving a fair queue of jobs per table."""

    def __init__(self, size: int | None = None) -> None:
        self.size = size or machine_workers()
        self.queue = FairQueue()
        self.workers: list[Worker | None] = [None] * self.size
        self.replaced = 0
        """Workers started to replace one that died (for logs and tests)."""
        self._slots: list[asyncio.Task[None]] = []
        self._closed = False

    # -- using it ------------------------------------------------------------------------
    async def run(
        self, key: str, fn: Callable[..., Any], *args: Any, background: bool = False
    ) -> Any:
        """``fn(*args)`` in a worker, queued fairly under ``key`` (a table id); a
        ``background`` job waits until no one else's is queued.

        ``fn``, the arguments and the result are pickled. Cancelling the caller takes a
        queued job off the queue; a running one is finished and its answer dropped.
        """
        if self._closed:
            raise RuntimeError("the search pool is closed")
        if not self._slots:
            self._slots = [
                asyncio.create_task(self._slot(i), name=f"search-worker-{i}")
                for i in range(self.size)
            ]
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.queue.put(Job(key, fn, args, future, background))
        return await future

    async def plan(
        self, key: str, bot: Bot, view: View, seat: int, clock: float, background: bool = False
    ) -> Plan:
        """A search bot's plan, computed in a worker (the bot travels with the job; its
        searches depend only on its seed and the view, so the move is the same)."""
        plan: Plan = await self.run(key, think, bot, view, seat, clock, background=background)
        return plan

    def pids(self) -> list[int]:
        """Process ids of the running workers."""
        return [w.pid for w in self.workers if w is not None and w.pid is not None]

    # -- supervision ---------------------------------------------------------------------
    def _start(self, index: int) -> Worker:
        worker = Worker(Child(_serve))
        loop = asyncio.get_running_loop()
        loop.add_reader(worker.child.sentinel, worker.died.set)
        self.workers[index] = worker
        log.info("search worker started", extra={"pid": worker.pid, "slot": index})
        return worker

    def _retire(self, index: int, worker: Worker) -> None:
        with contextlib.suppress(Exception):
            asyncio.get_running_loop().remove_reader(worker.child.sentinel)
        worker.child.kill()
        if self.workers[index] is worker:
            self.workers[index] = None

    async def _slot(self, index: int) -> None:
        """Keep one worker alive and feed it jobs, one at a time."""
        worker = self._start(index)
        quick = 0
        try:
            while True:
                job = await self._next_job(worker)
                if worker.died.is_set():
                    if self._closed:
                        break
                    log.warning("search worker died; replacing it", extra={"pid": worker.pid})
                    lived = time.monotonic() - worker.child.started
                    self._retire(index, worker)
                    self.replaced += 1
                    # A worker that cannot even start must not be restarted in a tight loop.
                    quick = quick + 1 if lived < QUICK_DEATH else 0
                    if quick:
                        await asyncio.sleep(min(0.1 * 2**quick, 5.0))
                    worker = self._start(index)
                    if job is not None:
                        self._requeue(job)
                    continue
                assert job is not None
                try:
                    await self._run(worker, job)
                except asyncio.CancelledError:
                    if not job.future.done():
                        job.future.set_exception(RuntimeError("the search pool is closed"))
                    raise
        finally:
            self._retire(index, worker)

    async def _next_job(self, worker: Worker) -> Job | None:
        """The next job, or ``None`` if the idle worker died meanwhile."""
        if worker.died.is_set():
            return None
        getting = asyncio.ensure_future(self.queue.get())
        dying = asyncio.ensure_future(worker.died.wait())
        try:
            await asyncio.wait({getting, dying}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            dying.cancel()
            if not getting.done():
                getting.cancel()
        return getting.result() if getting.done() and not getting.cancelled() else None

    async def _run(self, worker: Worker, job: Job) -> None:
        job.attempts += 1
        try:
            worker.child.send((job.fn, job.args))
        except (BrokenPipeError, OSError):
            worker.died.set()
            self._requeue(job, count=False)
            return
        except Exception as exc:  # the job cannot be pickled
            job.future.set_exception(exc)
            return
        dying = asyncio.ensure_future(worker.died.wait())
        replying = asyncio.ensure_future(worker.child.receive())
        try:
            await asyncio.wait({dying, replying}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            dying.cancel()
            if not replying.done():
                replying.cancel()  # nothing is read yet: safe
        try:
            if not replying.done():
                raise ChildDied("the worker died before its answer")
            ok, value = replying.result()
        except ChildDied:
            worker.died.set()
            self._requeue(job)
            return
        if job.future.done():
            return  # the caller gave up meanwhile
        if ok:
            job.future.set_result(value)
        else:
            job.future.set_exception(value)

    def _requeue(self, job: Job, count: bool = True) -> None:
        """Give the job of a dead worker to the next one, once."""
        if not count:
            job.attempts -= 1
        if job.future.done():
            return
        if job.attempts >= 2:
            job.future.set_exception(WorkerDied("the search killed its worker twice"))
        else:
            self.queue.put(job, first=True)

    # -- stopping ------------------------------------------------------------------------
    async def close(self) -> None:
        """Stop every worker: ask politely, then kill; fail the jobs still queued."""
        self._closed = True
        workers = [w for w in self.workers if w is not None]
        for worker in workers:
            with contextlib.suppress(Exception):
                worker.child.send(None)
        for worker in workers:
            await asyncio.to_thread(worker.child.exitcode, STOP_GRACE)
        for task in self._slots:
            task.cancel()
        for task in self._slots:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._slots = []
        while (job := self.queue.take()) is not None:
            job.future.set_exception(RuntimeError("the search pool is closed"))
