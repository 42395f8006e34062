"""``spieltisch serve``: run the app under uvicorn with JSON logs."""

from __future__ import annotations

import logging
import resource
import socket
from collections.abc import Mapping

import redis
import uvicorn
from sqlalchemy.exc import ArgumentError

from spieltisch.store import SchemaError, Store
from spieltisch.store.backup import BackupError, ServerLock

from . import logs, memory
from .app import create_app
from .connguard import guarded_protocol
from .settings import Settings, SettingsError, load

log = logging.getLogger("spieltisch.server")


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str | None = None,
    schema: str | None = None,
    bot_delay: float | None = None,
    log_level: str = "info",
    public: str | None = None,
    redis: str | None = None,
    redis_prefix: str | None = None,
    settings_file: str | None = None,
    overrides: Mapping[str, str] | None = None,
) -> None:
    """Serve until SIGINT/SIGTERM, then shut down gracefully.

    ``public`` is the address friends use (invite links start there); without it, a
    server on every interface offers its address on the local network. ``redis`` joins
    this process to the others on the same PostgreSQL database (docs/operations.md).
    ``settings_file`` and ``overrides`` (``--set NAME=VALUE``) are read by
    :func:`.settings.load`; the named options win over both.
    """
    logs.setup(log_level)
    given = {
        "db_url": db,
        "db_schema": schema,
        "bot_delay": bot_delay,
        "redis_url": redis,
        "redis_prefix": redis_prefix,
        "public_url": public,
    }
    kwargs: dict[str, object] = {**(overrides or {})}
    kwargs.update({name: value for name, value in given.items() if value is not None})
    lan = lan_address() if host in WILDCARDS else None
    if lan:
        kwargs["lan_url"] = f"http://{lan}:{port}"
    try:
        settings = load(settings_file, kwargs)
    except SettingsError as exc:
        raise SystemExit(f"spieltisch: {exc}") from None
    store = open_store(settings)
    if settings.redis_url and store.engine.dialect.name != "postgresql":
        store.close()
        raise SystemExit(
            "spieltisch: several processes (--redis) need a PostgreSQL database "
            "(--db postgresql+psycopg://…)"
        )
    if settings.redis_url:
        check_redis(settings.redis_url)
    where = settings.sqlite_path
    lock = ServerLock(where) if where else None
    if lock is not None:
        try:
            lock.acquire()  # restore refuses while it is held
        except BackupError as exc:
            store.close()
            raise SystemExit(f"spieltisch: {exc}") from None
    print(
        f"spieltisch: database {'SQLite file ' + where if where else _redact(settings.db_url)}",
        flush=True,
    )
    if store.migration is not None:
        print(f"spieltisch: {store.migration.line()}", flush=True)
    if settings.redis_url:
        print(f"spieltisch: news between processes via {_redact(settings.redis_url)}", flush=True)
    local = "127.0.0.1" if host in WILDCARDS else host
    print(f"spieltisch: open http://{local}:{port}/", flush=True)
    friends = settings.public_url or settings.lan_url
    if friends:
        print(f"spieltisch: friends join at {friends}/", flush=True)
    elif host not in WILDCARDS:
        print("spieltisch: only this computer can connect (serve --host 0.0.0.0)", flush=True)
    memory.start()  # keeps long collector pauses off the tables (memory.py)
    raise_file_limit(settings.max_connections + FILES_BESIDE_CONNECTIONS)
    try:
        uvicorn.run(
            create_app(settings, store),
            host=host,
            port=port,
            log_config=None,
            ws_max_size=64 * 1024,
            ws_per_message_deflate=False,  # CPU matters more than the few KB of a view
            timeout_graceful_shutdown=5,
            proxy_headers=True,
            forwarded_allow_ips=settings.forwarded_allow_ips,  # the bell trusts the same
            http=guarded_protocol(settings.header_timeout, settings.max_header_bytes),
            timeout_keep_alive=settings.keep_alive_timeout,
            limit_concurrency=settings.max_connections,
        )
    finally:
        store.close()
        if lock is not None:
            lock.release()


def open_store(settings: Settings) -> Store:
    """The database, opened before serving and brought to the newest schema: a bad URL,
    an unreachable server or a database newer than this code ends the start with one
    line saying so (and a non-zero exit), not a traceback."""
    try:
        return Store(settings.db_url, schema=settings.db_schema)
    except SchemaError as exc:
        raise SystemExit(f"spieltisch: {exc}") from None
    except ArgumentError:
        reason = "not a database URL (e.g. sqlite:////var/lib/spieltisch.db)"
    except Exception as exc:
        cause = getattr(exc, "orig", None) or exc
        reason = (str(cause).strip().splitlines() or [type(cause).__name__])[0]
    raise SystemExit(f"spieltisch: cannot open the database {_redact(settings.db_url)}: {reason}")


def check_redis(url: str) -> None:
    """End the start with one line when Redis cannot be reached, not a traceback."""
    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=3)
        try:
            client.ping()
        finally:
            client.close()
    except (redis.RedisError, ValueError, OSError) as exc:
        raise SystemExit(f"spieltisch: cannot reach Redis at {_redact(url)}: {exc}") from None


FILES_BESIDE_CONNECTIONS = 256
"""File descriptors the process needs besides its connections (database, workers, logs)."""


def raise_file_limit(wanted: int) -> int:
    """Raise this process's open-file limit towards ``wanted`` (never past the hard
    limit, never lowered), so the connection cap, not the file limit, is what a flood
    of connections meets first. Returns the limit now in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        except (ValueError, OSError):
            log.warning("cannot raise the open-file limit", extra={"wanted": target})
            return soft
        return target
    return soft


WILDCARDS = ("0.0.0.0", "::", "")
"""Listen addresses that mean every interface."""


def lan_address() -> str | None:
    """This machine's IPv4 address on the network its default route leads to.

    Connecting a UDP socket sends nothing; it only picks the outgoing interface.
    """
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never answered, never sent
            address: str = probe.getsockname()[0]
    except OSError:
        return None
    return None if address.startswith("127.") or address == "0.0.0.0" else address


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
