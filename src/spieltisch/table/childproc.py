"""A child process the server supervises, and its answers read on the event loop.

Search bots, hints and post-game reviews all hold the GIL for seconds, so each runs in
child processes; what to do when a child is slow or dies differs (a hint is killed at
its cap, a search is never cut off and retried once, a review is given to a fresh child)
and stays with each of them. What they share is here: starting a child by the fork
server (never forked from a process that runs an event loop and threads) with a pipe,
waiting for its next message on the event loop without a thread, telling its death from
an answer, and killing it.

Waiting on the event loop means watching the pipe's descriptor. The loop uvicorn runs
(uvloop) makes a watched descriptor non-blocking and leaves it so, while
:meth:`multiprocessing.connection.Connection.recv` reads a message to its end as if the
pipe blocked: an answer larger than the pipe's buffer arrives in pieces, and reading it
failed half-way with ``EAGAIN`` (:class:`BlockingIOError`), which looked like a dead
child. And a wake-up may find nothing to read. So a message is read only once the pipe
has one, from a pipe made blocking again; the same goes for sending.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing as mp
import os
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any


class ChildDied(Exception):
    """The child's pipe ended: the child died (killed, crashed, out of memory) or left."""


class Child:
    """One child process running ``target(conn, *args)`` and the server's end of its pipe.

    Starting waits for the fork server; a caller that must not stall its event loop for
    that starts the child in a thread.
    """

    def __init__(
        self, target: Callable[..., None], args: tuple[Any, ...] = (), name: str | None = None
    ) -> None:
        ctx = mp.get_context("forkserver")
        ours, theirs = ctx.Pipe()
        self.process: BaseProcess = ctx.Process(
            target=target, args=(theirs, *args), name=name, daemon=True
        )
        self.process.start()
        theirs.close()  # so the child's death reads as end-of-file here
        self.conn: Connection = ours
        self.started = time.monotonic()
        self._pid = self.process.pid

    @property
    def pid(self) -> int | None:
        return self._pid

    @property
    def sentinel(self) -> int:
        """A descriptor that becomes readable when the child ends."""
        return self.process.sentinel

    def alive(self) -> bool:
        with contextlib.suppress(ValueError):  # a closed process is not alive
            return not self.conn.closed and self.process.is_alive()
        return False

    def send(self, message: Any) -> None:
        """Send ``message`` whole (the pipe may have been left non-blocking by the loop).

        :raises OSError: the pipe is gone (``BrokenPipeError`` once the child died).
        """
        os.set_blocking(self.conn.fileno(), True)
        self.conn.send(message)

    async def receive(self) -> Any:
        """The child's next message, waited for on the event loop without a thread.

        Cancelling the wait is safe: nothing is read until the whole message can be.

        :raises ChildDied: the pipe ended (or was closed) before a message came.
        """
        try:
            fd = self.conn.fileno()
            while not self.conn.poll(0):
                await _readable(fd)
            os.set_blocking(fd, True)
            return self.conn.recv()
        except (EOFError, OSError) as exc:
            raise ChildDied(repr(exc)) from exc

    def exitcode(self, wait: float = 0.0) -> int | None:
        """The child's exit code, waiting up to ``wait`` seconds for it to end."""
        with contextlib.suppress(ValueError):  # a closed process has none to tell
            self.process.join(wait)
            return self.process.exitcode
        return None

    def kill(self) -> None:
        """End the child at once (it may be deep in a search) and close its pipe; again
        is harmless."""
        with contextlib.suppress(Exception):
            self.conn.close()
        with contextlib.suppress(Exception):
            if self.process.is_alive():
                self.process.kill()
            self.process.join(1.0)
            self.process.close()


async def _readable(fd: int) -> None:
    """Return once ``fd`` is readable (or the loop says so: the wake-up may be stale)."""
    loop = asyncio.get_running_loop()
    ready: asyncio.Future[None] = loop.create_future()

    def wake() -> None:
        if not ready.done():
            ready.set_result(None)

    loop.add_reader(fd, wake)
    try:
        await ready
    finally:
        loop.remove_reader(fd)
