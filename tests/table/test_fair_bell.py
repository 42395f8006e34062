"""The fair bell on the simulated clock (HG-R8 collection window and trust, HG-R9 handicap)."""

from __future__ import annotations

from typing import Any

import pytest

import spieltisch
from spieltisch.bots import Bot, Plan, make
from spieltisch.engine import IllegalAction, View
from spieltisch.games.halligalli.bell import is_bell_valid
from spieltisch.games.halligalli.cards import card_by_name
from spieltisch.games.halligalli.faces.realtime import ADAPTER
from spieltisch.table import RealtimeRuntime, SimClock
from spieltisch.table.adapter import Refusal
from spieltisch.table.bell import FLOOR, MAX_CREDIT, SLACK, WINDOW, RingClaim, RungTooEarly
from spieltisch.table.bell import judge as judge_timing
from spieltisch.table.realtime import COOLDOWN


def judge(seat: int, version: int, **timing: Any) -> RingClaim:
    """The bell's timing rule as Halli Galli refuses with it, as the runtime applies it: a
    ring before its card could be seen breaks HG-R8 (the game's real-time face words it)."""
    try:
        return judge_timing(seat, version, **timing)
    except RungTooEarly as early:
        raise ADAPTER.refusal(Refusal.TOO_EARLY, early.version) from None


def valid_table(view: View) -> bool:
    return is_bell_valid(card_by_name(p[-1]) for p in view["table"] if p)


def ready_table(
    players: int = 3, latency: dict[int, float] | None = None, **options: Any
) -> tuple[RealtimeRuntime, SimClock, int]:
    """A runtime on a simulated clock whose table has just become valid by a regular flip;
    returns it, its clock and the version on the table."""
    game = spieltisch.load("halligalli", stray_cards=False, **options)
    for seed in range(200):
        clock = SimClock()
        rt = RealtimeRuntime(game.new_state(players=players, seed=seed), clock)
        rt.latency = dict(latency or {})
        for _ in range(60):
            view = rt.view(None)
            if view["to_flip"] is None:
                break
            clock.advance(1.0)
            rt.act(view["to_flip"], game.parse_action("flip"))
            if valid_table(rt.view(None)):
                return rt, clock, rt.view(None)["version"]
            if rt.view(None)["phase"] != "round":
                break
    raise AssertionError("no valid table found")


def bell_winner(rt: RealtimeRuntime, clock: SimClock) -> int | None:
    for step in rt.run_bots(clock.advance_to):
        for event in step.events:
            if event["type"] == "bell":
                return int(event["seat"])
    return None


def press(rt: RealtimeRuntime, clock: SimClock, seat: int, v: int, reaction: float) -> None:
    """Seat ``seat`` reacts ``reaction`` s after the card showed; its ring travels its
    one-way latency to the table."""
    clock.advance_to(rt.shown_at[v] + reaction + rt.latency.get(seat, 0.0))
    rt.ring(seat, v, reaction)


def test_HG_R8_faster_reaction_on_the_slow_link_wins() -> None:
    """20 ms vs 200 ms one way; the slow link reacts 50 ms faster, arrives 130 ms later."""
    rt, clock, v = ready_table(latency={0: 0.020, 1: 0.200})
    assert rt.shown_at[v] == pytest.approx(clock.now() + 0.200)  # shown when all can see it
    press(rt, clock, 0, v, 0.300)  # arrives at show + 0.320
    press(rt, clock, 1, v, 0.250)  # arrives at show + 0.450: later, but faster
    assert bell_winner(rt, clock) == 1
    assert [c.seat for c in rt.last_rings] == [1, 0]
    assert all(c.trusted for c in rt.last_rings)


def test_HG_R8_forged_reaction_below_the_floor_is_not_trusted() -> None:
    rt, clock, v = ready_table(latency={0: 0.020, 1: 0.020})
    press(rt, clock, 0, v, 0.250)
    clock.advance_to(rt.shown_at[v] + 0.400 + 0.020)  # really pressed at 400 ms ...
    claim = rt.ring(1, v, 0.050)  # ... but claims 50 ms
    assert claim is not None and not claim.trusted
    assert claim.reaction == pytest.approx(0.400)  # what the server timed, not a ms less
    assert bell_winner(rt, clock) == 0


def test_HG_R8_a_reported_reaction_can_only_make_a_ring_slower() -> None:
    """Above the floor, but faster than the server timed it: the server's estimate."""
    claim = judge(1, 3, shown_at=0.0, arrival=0.620, one_way=0.020, claimed=0.150)
    assert not claim.trusted and claim.reaction == pytest.approx(0.600)
    slower = judge(1, 3, shown_at=0.0, arrival=0.620, one_way=0.020, claimed=0.610)
    assert slower.trusted and slower.reaction == pytest.approx(0.610)
    quick = judge(1, 3, shown_at=0.0, arrival=0.090, one_way=0.0, claimed=None)
    assert quick.reaction == FLOOR  # never ranked better than a human can be


