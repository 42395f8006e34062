"""``spieltisch serve``: run the app under uvicorn with JSON logs."""

from __future__ import annotations

import logging

import uvicorn

from . import logs
from .app import create_app
from .settings import Settings, default_db_url

log = logging.getLogger("spieltisch.server")


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str | None = None,
    schema: str | None = None,
    bot_delay: float | None = None,
    log_level: str = "info",
) -> None:
    """Serve until SIGINT/SIGTERM, then shut down gracefully."""
    logs.setup(log_level)
    kwargs: dict[str, object] = {"db_url": db or default_db_url(), "db_schema": schema}
    if bot_delay is not None:
        kwargs["bot_delay"] = bot_delay
    settings = Settings(**kwargs)  # type: ignore[arg-type]
    where = settings.sqlite_path
    print(
        f"spieltisch: database {'SQLite file ' + where if where else _redact(settings.db_url)}",
        flush=True,
    )
    print(f"spieltisch: open http://{host}:{port}/", flush=True)
    uvicorn.run(
        create_app(settings),
        host=host,
        port=port,
        log_config=None,
        ws_max_size=64 * 1024,
        ws_per_message_deflate=False,  # CPU matters more than the few KB of a view
        timeout_graceful_shutdown=5,
        proxy_headers=True,
    )


def _redact(url: str) -> str:
    """A database URL without its password, for printing.

    >>> _redact("postgresql+psycopg://app:secret@db:5432/st")
    'postgresql+psycopg://app:***@db:5432/st'
    >>> _redact("postgresql+psycopg://postgres@127.0.0.1/test")
    'postgresql+psycopg://postgres@127.0.0.1/test'
    """
    scheme, sep, rest = url.partition("://")
    creds, at, hostpart = rest.rpartition("@")
    if not at or ":" not in creds:
        return url
    return f"{scheme}{sep}{creds.split(':', 1)[0]}:***@{hostpart}"
