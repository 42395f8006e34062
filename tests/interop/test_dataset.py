"""Records as a dataset: JSON Lines export, per-seat redaction, and replay."""

from __future__ import annotations

import io
import json
import random

import pytest

import spieltisch
from spieltisch.engine import InvalidNotation, State, game_names
from spieltisch.interop import dataset

GAMES = game_names()


def _finished(name: str, seed: int) -> State:
    state = spieltisch.load(name).new_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_over():
        seat = rng.choice(state.active_seats())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


@pytest.fixture(scope="module")
def halali_games() -> list[State]:
    return [_finished("halali", seed) for seed in range(3)]


def test_export_replays_to_the_same_results(halali_games: list[State]) -> None:
    out = io.StringIO()
    assert dataset.export_jsonl(halali_games, out) == 3
    lines = out.getvalue().splitlines()
    assert len(lines) == 3
    for text, original in zip(lines, halali_games, strict=True):
        line = json.loads(text)
        assert line["format"] == dataset.GAME_FORMAT
        assert line["seed"] == original.seed
        result = original.result()
        assert result is not None
        assert line["result"] == json.loads(json.dumps(result.to_json()))
    replayed = list(dataset.load_games(io.StringIO(out.getvalue())))
    assert [s.to_json() for s in replayed] == [s.to_json() for s in halali_games]


@pytest.mark.parametrize("name", GAMES)
def test_every_game_exports_and_replays(name: str, tmp_path) -> None:
    state = _finished(name, 7)
    path = tmp_path / f"{name}.jsonl"
    assert dataset.export_jsonl([state.record()], path) == 1
    (again,) = dataset.load_games(path)
    assert again.to_json() == state.to_json()


def test_unfinished_games_are_skipped_unless_asked(halali_games: list[State]) -> None:
    running = spieltisch.load("halali").new_state(seed=1)
    running.apply(0, running.legal_actions(0)[0])
    out = io.StringIO()
    assert dataset.export_jsonl([running, halali_games[0]], out) == 1
    out = io.StringIO()
    assert dataset.export_jsonl([running], out, finished_only=False) == 1


def test_redacted_lines_hold_only_what_the_seat_saw(halali_games: list[State]) -> None:
    """Principle 3: a seat's line has no seed and only that seat's views and actions."""
    state = halali_games[0]
    record = state.record()
    out = io.StringIO()
    dataset.export_jsonl([record], out, seat=1)
    line = json.loads(out.getvalue())
    assert line["format"] == dataset.SEAT_FORMAT
    assert "seed" not in line and "actions" not in line
    own = [(i, a) for i, a in enumerate(record["actions"]) if a["seat"] == 1]
    assert [(d["ply"], d["action"]) for d in line["decisions"]] == [
        (i, a["action"]) for i, a in own
    ]
    assert line["final_view"] == json.loads(json.dumps(state.view(1)))
    # Each stored view is the seat's view at that point of the game.
    mirror = spieltisch.load("halali").new_state(seed=record["seed"])
    game = mirror.game
    decisions = iter(line["decisions"])
    for step in record["actions"]:
        if step["seat"] == 1:
            assert next(decisions)["view"] == json.loads(json.dumps(mirror.view(1)))
        mirror.apply(step["seat"], game.action_from_json(step["action"]))
    with pytest.raises(InvalidNotation):
        dataset.replay_line(line)
    pairs = list(dataset.decisions(line))
    assert len(pairs) == len(own) and all(seat == 1 for _, _, seat in pairs)


def test_decisions_of_a_full_line_cover_every_ply(halali_games: list[State]) -> None:
    line = dataset.game_line(halali_games[1].record())
    pairs = list(dataset.decisions(line))
    assert len(pairs) == halali_games[1].ply
    view, action, seat = pairs[0]
    assert str(action) in view["legal_actions"] and seat == 0


def test_a_tampered_result_is_refused(halali_games: list[State]) -> None:
    line = dataset.game_line(halali_games[0].record())
    line["result"]["reason"] = "made_up"
    with pytest.raises(InvalidNotation):
        dataset.replay_line(line)


def test_reading_refuses_foreign_lines() -> None:
    with pytest.raises(InvalidNotation):
        list(dataset.read_jsonl(io.StringIO('{"format": "other"}\n')))
    with pytest.raises(InvalidNotation):
        list(dataset.read_jsonl(io.StringIO("not json\n")))
    assert list(dataset.read_jsonl(io.StringIO("\n\n"))) == []


def test_bad_seat_is_refused(halali_games: list[State]) -> None:
    with pytest.raises(InvalidNotation):
        dataset.seat_line(halali_games[0].record(), 2)


def test_cli_export_reads_records_and_arena_lines(halali_games: list[State], tmp_path) -> None:
    from typer.testing import CliRunner

    from spieltisch.cli import app

    source = tmp_path / "records.jsonl"
    lines = [json.dumps(halali_games[0].record()), json.dumps({"record": halali_games[1].record()})]
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    target = tmp_path / "dataset.jsonl"
    run = CliRunner().invoke(app, ["export", str(source), str(target)])
    assert run.exit_code == 0, run.output
    assert [s.seed for s in dataset.load_games(target)] == [0, 1]
    run = CliRunner().invoke(app, ["export", str(source), str(target), "--seat", "0"])
    assert run.exit_code == 0, run.output
    assert {line["seat"] for line in dataset.read_jsonl(target)} == {0}
    source.write_text('{"nothing": 1}\n', encoding="utf-8")
    run = CliRunner().invoke(app, ["export", str(source), str(target)])
    assert run.exit_code == 2
