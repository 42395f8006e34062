"""Random playouts of our games and of peer libraries' games, measured alike, for
``bench --peers``.

OpenSpiel's ``gin_rummy`` and ``hearts`` and RLCard's gin rummy are the nearest published
relatives of Kalooki and Hydra. A ratio between two libraries only means something when
both sides are measured the same way, so every row here follows the same rules:

* **Clock**: CPU time of this process (``time.process_time``) for every row, ours and the
  peers', so other load on the machine skews neither side.
* **Bare engines are the main rows**: ours through the public engine API (``new_state``,
  ``active_seats``, ``legal_actions``, ``apply``); OpenSpiel through its state loop
  (``load_game``, ``new_initial_state``, ``legal_actions``, ``apply_action``); RLCard through
  its game object (``GinRummyGame``: ``init_game``, ``judge.get_legal_actions``, ``step``,
  ``is_over``) with no environment and no observation encoding. The learning-environment
  variants (RLCard's ``env.step`` with its per-step encoding, OpenSpiel with the acting
  player's observation or information-state tensor) are separate rows labelled ``env``;
  they answer "what does a learner pay", not "how fast is the engine".
* **A step** is one player decision: one action applied for one player. Chance nodes
  (OpenSpiel deals and stock draws) are applied but not counted, since our games and
  RLCard's shuffle inside the engine.
* **Random choice**: one ``random.Random.choice`` per step on every side, over the legal
  actions. The seat is not drawn when one seat is to act (every game here but
  Halli-Galli); OpenSpiel's chance outcomes in both games are uniform, so a chance node is
  one ``choice`` over its legal outcomes too.
* **Deals**: a deal is one shuffle and the play of its hands. A Kalooki ring game (the
  default format, KA-R8) is one deal, a club game several; a Hydra match is one deal per
  game plus its Armut redeals (HY 2.2.5); Halali has no deals (counted as its games).
  OpenSpiel's and RLCard's gin rummy and OpenSpiel's hearts play one deal per game. So
  "per deal" compares Kalooki's deals/s with gin rummy's games/s.
* **Rounds**: every round runs every row once; the order is reversed every other round
  (A/B, B/A, ...), so drift of the machine falls on both sides. Ratios are taken within a
  round and reported as min/median/max over the rounds. Round ``n`` plays the games of
  seeds ``seed + n * games`` onwards, the same for every row of the round: replaying the
  very games of an earlier round would flatter engines that cache by position (Kalooki's
  meld search does). Before the first round every row plays one unmeasured warm-up round
  on other seeds, so round one does not pay alone for filling caches and imports.

Both peer libraries are optional (the ``peers`` extra); a peer that cannot be imported is
reported as missing, never an error.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .benchmark import PlayoutStats, playouts
from .engine import game_class, game_names

Runner = Callable[[int, int], PlayoutStats]
"""Plays ``games`` random games from ``seed`` and returns what it counted and timed."""


@dataclass(frozen=True, slots=True)
class Row:
    """One measured thing: ``kind`` is ``ours``, ``bare`` (a peer's engine) or ``env``."""

    label: str
    kind: str
    run: Runner


@dataclass(frozen=True, slots=True)
class Pair:
    """Our row measured against a peer's row."""

    ours: str
    peer: str


def ours(name: str, players: int | None = None, **options: Any) -> Runner:
    def run(games: int, seed: int) -> PlayoutStats:
        return playouts(name, games, seed=seed, players=players, **options)

    return run


def openspiel(name: str, tensor: bool = False) -> Runner:
    """OpenSpiel's state loop; with ``tensor`` the acting player's observation tensor
    (hearts has none: its information-state tensor) is built before every decision, as a
    learner would."""

    def run(games: int, seed: int) -> PlayoutStats:
        import pyspiel  # type: ignore[import-untyped, import-not-found, unused-ignore]

        game = pyspiel.load_game(name)
        encode = None
        if tensor:
            kind = game.get_type()
            encode = (
                pyspiel.State.observation_tensor
                if kind.provides_observation_tensor
                else pyspiel.State.information_state_tensor
            )
        rng = random.Random(seed)
        choice = rng.choice
        plies = 0
        start = time.process_time()
        for _ in range(games):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(choice(state.legal_actions()))
                    continue
                if encode is not None:
                    encode(state, state.current_player())
                state.apply_action(choice(state.legal_actions()))
                plies += 1
        seconds = time.process_time() - start
        return PlayoutStats(name, games, plies, seconds, deals=games)

    return run


def rlcard_gin_rummy_game(games: int, seed: int) -> PlayoutStats:
    """RLCard's gin rummy engine alone: the game object, no environment, no encoding."""
    import numpy as np
    from rlcard.games.gin_rummy.game import (  # type: ignore[import-untyped, import-not-found, unused-ignore]
        GinRummyGame,
    )

    game = GinRummyGame()
    game.np_random = np.random.RandomState(seed)
    rng = random.Random(seed)
    choice = rng.choice
    plies = 0
    start = time.process_time()
    for _ in range(games):
        game.init_game()
        while not game.is_over():
            game.step(choice(game.judge.get_legal_actions()))
            plies += 1
    seconds = time.process_time() - start
    return PlayoutStats("gin-rummy", games, plies, seconds, deals=games)


def rlcard_gin_rummy_env(games: int, seed: int) -> PlayoutStats:
    """RLCard's gin rummy environment: ``env.step`` encodes the next observation."""
    import rlcard  # type: ignore[import-untyped, import-not-found, unused-ignore]

    env = rlcard.make("gin-rummy", config={"seed": seed})
    rng = random.Random(seed)
    choice = rng.choice
    plies = 0
    start = time.process_time()
    for _ in range(games):
        state, _player = env.reset()
        while not env.is_over():
            state, _player = env.step(choice(tuple(state["legal_actions"])))
            plies += 1
    seconds = time.process_time() - start
    return PlayoutStats("gin-rummy", games, plies, seconds, deals=games)


PEER_ROWS: tuple[Row, ...] = (
    Row("openspiel:gin_rummy", "bare", openspiel("gin_rummy")),
    Row("rlcard:gin-rummy game", "bare", rlcard_gin_rummy_game),
    Row("openspiel:hearts", "bare", openspiel("hearts")),
    Row("openspiel:gin_rummy +tensor", "env", openspiel("gin_rummy", tensor=True)),
    Row("rlcard:gin-rummy env.step", "env", rlcard_gin_rummy_env),
    Row("openspiel:hearts +tensor", "env", openspiel("hearts", tensor=True)),
)


def our_row(name: str, with_peers: bool = False) -> Row:
    """Our game's row; with peers, seated as its relatives are (``GameInfo``)."""
    info = game_class(name).info
    players = info.relatives_players if with_peers and info.relatives else None
    label = name if players is None else f"{name} {players}p"
    return Row(label, "ours", ours(name, players=players))


def our_rows(names: Sequence[str] | None = None, with_peers: bool = False) -> list[Row]:
    """Rows of ``names`` (every registered game by default)."""
    return [our_row(name, with_peers) for name in (names or game_names())]


def pairs_of(rows: Sequence[Row]) -> list[Pair]:
    """Each of our rows against every peer row of a relative its game declares (the bare
    engine and its environment variants)."""
    peers = [row for row in rows if row.kind != "ours"]
    out: list[Pair] = []
    for row in rows:
        if row.kind != "ours":
            continue
        relatives = game_class(row.label.split(" ")[0]).info.relatives
        out.extend(
            Pair(row.label, peer.label)
            for relative in relatives
            for peer in peers
            if peer.label == relative or peer.label.startswith(relative + " ")
        )
    return out


METRICS: dict[str, Callable[[PlayoutStats], float]] = {
    "game": lambda s: s.playouts_per_second,
    "deal": lambda s: s.deals_per_second,
    "step": lambda s: s.steps_per_second,
}
"""Rates a ratio is taken of: games/s, deals/s and steps/s."""


def spread(values: Sequence[float]) -> dict[str, float]:
    """Min, median and max: the median is the figure, min and max say how far to trust it."""
    if not values:
        return {"min": 0.0, "median": 0.0, "max": 0.0}
    return {"min": min(values), "median": statistics.median(values), "max": max(values)}


def round_order(rows: Sequence[Row], round_no: int) -> list[Row]:
    """The rows in the order of round ``round_no``: as given, reversed every other round."""
    return list(rows) if round_no % 2 == 0 else list(reversed(rows))


@dataclass(slots=True)
class Measurement:
    """Every row's stats per round (only the rows that could run), and the missing ones."""

    rows: list[Row]
    rounds: list[dict[str, PlayoutStats]]
    missing: list[str]

    def rates(self, label: str, metric: str) -> list[float]:
        return [METRICS[metric](r[label]) for r in self.rounds if label in r]

    def ratios(self, pair: Pair, metric: str) -> list[float]:
        """Our rate over the peer's, round by round."""
        out = []
        for r in self.rounds:
            if pair.ours in r and pair.peer in r:
                peer = METRICS[metric](r[pair.peer])
                if peer > 0:
                    out.append(METRICS[metric](r[pair.ours]) / peer)
        return out

    def pairs(self) -> list[Pair]:
        return pairs_of(self.rows)

    def to_json(self) -> dict[str, Any]:
        results = []
        for row in self.rows:
            runs = [r[row.label] for r in self.rounds if row.label in r]
            if not runs:
                continue
            first = runs[0]
            results.append(
                {
                    "game": row.label,
                    "kind": row.kind,
                    "games": first.games,
                    "plies": first.plies,
                    "deals": first.deals,
                    "plies_per_game": round(first.plies_per_game, 2),
                    "deals_per_game": round(first.deals / first.games, 3) if first.games else 0,
                    "seconds": [round(s.seconds, 4) for s in runs],
                    **{
                        f"{unit}_per_second": _rounded(spread(self.rates(row.label, metric)))
                        for metric, unit in (
                            ("game", "playouts"),
                            ("deal", "deals"),
                            ("step", "steps"),
                        )
                    },
                }
            )
        ratios = [
            {
                "ours": p.ours,
                "peer": p.peer,
                "peer_kind": next(r.kind for r in self.rows if r.label == p.peer),
                **{f"per_{m}": _rounded(spread(self.ratios(p, m)), 3) for m in METRICS},
            }
            for p in self.pairs()
        ]
        return {"results": results, "ratios": ratios, "missing": self.missing}


def _rounded(values: dict[str, float], digits: int = 2) -> dict[str, float]:
    return {k: round(v, digits) for k, v in values.items()}


WARMUP_SEED = 1_000_000
"""Seeds of the unmeasured warm-up round start here, far from the measured ones."""


def measure(
    rows: Sequence[Row],
    games: int,
    rounds: int,
    seed: int = 0,
    progress: Callable[[int, Row], None] | None = None,
    warmup: bool = True,
) -> Measurement:
    """Run ``rounds`` interleaved rounds of ``rows`` (after a warm-up round unless
    ``warmup`` is false); a row whose library is missing is dropped after its first
    ImportError."""
    live = list(rows)
    missing: list[str] = []
    results: list[dict[str, PlayoutStats]] = []
    for n in range(-1 if warmup else 0, rounds):
        this: dict[str, PlayoutStats] = {}
        for row in round_order(live, max(n, 0)):
            if progress is not None:
                progress(n, row)
            try:
                this[row.label] = row.run(games, WARMUP_SEED + seed if n < 0 else seed + n * games)
            except ImportError:
                missing.append(row.label)
        live = [row for row in live if row.label not in missing]
        if n >= 0:
            results.append(this)
    return Measurement(live, results, missing)


__all__ = [
    "METRICS",
    "PEER_ROWS",
    "Measurement",
    "Pair",
    "Row",
    "measure",
    "openspiel",
    "our_row",
    "our_rows",
    "ours",
    "pairs_of",
    "rlcard_gin_rummy_env",
    "rlcard_gin_rummy_game",
    "round_order",
    "spread",
]
