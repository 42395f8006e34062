"""Garbage collection for a server process holding many live tables.

CPython's full collection walks every object the collector tracks: the imported
framework (about 110,000 objects) plus each table's state and step log (hundreds each).
Under load it runs every few seconds and, with a few hundred tables on two shared
cores, stops the event loop for 100-200 ms: every action in flight waits, and the
99th percentile of action→broadcast is that pause (bench/ws_load.py, docs/operations.md,
"Sizing").

So long-lived objects are kept out of the collector's sight: frozen (``gc.freeze``) at
start and again every ``FREEZE_EVERY`` seconds; a full collection then only walks what
was made since. Frozen objects are not freed when they become cyclic garbage (a finished
table's task and connections refer to each other), so every ``SWEEP_EVERY`` seconds they
are given back to the collector and one full collection runs: one long pause every ten
minutes instead of one every few seconds. Reference counting frees everything else as
before.

The youngest generation is collected after ``YOUNG`` more tracked objects instead of
CPython's 700. Each action builds a few hundred short-lived dicts (views, messages)
that wait in the sockets' outboxes a moment before reference counting frees them; at
700 a young collection ran on almost every action, and each tenth one walked the middle
generation too: 0.18 ms of 1.19 ms of server CPU per action, a pause of 70 ms now and
then, at 600 tables (``bench/ws_load.py``, ``gc_ms_per_action``). Cyclic garbage waits a
little longer to be freed (at most ``YOUNG`` objects, a few megabytes).
"""

from __future__ import annotations

import gc
import logging
import threading
import time

log = logging.getLogger("spieltisch.server")

FREEZE_EVERY = 5.0
"""Seconds between freezes of what has survived so far."""
SWEEP_EVERY = 600.0
"""Seconds between full collections of everything, frozen objects included."""
YOUNG = 50_000
"""Tracked objects made (less those freed) before the youngest generation is collected."""


def tend(stop: threading.Event, freeze_every: float, sweep_every: float) -> None:
    """Freeze, and now and then sweep, until ``stop`` is set."""
    gc.freeze()
    swept = time.monotonic()
    while not stop.wait(freeze_every):
        if time.monotonic() - swept >= sweep_every:
            gc.unfreeze()
            started = time.perf_counter()
            freed = gc.collect()
            pause_ms = round(1000 * (time.perf_counter() - started), 1)
            log.info("full collection", extra={"freed": freed, "pause_ms": pause_ms})
            swept = time.monotonic()
        gc.freeze()


def start(freeze_every: float = FREEZE_EVERY, sweep_every: float = SWEEP_EVERY) -> threading.Event:
    """Tend the collector in a daemon thread (it only sleeps in between); set the
    returned event to stop. The collector's functions hold the interpreter lock, so a
    thread is as safe as the event loop for them, and needs no loop to start."""
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG, middle, old)
    stop = threading.Event()
    threading.Thread(
        target=tend, args=(stop, freeze_every, sweep_every), name="gc-tender", daemon=True
    ).start()
    return stop
