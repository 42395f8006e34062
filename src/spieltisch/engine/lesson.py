"""A guided first game: a short sequence of real positions that teaches a game by doing.

A game declares its lesson as data in its ``faces/tutorial.py`` (``Faces.tutorial``);
nothing outside the game package names a game. Each step is a position built with
``state_from_position``, the words to read (German and English), the moves the learner
may make there, the rule the step teaches (a refused move names it, and the rules panel
shows its text), the scripted replies that follow and the point the learner has just
seen. ``tests/games/test_lessons.py`` replays every lesson against the engine, so a
lesson cannot teach a move the rules refuse.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .envelope import envelope
from .errors import SpieltischError
from .game import Event, Game, State, View
from .text import Text


class LessonRefusal(Exception):
    """A move the lesson does not take at this step: the rule it rests on and a friendly
    word in both languages (the engine's own refusal, or the step's hint).

    Not an engine error: it never reaches a client as one, a lesson answers it as a
    normal outcome of a try."""

    def __init__(self, rule: str, hint: Text) -> None:
        super().__init__(hint.en)
        self.rule = rule
        self.hint = hint


@dataclass(frozen=True, slots=True)
class Reply:
    """A scripted move that follows the learner's: ``seat`` plays ``action`` (notation)."""

    seat: int
    action: str


@dataclass(frozen=True, slots=True)
class Step:
    """One position of a lesson and what the learner does there."""

    key: str
    """A stable name, unique in the lesson (progress is kept by it)."""
    position: Mapping[str, Any]
    """The position, as ``game.state_from_position`` reads it."""
    text: Text
    """What to look at and what to try."""
    rule: str
    """The rule id the step teaches: a refused move names it, with its text a tap away."""
    point: Text
    """What the learner has just seen, shown after the move (or at once on a reading
    step): the check that the point came across."""
    allowed: tuple[str, ...] = ()
    """Moves the learner may make, in the game's notation; empty: a step to read, the
    learner goes on with one tap."""
    hint: Text | None = None
    """The friendly word for a legal move the lesson does not take here; required when
    the step has moves."""
    replies: tuple[Reply, ...] = ()
    """What happens next: the other seats' scripted moves, in order."""
    pace_ms: int | None = None
    """For a real-time game: the pause between the scripted replies, so a lesson can show
    the cards slowly first and then at the table's pace."""


@dataclass(frozen=True, slots=True)
class Lesson:
    """A game's guided first game."""

    seat: int
    """The learner's seat in every step."""
    title: Text
    steps: tuple[Step, ...]
    finale: Text
    """The last words, before "play now" starts a real game against the rules bot."""
    options: Mapping[str, Any] = field(default_factory=dict)
    """The game options every position is played under (and the real game after)."""
    bot: str = "rules"
    """The bot level the learner meets in the first real game (a level of the game's
    ladder: ``spieltisch.bots.levels``)."""
    hints: Mapping[str, Any] = field(default_factory=dict)
    """Table options that switch the game's hints on for the first real game after the
    lesson (a coach, a display aid); the rules stay those of ``options``."""

    def step(self, key: str) -> Step:
        """The step named ``key``.

        :raises KeyError: for a key the lesson does not have.
        """
        for step in self.steps:
            if step.key == key:
                return step
        raise KeyError(key)


def step_state(game: Game[Any], step: Step) -> State:
    """The state of a step's position (``game`` loaded with the lesson's options)."""
    state: State = game.state_from_position(step.position)
    return state


def take(game: Game[Any], lesson: Lesson, step: Step, notation: str) -> list[Played]:
    """Play the learner's move ``notation`` at ``step``, then the scripted replies.

    Returns what the learner's seat sees after each move, the learner's first, so a face
    can show the replies one by one.

    :raises LessonRefusal: the rules refuse the move (their rule and its text), or the
        lesson does not take it here (the step's rule and hint).
    """
    state = step_state(game, step)
    try:
        action = game.parse_action(notation)
    except SpieltischError:
        raise LessonRefusal(step.rule, hint_of(step)) from None
    refused = state.refusal(lesson.seat, action)
    if refused is not None:
        raise LessonRefusal(refused.rule, game.info.rule_texts.get(refused.rule) or hint_of(step))
    if str(action) not in {str(game.parse_action(a)) for a in step.allowed}:
        raise LessonRefusal(step.rule, hint_of(step))
    events = state.play(lesson.seat, action)
    out = [_played(state, lesson.seat, lesson.seat, str(action), events)]
    for reply in step.replies:
        events = state.apply(reply.seat, game.parse_action(reply.action))
        out.append(_played(state, lesson.seat, reply.seat, reply.action, events))
    return out


def _played(state: State, learner: int, seat: int, action: str, events: list[Event]) -> Played:
    return Played(seat, action, events, state.view(learner), envelope(state, learner))


@dataclass(frozen=True, slots=True)
class Played:
    """One move of a step as the learner's seat sees it afterwards."""

    seat: int
    action: str
    events: list[Event]
    view: View
    envelope: dict[str, Any]
    """The envelope beside the view (:mod:`.envelope`)."""


def hint_of(step: Step) -> Text:
    """The step's hint for a move it does not take.

    :raises ValueError: for a step with moves but no hint (a lesson the test refuses).
    """
    if step.hint is None:
        raise ValueError(f"lesson step {step.key!r} has moves but no hint")
    return step.hint
