"""Errors on the wire: stable namespaced codes, plain messages, never a stack trace.

Every refusal, HTTP or websocket, is ``{"code": ..., "message": ..., "rule"?: ...}``,
plus what the engine knows for players: ``text`` (``{"de", "en"}``) and ``option``.
Engine errors carry their own codes (``action/illegal`` with the rule id,
``game/unknown``, ...); the server adds its own below. One handler per kind turns
them into responses (FastAPI's "Handling Errors").
"""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from spieltisch.engine import IllegalAction, SpieltischError

log = logging.getLogger("spieltisch.server")


class ApiError(Exception):
    """A refusal with a stable code and an HTTP status."""

    def __init__(
        self,
        code: str,
        message: str,
        status: int = 400,
        rule: str | None = None,
        detail: dict[str, Any] | None = None,
    ):
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status
        self.rule = rule
        self.detail = detail or {}

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {**self.detail, "code": self.code, "message": self.message}
        if self.rule:
            out["rule"] = self.rule
        return out


ENGINE_STATUS = {
    "game/unknown": 400,
    "game/invalid_option": 400,
    "game/invalid_players": 400,
    "game/invalid_setup": 400,
    "action/illegal": 409,
    "action/invalid_notation": 400,
}


def from_engine(exc: SpieltischError) -> ApiError:
    """The wire form of an engine error (the rule id kept for illegal actions)."""
    if isinstance(exc, IllegalAction):
        return ApiError(exc.code, exc.message, 409, exc.rule)
    code = getattr(exc, "code", "error")
    if code == "error":
        code = "request/invalid"
    return ApiError(code, str(exc), ENGINE_STATUS.get(code, 400), detail=exc.detail())


def _response(err: ApiError) -> JSONResponse:
    return JSONResponse({"error": err.to_json()}, status_code=err.status)


def install(app: FastAPI) -> None:
    """Register the handlers that turn every failure into a coded JSON error."""

    @app.exception_handler(ApiError)
    async def api_error(_request: Request, exc: ApiError) -> JSONResponse:
        return _response(exc)

    @app.exception_handler(SpieltischError)
    async def engine_error(_request: Request, exc: SpieltischError) -> JSONResponse:
        return _response(from_engine(exc))

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ()) if p != "body")
        message = f"{where}: {first.get('msg', 'invalid request')}" if where else "invalid request"
        return _response(ApiError("request/invalid", message, 422))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = {404: "request/not_found", 405: "request/method"}.get(exc.status_code, "request")
        return _response(ApiError(code, str(exc.detail), exc.status_code))

    @app.exception_handler(Exception)
    async def internal(request: Request, exc: Exception) -> JSONResponse:
        log.exception("internal error", extra={"path": request.url.path})
        return _response(ApiError("server/internal", "internal server error", 500))
