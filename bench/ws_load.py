"""Load tool: paced Halali tables with spectators against 1..k server processes.

What it answers: how many tables, each playing about ``--rate`` actions per second,
one process (or ``--processes k`` sharing PostgreSQL and Redis) holds while a
spectator sees each action less than 50 ms after it was sent (p99).

Each table is a scripted human (seat 0) against a ``random`` bot. The bot's delay is
``1/rate`` (a server setting) and the human's next action is due ``plies/rate``
seconds after its last one was due (its table's own beat, begun at a random point of
its first cycle), so a table plays ``rate`` actions per second, evenly spaced, whoever
is to move, and the tables stay out of step with each other. ``--spectators`` watch
each table. Clients are spread round-robin over the processes: the table is created
and played on process ``i % k``, its spectators watch on the following ones, so with
k > 1 the measured time crosses processes. A finished game is replaced by a new table.
A socket closed with 1012 while opening (a process that does not know the table yet) is
opened again, as a browser would.

Measured per step of ``--tables`` (e.g. ``100,200,500,1000``; tables are added, never
restarted): actions per second; action→broadcast (the human sends, a spectator receives
that step) and the human's own acknowledgement, p50/p99/max; CPU seconds and RSS of
every server process, PostgreSQL and Redis, and of the load generator itself (which
competes for the same cores); busy time of the whole machine, so other work running
meanwhile shows, with its load average and cores. The server's own CPU per action is split
by stage (engine, view, encode, write-ahead, send, and the rest), from the counters it
serves at ``/internal/stages`` (``SPIELTISCH_STAGE_CPU=on``, set here; a server without
them reports none), the garbage collector's part of it all per generation
(``gc_ms_per_action``), and how late the server's event loop ran a 20 ms timer
(``loop_lag_ms``). Reading the counters' clock costs the server CPU too:
``--no-stages`` runs the servers as in production, without counters, for the total
alone. ``--profile`` profiles each server's event loop (cProfile) during each
measuring window and prints its top functions (the profiler slows the server: that step's
timings are not comparable with an unprofiled run).
The last line names the largest step still at p99 < 50 ms.

``--server-cpus``, ``--client-cpus`` and ``--service-cpus`` pin the servers (with their
search workers), the load generator and PostgreSQL with Redis to cores (taskset's list
form, ``0`` or ``2-5``; the services' cores are put back afterwards), so a scale-out run
says which part needed which core; each result line gives PostgreSQL's and Redis's CPU per
action beside the server's.

Lobby rate limits are honoured without a bench-only setting: a server limits table
creation per client address, so the generator creates tables from many loopback
addresses (127.c.x.y), at most 20 per address. Everything runs on loopback; the schema
(PostgreSQL) or temporary SQLite file and the Redis prefix are removed at the end.

    .venv/bin/python bench/ws_load.py --tables 100,200,500 --seconds 20
    .venv/bin/python bench/ws_load.py --db sqlite --tables 50
    .venv/bin/python bench/ws_load.py --processes 2 --redis redis://127.0.0.1:6379/0
    .venv/bin/python bench/ws_load.py --tables 200 --profile
    .venv/bin/python bench/ws_load.py --tables 1000 --seconds 15 --no-stages
    .venv/bin/python bench/ws_load.py --tables 200 --group-commit-ms -1  # one write per action
    .venv/bin/python bench/ws_load.py --processes 2 --redis redis://127.0.0.1:6379/0 \
        --server-cpus 0 --client-cpus 1 --service-cpus 1
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing as mp
import os
import random
import re
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from multiprocessing.connection import Connection as Pipe
from pathlib import Path
from typing import Any

import httpx
import websockets

PG_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"
TARGET_P99_MS = 50.0
TABLES_PER_ADDRESS = 20
"""Tables created from one loopback address: inside the lobby's burst of 30."""
RAMP_LIMIT = 60.0
"""Seconds (plus 0.1 per table) a step may take to open its tables before the run ends."""
RETRIES_1012 = 5
"""Reconnections of a socket closed with 1012 ("service restart") while opening."""
CREATING_AT_ONCE = 16
"""Table creations in flight per client process during the ramp."""
TICK = os.sysconf("SC_CLK_TCK")
STAGES = ("engine", "view", "encode", "write_ahead", "send")
_STEP = re.compile(r'^\{"type":"step","ply":(\d+),"seat":(\d+)')


