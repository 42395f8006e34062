"""Post-game reviews in the store: one row per (table, seat), written by the process
that runs the job, readable by every process.

The row is the truth about a review, not the process that runs it: any server process
answers "how far is it?" from the row, and the job's process writes its progress there.
Every write of a running job names its ``owner``: a process that was taken for dead and
lost its job to another one cannot overwrite the newer run. ``start`` is an insert, so
two requests for one seat on two processes make one job (the second insert fails and
reads the first's row).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import sessionmaker

from .models import ReviewRow
from .repository import Store

REVIEW_STATUSES = ("queued", "running", "done", "failed")
"""``queued`` waits for a worker, ``running`` is being worked out, ``done`` holds the
review, ``failed`` says why there is none."""

UNFINISHED = ("queued", "running")


@dataclass(frozen=True, slots=True)
class ReviewRecord:
    table_id: str
    seat: int
    status: str
    """One of :data:`REVIEW_STATUSES`."""
    owner: str
    """The process that runs (or ran) the job."""
    attempts: int
    progress: int
    """Decisions worked out so far ..."""
    total: int
    """... of this many (0 while the job has not started)."""
    result: dict[str, Any] | None
    cpu_seconds: float | None
    """Processor time of the worker for the whole review (once done)."""
    wall_seconds: float | None
    created_at: datetime
    updated_at: datetime


def _record(row: ReviewRow) -> ReviewRecord:
    return ReviewRecord(
        table_id=row.table_id,
        seat=int(row.seat),
        status=row.status,
        owner=row.owner,
        attempts=int(row.attempts),
        progress=int(row.progress),
        total=int(row.total),
        result=row.result,
        cpu_seconds=row.cpu_seconds,
        wall_seconds=row.wall_seconds,
        created_at=row.created_at,
        updated_at=row.updated_at,
    )


def _now() -> datetime:
    return datetime.now(UTC)


class Reviews:
    """The review rows of one store (its engine and PostgreSQL schema)."""

    def __init__(self, store: Store) -> None:
        self._session = sessionmaker(store.engine, expire_on_commit=False)

    def get(self, table_id: str, seat: int) -> ReviewRecord | None:
        with self._session() as s:
            row = s.get(ReviewRow, (table_id, seat))
            return None if row is None else _record(row)

    def start(self, table_id: str, seat: int, owner: str) -> tuple[ReviewRecord, bool]:
        """Queue a new review for ``owner``; with ``True`` if this call made it, else the
        row somebody made first (in whatever state it is)."""
        now = _now()
        row = ReviewRow(
            table_id=table_id,
            seat=seat,
            status="queued",
            owner=owner,
            attempts=1,
            progress=0,
            total=0,
            result=None,
            cpu_seconds=None,
            wall_seconds=None,
            created_at=now,
            updated_at=now,
        )
        try:
            with self._session.begin() as s:
                s.add(row)
            return _record(row), True
        except IntegrityError:
            found = self.get(table_id, seat)
            if found is None:  # deleted with its table in between
                raise
            return found, False

    def restart(
        self, table_id: str, seat: int, owner: str, *, was: ReviewRecord, count: bool = True
    ) -> bool:
        """Queue the review again for ``owner``, if the row is still as ``was`` left it
        (same owner, status and attempts): of several processes trying, one wins.
        ``count`` adds an attempt (a takeover); a player asking again after a failure
        starts afresh."""
        with self._session.begin() as s:
            done = s.execute(
                update(ReviewRow)
                .where(
                    ReviewRow.table_id == table_id,
                    ReviewRow.seat == seat,
                    ReviewRow.owner == was.owner,
                    ReviewRow.status == was.status,
                    ReviewRow.attempts == was.attempts,
                )
                .values(
                    status="queued",
                    owner=owner,
                    attempts=was.attempts + 1 if count else 1,
                    progress=0,
                    total=0,
                    result=None,
                    cpu_seconds=None,
                    wall_seconds=None,
                    updated_at=_now(),
                )
            )
            return bool(getattr(done, "rowcount", 0) == 1)

    def _update(self, table_id: str, seat: int, owner: str, **values: Any) -> bool:
        with self._session.begin() as s:
            done = s.execute(
                update(ReviewRow)
                .where(
                    ReviewRow.table_id == table_id,
                    ReviewRow.seat == seat,
                    ReviewRow.owner == owner,
                    ReviewRow.status.in_(UNFINISHED),
                )
                .values(updated_at=_now(), **values)
            )
            return bool(getattr(done, "rowcount", 0) == 1)

    def progress(self, table_id: str, seat: int, owner: str, done: int, total: int) -> bool:
        """Record that ``owner`` has worked out ``done`` of ``total`` decisions;
        ``False`` if the job is no longer ``owner``'s."""
        return self._update(table_id, seat, owner, status="running", progress=done, total=total)

    def finish(
        self,
        table_id: str,
        seat: int,
        owner: str,
        result: dict[str, Any],
        *,
        total: int,
        cpu_seconds: float,
        wall_seconds: float,
    ) -> bool:
        """Store the finished review of ``total`` decisions."""
        return self._update(
            table_id,
            seat,
            owner,
            status="done",
            progress=total,
            total=total,
            result=result,
            cpu_seconds=cpu_seconds,
            wall_seconds=wall_seconds,
        )

    def fail(self, table_id: str, seat: int, owner: str, error: str) -> bool:
        """Mark the job failed with a reason (kept for the logs and the page)."""
        return self._update(table_id, seat, owner, status="failed", result={"error": error})

    def unfinished(self, limit: int = 1000) -> list[ReviewRecord]:
        """Queued and running reviews, oldest first (for a process taking over)."""
        with self._session() as s:
            rows = s.scalars(
                select(ReviewRow)
                .where(ReviewRow.status.in_(UNFINISHED))
                .order_by(ReviewRow.created_at)
                .limit(limit)
            ).all()
            return [_record(r) for r in rows]

    def of_table(self, table_id: str) -> list[ReviewRecord]:
        """Every review of a table, by seat."""
        with self._session() as s:
            rows = s.scalars(
                select(ReviewRow).where(ReviewRow.table_id == table_id).order_by(ReviewRow.seat)
            ).all()
            return [_record(r) for r in rows]
