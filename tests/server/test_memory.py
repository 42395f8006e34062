"""The collector tender keeps survivors frozen, and still frees cycles among them."""

from __future__ import annotations

import gc
import time
import weakref
from collections.abc import Callable

from spieltisch.server import memory


class Node:
    other: object = None


def _wait_until(done: Callable[[], bool], seconds: float = 5.0) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if done():
            return True
        time.sleep(0.02)
    return False


def test_survivors_are_frozen_and_frozen_cycles_are_swept() -> None:
    gc.unfreeze()
    node = Node()
    node.other = node  # a cycle: only the collector can free it
    ref = weakref.ref(node)
    gc.freeze()
    del node
    gc.collect()
    assert ref() is not None  # frozen: a full collection does not see it
    threshold = gc.get_threshold()
    stop = memory.start(freeze_every=0.05, sweep_every=0.2)
    try:
        assert gc.get_threshold()[0] == memory.YOUNG  # young collections are rare
        assert _wait_until(lambda: gc.get_freeze_count() > 0)
        assert _wait_until(lambda: ref() is None)  # the sweep gave it back and freed it
    finally:
        stop.set()
        time.sleep(0.1)
        gc.unfreeze()
        gc.set_threshold(*threshold)
