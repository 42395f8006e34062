"""``python -m spieltisch.server [--host] [--port] [--db URL]``, like ``spieltisch serve``."""

from __future__ import annotations

import argparse

from .main import serve


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m spieltisch.server")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--db", default=None, help="SQLAlchemy URL (default: SQLite file)")
    parser.add_argument("--schema", default=None, help="PostgreSQL schema for the tables")
    parser.add_argument("--bot-delay", type=float, default=None, help="seconds per bot move")
    args = parser.parse_args(argv)
    serve(args.host, args.port, args.db, args.schema, args.bot_delay)


if __name__ == "__main__":
    main()
