"""Halali's bots: a rules-based bot (one ply of greedy judgement plus the opponent's best
reply) and the ladder built on it (``BOTS``).

It plans only from its view (the board as shown, the public multiset of face-down tiles,
the end-phase counter), never from the state. Every candidate action is scored as

    points won now − the opponent's best net capture next ply + ⅓ of my best next capture

where a "net" capture subtracts the value of the capturer if the other side can take it
back at once (so a hunter guarded by another hunter's gun is not bait for the bear).
A flip is scored as the expectation of that over the kinds it may reveal. On top come
the Brettspielnetz page's strategy tips: brown does not fell trees early (they are walls
against the bear), bears and woodcutters walk towards the exits when few tiles are left,
and in the end phase the bot plans which of its tiles can still leave through an exit
with the moves it has left.

The search levels improve on it by rollouts cut off after a few plies and judged by the
points margin of the match so far.
"""

from __future__ import annotations

import math
from typing import Any, Final

from spieltisch.bots import Bot, GameBots, Plan, RolloutSettings, SearchSettings
from spieltisch.bots.ismcts import Rewards
from spieltisch.engine import State, View

from ..actions import Flip, HalaliAction, Move
from ..board import (
    BEAR,
    DIRECTION_NAMES,
    EAST,
    EMPTY,
    EXITS,
    FOREST,
    HUNTER,
    IS_FOREST,
    KIND_BY_NAME,
    NEUTRAL,
    NEXT,
    NORTH,
    OFF,
    OWNER,
    PREY,
    RANGE,
    RAYS,
    SOUTH,
    STEP,
    TREE,
    VALUES,
    WEST,
    WOODCUTTER,
    parse_square,
    square,
)
from ..state import HalaliState

HIDDEN: Final = -2
"""A face-down tile on the bot's own board (``EMPTY`` is -1, tiles are 0..27)."""
IS_EXIT: Final = tuple(sq in EXITS for sq in range(81))
BACK: Final = (SOUTH, WEST, NORTH, EAST)
"""The direction opposite to NORTH, EAST, SOUTH, WEST."""
INWARD: Final = {
    square(0, 4): EAST,
    square(8, 4): WEST,
    square(4, 8): SOUTH,
    square(4, 0): NORTH,
}
"""From each exit into the forest."""

THREAT_WEIGHT: Final = 1 / 3
"""My next capture is worth less than a point in hand: the opponent moves first."""
FLIP_BONUS: Final = 0.25
"""Flipping brings the game forward; two cautious bots must not shuffle forever."""
QUIET_PRESSURE: Final = 0.05
"""Extra flip bonus per ply without a reveal or capture beyond ``QUIET_GRACE``."""
QUIET_GRACE: Final = 10
EARLY_TREE_VALUE: Final = 0.5
"""What felling a tree is worth to brown while many tiles are face down (trees are walls)."""
TREES_FREE_AT: Final = 10
"""Face-down tiles left from which trees are worth their full 2 points to brown."""
EXIT_PLAN_WEIGHT: Final = 0.8
"""An exit planned for a later move can still be blocked or taken away."""
WALK_OUT_AT: Final = 8
"""Face-down tiles left from which slow tiles (bear, woodcutter) head for the exits."""
WALK_OUT_BONUS: Final = 0.3
"""Per step a slow tile comes closer to an exit before the end phase."""
FAR: Final = 99


class RulesBot(Bot):
    """Heuristic Halali player for either colour (see the module docstring)."""

    level = "rules"

    def plan(self, view: View, seat: int, clock: float) -> Plan:
        texts: list[str] = view["legal_actions"]
        actions = [self.game.parse_action(t) for t in texts]
        if len(actions) == 1:
            return Plan(actions[0], self.delay)
        return Plan(self._choose(actions, _Judge.from_view(view)), self.delay)

    def act(self, state: State, seat: int) -> Any:
        """``plan``'s move, read from the state without a text view: the face-up tiles,
        the count of each kind still face down (public, like the view's
        ``hidden_tiles``), the end-phase counter; face-down tiles stay unknown."""
        assert isinstance(state, HalaliState)
        actions = state.legal_actions(seat)
        if len(actions) == 1:
            return actions[0]
        return self._choose(actions, _Judge.from_state(state, seat))

    def _choose(self, actions: list[HalaliAction], judge: _Judge) -> HalaliAction:
        best: HalaliAction = actions[0]
        best_score = float("-inf")
        random = self.rng.random
        for action in actions:
            score = judge.score(action) + random() * 1e-3
            if score > best_score:
                best, best_score = action, score
        return best


