"""Group commit: actions of several tables share one transaction, and a batch with a
bad action still stores every good one, on SQLite and PostgreSQL alike."""

from __future__ import annotations

import asyncio

import pytest

from spieltisch.store import Store, StoreError
from spieltisch.store.groupcommit import GroupCommit

from .test_repository import _table

FLIP_B2 = {"type": "flip", "square": "b2"}
FLIP_C2 = {"type": "flip", "square": "c2"}
RESULT = {"ranks": [1, 2]}


def test_actions_within_the_window_share_one_transaction(store: Store) -> None:
    for tid in ("a", "b", "c"):
        _table(store, tid, status="running")
    commits = GroupCommit(store, window=0.2)

    async def burst() -> None:
        await asyncio.gather(
            commits.append(("a", 0, 0, FLIP_B2, None)),
            commits.append(("b", 0, 0, FLIP_C2, None)),
            commits.append(("c", 0, 0, FLIP_B2, RESULT)),
        )

    try:
        asyncio.run(burst())
    finally:
        commits.close()
    assert commits.batches == 1
    assert store.actions("a") == [{"seat": 0, "action": FLIP_B2}]
    assert store.actions("b") == [{"seat": 0, "action": FLIP_C2}]
    finished = store.get_table("c")
    assert finished is not None and (finished.status, finished.result) == ("finished", RESULT)


def test_a_bad_action_in_a_batch_fails_alone(store: Store) -> None:
    _table(store, "a", status="running")
    _table(store, "b", status="running")
    store.append_action("a", 0, 0, FLIP_B2)
    commits = GroupCommit(store, window=0.2)

    async def burst() -> list[BaseException | None]:
        outcomes = await asyncio.gather(
            commits.append(("a", 0, 1, FLIP_C2, None)),  # ply 0 is taken
            commits.append(("b", 0, 0, FLIP_C2, None)),
            commits.append(("ghost", 0, 0, FLIP_C2, None)),  # no such table
            return_exceptions=True,
        )
        return list(outcomes)

    try:
        taken, stored, ghost = asyncio.run(burst())
    finally:
        commits.close()
    assert isinstance(taken, StoreError) and isinstance(ghost, StoreError)
    assert stored is None
    assert store.actions("a") == [{"seat": 0, "action": FLIP_B2}]
    assert store.actions("b") == [{"seat": 0, "action": FLIP_C2}]


def test_a_failed_transaction_fails_every_action_of_its_batch(store: Store) -> None:
    """Not a constraint: whether it committed is unknown, so nobody is told it did."""
    _table(store, "a", status="running")
    _table(store, "b", status="running")
    commits = GroupCommit(store, window=0.2)

    def broken(*_args: object) -> None:
        raise OSError("the database went away")

    store.append_actions = broken  # type: ignore[method-assign,assignment]

    async def burst() -> list[BaseException | None]:
        return list(
            await asyncio.gather(
                commits.append(("a", 0, 0, FLIP_B2, None)),
                commits.append(("b", 0, 0, FLIP_B2, None)),
                return_exceptions=True,
            )
        )

    try:
        outcomes = asyncio.run(burst())
    finally:
        commits.close()
    assert [type(o) for o in outcomes] == [OSError, OSError]


@pytest.mark.parametrize("window", [0.0, 0.002])
def test_without_a_window_what_queued_meanwhile_still_shares(store: Store, window: float) -> None:
    """The writer takes everything queued while it was busy, whatever the window."""
    for n in range(20):
        _table(store, f"t{n}", status="running")
    commits = GroupCommit(store, window=window)

    async def burst() -> None:
        await asyncio.gather(*(commits.append((f"t{n}", 0, 0, FLIP_B2, None)) for n in range(20)))

    try:
        asyncio.run(burst())
    finally:
        commits.close()
    assert 1 <= commits.batches < 20
    assert all(store.actions(f"t{n}") == [{"seat": 0, "action": FLIP_B2}] for n in range(20))


def test_a_batch_with_two_plies_of_one_table_finishes_it_once(store: Store) -> None:
    """The table lock keeps a table to one action per batch; the store does not rely on
    it: both plies are stored and the table is finished with the last one's result."""
    _table(store, "a", status="running")
    _table(store, "b", status="running")
    store.append_actions(
        [
            ("a", 0, 0, FLIP_B2, None),
            ("b", 0, 0, FLIP_C2, None),
            ("a", 1, 1, FLIP_C2, RESULT),
        ]
    )
    assert store.actions("a") == [{"seat": 0, "action": FLIP_B2}, {"seat": 1, "action": FLIP_C2}]
    finished, running = store.get_table("a"), store.get_table("b")
    assert finished is not None and (finished.status, finished.result) == ("finished", RESULT)
    assert running is not None and (running.status, running.result) == ("running", None)
