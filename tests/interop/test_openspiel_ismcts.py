"""OpenSpiel's own ISMCTS bot plays a full game of each game through the adapter.

The bot is ``open_spiel.python.algorithms.ismcts.ISMCTSBot``, unchanged. A Kalooki deal
or a Halli Galli game runs to about a thousand steps, too long for a random rollout from
every search node in a fast test, so those two search with a cheap evaluator instead:
the public card counts of the sampled world (fewer cards is better in both games). Real
game ends met inside the search tree are still scored by the adapter's returns. The
other seats play uniformly at random. The adapter's ``max_plies`` is only a safety net:
each game must end by its own rules, well before it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from spieltisch.engine import game_names  # noqa: E402
from spieltisch.interop import openspiel  # noqa: E402
from spieltisch.interop.common import rank_returns  # noqa: E402

SEED = 2
"""One seed for the chance draws, the random seats, the search and its sampled worlds."""
SAFETY_CAP = 5000
"""Adapter ``max_plies``: a game cut off here would fail the test."""


def _kalooki_cards(view: dict[str, Any]) -> list[int]:
    return [int(n) for n in view["hand_sizes"]]


def _halligalli_cards(view: dict[str, Any]) -> list[int]:
    """HG-R12: a seat ranks by the cards it still owns (draw pile plus face-up pile)."""
    return [int(d) + len(t) for d, t in zip(view["draw"], view["table"], strict=True)]


class CardCountEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """Zero-sum values from public card counts: no rollout, so one search step is cheap.

    A seat holding fewer cards than the table's mean scores above zero; the values sum to
    zero like the adapter's returns. Priors are uniform, as in OpenSpiel's rollout
    evaluator.
    """

    def __init__(self, counts: Callable[[dict[str, Any]], list[int]]) -> None:
        self.counts = counts

    def evaluate(self, state: Any) -> Any:
        counts = np.array(self.counts(state.engine_state.view(None)), dtype=np.float64)
        return (counts.mean() - counts) / max(counts.sum(), 1.0)

    def prior(self, state: Any) -> Sequence[tuple[int, float]]:
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


CASES: dict[str, tuple[dict[str, object], int, Callable[[Any], Any]]] = {
    "halali": (
        {"variant": "brettspielnetz"},
        2,
        lambda rs: mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs),
    ),
    "hydra": (
        {"games": 1},
        2,
        lambda rs: mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs),
    ),
    "kalooki": ({"players": 2}, 8, lambda rs: CardCountEvaluator(_kalooki_cards)),
    "halligalli": ({"players": 3}, 8, lambda rs: CardCountEvaluator(_halligalli_cards)),
}
"""Per game: options that keep it short, simulations per move, and the evaluator."""


def _sample_chance(state: Any, rng: random.Random) -> int:
    outcomes = state.chance_outcomes()
    return int(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(g, marks=pytest.mark.slow) if g == "kalooki" else g
        for g in CASES
        if g in game_names()
    ],
)
def test_openspiel_ismcts_plays_a_full_game(name: str) -> None:
    """Issue tests: the ISMCTS bot (seat 0) plays a whole game through the adapter, and the
    game ends by its own rules: terminal in the engine, before the adapter's cap and
    without Halli Galli's engine step cap (HG ``ply_cap``)."""
    options, simulations, make_evaluator = CASES[name]
    game = openspiel.load_game(name, **options, max_plies=SAFETY_CAP)
    rs = np.random.RandomState(SEED)
    bot = ismcts.ISMCTSBot(
        game, make_evaluator(rs), uct_c=2.0, max_simulations=simulations, random_state=rs
    )
    # Seed the worlds the bot samples too, so the test plays the same game every run.
    sampler = pyspiel.UniformProbabilitySampler(SEED, 0.0, 1.0)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))
    rng = random.Random(SEED)
    state = game.new_initial_state()
    searched = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(_sample_chance(state, rng))
        elif state.current_player() == 0:
            searched += len(state.legal_actions()) > 1
            state.apply_action(int(bot.step(state)))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    engine = state.engine_state
    result = engine.result()
    assert engine.is_over() and result is not None
    assert state.plies < SAFETY_CAP
    assert result.reason != "ply_cap"
    assert searched > 0
    assert state.returns() == rank_returns(result, game.num_players())
    assert sum(state.returns()) == pytest.approx(0.0)
