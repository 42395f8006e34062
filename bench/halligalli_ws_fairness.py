"""Fair-bell benchmark over real websockets on loopback, with injected latencies (HG-R8).

Starts the server as a process, opens a 6-seat Halli Galli table of scripted humans whose
one-way latencies are 5, 20, 50, 100, 150 and 200 ms (each message waits that long in
both directions), and plays it like the browser does: NTP-style clock sync, each new
table version painted at the server's ``show_at`` converted with the client's offset,
flips by whoever's turn it is. On every valid table two random seats race: their
reactions differ by 30–150 ms, each presses that long after the card was painted on its
own screen and sends the reaction it measured. Prints how often the truly faster
reaction won, and the time from a flip to its display on every client (and the spread
between clients).

    .venv/bin/python bench/halligalli_ws_fairness.py --races 40
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from spieltisch.games.halligalli.bell import is_bell_valid
from spieltisch.games.halligalli.cards import card_by_name
from tests.server.procserver import Server

LATENCY = [0.005, 0.020, 0.050, 0.100, 0.150, 0.200]


class Client:
    """One scripted player behind a link of ``lag`` seconds each way."""

    def __init__(self, seat: int, lag: float, ws: Any, bench: Bench) -> None:
        self.seat, self.lag, self.ws, self.bench = seat, lag, ws, bench
        self.samples: list[tuple[float, float]] = []
        self.offset = 0.0
        self.painted: dict[int, float] = {}
        self.view: dict[str, Any] | None = None

    def send(self, msg: dict[str, Any]) -> None:
        async def later() -> None:
            await asyncio.sleep(self.lag)
            await self.ws.send(json.dumps(msg))

        asyncio.get_running_loop().create_task(later())

    async def read(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            async for text in self.ws:
                loop.call_later(self.lag, self.handle, json.loads(text))
        finally:
            self.bench.done.set()

    def handle(self, m: dict[str, Any]) -> None:
        now = time.monotonic()
        if m["type"] == "pong" and "t0" in m:
            rtt = now - m["t0"]
            self.samples = [*self.samples[-7:], (rtt, m["ts"] - (m["t0"] + rtt / 2))]
            self.offset = min(self.samples)[1]
            self.send({"type": "sync", "ts": m["ts"]})
        elif m["type"] in ("welcome", "step") and m.get("view"):
            if self.seat == 0 and m["type"] == "step":
                for e in m["events"]:
                    if e["type"] == "bell":  # the round began right after the rung version
                        self.bench.bell(m["view"]["version"] - 1, e["seat"])
            view = m["view"]
            show = m["show_at"] - self.offset
            delay = max(0.0, show - now)
            asyncio.get_running_loop().call_later(delay, self.paint, view)

    def paint(self, view: dict[str, Any]) -> None:
        v = view["version"]
        if v in self.painted:
            return
        self.painted[v] = time.monotonic()
        self.view = view
        self.bench.painted(self, view)

    async def pinger(self) -> None:
        for n in range(10**6):
            self.send({"type": "ping", "t0": time.monotonic()})
            await asyncio.sleep(0.25 if n < 6 else 2.0)


class Bench:
    def __init__(self, races: int, seed: int) -> None:
        self.rng = random.Random(seed)
        self.races = races
        self.clients: list[Client] = []
        self.flipped: dict[int, float] = {}
        self.shown: dict[int, list[float]] = {}
        self.race: dict[int, dict[int, float]] = {}
        self.results: list[bool] = []
        self.done = asyncio.Event()
        self.ready = False

    def painted(self, client: Client, view: dict[str, Any]) -> None:
        v = view["version"]
        self.shown.setdefault(v, []).append(time.monotonic())
        if len(self.shown[v]) < len(self.clients):
            return
        # Everyone sees it: judge the bell, race or flip on.
        if not self.ready:
            return
        valid = is_bell_valid(card_by_name(p[-1]) for p in view["table"] if p)
        if view["over"] or view["phase"] != "round" or len(self.results) >= self.races:
            self.done.set()
            return
        if valid and v not in self.race:
            a, b = self.rng.sample([s for s, st in enumerate(view["status"]) if st != "out"], 2)
            ra = self.rng.uniform(0.2, 0.45)
            rb = ra + self.rng.choice([-1, 1]) * self.rng.uniform(0.03, 0.15)
            self.race[v] = {a: ra, b: rb}
            for seat, reaction in self.race[v].items():
                c = self.clients[seat]
                due = c.painted[v] + reaction - time.monotonic()
                asyncio.get_running_loop().call_later(max(0.0, due), self.ring, c, v, reaction)
        elif not valid and view["to_flip"] is not None:
            c = self.clients[view["to_flip"]]
            asyncio.get_running_loop().call_later(0.15, self.flip, c, v)

    def flip(self, c: Client, v: int) -> None:
        self.flipped[v + 1] = time.monotonic()
        c.send({"type": "act", "action": "flip", "ply": None})

    def ring(self, c: Client, v: int, reaction: float) -> None:
        measured = time.monotonic() - c.painted[v]
        c.send({"type": "ring", "version": v, "reaction_ms": round(measured * 1000)})

    def bell(self, v: int, winner: int) -> None:
        race = self.race.get(v)
        if race and winner in race:
            self.results.append(winner == min(race, key=lambda s: race[s]))


async def run(races: int, seed: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(f"sqlite:///{tmp}/bench.db", bot_delay=0.0)
        server.start()
        try:
            await play(server, races, seed)
        finally:
            server.stop()


async def play(server: Server, races: int, seed: int) -> None:
    async with httpx.AsyncClient(base_url=server.base, timeout=30) as http:
        made = (
            await http.post(
                "/api/tables",
                json={
                    "game": "halligalli",
                    "seats": [{"kind": "human"}] * 6,
                    "name": "p0",
                    "options": {"stray_cards": False},
                },
            )
        ).json()
        tid = made["table"]["id"]
        tokens = [made["seat_token"]]
        for i in range(1, 6):
            joined = await http.post(f"/api/tables/{tid}/join", json={"name": f"p{i}"})
            tokens.append(joined.json()["seat_token"])
    bench = Bench(races, seed)
    url = f"ws://127.0.0.1:{server.port}/ws/tables/{tid}"
    sockets = [await websockets.connect(url) for _ in range(6)]
    tasks = []
    for seat, ws in enumerate(sockets):
        c = Client(seat, LATENCY[seat], ws, bench)
        bench.clients.append(c)
        await ws.send(json.dumps({"type": "hello", "token": tokens[seat]}))
        tasks.append(asyncio.create_task(c.read()))
        tasks.append(asyncio.create_task(c.pinger()))
    await asyncio.sleep(2.5)  # let the clocks settle before the first card
    bench.ready = True
    first = bench.clients[0].view
    assert first is not None and first["to_flip"] is not None
    bench.flip(bench.clients[first["to_flip"]], first["version"])
    seen = -1
    while not bench.done.is_set():  # stop when done, or after 10 s without a new version
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(bench.done.wait(), 10)
        if len(bench.shown) == seen:
            last = bench.clients[0].view or {}
            print(f"stalled at version {last.get('version')} (to_flip {last.get('to_flip')})")
            break
        seen = len(bench.shown)
    for t in tasks:
        t.cancel()
    for ws in sockets:
        await ws.close()
    report(bench)


def report(bench: Bench) -> None:
    won = sum(bench.results)
    print(f"races judged: {len(bench.results)}; faster reaction (30-150 ms apart) won {won}")
    if bench.results:
        print(f"  = {100 * won / len(bench.results):.1f}%")
    spreads: list[float] = []
    delays: list[float] = []
    for v, times in bench.shown.items():
        if len(times) == len(bench.clients):
            spreads.append(max(times) - min(times))
            if v in bench.flipped:
                delays.extend(t - bench.flipped[v] for t in times)
    if spreads:
        q = statistics.quantiles(spreads, n=20)
        print(
            f"display spread between the 6 clients: median {1000 * statistics.median(spreads):.1f}"
            f" ms, p95 {1000 * q[18]:.1f} ms (over {len(spreads)} table versions)"
        )
    if delays:
        q = statistics.quantiles(delays, n=20)
        print(
            f"flip (flipper's press) to display: median {1000 * statistics.median(delays):.0f}"
            f" ms, p95 {1000 * q[18]:.0f} ms (links 5-200 ms one way, lead capped at 250 ms)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--races", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    asyncio.run(run(args.races, args.seed))


if __name__ == "__main__":
    main()
