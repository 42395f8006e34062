"""Group commit: actions of several tables share one transaction, and a batch with a
bad action still stores every good one, on SQLite (a writer thread) and PostgreSQL (on
the event loop) alike."""

from __future__ import annotations

import asyncio
import time

import pytest
from sqlalchemy import text

from spieltisch.store import Store, StoreError
from spieltisch.store.batches import Append
from spieltisch.store.groupcommit import GroupCommit
from spieltisch.store.loopcommit import LoopGroupCommit

from .test_repository import _table

FLIP_B2 = {"type": "flip", "square": "b2"}
FLIP_C2 = {"type": "flip", "square": "c2"}
RESULT = {"ranks": [1, 2]}


def group_commit(store: Store, window: float) -> GroupCommit | LoopGroupCommit:
    """The group commit the server uses with this store."""
    return LoopGroupCommit(store, window) if store.writes_async else GroupCommit(store, window)


def write_batch(store: Store, appends: list[Append]) -> None:
    """One batch, written as the server's group commit writes it with this store."""
    if not store.writes_async:
        store.append_actions(appends)
        return

    async def write() -> None:
        try:
            await store.append_actions_async(appends)
        finally:
            await store.close_async()

    asyncio.run(write())


def test_actions_within_the_window_share_one_transaction(store: Store) -> None:
    for tid in ("a", "b", "c"):
        _table(store, tid, status="running")
    commits = group_commit(store, window=0.2)

    async def burst() -> None:
        try:
            await asyncio.gather(
                commits.append(("a", 0, 0, FLIP_B2, None)),
                commits.append(("b", 0, 0, FLIP_C2, None)),
                commits.append(("c", 0, 0, FLIP_B2, RESULT)),
            )
        finally:
            await commits.aclose()

    asyncio.run(burst())
    assert commits.batches == 1
    assert store.actions("a") == [{"seat": 0, "action": FLIP_B2}]
    assert store.actions("b") == [{"seat": 0, "action": FLIP_C2}]
    finished = store.get_table("c")
    assert finished is not None and (finished.status, finished.result) == ("finished", RESULT)


def test_a_bad_action_in_a_batch_fails_alone(store: Store) -> None:
    _table(store, "a", status="running")
    _table(store, "b", status="running")
    store.append_action("a", 0, 0, FLIP_B2)
    commits = group_commit(store, window=0.2)

    async def burst() -> list[BaseException | None]:
        try:
            outcomes = await asyncio.gather(
                commits.append(("a", 0, 1, FLIP_C2, None)),  # ply 0 is taken
                commits.append(("b", 0, 0, FLIP_C2, None)),
                commits.append(("ghost", 0, 0, FLIP_C2, None)),  # no such table
                return_exceptions=True,
            )
        finally:
            await commits.aclose()
        return list(outcomes)

    taken, stored, ghost = asyncio.run(burst())
    assert isinstance(taken, StoreError) and isinstance(ghost, StoreError)
    assert stored is None
    assert store.actions("a") == [{"seat": 0, "action": FLIP_B2}]
    assert store.actions("b") == [{"seat": 0, "action": FLIP_C2}]


def test_a_failed_transaction_fails_every_action_of_its_batch(store: Store) -> None:
    """Not a constraint: whether it committed is unknown, so nobody is told it did."""
    _table(store, "a", status="running")
    _table(store, "b", status="running")
    commits = group_commit(store, window=0.2)

    def broken(*_args: object) -> None:
        raise OSError("the database went away")

    async def broken_async(*_args: object) -> None:
        broken()

    store.append_actions = broken  # type: ignore[method-assign,assignment]
    store.append_actions_async = broken_async  # type: ignore[method-assign,assignment]

    async def burst() -> list[BaseException | None]:
        try:
            return list(
                await asyncio.gather(
                    commits.append(("a", 0, 0, FLIP_B2, None)),
                    commits.append(("b", 0, 0, FLIP_B2, None)),
                    return_exceptions=True,
                )
            )
        finally:
            await commits.aclose()

    outcomes = asyncio.run(burst())
    assert [type(o) for o in outcomes] == [OSError, OSError]


