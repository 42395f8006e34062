"""Fair-bell benchmark over real websockets on loopback: honest and forging players (HG-R8).

Starts the server as a process and plays several Halli Galli tables at once, each player
a scripted client behind an injected one-way latency (every message waits that long in
both directions). Clients play like the browser: one clock-sync ping at a time, each new
table version painted at the server's ``show_at`` converted with the client's offset,
flips by whoever's turn it is, rings carrying the version on screen and the reaction
measured from its paint.

* ``honest``: six players, links 5, 20, 50, 100, 150, 200 ms. On every valid table two
  random seats race with reactions 30–150 ms apart. Reports how often the truly faster
  won, and the display spread between clients.
* One table per forging strategy: seat 0 forges, seat 1 is honest on the same 50 ms
  link, seats 2 and 3 (200 ms, 5 ms) only flip. On every valid table seats 0 and 1 race
  with reactions drawn from the same distribution (200–450 ms): equal true speed, so
  an attack that gains nothing wins about half. The forger always claims 100 ms.

  - ``replayed-sync``: echoes each pong with a server time it held back for a second.
  - ``delayed-sync``: holds each echo back for a second (a round trip of about 1.1 s).
  - ``tuned-delay``: holds each echo back 160 ms (its link looks 80 ms slower).
  - ``early-ring``: rings the moment a valid table's message arrives, before it is
    shown; then again when it truly reacts.
  - ``peek``: reacts to the message, not to the screen (its reaction counts from the
    message's arrival, up to the lead earlier than the card shows).
  - ``flood``: besides racing, rings with a never-shown version every 310 ms.

    .venv/bin/python bench/halligalli_ws_fairness.py --races 100 --seed 1

With ``--real-delay`` (Linux, root) the delay is real instead: the server runs in a
network namespace and each client connects to the address of its link's delay over a
relay that holds every packet back (``tests/server/netlag.py``), so the server's kernel
sees each link's round trip as it would on the internet. Each seat's latency credit is
reported too. ``SPIELTISCH_BELL_TCP_RTT=off`` in the environment runs the server without
the kernel's bound, for comparison (injected delay always runs without it: the kernel
cannot see it):

    .venv/bin/python bench/halligalli_ws_fairness.py --real-delay --races 100 --seed 1
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from spieltisch.games.halligalli.bell import is_bell_valid
from spieltisch.games.halligalli.cards import card_by_name
from tests.server.netlag import LagNet, LagServer
from tests.server.procserver import Server

HONEST_LINKS = [0.005, 0.020, 0.050, 0.100, 0.150, 0.200]
ATTACK_LINKS = [0.050, 0.050, 0.200, 0.005]
STRATEGIES = ["replayed-sync", "delayed-sync", "tuned-delay", "early-ring", "peek", "flood"]
CLAIM = 0.100
"""The reaction every forger claims (seconds)."""


def valid(view: dict[str, Any]) -> bool:
    return is_bell_valid(card_by_name(p[-1]) for p in view["table"] if p)


class Client:
    """One scripted player behind a link of ``lag`` seconds each way: waited for here
    (``injected``) or by the network, where the server's kernel sees it."""

    def __init__(
        self, table: Table, seat: int, lag: float, strategy: str, injected: bool = True
    ) -> None:
        self.table, self.seat, self.strategy = table, seat, strategy
        self.lag = lag if injected else 0.0
        self.credits: list[int] = []
        self.ws: Any = None
        self.samples: list[tuple[float, float]] = []
        self.offset = 0.0
        self.painted: dict[int, float] = {}
        self.view: dict[str, Any] | None = None
        self.pongs: list[tuple[float, float]] = []  # (received, ts), for the replayer
        self.pings = 0
        self.errors: Counter[str] = Counter()

    def send(self, msg: dict[str, Any]) -> None:
        async def later() -> None:
            await asyncio.sleep(self.lag)
            with contextlib.suppress(websockets.ConnectionClosed):
                await self.ws.send(json.dumps(msg))

        asyncio.get_running_loop().create_task(later())

    async def read(self) -> None:
        loop = asyncio.get_running_loop()
        with contextlib.suppress(websockets.ConnectionClosed):
            async for text in self.ws:
                loop.call_later(self.lag, self.handle, json.loads(text))

    def ping(self) -> None:
        if not self.table.closed:
            self.send({"type": "ping", "t0": time.monotonic()})

    def handle(self, m: dict[str, Any]) -> None:
        now = time.monotonic()
        loop = asyncio.get_running_loop()
        if m["type"] == "pong" and "t0" in m:
            rtt = now - m["t0"]
            self.samples = [*self.samples[-7:], (rtt, m["ts"] - (m["t0"] + rtt / 2))]
            self.offset = min(self.samples)[1]
            hold = {"delayed-sync": 1.0, "tuned-delay": 0.160}.get(self.strategy, 0.0)
            if self.strategy == "replayed-sync":
                self.pongs.append((now, m["ts"]))
                old = [ts for at, ts in self.pongs if at <= now - 1.0]
                if old:
                    self.send({"type": "sync", "ts": old[-1]})
            else:
                loop.call_later(hold, self.send, {"type": "sync", "ts": m["ts"]})
            self.pings += 1
            loop.call_later(hold + (0.25 if self.pings < 6 else 2.0), self.ping)
        elif m["type"] == "rang" and m.get("claim"):
            self.credits.append(m["claim"]["credit_ms"])
        elif m["type"] == "error":
            words = re.sub(r"-?\d+", "n", str(m.get("message", "")))
            self.errors[f"{m.get('rule') or m.get('code')} {words}"] += 1
        elif m["type"] in ("welcome", "step") and m.get("view"):
            if self.seat == 0 and m["type"] == "step":
                for e in m["events"]:
                    if e["type"] == "bell":  # the round began right after the rung version
                        self.table.bell(m["view"]["version"] - 1, e["seat"])
            view = m["view"]
            if m["type"] == "step" and self.table.ready and valid(view):
                v = view["version"]
                if self.strategy == "early-ring":
                    self.ring(v)
                elif self.strategy == "peek" and v not in self.painted:
                    loop.call_later(self.table.reaction(v, self.seat), self.ring, v)
            show = m["show_at"] - self.offset
            loop.call_later(max(0.0, show - now), self.paint, view)

    def paint(self, view: dict[str, Any]) -> None:
        v = view["version"]
        if v in self.painted:
            return
        self.painted[v] = time.monotonic()
        self.view = view
        self.table.painted(self, view)

    def ring(self, v: int) -> None:
        """Ring for table version ``v``: honest players send what they measured."""
        honest = self.strategy == "honest"
        measured = time.monotonic() - self.painted[v] if honest else CLAIM
        self.send({"type": "ring", "version": v, "reaction_ms": round(measured * 1000)})

    async def flood(self) -> None:
        while not self.table.closed:
            await asyncio.sleep(0.310)
            if self.table.ready:
                self.send({"type": "ring", "version": -1, "reaction_ms": 100})


