"""``spieltisch export --db``: the server's finished games, redacted and pseudonymised.

Hostile reading: the dataset must hold no name, table id, seat token, host secret or
seed; each line only what its seat saw; pseudonyms stable under one salt and useless
without it; the store left as it was.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from spieltisch.cli import app
from spieltisch.engine import load, replay
from spieltisch.store import SeatRecord, Store
from spieltisch.storeexport import pseudonym

SECRETS = ("Ada", "ada", "Bob", "host-secret", "token-ada", "token-bob")


def _finished(store: Store, table_id: str, game: str, seed: int, seats: list[SeatRecord]) -> None:
    """A table whose game was played to its end, stored action by action as the server does."""
    engine = load(game)
    players = len(seats)
    store.create_table(
        table_id=table_id,
        game=game,
        options=engine.options,
        players=players,
        seed=seed,
        host_hash="host-secret",
        seats=seats,
        status="running",
    )
    state = engine.new_state(players=players, seed=seed)
    rng = random.Random(seed)
    ply = 0
    while not state.is_over():
        seat = rng.choice(state.active_seats())
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        result = state.result()
        store.append_action(
            table_id, ply, seat, action.to_json(), result.to_json() if result else None
        )
        ply += 1
    assert store.get_table(table_id).status == "finished"  # type: ignore[union-attr]


def _fill(store: Store) -> None:
    humans = [
        SeatRecord(0, "human", name="Ada", token_hash="token-ada"),
        SeatRecord(1, "human", name="Bob", token_hash="token-bob"),
    ]
    _finished(store, "tbl-halali-1", "halali", 3, humans)
    ada_again = [
        SeatRecord(0, "bot", level="rules", name="Bot"),
        SeatRecord(1, "human", name="ada", token_hash="token-ada"),
        SeatRecord(2, "bot", level="random", name="Bot"),
    ]
    _finished(store, "tbl-kalooki-2", "kalooki", 5, ada_again)
    store.create_table(
        table_id="tbl-running-3",
        game="halali",
        options=load("halali").options,
        players=2,
        seed=9,
        host_hash="host-secret",
        seats=humans,
        status="running",
    )


def _export(store: Store, target: Path, *args: str) -> list[dict[str, Any]]:
    command = ["export", "--db", store.url, str(target), *args]
    if store.schema:
        command += ["--schema", store.schema]
    run = CliRunner().invoke(app, command)
    assert run.exit_code == 0, run.output
    return [json.loads(line) for line in target.read_text(encoding="utf-8").splitlines()]


def test_export_redacts_and_pseudonymises(store: Store, tmp_path: Path) -> None:
    _fill(store)
    before = {t.id: (t.status, t.plies) for t in store.list_tables(limit=None)}
    lines = _export(store, tmp_path / "a.jsonl", "--salt", "s3cret")
    # One line per seat of each finished table; the running table is not exported.
    assert sorted((line["game"], line["seat"]) for line in lines) == [
        ("halali", 0),
        ("halali", 1),
        ("kalooki", 0),
        ("kalooki", 1),
        ("kalooki", 2),
    ]
    text = (tmp_path / "a.jsonl").read_text(encoding="utf-8")
    for secret in (*SECRETS, "tbl-halali-1", "tbl-kalooki-2", "tbl-running-3"):
        assert secret not in text
    salt = b"s3cret"
    ada, bob = pseudonym("p", "Ada", salt), pseudonym("p", "Bob", salt)
    for line in lines:
        assert line["format"] == "spieltisch-seat/1" and "seed" not in line
        assert "actions" not in line  # no other seat's moves
        meta = line["meta"]
        assert meta["source"] == "spieltisch-server"
        players = [s["player"] for s in meta["seats"]]
        if line["game"] == "halali":
            assert players == [ada, bob]
            assert meta["table"] == pseudonym("t", "tbl-halali-1", salt)
        else:
            # The same person under another spelling of the name: the same pseudonym.
            assert players == [None, ada, None]
            assert [s["level"] for s in meta["seats"]] == ["rules", None, "random"]
        # Each line holds exactly what its seat saw, view by view.
        record = store.record("tbl-halali-1" if line["game"] == "halali" else "tbl-kalooki-2")
        state = load(record["game"], **record["options"]).new_state(
            players=record["players"], seed=record["seed"]
        )
        game = load(record["game"], **record["options"])
        seen = iter(line["decisions"])
        for ply, step in enumerate(record["actions"]):
            if step["seat"] == line["seat"]:
                decision = next(seen)
                assert decision["ply"] == ply
                assert decision["view"] == json.loads(json.dumps(state.view(line["seat"])))
            state.apply(step["seat"], game.action_from_json(step["action"]))
        assert next(seen, None) is None
        assert line["final_view"] == json.loads(json.dumps(state.view(line["seat"])))
        assert line["result"] == json.loads(json.dumps(replay(record).result().to_json()))  # type: ignore[union-attr]
    # Kalooki hands are private: no line carries another seat's hand.
    for line in lines:
        if line["game"] == "kalooki":
            for decision in line["decisions"]:
                assert decision["view"]["seat"] == line["seat"]
    # Same salt, same pseudonyms; another salt or none, other ones.
    again = _export(store, tmp_path / "b.jsonl", "--salt", "s3cret")
    assert [x["meta"] for x in again] == [x["meta"] for x in lines]
    other = _export(store, tmp_path / "c.jsonl", "--salt", "other")
    assert ada not in (tmp_path / "c.jsonl").read_text(encoding="utf-8")
    assert len(other) == len(lines)
    unsalted = _export(store, tmp_path / "d.jsonl")
    assert ada not in (tmp_path / "d.jsonl").read_text(encoding="utf-8")
    assert len(unsalted) == len(lines)
    # Reading changed nothing.
    assert {t.id: (t.status, t.plies) for t in store.list_tables(limit=None)} == before


def test_export_one_seat_and_refusals(store: Store, tmp_path: Path) -> None:
    _fill(store)
    lines = _export(store, tmp_path / "a.jsonl", "--salt", "x", "--seat", "1")
    assert sorted((x["game"], x["seat"]) for x in lines) == [("halali", 1), ("kalooki", 1)]
    runner = CliRunner()
    extra = runner.invoke(app, ["export", "--db", store.url, "a", "b"])
    assert extra.exit_code == 2 and "only the dataset file" in extra.output
    negative = runner.invoke(
        app, ["export", "--db", store.url, str(tmp_path / "n"), "--seat", "-1"]
    )
    assert negative.exit_code == 2 and "is not a seat" in negative.output


def test_export_from_a_database_without_tables_fails_cleanly(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'empty.db'}"
    run = CliRunner().invoke(app, ["export", "--db", url, str(tmp_path / "out.jsonl")])
    assert run.exit_code == 2 and "cannot export" in run.output
    assert "Traceback" not in run.output
