"""How a Halli Galli game is reviewed (``REVIEW``): the seat's rings, not a search.

There is nothing to search in a race to the bell, so the review replays the record and
reports, for one seat:

- its **rings**: right ones (it took the cards) and **wrong** ones (the table did not
  allow a ring, HG-R3, or a stray card of its own made it, HG-R7), each wrong ring with
  the top cards and what the coach would have said at that moment: the chance that the
  next flip makes a ring right (:func:`..bell.coach`, the table's coach);
- **missed bells**: a table on which the seat could have rung rightly, won by another
  seat's ring instead;
- its **reaction** as far as the record tells it. A record is a seed and the accepted
  actions in order; the times of the rings are not in it (the live table judges them
  and keeps only the order). What it does hold: which table version a ring reacted to
  (``ring@v``), so how many flips the ring lagged behind the table it answered, and
  how many actions were played between the flip that made the table right and the ring.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from spieltisch.engine import load
from spieltisch.review import GameReview

from ..actions import Flip, Ring
from ..bell import coach, count_pairs
from ..cards import card_by_name


def _valid_for(view: Mapping[str, Any], seat: int) -> bool:
    """Whether ``seat`` may ring rightly on the table ``view`` shows (HG-R3, HG-R7)."""
    ledger = view.get("ledger") or []
    if view.get("phase") != "round" or not ledger:
        return False
    _, valid, made_by = ledger[-1]
    return bool(valid) and made_by != seat


def _pairs(tops: list[str | None]) -> int:
    return count_pairs(card_by_name(name) for name in tops if name is not None)


def review_rings(record: Mapping[str, Any], seat: int) -> dict[str, Any]:
    """The Halli Galli section of a review (see the module docstring), JSON-ready."""
    game = load(record["game"], **record.get("options", {}))
    state = game.new_state(players=int(record["players"]), seed=int(record["seed"]))
    right: list[dict[str, Any]] = []
    wrong: list[dict[str, Any]] = []
    missed: list[dict[str, Any]] = []
    flips = strays = bells = 0
    valid_since: int | None = None
    """Ply of the flip that made the table right for ``seat``, while it is."""
    for ply, step in enumerate(record["actions"]):
        actor = int(step["seat"])
        action = game.action_from_json(step["action"])
        before = state.view(seat)
        events = state.apply(actor, action)
        if actor == seat and isinstance(action, Flip):
            flips += 1
            strays += any(e["type"] == "flip" and e.get("stray") for e in events)
        for event in events:
            if event["type"] == "bell":
                bells += 1
                if event["seat"] == seat:
                    seen = action.version if isinstance(action, Ring) else None
                    right.append(
                        {
                            "ply": ply,
                            "cards": event["cards"],
                            "lag_flips": None if seen is None else before["version"] - seen,
                            "plies_after_valid": (
                                None if valid_since is None else ply - valid_since
                            ),
                        }
                    )
                elif valid_since is not None:
                    missed.append(
                        {
                            "ply": ply,
                            "by": event["seat"],
                            "cards": event["cards"],
                            "valid_since": valid_since,
                            "tops": before["tops"],
                            "pairs": _pairs(before["tops"]),
                        }
                    )
            elif event["type"] == "wrong_ring" and event["seat"] == seat:
                chance = coach(before)
                wrong.append(
                    {
                        "ply": ply,
                        "rule": event["rule"],
                        "tops": event["tops"],
                        "pairs": event["pairs"],
                        "coach": None if chance is None else float(chance),
                    }
                )
        after = state.view(seat)
        if not _valid_for(after, seat):
            valid_since = None
        elif valid_since is None or not _valid_for(before, seat):
            valid_since = ply
    rings = len(right) + len(wrong)
    lags = [r["plies_after_valid"] for r in right if r["plies_after_valid"] is not None]
    return {
        "rings": rings,
        "right": right,
        "wrong": wrong,
        "missed": missed,
        "bells": bells,
        "flips": flips,
        "strays": strays,
        "accuracy": None if rings == 0 else len(right) / rings,
        "mean_plies_after_valid": None if not lags else sum(lags) / len(lags),
        "times_in_record": False,
    }


REVIEW = GameReview(realtime=review_rings)
"""Halli Galli's review: the rings of the seat, read from the record."""

__all__ = ["REVIEW", "review_rings"]
