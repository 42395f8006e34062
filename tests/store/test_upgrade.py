"""Schema migrations: the baseline is today's schema, and a database written before
migrations (main at 55cd1d9, ``legacy/``) upgrades with nothing lost, on SQLite and
PostgreSQL; then a server starts on it and its tables go on where they were."""

from __future__ import annotations

import json
import shutil
import uuid
import warnings
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from sqlalchemy import Engine, create_engine, select, text
from typer.testing import CliRunner

from spieltisch.cli import app
from spieltisch.server import Settings, create_app
from spieltisch.server.main import open_store
from spieltisch.store import SchemaError, Store
from spieltisch.store import schema as migrations
from tests.store.conftest import PG_URL
from tests.store.legacy import models_55cd1d9 as old

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

LEGACY = Path(__file__).parent / "legacy"
OLD_DB = LEGACY / "spieltisch-55cd1d9.db"
OLD = json.loads((LEGACY / "spieltisch-55cd1d9.json").read_text())


@pytest.fixture(params=["sqlite", "postgresql"])
def place(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[str, str | None]]:
    """An empty database: (URL, PostgreSQL schema)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'db.sqlite'}", None
        return
    schema = f"st_up_{uuid.uuid4().hex[:12]}"
    try:
        yield PG_URL, schema
    finally:
        admin = create_engine(PG_URL)
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
        admin.dispose()


def _engine(url: str, schema: str | None) -> Engine:
    engine = create_engine(url)
    return engine.execution_options(schema_translate_map={None: schema}) if schema else engine


def _q(schema: str | None, table: str) -> str:
    return f'"{schema}".{table}' if schema else table


def _rows(engine: Engine) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table of the old schema, in key order, times in UTC."""
    found: dict[str, list[tuple[Any, ...]]] = {}
    with engine.connect() as conn:
        for table in old.Base.metadata.sorted_tables:
            rows = conn.execute(select(table).order_by(*table.primary_key.columns)).all()
            found[table.name] = [tuple(_utc(v) for v in row) for row in rows]
    return found


def _utc(value: Any) -> Any:
    if isinstance(value, datetime) and value.tzinfo is not None:
        return value.astimezone(UTC).replace(tzinfo=None)
    return value


def _old_database(url: str, schema: str | None, tmp_path: Path) -> Engine:
    """The fixture written by the old code, at ``url``: the file itself on SQLite; on
    PostgreSQL the old models' ``create_all`` (what the old server did at start) and
    every row copied over."""
    if schema is None:
        shutil.copy(OLD_DB, tmp_path / "db.sqlite")
        return _engine(url, None)
    engine = _engine(url, schema)
    with engine.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
        old.Base.metadata.create_all(conn)
    source = create_engine(f"sqlite:///{OLD_DB}")
    with source.connect() as read, engine.begin() as write:
        for table in old.Base.metadata.sorted_tables:
            rows = [dict(row._mapping) for row in read.execute(select(table))]
            if rows:
                write.execute(table.insert(), rows)
        write.execute(
            text(f"SELECT setval(pg_get_serial_sequence('\"{schema}\".st_chat', 'id'), 99)")
        )
    source.dispose()
    return engine


def test_the_migrations_from_nothing_make_exactly_the_models_schema(
    place: tuple[str, str | None],
) -> None:
    url, schema = place
    command.upgrade(migrations.config(url, schema), "head")
    engine = create_engine(url)
    try:
        assert migrations.differences(engine, schema) == []
        assert migrations.current(engine, schema) == migrations.head()
    finally:
        engine.dispose()


def test_a_new_database_is_created_at_the_newest_revision(place: tuple[str, str | None]) -> None:
    url, schema = place
    store = Store(url, schema=schema)
    try:
        assert store.migration is not None and store.migration.how == "created"
        assert migrations.differences(store.engine, schema) == []
        store.close()
        store = Store(url, schema=schema)
        assert store.migration is not None and store.migration.how == "current"
    finally:
        store.close()


