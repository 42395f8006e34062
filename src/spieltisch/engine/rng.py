"""Seeded, derived randomness.

The rules core never touches global randomness. Every random decision of a game (a
shuffle, a gun direction, a redeal) draws from a generator derived from the game's seed
and a label naming that decision, so a state needs to store nothing but its seed, and
seed + actions rebuild any state byte for byte, on any machine.
"""

from __future__ import annotations

import hashlib
import random


def derive_rng(seed: int, *labels: object) -> random.Random:
    """A generator for one random decision, fixed by ``seed`` and ``labels``.

    >>> derive_rng(7, "deal", 1).random() == derive_rng(7, "deal", 1).random()
    True
    >>> derive_rng(7, "deal", 1).random() == derive_rng(7, "deal", 2).random()
    False
    """
    text = ":".join([str(seed), *map(str, labels)])
    digest = hashlib.blake2b(text.encode(), digest_size=8).digest()
    return random.Random(int.from_bytes(digest, "big"))


def shuffled(rng: random.Random, items: list[int]) -> list[int]:
    """A shuffled copy, by Fisher-Yates on ``rng.randrange``.

    Written out rather than ``random.shuffle`` so the order depends only on
    ``randrange``, whose output for a seed is part of Python's stability promise.
    """
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = rng.randrange(i + 1)
        out[i], out[j] = out[j], out[i]
    return out
