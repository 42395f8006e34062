"""CPU spent per stage of the action path, counted by the server itself.

A process's total CPU per action says how much, not where. The load tool
(``bench/ws_load.py``) needs the split: the rules (``engine``), building each audience's
message (``view``), JSON encoding (``encode``), the write-ahead (``write_ahead``: the
store's own statements, in whichever thread runs them) and handing frames to the socket
(``send``). Each stage adds the calling thread's CPU time (``time.thread_time``: other
threads' work never counts) to a module-level float: no lock (a lost update under a
thread race costs a few microseconds of one sample, nothing else), about a microsecond
per measurement. What the stages do not cover (reading and parsing frames, the event
loop, HTTP) is the process's total minus their sum. The cyclic garbage collector's own
CPU is counted apart (``gc_s``, per generation): a collection runs inside whichever stage
allocated last, so it is a part of the stages, not one more. And how late the event loop
runs a timer (``loop_lag``: a count per bucket of :data:`LAG_BUCKETS_MS`, sampled every
:data:`LAG_EVERY` seconds), since an action waits for the loop several times on its way
(its message read, its batch handed to the writer, its commit's answer, its broadcast).

``GET /internal/stages`` returns the counters, only where ``SPIELTISCH_STAGE_CPU`` is on
(a debugging setting). Only then do the stages read the clock: a thread's CPU time is a
system call (no vDSO serves it), about 3 µs on a virtual machine, and an action reads it
about ten times, so a server that is not being measured does not pay for it (its
stages stay at zero; actions and commits are counted anyway). With it,
``POST /internal/profile`` starts cProfile on the event loop's thread (where the action
path runs) and ``DELETE /internal/profile`` stops it and answers its top functions, so
a profile covers a load's measuring window, not the server's start.
"""

from __future__ import annotations

import asyncio
import cProfile
import gc
import io
import pstats
import threading
from bisect import bisect_left
from collections.abc import Awaitable, Callable, Coroutine, Generator
from time import perf_counter, thread_time
from typing import Any, Generic, TypeVar, cast

from fastapi import APIRouter
from fastapi.responses import PlainTextResponse

T = TypeVar("T")

STAGES = ("engine", "view", "encode", "write_ahead", "send")
cpu: dict[str, float] = dict.fromkeys(STAGES, 0.0)
"""CPU seconds per stage since the process started."""
counts: dict[str, int] = {"actions": 0, "commits": 0}
"""Stored actions (every step, whoever made it) and write-ahead transactions."""
gc_cpu: list[float] = [0.0, 0.0, 0.0]
"""CPU seconds of the garbage collector's collections, per generation."""
gc_runs: list[int] = [0, 0, 0]
"""Collections run, per generation."""
LAG_BUCKETS_MS = (0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000)
"""Upper bounds of the loop lag's buckets, in milliseconds (one more bucket above)."""
LAG_EVERY = 0.02
"""Seconds the loop lag's sampling task sleeps between samples."""
loop_lag: list[int] = [0] * (len(LAG_BUCKETS_MS) + 1)
"""Samples per bucket of :data:`LAG_BUCKETS_MS` since the process started."""


def _not_timed() -> float:
    return 0.0


now: Callable[[], float] = _not_timed
"""The clock every stage is timed with: this thread's CPU seconds once :func:`enable`
was called, else always 0 (and every stage adds 0)."""


def enable() -> None:
    """Time the stages from now on, in this process (the load tool's servers)."""
    global now
    now = thread_time


_mine = threading.local()
"""Per thread: its own write-ahead CPU (:func:`written_here`)."""


def add(stage: str, since: float) -> float:
    """Count this thread's CPU since ``since`` to ``stage``; returns the time now, the
    start of whatever is timed next."""
    end = now()
    cpu[stage] += end - since
    return end


def add_written(since: float) -> None:
    """Count a write-ahead made in this thread (also to :func:`written_here`)."""
    spent = now() - since
    cpu["write_ahead"] += spent
    _mine.written = written_here() + spent


