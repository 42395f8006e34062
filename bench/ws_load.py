"""Load benchmark: N concurrent Halali tables over websockets, humans against bots at full speed.

Starts the server as a process (SQLite file in a temporary folder, or ``--db URL``),
opens N tables of a scripted human against a ``random`` bot with no thinking delay, and
plays them at full speed for ``--seconds``: every human move is sent over the websocket
and timed until its acknowledgement (the server has stored it by then). Finished tables
are replaced by new ones. Prints tables held, actions per second (human and bot moves)
and the p50/p99 round-trip latency of an action.

    .venv/bin/python bench/ws_load.py --tables 20 --seconds 20
    .venv/bin/python bench/ws_load.py --db postgresql+psycopg://postgres@127.0.0.1:5432/test \
        --schema st_bench
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.server.procserver import Server


async def play_tables(base: str, port: int, deadline: float, seed: int, out: dict) -> None:
    rng = random.Random(seed)
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        while time.monotonic() < deadline:
            made = (
                await http.post(
                    "/api/tables",
                    json={
                        "game": "halali",
                        "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}],
                        "name": "Load",
                    },
                )
            ).json()
            tid, token = made["table"]["id"], made["seat_token"]
            out["tables"] += 1
            async with websockets.connect(f"ws://127.0.0.1:{port}/ws/tables/{tid}") as ws:
                await ws.send(json.dumps({"type": "hello", "token": token}))
                msg = json.loads(await ws.recv())
                view = msg["view"]
                while time.monotonic() < deadline and not view["over"]:
                    if view["active_seat"] != 0:
                        msg = json.loads(await ws.recv())
                        if msg["type"] == "step":
                            view = msg["view"]
                            out["actions"] += 1
                        continue
                    sent = time.perf_counter()
                    action = rng.choice(view["legal_actions"])
                    await ws.send(json.dumps({"type": "act", "action": action}))
                    while True:
                        msg = json.loads(await ws.recv())
                        if msg["type"] in ("step", "error"):
                            break
                    if msg["type"] == "error":
                        out["errors"] += 1
                        break
                    out["latency"].append(time.perf_counter() - sent)
                    out["actions"] += 1
                    view = msg["view"]
                if view["over"]:
                    out["finished"] += 1


async def main_async(args: argparse.Namespace, server: Server) -> dict:
    out: dict = {"tables": 0, "finished": 0, "actions": 0, "errors": 0, "latency": []}
    start = time.monotonic()
    deadline = start + args.seconds
    await asyncio.gather(
        *(play_tables(server.base, server.port, deadline, i, out) for i in range(args.tables))
    )
    elapsed = time.monotonic() - start
    lat = sorted(out.pop("latency"))
    return {
        **out,
        "concurrent_tables": args.tables,
        "seconds": round(elapsed, 1),
        "actions_per_second": round(out["actions"] / elapsed, 1),
        "p50_ms": round(1000 * statistics.median(lat), 2) if lat else None,
        "p99_ms": round(1000 * lat[int(0.99 * (len(lat) - 1))], 2) if lat else None,
        "db": args.db or "sqlite (temporary file)",
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--db", default=None, help="SQLAlchemy URL (default: temporary SQLite)")
    parser.add_argument("--schema", default=None, help="PostgreSQL schema (created if missing)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(args.db or f"sqlite:///{tmp}/load.db", bot_delay=0.0, schema=args.schema)
        server.start()
        try:
            result = asyncio.run(main_async(args, server))
        finally:
            server.stop()
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
