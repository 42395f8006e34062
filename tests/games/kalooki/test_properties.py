"""Property tests over many random games: conservation of the 106 cards, valid melds at all
times, complete legal actions, atomic refusals, JSON and replay, views and sampling."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import spieltisch
from spieltisch.engine import IllegalAction
from spieltisch.games.kalooki import Kalooki, KalookiState
from spieltisch.games.kalooki.actions import (
    DRAW_DISCARD,
    DRAW_STOCK,
    Build,
    Discard,
    Meld,
    Swap,
    parse_action,
)
from spieltisch.games.kalooki.cards import COPIES, FACES, JOKER
from spieltisch.games.kalooki.melds import JOKER_TOKEN, card_of, classify, joker_as
from spieltisch.games.kalooki.meldsearch import all_melds


def check_invariants(s: KalookiState) -> None:
    total = [0] * FACES
    for h in s.hands:
        for f in range(FACES):
            total[f] += h[f]
    for f in s.stock + s.pile:
        total[f] += 1
    for m in s.melds:
        for t in m.tokens:
            total[card_of(t)] += 1
        shape = classify(tuple(m.tokens))
        assert not isinstance(shape, str), f"invalid table meld {m}: {shape}"
        assert shape[0] == m.is_run and (not m.is_run or shape[2] == m.lo)
    assert total == [COPIES] * FACES, "the 106 cards are not conserved"
    assert s.sizes == [sum(h) for h in s.hands]
    for seat in range(s.players):
        assert all(k <= h for k, h in zip(s.known[seat], s.hands[seat], strict=True))


def superset(s: KalookiState, seat: int, rng: random.Random) -> list[object]:
    """Candidate actions around the legal ones, legal or not."""
    hand = s.hands[seat]
    out: list[object] = [DRAW_STOCK, DRAW_DISCARD]
    out += [Discard(f) for f in range(FACES)]
    out += [Meld(m) for m in all_melds(hand)]
    out += [Meld(m) for m in all_melds([min(2, c + 1) for c in hand])[:40]]
    for i in range(len(s.melds) + 1):
        for f in range(52):
            out.append(Build(i, f))
            out.append(Build(i, joker_as(f)))
            out.append(Swap(i, (f,)))
        for f in range(52):
            for g in range(f + 1, 52):
                if f % 13 == g % 13:
                    out.append(Swap(i, (f, g)))
    return out


def play_random_game(seed: int, players: int, check_every: int, **options: object) -> KalookiState:
    game = Kalooki(**options)
    s = game.new_state(players, seed)
    rng = random.Random(seed)
    step = 0
    while not s.is_over():
        seat = s.active_seats()[0]
        legal = s.legal_actions(seat)
        assert legal, "a seat to move always has a legal action"
        assert len(set(legal)) == len(legal)
        if step % check_every == 0:
            check_invariants(s)
            before = json.dumps(s.to_json(), sort_keys=True)
            # Completeness: exactly the accepted candidates are listed.
            cands = superset(s, seat, rng)
            accepted = {a for a in cands if s._refusal(seat, a) is None}
            assert accepted <= set(legal)
            assert all(s._refusal(seat, a) is None for a in legal)
            # Refused actions leave the state unchanged.
            refused = [a for a in cands if a not in accepted]
            for a in rng.sample(refused, min(3, len(refused))):
                with pytest.raises(IllegalAction):
                    s.apply(seat, a)
            assert json.dumps(s.to_json(), sort_keys=True) == before
            restored = game.state_from_json(json.loads(before))
            assert json.dumps(restored.to_json(), sort_keys=True) == before
            # Views hide other hands; a state sampled from a view shows the same view.
            for viewer in [*range(players), None]:
                view = s.view(viewer)
                text = json.dumps(view)
                sample = game.sample_state(json.loads(text), viewer, seed + step)
                assert sample.view(viewer) == view
                check_invariants(sample)
                if viewer is not None:
                    assert sample.hands[viewer] == s.hands[viewer]
            assert json.dumps(s.to_json(), sort_keys=True) == before
        action = rng.choice(legal)
        assert parse_action(str(action)) == action
        assert game.action_from_json(json.loads(json.dumps(action.to_json()))) == action
        s.apply(seat, action)
        step += 1
    check_invariants(s)
    return s


@pytest.mark.slow
@settings(max_examples=5, deadline=None)
@given(st.integers(0, 10**6), st.integers(2, 4))
def test_random_games_keep_every_invariant(seed: int, players: int) -> None:
    s = play_random_game(seed, players, check_every=23)
    result = s.result()
    assert result is not None and min(result.ranks) == 1
    replayed = spieltisch.replay(json.loads(json.dumps(s.record())))
    assert replayed.to_json() == s.to_json()


def test_many_random_games_end_and_conserve_cards() -> None:
    """KA-R9 keeps random play finite; conservation and meld validity at every step."""
    reasons: dict[str, int] = {}
    for seed in range(12):
        game = Kalooki(six_players=True, format="ring")
        s = game.new_state(2 + seed % 5, seed)
        rng = random.Random(seed)
        while not s.is_over():
            seat = s.active_seats()[0]
            s.apply(seat, rng.choice(s.legal_actions(seat)))
            check_invariants(s)
        reasons[s.reason] = reasons.get(s.reason, 0) + 1
    assert set(reasons) <= {"out", "kalooki", "exhausted"}


@pytest.mark.slow
def test_club_format_random_game_ends_with_one_player_left() -> None:
    s = play_random_game(5, 3, check_every=97, format="club")
    result = s.result()
    assert result is not None
    assert s.reason in ("last_player", "shared")
    assert sum(s.alive) >= 1 and len(s.deals) >= 2
    assert sum(result.scores) == pytest.approx(0.0, abs=0.05)


def test_views_never_show_other_hands_or_the_stock() -> None:
    s = Kalooki().new_state(3, seed=9)
    view = s.view(1)
    text = json.dumps(view)
    assert view["hand"] is not None and s.view(None)["hand"] is None
    assert "stock" not in view and view["stock_size"] == len(s.stock)
    assert view["known_cards"] == [[], [], []]
    assert view["legal_actions"] == [] and s.view(0)["legal_actions"] == [
        "draw stock",
        "draw discard",
    ]
    assert "JK" not in text or "JK" in view["hand"] or "JK" in view["discard_pile"]


def test_sample_state_keeps_cards_known_to_be_held() -> None:
    s = Kalooki().new_state(2, seed=4)
    s.apply(0, DRAW_DISCARD)
    taken = s.taken
    legal = [a for a in s.legal_actions(0) if isinstance(a, Discard)]
    s.apply(0, legal[0])
    view = s.view(1)
    for k in range(5):
        sample = Kalooki().sample_state(view, 1, k)
        assert sample.hands[0][taken] >= 1
        assert sample.view(1) == view
    assert JOKER_TOKEN > JOKER


@pytest.mark.slow
def test_a_thousand_random_deals_conserve_cards_and_keep_melds_valid() -> None:
    """KA-R1/KA-R2 over 1,000 random deals of 2–4 players: 106 cards accounted for and
    every table meld valid, checked every 40 steps and at the end of each deal."""
    game = Kalooki(format="ring")
    deals = 0
    for seed in range(1000):
        s = game.new_state(2 + seed % 3, 10_000 + seed)
        rng = random.Random(seed)
        step = 0
        while not s.is_over():
            seat = s.active_seats()[0]
            s.apply(seat, rng.choice(s.legal_actions(seat)))
            step += 1
            if step % 40 == 0:
                check_invariants(s)
        check_invariants(s)
        result = s.result()
        assert result is not None and abs(sum(result.scores)) < 1e-6
        deals += 1
    assert deals == 1000
