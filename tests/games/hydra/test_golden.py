"""Golden playthroughs (see ``tests/helpers/golden.py``): replay the stored actions and diff
every view, legal action list and event ply by ply."""

from __future__ import annotations

import pytest

from tests.helpers.golden import Case, event_types, load, replay

from .golden_playthrough import CASES


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_golden_playthrough_replays_identically(case: Case) -> None:
    replay(case)


def test_golden_files_cover_the_game_types() -> None:
    """An accepted Antrag, a three-party healthy game and a six-player solo are recorded."""
    summaries = [load(case)["final"]["spectator"]["finished_games"][0] for case in CASES]
    assert {s["kind"] for s in summaries} == {"antrag", "healthy", "solo"}
    assert any(s["parties"] == 3 for s in summaries)
    events = event_types(CASES)
    assert {"antrag", "answer", "give", "antrag_accepted", "trick", "game_end"} <= events
