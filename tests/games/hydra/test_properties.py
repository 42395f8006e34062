"""Invariants over thousands of random games (HY 1.1.1, HY-R6, HY-R9, engine contract)."""

from __future__ import annotations

import contextlib
import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import spieltisch
from spieltisch.engine import IllegalAction
from spieltisch.games.hydra import Hydra, HydraState
from spieltisch.games.hydra.cards import DECK, SUIT

from .helpers import random_play
from .test_cards_actions import every_action

ALL_ACTIONS = list(every_action())


def cards_in_play(state: HydraState) -> Counter[int]:
    """Every card somewhere: hands, trick, taken tricks, Antrag cards on the table."""
    found: Counter[int] = Counter()
    for h in state.hands:
        found.update(h)
    found.update(c for _, c in state.trick)
    for _, cards in state.tricks:
        found.update(c for _, c in cards)
    if state.phase == "answer":
        found.update(state.laid)
    if state.phase == "give":
        found.update(state.given)
    return found


def biased_choice(state: HydraState, seat: int, rng: random.Random):
    """Random play that reaches Antrag and Solo games more often than uniform play."""
    legal = state.legal_actions(seat)
    keen = [a for a in legal if str(a) in ("morbus", "antrag", "accept")]
    if keen and rng.random() < 0.3:
        return rng.choice(keen)
    return rng.choice(legal)


@settings(max_examples=4, deadline=None)
@given(st.integers(0, 10**6))
def test_HY_R6_R9_random_games_conserve_cards_points_and_zero_sum(base):
    game = Hydra(games=1)
    games = 0
    for seed in range(base, base + 500):
        players = 5 + seed % 2
        state = game.new_state(players, seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.active_seats()[0]
            state.apply(seat, biased_choice(state, seat, rng))
            if not state.is_over() and rng.random() < 0.15:
                assert cards_in_play(state) == Counter(DECK)
                assert all(len(cards) == 5 for _, cards in state.tricks)
                assert all(len(h) == 0 for s, h in enumerate(state.hands) if s not in state.seats)
        summary = state.finished[-1]
        assert sum(summary["seat_points"]) == 240
        assert sum(summary["party_tricks"]) == 10
        assert sum(summary["settlement"]) == 0
        assert len(state.tricks) == 10
        games += 1
    assert games == 500


@settings(max_examples=3, deadline=None)
@given(st.integers(0, 10**6))
def test_matches_replay_and_json_round_trip(base):
    for seed in range(base, base + 20):
        game = Hydra(second_h10_wins=bool(seed % 2))
        state = game.new_state(5 + seed % 2, seed)
        rng = random.Random(seed)
        random_play(state, rng, steps=rng.randrange(400))
        data = state.to_json()
        assert spieltisch.replay(state.record()).to_json() == data
        text = json.dumps(data)
        assert game.state_from_json(json.loads(text)).to_json() == data
        random_play(state, rng)
        result = state.result()
        assert result is not None and sum(result.scores) == 0
        assert len(result.details["games"]) == state.players
        assert spieltisch.replay(state.record()).to_json() == state.to_json()


@settings(max_examples=3, deadline=None)
@given(st.integers(0, 10**6))
def test_refused_actions_leave_the_state_unchanged(base):
    game = Hydra(games=1)
    for seed in range(base, base + 15):
        state = game.new_state(5, seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.active_seats()[0]
            legal = set(state.legal_actions(seat))
            before = state.to_json()
            for bad in rng.sample(ALL_ACTIONS, 5):
                if bad in legal:
                    continue
                try:
                    state.apply(seat, bad)
                except IllegalAction as err:
                    assert err.rule
                else:
                    raise AssertionError(f"{bad} accepted but not listed as legal")
                assert state.to_json() == before
            other = (seat + 1) % 5
            with contextlib.suppress(IllegalAction):
                state.apply(other, rng.choice(sorted(legal, key=str)))
            assert state.to_json() == before
            state.apply(seat, biased_choice(state, seat, rng))


def check_sample(game: Hydra, state: HydraState, seat: int | None, seed: int) -> None:
    view = state.view(seat)
    json.dumps(view)
    sample = game.sample_state(view, seat, seed)
    # The sample differs from the truth only in what the seat cannot see, so equal views
    # also show that the view does not depend on hidden cards (nothing leaks).
    assert sample.view(seat) == view
    assert sample.sampled
    assert cards_in_play(sample) == cards_in_play(state)
    contract = sample.contract
    for tricks in [c for _, c in sample.tricks] + ([sample.trick] if sample.trick else []):
        led = SUIT[contract][tricks[0][1]]
        for s, c in tricks:
            if SUIT[contract][c] != led:
                assert all(SUIT[contract][h] != led for h in sample.hands[s]), "void broken"
    for s in range(state.players):
        if s != seat:
            assert len(sample.hands[s]) == len(state.hands[s])
    spectator = state.view(None)
    assert spectator["hand"] is None
    if spectator["antrag"] is not None:
        assert spectator["antrag"]["queens"] is None and spectator["antrag"]["given"] is None
    private = {k for k in view if view[k] != spectator[k]}
    assert private <= {"seat", "hand", "legal_actions", "antrag", "queens"}


@settings(max_examples=3, deadline=None)
@given(st.integers(0, 10**6))
def test_views_leak_nothing_and_samples_match_the_view(base):
    game = Hydra(games=2)
    for seed in range(base, base + 16):
        state = game.new_state(5 + seed % 2, seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.active_seats()[0]
            if rng.random() < (0.3 if state.phase != "play" else 0.04):
                for viewer in [*range(state.players), None]:
                    check_sample(game, state, viewer, rng.randrange(10**6))
            state.apply(seat, biased_choice(state, seat, rng))
        check_sample(game, state, 0, 1)


def test_sampled_states_play_on_to_the_end():
    game = Hydra(games=1)
    for seed in range(40):
        state = game.new_state(5, seed)
        rng = random.Random(seed)
        random_play(state, rng, steps=rng.randrange(70))
        if state.is_over():
            continue
        seat = state.active_seats()[0]
        sample = game.sample_state(state.view(seat), seat, seed)
        random_play(sample, rng)
        assert sample.is_over() and sum(sample.totals) == 0
