"""Golden playthrough (see ``tests/helpers/golden.py``): replay the stored actions and diff
every view, legal action list and event ply by ply."""

from __future__ import annotations

import pytest

from tests.helpers.golden import Case, event_types, replay

from .golden_playthrough import CASES


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_golden_playthrough_replays_identically(case: Case) -> None:
    replay(case)


def test_golden_file_covers_a_whole_deal() -> None:
    """The deal shows the opening, melds, discards and its end."""
    assert {"draw", "meld", "opened", "discard", "deal_end"} <= event_types(CASES)
