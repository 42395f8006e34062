"""What ``/healthz`` checks beyond a database that answers: room to write.

A SQLite server on a full disk still answers reads, so a ping says ok while every move
fails to be stored. The directory of the database file must have ``min_free`` bytes free
and take a small write. (PostgreSQL's disk is the database server's to watch.)
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path


def disk_trouble(directory: Path, min_free: int) -> str | None:
    """Why ``directory`` cannot take the database's writes, or ``None`` if it can."""
    try:
        free = shutil.disk_usage(directory).free
    except OSError as exc:
        return f"cannot read the disk of {directory}: {exc.strerror}"
    if free < min_free:
        return f"{free // 2**20} MB free for the database, less than {min_free // 2**20} MB"
    try:
        with tempfile.TemporaryFile(dir=directory) as probe:
            probe.write(b"ok")
            probe.flush()
            os.fsync(probe.fileno())
    except OSError as exc:
        return f"cannot write next to the database: {exc.strerror}"
    return None
