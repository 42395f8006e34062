"""The fast paths searches take must agree with the plain ones: the rules bot's ``act`` on
a state chooses what ``plan`` chooses from the seat's view, a field-by-field ``clone`` is
the same game and independent, and the cached meld search answers like a fresh one."""

from __future__ import annotations

import random

import pytest

from spieltisch import load
from spieltisch.bots import make
from spieltisch.engine import State
from spieltisch.games.kalooki.cards import full_deck
from spieltisch.games.kalooki.faces.bots import RulesBot, _seen_from_state, _weight
from spieltisch.games.kalooki.meldsearch import (
    Searcher,
    _run_relevant,
    _suit_runs,
    all_melds,
    opening_weight,
    penalty_weight,
)
from spieltisch.games.kalooki.state import KalookiState


def _positions(fmt: str, players: int, seeds: range) -> list[State]:
    """Positions of games where some seats play the rules bot and others play at random
    (random players open rarely, rules players meld, build and swap)."""
    game = load("kalooki", format=fmt)
    out: list[State] = []
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_state(players, seed)
        rules = make(game, "rules", seed=seed)
        clever = {s for s in range(players) if rng.random() < 0.7}
        while not state.is_over() and state.ply < 600:
            seat = state.active_seats()[0]
            out.append(state.clone())
            if seat in clever:
                action = rules.plan(state.view(seat), seat, 0.0).action
            else:
                action = rng.choice(state.legal_actions(seat))
            state.apply(seat, action)
    return out


@pytest.mark.parametrize(("fmt", "players"), [("ring", 2), ("ring", 4), ("club", 3)])
def test_rules_bot_act_chooses_what_plan_chooses(fmt: str, players: int) -> None:
    game = load("kalooki", format=fmt)
    bot = make(game, "rules", seed=1)
    assert isinstance(bot, RulesBot)
    positions = _positions(fmt, players, range(3))
    assert len(positions) > 200
    for state in positions:
        seat = state.active_seats()[0]
        assert bot.act(state, seat) == bot.plan(state.view(seat), seat, 0.0).action


def test_rules_bot_act_agrees_in_sampled_worlds() -> None:
    """Rollouts play in worlds sampled from a view: act must agree there as well."""
    game = load("kalooki")
    bot = make(game, "rules", seed=2)
    for k, state in enumerate(_positions("ring", 2, range(10, 12))[::7]):
        seat = state.active_seats()[0]
        world = game.sample_state(state.view(seat), seat, k)
        for s in world.active_seats():
            assert bot.act(world, s) == bot.plan(world.view(s), s, 0.0).action


def test_rules_bot_act_reads_nothing_hidden() -> None:
    """Changing what the seat cannot see (other hands, the stock's order) leaves its move
    alone."""
    game = load("kalooki")
    bot = make(game, "rules", seed=3)
    rng = random.Random(4)
    for state in _positions("ring", 3, range(20, 22))[::5]:
        assert isinstance(state, KalookiState)
        seat = state.active_seats()[0]
        before = bot.act(state, seat)
        other = state.clone()
        rng.shuffle(other.stock)
        # Swap the other hands with each other (sizes kept where they match).
        others = [s for s in range(state.players) if s != seat]
        if len(others) == 2 and other.sizes[others[0]] == other.sizes[others[1]]:
            a, b = others
            other.hands[a], other.hands[b] = other.hands[b], other.hands[a]
        assert bot.act(other, seat) == before


@pytest.mark.parametrize("fmt", ["ring", "club"])
def test_clone_copies_every_field_and_shares_no_mutable_part(fmt: str) -> None:
    positions = _positions(fmt, 3, range(30, 31))
    for state in positions[::25]:
        assert isinstance(state, KalookiState)
        copy = state.clone()
        for name in (*KalookiState.__slots__, *State.__slots__):
            if name != "melds":
                assert getattr(copy, name) == getattr(state, name), name
        assert [m.to_json() for m in copy.melds] == [m.to_json() for m in state.melds]
        assert copy.to_json() == state.to_json()
        assert [copy.view(s) for s in range(3)] == [state.view(s) for s in range(3)]
        assert copy.record() == state.record()
        for name in ("hands", "known", "sizes", "pile", "stock", "opened", "alive", "totals"):
            assert getattr(copy, name) is not getattr(state, name), name
        assert all(a is not b for a, b in zip(copy.hands, state.hands, strict=True))
        assert all(a is not b for a, b in zip(copy.melds, state.melds, strict=True))
        assert all(a.tokens is not b.tokens for a, b in zip(copy.melds, state.melds, strict=True))


@pytest.mark.parametrize("weight", [opening_weight, penalty_weight, _weight])
def test_a_small_lru_memo_answers_like_a_large_one(weight: object) -> None:
    """Evicting sub-hands from the memo never changes a packing."""
    assert callable(weight)
    small, large = Searcher(weight, size=64), Searcher(weight)
    rng = random.Random(5)
    for _ in range(150):
        deck = full_deck()
        rng.shuffle(deck)
        counts = [0] * 53
        for f in deck[: rng.randint(3, 15)]:
            counts[f] += 1
        keep = rng.randint(0, 2)
        assert small.best_keeping(list(counts), keep) == large.best_keeping(list(counts), keep)
    assert len(small) <= 64


def test_runs_ignore_held_ranks_no_run_can_use() -> None:
    """The meld table shares a suit's runs between held patterns that differ only in ranks
    no run can use; for every pattern and joker count that gives the same runs."""
    for jokers in range(3):
        for mask in range(1 << 13):
            relevant = _run_relevant(mask, jokers)
            assert relevant & ~mask == 0
            assert _suit_runs(2, relevant, jokers) == _suit_runs(2, mask, jokers)


@pytest.mark.parametrize("weight", [penalty_weight, _weight])
def test_a_face_no_meld_uses_leaves_the_packing_as_it_is(weight: object) -> None:
    """The rules bot skips the search for discards no meld uses: ``uses`` must agree with
    the complete meld list, and such a discard must leave the best packing unchanged."""
    assert callable(weight)
    search = Searcher(weight)
    rng = random.Random(11)
    skipped = 0
    for _ in range(300):
        deck = full_deck()
        rng.shuffle(deck)
        counts = [0] * 53
        for f in deck[: rng.randint(3, 15)]:
            counts[f] += 1
        melds = all_melds(counts)
        for f in range(52):
            if not counts[f]:
                continue
            used = any(f in m for m in melds)
            assert search.uses(counts, f) == used
            if not used:
                skipped += 1
                fewer = list(counts)
                fewer[f] -= 1
                assert search.best(fewer) == search.best(counts)
    assert skipped > 100


def test_build_faces_are_the_faces_builds_accepts() -> None:
    """The discard reads table builds from one set made per decision."""
    bot = make(load("kalooki"), "rules", seed=1)
    assert isinstance(bot, RulesBot)
    checked = 0
    for state in _positions("ring", 4, range(2)):
        seat = state.active_seats()[0]
        assert isinstance(state, KalookiState)
        seen = _seen_from_state(state, seat)
        want = {f for f in range(52) if bot._builds(seen, f)}
        assert bot._build_faces(seen) == want
        checked += bool(want)
    assert checked > 50
