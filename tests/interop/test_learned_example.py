"""The learned-agent example: it trains, saves its weights, and plays in the arena.

``examples/train_halali.py`` is run as the documentation says (a few games instead of
thousands); its weights go to a temporary file named by ``HALALI_AGENT``, and its
``Agent`` then plays whole games as an outside agent of the arena.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from spieltisch.arena.runner import Tournament  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def test_the_example_trains_saves_and_plays_in_the_arena(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    weights = tmp_path / "agent.npz"
    run = subprocess.run(
        [
            sys.executable,
            "examples/train_halali.py",
            *("--games", "32", "--batch", "8", "--eval-games", "4", "--out", str(weights)),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    assert "trained on 32 games" in run.stdout
    with np.load(weights) as saved:
        assert sorted(saved.files) == ["b1", "b2", "w1", "w2"]
        assert saved["w2"].shape == (32, 1618)
        assert np.any(saved["w2"] != 0)  # the updates moved the output layer
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("HALALI_AGENT", str(weights))
    tournament = Tournament(
        "halali",
        ["examples.train_halali:Agent", "random"],
        2,
        seed=0,
        jobs=1,
        options={"variant": "brettspielnetz"},
    )
    games = list(tournament.run())
    assert len(games) == 2
    for game in games:
        assert game["record"]["actions"]
