"""``POST /api/hints/{game}/{hint}``: the hints a game declares, answered safely.

A hint sees only the question a seat sends (its own cards), so the route is table-free
and cannot leak anything the seat does not already hold; the browser switches hints off
by simply not asking. Which hints exist is the game's business (``faces.hints``); this
module only keeps them from hurting the server, because anyone may ask:

- the work runs in a child process under a time cap (:mod:`.hintworker`), never on the
  event loop; too slow a question is answered ``hint/timeout``;
- each client address gets a few questions per second (``request/rate_limited``);
- answers (timeouts and refusals too: hints are deterministic) are kept in a bounded
  LRU, so asking the same thing again costs nothing.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections import OrderedDict
from typing import Annotated, Any

from fastapi import APIRouter, Body, Request

from spieltisch.engine import SpieltischError, Text, load

from . import schemas as S
from .errors import ApiError, ErrorCode
from .hintworker import HintBusy, HintTimeout, HintWorker, Outcome
from .security import KeyedLimiter
from .settings import Settings

log = logging.getLogger("spieltisch.hints")
router = APIRouter(prefix="/api/hints", tags=["hints"])

TIMED_OUT: Outcome = ("timeout",)


def _refusal(code: str, message: str, detail: dict[str, Any]) -> SpieltischError:
    """A hint's refusal of its question, as the engine error the child caught (answered
    by the server's engine-error handler, with the hint's own words)."""
    text = detail.get("text")
    refusal = SpieltischError(Text(text["de"], text["en"]) if text else message)
    refusal.code = code  # type: ignore[misc]  # this one refusal carries the hint's own code
    return refusal


class HintDesk:
    """What answering hints needs across requests: the child, the limiter, the cache."""

    def __init__(self, settings: Settings) -> None:
        self.worker = HintWorker(settings.hint_seconds)
        self.limiter = KeyedLimiter(settings.hint_rate, settings.hint_burst)
        self.size = settings.hint_cache
        self.cache: OrderedDict[bytes, Outcome] = OrderedDict()

    def remembered(self, key: bytes) -> Outcome | None:
        found = self.cache.get(key)
        if found is not None:
            self.cache.move_to_end(key)
        return found

    def remember(self, key: bytes, outcome: Outcome) -> None:
        self.cache[key] = outcome
        self.cache.move_to_end(key)
        while len(self.cache) > self.size:
            self.cache.popitem(last=False)

    async def outcome(self, game: str, hint: str, question: Any) -> Outcome:
        """The (possibly remembered) outcome of asking ``hint`` of ``game``."""
        key = _key(game, hint, question)
        found = self.remembered(key)
        if found is None:
            try:
                found = await self.worker.ask(game, hint, question)
            except HintTimeout:
                found = TIMED_OUT
            if found[0] == "failed":
                log.error("hint failed", extra={"game": game, "hint": hint, "error": found[1]})
            else:
                self.remember(key, found)
        return found

    def close(self) -> None:
        self.worker.close()


def _key(game: str, hint: str, question: Any) -> bytes:
    try:
        text = json.dumps([game, hint, question], sort_keys=True, separators=(",", ":"))
    except (RecursionError, TypeError, ValueError) as exc:
        raise ApiError(ErrorCode.REQUEST_INVALID, "the question is not plain JSON") from exc
    return hashlib.sha256(text.encode()).digest()


@router.post(
    "/{game}/{hint}",
    **S.answers(
        dict[str, Any],
        *S.WRITES,
        S.E.GAME_UNKNOWN,
        S.E.REQUEST_NOT_FOUND,
        S.E.HINT_BUSY,
        S.E.HINT_TIMEOUT,
    ),
)
async def answer(
    game: str, hint: str, request: Request, question: Annotated[Any, Body()]
) -> dict[str, Any]:
    """The game's answer to ``question`` (its own JSON shape, e.g. Kalooki's ``opening``
    takes ``{"hand": [...], "keep": 1}`` and answers ``{"value", "opens", "melds"}``)."""
    desk: HintDesk = request.app.state.hints
    if not desk.limiter.take(request.client.host if request.client else "?"):
        raise ApiError(ErrorCode.REQUEST_RATE_LIMITED, "too many hints; slow down")
    rules = load(game)
    if hint not in (rules.face("hints") or {}):
        raise ApiError(ErrorCode.REQUEST_NOT_FOUND, f"{rules.info.title} has no hint {hint!r}")
    try:
        outcome = await desk.outcome(rules.info.name, hint, question)
    except HintBusy:
        raise ApiError(ErrorCode.HINT_BUSY, "too many hints are waiting; ask again") from None
    kind = outcome[0]
    if kind == "ok":
        found: dict[str, Any] = outcome[1]
        return found
    if kind == "refused":
        raise _refusal(outcome[1], outcome[2], outcome[3])
    if kind == "timeout":
        raise ApiError(ErrorCode.HINT_TIMEOUT, "the hint took longer than its time cap")
    raise ApiError(ErrorCode.SERVER_INTERNAL, f"the hint failed: {outcome[1]}")
