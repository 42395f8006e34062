"""The fair bell (HG-R8, HG-R9): collect rings for a short window, rank them fairly.

Over a network the bell is only "equally far from everyone" if who rang first is decided
by each player's *reaction* — measured from the moment the card appeared on his own
screen — and not by when his message happened to arrive. So the first ring that reaches
the table opens a collection window; every ring arriving inside it is ranked by its
compensated reaction time plus the seat's handicap, and applied in that order.

Trust. A client reports its reaction time; the server checks it against its own view:

    estimate = arrival − one-way latency − time the card was shown

A reported time is *trusted* when it is at least the human floor (about 100 ms, HG-R8)
and not faster than the estimate by more than a tolerance (jitter). Otherwise the
reaction is replaced by the server-side estimate less the tolerance (the benefit of the
doubt jitter allows), never better than the floor. A client
that lies about its reaction time therefore gains nothing; one that delays its latency
probes inflates its measured latency, which is why the one-way latency the server uses
is half the *smallest* recent round trip and capped (see ``spieltisch.server.bell``).

Everything is computed from times the caller passes in (the runtime's injected clock),
so the arbitration is testable on a simulated clock and has no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass, field

FLOOR = 0.100
"""Fastest human reaction (seconds) the bell believes (HG-R8)."""

WINDOW = 0.300
"""How long (seconds) rings are collected after the first one arrives. It must cover the
difference in one-way latency between seats, or a slow link loses by arriving late."""

TOLERANCE = 0.060
"""How much faster (seconds) than the server's estimate a reported reaction may be:
latency jitter and the time a browser needs to paint a card."""


@dataclass(frozen=True, slots=True)
class RingClaim:
    """One ring as the bell judged it."""

    seat: int
    version: int
    """The table version on the ringer's screen when he pressed."""
    arrival: float
    """Clock time the ring reached the table."""
    claimed: float | None
    """Reaction time the client measured (seconds), if it sent one."""
    estimate: float
    """Server-side reaction estimate: arrival − one-way latency − card shown."""
    trusted: bool
    reaction: float
    """The reaction time ranked: ``claimed`` if trusted, else ``estimate`` − tolerance
    (at least the floor)."""
    handicap: float
    """The seat's agreed ring delay in seconds (HG-R9)."""

    @property
    def rank_time(self) -> float:
        return self.reaction + self.handicap

    def to_json(self) -> dict[str, object]:
        return {
            "seat": self.seat,
            "version": self.version,
            "reaction_ms": round(self.reaction * 1000),
            "claimed_ms": None if self.claimed is None else round(self.claimed * 1000),
            "trusted": self.trusted,
            "handicap_ms": round(self.handicap * 1000),
            "rank_ms": round(self.rank_time * 1000),
        }


def judge(
    seat: int,
    version: int,
    *,
    shown_at: float,
    arrival: float,
    one_way: float,
    claimed: float | None,
    handicap: float = 0.0,
    floor: float = FLOOR,
    tolerance: float = TOLERANCE,
) -> RingClaim:
    """Decide which reaction time a ring is ranked by (the trust rule of HG-R8).

    >>> c = judge(0, 3, shown_at=1.0, arrival=1.45, one_way=0.2, claimed=0.25)
    >>> c.trusted, round(c.reaction, 3)
    (True, 0.25)
    >>> c = judge(0, 3, shown_at=1.0, arrival=1.45, one_way=0.2, claimed=0.05)
    >>> c.trusted, round(c.reaction, 3)
    (False, 0.19)
    """
    estimate = arrival - one_way - shown_at
    trusted = (
        claimed is not None
        and claimed >= floor
        and claimed >= estimate - tolerance
        and claimed <= arrival - shown_at + tolerance
    )
    # Distrusted: the benefit of the doubt the tolerance allows, never better than a human.
    reaction = claimed if trusted and claimed is not None else max(estimate - tolerance, floor)
    return RingClaim(seat, version, arrival, claimed, estimate, trusted, reaction, handicap)


def ranked(claims: list[RingClaim]) -> list[RingClaim]:
    """Fastest compensated ring first; ties go to the earlier arrival, then lower seat."""
    return sorted(claims, key=lambda c: (c.rank_time, c.arrival, c.seat))


@dataclass(slots=True)
class RingWindow:
    """The rings of one collection window, open from the first arrival for ``length``."""

    length: float = WINDOW
    claims: list[RingClaim] = field(default_factory=list)
    closes_at: float | None = None

    @property
    def is_open(self) -> bool:
        return self.closes_at is not None

    def add(self, claim: RingClaim) -> bool:
        """Collect ``claim``; ``False`` if its seat already rang in this window."""
        if any(c.seat == claim.seat for c in self.claims):
            return False
        if self.closes_at is None:
            self.closes_at = claim.arrival + self.length
        self.claims.append(claim)
        return True

    def close(self) -> list[RingClaim]:
        """End the window: its rings, fastest first."""
        out = ranked(self.claims)
        self.claims = []
        self.closes_at = None
        return out
