"""The table runtime on a simulated clock: bot plans, re-asking, write-ahead, visibility."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import spieltisch
from spieltisch.bots import Bot, Plan, levels, make
from spieltisch.engine import IllegalAction, View
from spieltisch.table import SimClock, TableRuntime, events_for


class Recorder(Bot):
    """Plays the first legal action after a fixed delay and remembers what it saw."""

    def __init__(self, game: Any, delay: float) -> None:
        super().__init__(game, delay=delay)
        self.seen: list[tuple[float, int]] = []

    def plan(self, view: View, seat: int, clock: float) -> Plan:
        self.seen.append((clock, len(view["legal_actions"])))
        return Plan(self.legal_actions(view)[0], self.delay)


def test_bot_plans_fall_due_on_the_simulated_clock() -> None:
    game = spieltisch.load("halali")
    clock = SimClock()
    bots = {0: Recorder(game, 2.0), 1: Recorder(game, 0.5)}
    rt = TableRuntime(game.new_state(seed=1), clock, bots)
    steps = rt.run_bots(clock.advance_to, limit=4)
    assert [s.seat for s in steps] == [0, 1, 0, 1]
    assert [s.ply for s in steps] == [0, 1, 2, 3]
    assert clock.now() == pytest.approx(2.0 + 0.5 + 2.0 + 0.5)
    assert [t for t, _ in bots[0].seen] == [0.0, 2.5]  # asked when its turn came


def test_a_stale_plan_is_never_played_and_the_bot_is_asked_again() -> None:
    """The runtime re-asks bots when the view changes (ARCHITECTURE.md, Bots)."""
    game = spieltisch.load("halali")
    clock = SimClock()
    bot = Recorder(game, 1.0)
    rt = TableRuntime(game.new_state(seed=2), clock, {0: bot, 1: bot})
    assert rt.plan_bots() == 1
    assert rt.next_due() == 1.0
    rt.act(0, game.parse_action("flip h8"))  # someone else acted first (a human, a ring)
    clock.advance_to(1.0)
    assert rt.run_due() is None  # the plan was made for ply 0
    assert rt.plan_bots() == 1 and rt.next_due() == 2.0
    clock.advance_to(2.0)
    step = rt.run_due()
    assert step is not None and step.seat == 1 and step.ply == 1


@pytest.mark.parametrize("name", spieltisch.game_names())
def test_a_random_bot_is_shown_only_its_legal_actions_and_plays_as_with_its_view(
    name: str,
) -> None:
    """A bot that reads nothing else gets a view of its legal actions alone: the same
    list in notation as its whole view has, so its seeded choices are the same."""
    game = spieltisch.load(name)
    state = game.new_state(seed=6)
    rt = TableRuntime(state.clone(), SimClock(), {s: make(game, "random") for s in range(2)})
    for request in rt.bot_requests():
        whole = state.view(request.seat)
        assert request.view == {"legal_actions": whole["legal_actions"]}
        mine = make(game, "random", seed=9).plan(request.view, request.seat, 0.0)
        theirs = make(game, "random", seed=9).plan(whole, request.seat, 0.0)
        assert mine.action == theirs.action
    rules = make(game, "rules") if "rules" in levels(game) else None
    if rules is not None:  # a bot that reads the table gets all of it
        rt.set_bot(0, rules)
        requests = {r.seat: r for r in rt.bot_requests()}
        if 0 in requests:
            assert requests[0].view == state.view(0)


def test_human_seats_stop_the_bots() -> None:
    game = spieltisch.load("halali")
    clock = SimClock()
    rt = TableRuntime(game.new_state(seed=3), clock, {1: make(game, "random", seed=1)})
    assert rt.run_bots(clock.advance_to) == []  # seat 0 is human and to move
    rt.act(0, game.parse_action("flip b2"))
    steps = rt.run_bots(clock.advance_to)
    assert [s.seat for s in steps] == [1]


def test_write_ahead_runs_before_act_returns_and_a_failure_rolls_back() -> None:
    game = spieltisch.load("halali")
    stored: list[tuple[int, int, dict[str, Any]]] = []
    fail = {"now": False}

    def write(ply: int, seat: int, action: dict[str, Any], result: Any) -> None:
        assert result is None  # no move of this test ends the game
        if fail["now"]:
            raise OSError("disk full")
        stored.append((ply, seat, action))

    rt = TableRuntime(game.new_state(seed=4), SimClock(), write_ahead=write)
    rt.act(0, game.parse_action("flip b2"))
    assert stored == [(0, 0, {"type": "flip", "square": "b2"})]
    before = rt.state.to_json()
    fail["now"] = True
    with pytest.raises(OSError):
        rt.act(1, game.parse_action("flip c2"))
    assert rt.state.to_json() == before and rt.ply == 1
    with pytest.raises(IllegalAction):
        rt.act(1, game.parse_action("flip b2"))  # refused by the rules: nothing stored
    assert len(stored) == 1


def test_events_reach_only_the_seats_that_may_see_them() -> None:
    events: list[dict[str, Any]] = [
        {"type": "deal", "card": "♠A", "visible_to": [0]},
        {"type": "turn", "seat": 1},
    ]
    assert events_for(events, 0) == [{"type": "deal", "card": "♠A"}, {"type": "turn", "seat": 1}]
    assert events_for(events, 1) == [{"type": "turn", "seat": 1}]
    assert events_for(events, None) == [{"type": "turn", "seat": 1}]


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_bot_games_on_the_runtime_replay_exactly(seed: int) -> None:
    """Principle 4 through the runtime: the stored actions rebuild the final state."""
    game = spieltisch.load("halali", match="single")
    clock = SimClock()
    record: list[dict[str, Any]] = []
    results: list[dict[str, Any] | None] = []

    def write(ply: int, seat: int, action: dict[str, Any], result: dict[str, Any] | None) -> None:
        record.append({"seat": seat, "action": action})
        results.append(result)

    bots = {s: make(game, "random", seed=seed + s, delay=0.1 * (s + 1)) for s in (0, 1)}
    rt = TableRuntime(game.new_state(seed=seed), clock, bots, write)
    steps = rt.run_bots(clock.advance_to)
    assert rt.is_over() and len(steps) == len(record) == rt.ply
    final = rt.state.result()
    assert final is not None  # the last action is written together with the result
    assert results[-1] == final.to_json() and all(r is None for r in results[:-1])
    again = spieltisch.replay(
        {"game": "halali", "options": game.options, "players": 2, "seed": seed, "actions": record}
    )
    assert again.to_json() == rt.state.to_json()