# -- processes and their CPU ----------------------------------------------------------------
def proc_cpu(pid: int) -> float:
    """User + system CPU seconds of a process and its live children."""
    total = 0.0
    with contextlib.suppress(OSError):
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total = (int(fields[11]) + int(fields[12])) / TICK
        for task in Path(f"/proc/{pid}/task").iterdir():
            for child in (task / "children").read_text().split():
                total += proc_cpu(int(child))
    return total


def proc_rss_mb(pid: int) -> float:
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def named_cpu(name: str) -> dict[int, float]:
    """CPU seconds of every process called ``name`` (all PostgreSQL backends, say), by
    process id: backends come and go, so a window's CPU is summed per process."""
    out: dict[int, float] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                if (entry / "comm").read_text().strip() == name:
                    fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                    out[int(entry.name)] = (int(fields[11]) + int(fields[12])) / TICK
    return out


def cpu_list(text: str | None) -> set[int] | None:
    """``"0,1"`` or ``"2-5"`` (taskset's list form) as a set of cores; ``None`` stays."""
    if not text:
        return None
    cores: set[int] = set()
    for part in text.split(","):
        first, _, last = part.partition("-")
        cores.update(range(int(first), int(last or first) + 1))
    return cores


@contextlib.contextmanager
def services_pinned(cores: set[int] | None) -> Iterator[None]:
    """PostgreSQL and Redis on ``cores`` for the run (their backends, forked by the
    postmaster, inherit it), as they were afterwards."""
    if cores is None:
        yield
        return
    before: dict[int, set[int]] = {}
    for pid in [*named_cpu("postgres"), *named_cpu("redis-server")]:
        with contextlib.suppress(OSError):
            before[pid] = os.sched_getaffinity(pid)
            os.sched_setaffinity(pid, cores)
    try:
        yield
    finally:
        for pid, old in before.items():
            with contextlib.suppress(OSError):
                os.sched_setaffinity(pid, old)


def cpu_since(before: dict[int, float], after: dict[int, float]) -> float:
    return sum(cpu - before.get(pid, 0.0) for pid, cpu in after.items())


def machine_busy() -> float:
    """CPU seconds the whole machine spent busy (all cores) since boot."""
    parts = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = parts[3] + parts[4]
    return (sum(parts[:8]) - idle) / TICK


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@dataclass
class ServerProc:
    index: int
    port: int
    cmd: list[str]
    log_path: Path
    proc: subprocess.Popen[bytes] | None = None
    env: dict[str, str] = field(default_factory=dict)

    def start(self, src: str | None) -> None:
        env = dict(os.environ) | self.env
        if src:  # another version of the server (A/B runs)
            env["PYTHONPATH"] = os.pathsep.join(filter(None, [src, env.get("PYTHONPATH")]))
        with self.log_path.open("wb") as logf:
            self.proc = subprocess.Popen(self.cmd, stdout=logf, stderr=subprocess.STDOUT, env=env)

    def wait_ready(self, timeout: float = 60.0) -> None:
        end = time.monotonic() + timeout
        assert self.proc is not None
        while time.monotonic() < end:
            if self.proc.poll() is not None:
                tail = self.log_path.read_text(errors="replace")[-2000:]
                if "unrecognized arguments: --redis" in tail:
                    raise SystemExit(
                        "ws_load: this server does not accept --redis yet, so several "
                        "processes cannot serve the same tables; use --processes 1"
                    )
                raise SystemExit(f"ws_load: server {self.index} exited:\n{tail}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"http://127.0.0.1:{self.port}/healthz", timeout=1).is_success:
                    return
            time.sleep(0.1)
        raise SystemExit(f"ws_load: server {self.index} did not answer within {timeout:g} s")

    def stages(self) -> dict[str, Any] | None:
        """The server's stage counters, or ``None`` where it has none."""
        try:
            answer = httpx.get(f"http://127.0.0.1:{self.port}/internal/stages", timeout=5)
        except httpx.HTTPError:
            return None
        return answer.json() if answer.is_success else None

    def profile(self, start: bool) -> str | None:
        """Start the server's profiler, or stop it and return its top functions."""
        url = f"http://127.0.0.1:{self.port}/internal/profile?top=70"
        try:
            answer = httpx.request("POST" if start else "DELETE", url, timeout=60)
        except httpx.HTTPError:
            return None
        return answer.text if answer.is_success else None

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)


