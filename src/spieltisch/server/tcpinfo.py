"""The kernel's own round-trip time of a player's TCP connection (Linux ``TCP_INFO``).

The bell credits a seat the one-way latency it measured with clock-sync echoes, and a
client can make those look slower by holding its echoes back (docs/halligalli-fairness.md,
"Consistent fake lag"). The kernel times the same link without asking the client's
program: it stamps every segment it sends and takes the round trip when the peer's kernel
acknowledges it, which that kernel does by itself, whenever the program reads. So the
kernel's smallest round trip (``tcpi_min_rtt``) is a bound the client's program cannot
push up, and the bell credits no more than half of it plus :data:`MARGIN`.

Everything here returns ``None`` when there is no such measurement — another operating
system, another ASGI server, a socket that is not TCP, a test client — and the bell then
does what it did before: trust its own echoes within the bounds of
``spieltisch.table.bell``.
"""

from __future__ import annotations

import ipaddress
import socket
import struct
import sys
from collections.abc import Callable, Mapping
from typing import Any

TCP_INFO = getattr(socket, "TCP_INFO", 11)
"""``getsockopt`` option number of ``struct tcp_info`` (Linux)."""
INFO_BYTES = 232
"""Bytes of ``struct tcp_info`` asked for; an older kernel returns fewer."""
RTT_AT = 68
"""Byte offset of ``tcpi_rtt``: the smoothed round trip (µs, u32), since Linux 2.6."""
MIN_RTT_AT = 148
"""Byte offset of ``tcpi_min_rtt``: the smallest round trip of the last five minutes
(µs, u32), since Linux 4.6."""
NO_SAMPLE = 0xFFFFFFFF
"""``tcpi_min_rtt`` before the first measurement."""

MARGIN = 0.005
"""Seconds of one-way latency credited beyond half the kernel's round trip. The kernel's
smallest round trip is the link's: it includes the handshake, which the peer's kernel
acknowledges at once, so delayed acknowledgements do not shorten the credit. The echoes
also wait for both programs — the page's handler, the server's event loop — which the
kernel does not see; a ring does not wait for the page's handler twice, so this is only
room for timing noise. Honest clients' echoes came within 1 ms of half the kernel's round
trip in ``bench/halligalli_ws_fairness.py --real-delay`` (see the fairness doc). It is
all a client holding its echoes back can still gain."""

KernelRtt = Callable[[], float | None]
"""Reads the kernel's current round trip of one connection (seconds), or ``None``."""


def parse(info: bytes) -> float | None:
    """The round trip (seconds) in a ``struct tcp_info``: its smallest one when the kernel
    reports it (delayed acknowledgements only ever make a sample longer, the smallest is
    the link), else the smoothed one; ``None`` before any measurement.

    >>> info = bytearray(232)
    >>> struct.pack_into("=I", info, RTT_AT, 51_000)
    >>> struct.pack_into("=I", info, MIN_RTT_AT, 40_500)
    >>> parse(bytes(info))
    0.0405
    >>> parse(bytes(info[:104]))  # a kernel before 4.6: no tcpi_min_rtt
    0.051
    >>> parse(bytes(232)) is None, parse(b"") is None
    (True, True)
    """
    if len(info) >= MIN_RTT_AT + 4:
        (least,) = struct.unpack_from("=I", info, MIN_RTT_AT)
        if 0 < least < NO_SAMPLE:
            return float(least) / 1e6
    if len(info) >= RTT_AT + 4:
        (smooth,) = struct.unpack_from("=I", info, RTT_AT)
        if smooth > 0:
            return float(smooth) / 1e6
    return None


def read(sock: Any) -> float | None:
    """The kernel's round trip of a connected TCP socket, or ``None`` if it has none."""
    try:
        return parse(sock.getsockopt(socket.IPPROTO_TCP, TCP_INFO, INFO_BYTES))
    except (OSError, AttributeError, TypeError, ValueError):
        return None


def socket_of(ws: Any) -> Any | None:
    """The TCP socket under a Starlette websocket served by uvicorn, or ``None``.

    Starlette keeps the ASGI ``receive`` callable; uvicorn's is a bound method of its
    protocol object, which holds the asyncio transport (both of uvicorn's websocket
    implementations, with the standard loop or uvloop). A middleware that wraps
    ``receive`` for websockets, another server or a test client leaves no transport to
    find: ``None``.
    """
    owner = getattr(getattr(ws, "_receive", None), "__self__", None)
    transport = getattr(owner, "transport", None)
    get_extra_info = getattr(transport, "get_extra_info", None)
    if get_extra_info is None:
        return None
    try:
        sock = get_extra_info("socket")
    except Exception:
        return None
    if sock is None or getattr(sock, "family", None) not in (socket.AF_INET, socket.AF_INET6):
        return None
    return sock


def _loopback(sock: Any) -> bool:
    try:
        address = ipaddress.ip_address(sock.getpeername()[0])
    except (OSError, ValueError, TypeError, IndexError):
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return address.is_loopback


def forwarded(headers: Mapping[str, str]) -> bool:
    """Whether a request says it passed through a proxy."""
    return "x-forwarded-for" in headers or "forwarded" in headers


def kernel_rtt(ws: Any, enabled: bool = True) -> KernelRtt | None:
    """A reader of the kernel's round trip for this websocket's player, or ``None``.

    ``None`` also when the TCP peer is a proxy on this machine (a loopback address that
    forwards for someone): the kernel times only the hop to the proxy, which says nothing
    about the player's link. A forwarding header from any other address is not believed —
    a client could send one itself to escape the bound.
    """
    if not enabled or not sys.platform.startswith("linux"):
        return None
    sock = socket_of(ws)
    if sock is None:
        return None
    if _loopback(sock) and forwarded(getattr(ws, "headers", {})):
        return None
    return lambda: read(sock)


def bound(one_way: float | None, rtt: float | None) -> float | None:
    """The one-way latency to credit: the echoes' ``one_way``, at most half the kernel's
    round trip plus :data:`MARGIN` when the kernel measured one.

    >>> bound(0.080, 0.0001)  # echoes held back 160 ms on a loopback link
    0.00505
    >>> bound(0.052, 0.100)  # an honest 50 ms link: its own echoes
    0.052
    >>> bound(None, 0.1) is None, bound(0.05, None)
    (True, 0.05)
    """
    if one_way is None or rtt is None:
        return one_way
    return min(one_way, rtt / 2 + MARGIN)