def test_a_database_of_55cd1d9_upgrades_with_nothing_lost_and_its_tables_go_on(
    place: tuple[str, str | None], tmp_path: Path
) -> None:
    url, schema = place
    engine = _old_database(url, schema, tmp_path)
    before = _rows(engine)
    assert migrations.current(create_engine(url), schema) is None
    assert {len(before[n]) for n in ("st_tables", "st_chat", "st_reviews", "st_ratings")} >= {1}
    store = Store(url, schema=schema)
    try:
        assert store.migration is not None
        assert (store.migration.before, store.migration.how) == (None, "adopted")
        assert migrations.differences(store.engine, schema) == []
    finally:
        store.close()
    assert _rows(engine) == before
    engine.dispose()

    # The fixture was written once, on 2026-11-26: its open table must not expire of age
    # on whatever day this runs (expiry has tests of its own).
    settings = Settings(
        db_url=url, db_schema=schema, bot_delay=0.0, review_workers=0, open_table_ttl=1e10
    )
    with TestClient(create_app(settings)) as client:
        tables = {t: client.get(f"/api/tables/{OLD[t]}").json() for t in ("open", "running")}
        assert tables["open"]["status"] == "open" and tables["running"]["status"] == "running"
        review = client.get(f"/api/tables/{OLD['finished']}/review/1").json()
        assert review["status"] == "done"
        board = client.get("/api/ratings/halali").json()["entries"]
        assert {e["name"] for e in board if e["kind"] == "player"} == {"Ada", "Bob"}
        signed = client.post(
            "/api/players/login", json={"name": "ada", "password": OLD["password"]}
        )
        assert signed.status_code == 200, signed.text
        with client.websocket_connect(f"/ws/tables/{OLD['finished']}") as ws:
            ws.send_json({"type": "hello", "token": OLD["finished_tokens"][1]})
            chat = _first(ws, "welcome")["chat"]["messages"]
            assert [m.get("text") or m.get("quick") for m in chat] == ["gl", "Waidmannsheil!"]
        plies = len(before["st_actions"]) - sum(
            1 for row in before["st_actions"] if row[0] != OLD["running"]
        )
        _play_on(client, OLD["running"], OLD["running_tokens"], plies)
        joined = client.post(f"/api/tables/{OLD['open']}/join", json={"name": "Dora"})
        assert joined.status_code == 200, joined.text


def _first(ws: Any, kind: str) -> dict[str, Any]:
    for _ in range(50):
        msg: dict[str, Any] = ws.receive_json()
        if msg["type"] == kind:
            return msg
    raise AssertionError(f"no {kind} message")


def _play_on(client: TestClient, tid: str, tokens: list[str], plies: int) -> None:
    """The seat to move of the running table plays on from the stored position."""
    for token in tokens:
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            ws.send_json({"type": "hello", "token": token})
            welcome = _first(ws, "welcome")
            assert welcome["ply"] == plies and len(welcome["log"]) == plies
            if not welcome["view"]["legal_actions"]:
                continue
            ws.send_json({"type": "act", "action": welcome["view"]["legal_actions"][0]})
            step = _first(ws, "step")
            assert step["seat"] == welcome["seat"]
            return
    raise AssertionError("nobody is to move at the running table")


def test_a_database_newer_than_the_code_is_refused_in_one_line(
    place: tuple[str, str | None],
) -> None:
    url, schema = place
    Store(url, schema=schema).close()
    engine = _engine(url, schema)
    with engine.begin() as conn:
        conn.execute(text(f"UPDATE {_q(schema, 'alembic_version')} SET version_num = 'f00d'"))
    engine.dispose()
    with pytest.raises(SchemaError, match="f00d"):
        Store(url, schema=schema)
    with pytest.raises(SystemExit) as stop:
        open_store(Settings(db_url=url, db_schema=schema))
    line = str(stop.value)
    assert "\n" not in line and "revision f00d, newer than this spieltisch" in line


def test_an_old_database_that_lacks_a_later_table_is_completed(
    place: tuple[str, str | None], tmp_path: Path
) -> None:
    url, schema = place
    engine = _old_database(url, schema, tmp_path)
    with engine.begin() as conn:
        conn.execute(text(f"DROP TABLE {_q(schema, 'st_reviews')}"))  # as before the reviews came
    engine.dispose()
    store = Store(url, schema=schema)
    try:
        assert store.migration is not None and store.migration.how == "adopted"
        assert migrations.differences(store.engine, schema) == []
    finally:
        store.close()


def test_a_database_whose_tables_differ_is_not_touched(
    place: tuple[str, str | None], tmp_path: Path
) -> None:
    url, schema = place
    engine = _old_database(url, schema, tmp_path)
    with engine.begin() as conn:
        conn.execute(text(f"ALTER TABLE {_q(schema, 'st_chat')} ADD COLUMN colour VARCHAR(8)"))
    with pytest.raises(SchemaError, match="differ from spieltisch's schema 0001"):
        Store(url, schema=schema)
    assert migrations.current(create_engine(url), schema) is None
    engine.dispose()


def test_the_db_commands_upgrade_the_old_database_and_name_its_revision(tmp_path: Path) -> None:
    shutil.copy(OLD_DB, tmp_path / "old.db")
    db = ["--db", f"sqlite:///{tmp_path / 'old.db'}"]
    runner = CliRunner()
    said = runner.invoke(app, ["db", "current", *db])
    assert said.exit_code == 0 and said.output.startswith("no schema revision recorded")
    said = runner.invoke(app, ["db", "upgrade", *db])
    assert said.output == (
        "database made before migrations: checked and stamped at revision 0001, "
        f"then upgraded to {migrations.head()}\n"
    )
    said = runner.invoke(app, ["db", "current", *db])
    assert said.output == f"{migrations.head()} (current)\n"
