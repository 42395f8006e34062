"""Real network delay for tests and benchmarks: the server in its own network namespace,
reached over a link that holds every packet back (Linux, root).

Delay injected by the client program is invisible to the server's kernel; the fair bell
reads the kernel's round trip (``spieltisch.server.tcpinfo``), so its tests need delay the
kernel sees. ``tc netem`` is not in every kernel (not in the test machines'), so the link
is two TUN devices — one here, one in the namespace — and a relay process that reads each
IP packet from one and writes it to the other after its class's delay. Each delay class
is one address of the server: ``LagNet.host(k)`` is ``lags[k]`` seconds away in each
direction, so a client picks its link by the address it connects to.

Everything is made on entry and removed on exit, also on error: the namespace, and the
TUN devices, which vanish with the relay process that holds them. Only addresses of the
benchmarking block 198.18.0.0/15 (RFC 2544) are used, on devices that exist only here and
in the namespace.

    with LagNet([0.005, 0.050]) as net:
        server = LagServer(db_url, net)
        server.start()
        ...connect to server.host(0.050): a 50 ms link each way...
"""

from __future__ import annotations

import contextlib
import fcntl
import heapq
import json
import os
import selectors
import signal
import struct
import subprocess
import sys
import time
from pathlib import Path
from types import TracebackType

import httpx

from .procserver import Server

TUNSETIFF = 0x400454CA
IFF_TUN = 0x0001
IFF_NO_PI = 0x1000
CLASSES = 6
"""Delay classes per namespace (addresses 198.18.base+k.1 here, .2 in the namespace)."""


class LagNetUnavailable(RuntimeError):
    """No namespace or TUN device could be made here (not root, not Linux, a sandbox)."""


def _ip(*args: str, missing: type[Exception] = RuntimeError) -> None:
    """Run ``ip``; a failure raises ``missing`` (which says whether it is a broken set-up
    or a machine without namespaces)."""
    try:
        done = subprocess.run(["ip", *args], capture_output=True, text=True, timeout=10)
    except FileNotFoundError as exc:
        raise LagNetUnavailable("no ip command (iproute2)") from exc
    if done.returncode != 0:
        raise missing(f"ip {' '.join(args)}: {done.stderr.strip()}")


def _tun(name: str) -> int:
    fd = os.open("/dev/net/tun", os.O_RDWR)
    try:
        fcntl.ioctl(fd, TUNSETIFF, struct.pack("16sH", name.encode(), IFF_TUN | IFF_NO_PI))
    except OSError:
        os.close(fd)
        raise
    return fd


class LagNet:
    """A namespace whose addresses are ``lags`` seconds away, each way."""

    def __init__(self, lags: list[float]) -> None:
        if not 0 < len(lags) <= CLASSES:
            raise ValueError(f"between 1 and {CLASSES} delay classes")
        self.lags = lags
        tag = os.getpid() % 40
        self.ns = f"st-lag{os.getpid()}"
        self.here, self.there = f"stl{tag}h{os.getpid() % 1000}", f"stl{tag}t{os.getpid() % 1000}"
        self.base = tag * CLASSES
        self.relay: subprocess.Popen[bytes] | None = None
        self.made_ns = False

    def host(self, k: int) -> str:
        """The server's address ``lags[k]`` away."""
        return f"198.18.{self.base + k}.2"

    def inside(self, cmd: list[str]) -> list[str]:
        """``cmd`` run inside the namespace."""
        return ["ip", "netns", "exec", self.ns, *cmd]

    def __enter__(self) -> LagNet:
        if not sys.platform.startswith("linux"):
            raise LagNetUnavailable("network namespaces are Linux's")
        try:
            self._make()
        except BaseException:
            self.close()
            raise
        return self

    def _make(self) -> None:
        _ip("netns", "add", self.ns, missing=LagNetUnavailable)
        self.made_ns = True
        try:
            here, there = _tun(self.here), _tun(self.there)
        except OSError as exc:
            raise LagNetUnavailable(f"no TUN device: {exc}") from exc
        try:
            relay = [sys.executable, "-m", __name__, str(here), str(there)]
            relay += [json.dumps(self.lags), str(self.base)]
            root = Path(__file__).resolve().parents[2]
            self.relay = subprocess.Popen(relay, pass_fds=(here, there), cwd=root)
        finally:
            os.close(here)
            os.close(there)
        _ip("link", "set", self.there, "netns", self.ns)
        _ip("-n", self.ns, "link", "set", "lo", "up")
        for k in range(len(self.lags)):
            mine, theirs = f"198.18.{self.base + k}.1", self.host(k)
            _ip("addr", "add", f"{mine}/32", "dev", self.here)
            _ip("-n", self.ns, "addr", "add", f"{theirs}/32", "dev", self.there)
        _ip("link", "set", self.here, "up")
        _ip("-n", self.ns, "link", "set", self.there, "up")
        for k in range(len(self.lags)):
            mine, theirs = f"198.18.{self.base + k}.1", self.host(k)
            _ip("route", "add", f"{theirs}/32", "dev", self.here, "src", mine)
            _ip("-n", self.ns, "route", "add", f"{mine}/32", "dev", self.there, "src", theirs)

    def close(self) -> None:
        if self.relay is not None:
            self.relay.terminate()
            try:
                self.relay.wait(5)
            except subprocess.TimeoutExpired:
                self.relay.kill()
                self.relay.wait(5)
            self.relay = None
        if self.made_ns:
            subprocess.run(["ip", "netns", "del", self.ns], capture_output=True, timeout=10)
            self.made_ns = False

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