def written_here() -> float:
    """This thread's write-ahead CPU so far: a worker thread that runs the rules and
    writes the action subtracts it from the rules' time (other threads write too)."""
    written: float = getattr(_mine, "written", 0.0)
    return written


def timed_commit(commit: Callable[[], T]) -> T:
    """Run one write-ahead transaction (in the writer's thread), counted as such."""
    start = now()
    try:
        return commit()
    finally:
        add("write_ahead", start)
        counts["commits"] += 1


def timed_write(write: Coroutine[Any, Any, T]) -> Awaitable[T]:
    """Run one write-ahead statement on the event loop, counted as such: only the
    steps of its coroutine count, not what the loop runs while it waits for the
    database."""
    counts["commits"] += 1
    return _TimedSteps(write)


class _TimedSteps(Generic[T]):
    """An awaitable that drives a coroutine step by step, adding each step's CPU to
    ``write_ahead``."""

    def __init__(self, coro: Coroutine[Any, Any, T]) -> None:
        self.coro = coro

    def __await__(self) -> Generator[Any, Any, T]:
        coro, sent, thrown = self.coro, None, None
        while True:
            start = now()
            try:
                waited = coro.send(sent) if thrown is None else coro.throw(thrown)
            except StopIteration as done:
                add("write_ahead", start)
                return cast(T, done.value)
            except BaseException:
                add("write_ahead", start)
                raise
            add("write_ahead", start)
            try:
                sent, thrown = (yield waited), None
            except BaseException as exc:  # cancelled while waiting: the coroutine hears it
                sent, thrown = None, exc


_gc_started = threading.local()


def _time_collection(phase: str, info: dict[str, int]) -> None:
    """A ``gc.callbacks`` entry: the collecting thread's CPU from start to stop."""
    if phase == "start":
        _gc_started.at = thread_time()
        return
    started: float | None = getattr(_gc_started, "at", None)
    if started is not None:
        generation = info["generation"]
        gc_cpu[generation] += thread_time() - started
        gc_runs[generation] += 1


def count_collections() -> None:
    """Time the garbage collector from now on (once per process)."""
    if _time_collection not in gc.callbacks:
        gc.callbacks.append(_time_collection)


async def sample_loop_lag() -> None:
    """Sleep :data:`LAG_EVERY` again and again (until cancelled) and count how much later
    than asked the loop woke this task."""
    while True:
        asked = perf_counter()
        await asyncio.sleep(LAG_EVERY)
        late_ms = 1000 * (perf_counter() - asked - LAG_EVERY)
        loop_lag[bisect_left(LAG_BUCKETS_MS, late_ms)] += 1


def snapshot() -> dict[str, Any]:
    """The counters, JSON-ready (CPU in seconds)."""
    return {
        "cpu_s": dict(cpu),
        **counts,
        "gc_s": list(gc_cpu),
        "gc_runs": list(gc_runs),
        "loop_lag": {"bounds_ms": list(LAG_BUCKETS_MS), "counts": list(loop_lag)},
    }


router = APIRouter()


@router.get("/internal/stages", include_in_schema=False)
def stages() -> dict[str, Any]:
    """The stage counters, for the load tool."""
    return snapshot()


_profile: list[cProfile.Profile] = []


@router.post("/internal/profile", include_in_schema=False)
async def start_profile() -> dict[str, bool]:
    """Profile the event loop's thread from now on (async: it runs on that thread)."""
    if not _profile:
        _profile.append(cProfile.Profile())
        _profile[0].enable()
    return {"profiling": True}


@router.delete("/internal/profile", include_in_schema=False)
async def stop_profile(top: int = 30) -> PlainTextResponse:
    """Stop the profile; its ``top`` functions by own time, then by cumulative time."""
    if not _profile:
        return PlainTextResponse("not profiling\n", status_code=409)
    profile = _profile.pop()
    profile.disable()
    out = io.StringIO()
    for key in ("tottime", "cumulative"):
        out.write(f"-- top {top} by {key}\n")
        pstats.Stats(profile, stream=out).strip_dirs().sort_stats(key).print_stats(top)
    return PlainTextResponse(out.getvalue())
