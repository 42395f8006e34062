"""The single-agent Gymnasium environment: one seat against ladder bots."""

from __future__ import annotations

import warnings

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from spieltisch.interop import gym  # noqa: E402


@pytest.mark.parametrize(
    "name",
    ["kalooki-2p-vs-rules", "hydra-vs-random", "halali-vs-rules", "halligalli-3p-vs-beginner"],
)
def test_versus_ladder_passes_gymnasiums_checker_and_ends_with_the_rank_reward(name: str) -> None:
    env = gym.make(name)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        check_env(env, skip_render_check=True)
    obs, _ = env.reset(seed=1)
    rng = np.random.default_rng(0)
    rewards = []
    for _ in range(5000):
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, terminated, truncated, _ = env.step(action)
        rewards.append(reward)
        if terminated or truncated:
            break
    assert terminated and env.aec.game_state.is_over()
    assert -1.0 <= rewards[-1] <= 1.0 and not any(rewards[:-1])


def test_same_seed_same_game() -> None:
    runs = []
    for _ in range(2):
        env = gym.make("hydra-vs-rules")
        obs, _ = env.reset(seed=5)
        runs.append(obs["observation"].tobytes())
    assert runs[0] == runs[1]


def test_a_name_that_says_no_opponent_is_refused() -> None:
    with pytest.raises(ValueError, match="-vs-"):
        gym.make("kalooki")
