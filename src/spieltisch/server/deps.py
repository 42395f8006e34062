"""Shared dependencies of the routes, as Annotated aliases (the template's SessionDep)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from .errors import ApiError, ErrorCode
from .security import KeyedLimiter
from .tables import TableManager


def get_manager(request: Request) -> TableManager:
    manager: TableManager = request.app.state.manager
    return manager


def write_limit(request: Request) -> None:
    """Refuse lobby writes beyond the per-address rate."""
    limiter: KeyedLimiter = request.app.state.http_limiter
    client = request.client.host if request.client else "?"
    if not limiter.take(client):
        raise ApiError(ErrorCode.REQUEST_RATE_LIMITED, "too many requests; slow down")


def bearer(request: Request) -> str:
    value = request.headers.get("authorization", "")
    scheme, _, token = value.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(ErrorCode.AUTH_MISSING_TOKEN, "send 'Authorization: Bearer <token>'")
    return token.strip()


Manager = Annotated[TableManager, Depends(get_manager)]
WriteLimit = Annotated[None, Depends(write_limit)]
Bearer = Annotated[str, Depends(bearer)]
