"""Backups of a SQLite database: a consistent copy while the server runs, and back.

Copying the file alone is not a backup: in WAL mode the newest commits live in the
``-wal`` file beside it, and a copy taken mid-write is torn. SQLite's online backup API
(:meth:`sqlite3.Connection.backup`) copies every page inside one read transaction, so
the copy is the database as of one commit, while the server goes on writing. A restore
goes the same way into the target, so a ``-wal`` file left beside it is never mixed
with the restored pages. A serving process holds :class:`ServerLock` on its file, so a
restore refuses to pull a database from under a running server.

PostgreSQL has its own tools (``pg_dump``/``pg_restore``, docs/operations.md).
"""

from __future__ import annotations

import fcntl
import os
import sqlite3
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from .schema import known

TABLES = "st_tables"
"""A table every spieltisch database has; a file without it is not one."""


class BackupError(Exception):
    """A backup or restore refused, with the reason in one line."""


@dataclass(frozen=True, slots=True)
class Copied:
    """What a backup or restore copied, for its one line of output."""

    path: Path
    tables: int
    actions: int
    revision: str | None
    bytes: int

    def line(self, verb: str) -> str:
        """
        >>> Copied(Path("b.db"), 3, 9, "0001", 184320).line("backed up to")
        'backed up to b.db: 3 tables, 9 actions, schema revision 0001, 180 KiB'
        """
        revision = self.revision or "none (made before migrations)"
        return (
            f"{verb} {self.path}: {self.tables} tables, {self.actions} actions, "
            f"schema revision {revision}, {self.bytes // 1024} KiB"
        )


class ServerLock:
    """An exclusive ``flock`` on ``<database>.server-lock``, held while a server serves
    that file (SQLite's own locks are per transaction and say nothing about an idle
    server). The kernel drops it when the process ends, however it ends."""

    def __init__(self, database: str) -> None:
        self.path = Path(f"{database}.server-lock")
        self._file: IO[bytes] | None = None

    def acquire(self) -> None:
        """:raises BackupError: another process serves the file."""
        handle = self.path.open("ab")
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.close()
            raise BackupError(f"a server is running on {self.path.with_suffix('')}") from None
        self._file = handle

    def release(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

    def held_elsewhere(self) -> bool:
        """Whether some process holds the lock now."""
        if not self.path.exists():
            return False
        try:
            self.acquire()
        except BackupError:
            return True
        self.release()
        return False


def backup(database: str, target: str, *, force: bool = False) -> Copied:
    """Copy the SQLite ``database`` (in use or not) to the new file ``target``.

    :raises BackupError: no such database, not a spieltisch one, or ``target`` exists
        and ``force`` is not given.
    """
    to = Path(target)
    if to.exists() and not force:
        raise BackupError(f"{to} exists; give --force to overwrite it")
    _check(Path(database), "the database")
    partial = to.with_name(f".{to.name}.partial")
    partial.unlink(missing_ok=True)
    _copy(database, str(partial))
    with closing(_connect(partial)) as conn:
        conn.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
    os.replace(partial, to)
    return _describe(to)


def restore(source: str, database: str, *, force: bool = False) -> Copied:
    """Bring the backup ``source`` back as the SQLite ``database``; the server upgrades
    its schema when it starts on it.

    :raises BackupError: ``source`` is not a sound spieltisch database or is newer than
        this code, a server runs on ``database``, or it exists and ``force`` is not given.
    """
    found = _check(Path(source), "the backup")
    if found.revision is not None and found.revision not in known():
        raise BackupError(
            f"the backup is at schema revision {found.revision}, newer than this spieltisch"
        )
    to = Path(database)
    if ServerLock(database).held_elsewhere():
        raise BackupError(f"a server is running on {to}; stop it first")
    if to.exists() and not force:
        raise BackupError(f"{to} exists; give --force to replace it")
    _copy(source, database)
    return _describe(to)


def _connect(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path, timeout=30, isolation_level=None)
    conn.execute("PRAGMA busy_timeout=30000")
    return conn


def _copy(source: str, target: str) -> None:
    """Every page of ``source`` into ``target`` in one step: one read transaction on the
    source, so the copy is one commit's state however busy the writer is."""
    src = _connect(Path(source))
    try:
        dst = _connect(Path(target))
        try:
            src.backup(dst)
        finally:
            dst.close()
    finally:
        src.close()


def _check(path: Path, what: str) -> Copied:
    """``path`` as a sound spieltisch database, or why not."""
    if not path.is_file():
        raise BackupError(f"{what} {path} does not exist")
    try:
        with closing(_connect(path)) as conn:
            ok = conn.execute("PRAGMA quick_check").fetchone()
            if ok is None or ok[0] != "ok":
                raise BackupError(f"{what} {path} is damaged: {ok[0] if ok else '?'}")
    except sqlite3.DatabaseError as exc:
        raise BackupError(f"{what} {path} is not a SQLite database: {exc}") from None
    found = _describe(path)
    if found.tables < 0:
        raise BackupError(f"{what} {path} is not a spieltisch database (no {TABLES})")
    return found


def _describe(path: Path) -> Copied:
    """Counts of ``path`` (``tables`` -1: not a spieltisch database)."""
    conn = _connect(path)
    try:
        names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if TABLES not in names:
            return Copied(path, -1, 0, None, path.stat().st_size)
        tables = conn.execute(f"SELECT count(*) FROM {TABLES}").fetchone()[0]
        actions = conn.execute("SELECT count(*) FROM st_actions").fetchone()[0]
        revision = None
        if "alembic_version" in names:
            row = conn.execute("SELECT version_num FROM alembic_version").fetchone()
            revision = row[0] if row else None
    finally:
        conn.close()
    return Copied(path, int(tables), int(actions), revision, path.stat().st_size)
