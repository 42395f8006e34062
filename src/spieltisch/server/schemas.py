"""What the HTTP routes answer, as models, so ``/openapi.json`` describes every answer
and every refusal (the template's ``*Public`` models; FastAPI's ``responses=``).

Each route declares ``**answers(Model, codes...)``: its success model and the error codes
it may answer, grouped by their HTTP status into :class:`ErrorBody` responses (the code an
:class:`~.errors.ErrorCode`, itself a schema). Models allow more fields than they name
(``extra="allow"``): game-specific parts (options, views, results, hint answers) have the
game's own shape, and nothing a route returns is dropped on the way out. FastAPI checks
every answer against its model, so a route that answers something else fails loudly.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from .errors import ErrorCode

E = ErrorCode
Number = int | float
"""A JSON number as the route wrote it (an ``int`` stays one)."""


class Open(BaseModel):
    """A model that keeps fields it does not name."""

    model_config = ConfigDict(extra="allow")


class ErrorText(BaseModel):
    de: str
    en: str


class ErrorDetail(Open):
    code: ErrorCode
    message: str
    """The English detail, for logs and developers."""
    text: ErrorText
    """What a player reads."""
    rule: str | None = None
    """The rule an illegal action breaks (``HA-R5``)."""


class ErrorBody(BaseModel):
    """Every refusal: ``{"error": {...}}``."""

    error: ErrorDetail


COMMON = (E.REQUEST_INVALID, E.SERVER_INTERNAL)
"""What any route may answer: a request that does not validate, a bug."""
WRITES = (
    E.REQUEST_LENGTH_REQUIRED,
    E.REQUEST_TOO_LARGE,
    E.REQUEST_TIMEOUT,
    E.REQUEST_RATE_LIMITED,
    E.SERVER_DISK_FULL,
)
"""What a route with a body may answer besides (:mod:`.app`'s guard, the rate limits)."""
TABLE = (E.TABLE_NOT_FOUND, E.SERVER_PEER_DOWN)
"""A route on one table: no such table; with a cluster, its owner is away."""


def refusals(*codes: ErrorCode) -> dict[int | str, dict[str, Any]]:
    """``responses=`` for ``codes`` (and :data:`COMMON`), one entry per HTTP status
    naming its codes.

    >>> sorted(refusals(E.TABLE_NOT_FOUND))
    [400, 404, 422, 500]
    >>> refusals(E.TABLE_NOT_FOUND)[404]["description"]
    'table/not_found'
    """
    by_status: dict[int, set[str]] = defaultdict(set)
    by_status[422].add(str(E.REQUEST_INVALID))  # a body or parameter that does not validate
    for code in (*COMMON, *codes):
        by_status[code.status].add(str(code))
    return {
        status: {"model": ErrorBody, "description": ", ".join(sorted(names))}
        for status, names in sorted(by_status.items())
    }


def answers(model: Any, *codes: ErrorCode) -> dict[str, Any]:
    """A route decorator's keywords: answers ``model``, refuses with ``codes``. Only the
    fields a route set are sent (``seed`` stays absent from a running table's summary)."""
    return {
        "response_model": model,
        "response_model_exclude_unset": True,
        "responses": refusals(*codes),
    }


# -- tables ------------------------------------------------------------------------------
Status = Literal["open", "running", "finished", "broken", "expired", "closed", "abandoned"]


class SeatSummary(Open):
    seat: int
    kind: Literal["human", "bot"]
    level: str | None
    name: str | None
    taken: bool
    reserved: bool
    online: bool


class ClockSummary(Open):
    mode: str
    seconds: Number
    left: list[Number | None]
    """Per seat, the seconds left on its move (``None``: not its turn)."""


class TableSummary(Open):
    """What anyone may know about a table (:func:`.summary.summary`)."""

    id: str
    game: str
    web: str | None
    options: dict[str, Any]
    players: int
    status: Status
    plies: int
    created_at: str
    updated_at: str
    seats: list[SeatSummary]
    result: dict[str, Any] | None
    seed: int | None = None
    """Only once the game is finished."""
    clock: ClockSummary | None = None


class Created(Open):
    table: TableSummary
    host_token: str | None = None
    seat: int | None
    seat_token: str | None


class Joined(Open):
    seat: int
    seat_token: str
    table: TableSummary


class Claimed(Open):
    seat: int
    seat_token: str


class MyTable(TableSummary):
    """One of a signed-in player's tables, with his seat there."""

    seat: int


class ReplayStep(Open):
    table: TableSummary
    ply: int
    plies: int
    seat: int | None
    events: list[dict[str, Any]]
    view: dict[str, Any]


class GameInfo(Open):
    name: str
    title: str
    bot_levels: list[str]
    turn_clock: bool


class GameRules(Open):
    game: str
    title: str


class ServerInfo(Open):
    public_url: str | None
    lan_url: str | None
    open_table_ttl: Number


class Health(Open):
    status: Literal["ok"]
    version: str
    db: Literal["ok"]
    live_tables: int
    server: str | None = None


# -- players and ratings -----------------------------------------------------------------
class PublicPlayer(Open):
    id: str
    name: str
    has_password: bool


class PlayerAnswer(Open):
    player: PublicPlayer


class PlayerWithKey(Open):
    player: PublicPlayer
    key: str
    """``<player id>.<key>``: shown once."""


class Profile(Open):
    player: dict[str, str]
    ratings: dict[str, dict[str, Number]]
    """Per game: ``rating``, ``mu``, ``sigma``, ``games``."""
    results: dict[str, dict[str, int]]
    games: list[dict[str, Any]]


class BotRatings(Open):
    scale: dict[str, Number]
    games: dict[str, dict[str, int]]


class Leaderboard(Open):
    game: str
    entries: list[dict[str, Any]]


class Review(Open):
    table_id: str
    seat: int
    status: Literal["queued", "running", "done", "failed"]
    progress: dict[str, int | None]


# -- moderation --------------------------------------------------------------------------
class Who(Open):
    admin: str


class LogEntry(Open):
    id: int
    at: str
    admin: str
    action: str
    target: str
    detail: str | None


class ModerationLog(Open):
    entries: list[LogEntry]
    banned: list[str]


class ChatLine(Open):
    id: int
    seat: int | None
    name: str | None
    quick: str | None
    text: str | None
    at: str
    hidden: bool


class ChatList(Open):
    messages: list[ChatLine]


class Ended(Open):
    table: TableSummary | None = None
    deleted: str | None = None


class Hidden(Open):
    hidden: int


class FoundPlayer(Open):
    player: dict[str, str]


class Renamed(Open):
    player: dict[str, str]
    was: str


class Banned(Open):
    changed: bool


class MailSetting(Open):
    """The player's own address for notices (:mod:`.mailroutes`)."""

    enabled: bool
    """Whether this server sends mail at all."""
    address: str | None
    confirmed: bool
    lang: str | None


class LessonOutline(Open):
    """A game's lesson, every step with the learner's view (:mod:`.lessons`)."""

    game: str
    seat: int
    steps: list[dict[str, Any]]


class LessonTry(Open):
    """A learner's move: refused with its rule (``ok`` false) or played with the replies."""

    ok: bool


class Tip(Open):
    """The rules bot's move for a seat (:mod:`.tips`), for its view after ``ply`` actions."""

    seat: int
    ply: int
    action: str


class LessonPlace(Open):
    """Where a signed-in player is in a game's lesson (:mod:`.lessons`)."""

    game: str
    step: str | None
    done: bool
    updated_at: str


class TipsOn(Open):
    """Whether a table gives tips (:mod:`.tips`)."""

    tips: bool


class RatingReset(Open):
    reset: bool
    was: int | None
