"""The rules bot's judgement is pinned: every score it gives on the positions of a few
random games (both variants) hashes to the figure recorded from the first, plain
implementation. Faster scoring must give the same floats, or bots would play otherwise."""

from __future__ import annotations

import hashlib
import random

from spieltisch.games.halali import Halali
from spieltisch.games.halali.faces.bots import _Judge

SCORES = 20768
DIGEST = "f027f46668606955"


def test_every_score_is_what_the_plain_judge_gave() -> None:
    digest = hashlib.sha256()
    scored = 0
    for variant in ("kosmos", "brettspielnetz"):
        game = Halali(variant=variant)
        for seed in range(3):
            rng = random.Random(seed)
            state = game.new_state(seed=seed)
            while not state.is_over():
                seat = state.active_seats()[0]
                view = state.view(seat)
                judge = _Judge.from_view(view)
                actions = [game.parse_action(t) for t in view["legal_actions"]]
                for action in actions:
                    digest.update(repr((str(action), judge.score(action))).encode())
                    scored += 1
                state.apply(seat, rng.choice(actions))
    assert (scored, digest.hexdigest()[:16]) == (SCORES, DIGEST)
