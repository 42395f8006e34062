"""HY-R12: a resigned seat wins no match points; the result stays in match points."""

from __future__ import annotations

from spieltisch.games.hydra import Hydra
from spieltisch.games.hydra.scoring import without_resigners

RESIGN = Hydra().parse_action("resign")


def test_HY_R12_a_resigners_positive_total_goes_to_the_others() -> None:
    assert without_resigners([7, -2, -3, 0, -2], (0,)) == [0, -0, -1, 2, -1]
    assert without_resigners([-4, 4, 0, 0, 0], (0,)) == [-4, 4, 0, 0, 0]


def test_HY_R12_a_match_ended_by_resignations_scores_match_points() -> None:
    state = Hydra().new_state(seed=2)
    state.totals = [6, -3, -1, -2, 0]
    for seat in (0, 1, 2, 3):
        state.apply(seat, RESIGN)
    result = state.result()
    assert result is not None and result.reason == "resigned"
    assert result.scores == (0.0, -3.0, -1.0, -2.0, 6.0)
    assert sum(result.scores) == 0.0
    assert result.ranks[4] == 1 and all(r > 1 for r in result.ranks[:4])
    assert state.active_seats() == () and state.legal_actions(4) == []
    back = state.game.state_from_position(state.position())
    assert back.resigned == (0, 1, 2, 3) and back.result() == result
