"""Property tests over thousands of random Halali games (both variants).

Each hypothesis example plays a batch of seeds, so few examples cover many games while
hypothesis still varies the seeds from run to run. Invariants checked on the way:
games end; all 48 tiles are always on the board, captured or exited, hunters with their
dealt guns; scores are the values of the won tiles; replay and JSON rebuild the state;
``apply`` accepts exactly the legal actions and a refusal changes nothing; hidden tiles
never show in a view, and ``sample_state`` deals hidden layouts that show the same view.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from math import factorial
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import spieltisch
from spieltisch import IllegalAction
from spieltisch.games.halali import Flip, HalaliState, Move, Pass
from spieltisch.games.halali.board import (
    COUNTS,
    EMPTY,
    FOREST,
    HUNTER,
    KIND_BY_NAME,
    OWNER,
    VALUES,
    kind_of,
)
from spieltisch.games.halali.state import deal_layout
from tests.helpers.contract import assert_refused, canonical

VARIANTS = ("kosmos", "brettspielnetz")
SEEDS = st.integers(min_value=0, max_value=2**40)
PLY_LIMIT = 5_000
"""A safety net, not a rule: Kosmos games have no length limit, but random play ends
them within a few hundred plies (about 200 per game)."""


def fast(examples: int) -> settings:
    return settings(
        max_examples=examples,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
        derandomize=False,
    )


def new_state(variant: str, seed: int) -> HalaliState:
    state = spieltisch.load("halali", variant=variant).new_state(seed=seed)
    assert isinstance(state, HalaliState)
    return state


def step(state: HalaliState, rng: random.Random) -> list[dict[str, Any]]:
    seat = state.active_seats()[0]
    return state.apply(seat, rng.choice(state.legal_actions(seat)))


def tile_census(state: HalaliState) -> tuple[Counter[int], Counter[int]]:
    """Kinds of all tiles and guns of all hunters: board + captured + exited."""
    tiles = [state.board[sq] for sq in FOREST if state.board[sq] != EMPTY]
    for colour in (0, 1):
        tiles += state.taken[colour] + state.exited[colour]
    kinds = Counter(kind_of(t) for t in tiles)
    guns = Counter(t & 3 for t in tiles if kind_of(t) == HUNTER)
    return kinds, guns


def dealt_guns(seed: int, game_no: int) -> Counter[int]:
    return Counter(t & 3 for t in deal_layout(seed, game_no) if t != EMPTY and t >> 2 == HUNTER)


def play_and_check(variant: str, seed: int) -> HalaliState:
    """One random match to the end, checking tile and score invariants on every ply."""
    state = new_state(variant, seed)
    rng = random.Random(seed)
    guns = [dealt_guns(seed, game_no) for game_no in range(state.games_in_match)]
    won: list[list[int]] = [[], []]  # kinds won per colour, from the events alone
    plies = 0
    while not state.is_over():
        assert plies < PLY_LIMIT
        kinds, hunters = tile_census(state)
        assert [kinds[k] for k in range(7)] == list(COUNTS)
        assert hunters == guns[state.game_no]
        colour_of_seat = [state.colour_of(s) for s in (0, 1)]
        for event in step(state, rng):
            colour = {"blue": 0, "brown": 1}.get(event.get("colour", ""), -1)
            if event["type"] == "capture":
                won[colour].append(KIND_BY_NAME[event["captured"]])
                assert OWNER[KIND_BY_NAME[event["captured"]]] != colour
            elif event["type"] == "exit":
                won[colour].append(KIND_BY_NAME[event["tile"]])
                assert OWNER[KIND_BY_NAME[event["tile"]]] == colour
            elif event["type"] == "game_end":
                for s in (0, 1):
                    mine = won[colour_of_seat[s]]
                    assert event["points"][s] == sum(VALUES[k] for k in mine)
                    assert event["tiles"][s] == len(mine)
                won = [[], []]
        plies += 1
    result = state.result()
    assert result is not None
    games = result.details["games"]
    assert len(games) == state.games_in_match
    for s in (0, 1):
        assert result.scores[s] == sum(g["points"][s] for g in games)
        assert result.details["tiles"][s] == sum(g["tiles"][s] for g in games)
    points, tiles = result.scores, result.details["tiles"]
    if result.reason == "fifty_moves" and len(games) == 1:
        assert result.ranks == (1, 1)
    elif points[0] != points[1]:
        assert result.winners == ((0,) if points[0] > points[1] else (1,))
    elif variant == "kosmos" and tiles[0] != tiles[1]:
        assert result.winners == ((0,) if tiles[0] > tiles[1] else (1,))
    else:
        assert result.is_draw
    return state


@fast(8)
@given(base=SEEDS)
def test_random_games_end_with_every_tile_and_point_accounted_for(base: int) -> None:
    # 8 examples x (50 Kosmos matches of two games + 60 Brettspielnetz games) = 1280 games.
    for variant, count in (("kosmos", 50), ("brettspielnetz", 60)):
        for seed in range(base, base + count):
            state = play_and_check(variant, seed)
            if seed % 25 == 0:
                replayed = spieltisch.replay(json.loads(json.dumps(state.record())))
                assert replayed.to_json() == state.to_json()


def random_action(state: HalaliState, rng: random.Random) -> Any:
    """An action that is often legal, often nearly legal, and sometimes absurd."""
    roll = rng.random()
    squares = range(81)
    if roll < 0.15:
        return Flip(rng.choice(squares))
    if roll < 0.2:
        return Pass()
    if roll < 0.5:
        return Move(rng.choice(squares), rng.choice(squares))
    src = rng.choice([sq for sq in FOREST if state.board[sq] != EMPTY] or [0])
    f, r = src % 9, src // 9
    if rng.random() < 0.5:
        return Move(src, r * 9 + rng.randrange(9))
    return Move(src, rng.randrange(9) * 9 + f)


@fast(5)
@given(base=SEEDS)
def test_apply_accepts_exactly_the_legal_actions_and_refusals_change_nothing(base: int) -> None:
    # Each ply, random probes are tried until one is legal, and that one is played: so
    # apply must accept every probe in legal_actions and refuse every other one, without
    # changing the state. Every 20th refusal gets the full check (JSON and views).
    refusals = 0
    for i in range(20):
        seed = base + i
        state = new_state(VARIANTS[i % 2], seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.active_seats()[0]
            legal = state.legal_actions(seat)
            assert legal and len(set(legal)) == len(legal)
            assert state.legal_actions(1 - seat) == []
            for _ in range(6):
                action = random_action(state, rng)
                if action in legal:
                    break
                refusals += 1
                if refusals % 20 == 0:
                    err = assert_refused(state, seat, action)
                else:
                    before = state._dump()
                    try:
                        state.apply(seat, action)
                    except IllegalAction as exc:
                        err = exc
                    else:
                        raise AssertionError(f"{action} was applied but is not legal")
                    assert state._dump() == before
                assert err.rule.startswith("HA"), err
            else:
                action = rng.choice(legal)
            state.apply(seat, action)
    assert refusals > 1000


@fast(5)
@given(base=SEEDS, cut=st.floats(0, 1))
def test_json_round_trips_and_replay_rebuild_the_state(base: int, cut: float) -> None:
    for i in range(12):
        seed = base + i
        state = new_state(VARIANTS[i % 2], seed)
        rng = random.Random(seed)
        stop = int(cut * 200)
        while not state.is_over() and state.ply < stop:
            step(state, rng)
        data = json.loads(json.dumps(state.to_json()))
        copy = state.game.state_from_json(data)
        assert copy.to_json() == state.to_json()
        for seat in (0, 1, None):
            assert copy.view(seat) == state.view(seat)
        replayed = spieltisch.replay(json.loads(json.dumps(state.record())))
        assert replayed.to_json() == state.to_json()
        # The rebuilt state plays on exactly like the original.
        twin = random.Random(seed * 7)
        while not state.is_over():
            seat = state.active_seats()[0]
            action = twin.choice(state.legal_actions(seat))
            assert copy.legal_actions(seat) == state.legal_actions(seat)
            assert copy.apply(seat, action) == state.apply(seat, action)
            assert state.game.action_from_json(json.loads(json.dumps(action.to_json()))) == action
            assert state.game.parse_action(str(action)) == action
        assert copy.to_json() == state.to_json()
        assert copy.result() == state.result()


def arrangements(hidden_tiles: dict[str, int]) -> int:
    """How many different hidden layouts fit a view: placements times hunters' guns."""
    count = factorial(sum(hidden_tiles.values()))
    for n in hidden_tiles.values():
        count //= factorial(n)
    guns: int = 4 ** hidden_tiles.get("hunter", 0)
    return count * guns