def test_HG_R8_the_bound_a_ring_is_ranked_by() -> None:
    """reaction = max(arrival − show − credit, reported, floor), the credit only if the
    ring leaves room for it: credit ≤ arrival − show − floor + slack."""
    shown, arrival = 10.0, 10.330
    room = arrival - shown - FLOOR + SLACK
    fits = judge(0, 1, shown_at=shown, arrival=arrival, one_way=0.150, claimed=0.1)
    assert fits.credit == pytest.approx(0.150) and fits.reaction == pytest.approx(0.180)
    assert fits.bound == pytest.approx(room)
    too_much = judge(0, 1, shown_at=shown, arrival=arrival, one_way=room + 0.001, claimed=0.1)
    assert too_much.credit == 0.0 and too_much.reaction == pytest.approx(0.330)


def test_HG_R8_a_ring_before_the_card_could_be_seen_is_refused() -> None:
    with pytest.raises(IllegalAction) as info:
        judge(0, 1, shown_at=5.0, arrival=5.0 + FLOOR - SLACK - 0.001, one_way=0.0, claimed=0.1)
    assert info.value.rule == "HG-R8"
    rt, clock, v = ready_table(latency={0: 0.005, 1: 0.200})
    assert rt.shown_at[v] > clock.now()  # held back for the 200 ms link
    clock.advance(0.020)  # the 5 ms link has the message, the card is not shown yet
    with pytest.raises(IllegalAction) as info:
        rt.ring(0, v, 0.100)
    assert info.value.rule == "HG-R8"
    assert not rt.bell.is_open  # it opened no window: play goes on
    press(rt, clock, 1, v, 0.300)
    assert bell_winner(rt, clock) == 1


def test_HG_R8_a_card_leaves_for_each_seat_its_own_latency_before_the_show() -> None:
    rt, _, v = ready_table(latency={0: 0.005, 1: 0.200})
    shown = rt.shown_at[v]
    assert rt.release_at(1) == pytest.approx(shown - 0.200 - SLACK)
    assert rt.release_at(0) == pytest.approx(shown - 0.005 - SLACK)
    assert rt.release_at(None) == pytest.approx(shown - SLACK)  # spectators: no credit


def test_HG_R8_held_back_latency_earns_nothing() -> None:
    """Seat 0 is 20 ms away but made its round trips look like 1 s; seat 1 is honest at
    the same distance. Both react in 300 ms: seat 0 claims 100 ms and is not believed."""
    rt, clock, v = ready_table(latency={0: 0.500, 1: 0.020})
    assert rt.credit(0) == 0.0  # beyond MAX_CREDIT: not a link the bell compensates
    shown = rt.shown_at[v]
    clock.advance_to(shown + 0.300 + 0.020)
    first = rt.ring(0, v, 0.100)
    clock.advance_to(shown + 0.300 + 0.020 + 0.001)
    second = rt.ring(1, v, 0.300)
    assert first is not None and second is not None
    assert first.reaction == pytest.approx(0.320) and second.reaction == pytest.approx(0.301)
    assert bell_winner(rt, clock) == 1


def test_HG_R8_a_latency_a_ring_disproves_caps_the_seat_from_then_on() -> None:
    rt, clock, v = ready_table(latency={0: MAX_CREDIT})
    shown = rt.shown_at[v]
    clock.advance_to(shown + 0.200 + 0.010)  # truly 10 ms away, 200 ms reaction
    claim = rt.ring(0, v, 0.100)
    assert claim is not None and claim.credit == 0.0  # 250 ms of latency leaves no room
    assert claim.reaction == pytest.approx(0.210)
    assert rt.credit(0) == pytest.approx(0.210 - FLOOR + SLACK)


@pytest.mark.parametrize("version", [-1, 10**6])
def test_HG_R8_a_ring_naming_a_version_never_shown_opens_no_window(version: int) -> None:
    rt, clock, _ = ready_table()
    clock.advance(1.0)
    with pytest.raises(IllegalAction) as info:
        rt.ring(0, version, 0.200)
    assert info.value.rule == "HG-R8" and not rt.bell.is_open


def test_HG_R4_a_ring_for_a_table_long_gone_opens_no_window() -> None:
    rt, clock, v = ready_table(latency={0: 0.020, 1: 0.020})
    press(rt, clock, 0, v, 0.300)
    assert bell_winner(rt, clock) == 0  # a new round: version v is history
    clock.advance(MAX_CREDIT + SLACK + 0.5)
    with pytest.raises(IllegalAction) as info:
        rt.ring(1, v, 0.200)
    assert info.value.rule == "HG-R4" and not rt.bell.is_open


