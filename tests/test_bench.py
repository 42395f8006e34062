"""``spieltisch bench`` and the measuring behind it: what is counted and which clock.

No timing is asserted: figures vary from machine to machine. The tests check that every
row is measured with the process's CPU time, that rounds alternate their order, and that
ratios are taken within a round and summarised as min/median/max.
"""

from __future__ import annotations

import importlib.util
import itertools
import json
import random
import time

import pytest
from typer.testing import CliRunner

from spieltisch import engine, peers
from spieltisch.benchmark import PlayoutStats, deals_of, playouts
from spieltisch.cli import app
from spieltisch.rulescore import core_build

runner = CliRunner()
HAVE_OPENSPIEL = importlib.util.find_spec("pyspiel") is not None
HAVE_RLCARD = importlib.util.find_spec("rlcard") is not None
PEER_LABELS = [row.label for row in peers.PEER_ROWS]


def test_bench_json_reports_every_game_over_rounds() -> None:
    result = runner.invoke(app, ["bench", "--games", "1", "--rounds", "2", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["rounds"] == 2
    assert {row["game"] for row in data["results"]} == set(engine.game_names())
    for row in data["results"]:
        assert row["kind"] == "ours"
        assert row["games"] == 1
        assert row["plies"] > 0
        assert row["deals"] >= 1
        assert len(row["seconds"]) == 2
        for key in ("playouts_per_second", "deals_per_second", "steps_per_second"):
            spread = row[key]
            assert spread["min"] <= spread["median"] <= spread["max"]
    assert data["ratios"] == []


def test_bench_table_for_one_game() -> None:
    result = runner.invoke(app, ["bench", "-n", "1", "-r", "1", "--game", "halali"])
    assert result.exit_code == 0, result.output
    assert "Playouts/s" in result.output
    assert "halali" in result.output


def test_bench_unknown_game_fails_cleanly() -> None:
    result = runner.invoke(app, ["bench", "-n", "1", "--game", "nosuchgame"])
    assert result.exit_code != 0
    assert "Traceback" not in result.output


@pytest.mark.skipif(not (HAVE_OPENSPIEL and HAVE_RLCARD), reason="needs the peers extra")
def test_bench_peers_prints_every_peer_row_and_the_ratio_columns() -> None:
    args = ["bench", "--peers", "-n", "1", "-r", "2", "-g", "kalooki", "-g", "hydra"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    out = result.output
    for label in ["kalooki 2p", "hydra", *PEER_LABELS]:
        assert label in out, label
    for column in ("per game", "per deal", "per step", "bare", "env"):
        assert column in out
    data = json.loads(runner.invoke(app, [*args, "--json"]).stdout)
    assert {r["game"] for r in data["results"]} == {"kalooki 2p", "hydra", *PEER_LABELS}
    assert data["missing"] == []
    pairs = {(r["ours"], r["peer"]): r for r in data["ratios"]}
    assert set(pairs) == {  # from each game's declared relatives
        ("kalooki 2p", "openspiel:gin_rummy"),
        ("kalooki 2p", "rlcard:gin-rummy game"),
        ("kalooki 2p", "openspiel:gin_rummy +tensor"),
        ("kalooki 2p", "rlcard:gin-rummy env.step"),
        ("hydra", "openspiel:hearts"),
        ("hydra", "openspiel:hearts +tensor"),
    }
    for ratio in pairs.values():
        assert ratio["peer_kind"] in ("bare", "env")
        for metric in ("per_game", "per_deal", "per_step"):
            assert set(ratio[metric]) == {"min", "median", "max"}
            assert ratio[metric]["median"] > 0


def test_a_missing_peer_is_reported_not_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing(games: int, seed: int) -> PlayoutStats:
        raise ImportError("no such library")

    rows = (peers.Row("nowhere:gin", "bare", missing),)
    monkeypatch.setattr(peers, "PEER_ROWS", rows)
    result = runner.invoke(app, ["bench", "--peers", "-n", "1", "-r", "2", "-g", "halali"])
    assert result.exit_code == 0, result.output
    assert "nowhere:gin: not installed" in result.output
    assert f"spieltisch: {core_build().describe()}" in result.output
    data = json.loads(
        runner.invoke(
            app, ["bench", "--peers", "-n", "1", "-r", "1", "-g", "halali", "--json"]
        ).stdout
    )
    assert data["core"] == core_build().describe()


class FakeClock:
    """A process clock that advances one second per reading; wall time must not be read."""

    def __init__(self) -> None:
        self.ticks = itertools.count()
        self.readings = 0

    def __call__(self) -> float:
        self.readings += 1
        return float(next(self.ticks))


def _no_wall_clock() -> float:
    raise AssertionError("a benchmark read the wall clock")


RUNNERS: list[tuple[str, peers.Runner]] = [("ours:halali", peers.ours("halali"))]
if HAVE_OPENSPIEL:
    RUNNERS += [
        ("openspiel:gin_rummy", peers.openspiel("gin_rummy")),
        ("openspiel:hearts +tensor", peers.openspiel("hearts", tensor=True)),
    ]
if HAVE_RLCARD:
    RUNNERS += [
        ("rlcard game", peers.rlcard_gin_rummy_game),
        ("rlcard env", peers.rlcard_gin_rummy_env),
    ]


@pytest.mark.parametrize("run", [r for _, r in RUNNERS], ids=[n for n, _ in RUNNERS])
def test_every_runner_times_with_process_time(
    monkeypatch: pytest.MonkeyPatch, run: peers.Runner
) -> None:
    clock = FakeClock()
    monkeypatch.setattr(time, "process_time", clock)
    monkeypatch.setattr(time, "perf_counter", _no_wall_clock)
    monkeypatch.setattr(time, "time", _no_wall_clock)
    monkeypatch.setattr(time, "monotonic", _no_wall_clock)
    stats = run(1, 0)
    assert clock.readings == 2
    assert stats.seconds == 1.0
    assert stats.games == 1
    assert stats.plies > 0
    assert stats.deals >= 1


def test_rounds_alternate_their_order() -> None:
    rows = [peers.Row(x, "ours", peers.ours("halali")) for x in "ABC"]
    assert [r.label for r in peers.round_order(rows, 0)] == ["A", "B", "C"]
    assert [r.label for r in peers.round_order(rows, 1)] == ["C", "B", "A"]
    assert [r.label for r in peers.round_order(rows, 2)] == ["A", "B", "C"]


def test_measure_interleaves_rows_and_takes_ratios_within_rounds() -> None:
    calls: list[str] = []
    seconds = {"kalooki 2p": iter([1.0, 2.0, 4.0]), "openspiel:gin_rummy": iter([2.0, 2.0, 2.0])}

    def fake(label: str, plies: int) -> peers.Runner:
        def run(games: int, seed: int) -> PlayoutStats:
            calls.append(label)
            return PlayoutStats(label, games, plies * games, next(seconds[label]), deals=games)

        return run

    rows = [
        peers.Row("kalooki 2p", "ours", fake("kalooki 2p", 500)),
        peers.Row("openspiel:gin_rummy", "bare", fake("openspiel:gin_rummy", 100)),
    ]
    measured = peers.measure(rows, games=10, rounds=3, warmup=False)
    assert calls == ["kalooki 2p", "openspiel:gin_rummy"] * 1 + [
        "openspiel:gin_rummy",
        "kalooki 2p",
        "kalooki 2p",
        "openspiel:gin_rummy",
    ]
    pair = peers.Pair("kalooki 2p", "openspiel:gin_rummy")
    assert measured.ratios(pair, "game") == [2.0, 1.0, 0.5]
    assert measured.ratios(pair, "step") == [10.0, 5.0, 2.5]
    data = measured.to_json()
    (ratio,) = data["ratios"]
    assert ratio["per_game"] == {"min": 0.5, "median": 1.0, "max": 2.0}
    assert ratio["per_deal"] == ratio["per_game"]
    assert ratio["per_step"] == {"min": 2.5, "median": 5.0, "max": 10.0}
    ours = data["results"][0]
    assert ours["playouts_per_second"] == {"min": 2.5, "median": 5.0, "max": 10.0}
    assert ours["seconds"] == [1.0, 2.0, 4.0]


def test_each_round_plays_new_games_after_an_unmeasured_warm_up() -> None:
    seeds: list[tuple[str, int]] = []

    def fake(label: str) -> peers.Runner:
        def run(games: int, seed: int) -> PlayoutStats:
            seeds.append((label, seed))
            return PlayoutStats(label, games, games, 1.0, deals=games)

        return run

    rows = [peers.Row("a", "ours", fake("a")), peers.Row("b", "bare", fake("b"))]
    measured = peers.measure(rows, games=10, rounds=2, seed=5)
    warm = peers.WARMUP_SEED + 5
    assert seeds == [("a", warm), ("b", warm), ("a", 5), ("b", 5), ("b", 15), ("a", 15)]
    assert len(measured.rounds) == 2


def test_spread_is_min_median_max() -> None:
    assert peers.spread([3.0, 1.0, 2.0, 10.0]) == {"min": 1.0, "median": 2.5, "max": 10.0}
    assert peers.spread([]) == {"min": 0.0, "median": 0.0, "max": 0.0}


def test_deals_are_counted_from_the_result() -> None:
    assert deals_of({"deals": 3}) == 3
    assert deals_of({"games": [{"redeals": []}, {"redeals": [1, 2]}, {}]}) == 5
    assert deals_of({}) == 1
    stats = playouts("kalooki", 1, players=2)
    assert stats.deals == 1  # a ring game is one deal (KA-R8)


def test_one_random_choice_per_step_on_our_side() -> None:
    class Counting:
        def __init__(self) -> None:
            self.calls = 0

    counter = Counting()
    original = random.Random.choice

    def counted(self: object, seq: object) -> object:
        counter.calls += 1
        return original(self, seq)  # type: ignore[arg-type, unused-ignore]

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(random.Random, "choice", counted)
        stats = playouts("halali", 1)
    assert counter.calls == stats.plies


@pytest.mark.skipif(not HAVE_OPENSPIEL, reason="needs OpenSpiel")
@pytest.mark.parametrize("name", ["gin_rummy", "hearts"])
def test_openspiel_chance_outcomes_are_uniform(name: str) -> None:
    """The runner samples a chance node with one ``choice`` over its legal outcomes,
    which is only right while every outcome is equally likely."""
    import pyspiel

    state = pyspiel.load_game(name).new_initial_state()
    rng = random.Random(0)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert sorted(a for a, _ in outcomes) == sorted(state.legal_actions())
            assert max(p for _, p in outcomes) == pytest.approx(min(p for _, p in outcomes))
        state.apply_action(rng.choice(state.legal_actions()))
