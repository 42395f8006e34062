"""Post-game reviews over HTTP: ``POST /api/tables/{id}/review`` starts the review of a
seat of a finished game, ``GET /api/tables/{id}/review/{seat}`` says how far it is.

A review searches at every decision of one seat, seeing only what that seat saw then
(the engine samples worlds from the seat's view). It is still analysis of a game's
hidden cards, so only finished tables are reviewed: nothing of a running game is worked
out. A finished game's review is as public as its replay.

The work runs in :mod:`.reviewworker`'s child processes: a bounded pool (``review_workers``
children, one review each at a time) and a bounded line (``review_queue`` more waiting; one
more is refused with ``review/busy``). One job per (table, seat): the store's row is
inserted once, and asking again returns that row.

Several processes, one truth: the row in ``st_reviews`` holds status, progress and the
result, so any process answers GET. A job belongs to the process that runs it (``owner``).
A job whose owner is gone (the server was killed or restarted, a cluster process died) is
**restarted**, not failed: reviews are deterministic and cheap to redo compared with a lost
answer. It is restarted at the next start-up of a process and whenever a GET finds it
orphaned; after :data:`MAX_ATTEMPTS` starts it is marked failed instead, so a review that
kills its process cannot take the server down again and again.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import time
import uuid
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Annotated, Any

from fastapi import APIRouter, Path, Request
from pydantic import BaseModel, Field

from spieltisch.store.reviews import UNFINISHED, ReviewRecord, Reviews

from . import schemas as S
from .deps import WriteLimit
from .errors import ApiError, ErrorCode
from .players import authenticate
from .reviewworker import ReviewDied, ReviewFailed, ReviewJob, ReviewProcess
from .settings import Settings
from .tableid import TableId
from .tables import TableManager

log = logging.getLogger("spieltisch.reviews")
router = APIRouter(prefix="/api/tables", tags=["reviews"])

MAX_ATTEMPTS = 3
"""Starts of one review (the first and two restarts after an interruption)."""

PROGRESS_EVERY = 0.5
"""Seconds between progress writes of one job (the last one is always written)."""

SeatNo = Annotated[int, Path(ge=0, le=64)]


class ReviewIn(BaseModel):
    seat: int = Field(ge=0, le=64)


def review_seed(table_id: str, seat: int) -> int:
    """The review's own seed: fixed per (table, seat), so a restarted job gives the same
    review, and unrelated to the game's seed (which stays secret).

    >>> review_seed("abc", 0) == review_seed("abc", 0) != review_seed("abc", 1)
    True
    """
    digest = hashlib.sha256(f"review:{table_id}:{seat}".encode()).digest()
    return int.from_bytes(digest[:4], "big")


@dataclass(eq=False)
class Job:
    """A review this process will run or runs now, and its freshest progress."""

    table_id: str
    seat: int
    done: int = 0
    total: int = 0
    running: bool = False
    written: float = 0.0
    writing: asyncio.Task[Any] | None = field(default=None, repr=False)
    askers: frozenset[str] = frozenset()
    """Who asked for it (``addr:...``, ``player:...``): each may have only
    ``max_reviews_per_address`` jobs here at once; none for a job taken over."""


class ReviewDesk:
    """The reviews of one server process: its pool, its line and the store's rows."""

    def __init__(self, manager: TableManager, settings: Settings) -> None:
        self.manager = manager
        self.rows = Reviews(manager.store)
        self.workers = max(1, settings.review_workers)
        self.waiting = max(0, settings.review_queue)
        self.worlds = settings.review_worlds
        self.per_asker = max(1, settings.max_reviews_per_address)
        self.asking: Counter[str] = Counter()
        """Places held by each asker's requests storing a new job right now."""
        self.local = uuid.uuid4().hex[:16]
        self.jobs: dict[tuple[str, int], Job] = {}
        """Jobs of this process, queued or running."""
        self.reserved = 0
        """Places held by requests storing a new job right now."""
        self.queue: asyncio.Queue[Job] = asyncio.Queue()
        self.procs = [ReviewProcess(f"spieltisch-review-{i}") for i in range(self.workers)]
        self.runners: list[asyncio.Task[None]] = []

    @property
    def me(self) -> str:
        """This process's name in the rows (its cluster name, when in a cluster)."""
        owners = self.manager.owners
        return owners.me if owners is not None else self.local

    # -- lifecycle -----------------------------------------------------------------------
    async def start(self) -> None:
        """Start the runners and take over the reviews a dead process left behind."""
        self.runners = [asyncio.create_task(self._runner(p), name=p.name) for p in self.procs]
        orphans = await asyncio.to_thread(self.rows.unfinished)
        alive = await self._alive({r.owner for r in orphans})
        for row in orphans:
            if row.owner not in alive and len(self.jobs) < self.capacity:
                await self._take_over(row)

    async def close(self) -> None:
        """Stop the runners and kill the children; unfinished rows stay for a restart."""
        for task in self.runners:
            task.cancel()
        await asyncio.gather(*self.runners, return_exceptions=True)
        for proc in self.procs:
            proc.stop()

    @property
    def capacity(self) -> int:
        return self.workers + self.waiting

    # -- requests ------------------------------------------------------------------------
    async def request(
        self, table_id: str, seat: int, askers: frozenset[str] = frozenset()
    ) -> dict[str, Any]:
        """Start the review of ``seat`` (or find the one there is) and say how far it is.
        ``askers``: the address (and player) asking, each held to a few new jobs at once.

        :raises ApiError: ``table/not_found``, ``review/not_finished`` (the game is not
            over), ``review/no_such_seat``, ``review/busy`` (the line is full),
            ``review/too_many_queued`` (this asker has enough jobs waiting).
        """
        table = await asyncio.to_thread(self.manager.store.get_table, table_id)
        if table is None:
            raise ApiError(ErrorCode.TABLE_NOT_FOUND, f"there is no table {table_id!r}")
        if table.status != "finished":
            raise ApiError(ErrorCode.REVIEW_NOT_FINISHED, "only finished games are reviewed")
        if not 0 <= seat < table.players:
            raise ApiError(ErrorCode.REVIEW_NO_SUCH_SEAT, f"seat must be 0..{table.players - 1}")
        found = await asyncio.to_thread(self.rows.get, table_id, seat)
        if found is None:
            with self._room(askers):
                row, made = await asyncio.to_thread(self.rows.start, table_id, seat, self.me)
                if made:
                    self._enqueue(row, askers)
                    log.info("review queued", extra={"table": table_id, "seat": seat})
            return await self._answer(row)
        if found.status == "failed":  # asked again: a fresh start
            with self._room(askers):
                again = self.rows.restart
                if await asyncio.to_thread(again, table_id, seat, self.me, was=found, count=False):
                    found = await self._enqueued(found, askers)
        return await self._answer(found)

    async def status(self, table_id: str, seat: int) -> dict[str, Any]:
        """How far the review of ``seat`` is (restarting it if its process is gone).

        :raises ApiError: ``review/not_found`` if nobody asked for it.
        """
        row = await asyncio.to_thread(self.rows.get, table_id, seat)
        if row is None:
            raise ApiError(ErrorCode.REVIEW_NOT_FOUND, "this seat has not been reviewed")
        return await self._answer(row)

    async def _answer(self, row: ReviewRecord) -> dict[str, Any]:
        if await self._orphaned(row):
            row = await self._take_over(row) or row
        out: dict[str, Any] = {
            "table_id": row.table_id,
            "seat": row.seat,
            "status": row.status,
            "progress": {"done": row.progress, "total": row.total},
        }
        job = self.jobs.get((row.table_id, row.seat))
        if job is not None and row.owner == self.me:  # fresher than the last write
            out["status"] = "running" if job.running else "queued"
            out["progress"] = {"done": job.done, "total": job.total}
        if row.status == "done":
            out["review"] = row.result
            out["cpu_seconds"], out["wall_seconds"] = row.cpu_seconds, row.wall_seconds
        elif row.status == "failed":
            out["error"] = (row.result or {}).get("error", "failed")
        return out

    async def _orphaned(self, row: ReviewRecord) -> bool:
        """Whether nobody works on an unfinished review: its process is gone, or it is
        ours and no runner holds it any more (the store failed under the runner)."""
        key = (row.table_id, row.seat)
        if row.status not in UNFINISHED or key in self.jobs or len(self.jobs) >= self.capacity:
            return False
        return row.owner == self.me or row.owner not in await self._alive({row.owner})

    @contextlib.contextmanager
    def _room(self, askers: frozenset[str] = frozenset()) -> Iterator[None]:
        """Hold a place in the line while a new job is stored (two requests at once must
        not both take the last place), or refuse with ``review/busy``; and one of each
        asker's few places, or refuse with ``review/too_many_queued``: one address must
        not keep the whole line full."""
        if len(self.jobs) + self.reserved >= self.capacity:
            raise ApiError(
                ErrorCode.REVIEW_BUSY,
                f"{len(self.jobs)} reviews are running or waiting; ask again later",
            )
        for asker in askers:
            held = self.asking[asker] + sum(asker in j.askers for j in self.jobs.values())
            if held >= self.per_asker:
                raise ApiError(
                    ErrorCode.REVIEW_TOO_MANY_QUEUED,
                    f"{held} of your reviews are running or waiting; ask when one is done",
                )
        self.reserved += 1
        self.asking.update(askers)
        try:
            yield
        finally:
            self.reserved -= 1
            self.asking.subtract(askers)
            self.asking += Counter()  # forget the askers at zero

    def _enqueue(self, row: ReviewRecord, askers: frozenset[str] = frozenset()) -> None:
        job = Job(row.table_id, row.seat, askers=askers)
        self.jobs[(row.table_id, row.seat)] = job
        self.queue.put_nowait(job)

    async def _enqueued(
        self, row: ReviewRecord, askers: frozenset[str] = frozenset()
    ) -> ReviewRecord:
        self._enqueue(row, askers)
        fresh = await asyncio.to_thread(self.rows.get, row.table_id, row.seat)
        return fresh or row

    async def _take_over(self, row: ReviewRecord) -> ReviewRecord | None:
        """Claim an orphaned job: queue it again here, or fail it after too many starts."""
        if not await asyncio.to_thread(self.rows.restart, row.table_id, row.seat, self.me, was=row):
            return None  # another process was quicker
        where = {"table": row.table_id, "seat": row.seat, "attempts": row.attempts + 1}
        if row.attempts >= MAX_ATTEMPTS:
            log.warning("review interrupted too often; failed", extra=where)
            reason = f"interrupted {row.attempts} times"
            await asyncio.to_thread(self.rows.fail, row.table_id, row.seat, self.me, reason)
        else:
            log.info("orphaned review restarted", extra=where)
            self._enqueue(row)
        return await asyncio.to_thread(self.rows.get, row.table_id, row.seat)

    async def _alive(self, owners: set[str]) -> set[str]:
        """Which of ``owners`` are running processes (this one always is)."""
        cluster = self.manager.owners
        others = owners - {self.me}
        if cluster is None or not others:
            return {self.me}
        return {self.me} | await cluster.alive(sorted(others))

    # -- work ----------------------------------------------------------------------------
    async def _runner(self, proc: ReviewProcess) -> None:
        while True:
            job = await self.queue.get()
            try:
                await self._run(proc, job)
            except asyncio.CancelledError:
                raise
            except Exception:  # the store failed: the row stays and is restarted later
                log.exception("review job failed", extra={"table": job.table_id})
            finally:
                self.jobs.pop((job.table_id, job.seat), None)

    async def _run(self, proc: ReviewProcess, job: Job) -> None:
        store, me = self.manager.store, self.me
        if not await asyncio.to_thread(self.rows.progress, job.table_id, job.seat, me, 0, 0):
            return  # no longer ours (another process took it over meanwhile)
        job.running = True
        record = await asyncio.to_thread(store.record, job.table_id)
        task = ReviewJob(record, job.seat, review_seed(job.table_id, job.seat), self.worlds)

        def progress(done: int, total: int) -> None:
            job.done, job.total = done, total
            now = time.monotonic()
            if now - job.written >= PROGRESS_EVERY and (job.writing is None or job.writing.done()):
                job.written = now
                job.writing = asyncio.create_task(
                    asyncio.to_thread(self.rows.progress, job.table_id, job.seat, me, done, total)
                )

        try:
            try:
                review, cpu, wall = await proc.run(task, progress)
            except ReviewDied as exc:  # killed or crashed: a fresh child tries once more
                log.warning(
                    "review process died; trying again: %s", exc, extra={"table": job.table_id}
                )
                review, cpu, wall = await proc.run(task, progress)
        except ReviewFailed as exc:
            log.warning("review failed: %s", exc, extra={"table": job.table_id, "seat": job.seat})
            await self._settle(job)
            await asyncio.to_thread(self.rows.fail, job.table_id, job.seat, me, str(exc))
            return
        await self._settle(job)
        await asyncio.to_thread(
            lambda: self.rows.finish(
                job.table_id,
                job.seat,
                me,
                review,
                total=job.total,
                cpu_seconds=cpu,
                wall_seconds=wall,
            )
        )
        log.info(
            "review done",
            extra={"table": job.table_id, "seat": job.seat, "cpu": round(cpu, 2)},
        )

    @staticmethod
    async def _settle(job: Job) -> None:
        """Wait for a progress write in flight, so it cannot land after the result."""
        if job.writing is not None:
            await asyncio.gather(job.writing, return_exceptions=True)


