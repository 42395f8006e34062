"""The database schema's version: Alembic migrations, run when a store opens.

``create_all`` adds missing tables but never alters one, so every schema change is a
migration in ``migrations/versions`` and a database records the revision it is at
(Alembic's ``alembic_version`` table). Opening a store brings its database to the
newest revision this code knows (:func:`migrate`): a new database is created from the
models and stamped; a database made by ``create_all`` before migrations existed is
checked against the baseline and stamped there; a database at a revision this code
does not know (written by a newer spieltisch) is refused, since older code could
corrupt it. Several processes starting at once on one PostgreSQL database take turns
(an advisory lock).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, MetaData, create_engine, inspect, text

from .models import Base

MIGRATIONS = Path(__file__).with_name("migrations")
BASELINE = "0001"
"""The revision of the schema as ``create_all`` made it before migrations existed."""
SCHEMA_LOCK = 0x5370_6965_6C74  # "Spielt"
"""PostgreSQL advisory lock key held while creating or migrating the schema."""
PREFIX = "st_"
"""Every table of ours starts so; a database without any is new."""


class SchemaError(Exception):
    """A database this code must not open: newer than it, or not its schema."""


@dataclass(frozen=True, slots=True)
class Migration:
    """What opening a database did to its schema."""

    before: str | None
    """The revision it was at (``None``: none recorded)."""
    after: str
    how: str
    """``created`` (a new database), ``adopted`` (made before migrations, stamped at the
    baseline, then upgraded), ``upgraded`` or ``current`` (nothing to do)."""

    def line(self) -> str:
        """One line for the start-up log.

        >>> Migration("0001", "0002", "upgraded").line()
        'database schema upgraded from revision 0001 to 0002'
        >>> Migration(None, "0001", "current").line()
        'database schema at revision 0001 (current)'
        """
        if self.how == "created":
            return f"database schema created at revision {self.after}"
        if self.how == "adopted":
            then = f"checked and stamped at revision {BASELINE}"
            now = "" if self.after == BASELINE else f", then upgraded to {self.after}"
            return f"database made before migrations: {then}{now}"
        if self.how == "upgraded":
            return f"database schema upgraded from revision {self.before} to {self.after}"
        return f"database schema at revision {self.after} (current)"


def config(
    url: str = "", schema: str | None = None, connection: Connection | None = None
) -> Config:
    """Alembic's configuration, made in code: the migrations inside the package, the
    database, and (for :func:`run_migrations`) the PostgreSQL schema and a connection."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("file_template", "r%%(rev)s_%%(slug)s")
    cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    cfg.attributes["schema"] = schema
    cfg.attributes["connection"] = connection
    return cfg


@cache
def scripts() -> ScriptDirectory:
    return ScriptDirectory.from_config(config())


def head() -> str:
    """The newest revision this code knows."""
    found = scripts().get_current_head()
    assert found is not None
    return found


def known() -> set[str]:
    """Every revision this code knows."""
    return {script.revision for script in scripts().walk_revisions()}


def baseline_metadata() -> MetaData:
    """The tables at :data:`BASELINE`, as its migration declares them (frozen there, so
    later changes of the models do not change what the baseline means)."""
    revision = scripts().get_revision(BASELINE)
    assert revision is not None
    metadata: MetaData = revision.module.metadata
    return metadata


def run_migrations(context: Any) -> None:
    """The body of ``migrations/env.py``: migrate on the caller's connection (inside its
    transaction) or on a connection of its own to the configured URL."""
    cfg: Config = context.config
    schema: str | None = cfg.attributes.get("schema")
    given: Connection | None = cfg.attributes.get("connection")
    if given is not None:
        _configure_and_run(context, given)
        return
    engine = create_engine(cfg.get_main_option("sqlalchemy.url") or "")
    try:
        with engine.begin() as conn:
            _enter(conn, schema)
            _configure_and_run(context, conn)
    finally:
        engine.dispose()


