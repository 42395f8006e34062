"""The server's finished games as a research dataset, with nobody's secrets in it.

``spieltisch export --db URL OUT`` reads the store (read only: no table is created or
changed) and writes the dataset format of :mod:`spieltisch.interop.dataset`, but only
its *redacted* lines (``spieltisch-seat/1``): one per seat of every finished table, each
holding what that seat saw and did, never the seed (which would reveal every hidden tile
and card). What the store knows about people is replaced:

- a player's name becomes a pseudonym, ``p-`` and 16 hex digits of an HMAC-SHA256 keyed
  with the salt over the name as the table matches it (case-folded): the same player
  gets the same pseudonym in every table and every export made with the same salt,
  and nobody without the salt can test a guessed name against it;
- a table's id (its invite address) becomes ``t-`` and a keyed hash the same way;
- seat tokens, the host's secret, chat, clocks and times are left out.

Without a salt a random one is drawn for the run: pseudonyms then link games within that
file only. Bots stay bots (their level is public).

The module is the command line's: it imports the store, so it needs the extra
``spieltisch[server]``; the research faces never import it.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING, Any

from spieltisch.engine import SpieltischError
from spieltisch.interop.dataset import seat_line

if TYPE_CHECKING:
    from spieltisch.store import SeatRecord, Store, TableRecord

SOURCE = "spieltisch-server"
"""``meta.source`` of every line this module writes."""


def pseudonym(kind: str, value: str, salt: bytes) -> str:
    """A stable keyed pseudonym: ``p-…`` for a player's name, ``t-…`` for a table id.

    >>> pseudonym("p", "Ada", b"k") == pseudonym("p", "ADA", b"k") != pseudonym("p", "Ada", b"j")
    True
    >>> len(pseudonym("t", "abc", b"k"))
    18
    """
    text = value.casefold() if kind == "p" else value
    digest = hmac.new(salt, f"{kind}:{text}".encode(), hashlib.sha256).hexdigest()
    return f"{kind}-{digest[:16]}"


def _seat_meta(seat: SeatRecord, salt: bytes) -> dict[str, Any]:
    if seat.kind == "bot":
        return {"seat": seat.seat, "kind": "bot", "level": seat.level, "player": None}
    player = pseudonym("p", seat.name, salt) if seat.name else None
    return {"seat": seat.seat, "kind": "human", "level": None, "player": player}


@dataclass(frozen=True, slots=True)
class Exported:
    """What one export wrote: dataset lines, tables, and tables left out (with why)."""

    lines: int
    tables: int
    skipped: tuple[tuple[str, str], ...]
    """(table pseudonym, reason) of finished tables whose record does not replay."""


def export_tables(
    store: Store,
    out: IO[str],
    *,
    salt: bytes,
    seat: int | None = None,
    table_ids: Iterable[str] | None = None,
) -> Exported:
    """Write a redacted line per seat (only ``seat`` if given) of every finished table.

    A table whose record no longer replays (rules changed since) is left out and named
    in :attr:`Exported.skipped` by its pseudonym.
    """
    lines = tables = 0
    skipped: list[tuple[str, str]] = []
    ids = store.table_ids(["finished"]) if table_ids is None else list(table_ids)
    for table_id in ids:
        table = store.get_table(table_id)
        if table is None or table.status != "finished":
            continue
        written = _export_table(store, table, out, salt, seat)
        if isinstance(written, str):
            skipped.append((pseudonym("t", table.id, salt), written))
            continue
        lines += written
        tables += 1
    return Exported(lines, tables, tuple(skipped))


def _export_table(
    store: Store, table: TableRecord, out: IO[str], salt: bytes, only: int | None
) -> int | str:
    """Lines written for one table, or why it was left out."""
    record = store.record(table.id)
    meta = {
        "source": SOURCE,
        "table": pseudonym("t", table.id, salt),
        "seats": [_seat_meta(s, salt) for s in table.seats],
        "bot_spans": [
            {"seat": span.seat, "from_ply": span.from_ply, "level": span.level}
            for span in store.seat_spans(table.id)
        ],
    }
    seats = range(table.players) if only is None else [only]
    try:
        made = [seat_line(record, s, meta) for s in seats]
    except (SpieltischError, KeyError, ValueError) as exc:
        return f"{type(exc).__name__}: {exc}"
    if any(line["result"] is None for line in made):
        return "the record does not end the game"
    for line in made:
        out.write(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n")
    return len(made)
