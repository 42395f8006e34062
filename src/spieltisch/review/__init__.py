"""Post-game review: every decision of one seat judged from what that seat could see.

``review_record(record, seat)`` replays a finished (or unfinished) game record and, for
each action of ``seat`` with a choice of two or more legal actions, estimates from the
seat's own view (never the true hidden cards) the value of the move taken and of the
best alternative, by rollouts in sampled worlds (:mod:`.search`). Moves are marked by
the loss in the seat's chance to win (:mod:`.model`): ``?!`` inaccuracy >= 5 points,
``?`` mistake >= 10, ``??`` blunder >= 20, and only beyond two standard errors of the
paired difference. A real-time game (Halli Galli) is reviewed by its own reviewer,
declared with the game (``faces.review``, :class:`GameReview`).

The JSON shape of ``Review.to_json()`` (stable; ``Review.from_json`` reads it back)::

    {
      "format": "spieltisch-review/1",
      "game": "hydra", "seat": 0, "seed": 0, "worlds": 24,
      "players": 5, "plies": 283,
      "thresholds": {"inaccuracy": 0.05, "mistake": 0.1, "blunder": 0.2, "noise_z": 2.0},
      "decisions": [
        {"ply": 12, "action": "C9", "legal": 4,
         "class": "mistake",            # forced|best|good|inaccuracy|mistake|blunder
         "mark": "?",                   # "", "?!", "?", "??"
         "taken": {"action": "C9", "win": 0.31, "win_se": 0.04,
                   "reward": 0.45, "reward_se": 0.03, "rollouts": 24},
         "alternative": {... the same fields, for the best other move ...},
         "loss": {"win": 0.14, "win_se": 0.03, "reward": 0.09, "reward_se": 0.02},
         "rules": "HA",                 # the rules bot's move
         "win_before": 0.45,            # chance to win before the move, best play
         "rollouts": 96},
        {"ply": 17, "action": "S10", "legal": 1, "class": "forced", "mark": "",
         "taken": null, "alternative": null, "loss": null, "rules": null,
         "win_before": null, "rollouts": 0}
      ],
      "curve": [{"ply": 12, "win": 0.45}, ..., {"ply": 283, "win": 1.0}],
      "final_win": 1.0,                 # actual share of first place; null if unfinished
      "summary": {"forced": 3, "best": 20, "good": 9, "inaccuracy": 2, "mistake": 1,
                  "blunder": 0, "decisions": 35},
      "realtime": null,                 # Halli Galli: its own section, see its face
      "cpu_seconds": 21.4
    }

A real-time game (Halli Galli) has ``"worlds": 0``, no decisions, and its section in
``realtime``::

    {"rings": 3, "bells": 40, "flips": 25, "strays": 1, "accuracy": 0.67,
     "right": [{"ply": 57, "cards": 12, "lag_flips": 0, "plies_after_valid": 1}],
     "wrong": [{"ply": 11, "rule": "HG-R3", "tops": ["2P", "4P"], "pairs": 0,
                "coach": 0.71}],                 # the coach's chance the next card fits
     "missed": [{"ply": 81, "by": 2, "cards": 7, "valid_since": 80,
                 "tops": ["BL", "3L"], "pairs": 1}],
     "mean_plies_after_valid": 1.0, "times_in_record": false}

``win`` is the share of rollouts in which the seat finishes first (ties shared), or at a
rollout cut-off the game's evaluator read as a chance to finish first; ``reward`` is the
bots' reward (rank and score, ``result_rewards``, or the evaluator at a cut-off); every
value is the seat's own, in a team game too. ``loss`` is alternative minus taken.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any

from spieltisch.engine import Dynamics, Game, InvalidNotation, View, derive_rng, load

from .declaration import DEFAULT_REVIEW, GameReview, RealtimeReviewer, declared_review
from .model import (
    BLUNDER,
    CLASSES,
    FORMAT,
    INACCURACY,
    MARKS,
    MISTAKE,
    NOISE_Z,
    Decision,
    Estimate,
    Loss,
    Review,
    classify,
)
from .search import Judge, first_share

Progress = Callable[[int, int], None]
"""``progress(done, total)``: called after each of the seat's actions is judged."""


def review_record(
    record: Mapping[str, Any],
    seat: int,
    *,
    seed: int = 0,
    worlds: int | None = None,
    progress: Progress | None = None,
) -> Review:
    """Review ``seat``'s play in ``record`` (``state.record()`` or an exported game line).

    Deterministic: the same record, seat, seed and worlds give the same review.

    :raises InvalidNotation: a malformed record or a seat not in the game.
    """
    started = time.process_time()
    try:
        game = load(record["game"], **record.get("options", {}))
        players = int(record["players"])
        state = game.new_state(players=players, seed=int(record["seed"]))
        steps = [(int(a["seat"]), game.action_from_json(a["action"])) for a in record["actions"]]
    except (KeyError, TypeError, ValueError) as exc:
        raise InvalidNotation(f"malformed record: {exc!r}") from exc
    if not 0 <= seat < players:
        raise InvalidNotation(f"there is no seat {seat} in a {players}-seat game")
    settings = declared_review(game)
    count = settings.worlds if worlds is None else max(2, int(worlds))
    review = Review(
        game=game.info.name,
        seat=seat,
        seed=seed,
        worlds=count,
        players=players,
        plies=len(steps),
    )
    if game.info.dynamics is Dynamics.REAL_TIME or settings.realtime is not None:
        review.worlds = 0  # nothing is sampled
        if settings.realtime is not None:
            review.realtime = settings.realtime(record, seat)
        for actor, action in steps:
            state.apply(actor, action)
        review.final_win = _final_win(state, seat)
        review.cpu_seconds = round(time.process_time() - started, 3)
        if progress is not None:
            progress(1, 1)
        return review
    judge = Judge.of(game, settings, seed)
    total = sum(1 for actor, _ in steps if actor == seat)
    done = 0
    for ply, (actor, action) in enumerate(steps):
        if actor == seat:
            rng = derive_rng(seed, "review", seat, ply)
            # The seat's view is all the judge is given: never the state itself.
            review.decisions.append(judge.decide(state.view(seat), seat, action, ply, rng, count))
            done += 1
            if progress is not None:
                progress(done, total)
        state.apply(actor, action)
    review.final_win = _final_win(state, seat)
    review.cpu_seconds = round(time.process_time() - started, 3)
    return review


def review_decision(
    game: Game,
    view: View,
    seat: int,
    action: Any,
    *,
    seed: int = 0,
    worlds: int | None = None,
    ply: int = 0,
) -> Decision:
    """Judge one decision, ``action`` by ``seat`` seeing ``view``: for positions built
    without a record (tests, puzzles), and what :func:`review_record` does per action."""
    settings = declared_review(game)
    count = settings.worlds if worlds is None else max(2, int(worlds))
    judge = Judge.of(game, settings, seed)
    return judge.decide(view, seat, action, ply, derive_rng(seed, "review", seat, ply), count)


def _final_win(state: Any, seat: int) -> float | None:
    result = state.result()
    return None if result is None else first_share(result.ranks, seat)


__all__ = [
    "BLUNDER",
    "CLASSES",
    "DEFAULT_REVIEW",
    "FORMAT",
    "INACCURACY",
    "MARKS",
    "MISTAKE",
    "NOISE_Z",
    "Decision",
    "Estimate",
    "GameReview",
    "Judge",
    "Loss",
    "Progress",
    "RealtimeReviewer",
    "Review",
    "classify",
    "declared_review",
    "review_decision",
    "review_record",
]
