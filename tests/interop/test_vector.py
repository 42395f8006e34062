"""The batched environment: its rows are the PettingZoo games, auto-reset, refusals.

Every row must be exactly what a lone ``raw_env`` with the same seed and the same actions
shows (observation, mask, deciding seat, rewards at the end), across game ends: that is
the conformance that matters for a learner that swaps one for the other.
"""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from spieltisch.engine import game_names, load  # noqa: E402
from spieltisch.interop.encoders import encoded_games  # noqa: E402
from spieltisch.interop.pettingzoo import raw_env  # noqa: E402
from spieltisch.interop.vector import BatchedEnv  # noqa: E402

GAMES = [g for g in encoded_games() if g in game_names()]
STEPS = 400


def _pick(mask, rng: random.Random) -> int:
    return int(rng.choice(np.flatnonzero(mask)))


@pytest.mark.parametrize("name", GAMES)
def test_rows_are_the_pettingzoo_games_across_resets(name: str) -> None:
    n, players = 3, load(name).player_range()[0]
    # Short games (truncated after 60 steps) so that every row resets several times.
    venv = BatchedEnv(name, n, players=players, max_plies=60)
    singles = [raw_env(name, players=players, max_plies=60) for _ in range(n)]
    obs, info = venv.reset(seed=20)
    assert venv.observation_space.contains(obs)
    for i, e in enumerate(singles):
        e.reset(seed=20 + i)
    # The lone envs reset themselves as the batch does: from their own generator.
    rng = random.Random(4)
    ends = 0
    for _ in range(STEPS):
        for i, e in enumerate(singles):
            mine = e.observe(e.agent_selection)
            assert info["seat"][i] == e.possible_agents.index(e.agent_selection)
            assert np.array_equal(obs["observation"][i], mine["observation"])
            assert np.array_equal(obs["action_mask"][i], mine["action_mask"])
            assert obs["action_mask"][i].any()
        actions = np.array([_pick(m, rng) for m in obs["action_mask"]])
        obs, rewards, terminated, truncated, info = venv.step(actions)
        assert rewards.shape == (n, players) and rewards.dtype == np.float32
        assert venv.observation_space.contains(obs)
        for i, e in enumerate(singles):
            agent = e.agent_selection
            e.step(int(actions[i]))
            done = e.terminations[agent] or e.truncations[agent]
            assert bool(info["final"][i]) == done == (terminated[i] or truncated[i])
            if done:
                ends += 1
                assert terminated[i] == e.terminations[agent]
                expected = [e.rewards[a] for a in e.possible_agents]
                assert rewards[i].tolist() == pytest.approx(expected)
                last = e.observe(agent)["observation"]
                assert np.array_equal(info["final_observation"][i], last)
                e.reset()
            else:
                assert not rewards[i].any() and i not in info["final_observation"]
    assert ends >= n


def test_reset_with_a_seed_replays() -> None:
    a, b = BatchedEnv("kalooki", 4), BatchedEnv("kalooki", 4)
    oa, _ = a.reset(seed=9)
    ob, _ = b.reset(seed=9)
    assert np.array_equal(oa["observation"], ob["observation"])
    assert not np.array_equal(oa["observation"][0], oa["observation"][1])  # other deals


def test_a_finished_game_pays_every_seat_zero_sum() -> None:
    venv = BatchedEnv("halligalli", 2, players=3)
    obs, _ = venv.reset(seed=3)
    rng = random.Random(0)
    paid = 0
    for _ in range(5000):
        obs, rewards, terminated, _, _ = venv.step(
            np.array([_pick(m, rng) for m in obs["action_mask"]])
        )
        for i in np.flatnonzero(terminated):
            assert rewards[i].sum() == pytest.approx(0.0) and rewards[i].any()
            paid += 1
        if paid >= 2:
            break
    assert paid >= 2


@pytest.mark.parametrize(
    "bad",
    [
        lambda mask: np.array([int(np.flatnonzero(mask[0] == 0)[0]), _first(mask[1])]),
        lambda mask: np.array([_first(mask[0]), mask.shape[1]]),
        lambda mask: np.array([_first(mask[0]), -1]),
        lambda mask: np.array([0.0, 1.0]),
        lambda mask: np.array([_first(mask[0])]),
    ],
)
def test_a_refused_batch_moves_no_game(bad) -> None:
    venv = BatchedEnv("kalooki", 2)
    obs, _ = venv.reset(seed=1)
    before = [e.game_state.clone() for e in venv.envs]
    with pytest.raises(ValueError):
        venv.step(bad(obs["action_mask"]))
    for e, old in zip(venv.envs, before, strict=True):
        assert e.game_state.ply == old.ply and e.game_state.record() == old.record()


def _first(mask) -> int:
    return int(np.flatnonzero(mask)[0])


def test_no_games_is_refused() -> None:
    with pytest.raises(ValueError):
        BatchedEnv("hydra", 0)


def test_information_state_rows_have_the_recall_bits() -> None:
    venv = BatchedEnv("hydra", 2, information_state=True)
    single = raw_env("hydra", information_state=True)
    obs, _ = venv.reset(seed=2)
    single.reset(seed=2)
    size = len(single.observe("player_0")["observation"])
    assert obs["observation"].shape == (2, size)
    mine = single.observe(single.agent_selection)["observation"]
    assert np.array_equal(obs["observation"][0], mine)
