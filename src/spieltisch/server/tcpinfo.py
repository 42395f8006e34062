"""The kernel's own round-trip time of a player's TCP connection (Linux ``TCP_INFO``).

The bell credits a seat the one-way latency it measured with clock-sync echoes, and a
client can make those look slower by holding its echoes back (docs/halligalli-fairness.md,
"Consistent fake lag"). The kernel times the same link without asking the client's
program: it stamps every segment it sends and takes the round trip when the peer's kernel
acknowledges it, which that kernel does by itself, whenever the program reads. So the
kernel's smallest round trip (``tcpi_min_rtt``) is a bound the client's program cannot
push up, and the bell credits no more than half of it plus :data:`MARGIN`.

Behind a reverse proxy the server's TCP peer is the proxy, and this kernel times only the
hop to it. The proxy's kernel times the player's connection, and a trusted proxy may pass
that round trip on in the :data:`RTT_HEADER` request header of the websocket upgrade
(nginx: ``proxy_set_header X-Tcp-Rtt $tcpinfo_rtt;``): it is then the bound of that
socket. Trusted are the proxies uvicorn takes forwarding headers from — a loopback peer,
or an address in ``FORWARDED_ALLOW_IPS`` (``Settings.forwarded_allow_ips``). From any other
peer the header is ignored: the kernel's own round trip stays the bound.

Everything here returns ``None`` when there is no such measurement — another operating
system, another ASGI server, a socket that is not TCP, a test client, a proxy that sends
no round trip — and the bell then does what it did before: trust its own echoes within
the bounds of ``spieltisch.table.bell``.
"""

from __future__ import annotations

import functools
import ipaddress
import re
import socket
import struct
import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
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

RTT_HEADER = "x-tcp-rtt"
"""Request header in which a trusted proxy passes the round trip its kernel measured on
the player's connection, in microseconds (nginx's ``$tcpinfo_rtt``: the smoothed
``tcpi_rtt`` at the time of the request)."""
MAX_HEADER_RTT = 10.0
"""Seconds: a round trip above this in :data:`RTT_HEADER` is not a measurement."""
LOCAL_PROXIES = "127.0.0.1,::1"
"""uvicorn's default ``forwarded_allow_ips``: a proxy on this machine."""

_MICROSECONDS = re.compile(r"[0-9]{1,10}")

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


Address = ipaddress.IPv4Address | ipaddress.IPv6Address
Network = ipaddress.IPv4Network | ipaddress.IPv6Network


@dataclass(frozen=True, slots=True)
class Proxies:
    """The peers ``FORWARDED_ALLOW_IPS`` names, read the way uvicorn reads it: ``*``, or
    addresses and networks separated by commas; anything else (a unix socket's path, a
    network with host bits set) names no TCP peer."""

    anyone: bool
    hosts: frozenset[Address]
    networks: tuple[Network, ...]

    def __contains__(self, address: Address) -> bool:
        return self.anyone or address in self.hosts or any(address in n for n in self.networks)


@functools.lru_cache(maxsize=8)
def proxies_of(allowed: str) -> Proxies:
    if allowed.strip() == "*":
        return Proxies(True, frozenset(), ())
    hosts: set[Address] = set()
    networks: list[Network] = []
    for item in (part.strip() for part in allowed.split(",")):
        try:
            if "/" in item:
                networks.append(ipaddress.ip_network(item))
            else:
                hosts.add(ipaddress.ip_address(item))
        except ValueError:
            continue
    return Proxies(False, frozenset(hosts), tuple(networks))


def trusted(sock: Any, proxies: str = LOCAL_PROXIES) -> bool:
    """Whether the socket's TCP peer is a proxy whose forwarding headers are believed:
    any loopback address (a proxy on this machine), or one of ``proxies``.

    >>> class Peer:
    ...     def __init__(self, host: str) -> None:
    ...         self.host = host
    ...     def getpeername(self) -> tuple[str, int]:
    ...         return (self.host, 50000)
    >>> trusted(Peer("127.0.0.1")), trusted(Peer("::1")), trusted(Peer("198.51.100.7"))
    (True, True, False)
    >>> trusted(Peer("10.0.0.5"), "10.0.0.0/24"), trusted(Peer("::ffff:10.0.0.5"), "10.0.0.5")
    (True, True)
    >>> trusted(Peer("10.0.1.5"), "10.0.0.0/24,10.0.0.7"), trusted(Peer("10.0.1.5"), "*")
    (False, True)
    """
    try:
        address = ipaddress.ip_address(sock.getpeername()[0])
    except (OSError, ValueError, TypeError, IndexError, AttributeError):
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return address.is_loopback or address in proxies_of(proxies)


def forwarded(headers: Mapping[str, str]) -> bool:
    """Whether a request says it passed through a proxy."""
    return "x-forwarded-for" in headers or "forwarded" in headers or RTT_HEADER in headers


def _values(headers: Mapping[str, str], name: str) -> Iterable[str]:
    getlist = getattr(headers, "getlist", None)  # Starlette's headers: every line of it
    if getlist is not None:
        return list(getlist(name))
    value = headers.get(name)
    return [] if value is None else [value]


def header_rtt(headers: Mapping[str, str]) -> float | None:
    """The player's round trip (seconds) a proxy passed in :data:`RTT_HEADER`, or
    ``None``. A value that is not a whole positive number of microseconds up to
    :data:`MAX_HEADER_RTT` is ignored; of several (the header twice, or a list), the
    smallest counts: a proxy that appends its value to one the client sent itself still
    bounds it, and a value only ever lowers its own socket's credit.

    >>> header_rtt({"x-tcp-rtt": "100250"})
    0.10025
    >>> header_rtt({"x-tcp-rtt": "900000, 48000"})
    0.048
    >>> [header_rtt({"x-tcp-rtt": v}) for v in ("", "-5", "0", "1e5", "12.5", "99999999999")]
    [None, None, None, None, None, None]
    >>> header_rtt({}) is None
    True
    """
    found: list[float] = []
    for value in _values(headers, RTT_HEADER):
        for item in value.split(","):
            item = item.strip()
            if _MICROSECONDS.fullmatch(item) is None:
                continue
            rtt = int(item) / 1e6
            if 0.0 < rtt <= MAX_HEADER_RTT:
                found.append(rtt)
    return min(found, default=None)


def kernel_rtt(ws: Any, enabled: bool = True, proxies: str = LOCAL_PROXIES) -> KernelRtt | None:
    """A reader of the kernel's round trip for this websocket's player, or ``None``.

    When the TCP peer is a trusted proxy (:func:`trusted`) that forwards for someone, the
    kernel here times only the hop to the proxy, which says nothing about the player's
    link: the round trip the proxy passed in :data:`RTT_HEADER` is read instead, and
    without one there is no reader. Forwarding headers and :data:`RTT_HEADER` from any
    other peer are not believed — a client could send them itself to escape the bound.
    """
    if not enabled:
        return None
    sock = socket_of(ws)
    if sock is None:
        return None
    headers = getattr(ws, "headers", {})
    if forwarded(headers) and trusted(sock, proxies):
        rtt = header_rtt(headers)
        return None if rtt is None else lambda: rtt
    if not sys.platform.startswith("linux"):
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
