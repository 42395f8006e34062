"""Search-bot reply time of one table while other tables keep every search worker busy.

Starts the server as a process (SQLite file in a temporary folder, no thinking delay),
opens ``--busy`` Halali tables of two ``expert`` bots (they search back to back, and are
replaced when their game ends), then plays a scripted human against an ``expert`` bot on
one more table and times each bot reply: from the acknowledgement of the human's move to
the bot's move. Prints min/median/max of ``--replies`` replies.

    .venv/bin/python bench/search_pool.py --busy 0 --replies 12
    .venv/bin/python bench/search_pool.py --busy 4 --replies 12
    .venv/bin/python bench/search_pool.py --busy 4 --replies 12 --workers 1
    .venv/bin/python bench/search_pool.py --busy 4 --replies 12 --busy-kind players
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx
from websockets.sync.client import ClientConnection, connect

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.server.procserver import Server

LEVEL = "expert"


def busy_table(base: str) -> str:
    seats = [{"kind": "bot", "level": LEVEL}, {"kind": "bot", "level": LEVEL}]
    r = httpx.post(f"{base}/api/tables", json={"game": "halali", "seats": seats}, timeout=30)
    r.raise_for_status()
    table_id: str = r.json()["table"]["id"]
    return table_id


def busy_player(base: str, port: int, stop: threading.Event, seed: int) -> None:
    """A player who answers an ``expert`` bot at once, table after table: a table where
    someone waits for every search, so it is served in the foreground like ours."""
    rng = random.Random(seed)
    while not stop.is_set():
        seats = [{"kind": "human"}, {"kind": "bot", "level": LEVEL}]
        made = httpx.post(
            f"{base}/api/tables", json={"game": "halali", "seats": seats, "name": "Bo"}, timeout=30
        ).json()
        with connect(f"ws://127.0.0.1:{port}/ws/tables/{made['table']['id']}") as ws:
            ws.send(json.dumps({"type": "hello", "token": made["seat_token"]}))
            msg = receive(ws, "welcome")
            while not stop.is_set() and msg["table"]["status"] == "running":
                if msg["view"]["legal_actions"]:
                    ws.send(
                        json.dumps(
                            {"type": "act", "action": rng.choice(msg["view"]["legal_actions"])}
                        )
                    )
                msg = receive(ws, "step")


def keep_busy(base: str, tables: list[str]) -> None:
    """Replace busy tables whose game has ended."""
    for i, table_id in enumerate(tables):
        status = httpx.get(f"{base}/api/tables/{table_id}", timeout=30).json()["status"]
        if status != "running":
            tables[i] = busy_table(base)


def receive(ws: ClientConnection, kind: str) -> dict:  # type: ignore[type-arg]
    while True:
        msg: dict = json.loads(ws.recv(timeout=120))  # type: ignore[type-arg]
        if msg["type"] == kind:
            return msg


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--busy", type=int, default=4)
    parser.add_argument("--replies", type=int, default=12)
    parser.add_argument("--workers", type=int, default=0, help="search workers (0: per core)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--busy-kind",
        choices=["bots", "players"],
        default="bots",
        help="busy tables of two experts, or of a player answering an expert at once",
    )
    args = parser.parse_args()
    os.environ["SPIELTISCH_SEARCH_WORKERS"] = str(args.workers)
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(f"sqlite:///{Path(tmp) / 'bench.db'}", bot_delay=0.0)
        server.start()
        try:
            stop = threading.Event()
            players = [
                threading.Thread(target=busy_player, args=(server.base, server.port, stop, i))
                for i in range(args.busy if args.busy_kind == "players" else 0)
            ]
            for thread in players:
                thread.start()
            bots_only = 0 if players else args.busy
            busy = [busy_table(server.base) for _ in range(bots_only)]
            time.sleep(3.0)  # let the busy tables fill the queue
            times: list[float] = []
            while len(times) < args.replies:
                seats = [{"kind": "human"}, {"kind": "bot", "level": LEVEL}]
                made = httpx.post(
                    f"{server.base}/api/tables",
                    json={"game": "halali", "seats": seats, "name": "Ada"},
                    timeout=30,
                ).json()
                url = f"ws://127.0.0.1:{server.port}/ws/tables/{made['table']['id']}"
                with connect(url) as ws:
                    ws.send(json.dumps({"type": "hello", "token": made["seat_token"]}))
                    msg = receive(ws, "welcome")
                    while len(times) < args.replies and msg["table"]["status"] == "running":
                        legal = msg["view"]["legal_actions"]
                        if not legal:  # the bot is to move: wait for it
                            msg = receive(ws, "step")
                            continue
                        ws.send(json.dumps({"type": "act", "action": rng.choice(legal)}))
                        mine = receive(ws, "step")
                        acked = time.monotonic()
                        msg = mine
                        if mine["view"]["legal_actions"] or mine["table"]["status"] != "running":
                            continue  # still this seat's turn, or the game ended
                        msg = receive(ws, "step")
                        times.append(time.monotonic() - acked)
                        print(f"reply {len(times)}: {times[-1]:.2f} s", flush=True)
                        keep_busy(server.base, busy)
            stop.set()
            for thread in players:
                thread.join(120)
        finally:
            server.stop()
    print(
        f"busy tables {args.busy} ({args.busy_kind}), "
        f"workers {args.workers or 'per core'} ({os.cpu_count()} cores): "
        f"bot reply min {min(times):.2f} s, median {statistics.median(times):.2f} s, "
        f"max {max(times):.2f} s over {len(times)} replies"
    )


if __name__ == "__main__":
    main()
