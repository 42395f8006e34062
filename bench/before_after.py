"""Our games' random playouts before and after a change, and against the peers, in one run.

Usage: ``.venv/bin/python bench/before_after.py [REF] [--after REF2] [--compiled] [--games N]
[--build] [--rounds R] [--seed S] [--no-peers] [--json]``; REF defaults to ``51fb084`` (the last
commit before the speed work), "after" to this working tree. While others edit the working tree,
``--after HEAD`` measures one fixed commit in every round. ``--compiled`` measures this working
tree twice instead: "before" is its pure-Python rules core (``SPIELTISCH_PURE=1``), "after"
its mypyc-compiled one (``make compile`` first; a worker that does not run it fails).
``--build`` compares two compiled cores: it compiles REF's checkout in place
(``setup.py build_ext --inplace``, about a minute and a half) and requires both sides to run
compiled (``make compile`` this working tree first), so a change to the core is measured
as it ships.

The script checks REF out into a temporary ``git worktree`` (removed at the end) and runs
every row in a subprocess of this interpreter: our games from the old checkout
(``PYTHONPATH`` set to its ``src``) and from this one, and the peers' bare engines and
environments (``spieltisch.peers`` of the "after" checkout). Both checkouts run the very same
playout loop, defined here, through the public engine API only (``load``, ``new_state``,
``active_seats``, ``legal_actions``, ``apply``, ``result``), on the same seeds, timed with
the worker's CPU time; counting is that of ``spieltisch.peers`` (a step is one player
decision, one ``random.Random.choice`` per step, deals from the result).

Rounds interleave the rows A/B then B/A (the order reversed every other round), so drift of
a loaded machine falls on both sides; speed-ups and ratios are taken within a round and
printed as min / median / max over the rounds. As in ``spieltisch bench --peers``, round
``n`` plays the seeds from ``seed + n * games`` (the same for every row of the round), and
every worker first plays as many unmeasured games on other seeds, so caches are warm but
never hold the measured games themselves.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from checkout import checked_out

ROOT = Path(__file__).resolve().parent.parent
GAMES: dict[str, tuple[str, int | None]] = {
    "kalooki 2p": ("kalooki", 2),
    "hydra": ("hydra", None),
    "halali": ("halali", None),
    "halligalli": ("halligalli", None),
}
"""Our rows: label -> (game, players; None for the game's usual number)."""
WARMUP_SEED = 1_000_000
PEERS: dict[str, list[str]] = {
    "kalooki 2p": [
        "openspiel:gin_rummy",
        "rlcard:gin-rummy game",
        "openspiel:gin_rummy +tensor",
        "rlcard:gin-rummy env.step",
    ],
    "hydra": ["openspiel:hearts", "openspiel:hearts +tensor"],
}


# -- the worker: one row, one round, printed as JSON ------------------------------------
def _deals_of(details: dict[str, Any]) -> int:
    count = details.get("deals")
    if isinstance(count, int):
        return count
    played = details.get("games")
    if isinstance(played, list) and played:
        return sum(1 + len(g.get("redeals", ())) if isinstance(g, dict) else 1 for g in played)
    return 1


def ours_worker(label: str, games: int, seed: int) -> dict[str, Any]:
    import random
    import time

    import spieltisch
    from spieltisch.engine import load

    try:
        from spieltisch.rulescore import core_build

        core = core_build().describe()
    except ImportError:  # a checkout from before the compiled core
        core = "pure Python"

    name, players = GAMES[label]
    game = load(name)
    for n in range(games):  # the warm-up, on seeds far from the measured ones
        rng = random.Random(n)
        state = game.new_state(players, seed=WARMUP_SEED + seed + n)
        while not state.is_over():
            seats = state.active_seats()
            seat = seats[0] if len(seats) == 1 else rng.choice(seats)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    rng = random.Random(seed)
    choice = rng.choice
    plies = deals = 0
    start = time.process_time()
    for n in range(games):
        state = game.new_state(players, seed=seed + n)
        while not state.is_over():
            seats = state.active_seats()
            seat = seats[0] if len(seats) == 1 else choice(seats)
            state.apply(seat, choice(state.legal_actions(seat)))
            plies += 1
        result = state.result()
        deals += _deals_of(result.details) if result is not None else 1
    seconds = time.process_time() - start
    return {"games": games, "plies": plies, "deals": deals, "seconds": seconds,
            "source": str(Path(spieltisch.__file__).parent), "core": core}  # fmt: skip


def peer_worker(label: str, games: int, seed: int) -> dict[str, Any] | None:
    from spieltisch.peers import PEER_ROWS

    row = next(r for r in PEER_ROWS if r.label == label)
    try:
        row.run(games, WARMUP_SEED + seed)
        s = row.run(games, seed)
    except ImportError:
        return None
    return {"games": s.games, "plies": s.plies, "deals": s.deals, "seconds": s.seconds}


# -- the driver ----------------------------------------------------------------------------
def run_row(
    kind: str, label: str, games: int, seed: int, src: Path, core: str | None = None
) -> dict[str, Any] | None:
    """``core``: the core the row must run ("pure Python" or "rules core compiled")."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    env.pop("SPIELTISCH_PURE", None)
    if core == "pure Python":
        env["SPIELTISCH_PURE"] = "1"
    out = subprocess.run(
        [sys.executable, __file__, "--worker", kind, label, str(games), str(seed)],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if out.returncode != 0:
        raise RuntimeError(f"{kind} {label} from {src} failed:\n{out.stderr}")
    data: dict[str, Any] | None = json.loads(out.stdout)
    if data is not None and "source" in data and not data["source"].startswith(str(src)):
        raise RuntimeError(f"{label} ran {data['source']}, not the checkout in {src}")
    if data is not None and core is not None and not str(data.get("core")).startswith(core):
        raise RuntimeError(f"{label} ran {data.get('core')}, not {core}: run `make compile`")
    return data


def spread(values: list[float]) -> dict[str, float]:
    if not values:
        return {"min": 0.0, "median": 0.0, "max": 0.0}
    return {"min": min(values), "median": statistics.median(values), "max": max(values)}


def rate(row: dict[str, Any], per: str) -> float:
    return float(row[per]) / row["seconds"] if row["seconds"] > 0 else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ref", nargs="?", default="51fb084", help="the 'before' git ref")
    parser.add_argument("--after", help="the 'after' git ref (default: this working tree)")
    parser.add_argument("--games", type=int, default=30, help="games per row and round")
    parser.add_argument("--rounds", type=int, default=5, help="rounds (order alternates)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-peers", action="store_true", help="leave the peers out")
    parser.add_argument(
        "--compiled", action="store_true", help="pure Python (before) vs compiled core (after)"
    )
    parser.add_argument(
        "--build", action="store_true", help="compile REF's checkout; both sides compiled"
    )
    parser.add_argument("--game", action="append", choices=list(GAMES), help="only this row")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args()
    labels = args.game or list(GAMES)
    peers = [] if args.no_peers else [p for g in labels for p in PEERS.get(g, [])]
    refs = [("before", args.ref)] + ([("after", args.after)] if args.after else [])
    cores: dict[str, str | None] = {"before": None, "after": None, "peer": None}
    if args.compiled:  # this tree, its two cores
        refs = []
        cores = {"before": "pure Python", "after": "rules core compiled", "peer": None}
        args.ref = "pure Python"
    if args.build and not args.compiled:
        compiled = "rules core compiled"
        cores = {"before": compiled, "after": compiled, "peer": None}
    with ExitStack() as trees:
        tree = {"before": ROOT, "after": ROOT}
        for side, ref in refs:
            tree[side] = trees.enter_context(
                checked_out(ref, build=args.build and not args.compiled)
            )
        rows = [("before", g) for g in labels] + [("after", g) for g in labels]
        rows += [("peer", p) for p in peers]
        rounds: list[dict[tuple[str, str], dict[str, Any]]] = []
        missing: set[str] = set()
        for n in range(args.rounds):
            this: dict[tuple[str, str], dict[str, Any]] = {}
            for kind, label in rows if n % 2 == 0 else reversed(rows):
                if label in missing:
                    continue
                print(f"round {n + 1}/{args.rounds}: {kind} {label}", file=sys.stderr)
                src = tree["after" if kind == "peer" else kind] / "src"
                data = run_row("peer" if kind == "peer" else "ours", label, args.games,
                               args.seed + n * args.games, src, cores[kind])  # fmt: skip
                if data is None:
                    missing.add(label)
                else:
                    this[kind, label] = data
            rounds.append(this)

    def per_round(a: tuple[str, str], b: tuple[str, str] | None, per: str) -> list[float]:
        out = []
        for r in rounds:
            if a in r and (b is None or b in r):
                x = rate(r[a], per)
                if b is None:
                    out.append(x)
                elif rate(r[b], per) > 0:
                    out.append(x / rate(r[b], per))
        return out

    report: dict[str, Any] = {
        "ref": args.ref,
        "after": args.after or ("rules core compiled" if args.compiled else "working tree"),
        "games": args.games,
        "rounds": args.rounds,
        "seed": args.seed,
        "missing": sorted(missing),
        "rows": [],
    }
    for g in labels:
        entry: dict[str, Any] = {"game": g}
        for kind in ("before", "after"):
            first = next((r[kind, g] for r in rounds if (kind, g) in r), None)
            entry[kind] = {
                "plies_per_game": round(first["plies"] / first["games"], 1) if first else 0,
                "deals_per_game": round(first["deals"] / first["games"], 2) if first else 0,
                "games_per_second": spread(per_round((kind, g), None, "games")),
                "steps_per_second": spread(per_round((kind, g), None, "plies")),
            }
        entry["speed_up"] = {
            "per_game": spread(per_round(("after", g), ("before", g), "games")),
            "per_step": spread(per_round(("after", g), ("before", g), "plies")),
        }
        entry["peers"] = [
            {
                "peer": p,
                **{
                    f"{kind}_per_{unit}": spread(per_round((kind, g), ("peer", p), per))
                    for kind in ("before", "after")
                    for unit, per in (("game", "games"), ("deal", "deals"), ("step", "plies"))
                },
            }
            for p in PEERS.get(g, [])
            if p in peers and p not in missing
        ]
        report["rows"].append(entry)
    report["peer_rates"] = {
        p: {
            "games_per_second": spread(per_round(("peer", p), None, "games")),
            "steps_per_second": spread(per_round(("peer", p), None, "plies")),
        }
        for p in peers
        if p not in missing
    }
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print_report(report)


def mmm(values: dict[str, float], fmt: str, suffix: str = "") -> str:
    return " / ".join(format(values[k], fmt) + suffix for k in ("min", "median", "max"))


def print_report(report: dict[str, Any]) -> None:
    print(
        f"Before = {report['ref']}, after = {report['after']}; {report['games']} games per row, "
        f"{report['rounds']} rounds (A/B, B/A), seed {report['seed']}, CPU time; "
        "min / median / max over rounds"
    )
    for row in report["rows"]:
        b, a, up = row["before"], row["after"], row["speed_up"]
        print(f"\n{row['game']}  ({a['plies_per_game']} plies, {a['deals_per_game']} deals/game)")
        print(f"  games/s  before  {mmm(b['games_per_second'], ',.1f')}")
        print(f"  games/s  after   {mmm(a['games_per_second'], ',.1f')}")
        print(f"  steps/s  before  {mmm(b['steps_per_second'], ',.0f')}")
        print(f"  steps/s  after   {mmm(a['steps_per_second'], ',.0f')}")
        print(f"  speed-up per game {mmm(up['per_game'], '.2f', 'x')}")
        print(f"  speed-up per step {mmm(up['per_step'], '.2f', 'x')}")
        for p in row["peers"]:
            print(f"  vs {p['peer']}:")
            for unit in ("game", "deal", "step"):
                print(
                    f"    per {unit:<4}  before {mmm(p[f'before_per_{unit}'], '.2f', 'x')}"
                    f"   after {mmm(p[f'after_per_{unit}'], '.2f', 'x')}"
                )
    if report["peer_rates"]:
        print("\npeers")
        for p, r in report["peer_rates"].items():
            print(
                f"  {p:<28} games/s {mmm(r['games_per_second'], ',.1f')}"
                f"   steps/s {mmm(r['steps_per_second'], ',.0f')}"
            )
    for p in report["missing"]:
        print(f"{p}: not installed (pip install 'spieltisch[peers]')")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--worker":
        kind, label, games, seed = sys.argv[2:6]
        worker = ours_worker if kind == "ours" else peer_worker
        print(json.dumps(worker(label, int(games), int(seed))))
    else:
        main()
