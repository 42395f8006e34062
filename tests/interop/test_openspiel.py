"""OpenSpiel: random simulation and MCCFR through the adapter, chance, resampling.

ISMCTS playing full games: ``test_openspiel_ismcts.py``.
"""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")
pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import outcome_sampling_mccfr as os_mccfr  # noqa: E402

import spieltisch  # noqa: E402
from spieltisch.engine import game_names  # noqa: E402
from spieltisch.interop import openspiel  # noqa: E402
from spieltisch.interop.common import rank_returns  # noqa: E402
from spieltisch.interop.encoders import encoded_games  # noqa: E402

GAMES = [g for g in encoded_games() if g in game_names()]
FAST: dict[str, dict[str, object]] = {
    "halali": {"variant": "brettspielnetz"},
    "hydra": {"games": 1},
    "kalooki": {"players": 2},
    "halligalli": {"players": 3},
}
"""Options that keep each game short in tests: one game, or few players."""
SEQUENTIAL = [g for g in GAMES if g != "halligalli"]
"""Games whose engine records map to adapter histories (not Halli Galli's bell)."""


def _sample_chance(state, rng: random.Random) -> int:
    outcomes = state.chance_outcomes()
    return int(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])


def test_games_are_registered_with_pyspiel() -> None:
    names = pyspiel.registered_names()
    for name in GAMES:
        assert openspiel.PREFIX + name in names
        game = pyspiel.load_game(openspiel.PREFIX + name)
        assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM


@pytest.mark.parametrize(
    "name", [pytest.param(g, marks=pytest.mark.slow) if g == "kalooki" else g for g in GAMES]
)
def test_openspiel_random_sim_test_passes(name: str) -> None:
    pyspiel.random_sim_test(
        openspiel.load_game(name, **FAST.get(name, {})),
        num_sims=1 if name == "kalooki" else 2,
        serialize=False,
        verbose=False,
    )


def test_openspiel_random_sim_test_passes_for_a_halali_match() -> None:
    """HA-R8: the Kosmos match of two games (the default) through the adapter."""
    pyspiel.random_sim_test(
        openspiel.load_game("halali"), num_sims=1, serialize=False, verbose=False
    )


def test_outcome_sampling_mccfr_runs_on_halali() -> None:
    solver = os_mccfr.OutcomeSamplingSolver(openspiel.load_game("halali", **FAST["halali"]))
    for _ in range(2):
        solver.iteration()
    policy = solver.average_policy()
    assert policy is not None


@pytest.mark.parametrize("name", SEQUENTIAL)
@pytest.mark.parametrize("seed", [0, 1])
def test_engine_records_follow_the_same_path_in_openspiel(name: str, seed: int) -> None:
    """The adapter's chance model agrees with the engine's seeded deal (Halali: the tile
    drawn at each flip is the one the dealt layout revealed): a seeded engine game replayed
    as an OpenSpiel history shows the same views at every step and ends alike."""
    engine = spieltisch.load(name)
    played = engine.new_state(seed=seed)
    rng = random.Random(seed)
    while not played.is_over():
        seat = played.active_seats()[0]
        played.apply(seat, rng.choice(played.legal_actions(seat)))
    record = played.record()
    history = openspiel.history_from_record(record)
    game = openspiel.load_game(name, max_plies=100_000)
    state = game.new_initial_state()
    mirror = engine.new_state(seed=seed)
    ids = iter(history)
    while state.is_chance_node():  # the engine seed's bytes, for games dealt from it
        state.apply_action(next(ids))
    enc = state.shared.encoder
    for step in record["actions"]:
        action = engine.action_from_json(step["action"])
        for _ in enc.split(action):  # one id, or a Kalooki meld's steps
            state.apply_action(next(ids))
        if state.is_chance_node():  # a flip: its outcome is the next history entry
            state.apply_action(next(ids))
        mirror.apply(step["seat"], action)
        for seat in range(mirror.players):
            assert state.engine_state.view(seat) == mirror.view(seat)
    assert next(ids, None) is None
    assert state.is_terminal()
    result = played.result()
    assert result is not None
    assert state.returns() == rank_returns(result, mirror.players)


