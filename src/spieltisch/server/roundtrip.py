"""A connection's round trips as the server times them (the fair bell's latency, HG-R8).

Kept on the connection itself (:attr:`.live.Connection.sync`), so it lives and goes
with its socket; :mod:`.bell` explains what is believed and why.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass, field

from spieltisch.table.bell import MAX_CREDIT

from . import tcpinfo

SAMPLES = 8


@dataclass(slots=True)
class Sync:
    """Round-trip samples of one connection (seconds), timed by the server."""

    rtts: deque[float] = field(default_factory=lambda: deque(maxlen=SAMPLES))
    pending: float | None = None
    """Server time of the latest pong, until its echo arrives."""
    refused: int = 0
    """Echoes that contradicted the server's own timing."""
    kernel: tcpinfo.KernelRtt | None = None
    """Reads the kernel's round trip of this connection, where there is one."""

    def sent(self, ts: float) -> None:
        """A pong stamped ``ts`` goes out; any older one can no longer be answered."""
        self.pending = ts

    def echo(self, ts: float, now: float) -> bool:
        """The client echoed ``ts`` at ``now``: a sample only if it is the latest pong."""
        if self.pending is None or ts != self.pending:
            self.refused += 1
            return False
        self.pending = None
        rtt = now - ts
        if math.isfinite(rtt) and 0.0 <= rtt < 10.0:
            self.rtts.append(rtt)
        return True

    @property
    def one_way(self) -> float | None:
        """The seat's one-way latency: half the smallest echo round trip, capped by the
        kernel's own round trip when it has one (:func:`tcpinfo.bound`)."""
        echoes = min(self.rtts) / 2 if self.rtts else None
        if echoes is None or self.kernel is None or echoes > MAX_CREDIT:
            return echoes  # beyond MAX_CREDIT the echoes earn nothing: the bound only lowers
        return tcpinfo.bound(echoes, self.kernel())
