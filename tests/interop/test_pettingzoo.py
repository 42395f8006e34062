"""PettingZoo's own API and seed tests, rewards at the end, seeding, records, truncation."""

from __future__ import annotations

import warnings

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

import spieltisch  # noqa: E402
from spieltisch.engine import game_names  # noqa: E402
from spieltisch.interop.bell import WAIT  # noqa: E402
from spieltisch.interop.encoders import encoded_games  # noqa: E402
from spieltisch.interop.pettingzoo import env, raw_env  # noqa: E402

GAMES = [g for g in encoded_games() if g in game_names()]


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_api_test_passes(name: str) -> None:
    with warnings.catch_warnings():
        # Dict observations with an action mask are PettingZoo's own classic-game layout;
        # api_test still warns that it would prefer a plain Box.
        warnings.simplefilter("ignore", UserWarning)
        api_test(env(name), num_cycles=200)


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_seed_test_passes(name: str) -> None:
    seed_test(lambda: env(name), num_cycles=200)


def _play(e, rng) -> int:
    steps = 0
    for _agent in e.agent_iter():
        obs, _, termination, truncation, _ = e.last()
        if termination or truncation:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(rng.choice(legal)))
        steps += 1
    return steps


@pytest.mark.parametrize("name", GAMES)
def test_rewards_at_the_end_and_the_record_replays(name: str) -> None:
    """Rewards are 0 until the end, then the rank utilities; the game is the engine's."""
    e = raw_env(name)
    e.reset(seed=11)
    rng = np.random.default_rng(0)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    while not all(e.terminations.values()):
        agent = e.agent_selection
        obs, _, _, _, info = e.last()
        legal = np.flatnonzero(obs["action_mask"])
        actions = [WAIT if t == WAIT else e.engine.parse_action(t) for t in info["legal_actions"]]
        assert list(legal) == e.encoder.legal_ids(actions, e._prefix)
        e.step(int(rng.choice(legal)))
        for a in e.possible_agents:
            totals[a] += e.rewards[a]
        if not e.game_state.is_over():
            assert all(r == 0 for r in e.rewards.values()), agent
    assert sum(totals.values()) == pytest.approx(0.0)
    result = e.game_state.result()
    assert result is not None
    best = e.possible_agents[result.ranks.index(1)]
    assert totals[best] >= 0
    replayed = spieltisch.replay(e.game_state.record())
    assert replayed.to_json() == e.game_state.to_json()
    assert e.game_state.seed == 11


def test_reset_seed_fixes_the_game_and_no_seed_varies_it() -> None:
    a, b = raw_env("halali"), raw_env("halali")
    a.reset(seed=5)
    b.reset(seed=5)
    assert a.game_state.to_json() == b.game_state.to_json()
    a.reset()
    b.reset()
    assert a.game_state.seed == b.game_state.seed  # drawn from the generator of seed 5
    first = a.game_state.seed
    a.reset()
    assert a.game_state.seed != first


def test_max_plies_truncates() -> None:
    e = env("halali", max_plies=30)
    e.reset(seed=1)
    steps = _play(e, np.random.default_rng(1))
    assert steps == 30


def test_options_reach_the_engine() -> None:
    e = raw_env("halali", variant="brettspielnetz")
    assert e.engine.options["variant"] == "brettspielnetz"
    with pytest.raises(spieltisch.InvalidOption):
        raw_env("halali", variant="nonsense")
