"""``python -m spieltisch.server [--host] [--port] [--db URL] [--public-url URL] [--redis URL]``.

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
    args = parser.parse_args(argv)
    serve(
        args.host,
        args.port,
        args.db,
        args.schema,
        args.bot_delay,
        public=args.public_url,
        redis=args.redis,
        redis_prefix=args.redis_prefix,
    )


if __name__ == "__main__":
    main()
