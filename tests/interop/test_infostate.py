"""Information-state tensors: equal when a seat cannot tell two states apart, else not.

OpenSpiel: a state and the worlds ``resample_from_infostate`` draws for the acting seat
(hidden parts dealt anew by the game's ``sample_state`` from that seat's view, the same
history as the seat saw it) give the seat equal tensors; every step of a game, and
another deal, gives it a different one. PettingZoo's ``information_state=True`` passes
PettingZoo's own API test and separates histories the same way.
"""

from __future__ import annotations

import random
import warnings

import pytest

np = pytest.importorskip("numpy")
pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

from open_spiel.python.observation import make_observation  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

from spieltisch.engine import game_names  # noqa: E402
from spieltisch.interop import openspiel  # noqa: E402
from spieltisch.interop.encoders import encoded_games, encoder  # noqa: E402
from spieltisch.interop.infostate import RECALL_BITS  # noqa: E402
from spieltisch.interop.pettingzoo import raw_env  # noqa: E402

GAMES = [g for g in encoded_games() if g in game_names()]
STEPS = 120


def _chance(state: object, rng: random.Random) -> int:
    outcomes = state.chance_outcomes()  # type: ignore[attr-defined]
    return int(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])


def _tensor(state: object, player: int) -> tuple[float, ...]:
    return tuple(state.information_state_tensor(player))  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", GAMES)
def test_openspiel_information_state_tensor_is_the_seats_recall(name: str) -> None:
    game = openspiel.load_game(name)
    size = int(np.prod(encoder(name).observation_shape)) + RECALL_BITS
    assert game.get_type().provides_information_state_tensor
    assert game.information_state_tensor_shape() == [size]
    rng = random.Random(7)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    state = game.new_initial_state()
    seen: dict[tuple[float, ...], int] = {}
    worlds = 0
    for step in range(STEPS):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(_chance(state, rng))
            continue
        player = state.current_player()
        mine = _tensor(state, player)
        assert len(mine) == size
        if step % 10 == 0:
            for _ in range(2):
                world = state.resample_from_infostate(player, sampler)
                assert _tensor(world, player) == mine
                worlds += 1
        # Seat 0's tensor is new at every step: its history grew.
        zero = _tensor(state, 0)
        assert zero not in seen, f"step {step} repeats step {seen.get(zero)}"
        seen[zero] = step
        state.apply_action(rng.choice(state.legal_actions()))
    assert worlds > 0 and len(seen) > 10


@pytest.mark.parametrize("name", GAMES)
def test_openspiel_information_state_tensor_separates_deals(name: str) -> None:
    game = openspiel.load_game(name)
    tensors = []
    for seed in (1, 2):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while state.is_chance_node() or len(state.history()) < 6:
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply_action(_chance(state, rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        tensors.append(_tensor(state, 0))
    assert tensors[0] != tensors[1]


def test_observation_types_other_than_one_seats_are_refused() -> None:
    game = openspiel.load_game("hydra")
    public_only = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
    )
    with pytest.raises(ValueError, match="only a seat's own"):
        make_observation(game, public_only)


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_information_state_option(name: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(raw_env(name, information_state=True), num_cycles=40)
    size = int(np.prod(encoder(name).observation_shape)) + RECALL_BITS
    runs = []
    for seed in (3, 3, 4):
        e = raw_env(name, information_state=True)
        e.reset(seed=seed)
        rng = np.random.default_rng(0)
        seen = []
        for _ in range(25):
            if any(e.terminations.values()):
                break
            obs = e.observe(e.possible_agents[0])["observation"]
            assert obs.shape == (size,)
            seen.append(obs[-RECALL_BITS:].tobytes())
            mask = e.observe(e.agent_selection)["action_mask"]
            e.step(int(rng.choice(np.flatnonzero(mask))))
        assert len(set(seen)) == len(seen), "every step adds to the seat's recall"
        runs.append(seen)
    assert runs[0] == runs[1], "the same game gives the same tensors"
    assert runs[0] != runs[2], "another deal gives other tensors once the seat sees it"
