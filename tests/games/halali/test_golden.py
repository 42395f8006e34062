"""Golden playthroughs (see ``tests/helpers/golden.py``): replay the stored actions and diff
every view, legal action list and event ply by ply."""

from __future__ import annotations

import pytest

from tests.helpers.golden import Case, event_types, replay

from .golden_playthrough import CASES


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_golden_playthrough_replays_identically(case: Case) -> None:
    replay(case)


def test_golden_files_cover_the_rules_they_are_meant_to() -> None:
    """The recorded windows hold reveals, moves, captures, the end phase and an exit or
    a game end, so a drift in any of them shows up in a diff."""
    assert {"flip", "move", "capture", "end_phase", "exit", "game_end"} <= event_types(CASES)
