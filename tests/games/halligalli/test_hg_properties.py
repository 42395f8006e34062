"""Property tests over many random games: cards are conserved, every game ends, replay
and JSON reproduce the game, refused actions change nothing, views leak nothing, and
the coach agrees with a Monte Carlo estimate over sampled worlds."""

from __future__ import annotations

import json
import random
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

import spieltisch
from spieltisch.engine import IllegalAction
from spieltisch.games.halligalli import (
    PLY_CAP,
    Flip,
    HalliGalli,
    HalliGalliState,
    Ring,
    Stake,
    Throw,
    coach,
    is_bell_valid,
)
from spieltisch.games.halligalli.cards import deck

from .scenario import play_randomly

options = st.fixed_dictionaries(
    {"full_deck": st.booleans(), "stray_cards": st.booleans(), "card_backs": st.booleans()}
)


def new(players: int, seed: int, **opts: bool) -> HalliGalliState:
    state = HalliGalli(**opts).new_state(players=players, seed=seed)
    assert isinstance(state, HalliGalliState)
    return state


@settings(max_examples=12, deadline=None)
@given(st.integers(3, 6), options, st.integers(0, 10**6))
def test_cards_are_conserved_and_every_game_ends(
    players: int, opts: dict[str, bool], start: int
) -> None:
    """60 games per example, 720 in all, half of them with old-version rings mixed in."""
    for seed in range(start, start + 60):
        state = new(players, seed, **opts)
        play_randomly(state, random.Random(seed), odd_rings=0.2 if seed % 2 else 0.0)
        assert state.ply < PLY_CAP
        held = sorted([*state.aside, *(c for p in state.draw + state.table for c in p)])
        assert held == deck(opts["full_deck"])
        result = state.result()
        assert result is not None and min(result.ranks) == 1
        assert state.active_seats() == ()


def test_thousands_of_default_games_end_and_conserve_cards() -> None:
    for seed in range(1000):
        state = new(3 + seed % 4, seed)
        play_randomly(state, random.Random(seed), odd_rings=0.0)
        assert sum(len(p) for p in state.draw + state.table) + len(state.aside) == 120


@settings(max_examples=10, deadline=None)
@given(st.integers(3, 6), options, st.integers(0, 10**6))
def test_replay_and_json_reproduce_the_game(players: int, opts: dict[str, bool], seed: int) -> None:
    state = new(players, seed, **opts)
    play_randomly(state, random.Random(seed), odd_rings=0.2)
    record = json.loads(json.dumps(state.record()))
    assert spieltisch.replay(record).to_json() == state.to_json()
    data = json.loads(json.dumps(state.to_json()))
    assert state.game.state_from_json(data).to_json() == state.to_json()


def _midgame(players: int, seed: int, steps: int, **opts: bool) -> HalliGalliState:
    state = new(players, seed, **opts)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over():
            break
        seat = rng.choice(state.active_seats())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


@settings(max_examples=30, deadline=None)
@given(st.integers(3, 6), options, st.integers(0, 10**6), st.integers(0, 300))
def test_refused_actions_leave_the_state_unchanged(
    players: int, opts: dict[str, bool], seed: int, steps: int
) -> None:
    state = _midgame(players, seed, steps, **opts)
    before = json.dumps(state.to_json(), sort_keys=True)
    probes = [Flip(), Ring(state.version + 1), Ring(), Stake(0), Stake(500), Throw(1), object()]
    for seat in range(players):
        for action in probes:
            clone = state.clone()
            try:
                clone.apply(seat, action)
            except IllegalAction:
                assert json.dumps(clone.to_json(), sort_keys=True) == before
    assert json.dumps(state.to_json(), sort_keys=True) == before


@settings(max_examples=30, deadline=None)
@given(st.integers(3, 6), options, st.integers(0, 10**6), st.integers(0, 300))
def test_views_leak_nothing(players: int, opts: dict[str, bool], seed: int, steps: int) -> None:
    """A world resampled from one seat's view (every hidden card redealt) shows that seat
    the same view; in a round, every seat and the spectator see the same as before."""
    state = _midgame(players, seed, steps, **opts)
    for seat in range(players):
        view = json.loads(json.dumps(state.view(seat)))
        other = state.game.sample_state(view, seat, seed=seed + seat)
        assert other.view(seat) == state.view(seat)
        if state.finale is None:
            assert all(other.view(s) == state.view(s) for s in range(players))
            assert other.view(None) == state.view(None)
    text = json.dumps(state.view(None))
    assert '"draw": [' in text and "legal_actions" in text


@settings(max_examples=6, deadline=None)
@given(st.integers(3, 6), st.booleans(), st.integers(0, 10**6), st.integers(0, 120))
def test_coach_matches_a_monte_carlo_estimate(
    players: int, backs: bool, seed: int, steps: int
) -> None:
    """Deal the unseen cards again and again from the view, flip, and count valid tables:
    the frequency is within 4.5 standard deviations of the coach's exact chance."""
    state = _midgame(players, seed, steps, card_backs=backs)
    view = state.view(0)
    chance = coach(view)
    if chance is None:
        return
    flipper = view["to_flip"]
    trials, hits = 1500, 0
    for k in range(trials):
        world = state.game.sample_state(view, 0, seed=k)
        assert isinstance(world, HalliGalliState)
        world.table[flipper].append(world.draw[flipper][-1])
        hits += is_bell_valid(world.tops())
    p = float(chance)
    sigma = (p * (1 - p) / trials) ** 0.5
    assert abs(hits / trials - p) <= 4.5 * sigma + 1e-9
    assert isinstance(chance, Fraction)
