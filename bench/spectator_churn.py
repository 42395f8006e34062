"""Bench: spectators connecting and closing at one table while two players move at another.

What it answers: how much a churn of spectator sockets at one table (each opens, says
hello, reads its welcome and closes, ``--threads`` of them at once, ``--cycles`` in all)
delays the acknowledgement of moves at another table (the mover sends ``act``, its own
``step`` comes back). First the moves alone, then the same number of moves beside the
churn; p50 and max of each. A real server process on a temporary SQLite file, on
127.0.0.1 only; bounded by the cycles (a few hundred take seconds).

    .venv/bin/python bench/spectator_churn.py --cycles 400 --moves 40
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.server.procserver import Server, recv_type


def table(base: str) -> tuple[str, str, str]:
    """A running two-person Halali table: its id and the two seat tokens."""
    seats = [{"kind": "human"}, {"kind": "human"}]
    made = httpx.post(f"{base}/api/tables", json={"game": "halali", "seats": seats, "name": "A"})
    tid = made.json()["table"]["id"]
    joined = httpx.post(f"{base}/api/tables/{tid}/join", json={"name": "B"}).json()
    return tid, made.json()["seat_token"], joined["seat_token"]


def hello(port: int, tid: str, token: str | None) -> tuple[ClientConnection, dict[str, Any]]:
    ws = connect(f"ws://127.0.0.1:{port}/ws/tables/{tid}", legacy=True)
    ws.send(json.dumps({"type": "hello", "token": token}))
    return ws, recv_type(ws, "welcome")


def moves(
    port: int, tid: str, tokens: tuple[str, str], count: int, pace: float = 0.02
) -> list[float]:
    """Acknowledgement times (s) of ``count`` moves, the two players taking turns."""
    sockets = [hello(port, tid, t) for t in tokens]
    views = [welcome["view"] for _ws, welcome in sockets]
    acks = []
    for _ in range(count):
        mover = next((i for i, v in enumerate(views) if v["legal_actions"]), None)
        if mover is None:
            break
        ws = sockets[mover][0]
        sent = time.perf_counter()
        ws.send(json.dumps({"type": "act", "action": views[mover]["legal_actions"][0]}))
        step = recv_type(ws, "step")
        acks.append(time.perf_counter() - sent)
        views[mover] = step["view"]
        other = 1 - mover
        views[other] = recv_type(sockets[other][0], "step")["view"]
        time.sleep(pace)  # a person's pace, so the churn runs between the moves
    for ws, _ in sockets:
        ws.close()
    return acks


def churn(port: int, tid: str, cycles: int, stop: threading.Event) -> None:
    for _ in range(cycles):
        if stop.is_set():
            return
        ws, _ = hello(port, tid, None)
        ws.close()


def figures(name: str, acks: list[float]) -> str:
    ms = [a * 1000 for a in acks]
    return f"{name}: {len(ms)} moves, ack p50 {statistics.median(ms):.1f} ms, max {max(ms):.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cycles", type=int, default=400, help="spectator sockets in all")
    parser.add_argument("--threads", type=int, default=4, help="spectators churning at once")
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--plies", type=int, default=0, help="played first at the watched table")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        server = Server(f"sqlite:///{folder}/churn.db", bot_delay=0.0)
        server.start()
        try:
            played, *tokens = table(server.base)
            watched, *others = table(server.base)
            moves(server.port, watched, (others[0], others[1]), args.plies, pace=0.07)
            alone = moves(server.port, played, (tokens[0], tokens[1]), args.moves // 2)
            print(figures("alone", alone))
            stop = threading.Event()
            per = args.cycles // args.threads
            workers = [
                threading.Thread(target=churn, args=(server.port, watched, per, stop))
                for _ in range(args.threads)
            ]
            start = time.perf_counter()
            for w in workers:
                w.start()
            beside = moves(server.port, played, (tokens[0], tokens[1]), args.moves)
            stop.set()
            for w in workers:
                w.join()
            print(figures("beside the churn", beside))
            print(f"churn: {args.cycles} cycles, {time.perf_counter() - start:.1f} s")
        finally:
            server.stop()


if __name__ == "__main__":
    main()
