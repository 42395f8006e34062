"""The search pool: fair across tables, supervised, and leaves no process behind."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from collections.abc import Callable, Coroutine
from typing import Any

import pytest
import uvloop

from spieltisch.table import SearchPool, WorkerDied
from spieltisch.table.workers import FairQueue, Job


def run(test: Callable[[], Coroutine[Any, Any, None]]) -> None:
    asyncio.run(test())


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as stat:  # a zombie is dead too
        return stat.read().split()[2] != "Z"


def test_the_fair_queue_serves_tables_in_turn_and_bot_only_tables_last() -> None:
    async def scenario() -> None:
        loop = asyncio.get_running_loop()
        queue = FairQueue()
        for key in ["greedy"] * 4 + ["b", "c"]:
            queue.put(Job(key, pow, (), loop.create_future()))
        cancelled = Job("c", pow, (), loop.create_future())
        cancelled.future.cancel()
        queue.put(cancelled)
        queue.put(Job("bots only", pow, (), loop.create_future(), background=True))
        order = []
        while (job := queue.take()) is not None:
            order.append(job.key)
        assert order == ["greedy", "b", "c", "greedy", "greedy", "greedy", "bots only"]

    run(scenario)


@pytest.mark.slow
def test_results_and_errors_come_back_from_the_workers() -> None:
    async def scenario() -> None:
        pool = SearchPool(2)
        try:
            assert await pool.run("t", pow, 2, 10) == 1024
            with pytest.raises(ValueError):
                await pool.run("t", int, "not a number")
            pids = await asyncio.gather(*(pool.run(k, os.getpid) for k in "abcdef"))
            assert set(pids) <= set(pool.pids()) and os.getpid() not in pids
        finally:
            await pool.close()

    run(scenario)


@pytest.mark.slow
def test_a_killed_worker_is_replaced_and_its_search_still_answered() -> None:
    async def scenario() -> None:
        pool = SearchPool(1)
        try:
            first = await pool.run("t", os.getpid)
            busy = asyncio.ensure_future(pool.run("t", time.sleep, 0.5))
            await asyncio.sleep(0.2)
            os.kill(first, signal.SIGKILL)  # mid-search
            assert await asyncio.wait_for(busy, 10) is None
            second = await pool.run("t", os.getpid)
            assert second != first and pool.replaced == 1
            os.kill(second, signal.SIGKILL)  # while idle: replaced without waiting for work
            for _ in range(100):
                if pool.replaced == 2 and pool.pids():
                    break
                await asyncio.sleep(0.05)
            assert pool.replaced == 2 and second not in pool.pids()
            assert await pool.run("other table", pow, 3, 3) == 27
        finally:
            await pool.close()

    run(scenario)


@pytest.mark.slow
def test_a_search_that_kills_its_worker_twice_fails_alone() -> None:
    async def scenario() -> None:
        pool = SearchPool(1)
        try:
            with pytest.raises(WorkerDied):
                await pool.run("poison", os.abort)
            assert await pool.run("fine", pow, 2, 3) == 8
        finally:
            await pool.close()

    run(scenario)


@pytest.mark.slow
def test_closing_the_pool_ends_every_worker_even_mid_search() -> None:
    async def scenario() -> None:
        pool = SearchPool(2)
        await asyncio.gather(pool.run("a", pow, 1, 1), pool.run("b", pow, 1, 1))
        pids = pool.pids()
        assert len(pids) == 2
        searching = asyncio.ensure_future(pool.run("a", time.sleep, 30))
        await asyncio.sleep(0.2)
        started = time.monotonic()
        await pool.close()
        assert time.monotonic() - started < 10  # not the 30 s search: a third leaves room
        assert not any(alive(pid) for pid in pids)
        with pytest.raises(RuntimeError):
            await searching

    run(scenario)


@pytest.mark.slow
def test_a_large_answer_comes_back_whole_under_uvloop() -> None:
    """The server runs on uvloop, whose poll handle makes a watched pipe non-blocking: an
    answer larger than the pipe's buffer arrives in pieces and must still be read whole,
    not taken for the worker's death (which retried it and then failed it)."""

    async def scenario() -> None:
        pool = SearchPool(1)
        try:
            first = await pool.run("t", os.getpid)
            answer = await asyncio.wait_for(pool.run("t", bytes, 8_000_000), 30)
            assert len(answer) == 8_000_000
            assert await pool.run("t", os.getpid) == first and pool.replaced == 0
        finally:
            await pool.close()

    uvloop.run(scenario())
