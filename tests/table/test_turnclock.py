"""Turn clocks on the runtime, in simulated time: who has a deadline, when it starts
again, and which setting a table may choose."""

from __future__ import annotations

import pytest

import spieltisch
from spieltisch.engine import State
from spieltisch.table import SimClock, TableRuntime, TurnClock, TurnLimit, allows_turn_clock

MINUTE = TurnLimit("move", 60)


def clocked(state: State, clock: SimClock, bots: dict[int, object] | None = None) -> TableRuntime:
    rt = TableRuntime(state, clock, bots or {})  # type: ignore[arg-type]
    rt.use_turn_clock(TurnClock(MINUTE, clock))
    return rt


def test_the_seat_to_move_has_a_minute_and_the_others_none() -> None:
    clock = SimClock(100.0)
    rt = clocked(spieltisch.load("halali").new_state(seed=3), clock)
    (seat,) = rt.state.active_seats()
    assert rt.turn_clock is not None
    assert rt.turn_clock.left(seat) == pytest.approx(60)
    assert rt.turn_clock.left(1 - seat) is None
    clock.advance(59.5)
    assert rt.timed_out() == []
    clock.advance(1)
    assert rt.timed_out() == [seat]


def test_each_own_action_starts_the_time_again_within_a_turn_of_several_steps() -> None:
    """Kalooki: a turn is a draw, perhaps melds, and a discard (KA-R3); a long turn must
    not run out halfway because it has several steps."""
    game = spieltisch.load("kalooki")
    clock = SimClock()
    rt = clocked(game.new_state(players=2, seed=5), clock)
    assert rt.turn_clock is not None
    (seat,) = rt.state.active_seats()
    clock.advance(50)
    rt.act(seat, game.parse_action("draw stock"))
    assert rt.state.active_seats() == (seat,)  # now he melds or discards
    assert rt.turn_clock.left(seat) == pytest.approx(60)
    clock.advance(50)
    discard = next(a for a in rt.state.legal_actions(seat) if str(a).startswith("discard"))
    rt.act(seat, discard)
    (other,) = rt.state.active_seats()
    assert other != seat and rt.turn_clock.left(other) == pytest.approx(60)
    assert rt.turn_clock.left(seat) is None


def test_a_seat_that_stays_able_to_act_while_another_acts_keeps_its_deadline() -> None:
    game = spieltisch.load("halali")
    clock = SimClock()
    rt = clocked(game.new_state(seed=3), clock)
    assert rt.turn_clock is not None
    (seat,) = rt.state.active_seats()
    rt.turn_clock.deadlines[1 - seat] = 30.0  # as if both could act (a finale's throws)
    clock.advance(10)
    rt.turn_clock.follow(rt.state, rt.bots, acted=1 - seat)
    assert rt.turn_clock.left(seat) == pytest.approx(50)


def test_a_seat_a_bot_plays_has_no_deadline_until_its_player_takes_it_back() -> None:
    game = spieltisch.load("halali")
    clock = SimClock()
    rt = clocked(game.new_state(seed=3), clock)
    assert rt.turn_clock is not None
    (seat,) = rt.state.active_seats()
    clock.advance(61)
    assert rt.timed_out() == [seat]
    rt.set_bot(seat, spieltisch.bots.make(game, "random", seed=1))
    assert rt.timed_out() == [] and rt.turn_clock.left(seat) is None
    clock.advance(5)
    rt.set_bot(seat, None)  # taken back on his turn: a full minute for the move
    assert rt.turn_clock.left(seat) == pytest.approx(60)


def test_a_finished_game_has_no_deadlines() -> None:
    game = spieltisch.load("halali")
    clock = SimClock()
    rt = clocked(game.new_state(seed=3), clock)
    (seat,) = rt.state.active_seats()
    rt.act(seat, game.parse_action("resign"))
    assert rt.is_over() and rt.turn_clock is not None and rt.turn_clock.deadlines == {}


def test_only_games_with_turns_allow_a_clock_and_the_limits_hold() -> None:
    assert allows_turn_clock(spieltisch.load("halali").info)
    assert not allows_turn_clock(spieltisch.load("halligalli").info)
    TurnLimit("move", 10)
    TurnLimit("correspondence", 3 * 86_400)
    for mode, seconds in (("move", 9), ("move", 3600), ("correspondence", 60), ("blitz", 60)):
        with pytest.raises(ValueError):
            TurnLimit(mode, seconds)


def test_a_hand_over_and_straight_back_keeps_the_time_left() -> None:
    """The clock belongs to the seat, not to who plays it: a seat handed to a bot on its
    turn and taken back before the bot moved has the seconds it had, not a fresh limit
    (a host refilled his own clock so, 17.8 s -> 29.9 s, repeatably)."""
    game = spieltisch.load("halali")
    clock = SimClock()
    rt = clocked(game.new_state(seed=3), clock)
    assert rt.turn_clock is not None
    (seat,) = rt.state.active_seats()
    clock.advance(42)
    rt.set_bot(seat, spieltisch.bots.make(game, "random", seed=1))
    clock.advance(3)  # the bot has not moved yet
    rt.set_bot(seat, None)
    assert rt.turn_clock.left(seat) == pytest.approx(18)
    rt.set_bot(seat, spieltisch.bots.make(game, "random", seed=1))
    rt.set_bot(seat, None)
    assert rt.turn_clock.left(seat) == pytest.approx(18)


def test_time_kept_for_a_seat_ends_with_its_turn() -> None:
    """Once the bot has moved for the seat, its next turn starts with the full limit."""
    game = spieltisch.load("halali")
    clock = SimClock()
    rt = clocked(game.new_state(seed=3), clock)
    assert rt.turn_clock is not None
    (seat,) = rt.state.active_seats()
    clock.advance(50)
    rt.set_bot(seat, spieltisch.bots.make(game, "random", seed=1))
    rt.act(seat, rt.state.legal_actions(seat)[0])  # the bot's move
    assert rt.turn_clock.held == {}
    rt.set_bot(seat, None)
    (other,) = rt.state.active_seats()
    rt.act(other, rt.state.legal_actions(other)[0])
    assert rt.state.active_seats() == (seat,) and rt.turn_clock.left(seat) == pytest.approx(60)
