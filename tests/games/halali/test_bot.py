"""The rules-based Halali bot: legal, deterministic, view-only, and sensible in the
positions the strategy notes of the Brettspielnetz page describe.

Positions are built with ``tests.helpers.halali.make_state``; ``?`` is a face-down tile.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import spieltisch
from spieltisch import bots
from spieltisch.benchmark import duel
from spieltisch.games.halali import HalaliState
from spieltisch.games.halali.faces.bots import RulesBot
from tests.helpers.halali import make_state, seat_to_move

GAME = spieltisch.load("halali")


def choose(state: HalaliState, seed: int = 0) -> str:
    seat = seat_to_move(state)
    bot = bots.make(state.game, "rules", seed=seed)
    return str(bot.plan(state.view(seat), seat, 0.0).action)


def captures_of(state: HalaliState) -> set[str]:
    """The captures open to the side to move (moves onto a face-up tile)."""
    seat = seat_to_move(state)
    board = state.view(seat)["board"]
    return {
        str(a)
        for a in state.legal_actions(seat)
        if str(a).count("-") == 1 and str(a).split("-")[1] in board
    }


def test_registered_as_rules_level() -> None:
    assert "rules" in bots.levels(GAME)
    assert isinstance(bots.make(GAME, "rules"), RulesBot)


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_plays_only_legal_actions_to_the_end(seed: int) -> None:
    """Rules bot against the random bot and against itself, both colours, whole matches."""
    for opponent in ("random", "rules"):
        state = GAME.new_state(seed=seed)
        players = [bots.make(GAME, "rules", seed=seed), bots.make(GAME, opponent, seed=seed + 1)]
        while not state.is_over():
            assert state.ply < 2000, "a match of two bots must end"
            (seat,) = state.active_seats()
            view = state.view(seat)
            action = players[seat].plan(view, seat, 0.0).action
            assert str(action) in view["legal_actions"]
            state.apply(seat, action)


def test_deterministic_for_a_seed() -> None:
    def match(bot_seed: int) -> list[str]:
        state = GAME.new_state(seed=11)
        players = [bots.make(GAME, "rules", seed=bot_seed + s) for s in range(2)]
        while not state.is_over():
            (seat,) = state.active_seats()
            state.apply(seat, players[seat].plan(state.view(seat), seat, 0.0).action)
        return [a["action"]["type"] + str(a["action"]) for a in state.record()["actions"]]

    assert match(5) == match(5)


def test_plans_from_the_view_only() -> None:
    """States that differ only in their face-down tiles look alike, so the bot plays alike."""
    state = GAME.new_state(seed=3)
    for _ in range(12):
        (seat,) = state.active_seats()
        state.apply(seat, state.legal_actions(seat)[0])
    (seat,) = state.active_seats()
    view = state.view(seat)
    worlds = [GAME.sample_state(view, seat, seed) for seed in (1, 2, 3)]
    assert all(w.view(seat) == view for w in worlds)
    assert len({str(w.to_json()["state"]["board"]) for w in worlds}) > 1
    answers = {str(RulesBot(GAME, seed=9).plan(w.view(seat), seat, 0.0).action) for w in worlds}
    assert len(answers) == 1


def test_HA_R4_takes_an_obvious_capture() -> None:
    """A fox with a free line to a pheasant takes it (HA-R4: the fox takes birds)."""
    state = make_state(
        """
        8  ?  ?  ?  ?  ?  ?  ?
        7  ?  ?  ?  .  ?  ?  ?
        6  ?  ?  P  .  ?  ?  ?
        5  ?  ?  .  .  ?  ?  ?
        4  ?  ?  F  ?  ?  ?  ?
        3  ?  ?  ?  ?  ?  ?  ?
        2  ?  ?  ?  ?  ?  ?  ?
        """,
        to_move="blue",
    )
    assert choose(state) == "d4-d6"


def test_HA_R4_captures_what_is_worth_most() -> None:
    """Two hunters can shoot: one at a fox (5), one at a bear (10); the bear it is."""
    state = make_state(
        """
        8  ?  ?  ?  ?  ?  ?  ?
        7  ?  ?  B  ?  ?  ?  ?
        6  ?  ?  .  ?  ?  ?  ?
        5  ?  ?  .  ?  ?  ?  ?
        4  ?  ?  HN ?  ?  ?  ?
        3  ?  ?  ?  ?  ?  ?  ?
        2  HE .  .  .  F  ?  ?
        """,
        to_move="brown",
    )
    assert {"d4-d7", "b2-f2"} <= captures_of(state)
    assert choose(state) == "d4-d7"


def test_HA_R4_fox_prefers_the_pheasant_to_the_duck() -> None:
    state = make_state(
        """
        8  ?  ?  ?  ?  ?  ?  ?
        7  ?  ?  ?  ?  ?  ?  ?
        6  ?  ?  ?  P  ?  ?  ?
        5  ?  D  .  F  ?  ?  ?
        4  ?  ?  ?  ?  ?  ?  ?
        3  ?  ?  ?  ?  ?  ?  ?
        2  ?  ?  ?  ?  ?  ?  ?
        """,
        to_move="blue",
    )
    assert choose(state) == "e5-e6"


def test_moves_a_fox_out_of_a_revealed_hunters_line() -> None:
    """The fox on d4 stands in the line of the hunter on d2 (gun north): it steps aside."""
    state = make_state(
        """
        8  ?  ?  ?  ?  ?  ?  ?
        7  ?  ?  ?  ?  ?  ?  ?
        6  ?  ?  ?  ?  ?  ?  ?
        5  ?  ?  ?  .  ?  ?  ?
        4  ?  .  F  .  ?  ?  ?
        3  ?  ?  .  ?  ?  ?  ?
        2  ?  ?  HN ?  ?  ?  ?
        """,
        to_move="blue",
    )
    action = choose(state)
    assert action.startswith("d4-")
    state.apply(seat_to_move(state), GAME.parse_action(action))
    assert not captures_of(state)


def test_does_not_step_next_to_a_revealed_bear() -> None:
    """Brown's woodcutter on e5 must not step next to the bear on f6 (HA-R4)."""
    state = make_state(
        """
        8  ?  ?  ?  ?  ?  ?  ?
        7  ?  ?  ?  ?  ?  ?  ?
        6  ?  ?  ?  .  B  ?  ?
        5  ?  ?  ?  W  .  ?  ?
        4  ?  ?  ?  .  ?  ?  ?
        3  ?  ?  ?  ?  ?  ?  ?
        2  ?  ?  ?  ?  ?  ?  ?
        """,
        to_move="brown",
    )
    # e5-e6 or e5-f5 would put the woodcutter next to the bear, which takes it.
    assert choose(state) not in {"e5-e6", "e5-f5"}