class Table:
    """One table of scripted clients and its races."""

    def __init__(self, name: str, rng: random.Random, races: int) -> None:
        self.name, self.rng, self.races = name, rng, races
        self.clients: list[Client] = []
        self.flipped: dict[int, float] = {}
        self.shown: dict[int, list[float]] = {}
        self.race: dict[int, dict[int, float]] = {}
        self.results: list[bool] = []
        self.done = asyncio.Event()
        self.ready = False
        self.closed = False
        self.games = 0
        self.stalled = 0
        self.spreads: list[float] = []
        self.delays: list[float] = []

    @property
    def honest(self) -> bool:
        return self.name == "honest"

    def reaction(self, v: int, seat: int) -> float:
        """The true reaction of ``seat`` to valid table ``v`` (drawn once)."""
        if v not in self.race:
            if self.honest:
                view = self.clients[0].view or {}
                alive = [s for s, st in enumerate(view["status"]) if st != "out"]
                a, b = self.rng.sample(alive, 2)
                ra = self.rng.uniform(0.2, 0.45)
                rb = ra + self.rng.choice([-1, 1]) * self.rng.uniform(0.03, 0.15)
                self.race[v] = {a: ra, b: rb}
            else:
                self.race[v] = {0: self.rng.uniform(0.2, 0.45), 1: self.rng.uniform(0.2, 0.45)}
        return self.race[v].get(seat, 0.0)

    def painted(self, client: Client, view: dict[str, Any]) -> None:
        v = view["version"]
        self.shown.setdefault(v, []).append(time.monotonic())
        if len(self.shown[v]) < len(self.clients) or not self.ready:
            return
        self.spreads.append(max(self.shown[v]) - min(self.shown[v]))
        if v in self.flipped:
            self.delays.extend(t - self.flipped[v] for t in self.shown[v])
        if view["over"] or view["phase"] != "round" or len(self.results) >= self.races:
            self.done.set()
            return
        if valid(view):
            self.reaction(v, 0)
            for seat, reaction in self.race[v].items():
                c = self.clients[seat]
                if c.strategy == "peek" or c.view is None or c.view["status"][seat] == "out":
                    continue  # the peeker rang from the message already
                due = c.painted[v] + reaction - time.monotonic()
                asyncio.get_running_loop().call_later(max(0.0, due), c.ring, v)
        elif view["to_flip"] is not None:
            c = self.clients[view["to_flip"]]
            asyncio.get_running_loop().call_later(0.15, self.flip, c, v)

    def flip(self, c: Client, v: int) -> None:
        self.flipped[v + 1] = time.monotonic()
        c.send({"type": "act", "action": "flip", "ply": None})

    def bell(self, v: int, winner: int) -> None:
        race = self.race.get(v)
        if not race or winner not in race:
            return
        if self.honest:
            self.results.append(winner == min(race, key=lambda s: race[s]))
        else:
            self.results.append(winner == 0)


