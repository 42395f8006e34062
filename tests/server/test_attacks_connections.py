"""Hostile clients against the real server's sockets: connections that never finish
their request headers (idle, or a byte at a time) and idle keep-alive connections are
cut after their timeouts, oversized headers are refused, and ``/healthz`` answers while
hundreds of idle connections are open."""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn

from spieltisch.server.connguard import guarded_protocol

from .procserver import Server, free_port

HEADER_TIMEOUT = 1.0
KEEP_ALIVE = 1
IDLE_CONNECTIONS = 500


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    srv = Server(
        f"sqlite:///{tmp_path / 'sockets.db'}",
        bot_delay=0.0,
        env={
            "SPIELTISCH_HEADER_TIMEOUT": str(HEADER_TIMEOUT),
            "SPIELTISCH_KEEP_ALIVE_TIMEOUT": str(KEEP_ALIVE),
            "SPIELTISCH_MAX_HEADER_KB": "8",
            "SPIELTISCH_SEARCH_WORKERS": "1",
        },
    )
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


def closed_within(sock: socket.socket, seconds: float) -> bytes | None:
    """What the server sent before closing ``sock`` within ``seconds`` (``None``: still
    open then)."""
    sock.settimeout(0.1)
    got = b""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            chunk = sock.recv(4096)
        except TimeoutError:
            continue
        except ConnectionResetError:
            return got
        if not chunk:
            return got
        got += chunk
    return None


@pytest.mark.slow
def test_a_connection_that_sends_nothing_is_closed(server: Server) -> None:
    with socket.create_connection(("127.0.0.1", server.port)) as sock:
        assert closed_within(sock, HEADER_TIMEOUT + 3) == b""  # before: held for ever


@pytest.mark.slow
def test_headers_sent_a_byte_at_a_time_are_cut_off(server: Server) -> None:
    with socket.create_connection(("127.0.0.1", server.port)) as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
        started = time.monotonic()
        for _ in range(40):
            try:
                sock.sendall(b"X")
            except OSError:
                break
            if closed_within(sock, 0.2) is not None:
                break
        assert time.monotonic() - started < HEADER_TIMEOUT + 3  # before: never


@pytest.mark.slow
def test_an_idle_keep_alive_connection_is_closed_after_its_timeout(server: Server) -> None:
    with socket.create_connection(("127.0.0.1", server.port)) as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        sock.settimeout(5)
        head = sock.recv(4096)
        assert head.startswith(b"HTTP/1.1 200")
        started = time.monotonic()
        assert closed_within(sock, KEEP_ALIVE + 3) is not None
        assert time.monotonic() - started >= KEEP_ALIVE - 0.2


@pytest.mark.slow
def test_oversized_headers_are_refused(server: Server) -> None:
    oversized = b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Pad: " + b"a" * 9000 + b"\r\n\r\n"
    with socket.create_connection(("127.0.0.1", server.port)) as sock:
        sock.sendall(oversized)
        answer = closed_within(sock, 3)
        assert answer is not None and answer.startswith(b"HTTP/1.1 431")


def test_an_oversized_head_behind_a_pending_request_is_refused_too() -> None:
    """Pipelined: the second head arrives while the first request is answered (its bytes
    are not counted as a head then), so the parsed size refuses it."""

    async def slow(scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            return
        await asyncio.sleep(0.5)
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"ok"})

    port = free_port()
    protocol = guarded_protocol(HEADER_TIMEOUT, 8 * 1024)
    uv = uvicorn.Server(uvicorn.Config(slow, port=port, http=protocol, log_level="warning"))
    thread = threading.Thread(target=uv.run, daemon=True)
    thread.start()
    try:
        while not uv.started:
            time.sleep(0.02)
        with socket.create_connection(("127.0.0.1", port)) as sock:
            sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            time.sleep(0.1)  # the first request is being answered
            sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nX-Pad: " + b"a" * 9000 + b"\r\n\r\n")
            answer = closed_within(sock, 3)
        assert answer is not None and answer.startswith(b"HTTP/1.1 431"), answer
        assert b"ok" not in answer and b"400" not in answer
    finally:
        uv.should_exit = True
        thread.join(5)


@pytest.mark.slow
def test_health_answers_beside_hundreds_of_idle_connections_which_are_then_cut(
    server: Server,
) -> None:
    idle = [socket.create_connection(("127.0.0.1", server.port)) for _ in range(IDLE_CONNECTIONS)]
    try:
        r = httpx.get(f"{server.base}/healthz", timeout=5)
        assert r.status_code == 200 and r.json()["status"] == "ok"
        time.sleep(HEADER_TIMEOUT + 1)
        still_open = [s for s in idle if closed_within(s, 0.01) is None]
        assert still_open == []  # before: all 500 held
        assert httpx.get(f"{server.base}/healthz", timeout=5).status_code == 200
    finally:
        for sock in idle:
            sock.close()
