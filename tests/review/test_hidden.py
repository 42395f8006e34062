"""The review never reads hidden information: it judges from the seat's views only.

Every world it imagines is sampled from exactly the view the seat had at that ply, every
rollout starts from such a sampled world (never from the true state), and a state that
differs only in what the seat cannot see gets the same judgement.
"""

from __future__ import annotations

from typing import Any

import pytest

import spieltisch
import spieltisch.review as review_module
from spieltisch.engine import State, View
from spieltisch.review import review_decision, review_record
from spieltisch.review.search import Judge, Sample
from tests.helpers.hydra_endgame import _next_to_last_trick
from tests.helpers.sampling import spy_on_samples

SEAT = 1


def test_worlds_are_sampled_from_the_seats_own_views_only(
    hydra_record: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    game = spieltisch.load(hydra_record["game"], **hydra_record["options"])
    calls = spy_on_samples(game)
    monkeypatch.setattr(review_module, "load", lambda name, **options: game)
    starts: list[State] = []
    real_rollout = Judge._rollout

    def spy_rollout(self: Judge, world: State, seat: int, action: Any, seed: int) -> Sample:
        starts.append(world)
        return real_rollout(self, world, seat, action, seed)

    monkeypatch.setattr(Judge, "_rollout", spy_rollout)
    review = review_record(hydra_record, SEAT, worlds=3)

    # The views the seat really had, ply by ply.
    truth = spieltisch.load(hydra_record["game"], **hydra_record["options"])
    state = truth.new_state(players=hydra_record["players"], seed=hydra_record["seed"])
    views: list[View] = []
    for step in hydra_record["actions"]:
        if step["seat"] == SEAT:
            views.append(state.view(SEAT))
        state.apply(step["seat"], truth.action_from_json(step["action"]))
    assert calls and starts
    assert all(seat == SEAT and view in views for view, seat in calls)
    assert all(world.sampled for world in starts)
    assert any(d.kind != "forced" for d in review.decisions)


def _swap_hidden_hands(state: State, seat: int) -> State:
    """The same position with two other seats' hands exchanged: what ``seat`` sees is
    unchanged, the true cards are not."""
    position = state.position()
    others = [s for s in range(state.players) if s != seat]
    hands = list(position["hands"])
    a, b = next(
        (x, y)
        for x in others
        for y in others
        if x < y
        and sorted(hands[x].split()) != sorted(hands[y].split())
        and len(hands[x].split()) == len(hands[y].split())
    )
    hands[a], hands[b] = hands[b], hands[a]
    return state.game.state_from_position({**position, "hands": hands})


def test_other_hidden_cards_do_not_change_the_judgement() -> None:
    game = spieltisch.load("hydra", games=1)
    found = _next_to_last_trick(game, 214)
    assert found is not None
    state, seat, view = found
    other = _swap_hidden_hands(state, seat)
    assert other.view(seat) == view
    assert other.position() != state.position()
    for text in view["legal_actions"]:
        action = game.parse_action(text)
        judged = review_decision(game, view, seat, action, worlds=6)
        assert review_decision(game, other.view(seat), seat, action, worlds=6) == judged