# -- the clients ----------------------------------------------------------------------------
@dataclass
class Shared:
    """Counters of one client process for the current measuring window."""

    measuring: bool = False
    broadcast: list[float] = field(default_factory=list)
    ack: list[float] = field(default_factory=list)
    steps: int = 0
    human_actions: int = 0
    errors: int = 0
    finished: int = 0
    lag: list[float] = field(default_factory=list)


@dataclass
class Table:
    slot: int
    tid: str = ""
    sent: dict[int, float] = field(default_factory=dict)
    """Ply after the human's action -> time it was sent."""


class Clients:
    """One client process: the tables whose slot is ``worker`` modulo ``workers``."""

    def __init__(self, args: argparse.Namespace, ports: list[int], worker: int) -> None:
        self.args, self.ports, self.worker = args, ports, worker
        self.rate: float = args.rate
        self.shared = Shared()
        self.slots: dict[int, asyncio.Task[None]] = {}
        self.ready: dict[int, asyncio.Event] = {}
        self.created = 0
        self.retries = 0
        """Sockets opened again after a 1012 (with k > 1: a table not yet known)."""
        self.http: dict[str, httpx.AsyncClient] = {}
        self.gate = asyncio.Semaphore(CREATING_AT_ONCE)
        self.stopping = False
        self.rng = random.Random(worker)

    def _client(self) -> httpx.AsyncClient:
        """An HTTP client bound to this creation's loopback address (see module doc)."""
        n = self.created // TABLES_PER_ADDRESS
        self.created += 1
        address = f"127.{self.worker + 1}.{n // 250}.{n % 250 + 1}"
        if address not in self.http:
            transport = httpx.AsyncHTTPTransport(local_address=address)
            self.http[address] = httpx.AsyncClient(transport=transport, timeout=30)
        return self.http[address]

    def url(self, proc: int, path: str) -> str:
        return f"127.0.0.1:{self.ports[proc % len(self.ports)]}{path}"

    async def _connect(self, proc: int, tid: str, token: str | None) -> Any:
        """A socket that has said hello. A process that does not know the table yet (or
        no longer) closes with 1012; like a browser, try again a few times."""
        for attempt in range(RETRIES_1012 + 1):
            ws = await websockets.connect(
                "ws://" + self.url(proc, f"/ws/tables/{tid}"),
                compression=None,
                max_size=None,
                ping_interval=None,
                open_timeout=60,
            )
            try:
                await ws.send(json.dumps({"type": "hello", "token": token}))
                welcome = json.loads(await ws.recv())
            except websockets.ConnectionClosed as exc:
                if exc.rcvd is None or exc.rcvd.code != 1012 or attempt == RETRIES_1012:
                    raise
                self.retries += 1
                await asyncio.sleep(0.2 * (attempt + 1))
                continue
            if welcome.get("type") != "welcome":
                raise RuntimeError(f"no welcome: {welcome}")
            return ws, welcome
        raise AssertionError("unreachable")

    async def run_slot(self, slot: int) -> None:
        """Keep one table playing in this slot: a new one when a game ends."""
        while not self.stopping:
            table = Table(slot)
            try:
                async with self.gate:
                    made = await self._client().post(
                        "http://" + self.url(slot, "/api/tables"),
                        json={
                            "game": "halali",
                            "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}],
                            "name": "Load",
                        },
                    )
                    if made.status_code == 429:
                        raise RuntimeError("rate limited: more tables per address than allowed")
                    made.raise_for_status()
                    body = made.json()
                    table.tid = body["table"]["id"]
                    player, welcome = await self._connect(slot, table.tid, body["seat_token"])
                    watchers = [
                        await self._connect(slot + 1 + j, table.tid, None)
                        for j in range(self.args.spectators)
                    ]
            except Exception as exc:
                self.shared.errors += 1
                print(f"ws_load: table slot {slot} failed to open: {exc}", file=sys.stderr)
                await asyncio.sleep(1.0)
                continue
            self.ready[slot].set()
            spectating = [
                asyncio.create_task(self.spectate(table, ws, first=j == 0))
                for j, (ws, _w) in enumerate(watchers)
            ]
            try:
                await self.play(table, player, welcome)
            except (websockets.ConnectionClosed, OSError, RuntimeError) as exc:
                if not self.stopping:
                    self.shared.errors += 1
                    print(f"ws_load: table {table.tid}: {exc!r}", file=sys.stderr)
            finally:
                for task in spectating:
                    task.cancel()
                await player.close()
                for ws, _w in watchers:
                    await ws.close()

    async def play(self, table: Table, ws: Any, welcome: dict[str, Any]) -> None:
        """The human of seat 0: paced to ``rate`` actions per second for the table.

        Its actions keep to the table's own beat: each is due ``since / rate`` after the
        last one was *due*, not after it was sent. Anchored on the send instead, every
        table whose timer this process ran late (its loop busy with a burst of frames)
        would take the same late instant as its new beat, and the tables would fall
        into step, a little more with each burst, until hundreds act within the same
        few milliseconds every other second. The first action falls anywhere in the
        table's first cycle (two actions: its own and the bot's)."""
        view, ply = welcome["view"], welcome["ply"]
        rng = self.rng
        since = 1
        beat = since / self.rate
        last_own = time.monotonic() + rng.random() * 2 * beat - beat  # tables out of step
        while not self.stopping:
            shared = self.shared  # a new one for each measuring window
            if view["over"]:
                if shared.measuring:
                    shared.finished += 1
                return
            if view["active_seat"] != 0:
                msg = json.loads(await ws.recv())
                if msg["type"] == "step":
                    view, ply = msg["view"], msg["ply"]
                    since += 1
                continue
            due = last_own + since / self.rate
            now = time.monotonic()
            if due > now:
                await asyncio.sleep(due - now)
            elif now - due > 1 / self.rate:  # far behind (the server is slow): a new beat
                due = now
            action = rng.choice(view["legal_actions"])
            last_own, since = due, 0
            sent = time.perf_counter()
            table.sent[ply + 1] = sent
            if len(table.sent) > 4:  # steps a spectator never saw (a closed socket)
                del table.sent[min(table.sent)]
            await ws.send(json.dumps({"type": "act", "action": action, "ply": ply}))
            while True:
                msg = json.loads(await ws.recv())
                if msg["type"] in ("step", "error"):
                    break
            shared = self.shared
            if msg["type"] == "error":
                shared.errors += 1
                raise RuntimeError(f"action refused: {msg.get('code')} {msg.get('message')}")
            if shared.measuring:
                shared.ack.append(time.perf_counter() - sent)
                shared.human_actions += 1
            view, ply, since = msg["view"], msg["ply"], 1

    async def spectate(self, table: Table, ws: Any, first: bool) -> None:
        """Time each of the human's steps as this spectator receives it. The step's
        head is read by pattern (the generator must stay cheap); anything else whole."""
        try:
            async for raw in ws:
                shared = self.shared
                now = time.perf_counter()
                head = _STEP.match(raw) if isinstance(raw, str) else None
                if head is None:
                    msg = json.loads(raw)
                    if msg.get("type") != "step":
                        continue
                    ply, seat = msg["ply"], msg["seat"]
                else:
                    ply, seat = int(head[1]), int(head[2])
                if first and shared.measuring:
                    shared.steps += 1
                if seat != 0:
                    continue
                sent = table.sent.get(ply)
                if sent is not None and shared.measuring:
                    shared.broadcast.append(now - sent)
        except websockets.ConnectionClosed:
            pass

    async def watch_lag(self) -> None:
        """How late this process's own timers fire: a saturated generator shows here."""
        period = 0.01
        while True:
            start = time.perf_counter()
            await asyncio.sleep(period)
            if self.shared.measuring:
                self.shared.lag.append(time.perf_counter() - start - period)

    async def serve(self, pipe: Pipe) -> None:
        lag = asyncio.create_task(self.watch_lag())
        loop = asyncio.get_running_loop()
        while True:
            command, arg = await loop.run_in_executor(None, pipe.recv)
            if command == "ramp":
                mine = [s for s in range(arg) if s % self.args.clients == self.worker]
                for slot in mine:
                    if slot not in self.slots:
                        self.ready[slot] = asyncio.Event()
                        self.slots[slot] = asyncio.create_task(self.run_slot(slot))
                await asyncio.gather(*(self.ready[s].wait() for s in mine))
                pipe.send(len(mine))
            elif command == "measure":
                self.shared = Shared(measuring=True)
                before = resource.getrusage(resource.RUSAGE_SELF)
                await asyncio.sleep(arg)
                after = resource.getrusage(resource.RUSAGE_SELF)
                shared, self.shared = self.shared, Shared()
                cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
                pipe.send(
                    {**shared.__dict__, "measuring": False, "cpu": cpu, "retries": self.retries}
                )
            else:
                self.stopping = True
                for task in self.slots.values():
                    task.cancel()
                await asyncio.gather(*self.slots.values(), return_exceptions=True)
                lag.cancel()
                for client in self.http.values():
                    await client.aclose()
                pipe.send("stopped")
                return


