"""``/api/lessons/{game}``: a game's guided first game, served as the views a seat sees.

The lesson is the game's own data (``faces.tutorial``, :mod:`spieltisch.engine.lesson`);
this module only hands it out. Each step's position is sent as the learner's view and
envelope, the same kind of view a table sends, so the browser draws it with the game's
own board. A move is judged here against the engine and the step, and answered with the
views after it and after the scripted replies. Nothing is stored and nothing is rated:
a lesson needs no table, no seat and no database, and the same request always gets the
same answer; tries count against the lobby's per-address rate (``http_rate``).

Only where a learner got to is kept, and only for a signed-in player (``/api/players/me/
lessons``, his key as Bearer): the lesson page resumes from it on any of his devices; a
guest's progress stays in his browser.
"""

from __future__ import annotations

import asyncio
from functools import cache
from pathlib import Path as Path_
from typing import Annotated, Any

from fastapi import APIRouter, Path
from fastapi.responses import FileResponse
from pydantic import BaseModel, Field

from spieltisch.engine import Game, load
from spieltisch.engine.envelope import envelope
from spieltisch.engine.lesson import Lesson, LessonRefusal, step_state, take
from spieltisch.store.lessons import LessonProgress, Lessons
from spieltisch.table import allows_turn_clock

from . import schemas as S
from .deps import Manager, WriteLimit
from .errors import ApiError, ErrorCode
from .players import INDEX, CurrentPlayer

router = APIRouter(tags=["lessons"])

GameName = Annotated[str, Path(max_length=32)]
StepKey = Annotated[str, Path(max_length=40)]


class MoveIn(BaseModel):
    action: str = Field(max_length=200)
    """The learner's move in the game's notation."""


class ProgressIn(BaseModel):
    game: str = Field(max_length=32)
    step: str | None = Field(default=None, max_length=40)
    """The key of the step the learner is at (``None``: the first)."""
    done: bool = False
    """Whether he finished the lesson (the page then opens at "play now")."""


@cache
def _lesson(name: str) -> tuple[Game[Any], Lesson]:
    """The game loaded with its lesson's options, and the lesson.

    :raises ApiError: ``request/not_found`` for a game without a lesson.
    """
    lesson = load(name).face("tutorial")
    if not isinstance(lesson, Lesson):
        raise ApiError(ErrorCode.REQUEST_NOT_FOUND, f"{name} has no lesson")
    return load(name, **lesson.options), lesson


@cache
def _outline(name: str) -> dict[str, Any]:
    game, lesson = _lesson(name)
    steps = []
    for step in lesson.steps:
        state = step_state(game, step)
        steps.append(
            {
                "key": step.key,
                "text": step.text.to_json(),
                "point": step.point.to_json(),
                "rule": step.rule,
                "allowed": list(step.allowed),
                "pace_ms": step.pace_ms,
                "view": state.view(lesson.seat),
                "envelope": envelope(state, lesson.seat),
            }
        )
    return {
        "game": game.info.name,
        "title": game.info.title,
        "web": game.info.faces.web,
        "lesson": lesson.title.to_json(),
        "finale": lesson.finale.to_json(),
        "seat": lesson.seat,
        "players": step_state(game, lesson.steps[0]).players,
        "options": dict(lesson.options),
        "hints": dict(lesson.hints),
        "bot": lesson.bot,
        "tips": allows_turn_clock(game.info),  # the first game's "Tipp" (:mod:`.tips`)
        "steps": steps,
    }


@router.get(
    "/api/lessons/{game}", **S.answers(S.LessonOutline, S.E.REQUEST_NOT_FOUND, S.E.GAME_UNKNOWN)
)
async def lesson_outline(game: GameName) -> dict[str, Any]:
    """Every step of the game's lesson with the learner's view of its position."""
    return _outline(game)


@router.post(
    "/api/lessons/{game}/{step}",
    **S.answers(S.LessonTry, *S.WRITES, S.E.REQUEST_NOT_FOUND, S.E.GAME_UNKNOWN),
)
async def lesson_move(game: GameName, step: StepKey, body: MoveIn, _: WriteLimit) -> dict[str, Any]:
    """The learner's move at ``step``: refused with its rule and words, or played with the
    scripted replies after it, each as the learner sees the table afterwards. Each try
    costs the engine a little, so tries share the lobby's per-address rate."""
    loaded, lesson = _lesson(game)
    try:
        at = lesson.step(step)
    except KeyError:
        raise ApiError(
            ErrorCode.REQUEST_NOT_FOUND, f"{game}'s lesson has no step {step!r}"
        ) from None
    try:
        played = take(loaded, lesson, at, body.action)
    except LessonRefusal as refused:
        return {"ok": False, "rule": refused.rule, "text": refused.hint.to_json()}
    return {
        "ok": True,
        "played": [
            {
                "seat": p.seat,
                "action": p.action,
                "events": p.events,
                "view": p.view,
                "envelope": p.envelope,
            }
            for p in played
        ],
    }


def _place(game: str, place: LessonProgress) -> dict[str, Any]:
    return {
        "game": game,
        "step": place.step,
        "done": place.done,
        "updated_at": place.updated_at.isoformat(),
    }


@router.get(
    "/api/players/me/lessons",
    **S.answers(list[S.LessonPlace], S.E.AUTH_MISSING_TOKEN, S.E.PLAYER_BAD_KEY),
)
async def my_lessons(player: CurrentPlayer, manager: Manager) -> list[dict[str, Any]]:
    """Where the signed-in player got to in each lesson he began, by game."""
    found = await asyncio.to_thread(Lessons(manager.store).progress, player.id)
    return [_place(game, place) for game, place in sorted(found.items())]


@router.put(
    "/api/players/me/lessons",
    **S.answers(
        S.LessonPlace,
        *S.WRITES,
        S.E.AUTH_MISSING_TOKEN,
        S.E.PLAYER_BAD_KEY,
        S.E.GAME_UNKNOWN,
        S.E.REQUEST_NOT_FOUND,
    ),
)
async def save_my_lesson(
    body: ProgressIn, player: CurrentPlayer, manager: Manager, _: WriteLimit
) -> dict[str, Any]:
    """Keep where the signed-in player is in ``game``'s lesson: a step of that lesson,
    or done; anything else is refused and changes nothing."""
    _loaded, lesson = _lesson(body.game)
    if body.step is not None:
        try:
            lesson.step(body.step)
        except KeyError:
            raise ApiError(
                ErrorCode.REQUEST_NOT_FOUND, f"{body.game}'s lesson has no step {body.step!r}"
            ) from None
    saved = await asyncio.to_thread(
        Lessons(manager.store).save, player.id, body.game, body.step, body.done
    )
    return _place(body.game, saved)


@router.get("/learn/{game}", include_in_schema=False)
async def lesson_page(game: GameName) -> FileResponse:
    return FileResponse(Path_(INDEX))