def hidden_layout(state: HalaliState) -> tuple[int, ...]:
    return tuple(state.board[sq] for sq in FOREST if state.hidden[sq])


def reshuffled(state: HalaliState, rng: random.Random) -> HalaliState:
    """The same state with its face-down tiles dealt anew and hidden guns turned."""
    data = state.to_json()
    board = data["state"]["board"]
    squares = data["state"]["hidden"]
    tiles = [board[sq] for sq in squares]
    rng.shuffle(tiles)
    for sq, tile in zip(squares, tiles, strict=True):
        board[sq] = (tile & ~3) | rng.randrange(4) if tile >> 2 == HUNTER else tile
    other = state.game.state_from_json(data)
    assert isinstance(other, HalaliState)
    return other


@fast(5)
@given(base=SEEDS, cut=st.floats(0, 1))
def test_views_hide_exactly_the_face_down_tiles(base: int, cut: float) -> None:
    for i in range(10):
        seed = base + i
        state = new_state(VARIANTS[i % 2], seed)
        rng = random.Random(seed)
        stop = int(cut * 120)
        while not state.is_over() and state.ply < stop:
            step(state, rng)
        views = {seat: state.view(seat) for seat in (0, 1, None)}
        for view in views.values():
            assert json.loads(json.dumps(view)) == view
            assert all(c == {"hidden": True} for c in view["board"].values() if "tile" not in c)
        active = state.active_seats()
        # A state that differs only in its face-down tiles looks the same to everyone.
        for _ in range(3):
            other = reshuffled(state, rng)
            for seat, view in views.items():
                assert other.view(seat) == view
            for seat in (0, 1):
                assert other.legal_actions(seat) == state.legal_actions(seat)
        # Sampled worlds show the same view, allow the same actions, and vary.
        layouts = set()
        for seat in (0, 1, None):
            for k in range(4):
                view = json.loads(json.dumps(views[seat]))
                sampled = state.game.sample_state(view, seat, seed=k)
                assert isinstance(sampled, HalaliState) and sampled.sampled
                for s, v in views.items():
                    assert sampled.view(s) == v
                for s in active:
                    assert sampled.legal_actions(s) == state.legal_actions(s)
                kinds, _ = tile_census(sampled)
                assert [kinds[k] for k in range(7)] == list(COUNTS)
                layouts.add(hidden_layout(sampled))
                rebuilt = sampled.game.state_from_json(sampled.to_json())
                assert rebuilt.to_json() == sampled.to_json()
        if arrangements(views[None]["hidden_tiles"]) >= 10_000:  # 4 samples all equal: < 1e-12
            assert len(layouts) > 1
        if not state.is_over():
            # A move (not a flip) made in the real and a sampled world keeps the views equal.
            seat = active[0]
            moves = [a for a in state.legal_actions(seat) if not isinstance(a, Flip)]
            if moves:
                action = rng.choice(moves)
                sampled = state.game.sample_state(views[seat], seat, seed=99)
                state.apply(seat, action)
                sampled.apply(seat, action)
                assert sampled.view(seat) == state.view(seat)