@pytest.mark.parametrize("window", [0.0, 0.002])
def test_without_a_window_what_queued_meanwhile_still_shares(store: Store, window: float) -> None:
    """The writer takes everything queued while it was busy, whatever the window."""
    for n in range(20):
        _table(store, f"t{n}", status="running")
    commits = group_commit(store, window=window)

    async def burst() -> None:
        try:
            await asyncio.gather(
                *(commits.append((f"t{n}", 0, 0, FLIP_B2, None)) for n in range(20))
            )
        finally:
            await commits.aclose()

    asyncio.run(burst())
    assert 1 <= commits.batches < 20
    assert all(store.actions(f"t{n}") == [{"seat": 0, "action": FLIP_B2}] for n in range(20))


def test_a_batch_with_two_plies_of_one_table_finishes_it_once(store: Store) -> None:
    """The table lock keeps a table to one action per batch; the store does not rely on
    it: both plies are stored and the table is finished with the last one's result."""
    _table(store, "a", status="running")
    _table(store, "b", status="running")
    write_batch(
        store,
        [
            ("a", 0, 0, FLIP_B2, None),
            ("b", 0, 0, FLIP_C2, None),
            ("a", 1, 1, FLIP_C2, RESULT),
        ],
    )
    assert store.actions("a") == [{"seat": 0, "action": FLIP_B2}, {"seat": 1, "action": FLIP_C2}]
    finished, running = store.get_table("a"), store.get_table("b")
    assert finished is not None and (finished.status, finished.result) == ("finished", RESULT)
    assert running is not None and (running.status, running.result) == ("running", None)


def test_a_broken_connection_fails_its_batch_and_the_next_batch_connects_anew(
    pg_store: Store,
) -> None:
    """PostgreSQL writes on the event loop with a connection held between batches: when
    the database drops it, that batch fails (outcome unknown) and the next one opens a
    new connection instead of failing too."""
    for tid in ("a", "b"):
        _table(pg_store, tid, status="running")
    commits = LoopGroupCommit(pg_store, window=0.0)

    async def story() -> BaseException | None:
        try:
            await commits.append(("a", 0, 0, FLIP_B2, None))
            with pg_store.engine.begin() as conn:  # the database drops the writer
                dropped = conn.execute(
                    text(
                        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                        "WHERE pid <> pg_backend_pid() AND position(:batch in query) > 0"
                    ),
                    {"batch": f'"{pg_store.schema}".st_actions'},
                ).scalar()
            assert dropped
            lost = (
                await asyncio.gather(
                    commits.append(("a", 1, 1, FLIP_C2, None)), return_exceptions=True
                )
            )[0]
            await commits.append(("b", 0, 0, FLIP_C2, None))
            return lost
        finally:
            await commits.aclose()

    lost = asyncio.run(story())
    assert isinstance(lost, Exception) and not isinstance(lost, StoreError)
    assert pg_store.actions("a") == [{"seat": 0, "action": FLIP_B2}]
    assert pg_store.actions("b") == [{"seat": 0, "action": FLIP_C2}]


def test_closing_commits_what_waits_for_its_window(store: Store) -> None:
    """A shutdown does not wait out the window, nor lose what was gathered in it."""
    _table(store, "a", status="running")
    commits = group_commit(store, window=30.0)

    async def story() -> float:
        queued = commits.append(("a", 0, 0, FLIP_B2, None))
        began = time.monotonic()
        await commits.aclose()
        await queued
        return time.monotonic() - began

    assert asyncio.run(story()) < 5.0
    assert commits.batches == 1
    assert store.actions("a") == [{"seat": 0, "action": FLIP_B2}]