def test_chance_nodes_sum_to_one_and_flips_wait_for_them() -> None:
    game = openspiel.load_game("halali")
    state = game.new_initial_state()
    assert state.current_player() == 0
    state.apply_action(state.string_to_action("flip c3"))
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert {state.action_to_string(pyspiel.PlayerId.CHANCE, o) for o, _ in outcomes} >= {
        "tile bear",
        "tile hunter N",
        "tile tree",
    }
    state.apply_action(0)  # outcome 0: the bear
    assert state.current_player() == 1
    assert state.box.state.view(1)["board"]["c3"] == {"tile": "bear"}


def test_resample_from_infostate_keeps_what_the_seat_knows() -> None:
    game = openspiel.load_game("halali")
    state = game.new_initial_state()
    rng = random.Random(4)
    for _ in range(60):
        if state.is_chance_node():
            state.apply_action(_sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    while state.is_chance_node():
        state.apply_action(_sample_chance(state, rng))
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    world = state.resample_from_infostate(player, sampler)
    assert world.information_state_string(player) == state.information_state_string(player)
    assert world.observation_string(player) == state.observation_string(player)
    assert world.legal_actions() == state.legal_actions()
    assert (
        np.array(world.observation_tensor(player)) == np.array(state.observation_tensor(player))
    ).all()
    assert world.history() == state.history()
    assert world.box.state.sampled


def test_truncation_at_max_plies_is_a_draw() -> None:
    game = openspiel.load_game("halali", max_plies=20)
    state = game.new_initial_state()
    rng = random.Random(0)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(_sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert state.returns() == [0.0, 0.0]
    assert not state.box.state.is_over()


def test_observation_tensor_matches_the_encoder() -> None:
    game = openspiel.load_game("halali")
    state = game.new_initial_state()
    enc = state.shared.encoder
    assert game.observation_tensor_shape() == list(enc.observation_shape)
    got = np.array(state.observation_tensor(1), dtype=np.float32)
    assert (got == enc.observe(state.box.state.view(1), 1)).all()


CHAINED = [g for g in GAMES if g in ("hydra", "kalooki", "halligalli")]


@pytest.mark.parametrize("name", CHAINED)
def test_information_states_follow_the_views_seen(name: str) -> None:
    """Principle 3: a seat's information state is the sequence of its views. Asking at
    every step or only at the end gives the same digest; a resampled world keeps it."""
    game = openspiel.load_game(name, **FAST[name], max_plies=80)
    eager, lazy = game.new_initial_state(), game.new_initial_state()
    rng = random.Random(9)
    players = game.num_players()
    while not eager.is_terminal():
        if eager.is_chance_node():
            action = _sample_chance(eager, rng)
        else:
            action = rng.choice(eager.legal_actions())
        eager.apply_action(action)
        lazy.apply_action(action)
        for p in range(players):
            eager.information_state_string(p)
        if not eager.is_chance_node() and not eager.is_terminal() and rng.random() < 0.2:
            player = eager.current_player()
            sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
            world = eager.resample_from_infostate(player, sampler)
            key = world.information_state_string(player)
            assert key == eager.information_state_string(player)
            assert world.legal_actions() == eager.legal_actions()
    strings = [lazy.information_state_string(p) for p in range(players)]
    assert strings == [eager.information_state_string(p) for p in range(players)]
    assert len(set(strings)) == players  # every seat saw something of its own


@pytest.mark.parametrize("name", CHAINED)
def test_information_state_separates_different_deals(name: str) -> None:
    game = openspiel.load_game(name, **FAST[name])
    a, b = game.new_initial_state(), game.new_initial_state()
    for byte in (0, 0, 1):
        a.apply_action(byte)
    for byte in (0, 0, 2):
        b.apply_action(byte)
    assert a.engine_state.seed == 1 and b.engine_state.seed == 2
    assert not a.is_chance_node() or name == "halligalli"  # the bell orders a round
    assert a.information_state_string(0) != b.information_state_string(0)
    assert a.observation_string(0) != b.observation_string(0)
