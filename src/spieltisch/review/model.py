"""The review's data: estimates, judged decisions, the whole review, and their JSON.

Thresholds are on the loss in the seat's chance to win, in the spirit of lichess's
analysis (which marks moves by the loss in winning chances): an *inaccuracy* loses at
least 5 percentage points, a *mistake* 10, a *blunder* 20. A loss is marked only when
it is also larger than :data:`NOISE_Z` standard errors of the paired difference, so the
luck of a few sampled worlds is never called a mistake.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

FORMAT: Final = "spieltisch-review/1"
"""The ``format`` field of ``Review.to_json()``."""

INACCURACY: Final = 0.05
MISTAKE: Final = 0.10
BLUNDER: Final = 0.20
"""Least loss in chance to win (0..1) of each mark."""
NOISE_Z: Final = 2.0
"""Standard errors of the paired difference a loss must exceed to be marked at all."""

CLASSES: Final = ("forced", "best", "good", "inaccuracy", "mistake", "blunder")
"""Every class a decision can get: ``forced`` (one legal action, not analysed), ``best``
(the move taken is the best estimate), ``good`` (another looks better, but by less than
an inaccuracy or within the noise), and the three marks."""
MARKS: Final = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
"""Chess annotation of each mark."""


@dataclass(frozen=True, slots=True)
class Estimate:
    """What one action is worth to the seat, over the review's sampled worlds."""

    action: str
    """The action in the game's notation."""
    win: float
    """Chance to finish first (ties shared), 0..1."""
    win_se: float
    """Standard error of ``win``."""
    reward: float
    """Expected reward (rank and score, or the evaluator at a cut-off), 0..1."""
    reward_se: float
    rollouts: int
    """Rollouts behind the figures (one per world)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action,
            "win": self.win,
            "win_se": self.win_se,
            "reward": self.reward,
            "reward_se": self.reward_se,
            "rollouts": self.rollouts,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Estimate:
        return cls(
            str(data["action"]),
            float(data["win"]),
            float(data["win_se"]),
            float(data["reward"]),
            float(data["reward_se"]),
            int(data["rollouts"]),
        )


@dataclass(frozen=True, slots=True)
class Loss:
    """Best alternative minus the move taken, on the same worlds (paired)."""

    win: float
    win_se: float
    reward: float
    reward_se: float

    def to_json(self) -> dict[str, Any]:
        return {
            "win": self.win,
            "win_se": self.win_se,
            "reward": self.reward,
            "reward_se": self.reward_se,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Loss:
        win, win_se = float(data["win"]), float(data["win_se"])
        return cls(win, win_se, float(data["reward"]), float(data["reward_se"]))


def classify(taken_is_best: bool, loss: Loss) -> str:
    """The class of an analysed decision (see the module's thresholds)."""
    if taken_is_best:
        return "best"
    if loss.win <= NOISE_Z * loss.win_se:
        return "good"
    if loss.win >= BLUNDER:
        return "blunder"
    if loss.win >= MISTAKE:
        return "mistake"
    if loss.win >= INACCURACY:
        return "inaccuracy"
    return "good"


@dataclass(frozen=True, slots=True)
class Decision:
    """One action of the reviewed seat, judged."""

    ply: int
    """Actions played before it (0-based index in the record)."""
    action: str
    legal: int
    """How many legal actions the seat had."""
    kind: str
    """One of :data:`CLASSES`."""
    taken: Estimate | None = None
    """The move taken; ``None`` when forced."""
    alternative: Estimate | None = None
    """The best other move found; ``None`` when forced."""
    loss: Loss | None = None
    rules: str | None = None
    """What the game's rules bot would have played."""
    win_before: float | None = None
    """The seat's chance to win before the move, with the best move found: the curve."""
    rollouts: int = 0
    """Rollouts spent on the decision, screening included."""

    @property
    def mark(self) -> str:
        return MARKS.get(self.kind, "")

    def to_json(self) -> dict[str, Any]:
        return {
            "ply": self.ply,
            "action": self.action,
            "legal": self.legal,
            "class": self.kind,
            "mark": self.mark,
            "taken": None if self.taken is None else self.taken.to_json(),
            "alternative": None if self.alternative is None else self.alternative.to_json(),
            "loss": None if self.loss is None else self.loss.to_json(),
            "rules": self.rules,
            "win_before": self.win_before,
            "rollouts": self.rollouts,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Decision:
        return cls(
            ply=int(data["ply"]),
            action=str(data["action"]),
            legal=int(data["legal"]),
            kind=str(data["class"]),
            taken=None if data.get("taken") is None else Estimate.from_json(data["taken"]),
            alternative=(
                None if data.get("alternative") is None else Estimate.from_json(data["alternative"])
            ),
            loss=None if data.get("loss") is None else Loss.from_json(data["loss"]),
            rules=data.get("rules"),
            win_before=None if data.get("win_before") is None else float(data["win_before"]),
            rollouts=int(data.get("rollouts", 0)),
        )


@dataclass(slots=True)
class Review:
    """The review of one seat's game; ``to_json`` is what is stored and sent."""

    game: str
    seat: int
    seed: int
    worlds: int
    players: int
    plies: int
    decisions: list[Decision] = field(default_factory=list)
    final_win: float | None = None
    """The seat's actual share of first place at the end (the curve's last point)."""
    realtime: dict[str, Any] | None = None
    """A real-time game's own review section (Halli Galli: rings and bells)."""
    cpu_seconds: float = 0.0

    def curve(self) -> list[dict[str, Any]]:
        """The seat's estimated chance to win before each analysed decision, then the end."""
        points: list[dict[str, Any]] = [
            {"ply": d.ply, "win": d.win_before} for d in self.decisions if d.win_before is not None
        ]
        if self.final_win is not None:
            points.append({"ply": self.plies, "win": self.final_win})
        return points

    def summary(self) -> dict[str, int]:
        counts = {kind: 0 for kind in CLASSES}
        for decision in self.decisions:
            counts[decision.kind] = counts.get(decision.kind, 0) + 1
        counts["decisions"] = len(self.decisions)
        return counts

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.game,
            "seat": self.seat,
            "seed": self.seed,
            "worlds": self.worlds,
            "players": self.players,
            "plies": self.plies,
            "thresholds": {
                "inaccuracy": INACCURACY,
                "mistake": MISTAKE,
                "blunder": BLUNDER,
                "noise_z": NOISE_Z,
            },
            "decisions": [d.to_json() for d in self.decisions],
            "curve": self.curve(),
            "final_win": self.final_win,
            "summary": self.summary(),
            "realtime": self.realtime,
            "cpu_seconds": self.cpu_seconds,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Review:
        if data.get("format") != FORMAT:
            raise ValueError(f"not a review of format {FORMAT}: {data.get('format')!r}")
        return cls(
            game=str(data["game"]),
            seat=int(data["seat"]),
            seed=int(data["seed"]),
            worlds=int(data["worlds"]),
            players=int(data["players"]),
            plies=int(data["plies"]),
            decisions=[Decision.from_json(d) for d in data["decisions"]],
            final_win=None if data.get("final_win") is None else float(data["final_win"]),
            realtime=data.get("realtime"),
            cpu_seconds=float(data.get("cpu_seconds", 0.0)),
        )


__all__ = [
    "BLUNDER",
    "CLASSES",
    "FORMAT",
    "INACCURACY",
    "MARKS",
    "MISTAKE",
    "NOISE_Z",
    "Decision",
    "Estimate",
    "Loss",
    "Review",
    "classify",
]
