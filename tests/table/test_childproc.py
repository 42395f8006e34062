"""A supervised child's pipe, read on the event loop: whole answers on either loop, a
death told from an answer, and a cancelled wait that loses nothing."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from collections.abc import Callable, Coroutine
from multiprocessing.connection import Connection
from typing import Any

import pytest
import uvloop

from spieltisch.table.childproc import Child, ChildDied

pytestmark = pytest.mark.slow  # each test starts child processes

BIG = 8_000_000
"""Bytes far beyond a pipe's buffer: the answer reaches the server in many pieces."""


def run(loop: str, test: Callable[[], Coroutine[Any, Any, None]]) -> None:
    if loop == "uvloop":
        uvloop.run(test())
    else:
        asyncio.run(test())


def _echo(conn: Connection) -> None:
    """A child: after ``ready``, answer each message with its size, and ``BIG`` bytes
    for ``"big"``; a pause of ``("sleep", s)`` before answering ``"slept"``."""
    conn.send(("ready",))
    while True:
        try:
            message = conn.recv()
        except EOFError:
            return
        if message == "big":
            conn.send(b"x" * BIG)
        elif isinstance(message, tuple) and message[0] == "sleep":
            time.sleep(message[1])
            conn.send("slept")
        else:
            conn.send(len(message))


def _die(conn: Connection) -> None:
    """A child that crashes before it says anything."""
    os.kill(os.getpid(), signal.SIGKILL)


@pytest.mark.parametrize("loop", ["asyncio", "uvloop"])
def test_an_answer_larger_than_the_pipe_is_read_whole(loop: str) -> None:
    async def scenario() -> None:
        child = Child(_echo, name="test-echo")
        try:
            assert await asyncio.wait_for(child.receive(), 30) == ("ready",)
            for _ in range(2):  # and the pipe still reads right after a big answer
                child.send("big")
                answer = await asyncio.wait_for(child.receive(), 30)
                assert answer == b"x" * BIG
            child.send("four")
            assert await asyncio.wait_for(child.receive(), 30) == 4
        finally:
            child.kill()

    run(loop, scenario)


@pytest.mark.parametrize("loop", ["asyncio", "uvloop"])
def test_a_cancelled_wait_loses_nothing_and_a_big_message_still_goes_out(loop: str) -> None:
    async def scenario() -> None:
        child = Child(_echo, name="test-echo")
        try:
            assert await asyncio.wait_for(child.receive(), 30) == ("ready",)
            child.send(("sleep", 0.5))
            with pytest.raises(TimeoutError):  # the loop has watched the pipe meanwhile
                await asyncio.wait_for(child.receive(), 0.05)
            assert await asyncio.wait_for(child.receive(), 30) == "slept"
            child.send(("sleep", 0.5))
            with pytest.raises(TimeoutError):
                await asyncio.wait_for(child.receive(), 0.05)
            child.send(b"y" * BIG)  # while the child sleeps: far more than the buffer
            assert await asyncio.wait_for(child.receive(), 30) == "slept"
            assert await asyncio.wait_for(child.receive(), 30) == BIG
        finally:
            child.kill()

    run(loop, scenario)


@pytest.mark.parametrize("loop", ["asyncio", "uvloop"])
def test_a_dead_child_is_told_from_an_answer_and_killing_is_final(loop: str) -> None:
    async def scenario() -> None:
        dead = Child(_die)
        with pytest.raises(ChildDied):
            await asyncio.wait_for(dead.receive(), 30)
        assert dead.exitcode(5.0) == -signal.SIGKILL and not dead.alive()
        dead.kill()
        dead.kill()  # again: harmless

        child = Child(_echo)
        assert await asyncio.wait_for(child.receive(), 30) == ("ready",)
        assert child.alive() and child.pid is not None
        pid = child.pid
        child.kill()
        assert not child.alive() and child.exitcode() is None and child.pid == pid
        with pytest.raises(ChildDied):  # a killed child's pipe is closed
            await child.receive()
        with pytest.raises(OSError):
            child.send("late")

    run(loop, scenario)
