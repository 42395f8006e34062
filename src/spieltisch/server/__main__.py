"""``python -m spieltisch.server [--host] [--port] [--db URL] [--settings FILE] [--set N=V]``.

Like ``spieltisch serve``; ``SPIELTISCH_HOST`` and ``SPIELTISCH_PUBLIC_URL`` are the defaults.
"""

from __future__ import annotations

import argparse
import os

from .main import serve


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m spieltisch.server")
    parser.add_argument("--host", default=os.environ.get("SPIELTISCH_HOST", "127.0.0.1"))
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--db", default=None, help="SQLAlchemy URL (default: SQLite file)")
    parser.add_argument("--schema", default=None, help="PostgreSQL schema for the tables")
    parser.add_argument("--bot-delay", type=float, default=None, help="seconds per bot move")
    parser.add_argument(
        "--public-url",
        default=os.environ.get("SPIELTISCH_PUBLIC_URL"),
        help="address friends use; invite links start there",
    )
    parser.add_argument(
        "--redis",
        default=os.environ.get("SPIELTISCH_REDIS"),
        help="Redis URL: run beside other processes on the same PostgreSQL database",
    )
    parser.add_argument(
        "--redis-prefix",
        default=os.environ.get("SPIELTISCH_REDIS_PREFIX"),
        help="prefix of this cluster's Redis channels",
    )
    parser.add_argument(
        "--settings",
        default=os.environ.get("SPIELTISCH_SETTINGS_FILE"),
        help="a settings file of SPIELTISCH_NAME=value lines",
    )
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="one setting (spieltisch config lists them)",
    )
    args = parser.parse_args(argv)
    pairs = [item.partition("=") for item in args.set]
    if any(not sep for _, sep, _ in pairs):
        parser.error("--set takes NAME=VALUE")
    serve(
        args.host,
        args.port,
        args.db,
        args.schema,
        args.bot_delay,
        public=args.public_url,
        redis=args.redis,
        redis_prefix=args.redis_prefix,
        settings_file=args.settings,
        overrides={name.strip().lower(): value for name, _, value in pairs},
    )


if __name__ == "__main__":
    main()
