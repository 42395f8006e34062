"""The fair bell: collect rings for a short window, rank them fairly.

Over a network the bell is only "equally far from everyone" if who rang first is decided
by each player's *reaction* — measured from the moment the card appeared on his own
screen — and not by when his message happened to arrive. So the first ring that reaches
the table opens a collection window; every ring arriving inside it is ranked by its
reaction time plus the seat's handicap, and applied in that order. Which rules this
enforces, and in which words a ring is refused, is the game's to say (its real-time
adapter, :mod:`.adapter`); this module is only the arithmetic.

The server is the authority (ARCHITECTURE principle 8): a ring's ranked reaction comes
from what the server timed itself, and a client can only make it slower, never faster:

    visible  = arrival − show time          the longest the card can have been on screen
    credit   = the seat's one-way latency, as the server timed it, if this ring leaves
               room for it (credit ≤ visible − floor + slack), else nothing
    estimate = visible − credit
    reaction = max(estimate, reported, floor)

A ring arriving sooner after the show time than anybody could react (visible < floor −
slack) rang before the card could be seen and is refused. A latency that a ring proves
too large (no human could have rung that fast with it) earns that ring no credit, and the
bound it proves caps the seat's credit from then on. Latencies above ``MAX_CREDIT`` are
not compensated at all. What this bound does and does not protect against is written
down in ``docs/halligalli-fairness.md``.

Everything is computed from times the caller passes in (the runtime's injected clock),
so the arbitration is testable on a simulated clock and has no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass, field

FLOOR = 0.100
"""Fastest human reaction (seconds) the bell ranks."""

WINDOW = 0.300
"""How long (seconds) rings are collected after the first one arrives. It must cover the
difference in one-way latency between seats, or a slow link loses by arriving late."""

SLACK = 0.030
"""How much earlier (seconds) than the show time an honest page may paint a card: clock
sync error plus one frame."""

MAX_CREDIT = 0.250
"""Longest one-way latency (seconds) the bell compensates; a seat whose measured latency
is larger gets no credit (it is not a link the synchronised show time can serve)."""


class RungTooEarly(Exception):
    """A ring arrived sooner after its card's show time than anybody could react: it was
    rung before the card could be seen. Not an :class:`~spieltisch.engine.IllegalAction`
    itself, since the rule it breaks is the game's (``Refusal.TOO_EARLY``)."""

    def __init__(self, version: int) -> None:
        super().__init__(f"table version {version} was rung before it could be seen")
        self.version = version


def credit_for(one_way: float | None) -> float:
    """The latency credit a measured one-way latency earns (seconds)."""
    if one_way is None or not 0.0 <= one_way <= MAX_CREDIT:
        return 0.0
    return one_way


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
    """Server-side reaction: time since the card could be seen, less the credit."""
    credit: float
    """The one-way latency credited to this ring (seconds)."""
    bound: float
    """The largest one-way latency this ring leaves room for (seconds)."""
    reaction: float
    """The reaction time ranked: the largest of estimate, claimed and the floor."""
    handicap: float
    """The seat's agreed ring delay in seconds (the game's handicap for it)."""

    @property
    def trusted(self) -> bool:
        """Whether the ranked time is the one the client measured (to the millisecond
        the wire carries)."""
        return self.claimed is not None and self.claimed >= self.reaction - 0.001

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
            "credit_ms": round(self.credit * 1000),
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
    slack: float = SLACK,
) -> RingClaim:
    """Decide which reaction time a ring is ranked by (the trust rule).

    ``one_way`` is the seat's credit as the server timed it (see :func:`credit_for`).

    >>> c = judge(0, 3, shown_at=1.0, arrival=1.45, one_way=0.2, claimed=0.3)
    >>> c.trusted, round(c.reaction, 3)
    (True, 0.3)
    >>> c = judge(0, 3, shown_at=1.0, arrival=1.45, one_way=0.2, claimed=0.1)
    >>> c.trusted, round(c.reaction, 3)
    (False, 0.25)
    >>> c = judge(0, 3, shown_at=1.0, arrival=1.2, one_way=0.2, claimed=0.1)
    >>> round(c.credit, 3), round(c.reaction, 3)
    (0.0, 0.2)

    :raises RungTooEarly: the ring arrived before anybody could have reacted to the card
        (it was rung before the card could be seen); the runtime refuses it in the game's
        words.
    """
    visible = arrival - shown_at
    if visible < floor - slack:
        raise RungTooEarly(version)
    bound = visible - floor + slack
    credit = one_way if 0.0 <= one_way <= bound else 0.0
    estimate = visible - credit
    reaction = max(estimate, floor, -1.0 if claimed is None else claimed)
    return RingClaim(seat, version, arrival, claimed, estimate, credit, bound, reaction, handicap)


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
