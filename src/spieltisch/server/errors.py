"""Errors on the wire: one enum of stable namespaced codes, plain messages, no stack trace.

Every refusal, HTTP or websocket, is ``{"code": ..., "message": ..., "text": {"de", "en"},
"rule"?: ..., "option"?: ...}``. ``code`` is an :class:`ErrorCode`; ``message`` is the
English detail for logs and developers; ``text`` is what a player reads, in German and
English (the engine's own, more specific text when it gave one, else the code's). Engine
errors carry their own codes (``action/illegal`` with the rule id, ``game/unknown``, ...);
one handler per kind turns failures into responses (FastAPI's "Handling Errors").
"""

from __future__ import annotations

import logging
from enum import StrEnum
from typing import Any, NamedTuple

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy.exc import DBAPIError
from starlette.exceptions import HTTPException as StarletteHTTPException

from spieltisch.engine import IllegalAction, SpieltischError, Text

from .tableid import PARAMETER as TABLE_ID

log = logging.getLogger("spieltisch.server")


class ErrorCode(StrEnum):
    """Every code a client can receive; ``docs/api.md`` lists them with their texts."""

    GAME_UNKNOWN = "game/unknown"
    GAME_INVALID_OPTION = "game/invalid_option"
    GAME_INVALID_PLAYERS = "game/invalid_players"
    GAME_INVALID_SETUP = "game/invalid_setup"
    ACTION_ILLEGAL = "action/illegal"
    ACTION_INVALID_NOTATION = "action/invalid_notation"
    ACTION_STALE_STATE = "action/stale_state"
    STATE_NO_RECORD = "state/no_record"
    BOT_UNKNOWN_LEVEL = "bot/unknown_level"
    TABLE_NOT_FOUND = "table/not_found"
    TABLE_NO_HUMAN_SEAT = "table/no_human_seat"
    TABLE_NOT_OPEN = "table/not_open"
    TABLE_TOO_MANY_OPEN = "table/too_many_open"
    TABLE_FULL = "table/full"
    TABLE_SEAT_TAKEN = "table/seat_taken"
    TABLE_NO_SUCH_SEAT = "table/no_such_seat"
    TABLE_NOT_RUNNING = "table/not_running"
    TABLE_NOT_LIVE = "table/not_live"
    TABLE_NOT_FINISHED = "table/not_finished"
    TABLE_CROWDED = "table/crowded"
    TABLE_SEAT_IS_BOT = "table/seat_is_bot"
    TABLE_SEAT_IN_USE = "table/seat_in_use"
    TABLE_SEAT_JOINED = "table/seat_joined"
    TABLE_SEAT_RESIGNED = "table/seat_resigned"
    TABLE_SEAT_CROWDED = "table/seat_crowded"
    TABLE_SEAT_GUEST = "table/seat_guest"
    TABLE_SEAT_NOT_YOURS = "table/seat_not_yours"
    TABLE_EXPIRED = "table/expired"
    TABLE_BROKEN = "table/broken"
    TABLE_CLOSED = "table/closed"
    TABLE_ABANDONED = "table/abandoned"
    TABLE_CLOCK_INVALID = "table/clock_invalid"
    TABLE_CLOCK_NOT_TURNS = "table/clock_not_turns"
    REPLAY_BAD_PLY = "replay/bad_ply"
    REPLAY_NOT_YOUR_SEAT = "replay/not_your_seat"
    CHAT_EMPTY = "chat/empty"
    CHAT_TOO_LONG = "chat/too_long"
    CHAT_RATE_LIMITED = "chat/rate_limited"
    CHAT_UNKNOWN_QUICK = "chat/unknown_quick"
    CHAT_SPECTATOR = "chat/spectator"
    CHAT_NOT_FOUND = "chat/not_found"
    HINT_TIMEOUT = "hint/timeout"
    HINT_BUSY = "hint/busy"
    HINT_TIPS_RATED = "hint/tips_rated"
    HINT_TIPS_REALTIME = "hint/tips_realtime"
    HINT_TIPS_OFF = "hint/tips_off"
    HINT_NOT_YOUR_TURN = "hint/not_your_turn"
    REVIEW_NOT_FINISHED = "review/not_finished"
    REVIEW_NO_SUCH_SEAT = "review/no_such_seat"
    REVIEW_BUSY = "review/busy"
    REVIEW_TOO_MANY_QUEUED = "review/too_many_queued"
    REVIEW_NOT_FOUND = "review/not_found"
    AUTH_BAD_TOKEN = "auth/bad_token"
    AUTH_NOT_HOST = "auth/not_host"
    AUTH_MISSING_TOKEN = "auth/missing_token"
    AUTH_SPECTATOR = "auth/spectator"
    AUTH_ORIGIN = "auth/origin"
    AUTH_NOT_ADMIN = "auth/not_admin"
    MESSAGE_MALFORMED = "message/malformed"
    MESSAGE_TOO_LARGE = "message/too_large"
    MESSAGE_HELLO_EXPECTED = "message/hello_expected"
    MESSAGE_UNKNOWN_TYPE = "message/unknown_type"
    REQUEST_INVALID = "request/invalid"
    REQUEST_NOT_FOUND = "request/not_found"
    REQUEST_METHOD = "request/method"
    REQUEST_RATE_LIMITED = "request/rate_limited"
    REQUEST_LENGTH_REQUIRED = "request/length_required"
    REQUEST_TOO_LARGE = "request/too_large"
    REQUEST_TIMEOUT = "request/timeout"
    SERVER_INTERNAL = "server/internal"
    SERVER_STORE = "server/store"
    SERVER_DB_DOWN = "server/db_down"
    SERVER_DISK_FULL = "server/disk_full"
    SERVER_PEER_DOWN = "server/peer_down"
    PLAYER_NOT_FOUND = "player/not_found"
    PLAYER_NAME_TAKEN = "player/name_taken"
    PLAYER_NAME_CONFUSABLE = "player/name_confusable"
    PLAYER_NAME_BANNED = "player/name_banned"
    PLAYER_BAD_KEY = "player/bad_key"
    PLAYER_BAD_LOGIN = "player/bad_login"
    PLAYER_SIGN_IN_LIMITED = "player/sign_in_limited"
    PLAYER_WEAK_PASSWORD = "player/weak_password"
    RATING_UNRATED_GAME = "rating/unrated_game"
    RATING_UNANCHORED_LEVEL = "rating/unanchored_level"
    MAIL_OFF = "mail/off"
    MAIL_BAD_ADDRESS = "mail/bad_address"
    MAIL_TOO_MANY = "mail/too_many"

    @property
    def status(self) -> int:
        """The HTTP status a refusal with this code answers with."""
        return INFO[self].status

    @property
    def text(self) -> Text:
        """What a player reads, in German and English."""
        return INFO[self].text


