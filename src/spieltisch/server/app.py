"""The ASGI app: lobby API, websockets, static front end, health, lifecycle.

``create_app(settings)`` builds everything; the lifespan opens the store, rebuilds every
unfinished table by replay (bots resume), and on shutdown stops the bots and closes the
websockets with 1012 ("service restart") so browsers reconnect to the next process.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, Response
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

from spieltisch import __version__
from spieltisch.store import Store
from spieltisch.table import Clock

from . import (
    abandon,
    admin,
    apidocs,
    errors,
    hints,
    lessons,
    life,
    lobby,
    mailroutes,
    meters,
    metrics,
    players,
    ratings,
    reviews,
    schemas,
    stagecpu,
    ws,
)
from .cluster import Cluster
from .deadline import BodyDeadline
from .errors import ApiError, ErrorCode
from .health import disk_trouble
from .security import KeyedLimiter
from .settings import Settings
from .tables import TableManager

log = logging.getLogger("spieltisch.server")

WEB_DIR = Path(str(resources.files("spieltisch") / "web"))

SECURITY_HEADERS = {
    "content-security-policy": (
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
        "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'"
    ),
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
}


async def sweep_open_tables(manager: TableManager, ttl: float) -> None:
    """Expire idle open tables now and then (a quarter of their time to live, at most
    every ten minutes), so the lobby does not fill with tables nobody will join."""
    while True:
        await asyncio.sleep(max(1.0, min(ttl / 4, 600.0)))
        try:
            await manager.expire_open_tables()
        except Exception:  # the database may be away for a moment; try again later
            log.exception("expiring open tables failed")


def create_app(
    settings: Settings | None = None, store: Store | None = None, clock: Clock | None = None
) -> FastAPI:
    """The app for ``settings``; pass ``store`` to share one, ``clock`` to drive the
    tables' time (tests)."""
    settings = settings or Settings()
    ratings.use_anchors(settings.anchors_file)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        own_store = store is None
        st = store or Store(settings.db_url, schema=settings.db_schema)
        manager = TableManager(st, settings, clock)
        manager.ctx.meters = app.state.meters
        app.state.manager = manager
        app.state.cluster = None
        if settings.redis_url is not None:
            cluster = Cluster(manager, settings, st)
            app.state.cluster = manager.owners = cluster
            await cluster.start()
        restored = await manager.restore()
        app.state.reviews = reviews.ReviewDesk(manager, settings)
        await app.state.reviews.start()
        log.info("server ready", extra={"restored_tables": restored, "version": __version__})
        sweeper = asyncio.create_task(sweep_open_tables(manager, settings.open_table_ttl))
        abandoner = asyncio.create_task(abandon.sweep_forever(manager.ctx))
        lag = asyncio.create_task(stagecpu.sample_loop_lag()) if settings.stage_cpu else None
        try:
            yield
        finally:
            sweeper.cancel()
            abandoner.cancel()
            if lag is not None:
                lag.cancel()
            await app.state.reviews.close()
            await manager.close()  # the tables stop here before others may take them
            if app.state.cluster is not None:
                await app.state.cluster.stop()
            app.state.hints.close()
            if own_store:
                st.close()
            log.info("server stopped")

    app = FastAPI(
        title="spieltisch", version=__version__, lifespan=lifespan, docs_url=None, redoc_url=None
    )
    app.state.settings = settings
    app.state.http_limiter = KeyedLimiter(settings.http_rate, settings.http_burst)
    app.state.hints = hints.HintDesk(settings)
    app.state.meters = meters.Meters()
    errors.install(app)
    app.add_middleware(BodyDeadline, seconds=settings.body_timeout)
    app.include_router(lobby.router)
    app.include_router(life.router)
    app.include_router(apidocs.router)
    app.include_router(ws.router)
    app.include_router(hints.router)
    app.include_router(players.router)
    app.include_router(players.pages)
    app.include_router(ratings.router)
    app.include_router(reviews.router)
    app.include_router(mailroutes.router)
    app.include_router(mailroutes.pages)
    app.include_router(metrics.router)
    app.include_router(admin.router)
    app.include_router(admin.pages)
    app.include_router(lessons.router)
    if settings.stage_cpu:
        app.include_router(stagecpu.router)
        stagecpu.enable()
        stagecpu.count_collections()

    @app.middleware("http")
    async def guard(
        request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        length = request.headers.get("content-length")
        err: ApiError | None = None
        if length is None and request.method in ("POST", "PUT", "PATCH"):
            # A chunked body of unknown size could be endless: ask for a declared length.
            err = ApiError(ErrorCode.REQUEST_LENGTH_REQUIRED, "send a Content-Length header")
        elif length is not None and (not length.isdigit() or int(length) > settings.max_body_bytes):
            limit = settings.max_body_bytes
            err = ApiError(ErrorCode.REQUEST_TOO_LARGE, f"request bodies are at most {limit} bytes")
        if err is not None:
            request.app.state.meters.refused(err.code)
            response: Response = JSONResponse({"error": err.to_json()}, status_code=err.status)
        else:
            response = await call_next(request)
        response.headers.update(SECURITY_HEADERS)
        return response

    @app.get(
        "/healthz",
        tags=["ops"],
        **schemas.answers(schemas.Health, schemas.E.SERVER_DB_DOWN, schemas.E.SERVER_DISK_FULL),
    )
    async def health(request: Request) -> dict[str, Any]:
        manager: TableManager = request.app.state.manager
        try:
            db_ok = await asyncio.to_thread(manager.store.ping)
        except Exception:
            db_ok = False
        if not db_ok:
            raise ApiError(ErrorCode.SERVER_DB_DOWN, "the database does not answer")
        if settings.sqlite_path:
            folder = Path(settings.sqlite_path).parent
            trouble = await asyncio.to_thread(disk_trouble, folder, settings.min_free_disk_bytes)
            if trouble:
                raise ApiError(ErrorCode.SERVER_DISK_FULL, trouble)
        live = [t for t in manager.tables.values() if t.runtime and not t.runtime.is_over()]
        out = {"status": "ok", "version": __version__, "db": "ok", "live_tables": len(live)}
        if manager.owners is not None:  # which process answered, behind a load balancer
            out["server"] = manager.owners.me
        return out

    app.mount("/static", StaticFiles(directory=WEB_DIR), name="static")

    index = WEB_DIR / "index.html"

    @app.get("/", include_in_schema=False)
    async def home() -> FileResponse:
        return FileResponse(index)

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(index)

    @app.get("/replay/{table_id}", include_in_schema=False)
    async def replay_page(table_id: str) -> FileResponse:
        return FileResponse(index)

    return app