async def new_game(http: httpx.AsyncClient, players: int) -> tuple[str, list[str]]:
    made = (
        await http.post(
            "/api/tables",
            json={
                "game": "halligalli",
                "seats": [{"kind": "human"}] * players,
                "name": "p0",
                "options": {"stray_cards": False},
            },
        )
    ).json()
    tid = made["table"]["id"]
    tokens = [made["seat_token"]]
    for i in range(1, players):
        joined = await http.post(f"/api/tables/{tid}/join", json={"name": f"p{i}"})
        tokens.append(joined.json()["seat_token"])
    return tid, tokens


async def play(server: Server, table: Table, links: list[float], strategies: list[str]) -> None:
    """Games on fresh tables until ``table.races`` races are judged (or a game stalls)."""
    async with httpx.AsyncClient(base_url=server.base, timeout=30) as http:
        while len(table.results) < table.races and table.stalled < 3:
            tid, tokens = await new_game(http, len(links))
            await one_game(server, table, tid, tokens, links, strategies)
            table.games += 1


async def one_game(
    server: Server,
    table: Table,
    tid: str,
    tokens: list[str],
    links: list[float],
    strategies: list[str],
) -> None:
    table.ready = table.closed = False
    table.done.clear()
    real = isinstance(server, LagServer)
    previous = table.clients
    table.clients = []
    tasks = []
    for seat, lag in enumerate(links):
        c = Client(table, seat, lag, strategies[seat], injected=not real)
        if previous:
            c.errors, c.credits = previous[seat].errors, previous[seat].credits
        host = server.host(lag) if isinstance(server, LagServer) else "127.0.0.1"
        c.ws = await websockets.connect(f"ws://{host}:{server.port}/ws/tables/{tid}")
        table.clients.append(c)
        await c.ws.send(json.dumps({"type": "hello", "token": tokens[seat]}))
        tasks.append(asyncio.create_task(c.read()))
        c.ping()
        if c.strategy == "flood":
            tasks.append(asyncio.create_task(c.flood()))
    await asyncio.sleep(2.5)  # let the clocks settle before the first card
    table.shown.clear()
    table.race.clear()
    table.flipped.clear()
    table.ready = True
    first = table.clients[0].view
    assert first is not None and first["to_flip"] is not None
    table.flip(table.clients[first["to_flip"]], first["version"])
    seen = -1
    while not table.done.is_set():  # stop when done, or after 10 s without a new version
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(table.done.wait(), 10)
        if len(table.shown) == seen:
            table.stalled += 1
            last = table.clients[0].view or {}
            print(f"{table.name}: stalled at version {last.get('version')}", flush=True)
            break
        seen = len(table.shown)
    table.closed = True
    for t in tasks:
        t.cancel()
    for c in table.clients:
        await c.ws.close()


