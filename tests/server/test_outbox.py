"""A connection writes a message at once while its writer is idle, and keeps the order
when a send must wait for the socket (flow control) or fails.

The socket here is a stand-in with Starlette's ``send_text``/``close``: its send waits
on a gate, as uvicorn's waits while the transport's buffer is full.
"""

from __future__ import annotations

import asyncio
import inspect
from typing import Any, cast

import pytest

from spieltisch.server.live import Connection, PartlySent


class GatedSocket:
    def __init__(self) -> None:
        self.sent: list[str] = []
        self.writable = asyncio.Event()
        self.writable.set()
        self.broken = False
        self.closed: int | None = None

    async def send_text(self, text: str) -> None:
        await self.writable.wait()
        if self.broken:
            raise RuntimeError("the socket is gone")
        self.sent.append(text)

    async def close(self, code: int = 1000) -> None:
        self.closed = code


async def _open() -> tuple[Connection, GatedSocket, asyncio.Task[None]]:
    ws = GatedSocket()
    conn = Connection(cast(Any, ws), 0)
    writer = conn.writer = asyncio.create_task(conn.drain())
    await asyncio.sleep(0)  # the writer starts and waits on its empty outbox
    assert conn.idle
    return conn, ws, writer


async def _turns(n: int = 5) -> None:
    for _ in range(n):
        await asyncio.sleep(0)


def _texts(*numbers: int) -> list[str]:
    return [f'{{"n":{n}}}' for n in numbers]


def test_an_idle_connection_writes_at_once_without_its_writer() -> None:
    asyncio.run(_an_idle_connection_writes_at_once_without_its_writer())


async def _an_idle_connection_writes_at_once_without_its_writer() -> None:
    conn, ws, writer = await _open()
    conn.send({"n": 1})
    assert ws.sent == _texts(1)  # before any turn of the loop
    assert conn.outbox.empty() and conn.idle
    conn.close()
    await writer
    assert ws.closed == 1012


def test_a_send_that_must_wait_goes_first_and_the_rest_follow_in_order() -> None:
    asyncio.run(_a_send_that_must_wait_goes_first_and_the_rest_follow_in_order())


async def _a_send_that_must_wait_goes_first_and_the_rest_follow_in_order() -> None:
    conn, ws, writer = await _open()
    ws.writable.clear()  # the browser reads too slowly: the transport is paused
    conn.send({"n": 1})
    conn.send({"n": 2})
    conn.send({"n": 3})
    assert ws.sent == []
    assert not conn.idle and conn.outbox.qsize() == 3
    await _turns()
    assert ws.sent == []  # still paused: nothing overtakes, nothing is lost
    ws.writable.set()
    await _turns()
    assert ws.sent == _texts(1, 2, 3)
    assert conn.idle  # all written: the next one goes at once again
    conn.send({"n": 4})
    assert ws.sent == _texts(1, 2, 3, 4)
    conn.close()
    await writer


def test_a_failed_send_closes_the_socket_as_an_error() -> None:
    asyncio.run(_a_failed_send_closes_the_socket_as_an_error())


async def _a_failed_send_closes_the_socket_as_an_error() -> None:
    conn, ws, writer = await _open()
    ws.broken = True
    conn.send({"n": 1})
    assert conn.closing
    conn.send({"n": 2})  # after the close: queued behind it, never written
    await asyncio.wait_for(writer, 1)
    assert ws.sent == [] and ws.closed == 1011


def test_nothing_is_written_after_a_close() -> None:
    asyncio.run(_nothing_is_written_after_a_close())


async def _nothing_is_written_after_a_close() -> None:
    conn, ws, writer = await _open()
    conn.close(1008)
    conn.send({"n": 1})
    await asyncio.wait_for(writer, 1)
    assert ws.sent == [] and ws.closed == 1008


def test_a_writer_cancelled_during_a_waiting_send_unwinds_it() -> None:
    asyncio.run(_a_writer_cancelled_during_a_waiting_send_unwinds_it())


async def _a_writer_cancelled_during_a_waiting_send_unwinds_it() -> None:
    conn, ws, writer = await _open()
    ws.writable.clear()
    conn.send({"n": 1})
    partly = conn.outbox._queue[0]  # type: ignore[attr-defined]
    assert isinstance(partly, PartlySent)
    await _turns()
    writer.cancel()
    with pytest.raises(asyncio.CancelledError):
        await writer
    assert inspect.getcoroutinestate(partly.sending) == "CORO_CLOSED"  # none left hanging
    assert ws.sent == [] and ws.closed == 1011
