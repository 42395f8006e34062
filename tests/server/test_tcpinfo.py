"""The kernel's round trip of a connection (``TCP_INFO``) and the fallback without it."""

from __future__ import annotations

import socket
import struct
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from spieltisch.server import tcpinfo
from spieltisch.server.bell import Sync

from .conftest import create, hello

linux = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="TCP_INFO is Linux's")


def _info(rtt_us: int, min_rtt_us: int | None, size: int = 232) -> bytes:
    info = bytearray(size)
    struct.pack_into("=I", info, tcpinfo.RTT_AT, rtt_us)
    if min_rtt_us is not None and size >= tcpinfo.MIN_RTT_AT + 4:
        struct.pack_into("=I", info, tcpinfo.MIN_RTT_AT, min_rtt_us)
    return bytes(info)


def test_parse_takes_the_smallest_round_trip_and_falls_back_to_the_smoothed_one() -> None:
    assert tcpinfo.parse(_info(120_000, 100_250)) == pytest.approx(0.10025)
    assert tcpinfo.parse(_info(120_000, tcpinfo.NO_SAMPLE)) == pytest.approx(0.120)
    assert tcpinfo.parse(_info(120_000, 0)) == pytest.approx(0.120)
    assert tcpinfo.parse(_info(120_000, None, size=104)) == pytest.approx(0.120)
    assert tcpinfo.parse(_info(0, None)) is None
    assert tcpinfo.parse(b"\x01" * 40) is None  # too short for tcpi_rtt


class _Transport:
    def __init__(self, sock: Any) -> None:
        self.sock = sock

    def get_extra_info(self, name: str) -> Any:
        return self.sock if name == "socket" else None


class _Protocol:
    def __init__(self, sock: Any) -> None:
        self.transport = _Transport(sock)

    async def receive(self) -> dict[str, Any]:
        return {}


class _Ws:
    """What :func:`tcpinfo.socket_of` relies on in Starlette's websocket under uvicorn."""

    def __init__(self, sock: Any, headers: dict[str, str] | None = None) -> None:
        self._receive = _Protocol(sock).receive
        self.headers = headers or {}


@pytest.fixture
def tcp_pair() -> Iterator[tuple[socket.socket, socket.socket]]:
    with socket.create_server(("127.0.0.1", 0)) as listener:
        client = socket.create_connection(listener.getsockname())
        server, _ = listener.accept()
        with client, server:
            client.sendall(b"x")
            server.recv(1)
            yield server, client


@linux
def test_a_loopback_connection_has_a_kernel_round_trip(
    tcp_pair: tuple[socket.socket, socket.socket],
) -> None:
    server, _ = tcp_pair
    rtt = tcpinfo.read(server)
    assert rtt is not None and 0.0 < rtt < 0.05
    reader = tcpinfo.kernel_rtt(_Ws(server))
    assert reader is not None and reader() == pytest.approx(rtt, abs=0.01)


@linux
def test_a_proxy_on_this_machine_gets_no_cap_a_forged_forwarding_header_does(
    tcp_pair: tuple[socket.socket, socket.socket],
) -> None:
    server, _ = tcp_pair
    proxied = {"x-forwarded-for": "203.0.113.9"}
    assert tcpinfo.kernel_rtt(_Ws(server, proxied)) is None  # the peer is loopback
    assert tcpinfo.kernel_rtt(_Ws(server), enabled=False) is None

    class Remote:  # the same socket, seen from a peer on another machine
        family = socket.AF_INET

        def getpeername(self) -> tuple[str, int]:
            return ("198.51.100.7", 50000)

        def getsockopt(self, level: int, option: int, size: int) -> bytes:
            return server.getsockopt(level, option, size)

    assert tcpinfo.kernel_rtt(_Ws(Remote(), proxied)) is not None


def test_no_tcp_socket_means_no_reader(tcp_pair: tuple[socket.socket, socket.socket]) -> None:
    assert tcpinfo.kernel_rtt(object()) is None
    assert tcpinfo.kernel_rtt(_Ws(None)) is None
    a, b = socket.socketpair(socket.AF_UNIX)
    with a, b:
        assert tcpinfo.kernel_rtt(_Ws(a)) is None

    class Broken:
        family = socket.AF_INET

        def getsockopt(self, *args: Any) -> bytes:
            raise OSError("not supported here")

    assert tcpinfo.read(Broken()) is None


def test_the_test_client_has_no_socket_and_the_bell_falls_back(client: TestClient) -> None:
    made = create(client, [{"kind": "human"}] * 3, game="halligalli", name="Ada")
    with client.websocket_connect(f"/ws/tables/{made['table']['id']}") as ws:
        hello(ws, made["seat_token"])
        live = client.app.state.manager.tables[made["table"]["id"]]  # type: ignore[attr-defined]
        (conn,) = [c for c in live.connections if c.seat == 0]
        assert tcpinfo.socket_of(conn.ws) is None


def test_held_back_echoes_earn_no_more_than_the_kernel_round_trip() -> None:
    kernel: list[float | None] = [0.0001]
    sync = Sync(kernel=lambda: kernel[0])
    sync.sent(10.0)
    assert sync.echo(10.0, 10.160)  # every echo held back 160 ms on a loopback link
    assert sync.one_way == pytest.approx(0.0001 / 2 + tcpinfo.MARGIN)
    kernel[0] = 0.200  # an honest 100 ms link: its echoes are believed
    assert sync.one_way == pytest.approx(0.080)
    kernel[0] = None  # no measurement (yet): the echoes alone, as before
    assert sync.one_way == pytest.approx(0.080)
    assert Sync().one_way is None
    late = Sync(kernel=lambda: 0.100)
    late.sent(10.0)
    late.echo(10.0, 11.0)  # an echo held back a second earned nothing before: still nothing
    assert late.one_way == pytest.approx(0.5)