class _Judge:
    """The position as the bot's view shows it, and the scoring of candidate actions."""

    def __init__(
        self, me: int, board: list[int], unseen: list[int], end_left: int | None, quiet: int
    ) -> None:
        """``board`` shows face-down tiles as ``HIDDEN``; ``unseen`` counts the face-down
        tiles per kind; ``end_left`` is None before the end phase."""
        self.me = me
        self.opp = 1 - me
        self.board = board
        self.hidden_count = sum(unseen)
        self.unseen = [(kind, n / self.hidden_count) for kind, n in enumerate(unseen) if n]
        self.end_left = end_left
        self.quiet = quiet
        self.tree_value = 2.0 if self.hidden_count <= TREES_FREE_AT else EARLY_TREE_VALUE
        # Plies left after my action (None outside the end phase).
        self.after = None if end_left is None else end_left - 1
        self._exit_maps: tuple[list[int], list[int]] | None = None
        self._base: tuple[float, float] | None = None
        self._flip_outlook: float | None = None
        self._take_backs: dict[tuple[int, int, int, int], float] = {}
        self._own: tuple[list[int], list[int]] | None = None

    @classmethod
    def from_view(cls, view: View) -> _Judge:
        board = [EMPTY] * 81
        for name, cell in view["board"].items():
            sq = parse_square(name)
            if cell.get("hidden"):
                board[sq] = HIDDEN
            else:
                gun = DIRECTION_NAMES.index(cell["gun"]) if "gun" in cell else 0
                board[sq] = KIND_BY_NAME[cell["tile"]] * 4 + gun
        unseen = [0] * 7
        for name, n in view["hidden_tiles"].items():
            unseen[KIND_BY_NAME[name]] = n
        end_left = view["end_phase_moves_left"]
        return cls(
            0 if view["colour"] == "blue" else 1,
            board,
            unseen,
            None if end_left is None else int(end_left),
            int(view.get("quiet_plies", 0)),
        )

    @classmethod
    def from_state(cls, state: HalaliState, seat: int) -> _Judge:
        """What ``from_view`` reads from ``state.view(seat)``, taken from the state: a
        face-down square is ``HIDDEN`` on the board, only the kinds' counts are used."""
        hidden = state.hidden
        board = [HIDDEN if up else tile for tile, up in zip(state.board, hidden, strict=True)]
        unseen = [0] * 7
        for sq in state._flips:
            unseen[state.board[sq] >> 2] += 1
        end_left = state.end_left
        return cls(
            state.colour_of(seat),
            board,
            unseen,
            None if end_left < 0 else end_left,
            state.quiet,
        )

    # -- scoring -------------------------------------------------------------------------
    def score(self, action: Any) -> float:
        if isinstance(action, Flip):
            return self._score_flip(action.square)
        if isinstance(action, Move):
            return self._score_move(action.src, action.dst)
        return 0.0  # pass: only ever the sole legal action

    def _score_move(self, src: int, dst: int) -> float:
        board = list(self.board)
        tile = board[src]
        kind = tile >> 2
        gain = 0.0
        board[src] = EMPTY
        if IS_EXIT[dst]:
            gain = float(VALUES[kind])
        else:
            victim = board[dst]
            if victim >= 0:
                gain = self._value(victim >> 2, self.me)
            board[dst] = tile
        score = gain + self._outlook(board, src, dst)
        if self.end_left is not None:
            score += EXIT_PLAN_WEIGHT * self._exit_plan(board)
        elif OWNER[kind] == self.me and kind in (BEAR, WOODCUTTER):
            score += self._walk_out(src, dst)
        return score

    def _outlook(self, board: list[int], src: int, dst: int) -> float:
        """−(opponent's best net gain next ply) + a third of mine after that, on
        ``board`` (the judge's board after the move ``src``-``dst``)."""
        after = self.after
        if after == 0:
            return 0.0
        opp, me = self.opp, self.me
        risk = self._best_gain(board, opp, after, True, self._moved(board, opp, src, dst))
        mine = 0.0
        if after is None:
            mine = self._best_gain(board, me, None, True, self._moved(board, me, src, dst))
        elif after >= 2:
            # My own exits are counted by the exit plan, not here.
            mine = self._best_gain(board, me, after - 1, False, self._moved(board, me, src, dst))
        return -risk + THREAT_WEIGHT * mine

    def _pieces(self, colour: int) -> list[int]:
        """The squares of ``colour``'s face-up tiles on the judge's board."""
        if self._own is None:
            board = self.board
            self._own = ([], [])
            for sq in FOREST:
                tile = board[sq]
                if tile >= 0 and OWNER[tile >> 2] < 2:
                    self._own[OWNER[tile >> 2]].append(sq)
        return self._own[colour]

    def _moved(self, board: list[int], colour: int, src: int, dst: int) -> list[int]:
        """``_pieces`` after the move ``src``-``dst`` that made ``board``."""
        squares = [sq for sq in self._pieces(colour) if sq != src and sq != dst]
        tile = board[dst]
        if tile >= 0 and OWNER[tile >> 2] == colour:
            squares.append(dst)
        return squares

    def _score_flip(self, sq: int) -> float:
        """Expected outlook over the kinds (and guns) the face-down tile may be."""
        rays = self._rays(sq)
        pressure = QUIET_PRESSURE * max(0, self.quiet - QUIET_GRACE)
        if not rays:
            # Nothing face up in sight: whatever it is, it neither takes nor is taken.
            if self._flip_outlook is None:
                self._flip_outlook = self._expected(sq, rays)
            return self._flip_outlook + FLIP_BONUS + pressure
        return self._expected(sq, rays) + FLIP_BONUS + pressure

    def _expected(self, sq: int, rays: list[tuple[int, int, int]]) -> float:
        """The outlook after the flip on ``sq``, averaged over what it may reveal: for
        each kind, the best net capture either colour gets that involves it (the tile
        seen from ``sq`` takes it, or it takes that tile; a hunter only along its gun)."""
        base_risk, base_mine = self._base_gains()
        me, opp, board, value_of, take_back = (
            self.me,
            self.opp,
            self.board,
            self._value,
            self._take_back,
        )
        seen = []
        for d, dist, at in rays:
            near = board[at]
            near_kind = near >> 2
            # Whose tile it is, if it can reach sq to capture there (else -1).
            taker = OWNER[near_kind]
            if (
                taker == NEUTRAL
                or dist > RANGE[near_kind]
                or (near_kind == HUNTER and near & 3 != BACK[d])
            ):
                taker = -1
            seen.append((d, dist, at, near_kind, taker, PREY[near_kind]))
        expected = 0.0
        for kind, p in self.unseen:
            owner = OWNER[kind]
            prey, reach = PREY[kind], RANGE[kind]
            hunter = kind == HUNTER
            gains = [0.0, 0.0]
            along = [0.0, 0.0, 0.0, 0.0]
            for d, dist, at, near_kind, taker, near_prey in seen:
                # The tile seen from sq captures the revealed tile ...
                if taker >= 0 and kind in near_prey:
                    value = value_of(kind, taker) - take_back(sq, at, near_kind, 1 - taker)
                    if value > gains[taker]:
                        gains[taker] = value
                # ... or the revealed tile captures it.
                if owner < NEUTRAL and near_kind in prey and dist <= reach:
                    value = value_of(near_kind, owner) - take_back(at, sq, kind, 1 - owner)
                    if hunter:
                        if value > along[d]:
                            along[d] = value
                    elif value > gains[owner]:
                        gains[owner] = value
            if hunter:
                share = p / 4
                for gun in range(4):
                    local = [gains[0], gains[1]]
                    if along[gun] > local[owner]:
                        local[owner] = along[gun]
                    risk = local[opp] if local[opp] > base_risk else base_risk
                    mine = local[me] if local[me] > base_mine else base_mine
                    expected += share * (-risk + THREAT_WEIGHT * mine)
            else:
                share = p / 1
                risk = gains[opp] if gains[opp] > base_risk else base_risk
                mine = gains[me] if gains[me] > base_mine else base_mine
                expected += share * (-risk + THREAT_WEIGHT * mine)
        return expected

    def _base_gains(self) -> tuple[float, float]:
        if self._base is None:
            self._base = (
                self._best_gain(self.board, self.opp, self.after, True, self._pieces(self.opp)),
                self._best_gain(self.board, self.me, self.after, True, self._pieces(self.me)),
            )
        return self._base

    def _value(self, kind: int, taker: int) -> float:
        if kind == TREE and taker == self.me:
            return self.tree_value
        return float(VALUES[kind])

    # -- captures ------------------------------------------------------------------------
    def _best_gain(
        self,
        board: list[int],
        colour: int,
        plies_left: int | None,
        exits: bool,
        squares: list[int],
    ) -> float:
        """The best net points ``colour`` can win with one move on ``board`` (at least 0),
        with its tiles on ``squares``.

        ``plies_left`` counts the end-phase plies including this move (None before the
        end phase); exits count only in the end phase, take-backs only if a ply follows.
        """
        best = 0.0
        exits_open = exits and plies_left is not None
        take_back = plies_left is None or plies_left >= 2
        other = 1 - colour
        value_of = self._value
        for sq in squares:
            tile = board[sq]
            kind = tile >> 2
            prey = PREY[kind]
            aim = tile & 3 if kind == HUNTER else -1
            for d, ray in enumerate((RAYS if RANGE[kind] > 1 else NEXT)[sq]):
                if aim >= 0 and d != aim and not exits_open:
                    continue
                for nxt in ray:
                    if IS_EXIT[nxt]:
                        if exits_open and VALUES[kind] > best:
                            best = float(VALUES[kind])
                        break
                    target = board[nxt]
                    if target == EMPTY:
                        continue
                    if target >= 0 and (target >> 2) in prey and (aim < 0 or d == aim):
                        value = value_of(target >> 2, colour)
                        if take_back:
                            value -= _take_back(board, nxt, sq, kind, other)
                        if value > best:
                            best = value
                    break
        return best

    def _rays(self, sq: int) -> list[tuple[int, int, int]]:
        """(direction, distance, square) of the first tile seen from ``sq`` each way."""
        board = self.board
        rays = []
        for d, ray in enumerate(RAYS[sq]):
            for dist, nxt in enumerate(ray, 1):
                if IS_EXIT[nxt]:
                    break
                tile = board[nxt]
                if tile != EMPTY:
                    if tile >= 0:
                        rays.append((d, dist, nxt))
                    break
        return rays

    def _take_back(self, at: int, vacated: int, kind: int, by: int) -> float:
        """``_take_back`` on the judge's own board, remembered: every flip asks again."""
        key = (at, vacated, kind, by)
        found = self._take_backs.get(key)
        if found is None:
            found = self._take_backs[key] = _take_back(self.board, at, vacated, kind, by)
        return found

    # -- exits ---------------------------------------------------------------------------
    def _walk_out(self, src: int, dst: int) -> float:
        """Before the end phase, with few tiles face down, slow tiles step towards exits."""
        if self.hidden_count > WALK_OUT_AT:
            return 0.0
        slow = self._maps()[0]
        return WALK_OUT_BONUS * (min(slow[src], 6) - min(slow[dst], 6))

    def _exit_plan(self, board: list[int]) -> float:
        """Points my tiles on ``board`` can still take out through exits in my moves left.

        Distances come from the board before the move (the moved tile's new square was
        empty there, so it has a distance too); paths it opens or closes are ignored.
        """
        assert self.end_left is not None
        moves_after = (self.end_left + 1) // 2 - 1
        if moves_after <= 0:
            return 0.0
        slow, fast = self._maps()
        pieces = []
        for sq in FOREST:
            tile = board[sq]
            if tile >= 0 and OWNER[tile >> 2] == self.me:
                kind = tile >> 2
                dist = (slow if RANGE[kind] == 1 else fast)[sq]
                pieces.append((dist, VALUES[kind]))
        return _knapsack(pieces, moves_after)

    def _maps(self) -> tuple[list[int], list[int]]:
        """Moves to the nearest exit from each square, for 1-step and for sliding tiles."""
        if self._exit_maps is None:
            self._exit_maps = (_exit_distances(self.board, 1), _exit_distances(self.board, 8))
        return self._exit_maps


