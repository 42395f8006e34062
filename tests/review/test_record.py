"""review_record over whole records: its JSON, progress, the CLI, Halli Galli's rings."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import spieltisch
from spieltisch.cli import app
from spieltisch.games.halligalli import HalliGalliState, is_bell_valid
from spieltisch.review import CLASSES, Review, review_record

from .conftest import play_out

runner = CliRunner()


def test_review_json_round_trips_and_counts(hydra_record: dict[str, Any]) -> None:
    seen: list[tuple[int, int]] = []
    review = review_record(hydra_record, 0, worlds=4, progress=lambda d, t: seen.append((d, t)))
    data = review.to_json()
    assert json.loads(json.dumps(data)) == data
    assert Review.from_json(data).to_json() == data
    mine = [a for a in hydra_record["actions"] if a["seat"] == 0]
    assert len(data["decisions"]) == len(mine)
    assert seen == [(k, len(mine)) for k in range(1, len(mine) + 1)]
    assert data["summary"]["decisions"] == len(mine)
    assert sum(data["summary"][k] for k in CLASSES) == len(mine)
    analysed = [d for d in data["decisions"] if d["class"] != "forced"]
    assert analysed and all(d["taken"]["rollouts"] == 4 for d in analysed)
    assert [p["ply"] for p in data["curve"][:-1]] == [d["ply"] for d in analysed]
    assert data["curve"][-1] == {"ply": len(hydra_record["actions"]), "win": data["final_win"]}


def test_forced_moves_are_listed_not_analysed(hydra_record: dict[str, Any]) -> None:
    review = review_record(hydra_record, 2, worlds=2)
    forced = [d for d in review.decisions if d.kind == "forced"]
    assert forced and all(d.taken is None and d.legal <= 1 for d in forced)


def test_the_same_seed_gives_the_same_review(hydra_record: dict[str, Any]) -> None:
    first = review_record(hydra_record, 3, seed=4, worlds=3).to_json()
    again = review_record(hydra_record, 3, seed=4, worlds=3).to_json()
    first.pop("cpu_seconds")
    again.pop("cpu_seconds")
    assert first == again


def test_cli_review_is_reproducible_with_a_seed(
    hydra_record: dict[str, Any], tmp_path: Path
) -> None:
    source = tmp_path / "games.jsonl"
    source.write_text(json.dumps(hydra_record) + "\n", encoding="utf-8")
    args = ["review", str(source), "--seat", "1", "--seed", "3", "--worlds", "3"]
    first = runner.invoke(app, args)
    again = runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    assert first.stdout == again.stdout
    assert "Chance to win" in first.stdout
    german = runner.invoke(app, [*args, "--lang", "de"])
    assert "Siegchance" in german.stdout
    data = json.loads(runner.invoke(app, [*args, "--json"]).stdout)
    assert data["seat"] == 1 and data["seed"] == 3 and data["worlds"] == 3


def test_cli_refuses_a_seat_that_is_not_in_the_game(
    hydra_record: dict[str, Any], tmp_path: Path
) -> None:
    source = tmp_path / "games.jsonl"
    source.write_text(json.dumps(hydra_record) + "\n", encoding="utf-8")
    result = runner.invoke(app, ["review", str(source), "--seat", "9"])
    assert result.exit_code == 2
    result = runner.invoke(app, ["review", str(source), "--seat", "0", "--game-index", "1"])
    assert result.exit_code == 2


def _halligalli_with_a_wrong_ring() -> dict[str, Any]:
    """Seat 0 rings on the first table that allows no ring (HG-R3), then the game goes on
    in turn until some seat rings rightly."""
    game = spieltisch.load("halligalli")
    state = game.new_state(players=3, seed=2)
    assert isinstance(state, HalliGalliState)
    flip, ring = game.parse_action("flip"), game.parse_action("ring")

    rang_wrong = False
    for _ in range(300):
        if state.is_over():
            break
        tops = [t for t in state.tops() if t is not None]
        if not rang_wrong and tops and not is_bell_valid(tops):
            state.apply(0, ring)
            rang_wrong = True
        elif is_bell_valid(tops):
            state.apply(1, ring)
        elif state.to_flip >= 0:
            state.apply(state.to_flip, flip)
        else:
            break
    assert rang_wrong
    return state.record()


def test_halligalli_review_finds_a_wrong_ring() -> None:
    record = _halligalli_with_a_wrong_ring()
    section = review_record(record, 0).to_json()["realtime"]
    assert section["wrong"] and section["wrong"][0]["rule"] == "HG-R3"
    assert section["wrong"][0]["pairs"] == 0
    assert section["times_in_record"] is False
    other = review_record(record, 1).to_json()["realtime"]
    assert not other["wrong"] and other["right"]


def test_halligalli_review_finds_a_missed_bell() -> None:
    record = _halligalli_with_a_wrong_ring()
    section = review_record(record, 0).to_json()["realtime"]
    assert section["missed"] and all(m["by"] == 1 for m in section["missed"])


@pytest.mark.slow
@pytest.mark.parametrize("name", ["halali", "hydra", "kalooki"])
def test_a_full_game_review_at_the_default_budget(name: str) -> None:
    record = play_out(spieltisch.load(name).new_state(seed=1)).record()
    data = review_record(record, 0).to_json()
    assert data["summary"]["decisions"] == sum(1 for a in record["actions"] if a["seat"] == 0)
    for decision in data["decisions"]:
        if decision["class"] in ("inaccuracy", "mistake", "blunder"):
            loss = decision["loss"]
            assert loss["win"] > 2 * loss["win_se"]
