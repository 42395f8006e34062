"""Time banks on the runtime, in simulated time: the bank runs only on the seat's turn,
gains the increment when the turn passes, is kept while a bot plays the seat, and a seat
that ran out comes back with a few seconds, never a refilled base."""

from __future__ import annotations

import pytest

import spieltisch
from spieltisch.engine import State
from spieltisch.table import SimClock, TableRuntime, TurnClock, TurnLimit
from spieltisch.table.turnclock import RAN_OUT_LEAST

BANK = TurnLimit("bank", 180, 2)  # 3+2


def banked(state: State, clock: SimClock, limit: TurnLimit = BANK) -> TableRuntime:
    rt = TableRuntime(state, clock, {})
    rt.use_turn_clock(TurnClock(limit, clock))
    return rt


def test_the_bank_runs_on_the_turn_only_and_gains_the_increment_when_it_passes() -> None:
    game = spieltisch.load("halali")
    clock = SimClock(100.0)
    rt = banked(game.new_state(seed=3), clock)
    tc = rt.turn_clock
    assert tc is not None
    (first,) = rt.state.active_seats()
    second = 1 - first
    assert tc.left(first) == pytest.approx(180) and tc.left(second) is None
    clock.advance(40)
    rt.act(first, rt.state.legal_actions(first)[0])
    assert tc.bank(first) == pytest.approx(180 - 40 + 2)
    assert tc.left(first) is None and tc.left(second) == pytest.approx(180)
    clock.advance(100)
    assert tc.bank(first) == pytest.approx(142)  # not his turn: his bank stands still
    rt.act(second, rt.state.legal_actions(second)[0])
    assert tc.bank(second) == pytest.approx(82)
    assert tc.left(first) == pytest.approx(142)  # his turn again: on from his bank


def test_all_steps_of_a_kalooki_turn_run_on_one_bank_and_the_increment_comes_once() -> None:
    game = spieltisch.load("kalooki")
    clock = SimClock()
    rt = banked(game.new_state(players=2, seed=5), clock)
    tc = rt.turn_clock
    assert tc is not None
    (seat,) = rt.state.active_seats()
    clock.advance(50)
    rt.act(seat, game.parse_action("draw stock"))
    assert rt.state.active_seats() == (seat,)
    assert tc.left(seat) == pytest.approx(130)  # no fresh time within the turn
    clock.advance(30)
    discard = next(a for a in rt.state.legal_actions(seat) if str(a).startswith("discard"))
    rt.act(seat, discard)
    assert tc.bank(seat) == pytest.approx(180 - 80 + 2)


def test_running_out_is_a_timeout_and_the_seat_comes_back_with_a_few_seconds() -> None:
    game = spieltisch.load("halali")
    clock = SimClock()
    rt = banked(game.new_state(seed=3), clock, TurnLimit("bank", 10, 0))
    tc = rt.turn_clock
    assert tc is not None
    (seat,) = rt.state.active_seats()
    clock.advance(9.5)
    assert rt.timed_out() == []
    clock.advance(1)
    assert rt.timed_out() == [seat]
    rt.set_bot(seat, object())  # type: ignore[arg-type]  # the server's stand-in
    assert tc.left(seat) is None and tc.bank(seat) == RAN_OUT_LEAST
    clock.advance(500)  # the bot thinks: the empty bank is not drawn on
    rt.set_bot(seat, None)  # the player takes his seat back on the same turn
    assert tc.left(seat) == pytest.approx(RAN_OUT_LEAST)


def test_a_bot_sitting_down_mid_turn_keeps_the_bank_for_the_player() -> None:
    game = spieltisch.load("halali")
    clock = SimClock()
    rt = banked(game.new_state(seed=3), clock)
    tc = rt.turn_clock
    assert tc is not None
    (seat,) = rt.state.active_seats()
    clock.advance(60)
    rt.set_bot(seat, object())  # type: ignore[arg-type]
    assert tc.bank(seat) == pytest.approx(120)
    clock.advance(60)
    rt.set_bot(seat, None)
    assert tc.left(seat) == pytest.approx(120)


def test_stored_banks_are_gone_on_from() -> None:
    game = spieltisch.load("halali")
    clock = SimClock()
    state = game.new_state(seed=3)
    (seat,) = state.active_seats()
    rt = TableRuntime(state, clock, {})
    rt.use_turn_clock(TurnClock(BANK, clock, {seat: 12.5, 1 - seat: 99.0}))
    assert rt.turn_clock is not None
    assert rt.turn_clock.left(seat) == pytest.approx(12.5)
    assert rt.turn_clock.bank(1 - seat) == pytest.approx(99.0)


def test_a_time_bank_setting_is_checked() -> None:
    assert BANK.to_json() == {"mode": "bank", "seconds": 180, "increment": 2}
    TurnLimit("bank", 10, 0)
    for seconds, increment in ((9, 2), (3 * 60 * 60 + 1, 0), (180, -1), (180, 301)):
        with pytest.raises(ValueError):
            TurnLimit("bank", seconds, increment)
    with pytest.raises(ValueError, match="only a time bank"):
        TurnLimit("move", 60, 5)