async def run(races: int, seed: int, only: list[str], real: bool) -> None:
    with contextlib.ExitStack() as stack:
        tmp = stack.enter_context(tempfile.TemporaryDirectory())
        db = f"sqlite:///{tmp}/bench.db"
        if real:
            net = stack.enter_context(LagNet(sorted({*HONEST_LINKS, *ATTACK_LINKS})))
            server: Server = LagServer(db, net)
        else:  # the kernel cannot see injected delay: its bound would cut every credit
            server = Server(db, bot_delay=0.0, env={"SPIELTISCH_BELL_TCP_RTT": "off"})
        cap = os.environ.get("SPIELTISCH_BELL_TCP_RTT", "on") if real else "off"
        print(f"delay {'real (network namespace)' if real else 'injected'}; kernel bound {cap}")
        server.start()
        try:
            tables = []
            jobs = []
            for i, name in enumerate(only):
                table = Table(name, random.Random(seed * 100 + i), races)
                tables.append(table)
                if name == "honest":
                    jobs.append(play(server, table, HONEST_LINKS, ["honest"] * 6))
                else:
                    jobs.append(play(server, table, ATTACK_LINKS, [name] + ["honest"] * 3))
            started = time.monotonic()
            await asyncio.gather(*jobs)
            print(f"({len(tables)} tables at once, {time.monotonic() - started:.0f} s)")
            for table in tables:
                report(table, HONEST_LINKS if table.honest else ATTACK_LINKS)
        finally:
            server.stop()


def report(table: Table, links: list[float]) -> None:
    n = len(table.results)
    won = sum(table.results)
    pct = f"{100 * won / n:.1f}%" if n else "-"
    if table.honest:
        print(f"honest: faster reaction (30-150 ms apart) won {won} of {n} races = {pct}")
        if len(table.spreads) > 20:
            q = statistics.quantiles(table.spreads, n=20)
            print(
                f"  display spread between the 6 clients: median "
                f"{1000 * statistics.median(table.spreads):.1f} ms, p95 {1000 * q[18]:.1f} ms"
            )
    else:
        print(f"{table.name}: forger won {won} of {n} races against equal speed = {pct}")
        forger = table.clients[0].errors if table.clients else Counter()
        others: Counter[str] = Counter()
        for c in table.clients[1:]:
            others.update(c.errors)
        print(f"  forger's refused rings: {sum(forger.values())}")
        for words, count in forger.most_common(3):
            print(f"    {count} × {words}")
        print(f"  errors for the other players (refused flips and rings): {sum(others.values())}")
    credits = [
        f"seat {c.seat} ({1000 * lag:.0f} ms) {statistics.median(c.credits):.0f}"
        for c, lag in zip(table.clients, links, strict=True)
        if c.credits
    ]
    if credits:
        print(f"  median latency credit (ms) per ringing seat: {', '.join(credits)}")
    if table.delays:
        print(
            f"  flip to display: median {1000 * statistics.median(table.delays):.0f} ms;"
            f" {len(table.spreads)} table versions, {table.games} games, {table.stalled} stalled"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--races", type=int, default=60, help="races per table")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--tables", default=",".join(["honest", *STRATEGIES]), help="which tables to play"
    )
    parser.add_argument(
        "--real-delay",
        action="store_true",
        help="real network delay the server's kernel sees (Linux, root)",
    )
    args = parser.parse_args()
    started = time.monotonic()
    asyncio.run(run(args.races, args.seed, args.tables.split(","), args.real_delay))
    print(f"({time.monotonic() - started:.0f} s in all)")


if __name__ == "__main__":
    main()
