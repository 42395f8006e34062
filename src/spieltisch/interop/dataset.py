"""Finished games as a dataset: JSON Lines export, per-seat redaction, and replay.

A game is a seed plus a list of actions (ARCHITECTURE principle 4), so a dataset line is
just the record with its result; the loader rebuilds every state by replaying it. Needs
no optional dependency.

**Full lines** (``"format": "spieltisch-game/1"``)::

    {"format": "spieltisch-game/1", "game": "halali", "options": {...}, "players": 2,
     "seed": 7, "actions": [{"seat": 0, "action": {"type": "flip", "square": "b2"}}, ...],
     "result": {"scores": [...], "ranks": [...], "reason": "...", ...}, "meta": {...}}

They contain the seed, and so every hidden tile and card: use them where all
information may be known (after the game, for training on full states).

**Redacted lines** (``"format": "spieltisch-seat/1"``) hold only what one seat could
see: no seed and no other seat's actions, but that seat's view before each of its own
decisions, the action it took, and its view at the end::

    {"format": "spieltisch-seat/1", "game": "halali", "options": {...}, "players": 2,
     "seat": 0, "decisions": [{"ply": 0, "view": {...}, "action": {...}}, ...],
     "final_view": {...}, "result": {...}, "meta": {...}}

>>> import spieltisch, io
>>> state = spieltisch.load("halali").new_state(seed=3)
>>> _ = state.apply(0, state.legal_actions(0)[0])
>>> line = game_line(state.record())
>>> line["format"], line["result"] is None, len(line["actions"])
('spieltisch-game/1', True, 1)
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import IO, Any

from spieltisch.engine import InvalidNotation, State, load, replay

GAME_FORMAT = "spieltisch-game/1"
SEAT_FORMAT = "spieltisch-seat/1"
Record = Mapping[str, Any]


def game_line(record: Record, meta: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A full dataset line: the record, its replayed result, and free-form ``meta``.

    :raises InvalidNotation: on a malformed record; :raises IllegalAction: on a corrupt one.
    """
    state = replay(record)
    result = state.result()
    return {
        "format": GAME_FORMAT,
        "game": record["game"],
        "options": dict(record["options"]),
        "players": record["players"],
        "seed": record["seed"],
        "actions": list(record["actions"]),
        "result": result.to_json() if result else None,
        "meta": dict(meta or {}),
    }