def test_takes_a_bird_away_from_the_fox() -> None:
    """Brown cannot shoot, but may move the pheasant the fox is about to take."""
    state = make_state(
        """
        8  ?  ?  ?  ?  ?  ?  ?
        7  ?  ?  ?  ?  ?  ?  ?
        6  ?  ?  ?  P  .  ?  ?
        5  ?  ?  ?  .  ?  ?  ?
        4  ?  ?  ?  F  ?  ?  ?
        3  ?  ?  ?  ?  ?  ?  ?
        2  ?  ?  ?  ?  ?  ?  ?
        """,
        to_move="brown",
    )
    action = choose(state)
    assert action.startswith("e6-")
    state.apply(seat_to_move(state), GAME.parse_action(action))
    assert not captures_of(state)


@pytest.mark.parametrize("bear, exit_sq", [("b5", "a5"), ("e2", "e1"), ("h5", "i5")])
def test_HA_R6_exits_a_bear_in_the_end_phase(bear: str, exit_sq: str) -> None:
    """With end-phase moves left, a bear next to an exit leaves (10 points) rather than
    its fox taking a duck (2 points)."""
    position = {bear: "B", "d7": "F", "d8": "D", "g7": "T", "c3": "W"}
    state = make_state(position, to_move="blue", end_left=6)
    assert choose(state) == f"{bear}-{exit_sq}"


def test_HA_R6_walks_a_bear_towards_an_exit_it_can_reach() -> None:
    """Three own moves left, the bear two steps from e1: it starts walking."""
    state = make_state({"e3": "B", "b8": "T", "h8": "HE", "c6": "W"}, to_move="blue", end_left=5)
    assert choose(state) == "e3-e2"


def test_beats_the_random_bot() -> None:
    """Ten matches (both colours each, seats rotated): the rules bot wins all but one."""
    stats = duel("halali", "rules", "random", 10, seed=40)
    assert stats.wins >= 9, stats.to_json()
