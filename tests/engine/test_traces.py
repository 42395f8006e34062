"""The engines play exactly as they did when ``traces.json`` was recorded.

Optimised paths (bitmask hands, cached meld enumeration, fast clones) and the compiled
rules core must give the same legal actions, events, views, results and records over
hundreds of seeded games per game as the pure-Python source. The fixture is rewritten
only for a deliberate rules change.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from spieltisch.rulescore import PURE_ENV, core_build

from .traces import FIXTURE, GAMES, trace_digest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.slow

RECORDED: dict[str, list[str]] = json.loads(FIXTURE.read_text())


@pytest.mark.parametrize("key", sorted(GAMES))
def test_seeded_games_play_as_recorded(key: str) -> None:
    expected = RECORDED[key]
    assert len(expected) == GAMES[key][1]
    changed = [seed for seed, want in enumerate(expected) if trace_digest(key, seed) != want]
    assert not changed, f"{key}: seeds {changed[:10]} play differently than recorded"


PURE_DIGESTS = """
import json, sys
from spieltisch.rulescore import core_build
from tests.engine.traces import GAMES, trace_digest
assert not core_build().compiled, core_build()
key = sys.argv[1]
print(json.dumps([trace_digest(key, seed) for seed in range(GAMES[key][1])]))
"""


@pytest.mark.skipif(
    not core_build().compiled, reason="the rules core is not compiled: the test above ran pure"
)
@pytest.mark.parametrize("key", sorted(GAMES))
def test_pure_fallback_plays_as_recorded_too(key: str) -> None:
    """The compiled core runs above; its pure-Python source must play the same games."""
    env = {**os.environ, PURE_ENV: "1"}
    done = subprocess.run(
        [sys.executable, "-c", PURE_DIGESTS, key],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == RECORDED[key]
