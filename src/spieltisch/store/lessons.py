"""Where a signed-in player got to in each game's lesson, kept on the server.

A guest's progress stays in his browser; a player's is written here too, so the lesson
goes on where he left it on whichever device he signs in next. One row per player and
game (the step he is at, or done): a player has at most one row per game with a
lesson, so the table cannot grow beyond that.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import sessionmaker

from .models import LessonProgressRow
from .repository import Store


@dataclass(frozen=True, slots=True)
class LessonProgress:
    """A player's place in one lesson: the step's key (``None``: the first), or done."""

    step: str | None
    done: bool
    updated_at: datetime


class Lessons:
    """The lesson progress rows of one store (its engine and PostgreSQL schema)."""

    def __init__(self, store: Store) -> None:
        self._session = sessionmaker(store.engine, expire_on_commit=False)

    def progress(self, player_id: str) -> dict[str, LessonProgress]:
        """The player's progress per game."""
        with self._session() as s:
            rows = s.scalars(
                select(LessonProgressRow).where(LessonProgressRow.player_id == player_id)
            ).all()
            return {r.game: LessonProgress(r.step, r.done, r.updated_at) for r in rows}

    def save(self, player_id: str, game: str, step: str | None, done: bool) -> LessonProgress:
        """Keep the player's place in ``game``'s lesson (the last write wins)."""
        now = datetime.now(UTC)
        for _ in range(2):  # a second device may insert the row between our read and write
            try:
                with self._session.begin() as s:
                    row = s.get(LessonProgressRow, (player_id, game))
                    if row is None:
                        s.add(
                            LessonProgressRow(
                                player_id=player_id, game=game, step=step, done=done, updated_at=now
                            )
                        )
                    else:
                        row.step, row.done, row.updated_at = step, done, now
                return LessonProgress(step, done, now)
            except IntegrityError:
                continue
        raise RuntimeError(f"lesson progress of {player_id} in {game} could not be written")
