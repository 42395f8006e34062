"""The ladder bots as baselines: a PettingZoo policy and an OpenSpiel bot play every
game to its end by its rules, every planned action legal."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")
pyspiel = pytest.importorskip("pyspiel")

from spieltisch.bots import levels  # noqa: E402
from spieltisch.engine import game_names, load  # noqa: E402
from spieltisch.interop import openspiel  # noqa: E402
from spieltisch.interop.encoders import encoded_games  # noqa: E402
from spieltisch.interop.pettingzoo import env  # noqa: E402
from spieltisch.interop.policies import LadderBot, LadderPolicy  # noqa: E402

GAMES = [g for g in encoded_games() if g in game_names()]
PLAYERS = {"kalooki": 2, "halligalli": 3}


def _level(name: str) -> str:
    """The game's rule-based bot, or its first level above ``random`` without one."""
    known = levels(load(name))
    return "rules" if "rules" in known else known[1]


@pytest.mark.parametrize("name", GAMES)
def test_ladder_policy_plays_a_pettingzoo_game_to_its_end(name: str) -> None:
    e = env(name, players=PLAYERS.get(name))
    e.reset(seed=2)
    policy = LadderPolicy(name, _level(name), seed=0)
    for agent in e.agent_iter():
        _, _, termination, truncation, _ = e.last()
        e.step(None if termination or truncation else policy(e, agent))
    state = e.unwrapped.game_state
    assert state.is_over(), "ended by the rules, not by an illegal action or the cap"


@pytest.mark.parametrize("name", GAMES)
def test_ladder_bot_plays_an_openspiel_game_to_its_end(name: str) -> None:
    game = openspiel.load_game(name, **({"players": PLAYERS[name]} if name in PLAYERS else {}))
    bots = [LadderBot(game, p, _level(name), seed=p) for p in range(game.num_players())]
    assert isinstance(bots[0], pyspiel.Bot)
    state, rng = game.new_initial_state(), random.Random(0)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
            continue
        action = bots[state.current_player()].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert state.engine_state.is_over()
    assert sum(state.returns()) == pytest.approx(0.0)
