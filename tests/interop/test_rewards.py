"""Reward options: rank, score, money where the game declares it, in every learning env."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from spieltisch.engine import Result, game_names, load  # noqa: E402
from spieltisch.interop import gym  # noqa: E402
from spieltisch.interop.encoders import encoded_games, encoder  # noqa: E402
from spieltisch.interop.pettingzoo import raw_env  # noqa: E402
from spieltisch.interop.vector import BatchedEnv  # noqa: E402

GAMES = [g for g in encoded_games() if g in game_names()]


def _finish(e, seed: int) -> list[float]:
    """Play ``e`` to its end with random legal ids; the rewards each seat collected."""
    e.reset(seed=seed)
    rng = random.Random(seed)
    total = dict.fromkeys(e.possible_agents, 0.0)
    while not any(e.terminations.values()):
        assert not any(e.truncations.values())
        mask = e.observe(e.agent_selection)["action_mask"]
        e.step(int(rng.choice(np.flatnonzero(mask))))
        for agent, r in e.rewards.items():
            total[agent] += r
    return [total[a] for a in e.possible_agents]


def _expected(name: str, reward: str, result: Result) -> list[float]:
    """What each reward means, written out independently of the encoders."""
    n = len(result.ranks)
    if reward == "rank":
        return [
            (sum(o > r for o in result.ranks) - sum(o < r for o in result.ranks)) / (n - 1)
            for r in result.ranks
        ]
    if name == "kalooki" and reward == "score":
        points = result.details.get("penalties", result.details.get("totals"))
        assert points is not None
        return [-float(p) for p in points]
    return [float(x) for x in result.scores]


def _offered(name: str) -> list[str]:
    return list(encoder(name).reward_kinds)


@pytest.mark.parametrize(
    ("name", "reward"), [(g, r) for g in GAMES for r in ("rank", "score", "money")]
)
def test_pettingzoo_pays_the_declared_reward(name: str, reward: str) -> None:
    if reward not in _offered(name):
        with pytest.raises(ValueError, match="offers the rewards"):
            raw_env(name, reward=reward)
        return
    players = load(name).player_range()[0]
    e = raw_env(name, players=players, reward=reward, max_plies=100_000)
    got = _finish(e, seed=3)
    result = e.game_state.result()
    assert result is not None
    assert got == pytest.approx(_expected(name, reward, result))
    if reward == "rank":
        assert sum(got) == pytest.approx(0.0)


def test_only_kalooki_pays_money_and_its_money_is_the_result() -> None:
    assert [g for g in GAMES if "money" in _offered(g)] == ["kalooki"]
    e = raw_env("kalooki", players=3, reward="money", stake=2)
    got = _finish(e, seed=8)
    result = e.game_state.result()
    assert result is not None
    assert got == pytest.approx(list(result.scores))
    assert sum(got) == pytest.approx(0.0)  # the pot is paid out in full


def test_kalooki_club_score_is_minus_the_totals() -> None:
    enc = encoder("kalooki")
    result = Result((4.0, -4.0), (1, 2), "x", {"totals": [12, 140], "payouts": [8.0, 0.0]})
    assert enc.returns(result, 2, "score") == [-12.0, -140.0]
    assert enc.returns(result, 2, "money") == [4.0, -4.0]
    # A ring game ended by resignations before its deal was scored has no penalties.
    bare = Result((2.0, -2.0), (1, 2), "resigned", {"deals": 1})
    assert enc.returns(bare, 2, "score") == [0.0, 0.0]
    assert enc.returns(None, 2, "money") == [0.0, 0.0]


def test_gym_pays_the_learner_its_own_reward() -> None:
    env = gym.make("kalooki-2p-vs-random", reward="money", seat=1)
    obs, _ = env.reset(seed=4)
    rng = np.random.default_rng(0)
    done, reward = False, 0.0
    while not done:
        obs, reward, terminated, truncated, _ = env.step(
            int(rng.choice(np.flatnonzero(obs["action_mask"])))
        )
        done = terminated or truncated
    assert terminated
    result = env.aec.game_state.result()
    assert result is not None and reward == pytest.approx(result.scores[1])
    with pytest.raises(ValueError, match="offers the rewards"):
        gym.make("halali-vs-random", reward="money")


def test_the_batched_env_pays_scores() -> None:
    venv = BatchedEnv("halligalli", 2, players=3, reward="score")
    obs, _ = venv.reset(seed=1)
    rng = random.Random(2)
    for _ in range(20_000):
        actions = np.array([int(rng.choice(np.flatnonzero(m))) for m in obs["action_mask"]])
        obs, rewards, terminated, _, _ = venv.step(actions)
        if terminated.any():
            row = rewards[int(np.flatnonzero(terminated)[0])]
            # Halli Galli's score: how many seats each outlasted (0, 1, 2 in some order).
            assert sorted(row.tolist()) in ([0.0, 1.0, 2.0], [0.0, 0.0, 2.0], [0.0, 2.0, 2.0])
            return
    pytest.fail("no Halli Galli game ended")


def test_an_unknown_reward_is_refused() -> None:
    with pytest.raises(ValueError, match="offers the rewards rank, score"):
        raw_env("hydra", reward="points")
    assert load("hydra")  # nothing else broke
