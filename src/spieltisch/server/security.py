"""Seat tokens and rate limits.

A token is 32 random bytes (URL-safe text); the database keeps only its SHA-256, so a
leaked database does not let anyone act for a seat. SHA-256 without salt is enough for
tokens of this entropy (a password would need a slow hash).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from collections import OrderedDict
from collections.abc import Iterable


def new_token() -> str:
    return secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def token_matches(token: str, stored_hash: str | None) -> bool:
    """Constant-time comparison of a presented token with a stored hash."""
    return hash_matches(hash_token(token), stored_hash)


def hash_matches(digest: str, stored_hash: str | None) -> bool:
    """Constant-time comparison of a token's hash with a stored hash."""
    if stored_hash is None:
        return False
    return hmac.compare_digest(digest.encode("ascii", "replace"), stored_hash.encode("ascii"))


def new_table_id() -> str:
    """Short, unguessable table ids (they appear in invite links)."""
    return secrets.token_urlsafe(9)


class TokenBucket:
    """``rate`` events per second on average, ``burst`` at once."""

    __slots__ = ("burst", "last", "level", "rate")

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.level = float(burst)
        self.last = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.last) * self.rate)
        self.last = now
        if self.level >= 1.0:
            self.level -= 1.0
            return True
        return False


class KeyedLimiter:
    """One bucket per key (a client address), forgetting the oldest keys past ``size``."""

    def __init__(self, rate: float, burst: int, size: int = 10_000) -> None:
        self.rate, self.burst, self.size = rate, burst, size
        self.buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def take(self, key: str) -> bool:
        bucket = self.buckets.pop(key, None) or TokenBucket(self.rate, self.burst)
        self.buckets[key] = bucket
        while len(self.buckets) > self.size:
            self.buckets.popitem(last=False)
        return bucket.take()


def origin_allowed(origin: str | None, host: str | None, also: Iterable[str | None] = ()) -> bool:
    """Whether a websocket from a page at ``origin`` may talk to this server at ``host``.

    Browsers send the page's origin with every websocket; a foreign page must not play
    with a visitor's seat (cross-site websocket hijacking). Allowed: the server's own
    origin, the configured public or LAN address (``also``), and clients that are not
    browsers (no origin).

    >>> origin_allowed("http://127.0.0.1:8000", "127.0.0.1:8000")
    True
    >>> origin_allowed("https://evil.example", "127.0.0.1:8000")
    False
    >>> origin_allowed("https://spiele.example.org", "10.0.0.5:8000", ["https://spiele.example.org"])
    True
    >>> origin_allowed(None, "127.0.0.1:8000")
    True
    """
    if origin is None:
        return True
    origin = origin.rstrip("/").lower()
    allowed = {u.rstrip("/").lower() for u in also if u}
    if host:
        allowed |= {f"http://{host.lower()}", f"https://{host.lower()}"}
    return origin in allowed