def client_main(args: argparse.Namespace, ports: list[int], worker: int, pipe: Pipe) -> None:
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent stops us through the pipe
    cores = cpu_list(args.client_cpus)
    if cores is not None:
        os.sched_setaffinity(0, cores)
    with contextlib.suppress(ImportError):
        import uvloop

        uvloop.install()
    asyncio.run(Clients(args, ports, worker).serve(pipe))


# -- the run --------------------------------------------------------------------------------
def pct(values: list[float], q: float) -> float | None:
    if not values:
        return None
    values = sorted(values)
    return round(1000 * values[min(len(values) - 1, int(q * len(values)))], 1)


@contextlib.contextmanager
def database(args: argparse.Namespace, tmp: Path) -> Iterator[tuple[str, str | None]]:
    """The database URL and schema for the servers; removed afterwards."""
    if args.db == "sqlite":
        yield f"sqlite:///{tmp}/load.db", None
        return
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
    from sqlalchemy import create_engine, text

    from spieltisch.store import Store

    schema = args.schema or f"ws_load_{os.getpid()}"
    Store(args.db, schema=schema).close()  # tables made once, not raced by k servers
    try:
        yield args.db, schema
    finally:
        engine = create_engine(args.db)
        with engine.begin() as conn:
            conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
        engine.dispose()


