"""The match: players, dealer rotation, options, result (HY 1.0, HY 1.2, HY-R10)."""

from __future__ import annotations

import random

import pytest

import spieltisch
from spieltisch.engine import IllegalAction, InvalidOption, InvalidPlayers
from spieltisch.games.hydra import Hydra

from .helpers import random_play, rigged, say


@pytest.mark.parametrize("players", [2, 4, 7])
def test_HY_1_0_1_five_players_or_six(players):
    with pytest.raises(InvalidPlayers):
        Hydra().new_state(players)


def test_hydra_is_registered():
    assert "hydra" in spieltisch.game_names()
    state = spieltisch.load("hydra").new_state(seed=1)
    assert state.players == 5 and state.view(0)["game"] == "hydra"


def test_HY_1_2_3_acting_out_of_turn_is_refused():
    state = Hydra().new_state(5, 0)
    with pytest.raises(IllegalAction) as err:
        state.apply(2, Hydra().parse_action("valeo"))
    assert err.value.rule == "HY 1.2.3"


@pytest.mark.parametrize(("players", "games"), [(5, 0), (6, 0), (5, 3)])
def test_HY_1_2_2_dealer_rotates_and_totals_run(players, games):
    state = Hydra(games=games).new_state(players, seed=5)
    random_play(state, random.Random(5))
    expected = games or players
    finished = state.finished
    assert len(finished) == expected
    running = [0] * players
    for i, g in enumerate(finished):
        assert g["dealer"] == (players - 1 + i) % players
        if players == 6:
            assert g["party"][g["dealer"]] == -1 and g["settlement"][g["dealer"]] == 0  # HY-R10
        running = [a + b for a, b in zip(running, g["settlement"], strict=True)]
        assert g["totals"] == running
    result = state.result()
    assert result is not None and list(result.scores) == running
    assert result.details["totals"] == running
    best = max(running)
    assert {s for s, r in enumerate(result.ranks) if r == 1} == {
        s for s in range(players) if running[s] == best
    }


def test_HY_2_2_5_armut_redeal_is_not_a_game_of_the_match():
    state = rigged({0: "DA S9 S9 SA SA S10 CK CK C9 HK"}, games=1)
    say(state, "armut")
    random_play(state, random.Random(1))
    assert len(state.finished) == 1 and state.finished[0]["redeals"][0] == 0


@pytest.mark.parametrize("bad", [-1, 101, "3", True])
def test_games_option_is_validated(bad):
    with pytest.raises(InvalidOption):
        Hydra(games=bad)


def test_options_are_documented():
    names = {o.name for o in Hydra.info.options}
    assert names == {"games", "second_h10_wins"}
    assert all(o.doc for o in Hydra.info.options)