def _take_back(board: list[int], at: int, vacated: int, kind: int, by: int) -> float:
    """Points ``by`` wins by capturing a ``kind`` that has just moved from ``vacated`` to ``at``."""
    for d in range(4):
        cur, dist = at, 0
        while True:
            nxt = STEP[cur][d]
            dist += 1
            if nxt == OFF or IS_EXIT[nxt]:
                break
            tile = board[nxt]
            if tile == EMPTY or nxt == vacated:
                cur = nxt
                continue
            if tile >= 0:
                k = tile >> 2
                if (
                    OWNER[k] == by
                    and kind in PREY[k]
                    and dist <= RANGE[k]
                    and (k != HUNTER or tile & 3 == BACK[d])
                ):
                    return float(VALUES[kind])
            break
    return 0.0


def _exit_distances(board: list[int], reach: int) -> list[int]:
    """For every square: how many moves a tile of ``reach`` there needs to leave the forest.

    A breadth-first search backwards from the exits over empty squares; a square holding
    a tile gets a distance (the tile may start there) but nothing passes through it.
    """
    dist = [FAR] * 81
    frontier: list[int] = []
    for exit_sq, d in INWARD.items():
        df, dr = int(d == EAST) - int(d == WEST), int(d == NORTH) - int(d == SOUTH)
        cur = exit_sq
        for _ in range(reach):
            cur = square(cur % 9 + df, cur // 9 + dr)
            if not IS_FOREST[cur]:
                break
            if dist[cur] > 1:
                dist[cur] = 1
                if board[cur] == EMPTY:
                    frontier.append(cur)
            if board[cur] != EMPTY:
                break
    step = 1
    while frontier:
        step += 1
        nxt_frontier: list[int] = []
        for sq in frontier:
            for d in range(4):
                cur = sq
                for _ in range(reach):
                    cur = STEP[cur][d]
                    if cur == OFF or IS_EXIT[cur]:
                        break
                    if dist[cur] > step:
                        dist[cur] = step
                        if board[cur] == EMPTY:
                            nxt_frontier.append(cur)
                    if board[cur] != EMPTY:
                        break
        frontier = nxt_frontier
    return dist


def _knapsack(pieces: list[tuple[int, int]], moves: int) -> float:
    """Most points from tiles that can each leave in ``dist`` moves, within ``moves``."""
    if moves <= 0:
        return 0.0
    best = [0] * (moves + 1)
    for dist, value in pieces:
        if dist > moves:
            continue
        for m in range(moves, dist - 1, -1):
            best[m] = max(best[m], best[m - dist] + value)
    return float(best[moves])


SCALE: Final = 6.0
"""Points of margin that make a Halali match about 73 % won (logistic scale)."""


def evaluate(state: State) -> Rewards:
    """Chance to win from the points margin of the match so far (public: won and exited
    tiles), read from the state as the spectator view shows it."""
    assert isinstance(state, HalaliState)
    points = [0.0, 0.0]
    for game in state.finished:
        for seat in range(2):
            points[seat] += game["points"][seat]
    if not state.is_over():
        for seat in range(2):
            points[seat] += state.points(state.colour_of(seat))
    margin = (points[0] - points[1]) / SCALE
    first = 1 / (1 + math.exp(-max(-30.0, min(30.0, margin))))
    return (first, 1 - first)


BOTS = GameBots(
    levels={"rules": RulesBot},
    # The rules bot costs about half a millisecond a call: eight plies (four moves each)
    # are enough to see what a move exposes or sets up; the points margin judges.
    rollouts={
        "strong": RolloutSettings(rollouts=100, horizon=8),
        "expert": RolloutSettings(rollouts=240, horizon=12),
    },
    # Four plies of rules-guided rollout after the tree show what a move exposes (judged
    # right after the tree, the search trailed rules: 0.441); the statistical guard is
    # off, since it kept the rules bot's random pick among moves its judge scores alike
    # (docs/bots.md, "Halali's ismcts: from under rules to over it").
    search=SearchSettings(
        iterations=100, rollout_depth=4, widening=1.5, keep_margin=0.02, keep_z=0.0
    ),
    evaluate=evaluate,
    # docs/bots.md: every rung holds on duplicate deals of single games (ismcts over
    # rules 0.713, 0.625-0.800; strong over ismcts 0.662; expert over strong 0.625).
)
"""Halali's ladder: ``rules``, and the search levels tuned to it."""

__all__ = ["BOTS", "SCALE", "RulesBot", "evaluate"]