def drop_redis_prefix(url: str, prefix: str) -> None:
    try:
        import redis
    except ImportError:
        return
    client = redis.Redis.from_url(url)
    keys = list(client.scan_iter(match=f"{prefix}*", count=1000))
    if keys:
        client.delete(*keys)
    client.close()


def run(args: argparse.Namespace) -> list[dict[str, Any]]:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # thousands of sockets
    k = args.processes
    if k > 1 and not args.redis:
        raise SystemExit("ws_load: --processes > 1 needs --redis URL (and PostgreSQL)")
    if k > 1 and args.db == "sqlite":
        raise SystemExit("ws_load: several processes share PostgreSQL, not a SQLite file")
    ports = [args.port + i for i in range(k)] if args.port else [free_port() for _ in range(k)]
    prefix = args.redis_prefix or f"ws_load_{os.getpid()}:"
    steps = [int(n) for n in args.tables.split(",")]
    results: list[dict[str, Any]] = []
    pinned = services_pinned(cpu_list(args.service_cpus))
    with (
        tempfile.TemporaryDirectory() as tmpname,
        database(args, Path(tmpname)) as (db, schema),
        pinned,
    ):
        tmp = Path(tmpname)
        servers = []
        for i, port in enumerate(ports):
            cmd = [sys.executable, "-m", "spieltisch.server", "--port", str(port), "--db", db]
            if args.server_cpus:  # the server and its search workers, which inherit it
                cmd = ["taskset", "-c", args.server_cpus, *cmd]
            cmd += [
                "--bot-delay",
                str(args.bot_delay if args.bot_delay is not None else 1 / args.rate),
            ]
            if schema:
                cmd += ["--schema", schema]
            if args.redis:
                cmd += ["--redis", args.redis, "--redis-prefix", prefix]
            env = {"SPIELTISCH_STAGE_CPU": "on" if args.stages else "off"}
            if args.group_commit_ms is not None:
                env["SPIELTISCH_GROUP_COMMIT_MS"] = str(args.group_commit_ms)
            servers.append(ServerProc(i, port, cmd, tmp / f"server{i}.log", env=env))
        pipes: list[Pipe] = []
        workers: list[Any] = []
        try:
            for server in servers:
                server.start(args.src)
            for server in servers:
                server.wait_ready()
            print(
                f"ws_load: {k} server process(es){' from ' + args.src if args.src else ''} "
                f"on ports {', '.join(map(str, ports))}; "
                f"database {'SQLite file' if schema is None else 'PostgreSQL schema ' + schema}"
                f"{'; redis prefix ' + prefix if args.redis else ''}",
                flush=True,
            )
            ctx = mp.get_context("fork")
            for w in range(args.clients):
                ours, theirs = ctx.Pipe()
                proc = ctx.Process(target=client_main, args=(args, ports, w, theirs), daemon=True)
                proc.start()
                pipes.append(ours)
                workers.append(proc)
            rss_idle = [proc_rss_mb(s.proc.pid) for s in servers if s.proc]
            best = None
            for n in steps:
                t0 = time.monotonic()
                for pipe in pipes:
                    pipe.send(("ramp", n))
                for pipe in pipes:
                    if not pipe.poll(max(0.0, t0 + RAMP_LIMIT + n / 10 - time.monotonic())):
                        raise SystemExit(f"ws_load: {n} tables did not open in time (see above)")
                    pipe.recv()
                ramp = time.monotonic() - t0
                time.sleep(args.warmup)
                result = measure(args, n, servers, pipes, workers, rss_idle)
                result["ramp_seconds"] = round(ramp, 1)
                results.append(result)
                print(json.dumps(result), flush=True)
                if args.metrics:
                    print_metrics(ports[0])
                ok = result["broadcast_ms"]["p99"] is not None and (
                    result["broadcast_ms"]["p99"] < TARGET_P99_MS
                )
                if ok:
                    best = n
                elif not args.keep_going:
                    break
            print(
                f"ws_load: largest step at p99 action->broadcast < {TARGET_P99_MS:g} ms: "
                f"{best if best is not None else 'none'} tables "
                f"(machine: {os.cpu_count()} cores, load average "
                f"{' '.join(f'{x:.2f}' for x in os.getloadavg())})",
                flush=True,
            )
        finally:
            for pipe in pipes:
                with contextlib.suppress(Exception):
                    pipe.send(("stop", None))
            for pipe in pipes:
                with contextlib.suppress(Exception):
                    if pipe.poll(30):
                        pipe.recv()
            for proc in workers:
                proc.join(5)
                if proc.is_alive():
                    proc.terminate()
            for server in servers:
                server.stop()
            if args.redis:
                drop_redis_prefix(args.redis, prefix)
            if args.keep_logs:
                Path(args.keep_logs).mkdir(parents=True, exist_ok=True)
                for server in servers:
                    shutil.copy(server.log_path, Path(args.keep_logs) / server.log_path.name)
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    return results


