"""Failover time of a cluster: ``kill -9`` of a table's owner until play goes on.

Starts ``--processes`` server processes on one PostgreSQL schema (created and dropped
here) and Redis (a key prefix of its own), opens a Halali table of two players on
different processes, a spectator on a third, and a bots-only table that nobody
watches. Then, ``--kills`` times: kill the players' table's owner with SIGKILL, and time

* *players*: from the kill until a move sent by a player afterwards has reached both
  players and the spectator (their browsers reconnect on their own, as the page does);
* *bots*: from the kill until the unwatched bots-only table has a new move in the
  record (another process adopted it by itself), when the same process owned it too;

then restart the killed process and let play settle. Prints min / median / max.

    .venv/bin/python bench/cluster_failover.py --kills 5
    .venv/bin/python bench/cluster_failover.py --kills 5 --lease 3

Loopback only; bounded by ``--kills`` (about 10 s each).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.server.clusterkit import (
    Client,
    Cluster,
    create_table,
    join,
    pg_schema,
    play_turns,
)

BOT = {"kind": "bot", "level": "random"}


def summary(name: str, values: list[float]) -> str:
    if not values:
        return f"{name}: no samples"
    return (
        f"{name}: min {min(values):.2f} s, median {statistics.median(values):.2f} s, "
        f"max {max(values):.2f} s ({len(values)} kills)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--processes", type=int, default=3)
    parser.add_argument("--kills", type=int, default=5)
    parser.add_argument("--lease", type=float, default=3.0, help="SPIELTISCH_LEASE_SECONDS")
    args = parser.parse_args()
    players_s: list[float] = []
    bots_s: list[float] = []
    with pg_schema() as schema:
        cluster = Cluster(args.processes, schema, bot_delay=0.3)
        for srv in cluster.servers:
            srv.env["SPIELTISCH_LEASE_SECONDS"] = str(args.lease)
        cluster.start()
        try:
            a, b = cluster.servers[0], cluster.servers[1]
            made = create_table(a, "halali", [{"kind": "human"}, {"kind": "human"}])
            tid = made["table"]["id"]
            token = join(b, tid, "Bob")
            n = len(cluster.servers)
            players = {
                0: Client(cluster.servers, 1 % n, tid, made["seat_token"]),
                1: Client(cluster.servers, 2 % n, tid, token),
            }
            watcher = Client(cluster.servers, 0, tid, None)
            rng = random.Random(1)
            play_turns(players, [watcher], rng, plies=4)
            bots = ""
            for _ in range(args.kills):
                if not bots or cluster.finished(bots):
                    bots = create_table(a, "hydra", [BOT] * 5, name=None)["table"]["id"]
                owner = cluster.owner(tid)
                same = cluster.owner(bots) is owner
                bot_plies = len(cluster.record(bots))
                killed = time.monotonic()
                owner.kill()
                play_turns(players, [watcher], rng, plies=1)
                players_s.append(time.monotonic() - killed)
                if same:
                    while len(cluster.record(bots)) <= bot_plies:
                        if time.monotonic() - killed > 60:
                            raise SystemExit("the bots-only table did not resume")
                        time.sleep(0.05)
                    bots_s.append(time.monotonic() - killed)
                owner.start()
                play_turns(players, [watcher], rng, plies=4)
                if watcher.view.get("over"):
                    break
        finally:
            cluster.stop()
    print(f"{args.processes} processes, lease {args.lease:g} s")
    print(summary("players' next move after kill -9", players_s))
    print(summary("unwatched bots' next move after kill -9", bots_s))


if __name__ == "__main__":
    main()
