"""Bot levels are anchored by a real arena tournament (``arena --anchors``)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from spieltisch.arena.anchors import ANCHORS_FILE, read_anchors
from spieltisch.cli import app
from spieltisch.server import ratings


def test_the_bot_that_wins_the_tournament_ends_higher_in_the_anchors(tmp_path: Path) -> None:
    path = tmp_path / "anchors.json"
    path.write_text(json.dumps({"format": 1, "games": {"kalooki": {"levels": {}}}}))
    args = ["arena", "halali", "--bots", "random,rules", "--games", "4", "--jobs", "1"]
    out = CliRunner().invoke(app, [*args, "--anchors", str(path)])
    assert out.exit_code == 0, out.output
    doc = read_anchors(path)
    assert "kalooki" in doc["games"]  # other games' anchors are kept
    entry = doc["games"]["halali"]
    levels = entry["levels"]
    # The rules bot beats the random one in every game of this seeded tournament.
    assert levels["rules"]["mu"] > levels["random"]["mu"]
    assert ratings.display(levels["rules"]["mu"], levels["rules"]["sigma"]) > ratings.display(
        levels["random"]["mu"], levels["random"]["sigma"]
    )
    assert entry["games"] == 4 and entry["players"] == 2 and entry["seed"] == 0
    assert entry["command"].startswith("spieltisch ") and entry["date"]


def test_budgets_are_not_anchors(tmp_path: Path) -> None:
    path = tmp_path / "anchors.json"
    args = ["arena", "halali", "--bots", "random,rules@5", "--games", "2", "--jobs", "1"]
    out = CliRunner().invoke(app, [*args, "--anchors", str(path)])
    assert out.exit_code != 0 and not path.exists()


def test_the_shipped_anchors_order_the_levels_of_every_rated_game() -> None:
    """Every rated game has anchors of real levels, from a tournament of at least the
    random and the rules bot, and the rules bot stands above the random one."""
    from spieltisch import load
    from spieltisch.bots import levels
    from spieltisch.engine import game_names

    doc = read_anchors(ANCHORS_FILE)
    for game in game_names():
        if not ratings.ratable(game):
            assert game not in doc["games"]
            continue
        anchored = doc["games"][game]["levels"]
        assert set(anchored) <= set(levels(load(game))) and {"random", "rules"} <= set(anchored)
        assert anchored["rules"]["mu"] > anchored["random"]["mu"], game