def print_metrics(port: int) -> None:
    """The first process's own metrics (``/metrics``, read from loopback) after a step."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as answer:
        text = answer.read().decode()
    for line in text.splitlines():
        if line.startswith("spieltisch_") and "_created" not in line:
            print("  " + line, flush=True)


def loop_lag(
    before: list[dict[str, Any] | None], after: list[dict[str, Any] | None]
) -> dict[str, Any] | None:
    """How late the servers' event loops ran a 20 ms timer during the step, from their
    bucket counts: p50 and p99 as the upper bound of the bucket they fall in (``">1000"``
    above the last), and the samples; ``None`` for servers that do not sample it."""
    counts: list[int] | None = None
    bounds: list[float] = []
    for b, a in zip(before, after, strict=True):
        if b is None or a is None or "loop_lag" not in a or "loop_lag" not in b:
            return None
        bounds = a["loop_lag"]["bounds_ms"]
        diff = [
            x - y for x, y in zip(a["loop_lag"]["counts"], b["loop_lag"]["counts"], strict=True)
        ]
        counts = diff if counts is None else [x + y for x, y in zip(counts, diff, strict=True)]
    if not counts or not sum(counts):
        return None
    total = sum(counts)

    def quantile(q: float) -> float | str:
        running = 0
        for i, n in enumerate(counts):
            running += n
            if running >= q * total:
                return bounds[i] if i < len(bounds) else f">{bounds[-1]:g}"
        return f">{bounds[-1]:g}"

    return {"p50_at_most": quantile(0.5), "p99_at_most": quantile(0.99), "samples": total}


def stage_split(
    before: list[dict[str, Any] | None], after: list[dict[str, Any] | None], server_cpu: float
) -> dict[str, Any] | None:
    """CPU ms per stored action by stage, summed over the servers, from their own
    counters; ``other`` is the rest of the servers' CPU (frames read, the loop, HTTP).
    ``gc_ms_per_action`` is the garbage collector's part of them all, per generation,
    and ``loop_lag_ms`` the loop's lag (:func:`loop_lag`); each absent for a server too
    old to count it."""
    if any(b is None for b in before) or any(a is None for a in after):
        return None
    actions = commits = 0
    cpu = dict.fromkeys(STAGES, 0.0)
    gc_cpu, gc_runs = [0.0, 0.0, 0.0], [0, 0, 0]
    counted_gc = True
    for b, a in zip(before, after, strict=True):
        assert a is not None and b is not None
        actions += a["actions"] - b["actions"]
        commits += a["commits"] - b["commits"]
        for stage in STAGES:
            cpu[stage] += a["cpu_s"][stage] - b["cpu_s"][stage]
        counted_gc = counted_gc and "gc_s" in a and "gc_s" in b
        for gen in range(3) if counted_gc else ():
            gc_cpu[gen] += a["gc_s"][gen] - b["gc_s"][gen]
            gc_runs[gen] += a["gc_runs"][gen] - b["gc_runs"][gen]
    if not actions:
        return None
    lag = loop_lag(before, after)
    split = {stage: round(1000 * cpu[stage] / actions, 3) for stage in STAGES}
    split["other"] = round(1000 * (server_cpu - sum(cpu.values())) / actions, 3)
    gc_split = (
        {
            "gc_ms_per_action": [round(1000 * c / actions, 3) for c in gc_cpu],
            "gc_runs": gc_runs,
        }
        if counted_gc
        else {}
    )
    return {
        "ms_per_action": split,
        **gc_split,
        **({"loop_lag_ms": lag} if lag else {}),
        "actions": actions,
        "actions_per_commit": round(actions / commits, 2) if commits else None,
    }


def measure(
    args: argparse.Namespace,
    n: int,
    servers: list[ServerProc],
    pipes: list[Pipe],
    workers: list[Any],
    rss_idle: list[float],
) -> dict[str, Any]:
    pids = [s.proc.pid for s in servers if s.proc]
    cpu0 = [proc_cpu(p) for p in pids]
    pg0, redis0, busy0 = named_cpu("postgres"), named_cpu("redis-server"), machine_busy()
    load0 = os.getloadavg()[0]
    stages0 = [s.stages() for s in servers]
    if args.profile:
        for server in servers:
            server.profile(start=True)
    t0 = time.monotonic()
    for pipe in pipes:
        pipe.send(("measure", args.seconds))
    parts = [pipe.recv() for pipe in pipes]
    elapsed = time.monotonic() - t0
    cpu = [proc_cpu(p) - c for p, c in zip(pids, cpu0, strict=True)]
    stages1 = [s.stages() for s in servers]
    if args.profile:
        for server in servers:
            top = server.profile(start=False)
            print(f"ws_load: server {server.index}, {n} tables, profile of its event loop")
            print(top if top is not None else "(this server cannot profile)", flush=True)
    rss = [proc_rss_mb(p) for p in pids]
    pg = cpu_since(pg0, named_cpu("postgres"))
    red = cpu_since(redis0, named_cpu("redis-server"))
    busy = machine_busy() - busy0
    merged: dict[str, Any] = {key: [] for key in ("broadcast", "ack", "lag")}
    sums = dict.fromkeys(("steps", "human_actions", "errors", "finished", "cpu", "retries"), 0.0)
    for part in parts:
        for key in merged:
            merged[key] += part[key]
        for key in sums:
            sums[key] += part[key]
    actions = sums["steps"]
    server_cpu = sum(cpu)
    clients_cpu = sums["cpu"]
    ours = server_cpu + clients_cpu + pg + red
    return {
        "tables": n,
        "spectators_per_table": args.spectators,
        "processes": len(servers),
        "seconds": round(elapsed, 1),
        "actions_per_s": round(actions / elapsed, 1),
        "human_actions_per_s": round(sums["human_actions"] / elapsed, 1),
        "broadcast_ms": {
            "p50": pct(merged["broadcast"], 0.5),
            "p99": pct(merged["broadcast"], 0.99),
            "max": pct(merged["broadcast"], 1.0),
            "n": len(merged["broadcast"]),
        },
        "ack_ms": {
            "p50": pct(merged["ack"], 0.5),
            "p99": pct(merged["ack"], 0.99),
            "max": pct(merged["ack"], 1.0),
        },
        "errors": int(sums["errors"]),
        "games_finished": int(sums["finished"]),
        "reconnects_after_1012_so_far": int(sums["retries"]),
        "server_cpu_s": [round(c, 2) for c in cpu],
        "server_cpu_ms_per_action": round(1000 * server_cpu / actions, 3) if actions else None,
        "server_cpu_ms_per_table_s": round(1000 * server_cpu / elapsed / n, 3),
        "server_stages": stage_split(stages0, stages1, server_cpu),
        "server_rss_mb": [round(r, 1) for r in rss],
        "server_rss_kb_per_table": round(1024 * (sum(rss) - sum(rss_idle)) / n, 1),
        "postgres_cpu_s": round(pg, 2),
        "postgres_cpu_ms_per_action": round(1000 * pg / actions, 3) if actions else None,
        "redis_cpu_s": round(red, 2),
        "redis_cpu_ms_per_action": round(1000 * red / actions, 3) if actions else None,
        "cpus": {
            "servers": args.server_cpus,
            "clients": args.client_cpus,
            "services": args.service_cpus,
        },
        "clients": len(pipes),
        "clients_cpu_s": round(clients_cpu, 2),
        "clients_timer_lag_ms": {"p99": pct(merged["lag"], 0.99), "max": pct(merged["lag"], 1.0)},
        "machine_busy_cpu_s": round(busy, 2),
        "other_cpu_s": round(busy - ours, 2),
        "loadavg_1min": round(load0, 2),
        "loadavg_after": [round(x, 2) for x in os.getloadavg()],
        "cores": os.cpu_count(),
        "profiled": args.profile,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", default="100,200,500,1000", help="steps, e.g. 100,200,500")
    parser.add_argument("--seconds", type=float, default=20.0, help="measured per step")
    parser.add_argument("--warmup", type=float, default=3.0, help="seconds before measuring")
    parser.add_argument("--rate", type=float, default=1.0, help="actions per second per table")
    parser.add_argument("--spectators", type=int, default=1, help="spectators per table")
    parser.add_argument("--processes", type=int, default=1, help="server processes")
    parser.add_argument("--clients", type=int, default=1, help="load generator processes")
    parser.add_argument("--port", type=int, default=0, help="first port (default: free ones)")
    parser.add_argument("--db", default=PG_URL, help="SQLAlchemy URL, or 'sqlite' (temp file)")
    parser.add_argument("--schema", default=None, help="PostgreSQL schema (default: ws_load_PID)")
    parser.add_argument("--redis", default=os.environ.get("SPIELTISCH_REDIS"), help="Redis URL")
    parser.add_argument("--redis-prefix", default=None, help="key prefix (default: ws_load_PID:)")
    parser.add_argument("--metrics", action="store_true", help="print /metrics after each step")
    parser.add_argument("--server-cpus", default=None, help="cores of the servers, e.g. 0 or 0-3")
    parser.add_argument("--client-cpus", default=None, help="cores of the load generator")
    parser.add_argument("--service-cpus", default=None, help="cores of PostgreSQL and Redis")
    parser.add_argument("--bot-delay", type=float, default=None, help="default: 1/rate")
    parser.add_argument("--keep-going", action="store_true", help="run steps past a failed one")
    parser.add_argument(
        "--src", default=None, help="run the servers from this source folder (A/B runs)"
    )
    parser.add_argument("--keep-logs", default=None, help="copy the server logs to this folder")
    parser.add_argument(
        "--profile", action="store_true", help="profile the servers while measuring (cProfile)"
    )
    parser.add_argument(
        "--group-commit-ms",
        type=float,
        default=None,
        help="the servers' SPIELTISCH_GROUP_COMMIT_MS (negative: one write per action)",
    )
    parser.add_argument(
        "--no-stages",
        dest="stages",
        action="store_false",
        help="servers as in production: no stage counters (their clock reads cost CPU), no profile",
    )
    args = parser.parse_args()
    if args.profile and not args.stages:
        parser.error("--profile needs the stage routes: drop --no-stages")
    if args.spectators < 1:
        parser.error("--spectators must be at least 1 (they take the measurement)")
    # A terminated run still stops its servers and drops its schema (the finally blocks).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("ws_load: terminated"))
    run(args)


if __name__ == "__main__":
    main()
