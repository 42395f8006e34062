"""``spieltisch backup`` and ``restore`` refusing what they must not copy, in one line."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from spieltisch.cli import app
from spieltisch.store.backup import BackupError, backup, restore

OLD_DB = Path(__file__).parent / "legacy" / "spieltisch-55cd1d9.db"


def test_an_old_database_is_backed_up_and_restored_whole(tmp_path: Path) -> None:
    shutil.copy(OLD_DB, tmp_path / "old.db")
    runner = CliRunner()
    said = runner.invoke(
        app, ["backup", str(tmp_path / "b.db"), "--db", f"sqlite:///{tmp_path}/old.db"]
    )
    assert said.exit_code == 0, said.output
    assert said.output.startswith(f"backed up to {tmp_path / 'b.db'}: 3 tables, 9 actions")
    said = runner.invoke(
        app, ["restore", str(tmp_path / "b.db"), "--db", f"sqlite:///{tmp_path}/new.db"]
    )
    assert said.exit_code == 0 and "restored into" in said.output
    with sqlite3.connect(OLD_DB) as a, sqlite3.connect(tmp_path / "new.db") as b:
        query = "SELECT * FROM st_actions ORDER BY table_id, ply"
        assert a.execute(query).fetchall() == b.execute(query).fetchall()


def test_what_is_not_a_spieltisch_database_is_refused(tmp_path: Path) -> None:
    (tmp_path / "text.db").write_text("hello")
    with pytest.raises(BackupError, match="is not a SQLite database"):
        restore(str(tmp_path / "text.db"), str(tmp_path / "new.db"))
    sqlite3.connect(tmp_path / "other.db").execute("CREATE TABLE x (a)").connection.close()
    with pytest.raises(BackupError, match="is not a spieltisch database"):
        backup(str(tmp_path / "other.db"), str(tmp_path / "b.db"))
    with pytest.raises(BackupError, match="does not exist"):
        backup(str(tmp_path / "none.db"), str(tmp_path / "b.db"))
    assert not (tmp_path / "new.db").exists() and not (tmp_path / "b.db").exists()


def test_a_backup_newer_than_the_code_is_not_restored(tmp_path: Path) -> None:
    shutil.copy(OLD_DB, tmp_path / "b.db")
    with sqlite3.connect(tmp_path / "b.db") as conn:
        conn.execute("CREATE TABLE alembic_version (version_num VARCHAR(32) PRIMARY KEY)")
        conn.execute("INSERT INTO alembic_version VALUES ('f00d')")
    with pytest.raises(BackupError, match="schema revision f00d, newer"):
        restore(str(tmp_path / "b.db"), str(tmp_path / "new.db"))


def test_postgresql_is_pointed_to_pg_dump() -> None:
    said = CliRunner().invoke(app, ["backup", "x.dump", "--db", "postgresql+psycopg://u@h/d"])
    assert said.exit_code == 2 and "pg_dump" in said.output
