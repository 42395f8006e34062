"""Constructed positions with a known best move: the review calls it best and marks the
worse choice (a hunter's bear capture in Halali, Hydra's last trick, a Kalooki hand that
can go out). Each decision is judged from the seat's view only (``review_decision``)."""

from __future__ import annotations

import pytest

import spieltisch
from spieltisch.review import review_decision
from tests.games.kalooki.helpers import play, setup
from tests.helpers.halali import make_state, seat_to_move
from tests.helpers.hydra_endgame import find_last_trick_position

MARKED = ("mistake", "blunder")


def test_halali_hunter_shoots_the_bear_not_the_fox() -> None:
    """HA-R4: the hunter on d5 can shoot the bear on d6 (10 points), the hunter on b2
    the fox on f2 (5); taking the fox leaves the bear free to take the hunter."""
    state = make_state(
        """
        8  ?  ?  ?  ?  ?  ?  ?
        7  ?  ?  ?  ?  ?  ?  ?
        6  ?  ?  B  ?  ?  ?  ?
        5  ?  ?  HN ?  ?  ?  ?
        4  ?  ?  ?  ?  ?  ?  ?
        3  ?  ?  ?  ?  ?  ?  ?
        2  HE .  .  .  F  ?  ?
        """,
        to_move="brown",
    )
    game = state.game
    seat = seat_to_move(state)
    view = state.view(seat)
    best = review_decision(game, view, seat, game.parse_action("d5-d6"))
    worse = review_decision(game, view, seat, game.parse_action("b2-f2"))
    assert best.kind == "best"
    assert worse.kind in MARKED
    assert worse.loss is not None and worse.loss.win > 2 * worse.loss.win_se


def test_hydra_keeps_the_card_that_takes_the_last_trick() -> None:
    """HY: in a one-game match, the card that wins the last trick decides the match."""
    game = spieltisch.load("hydra", games=1)
    seat, view, card = find_last_trick_position(game)
    other = next(game.parse_action(a) for a in view["legal_actions"] if a != str(card))
    assert review_decision(game, view, seat, card).kind == "best"
    worse = review_decision(game, view, seat, other)
    assert worse.kind in MARKED
    assert worse.alternative is not None and worse.alternative.action == str(card)


def test_kalooki_goes_out_rather_than_break_its_run() -> None:
    """KA-R6: with 7-8-9 of spades and a 2 of clubs after the draw, melding the run and
    discarding the 2 ends the deal at once; throwing a spade away keeps the game open."""
    other = "2h 3h 4h 5h 6h 7c 8c 9c 10c Jc Qh Kh Ah"
    state = setup(
        ["7s 8s 9s 2c", other], table=[(1, "8d 9d 10d")], opened=[True, True], stock_top="Jd"
    )
    play(state, "draw stock", "build 1 Jd")
    game = state.game
    view = state.view(0)
    best = review_decision(game, view, 0, game.parse_action("meld 7s 8s 9s"))
    worse = review_decision(game, view, 0, game.parse_action("discard 9s"))
    assert best.kind == "best"
    assert worse.kind in MARKED


@pytest.mark.parametrize("seed", [0, 1])
def test_a_decision_is_reproducible_with_its_seed(seed: int) -> None:
    game = spieltisch.load("hydra", games=1)
    seat, view, card = find_last_trick_position(game)
    first = review_decision(game, view, seat, card, seed=seed, worlds=8)
    assert review_decision(game, view, seat, card, seed=seed, worlds=8) == first