def desk(request: Request) -> ReviewDesk:
    found: ReviewDesk = request.app.state.reviews
    return found


@router.post(
    "/{table_id}/review",
    **S.answers(
        S.Review,
        *S.WRITES,
        S.E.TABLE_NOT_FOUND,
        S.E.AUTH_MISSING_TOKEN,
        S.E.PLAYER_BAD_KEY,
        S.E.REVIEW_NOT_FINISHED,
        S.E.REVIEW_NO_SUCH_SEAT,
        S.E.REVIEW_BUSY,
        S.E.REVIEW_TOO_MANY_QUEUED,
    ),
)
async def start_review(
    table_id: TableId, body: ReviewIn, request: Request, _: WriteLimit
) -> dict[str, Any]:
    """Start the review of ``body.seat`` of a finished table, or return the one there is:
    ``{"status": "queued" | "running" | "done" | "failed", "progress": {"done", "total"},
    "review"?: ..., "error"?: ...}``. A player's key (``Authorization: Bearer``) is
    optional; with it his new reviews count as his wherever he asks from."""
    return await desk(request).request(table_id, body.seat, await askers_of(request))


async def askers_of(request: Request) -> frozenset[str]:
    """Who asks for a review: the address, and the player if the request carries his key.

    :raises ApiError: a key that is not the player's (``player/bad_key``).
    """
    address = request.client.host if request.client else "?"
    scheme, _, code = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not code.strip():
        return frozenset({f"addr:{address}"})
    player = await authenticate(request.app.state.manager.store, code.strip())
    return frozenset({f"addr:{address}", f"player:{player.id}"})


@router.get("/{table_id}/review/{seat}", **S.answers(S.Review, S.E.REVIEW_NOT_FOUND))
async def get_review(table_id: TableId, seat: SeatNo, request: Request) -> dict[str, Any]:
    """How far the review of ``seat`` is; with the review once it is done."""
    return await desk(request).status(table_id, seat)