def test_HG_R8_a_stale_ring_flood_costs_the_flooder_and_flips_go_on() -> None:
    """Rings naming a never-shown version every 310 ms: each is refused at once, the
    flips go on, and after three the flooder may not ring at all for a while."""
    rt, clock, _ = ready_table()
    game = rt.state.game
    for _ in range(3):
        clock.advance(0.310)
        with pytest.raises(IllegalAction):
            rt.ring(2, -7, 0.150)
        assert not rt.bell.is_open
    flipper = rt.view(None)["to_flip"]
    clock.advance(0.310)
    rt.act(flipper, game.parse_action("flip"))  # the bell does not stop play
    w = rt.view(None)["version"]
    clock.advance_to(rt.shown_at[w] + 0.300)
    with pytest.raises(IllegalAction) as info:
        rt.ring(2, w, 0.300)  # even a ring on the current table: cooling down
    assert info.value.rule == "HG-R8"
    clock.advance(COOLDOWN)
    rt.ring(2, w, 0.300)
    assert rt.bell.is_open


@pytest.mark.parametrize(("handicap", "winner"), [("", 0), ("200,0,0", 1)])
def test_HG_R9_handicap_changes_the_winner(handicap: str, winner: int) -> None:
    rt, clock, v = ready_table(handicap_ms=handicap)
    press(rt, clock, 0, v, 0.250)
    press(rt, clock, 1, v, 0.300)
    assert bell_winner(rt, clock) == winner


def test_HG_R8_a_ring_outside_the_window_loses_and_costs_nothing() -> None:
    rt, clock, v = ready_table(latency={0: 0.020, 1: 0.020})
    press(rt, clock, 0, v, 0.300)
    cards = rt.view(None)["draw"][1]
    clock.advance_to(rt.shown_at[v] + 0.320 + WINDOW + 0.010)  # after the window closed
    assert rt.bell.closes_at is not None and rt.bell.closes_at <= clock.now()
    rt.ring(1, v, 0.120)
    assert bell_winner(rt, clock) == 0
    assert rt.run_bots(clock.advance_to) == []  # its own window: refused with HG-R4
    assert rt.view(None)["draw"][1] == cards  # a lost race is no wrong ring


def test_HG_R8_the_bell_stops_play_while_rings_are_collected() -> None:
    rt, clock, v = ready_table()
    press(rt, clock, 0, v, 0.300)
    with pytest.raises(IllegalAction) as info:
        rt.act(rt.view(None)["to_flip"], rt.state.game.parse_action("flip"))
    assert info.value.rule == "HG-R8"


class FixedRinger(Bot):
    """Rings every valid table a fixed time after seeing it; never flips."""

    def plan(self, view: View, seat: int, clock: float) -> Plan:
        if valid_table(view) and f"ring@{view['version']}" in view["legal_actions"]:
            return Plan(self.game.parse_action(f"ring@{view['version']}"), self.delay)
        return Plan(None, float("inf"))


def test_HG_R8_bot_rings_go_through_the_same_window() -> None:
    rt, clock, v = ready_table(latency={1: 0.200})
    rt.set_bot(2, FixedRinger(rt.state.game, delay=0.300))
    rt.plan_bots()
    assert rt.plans[2].due == pytest.approx(rt.shown_at[v] + 0.300)  # counts from show time
    press(rt, clock, 1, v, 0.250)  # arrives after the bot's ring
    assert bell_winner(rt, clock) == 1
    assert [c.seat for c in rt.last_rings] == [1, 2]


class Spy(Bot):
    """Wraps a bot and checks that what it is given is exactly its seat's view."""

    def __init__(self, inner: Bot, rt_box: list[RealtimeRuntime]) -> None:
        super().__init__(inner.game)
        self.inner, self.rt_box, self.calls = inner, rt_box, 0

    def plan(self, view: View, seat: int, clock: float) -> Plan:
        rt = self.rt_box[0]
        assert view == rt.state.view(seat)
        assert all(isinstance(n, int) for n in view["draw"])  # sizes, never faces
        self.calls += 1
        return self.inner.plan(view, seat, clock)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_HG_R8_bots_act_only_on_their_view_and_never_before_the_card_shows(seed: int) -> None:
    game = spieltisch.load("halligalli")
    clock = SimClock()
    box: list[RealtimeRuntime] = []
    levels = ["expert", "average", "beginner", "expert", "average", "beginner"]
    bots = {s: Spy(make(game, lv, seed=seed * 10 + s), box) for s, lv in enumerate(levels)}
    rt = RealtimeRuntime(game.new_state(players=6, seed=seed), clock, bots)
    rt.latency = {s: 0.01 * s for s in range(6)}
    box.append(rt)
    total = sum(rt.view(None)["draw"]) + rt.view(None)["aside"]
    windows = 0
    while not rt.is_over():
        before = rt.last_rings
        steps = rt.run_bots(clock.advance_to, limit=1)
        if rt.last_rings is not before and rt.last_rings:
            windows += 1
            for c in rt.last_rings:
                assert c.reaction >= FLOOR  # nobody rings before the card can be seen
                assert c.arrival >= rt.shown_at.get(c.version, 0.0) + FLOOR - 1e-9
        if not steps:
            break
    view = rt.view(None)
    assert rt.is_over()
    assert sum(view["draw"]) + sum(map(len, view["table"])) + view["aside"] == total
    assert windows > 0 and all(b.calls > 0 for b in bots.values())
