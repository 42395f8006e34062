"""The solver of the last tricks (``bench/hydra_endgame.py``): exact card points of best
play for both parties (HY-R6, HY-R7), legal lines (HY-R5), and only where it applies."""

from __future__ import annotations

import random
from collections.abc import Iterator

import spieltisch
from spieltisch.games.hydra import HydraState
from spieltisch.games.hydra.actions import PLAYS
from spieltisch.games.hydra.cards import H10, POINTS
from spieltisch.games.hydra.faces.bots import RulesBot
from spieltisch.games.hydra.phases import PLAY, TRICKS
from spieltisch.games.hydra.play import playable, trick_winner
from spieltisch.games.hydra.scoring import PLAYING, is_three_party
from tests.helpers.bench import bench_module

BENCH = bench_module("hydra_endgame")
Endgame, finish, solvable = BENCH.Endgame, BENCH.finish, BENCH.solvable
SOLVED_TRICKS = BENCH.SOLVED_TRICKS


def _positions(seed: int) -> Iterator[HydraState]:
    """Every position of a match played half by the rules bot, half at random; every
    other seed with the second ♥10 beating the first (HY-R5's option, not in the last
    trick)."""
    game = spieltisch.load("hydra", second_h10_wins=seed % 2 == 1)
    rng = random.Random(seed)
    guide = RulesBot(game, seed=seed)
    state = game.new_state(seed=seed)
    assert isinstance(state, HydraState)
    while not state.is_over():
        yield state
        seat = state.active_seats()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, guide.act(state, seat) if rng.random() < 0.5 else rng.choice(legal))


def _minimax(
    st: HydraState, hands: list[list[int]], trick: list[tuple[int, int]], turn: int, done: int
) -> int:
    """The same value by plain minimax, every line searched: what alpha-beta must match."""
    if not hands[turn]:
        return 0
    values = []
    for card in playable(hands[turn], trick, st.contract):
        hands[turn].remove(card)
        trick.append((turn, card))
        if len(trick) == len(st.seats):
            last = done == TRICKS - 1
            winner = trick_winner(
                trick, st.contract, second_h10=st.settings.second_h10_wins, last=last
            )
            won = sum(POINTS[c] for _, c in trick) if st.party[winner] == PLAYING else 0
            values.append(won + _minimax(st, hands, [], winner, done + 1))
        else:
            values.append(_minimax(st, hands, trick, st.nxt[turn], done))
        trick.pop()
        hands[turn].append(card)
    return max(values) if st.party[turn] == PLAYING else min(values)


def _solvable_positions(count: int, seeds: range = range(200)) -> list[HydraState]:
    found: list[HydraState] = []
    for seed in seeds:
        for state in _positions(seed):
            if solvable(state) and len(state.tricks) + 1 < TRICKS:
                found.append(state.clone())
                if len(found) == count:
                    return found
    return found


def _both_h10_out() -> list[HydraState]:
    """Positions with the second-♥10 option where both ♥10s are still to be played, so
    whether a trick is the last one decides who wins it (HY-R5)."""
    return [
        p
        for p in _solvable_positions(400, range(1, 40, 2))
        if sum(h.count(H10) for h in p.hands) + sum(c == H10 for _, c in p.trick) == 2
    ]


def test_HY_R6_the_solver_gets_the_card_points_of_best_play_for_both_parties() -> None:
    positions = _solvable_positions(100) + _both_h10_out()
    assert len(positions) > 120
    assert any(p.trick for p in positions) and any(not p.trick for p in positions)
    for st in positions:
        solver = Endgame(st)
        value, line = solver.solve(st.trick, st.turn, len(st.tricks))
        hands = [list(h) for h in st.hands]
        assert value == _minimax(st, hands, list(st.trick), st.turn, len(st.tricks))
        assert [sorted(h) for h in st.hands] == [sorted(h) for h in solver.hands]  # restored
        # HY-R5: the line is legal, card by card, and takes exactly what it promised.
        played = st.clone()
        before = sum(p for s, p in enumerate(played.points) if played.party[s] == PLAYING)
        finished = len(played.finished)
        for seat, card in line:
            assert list(played.active_seats()) == [seat]
            played.apply(seat, PLAYS[card])
        assert len(played.finished) == finished + 1
        taken = played.finished[-1]["seat_points"]
        after = sum(p for s, p in enumerate(taken) if st.party[s] == PLAYING)
        assert after - before == value


def test_finish_plays_the_rest_of_the_game_where_it_solves() -> None:
    for st in _solvable_positions(10):
        games = len(st.finished)
        assert finish(st) is True
        assert len(st.finished) == games + 1


def test_finish_leaves_earlier_tricks_and_three_party_games_alone() -> None:
    early = three = 0
    for seed in range(60):
        for st in _positions(seed):
            late = len(st.tricks) >= TRICKS - SOLVED_TRICKS
            if st.phase is PLAY and (not late or is_three_party(st.party)):
                snapshot = (st.view(None), [list(h) for h in st.hands])
                assert finish(st) is False
                assert (st.view(None), [list(h) for h in st.hands]) == snapshot
                early += not late
                three += late
    assert early > 100 and three > 0


def test_the_bench_bot_is_hydras_expert_search_with_the_solver() -> None:
    game = spieltisch.load("hydra")
    bot = BENCH.EndgameExpert(game, seed=3)
    assert bot.finish is finish and bot.rollouts == BENCH.ROLLOUTS
    assert bot.base.level == "rules" and bot.stop is not None