class CodeInfo(NamedTuple):
    status: int
    text: Text


E = ErrorCode
INFO: dict[ErrorCode, CodeInfo] = {
    E.GAME_UNKNOWN: CodeInfo(400, Text("Unbekanntes Spiel", "Unknown game")),
    E.GAME_INVALID_OPTION: CodeInfo(400, Text("Ungültige Regeloption", "Invalid rule option")),
    E.GAME_INVALID_PLAYERS: CodeInfo(
        400, Text("Ungültige Spielerzahl", "Invalid number of players")
    ),
    E.GAME_INVALID_SETUP: CodeInfo(
        400, Text("Mit diesen Regeln kann der Tisch nicht starten", "This setup cannot start")
    ),
    E.ACTION_ILLEGAL: CodeInfo(409, Text("Regelverstoß", "Against the rules")),
    E.ACTION_INVALID_NOTATION: CodeInfo(
        400, Text("Diesen Zug verstehe ich nicht", "I cannot read that move")
    ),
    E.ACTION_STALE_STATE: CodeInfo(
        409,
        Text(
            "Das Spiel ist inzwischen weiter – bitte noch einmal",
            "The game has moved on – please try again",
        ),
    ),
    E.STATE_NO_RECORD: CodeInfo(
        400, Text("Zu diesem Zustand gibt es keine Partie", "This state has no game record")
    ),
    E.BOT_UNKNOWN_LEVEL: CodeInfo(400, Text("Unbekannte Bot-Stufe", "Unknown bot level")),
    E.TABLE_NOT_FOUND: CodeInfo(404, Text("Diesen Tisch gibt es nicht", "There is no such table")),
    E.TABLE_NO_HUMAN_SEAT: CodeInfo(
        400,
        Text(
            "Ein Tisch nur mit Bots kann niemand betreten",
            "A table with only bots cannot be joined",
        ),
    ),
    E.TABLE_NOT_OPEN: CodeInfo(
        409, Text("Das Spiel hat schon begonnen", "The game has already started")
    ),
    E.TABLE_TOO_MANY_OPEN: CodeInfo(
        429,
        Text(
            "Von hier sind schon zu viele Tische offen: erst einen starten oder schließen",
            "Too many open tables from here: start or close one first",
        ),
    ),
    E.TABLE_FULL: CodeInfo(409, Text("Alle Plätze sind besetzt", "Every seat is taken")),
    E.TABLE_SEAT_TAKEN: CodeInfo(409, Text("Dieser Platz ist schon besetzt", "That seat is taken")),
    E.TABLE_NO_SUCH_SEAT: CodeInfo(
        409, Text("An diesem Platz sitzt kein Mensch", "No person sits in that seat")
    ),
    E.TABLE_NOT_RUNNING: CodeInfo(409, Text("Das Spiel läuft nicht", "The game is not running")),
    E.TABLE_NOT_LIVE: CodeInfo(
        409, Text("An diesem Tisch wird nicht gespielt", "This table is not being played")
    ),
    E.TABLE_NOT_FINISHED: CodeInfo(
        409,
        Text(
            "Die Wiederholung gibt es erst nach dem Spiel",
            "The replay is shown once the game is over",
        ),
    ),
    E.TABLE_CROWDED: CodeInfo(
        429, Text("Zu viele Zuschauer an diesem Tisch", "Too many spectators at this table")
    ),
    E.TABLE_SEAT_IS_BOT: CodeInfo(
        409, Text("Diesen Platz spielt gerade ein Bot", "A bot plays this seat now")
    ),
    E.TABLE_SEAT_IN_USE: CodeInfo(
        409,
        Text(
            "Dieser Platz ist besetzt und nicht untätig – ein Bot darf ihn nicht übernehmen",
            "This seat is connected and active – a bot may not take it over",
        ),
    ),
    E.TABLE_ABANDONED: CodeInfo(
        410,
        Text(
            "Alle hatten diesen Tisch verlassen – er wurde ohne Wertung beendet",
            "Everyone had left this table – it ended unrated",
        ),
    ),
    E.TABLE_SEAT_GUEST: CodeInfo(
        403,
        Text(
            "Diesen Platz hat ein Gast genommen – er gilt nur in dessen Browser",
            "A guest took this seat – it is played only in that browser",
        ),
    ),
    E.TABLE_SEAT_NOT_YOURS: CodeInfo(
        403,
        Text(
            "Dieser Platz gehört einem anderen Spieler",
            "This seat belongs to another player",
        ),
    ),
    E.TABLE_SEAT_JOINED: CodeInfo(
        409,
        Text(
            "Jemand hat sich auf diesen Platz gesetzt – er bleibt für ihn frei",
            "Somebody has sat down in this seat – it stays theirs",
        ),
    ),
    E.TABLE_SEAT_RESIGNED: CodeInfo(
        409,
        Text(
            "Wer aufgegeben hat, bekommt seinen Platz nicht zurück – ein Bot spielt ihn zu Ende",
            "A player who resigned does not get his seat back – a bot plays it to the end",
        ),
    ),
    E.TABLE_SEAT_CROWDED: CodeInfo(
        429,
        Text(
            "Dieser Platz ist schon in zu vielen Fenstern offen",
            "This seat is open in too many windows",
        ),
    ),
    E.TABLE_EXPIRED: CodeInfo(
        410,
        Text(
            "Dieser Tisch ist abgelaufen: niemand hat sich rechtzeitig hingesetzt",
            "This table expired: nobody sat down in time",
        ),
    ),
    E.TABLE_BROKEN: CodeInfo(
        410,
        Text(
            "Dieser Tisch lässt sich nicht wiederherstellen",
            "This table cannot be rebuilt",
        ),
    ),
    E.TABLE_CLOSED: CodeInfo(
        410,
        Text(
            "Der Gastgeber hat diesen Tisch geschlossen",
            "The host closed this table",
        ),
    ),
    E.TABLE_CLOCK_INVALID: CodeInfo(
        400,
        Text(
            "Diese Bedenkzeit gibt es nicht (pro Zug 10 s bis 30 min, Fernpartie 1 h bis 14 Tage,"
            " Zeitkonto 10 s bis 3 h plus 0 bis 300 s pro Zug)",
            "No such time limit (per move 10 s to 30 min, correspondence 1 h to 14 days,"
            " time bank 10 s to 3 h plus 0 to 300 s per move)",
        ),
    ),
    E.TABLE_CLOCK_NOT_TURNS: CodeInfo(
        400,
        Text(
            "Dieses Spiel hat keine Züge, die eine Uhr begrenzen könnte",
            "This game has no turns a clock could limit",
        ),
    ),
    E.CHAT_EMPTY: CodeInfo(400, Text("Die Nachricht ist leer", "The message is empty")),
    E.CHAT_TOO_LONG: CodeInfo(400, Text("Die Nachricht ist zu lang", "The message is too long")),
    E.CHAT_RATE_LIMITED: CodeInfo(
        429,
        Text("Zu viele Nachrichten – bitte kurz warten", "Too many messages – wait a moment"),
    ),
    E.CHAT_UNKNOWN_QUICK: CodeInfo(
        400, Text("Diese Schnellnachricht gibt es nicht", "There is no such quick message")
    ),
    E.CHAT_SPECTATOR: CodeInfo(
        403,
        Text(
            "Zuschauer dürfen an diesem Tisch nicht schreiben",
            "Spectators may not write at this table",
        ),
    ),
    E.REPLAY_BAD_PLY: CodeInfo(
        400, Text("Diesen Zug gibt es in der Partie nicht", "The game has no such move")
    ),
    E.REPLAY_NOT_YOUR_SEAT: CodeInfo(
        403,
        Text(
            "Die Karten eines Platzes sieht nur, wer auf ihm gespielt hat",
            "Only the seat's own player sees its cards",
        ),
    ),
    E.HINT_TIMEOUT: CodeInfo(
        503,
        Text(
            "Dieser Tipp braucht zu lange – für diese Hand gibt es keinen",
            "This hint takes too long – there is none for this hand",
        ),
    ),
    E.HINT_BUSY: CodeInfo(
        503,
        Text(
            "Die Tipps sind gerade ausgelastet – gleich noch einmal",
            "Hints are busy – try again soon",
        ),
    ),
    E.HINT_TIPS_RATED: CodeInfo(
        400,
        Text(
            "Tipps gibt es nur an ungewerteten Tischen",
            "Tips are only given at unrated tables",
        ),
    ),
    E.HINT_TIPS_REALTIME: CodeInfo(
        400,
        Text(
            "Dieses Spiel hat keine Züge für Tipps – sein Trainer hilft am Tisch",
            "This game has no turns to give tips for – its coach helps at the table",
        ),
    ),
    E.HINT_TIPS_OFF: CodeInfo(
        409,
        Text("An diesem Tisch gibt es keine Tipps", "This table gives no tips"),
    ),
    E.HINT_NOT_YOUR_TURN: CodeInfo(
        409,
        Text(
            "Einen Tipp gibt es, wenn du am Zug bist",
            "A tip is given when it is your turn",
        ),
    ),
    E.REVIEW_NOT_FINISHED: CodeInfo(
        409,
        Text(
            "Analysieren lässt sich nur ein beendetes Spiel",
            "Only a finished game can be analysed",
        ),
    ),
    E.REVIEW_NO_SUCH_SEAT: CodeInfo(
        400, Text("Diesen Platz gibt es an diesem Tisch nicht", "This table has no such seat")
    ),
    E.REVIEW_BUSY: CodeInfo(
        503,
        Text(
            "Gerade warten zu viele Analysen – bitte später noch einmal",
            "Too many analyses are waiting – please try again later",
        ),
    ),
    E.REVIEW_TOO_MANY_QUEUED: CodeInfo(
        429,
        Text(
            "Es warten schon genug Analysen von dir: bitte warte, bis eine fertig ist",
            "Enough of your reviews are waiting already: wait until one is done",
        ),
    ),
    E.REVIEW_NOT_FOUND: CodeInfo(
        404,
        Text(
            "Für diesen Platz wurde noch keine Analyse angefordert",
            "No analysis has been asked for this seat yet",
        ),
    ),
    E.AUTH_BAD_TOKEN: CodeInfo(
        403, Text("Dieser Platz-Schlüssel ist ungültig", "This seat token is not valid")
    ),
    E.AUTH_NOT_HOST: CodeInfo(
        403,
        Text(
            "Das darf nur, wer den Tisch eröffnet hat (einen verlassenen Platz im laufenden "
            "Spiel auch, wer am Tisch sitzt)",
            "Only the table's creator may do this (hand an away seat of a running game to a "
            "bot: anyone seated at the table)",
        ),
    ),
    E.AUTH_MISSING_TOKEN: CodeInfo(401, Text("Ein Schlüssel fehlt", "A token is missing")),
    E.AUTH_SPECTATOR: CodeInfo(
        403, Text("Zuschauer können nicht ziehen", "Spectators cannot move")
    ),
    E.AUTH_ORIGIN: CodeInfo(
        403,
        Text(
            "Verbindungen von fremden Seiten sind nicht erlaubt",
            "Connections from other sites are not allowed",
        ),
    ),
    E.MESSAGE_MALFORMED: CodeInfo(400, Text("Ungültige Nachricht", "Malformed message")),
    E.MESSAGE_TOO_LARGE: CodeInfo(400, Text("Nachricht zu groß", "Message too large")),
    E.MESSAGE_HELLO_EXPECTED: CodeInfo(400, Text("Zuerst anmelden (hello)", "Say hello first")),
    E.MESSAGE_UNKNOWN_TYPE: CodeInfo(
        400, Text("Unbekannte Nachrichtenart", "Unknown message type")
    ),
    E.REQUEST_INVALID: CodeInfo(400, Text("Ungültige Eingabe", "Invalid input")),
    E.REQUEST_NOT_FOUND: CodeInfo(404, Text("Nicht gefunden", "Not found")),
    E.REQUEST_METHOD: CodeInfo(405, Text("Diese Anfrageart geht hier nicht", "Method not allowed")),
    E.REQUEST_RATE_LIMITED: CodeInfo(
        429, Text("Zu viele Anfragen – bitte langsamer", "Too many requests – slow down")
    ),
    E.REQUEST_LENGTH_REQUIRED: CodeInfo(
        411, Text("Die Länge der Anfrage fehlt", "The request's length is missing")
    ),
    E.REQUEST_TOO_LARGE: CodeInfo(413, Text("Anfrage zu groß", "Request too large")),
    E.REQUEST_TIMEOUT: CodeInfo(
        408, Text("Die Anfrage kam zu langsam an", "The request arrived too slowly")
    ),
    E.SERVER_INTERNAL: CodeInfo(500, Text("Interner Serverfehler", "Internal server error")),
    E.SERVER_STORE: CodeInfo(
        503,
        Text(
            "Der Zug ist nicht bestätigt – der Tisch wird neu geladen",
            "The move was not confirmed – the table is being reloaded",
        ),
    ),
    E.SERVER_DB_DOWN: CodeInfo(
        503, Text("Die Datenbank antwortet nicht", "The database does not answer")
    ),
    E.SERVER_DISK_FULL: CodeInfo(
        503, Text("Der Speicher des Servers ist voll", "The server's disk is full")
    ),
    E.SERVER_PEER_DOWN: CodeInfo(
        503,
        Text(
            "Der Server dieses Tisches antwortet gerade nicht – gleich noch einmal versuchen",
            "The server running this table does not answer right now – try again in a moment",
        ),
    ),
    E.PLAYER_NOT_FOUND: CodeInfo(
        404,
        Text("Diesen Spieler gibt es nicht", "There is no such player"),
    ),
    E.PLAYER_NAME_TAKEN: CodeInfo(
        409,
        Text("Diesen Namen hat schon ein anderer Spieler", "Another player has this name"),
    ),
    E.PLAYER_NAME_CONFUSABLE: CodeInfo(
        400,
        Text(
            "Dieser Name mischt Schriften, die gleich aussehen (etwa lateinische und"
            " kyrillische Buchstaben)",
            "This name mixes scripts that look alike (such as Latin and Cyrillic letters)",
        ),
    ),
    E.PLAYER_BAD_KEY: CodeInfo(
        403,
        Text("Dieser Spieler-Schlüssel ist ungültig", "This player key is not valid"),
    ),
    E.PLAYER_BAD_LOGIN: CodeInfo(
        403,
        Text("Name oder Passwort stimmt nicht", "Wrong name or password"),
    ),
    E.PLAYER_SIGN_IN_LIMITED: CodeInfo(
        429,
        Text(
            "Zu viele Anmeldeversuche – bitte eine Minute warten",
            "Too many sign-in attempts – wait a minute",
        ),
    ),
    E.PLAYER_WEAK_PASSWORD: CodeInfo(
        400,
        Text("Ein Passwort hat mindestens 8 Zeichen", "A password has at least 8 characters"),
    ),
    E.AUTH_NOT_ADMIN: CodeInfo(
        403, Text("Das darf nur die Moderation", "Only a moderator may do this")
    ),
    E.CHAT_NOT_FOUND: CodeInfo(
        404, Text("Diese Nachricht gibt es an diesem Tisch nicht", "This table has no such message")
    ),
    E.PLAYER_NAME_BANNED: CodeInfo(403, Text("Dieser Name ist gesperrt", "This name is banned")),
    E.RATING_UNRATED_GAME: CodeInfo(
        400,
        Text("Dieses Spiel wird nicht gewertet", "This game is not rated"),
    ),
    E.RATING_UNANCHORED_LEVEL: CodeInfo(
        400,
        Text(
            "Gegen diese Bot-Stufe wird nicht gewertet: ihre Spielstärke ist noch nicht gemessen",
            "Games against this bot level are not rated: its strength is not measured yet",
        ),
    ),
    E.MAIL_OFF: CodeInfo(
        409,
        Text(
            "Dieser Server verschickt keine Mails",
            "This server sends no mail",
        ),
    ),
    E.MAIL_BAD_ADDRESS: CodeInfo(
        400,
        Text("Das ist keine Mail-Adresse", "This is not a mail address"),
    ),
    E.MAIL_TOO_MANY: CodeInfo(
        429,
        Text(
            "Schon genug Bestätigungsmails verschickt – bitte in zehn Minuten noch einmal",
            "Enough confirmation mails sent – try again in ten minutes",
        ),
    ),
}