class LagServer(Server):
    """The server inside a :class:`LagNet`, listening on every address of its delays."""

    def __init__(self, db: str, net: LagNet, env: dict[str, str] | None = None) -> None:
        super().__init__(db, bot_delay=0.0, env=env)
        self.net = net

    @property
    def base(self) -> str:
        return f"http://{self.host(min(self.net.lags))}:{self.port}"

    def host(self, lag: float) -> str:
        """The server's address ``lag`` seconds away."""
        return self.net.host(self.net.lags.index(lag))

    def start(self) -> None:
        cmd = [sys.executable, "-m", "spieltisch.server", "--host", "0.0.0.0"]
        cmd += ["--port", str(self.port), "--db", self.db, "--bot-delay", "0"]
        self.proc = subprocess.Popen(
            self.net.inside(cmd),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env=self.env,
        )
        for _ in range(600):
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{self.base}/healthz", timeout=1).status_code == 200:
                    return
            time.sleep(0.05)
        raise RuntimeError("server did not start")


def relay(here: int, there: int, lags: list[float], base: int) -> None:
    """Move packets between the two TUN devices, each after its class's delay: the class
    is the third byte of the namespace-side address (destination going in, source coming
    out). Packets of one class and direction keep their order."""
    stop = False

    def end(*_: object) -> None:
        nonlocal stop
        stop = True

    signal.signal(signal.SIGTERM, end)
    sel = selectors.DefaultSelector()
    sel.register(here, selectors.EVENT_READ, (there, 18))  # IPv4 destination, third byte
    sel.register(there, selectors.EVENT_READ, (here, 14))  # IPv4 source, third byte
    due: list[tuple[float, int, int, bytes]] = []
    seq = 0
    while not stop:
        timeout = max(0.0, due[0][0] - time.monotonic()) if due else 0.5
        for key, _ in sel.select(timeout):
            out, at = key.data
            packet = os.read(key.fd, 65536)
            if len(packet) < 20 or packet[0] >> 4 != 4:
                continue  # only IPv4 is routed here
            k = packet[at] - base
            lag = lags[k] if 0 <= k < len(lags) else 0.0
            heapq.heappush(due, (time.monotonic() + lag, seq, out, packet))
            seq += 1
        now = time.monotonic()
        while due and due[0][0] <= now:
            _, _, out, packet = heapq.heappop(due)
            with contextlib.suppress(OSError):  # the other side is gone (shutting down)
                os.write(out, packet)


if __name__ == "__main__":
    relay(int(sys.argv[1]), int(sys.argv[2]), json.loads(sys.argv[3]), int(sys.argv[4]))
