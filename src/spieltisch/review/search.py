"""Judging one decision from what the seat could see: sampled worlds, paired rollouts.

A decision is judged from ``state.view(seat)`` alone. Worlds consistent with that view
are drawn with ``game.sample_state``; every candidate move is played once in each world
and the rest of the game is played out (or cut off and judged) by the game's ``rules``
bot, each rolling seat planning from its own view of the world. Every candidate gets the
same worlds and the same rollout seeds (common random numbers), so the difference of
two candidates is mostly their consequences and not the deal: its standard error, over
the paired differences, is what decides whether a loss is real.

With many legal moves (a rummy hand), candidates are screened first by sequential
halving (Karnin, Koren and Somekh, ICML 2013) within a rollout cap: the move taken and
the rules bot's move are never dropped; the survivors are then played in every world.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from spieltisch.bots.base import Bot, RandomBot
from spieltisch.bots.declaration import declared
from spieltisch.bots.ismcts import Evaluator, StopRule, result_rewards
from spieltisch.bots.ladder import rules_bot
from spieltisch.engine import Game, State, View

from .declaration import GameReview
from .model import Decision, Estimate, Loss, classify

Sample = tuple[float, float]
"""One rollout's (win share, reward) for the reviewed seat."""


@dataclass(frozen=True, slots=True)
class Judge:
    """Everything a decision needs besides the view: game, policy, cut-off, budget."""

    game: Game
    bot: Bot
    """The rollout policy: the game's rules bot (or random)."""
    settings: GameReview
    horizon: int | None
    stop: StopRule | None
    evaluate: Evaluator | None

    @classmethod
    def of(cls, game: Game, settings: GameReview, seed: int) -> Judge:
        bots = declared(game)
        strong = bots.rollout("strong")
        evaluate = bots.evaluate
        horizon = settings.horizon if settings.horizon is not None else strong.horizon
        stop = settings.stop if settings.stop is not None else strong.stop
        if evaluate is None:
            horizon, stop = None, None
        bot = rules_bot(game, seed) or RandomBot(game, seed=seed)
        return cls(game, bot, settings, horizon, stop, evaluate)

    # -- one decision ------------------------------------------------------------------
    def decide(
        self, view: View, seat: int, taken: Any, ply: int, rng: random.Random, worlds: int
    ) -> Decision:
        """Judge ``taken`` by ``seat`` seeing ``view``; forced when it had no choice."""
        legal = [self.game.parse_action(text) for text in view.get("legal_actions", [])]
        if len(legal) < 2 or taken not in legal:
            return Decision(ply=ply, action=str(taken), legal=len(legal), kind="forced")
        self.bot.rng = random.Random(rng.getrandbits(63))
        rules = self.bot.plan(view, seat, 0.0).action
        others = [a for a in legal if a != taken and a != rules]
        rng.shuffle(others)
        candidates = [taken, *([rules] if rules != taken and rules in legal else []), *others]
        finalists = max(2, self.settings.finalists)
        alive = candidates
        spent = 0
        if len(alive) > finalists:
            # Screening has worlds of its own: the finals' figures then carry no winner's
            # curse from having been picked on the same luck.
            alive, spent = self._screen(view, seat, candidates, rng, worlds)
        finals = self._worlds(view, seat, rng, worlds)
        samples: dict[Any, list[Sample]] = {a: [] for a in alive}
        spent += _play(self, seat, finals, samples, alive, worlds)
        estimates = {a: _estimate(str(a), samples[a]) for a in alive}
        rest = [a for a in alive if a != taken]
        best = max(rest, key=lambda a: (estimates[a].win, estimates[a].reward))
        mine, other = estimates[taken], estimates[best]
        loss = _loss(samples[best], samples[taken])
        taken_is_best = (mine.win, mine.reward) >= (other.win, other.reward)
        return Decision(
            ply=ply,
            action=str(taken),
            legal=len(legal),
            kind=classify(taken_is_best, loss),
            taken=mine,
            alternative=other,
            loss=loss,
            rules=str(rules),
            win_before=max(mine.win, other.win),
            rollouts=spent,
        )

    def _worlds(
        self, view: View, seat: int, rng: random.Random, count: int
    ) -> list[tuple[State, int]]:
        """``count`` worlds drawn from ``view``, each with its rollout seed."""
        return [
            (self.game.sample_state(view, seat, rng.getrandbits(63)), rng.getrandbits(63))
            for _ in range(count)
        ]

    def _screen(
        self, view: View, seat: int, candidates: list[Any], rng: random.Random, worlds: int
    ) -> tuple[list[Any], int]:
        """Sequential halving down to ``finalists`` within the ``screen`` rollout cap.

        The move taken and the rules bot's (the first two candidates) survive every
        round; only the move taken is sure of a place in the finals.
        """
        finalists = max(2, self.settings.finalists)
        plays = self._worlds(view, seat, rng, worlds)
        samples: dict[Any, list[Sample]] = {a: [] for a in candidates}
        taken, protected = candidates[0], candidates[:2]
        alive, spent, left = candidates, 0, self.settings.screen
        if 2 * len(alive) > left:
            # Not two worlds each within the cap: a random share of the others (they
            # were shuffled) competes with the two protected moves.
            alive = alive[: max(finalists + 1, left // 2)]
        rounds = max(1, math.ceil(math.log2(len(alive) / finalists)))
        for round_no in range(rounds):
            if len(alive) <= finalists:
                break
            count = min(worlds, max(2, left // ((rounds - round_no) * len(alive))))
            cost = _play(self, seat, plays, samples, alive, count)
            spent += cost
            left -= cost
            alive = _top(alive, samples, protected, max(finalists, len(alive) // 2))
        return _top(alive, samples, [taken], finalists), spent

    # -- one rollout -------------------------------------------------------------------
    def _rollout(self, world: State, seat: int, action: Any, roll_seed: int) -> Sample:
        """``seat``'s (win share, reward) after ``action`` in a copy of a sampled world."""
        state = world.clone()
        state.apply(seat, action)
        self.bot.rng = random.Random(roll_seed)
        plies = 0
        while not state.is_over():
            if (self.horizon is not None and plies >= self.horizon) or (
                self.stop is not None and self.stop(world, state)
            ):
                assert self.evaluate is not None
                rewards = list(self.evaluate(state))
                chance = self.settings.win_chance
                if chance is not None:
                    return float(chance(state)[seat]), float(rewards[seat])
                total = sum(rewards)
                win = rewards[seat] / total if total > 0 else 1.0 / len(rewards)
                return float(win), float(rewards[seat])
            actor = state.active_seats()[0]
            state.play(actor, self.bot.act(state, actor))
            plies += 1
        result = state.result()
        assert result is not None
        return first_share(result.ranks, seat), float(result_rewards(result)[seat])


def _play(
    judge: Judge,
    seat: int,
    plays: list[tuple[State, int]],
    samples: dict[Any, list[Sample]],
    actions: Sequence[Any],
    count: int,
) -> int:
    """Play each of ``actions`` in the first ``count`` worlds it has not been played in;
    the number of rollouts this took."""
    cost = 0
    for action in actions:
        done = samples[action]
        for world, roll_seed in plays[len(done) : count]:
            done.append(judge._rollout(world, seat, action, roll_seed))
            cost += 1
    return cost


def first_share(ranks: Sequence[int], seat: int) -> float:
    """``seat``'s share of first place: 1 alone, 1/k among k tied, else 0."""
    if ranks[seat] != 1:
        return 0.0
    return 1.0 / sum(1 for r in ranks if r == 1)


def _mean_se(values: Sequence[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var / n)


def _estimate(action: str, samples: Sequence[Sample]) -> Estimate:
    win, win_se = _mean_se([w for w, _ in samples])
    reward, reward_se = _mean_se([r for _, r in samples])
    return Estimate(action, win, win_se, reward, reward_se, len(samples))


def _loss(best: Sequence[Sample], taken: Sequence[Sample]) -> Loss:
    """Paired differences, world by world: the same deal and rollout seeds for both."""
    win, win_se = _mean_se([b[0] - t[0] for b, t in zip(best, taken, strict=True)])
    reward, reward_se = _mean_se([b[1] - t[1] for b, t in zip(best, taken, strict=True)])
    return Loss(win, win_se, reward, reward_se)


def _top(
    alive: list[Any], samples: dict[Any, list[Sample]], protected: list[Any], keep: int
) -> list[Any]:
    """The ``keep`` best of ``alive`` on the worlds all of them were played in,
    ``protected`` kept whatever their figures."""
    count = min(len(samples[a]) for a in alive)

    def key(action: Any) -> tuple[float, float]:
        got = samples[action][:count]
        return (sum(w for w, _ in got) / len(got), sum(r for _, r in got) / len(got))

    ranked = sorted(alive, key=key, reverse=True)
    chosen = [a for a in protected if a in alive]
    for action in ranked:
        if len(chosen) >= keep:
            break
        if action not in chosen:
            chosen.append(action)
    return chosen


__all__ = ["Judge", "Sample", "first_share"]
