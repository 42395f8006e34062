"""The rules bot's ``act`` (a rollout move, read from the state) is ``plan``'s move (read
from the view), and it reads nothing a seat could not see."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from typing import Any

import pytest

from spieltisch.games.hydra import Hydra, HydraState
from spieltisch.games.hydra.cards import CONTRACTS, DECK
from spieltisch.games.hydra.faces.bots import (
    BOTS,
    GAME_SPREAD,
    RulesBot,
    evaluate,
    game_done,
    winning_cards,
)
from spieltisch.games.hydra.phases import PLAY
from spieltisch.games.hydra.play import trick_winner


def _positions(game: Hydra, players: int, seed: int) -> Iterator[tuple[HydraState, int]]:
    """Every position of a match played half by the rules bot, half at random, so the
    rare phases (solo type, Antrag, giving back) come up as well as the tricks."""
    rng = random.Random(seed)
    guide = RulesBot(game, seed=seed)
    state = game.new_state(players, seed)
    while not state.is_over():
        seat = state.active_seats()[0]
        yield state, seat
        legal = state.legal_actions(seat)
        action = guide.act(state, seat) if rng.random() < 0.5 else rng.choice(legal)
        state.apply(seat, action)


@pytest.mark.parametrize(
    ("players", "options"),
    [(5, {}), (6, {}), (5, {"second_h10_wins": True})],
)
def test_act_on_the_state_is_the_move_plan_chooses_from_the_view(
    players: int, options: dict[str, bool]
) -> None:
    game = Hydra(games=2, **options)
    planner, actor = RulesBot(game, seed=1), RulesBot(game, seed=1)
    phases: set[str] = set()
    compared = 0
    for seed in range(12):
        for state, seat in _positions(game, players, seed):
            view = state.view(seat)
            assert actor.act(state, seat) == planner.plan(view, seat, 0.0).action
            phases.add(str(state.phase))
            compared += 1
    assert compared > 1000
    assert phases == {"declare", "specify", "solo_type", "lay", "answer", "give", "play"}


def test_act_reads_no_other_hand() -> None:
    """The move is the same in every world consistent with the seat's view: worlds
    sampled from it differ in the other hands, and the Antrag's hidden cards."""
    game = Hydra(games=1)
    bot = RulesBot(game)
    checked = 0
    for seed in range(10):
        for n, (state, seat) in enumerate(_positions(game, 5, seed)):
            if n % 3:
                continue
            view = state.view(seat)
            move = bot.act(state, seat)
            for world_seed in range(3):
                world = game.sample_state(view, seat, world_seed)
                assert bot.act(world, seat) == move
            checked += 1
    assert checked > 100


def _evaluate_from_view(view: dict[str, Any]) -> list[float]:
    """The match evaluation as computed from the spectator view."""
    totals = [float(t) for t in view["totals"]]
    left = max(1, int(view["games_in_match"]) - len(view["finished_games"]))
    temperature = GAME_SPREAD * math.sqrt(left)
    weights = [math.exp((t - max(totals)) / temperature) for t in totals]
    return [w / sum(weights) for w in weights]


def test_the_stop_rule_and_the_evaluation_read_the_state_as_the_view_shows_it() -> None:
    game = Hydra(games=3)
    assert BOTS.evaluate is evaluate
    for seed in range(3):
        start = None
        for state, _ in _positions(game, 5, seed):
            view = state.view(None)
            if start is None and state.phase == PLAY:
                start = state.clone()
            if start is not None:
                done = len(view["finished_games"]) != len(start.view(None)["finished_games"])
                assert game_done(start, state) is done
            assert evaluate(state) == _evaluate_from_view(view)


def test_the_black_queens_kept_during_play_are_those_of_the_tricks() -> None:
    """``state.queens`` is kept card by card; a restored state rebuilds it from the tricks."""
    game = Hydra(games=2)
    for seed in range(4):
        for n, (state, _) in enumerate(_positions(game, 5, seed)):
            if n % 7 == 0:
                copy = game.state_from_position(state.position())
                assert copy.queens == state.queens


def test_winning_cards_are_those_trick_winner_gives_the_trick() -> None:
    rng = random.Random(3)
    for _ in range(3000):
        contract = rng.randrange(CONTRACTS)
        deck = list(DECK)
        rng.shuffle(deck)
        size = rng.randrange(1, 5)
        trick = list(enumerate(deck[:size]))
        cards = sorted(set(deck[size : size + 8]))
        winner = trick_winner(trick, contract)
        expected = [c for c in cards if trick_winner([*trick, (9, c)], contract) == 9]
        assert winning_cards(trick, dict(trick)[winner], cards, contract) == expected
