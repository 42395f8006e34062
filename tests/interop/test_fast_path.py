"""The learners' fast path: tensors from the state equal the encoders' tensors of views.

A few hundred random positions per game and player count, every seat's tensor each,
and for Kalooki the unfinished melds (steps chosen so far) too; the PettingZoo env's
lazy ``info`` still names the legal actions when read.
"""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from spieltisch.engine import State, game_names, load  # noqa: E402
from spieltisch.interop.encoders import Encoder, encoded_games, encoder  # noqa: E402
from spieltisch.interop.pettingzoo import LazyInfo, raw_env  # noqa: E402

GAMES = [g for g in encoded_games() if g in game_names()]
POSITIONS = 300


def _positions(name: str, players: int, count: int, seed: int) -> list[State]:
    """``count`` states (copies) along random games, at most a sixth from any one game."""
    game, rng = load(name), random.Random(seed)
    out: list[State] = []
    per_game = max(1, count // 6)
    deal = seed
    while len(out) < count:
        state = game.new_state(players=players, seed=deal)
        deal += 1
        taken = 0
        while not state.is_over() and taken < per_game:
            if rng.random() < 0.15:
                out.append(state.clone())
                taken += 1
            seat = rng.choice(state.active_seats())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        if state.is_over():
            out.append(state)
    return out[:count]


def _prefixes(enc: Encoder, state: State, seat: int) -> list[tuple[int, ...]]:
    """The empty prefix and, for actions of several steps, the started ones."""
    out: list[tuple[int, ...]] = [()]
    for action in state.legal_actions(seat) if not state.is_over() else []:
        steps = enc.split(action)
        if len(steps) > 1:
            out.append(steps[: len(steps) // 2 or 1])
            out.append(steps[:-1])
            break
    return out


def _player_counts(name: str) -> list[int]:
    low, high = load(name).player_range()
    return sorted({low, high})


@pytest.mark.parametrize("name", GAMES)
def test_state_tensors_equal_view_tensors(name: str) -> None:
    enc = encoder(name)
    checked = 0
    for players in _player_counts(name):
        for state in _positions(name, players, POSITIONS, seed=11 * players):
            for seat in range(state.players):
                for prefix in _prefixes(enc, state, seat):
                    fast = enc.observe_state(state, seat, prefix)
                    slow = enc.observe(state.view(seat), seat, prefix)
                    assert fast.dtype == slow.dtype and fast.shape == slow.shape
                    assert np.array_equal(fast, slow), (name, players, state.ply, seat, prefix)
                    checked += 1
    assert checked >= POSITIONS


def test_lazy_info_names_the_legal_actions_when_read() -> None:
    e = raw_env("hydra")
    e.reset(seed=3)
    info = e.infos[e.agent_selection]
    assert isinstance(info, LazyInfo) and isinstance(info, dict)
    seat = e.possible_agents.index(e.agent_selection)
    legal = [str(a) for a in e.game_state.legal_actions(seat)]
    assert info["legal_actions"] == legal
    assert dict(info) == {"seat": seat, "legal_actions": legal}
    other = e.infos[e.possible_agents[(seat + 1) % len(e.possible_agents)]]
    assert other.get("legal_actions") == [] and "seat" in other


def test_an_action_outside_the_mask_is_refused_by_the_rules() -> None:
    from spieltisch.engine import IllegalAction

    e = raw_env("kalooki")
    e.reset(seed=5)
    mask = e.observe(e.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises((IllegalAction, ValueError)):
        e.step(illegal)


OTHER_OPTIONS = [
    ("halligalli", {"full_deck": True, "stray_cards": False, "card_backs": False}),
    ("halali", {"variant": "brettspielnetz", "blue_seat": 1}),
]


@pytest.mark.parametrize(("name", "options"), OTHER_OPTIONS)
def test_state_tensors_equal_view_tensors_with_other_options(
    name: str, options: dict[str, object]
) -> None:
    """The options the tensors read (deck, stray cards, backs; variant, colours) too."""
    game = load(name, **options)
    enc = encoder(game)
    rng = random.Random(5)
    checked = 0
    low, high = game.player_range()
    for deal in range(12):
        state = game.new_state(players=min(low + deal % 2, high), seed=deal)
        while not state.is_over() and checked < 40 * (deal + 1):
            for seat in range(state.players):
                fast = enc.observe_state(state, seat)
                assert np.array_equal(fast, enc.observe(state.view(seat), seat)), (deal, seat)
                checked += 1
            seat = rng.choice(state.active_seats())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert checked >= 300


OPENSPIEL_GAMES = [
    ("kalooki", {"players": 2}),
    ("kalooki", {"players": 4}),
    ("hydra", {}),
    ("halali", {"variant": "brettspielnetz"}),
    ("halligalli", {"players": 3}),
]


@pytest.mark.parametrize(("name", "params"), OPENSPIEL_GAMES)
def test_openspiel_answers_from_python_equal_pyspiels(name: str, params: dict[str, int]) -> None:
    """The adapter answers ``legal_actions`` and ``observation_tensor`` in Python, kept
    per state until the next action; on a few hundred positions (chance nodes, unfinished
    Kalooki melds and the terminal state included) they equal pyspiel's own answers,
    which go through C++, ``_legal_actions`` and the observer, for every player."""
    pyspiel = pytest.importorskip("pyspiel")
    from spieltisch.interop import openspiel

    game = openspiel.load_game(name, **params)
    players = game.num_players()
    rng = random.Random(3)
    checked = 0
    for _ in range(8):
        state = game.new_initial_state()
        while checked < 300 and not state.is_terminal():
            current = state.current_player()
            assert state.legal_actions() == pyspiel.State.legal_actions(state)
            for player in range(players):
                assert state.legal_actions(player) == pyspiel.State.legal_actions(state, player)
                if current >= 0:
                    ours = state.observation_tensor(player)
                    assert isinstance(ours, list)
                    assert ours == pyspiel.State.observation_tensor(state, player)
                    checked += 1
            if current >= 0:
                assert state.observation_tensor() == pyspiel.State.observation_tensor(state)
            action = rng.choice(state.legal_actions())
            state.apply_action(action)
            assert state.current_player() == pyspiel.State.current_player(state)
        if state.is_terminal():
            assert state.legal_actions() == pyspiel.State.legal_actions(state) == []
    assert checked >= 300
    with pytest.raises(pyspiel.SpielError):
        state.observation_tensor(players)


def test_openspiel_answers_are_fresh_lists_and_follow_resampled_worlds() -> None:
    """A caller may change the lists it gets; a resampled world asks its own state."""
    pytest.importorskip("pyspiel")
    from spieltisch.interop import openspiel

    game = openspiel.load_game("kalooki", players=2)
    state = game.new_initial_state()
    for byte in (0, 1, 2):
        state.apply_action(byte)
    legal = state.legal_actions()
    legal.clear()
    assert state.legal_actions()
    tensor = state.observation_tensor(0)
    tensor[0] = 99.0
    assert state.observation_tensor(0)[0] != 99.0
    seat = state.current_player()
    world = state.resample_from_infostate(seat, lambda: 0.25)
    assert world.legal_actions() == state.legal_actions()
    assert world.observation_tensor(seat) == state.observation_tensor(seat)