class ApiError(Exception):
    """A refusal with a stable code; its HTTP status is the code's unless given."""

    def __init__(
        self,
        code: ErrorCode,
        message: str,
        status: int | None = None,
        rule: str | None = None,
        detail: dict[str, Any] | None = None,
    ):
        super().__init__(message)
        self.code = code = ErrorCode(code)
        self.message = message
        self.status = status if status is not None else code.status
        self.rule = rule
        self.detail = detail or {}

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"text": self.code.text.to_json(), **self.detail}
        out["code"], out["message"] = str(self.code), self.message
        if self.rule:
            out["rule"] = self.rule
        return out


def engine_code(exc: SpieltischError) -> ErrorCode:
    """The code of an engine error; one the enum lacks is a bug, answered as invalid."""
    if exc.code == "error":  # the base class: a request the engine could not use
        return ErrorCode.REQUEST_INVALID
    try:
        return ErrorCode(exc.code)
    except ValueError:
        log.error("engine error without an ErrorCode", extra={"code": exc.code})
        return ErrorCode.REQUEST_INVALID


def from_engine(exc: SpieltischError) -> ApiError:
    """The wire form of an engine error (the rule id kept for illegal actions)."""
    code = engine_code(exc)
    if isinstance(exc, IllegalAction):
        return ApiError(code, exc.message, rule=exc.rule, detail=exc.detail())
    return ApiError(code, str(exc), detail=exc.detail())