def seat_line(record: Record, seat: int, meta: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A redacted line: only what ``seat`` could see, rebuilt by replaying the record.

    :raises InvalidNotation: on a malformed record or a seat outside the game.
    """
    if not isinstance(seat, int) or not 0 <= seat < int(record["players"]):
        raise InvalidNotation(f"seat {seat!r} is not a seat of this record")
    game = load(record["game"], **record["options"])
    state = game.new_state(players=record["players"], seed=record["seed"])
    decisions = []
    for ply, step in enumerate(record["actions"]):
        actor = int(step["seat"])
        action = game.action_from_json(step["action"])
        if actor == seat:
            decisions.append({"ply": ply, "view": state.view(seat), "action": action.to_json()})
        state.apply(actor, action)
    result = state.result()
    return {
        "format": SEAT_FORMAT,
        "game": record["game"],
        "options": dict(record["options"]),
        "players": record["players"],
        "seat": seat,
        "decisions": decisions,
        "final_view": state.view(seat),
        "result": result.to_json() if result else None,
        "meta": dict(meta or {}),
    }


def export_jsonl(
    records: Iterable[Record | State],
    out: str | Path | IO[str],
    *,
    seat: int | None = None,
    finished_only: bool = True,
) -> int:
    """Write one line per game (redacted to ``seat`` if given); returns lines written.

    Accepts records (``state.record()``, or what a store returns) or states. Unfinished
    games are skipped unless ``finished_only`` is false.
    """
    if isinstance(out, str | Path):
        with open(out, "w", encoding="utf-8") as handle:
            return export_jsonl(records, handle, seat=seat, finished_only=finished_only)
    written = 0
    for item in records:
        record = item.record() if isinstance(item, State) else item
        line = game_line(record) if seat is None else seat_line(record, seat)
        if finished_only and line["result"] is None:
            continue
        out.write(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n")
        written += 1
    return written


def records_in(source: str | Path | IO[str]) -> Iterator[dict[str, Any]]:
    """Game records from a JSON Lines file of records, arena lines (``{"record": ...}``)
    or dataset full lines.

    :raises InvalidNotation: on a line that holds no record.
    """
    if isinstance(source, str | Path):
        with open(source, encoding="utf-8") as handle:
            yield from records_in(handle)
        return
    for number, text in enumerate(source, 1):
        if not text.strip():
            continue
        try:
            line = json.loads(text)
        except json.JSONDecodeError as exc:
            raise InvalidNotation(f"line {number} is not JSON: {exc}") from exc
        record = line.get("record", line) if isinstance(line, dict) else None
        if not isinstance(record, dict) or not {"game", "seed", "actions"} <= record.keys():
            raise InvalidNotation(f"line {number} holds no game record")
        yield record


def export_file(
    source: str | Path, target: str | Path, *, seat: int | None = None, finished_only: bool = True
) -> int:
    """Turn a file of records (see :func:`records_in`) into a dataset file; returns lines.

    This is what ``spieltisch export`` runs.
    """
    return export_jsonl(records_in(source), target, seat=seat, finished_only=finished_only)


def read_jsonl(source: str | Path | IO[str]) -> Iterator[dict[str, Any]]:
    """The lines of a dataset file, parsed; blank lines are skipped.

    :raises InvalidNotation: on a line that is not a dataset line.
    """
    if isinstance(source, str | Path):
        with open(source, encoding="utf-8") as handle:
            yield from read_jsonl(handle)
        return
    for number, text in enumerate(source, 1):
        if not text.strip():
            continue
        try:
            line = json.loads(text)
        except json.JSONDecodeError as exc:
            raise InvalidNotation(f"line {number} is not JSON: {exc}") from exc
        if not isinstance(line, dict) or line.get("format") not in (GAME_FORMAT, SEAT_FORMAT):
            raise InvalidNotation(f"line {number} is not a spieltisch dataset line")
        yield line


def replay_line(line: Mapping[str, Any]) -> State:
    """The finished state of a full line, checked against the result stored with it.

    :raises InvalidNotation: for a redacted line (it has no seed), or when the replay's
        result differs from the stored one (a record from other rules or another version).
    """
    if line.get("format") != GAME_FORMAT:
        raise InvalidNotation("only full lines replay; a redacted line has no seed")
    state = replay(line)
    result = state.result()
    got = json.loads(json.dumps(result.to_json())) if result else None
    if got != line["result"]:
        raise InvalidNotation(f"replaying gives {got!r}, the line says {line['result']!r}")
    return state


def load_games(source: str | Path | IO[str]) -> Iterator[State]:
    """Replay every full line of a dataset file (redacted lines are skipped)."""
    for line in read_jsonl(source):
        if line["format"] == GAME_FORMAT:
            yield replay_line(line)


def decisions(line: Mapping[str, Any]) -> Iterator[tuple[dict[str, Any], Any, int]]:
    """``(view, action, seat)`` for each decision in a line, for imitation learning.

    A full line yields every seat's decisions (views rebuilt by replay); a redacted line
    yields its seat's. Actions are the game's action objects.
    """
    game = load(line["game"], **line["options"])
    if line["format"] == SEAT_FORMAT:
        for d in line["decisions"]:
            yield d["view"], game.action_from_json(d["action"]), int(line["seat"])
        return
    state = game.new_state(players=line["players"], seed=line["seed"])
    for step in line["actions"]:
        seat = int(step["seat"])
        action = game.action_from_json(step["action"])
        yield state.view(seat), action, seat
        state.apply(seat, action)
