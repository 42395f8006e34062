"""OpenSpiel fit: games pickle, and outcome-sampling MCCFR runs with no NaN when the
depth is bounded by ``max_plies`` (long games underflow its sampling products; see
docs/research.md, "Tree algorithms")."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import outcome_sampling_mccfr  # noqa: E402

from spieltisch.engine import game_names  # noqa: E402
from spieltisch.interop import openspiel  # noqa: E402
from spieltisch.interop.encoders import encoded_games  # noqa: E402

GAMES = [g for g in encoded_games() if g in game_names()]
PLAYERS = {"kalooki": 2, "halligalli": 3}
"""The short seatings the other OpenSpiel tests use."""


def _load(name: str, **params: int) -> Any:
    if name in PLAYERS:
        params["players"] = PLAYERS[name]
    return openspiel.load_game(name, **params)


@pytest.mark.parametrize("name", GAMES)
def test_a_game_pickles_as_its_name_and_parameters(name: str) -> None:
    game = _load(name, max_plies=321)
    copy = pickle.loads(pickle.dumps(game))
    assert str(copy) == str(game)
    assert copy.get_parameters() == game.get_parameters()
    assert copy.num_players() == game.num_players()
    assert copy.new_initial_state().current_player() == game.new_initial_state().current_player()


@pytest.mark.parametrize("name", GAMES)
def test_outcome_sampling_mccfr_has_no_nan_with_bounded_depth(name: str) -> None:
    np.random.seed(0)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(_load(name, max_plies=100))
    for _ in range(5):
        solver.iteration()
    tables = solver._infostates  # the solver's regret and average-policy tables
    assert tables
    assert not any(np.isnan(table).any() for table in tables.values())