def error_response(err: ApiError, request: Request | None = None) -> JSONResponse:
    """The JSON answer of a refusal, counted in the app's meters (``/metrics``) when
    ``request`` is given."""
    if request is not None:
        request.app.state.meters.refused(err.code)
    return JSONResponse({"error": err.to_json()}, status_code=err.status)


HTTP_CODES = {
    404: ErrorCode.REQUEST_NOT_FOUND,
    405: ErrorCode.REQUEST_METHOD,
    408: ErrorCode.REQUEST_TIMEOUT,
    413: ErrorCode.REQUEST_TOO_LARGE,
    429: ErrorCode.REQUEST_RATE_LIMITED,
}
"""Starlette's own HTTP errors; any other 4xx is an invalid request."""


def install(app: FastAPI) -> None:
    """Register the handlers that turn every failure into a coded JSON error."""

    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> JSONResponse:
        return error_response(exc, request)

    @app.exception_handler(SpieltischError)
    async def engine_error(request: Request, exc: SpieltischError) -> JSONResponse:
        return error_response(from_engine(exc), request)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {}
        if tuple(first.get("loc", ())) == ("path", TABLE_ID):  # no table has such an id
            return error_response(
                ApiError(ErrorCode.TABLE_NOT_FOUND, "there is no such table"), request
            )
        where = ".".join(str(p) for p in first.get("loc", ()) if p != "body")
        message = f"{where}: {first.get('msg', 'invalid request')}" if where else "invalid request"
        return error_response(ApiError(ErrorCode.REQUEST_INVALID, message, 422), request)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        if exc.status_code >= 500:
            code = ErrorCode.SERVER_INTERNAL
        else:
            code = HTTP_CODES.get(exc.status_code, ErrorCode.REQUEST_INVALID)
        return error_response(ApiError(code, str(exc.detail), exc.status_code), request)

    @app.exception_handler(RecursionError)
    async def too_deep(request: Request, _exc: RecursionError) -> JSONResponse:
        # JSON nested thousands deep: the parser gives up; the request is at fault.
        return error_response(
            ApiError(ErrorCode.REQUEST_INVALID, "the body is nested too deeply"), request
        )

    @app.exception_handler(DBAPIError)
    async def store_failed(request: Request, exc: DBAPIError) -> JSONResponse:
        # Every write of a route (a new table, a join, a player, a review, ...) reaches
        # the store through here when it fails: a full disk is the operator's to fix and
        # the client's to retry later, not an internal error.
        if disk_full(exc):
            log.error("the database's disk is full", extra={"path": request.url.path})
            return error_response(
                ApiError(ErrorCode.SERVER_DISK_FULL, "the database is full"), request
            )
        log.exception("internal error", extra={"path": request.url.path})
        return error_response(ApiError(ErrorCode.SERVER_INTERNAL, "internal server error"), request)

    @app.exception_handler(Exception)
    async def internal(request: Request, exc: Exception) -> JSONResponse:
        log.exception("internal error", extra={"path": request.url.path})
        return error_response(ApiError(ErrorCode.SERVER_INTERNAL, "internal server error"), request)


DISK_FULL_STATES = frozenset({"53100"})
"""PostgreSQL's SQLSTATE ``disk_full`` (``could not extend file``)."""

DISK_FULL_TEXTS = ("database or disk is full", "could not extend file", "no space left on device")
"""What SQLite (``SQLITE_FULL``) and PostgreSQL say when the disk is full."""


def disk_full(exc: DBAPIError) -> bool:
    """Whether the store failed because its disk is full (SQLite or PostgreSQL).

    >>> import sqlite3
    >>> disk_full(DBAPIError("INSERT", {}, sqlite3.OperationalError("database or disk is full")))
    True
    """
    orig = exc.orig
    state = getattr(orig, "sqlstate", None) or getattr(orig, "pgcode", None)
    if state in DISK_FULL_STATES:
        return True
    text = str(orig).lower()
    return any(t in text for t in DISK_FULL_TEXTS)
