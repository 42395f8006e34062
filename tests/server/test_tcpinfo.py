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


class _Peer:
    """``server``'s TCP socket as seen from a peer at ``host``: the kernel's round trip is
    the real socket's, the peer's address is made up."""

    family = socket.AF_INET

    def __init__(self, server: socket.socket, host: str) -> None:
        self.server, self.host = server, host

    def getpeername(self) -> tuple[str, int]:
        return (self.host, 50000)

    def getsockopt(self, level: int, option: int, size: int) -> bytes:
        return self.server.getsockopt(level, option, size)


PROXIED = {"x-forwarded-for": "203.0.113.9", "x-tcp-rtt": "100000"}
"""A player 100 ms away, as nginx forwards him with ``X-Tcp-Rtt $tcpinfo_rtt``."""


def test_a_trusted_proxy_passes_the_players_round_trip(
    tcp_pair: tuple[socket.socket, socket.socket],
) -> None:
    server, _ = tcp_pair
    local = tcpinfo.kernel_rtt(_Ws(server, PROXIED))  # a proxy on this machine
    assert local is not None and local() == pytest.approx(0.100)
    remote = _Peer(server, "10.0.0.5")  # a proxy on another machine, named as trusted
    reader = tcpinfo.kernel_rtt(_Ws(remote, PROXIED), proxies="10.0.0.0/24")
    assert reader is not None and reader() == pytest.approx(0.100)
    assert tcpinfo.kernel_rtt(_Ws(remote, {"x-forwarded-for": "203.0.113.9"}), True, "*") is None
    assert tcpinfo.kernel_rtt(_Ws(server, PROXIED), enabled=False) is None


@linux
def test_a_round_trip_header_from_an_untrusted_peer_leaves_the_kernels_bound(
    tcp_pair: tuple[socket.socket, socket.socket],
) -> None:
    """A client that sends the header itself, straight to the server, to look far away."""
    server, _ = tcp_pair
    kernel = tcpinfo.read(server)
    assert kernel is not None and kernel < 0.05
    for headers in (PROXIED, {"x-tcp-rtt": "100000"}):
        for proxies in (tcpinfo.LOCAL_PROXIES, "10.0.0.0/24,192.0.2.9"):
            reader = tcpinfo.kernel_rtt(_Ws(_Peer(server, "198.51.100.7"), headers), True, proxies)
            assert reader is not None and reader() == pytest.approx(kernel, abs=0.01)


def test_a_malformed_or_absurd_round_trip_is_no_round_trip(
    tcp_pair: tuple[socket.socket, socket.socket],
) -> None:
    server, _ = tcp_pair
    for bad in ("", "abc", "-100000", "0", "100000.5", "1e5", "0x186a0", "20000000", "4294967295"):
        headers = {"x-forwarded-for": "203.0.113.9", "x-tcp-rtt": bad}
        assert tcpinfo.header_rtt(headers) is None, bad
        assert tcpinfo.kernel_rtt(_Ws(server, headers)) is None, bad  # echoes alone, as before
    assert tcpinfo.header_rtt({"x-tcp-rtt": " 100000 "}) == pytest.approx(0.100)


def test_of_several_round_trips_the_smallest_counts() -> None:
    """A proxy that appends its value to one the client sent itself still bounds it."""
    from starlette.datastructures import Headers

    twice = Headers(raw=[(b"x-tcp-rtt", b"900000"), (b"x-tcp-rtt", b"48000")])
    assert tcpinfo.header_rtt(twice) == pytest.approx(0.048)
    assert tcpinfo.header_rtt({"x-tcp-rtt": "48000, 900000, junk"}) == pytest.approx(0.048)


@pytest.mark.parametrize(
    ("host", "allowed"),
    [
        ("127.0.0.1", "127.0.0.1,::1"),
        ("::1", "127.0.0.1,::1"),
        ("10.0.0.5", "10.0.0.5"),
        ("10.0.0.5", "10.0.0.0/24"),
        ("10.0.1.5", "10.0.0.0/24, 10.0.0.7"),
        ("2001:db8::7", "2001:db8::/64"),
        ("198.51.100.7", "*"),
        ("198.51.100.7", "127.0.0.1"),
        ("10.0.0.5", "10.0.0.5/24"),  # host bits set: no network to uvicorn either
        ("10.0.0.5", "/run/proxy.sock"),
    ],
)
def test_the_bell_trusts_the_proxies_uvicorn_trusts(host: str, allowed: str) -> None:
    """The round trip is believed from exactly the peers whose ``X-Forwarded-For``
    uvicorn believes (the same ``FORWARDED_ALLOW_IPS``), and from loopback."""
    from uvicorn.middleware.proxy_headers import _TrustedHosts

    class Peer:
        def getpeername(self) -> tuple[str, int]:
            return (host, 50000)

    assert tcpinfo.trusted(Peer(), allowed) == (host in _TrustedHosts(allowed))