@fast(60)
@given(text=st.text(max_size=12) | st.from_regex(r"(flip )?[a-k]\d{1,2}([-x][a-k]\d)?"))
def test_notation_reads_or_refuses_any_text(text: str) -> None:
    game = spieltisch.load("halali")
    try:
        action = game.parse_action(text)
    except spieltisch.InvalidNotation:
        return
    assert game.parse_action(str(action)) == action
    assert game.action_from_json(action.to_json()) == action


JSON_VALUES = st.none() | st.integers() | st.text(max_size=4) | st.sampled_from(["c4", "e1"])


@fast(60)
@given(
    data=st.dictionaries(
        st.sampled_from(["type", "square", "from", "to"]),
        st.sampled_from(["flip", "move", "pass"]) | JSON_VALUES,
    )
)
def test_action_json_reads_or_refuses_any_object(data: dict[str, Any]) -> None:
    game = spieltisch.load("halali")
    try:
        action = game.action_from_json(data)
    except spieltisch.InvalidNotation:
        return
    assert game.action_from_json(action.to_json()) == action


def test_views_and_events_do_not_alias_the_state() -> None:
    # A consumer may annotate what it gets (a server adds fields); the state must not change.
    state = new_state("kosmos", 1)
    rng = random.Random(1)
    events: list[dict[str, Any]] = []
    while not state.finished:
        events = step(state, rng)
    assert [e["type"] for e in events[-2:]] == ["game_end", "game_start"]
    before = canonical(state)
    state.view(0)["finished_games"][0]["points"][0] = 999
    state.to_json()["state"]["finished"][0]["tiles"].append(1)
    events[-2]["points"][1] = -1
    assert canonical(state) == before
    while not state.is_over():
        step(state, rng)
    before = canonical(state)
    result = state.result()
    assert result is not None
    result.details["games"][0]["colours"].reverse()
    state.view(None)["result"]["details"]["games"][1]["points"].clear()
    assert canonical(state) == before
    data = state.to_json()
    copy = state.game.state_from_json(data)
    data["state"]["finished"][0]["points"][0] = 999
    assert copy.to_json()["state"]["finished"] == state.to_json()["state"]["finished"]


def test_probe_generator_reaches_many_rules() -> None:
    # Sanity of the probe generator itself: it produces refusals of several rules.
    state = new_state("kosmos", 3)
    rng = random.Random(3)
    rules: set[str] = set()
    while not state.is_over():
        seat = state.active_seats()[0]
        legal = state.legal_actions(seat)
        for _ in range(3):
            action = random_action(state, rng)
            if action not in legal:
                try:
                    state.apply(seat, action)
                except IllegalAction as err:
                    rules.add(err.rule)
                else:
                    raise AssertionError(f"{action} was applied but is not legal")
        state.apply(seat, rng.choice(legal))
    assert {"HA-R1", "HA-R3", "HA-R4", "HA-R7", "HA §1", "HA §2"} <= rules
