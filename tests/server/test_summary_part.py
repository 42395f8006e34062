"""A live table's summary keeps the part drawn from its record, and draws it anew as
soon as the record is another (a seat taken, the game finished)."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime
from typing import Any, cast

from spieltisch.server.live import LiveTable
from spieltisch.server.summary import summary
from spieltisch.store import SeatRecord, TableRecord


def _live() -> LiveTable:
    now = datetime(2026, 11, 27, 12, 0, tzinfo=UTC)
    seats = (SeatRecord(0, "human", name="Ada", token_hash="x"), SeatRecord(1, "bot", "random"))
    record = TableRecord("t", "halali", {}, 2, 99, "running", "h", now, now, None, seats, 0)
    return LiveTable(record, cast(Any, None), lambda live: {}, cast(Any, None))


def test_the_record_part_is_kept_while_the_record_is_the_same() -> None:
    live = _live()
    first = summary(live.record, live, None, 0.0)
    kept = live.summary_part
    second = summary(live.record, live, None, 0.0)
    assert live.summary_part is kept
    assert first == second == summary(live.record, None, None, 0.0)
    second["seats"][0]["handover_in"] = 3.0  # what the context adds to each summary
    assert "handover_in" not in summary(live.record, live, None, 0.0)["seats"][0]


def test_a_new_record_is_summarised_anew() -> None:
    live = _live()
    summary(live.record, live, None, 0.0)
    seats = (live.record.seats[0], SeatRecord(1, "human", name="Bo", token_hash="y"))
    live.record = dataclasses.replace(live.record, seats=seats)
    assert summary(live.record, live, None, 0.0)["seats"][1]["name"] == "Bo"
    live.record = dataclasses.replace(live.record, status="finished")
    out = summary(live.record, live, None, 0.0)
    assert out["status"] == "finished" and out["seed"] == 99  # the seed once it is over


def test_another_record_than_the_live_one_is_summarised_as_it_is() -> None:
    live = _live()
    summary(live.record, live, None, 0.0)
    stored = dataclasses.replace(live.record, status="abandoned")
    assert summary(stored, live, None, 0.0)["status"] == "abandoned"