def _configure_and_run(context: Any, conn: Connection) -> None:
    context.configure(
        connection=conn,
        target_metadata=Base.metadata,
        render_as_batch=conn.dialect.name == "sqlite",  # SQLite alters a table by copying it
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def _enter(conn: Connection, schema: str | None) -> None:
    """Take the migration lock and point unqualified names at ``schema`` for this
    transaction (reflection and Alembic's own queries then see the right tables)."""
    if conn.dialect.name != "postgresql":
        return
    conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": SCHEMA_LOCK})
    if schema is not None:
        conn.execute(text(f'CREATE SCHEMA IF NOT EXISTS "{schema}"'))
        conn.execute(text(f'SET LOCAL search_path TO "{schema}"'))


def _context(conn: Connection) -> MigrationContext:
    """Alembic's view of ``conn``, whose search path :func:`_enter` pointed at ``schema``
    (so the version table lives beside the tables, unqualified)."""
    return MigrationContext.configure(conn, opts={"compare_type": True})


def current(engine: Engine, schema: str | None = None) -> str | None:
    """The revision a database is at (``None``: none recorded)."""
    with engine.begin() as conn:
        _enter(conn, schema)
        return _context(conn).get_current_revision()


def migrate(engine: Engine, schema: str | None = None) -> Migration:
    """Bring the database to :func:`head` in one transaction; see the module's text.
    Raises :class:`SchemaError` on a database newer than this code or one whose
    tables are not the ones the baseline expects."""
    with engine.begin() as conn:
        _enter(conn, schema)
        before = _context(conn).get_current_revision()
        newest = head()
        if before is not None and before not in known():
            raise SchemaError(
                f"the database is at schema revision {before}, newer than this spieltisch "
                f"(it knows up to {newest}): run the newer version, or restore a backup"
            )
        if before is None:
            ours = [name for name in inspect(conn).get_table_names() if name.startswith(PREFIX)]
            if not ours:
                Base.metadata.create_all(conn)
                _context(conn).stamp(scripts(), newest)
                return Migration(None, newest, "created")
            _adopt(conn, schema)
        if before == newest:
            return Migration(before, newest, "current")
        command.upgrade(config(schema=schema, connection=conn), "head")
        return Migration(before, newest, "adopted" if before is None else "upgraded")


def _adopt(conn: Connection, schema: str | None) -> None:
    """Stamp a database made by ``create_all`` before migrations at the baseline, after
    checking that its tables are the baseline's (tables an older version lacked are
    added, as its ``create_all`` would have done)."""
    metadata = baseline_metadata()
    present = set(inspect(conn).get_table_names())
    found = compare_metadata(_context(conn), metadata)
    blocking = [d for d in found if _matters(d, present)]
    if blocking:
        shown = "; ".join(_describe(d) for d in blocking[:3])
        raise SchemaError(
            f"the database's tables differ from spieltisch's schema {BASELINE} "
            f"({len(blocking)} differences: {shown}); not touching it"
        )
    metadata.create_all(conn)
    _context(conn).stamp(scripts(), BASELINE)


def _matters(difference: Any, present: set[str]) -> bool:
    """Whether a difference from the baseline blocks adopting: a missing table and its
    indexes do not (they are added), a table not of ours does not (left alone)."""
    item = difference if isinstance(difference, tuple) else difference[0]
    kind, thing = item[0], item[1]
    if kind in ("add_table", "remove_table"):
        return kind == "remove_table" and bool(thing.name.startswith(PREFIX))
    if kind in ("add_index", "remove_index"):
        return thing.table.name in present and bool(thing.table.name.startswith(PREFIX))
    return True


def _describe(difference: Any) -> str:
    item = difference if isinstance(difference, tuple) else difference[0]
    return " ".join(str(part) for part in item[:4] if not isinstance(part, dict))[:120]


def differences(engine: Engine, schema: str | None = None) -> list[Any]:
    """How the database's tables differ from the models (empty when they match):
    Alembic's autogenerate comparison, for tests and ``spieltisch db check``."""
    with engine.begin() as conn:
        _enter(conn, schema)
        found: list[Any] = compare_metadata(_context(conn), Base.metadata)
        return found
