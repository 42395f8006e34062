"""What every runtime answers, and what a real-time one learns from its game's adapter.

The server asks any runtime ``has_bell``, ``extras`` and ``release_at`` (a turn-based one
answers no bell, nothing extra, send at once); a real-time runtime takes the refusals'
rules and words, the handicaps (HG-R9) and the coach from the game's adapter.
"""

from __future__ import annotations

import pytest

import spieltisch
from spieltisch.engine import IllegalAction
from spieltisch.table import RealtimeRuntime, SimClock, TableRuntime, make_runtime
from spieltisch.table.adapter import Refusal


def test_a_turn_based_table_has_no_bell_nothing_extra_and_sends_at_once() -> None:
    game = spieltisch.load("halali")
    rt = make_runtime(game.new_state(seed=1), SimClock())
    assert type(rt) is TableRuntime and not rt.has_bell
    assert rt.extras(0) == {} and rt.extras(None) == {}
    assert rt.release_at(0) is None and rt.release_at(None) is None
    rt.set_latency(0, 0.050)  # nothing to hold back: ignored
    with pytest.raises(NotImplementedError):
        rt.ring(0, None, 0.2)


def test_a_real_time_table_has_a_bell_and_a_release_time() -> None:
    game = spieltisch.load("halligalli")
    rt = make_runtime(game.new_state(players=3, seed=1), SimClock())
    assert isinstance(rt, RealtimeRuntime) and rt.has_bell
    rt.set_latency(1, 0.100)
    assert rt.latency == {1: 0.100}
    assert rt.release_at(1) == pytest.approx(rt.release_at(None) - 0.100)
    rt.set_latency(1, None)  # no sample of this connection: no credit
    assert rt.latency == {}
    assert {"show_at", "server_now", "rings"} <= rt.extras(0).keys()


@pytest.mark.parametrize("why", list(Refusal))
def test_every_refusal_names_a_halli_galli_rule(why: Refusal) -> None:
    adapter = spieltisch.load("halligalli").face("realtime")
    error = adapter.refusal(why, 7)
    assert isinstance(error, IllegalAction)
    assert error.rule.startswith("HG") and error.message
    assert "{" not in error.message  # the version, where it is named, is filled in


def test_HG_R9_the_handicaps_come_from_the_game() -> None:
    game = spieltisch.load("halligalli", handicap_ms="0, 250,0")
    rt = RealtimeRuntime(game.new_state(players=4, seed=3), SimClock())
    assert rt.handicap == pytest.approx([0.0, 0.250, 0.0, 0.0])


@pytest.mark.parametrize("coach", [False, True])
def test_the_coach_reaches_seats_only_where_the_table_has_it(coach: bool) -> None:
    game = spieltisch.load("halligalli", coach=coach)
    rt = RealtimeRuntime(game.new_state(players=3, seed=3), SimClock())
    assert ("coach" in rt.extras(0)) is coach
    assert "coach" not in rt.extras(None)  # spectators get no advice
