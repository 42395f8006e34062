"""Baseline: the schema as ``create_all`` made it before migrations (main at 55cd1d9).

The tables are declared here, frozen, rather than taken from ``models.py``: the
baseline must keep meaning this schema after the models change. ``upgrade`` creates
the missing ones only, so a database made by an older version that lacked some
(they were added by ``create_all`` as features came) is completed the same way.

Revision ID: 0001
Revises:
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

metadata = sa.MetaData()

sa.Table(
    "st_players",
    metadata,
    sa.Column("id", sa.String(length=16), nullable=False),
    sa.Column("name", sa.String(length=40), nullable=False),
    sa.Column("name_key", sa.String(length=40), nullable=False),
    sa.Column("password_hash", sa.String(length=200), nullable=True),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint("id"),
    sa.UniqueConstraint("name_key"),
)

sa.Table(
    "st_processes",
    metadata,
    sa.Column("id", sa.String(length=32), nullable=False),
    sa.Column("alive_until", sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint("id"),
)

sa.Table(
    "st_tables",
    metadata,
    sa.Column("id", sa.String(length=32), nullable=False),
    sa.Column("game", sa.String(length=32), nullable=False),
    sa.Column("options", sa.JSON(), nullable=False),
    sa.Column("players", sa.Integer(), nullable=False),
    sa.Column("seed", sa.BigInteger(), nullable=False),
    sa.Column("status", sa.String(length=16), nullable=False),
    sa.Column("host_hash", sa.String(length=64), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("result", sa.JSON(), nullable=True),
    sa.PrimaryKeyConstraint("id"),
)

sa.Index("ix_st_tables_status", metadata.tables["st_tables"].c.status)

sa.Table(
    "st_actions",
    metadata,
    sa.Column("table_id", sa.String(length=32), nullable=False),
    sa.Column("ply", sa.Integer(), nullable=False),
    sa.Column("seat", sa.Integer(), nullable=False),
    sa.Column("action", sa.JSON(), nullable=False),
    sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(["table_id"], ["st_tables.id"], ondelete="CASCADE"),
    sa.PrimaryKeyConstraint("table_id", "ply"),
)

sa.Index("ix_st_actions_table", metadata.tables["st_actions"].c.table_id)

sa.Table(
    "st_chat",
    metadata,
    sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
    sa.Column("table_id", sa.String(length=32), nullable=False),
    sa.Column("seat", sa.Integer(), nullable=True),
    sa.Column("name", sa.String(length=40), nullable=True),
    sa.Column("quick", sa.String(length=16), nullable=True),
    sa.Column("text", sa.String(length=400), nullable=True),
    sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(["table_id"], ["st_tables.id"], ondelete="CASCADE"),
    sa.PrimaryKeyConstraint("id"),
)

sa.Index("ix_st_chat_table", metadata.tables["st_chat"].c.table_id, metadata.tables["st_chat"].c.id)

sa.Table(
    "st_leases",
    metadata,
    sa.Column("table_id", sa.String(length=32), nullable=False),
    sa.Column("process", sa.String(length=32), nullable=False),
    sa.ForeignKeyConstraint(["table_id"], ["st_tables.id"], ondelete="CASCADE"),
    sa.PrimaryKeyConstraint("table_id"),
)

sa.Index("ix_st_leases_process", metadata.tables["st_leases"].c.process)

sa.Table(
    "st_player_keys",
    metadata,
    sa.Column("key_hash", sa.String(length=64), nullable=False),
    sa.Column("player_id", sa.String(length=16), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(["player_id"], ["st_players.id"], ondelete="CASCADE"),
    sa.PrimaryKeyConstraint("key_hash"),
)

sa.Index("ix_st_player_keys_player_id", metadata.tables["st_player_keys"].c.player_id)

sa.Table(
    "st_rating_changes",
    metadata,
    sa.Column("table_id", sa.String(length=32), nullable=False),
    sa.Column("seat", sa.Integer(), nullable=False),
    sa.Column("player_id", sa.String(length=16), nullable=False),
    sa.Column("game", sa.String(length=32), nullable=False),
    sa.Column("mu_before", sa.Float(), nullable=False),
    sa.Column("sigma_before", sa.Float(), nullable=False),
    sa.Column("mu_after", sa.Float(), nullable=False),
    sa.Column("sigma_after", sa.Float(), nullable=False),
    sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(["player_id"], ["st_players.id"], ondelete="CASCADE"),
    sa.ForeignKeyConstraint(["table_id"], ["st_tables.id"], ondelete="CASCADE"),
    sa.PrimaryKeyConstraint("table_id", "seat"),
)

sa.Index("ix_st_rating_changes_player_id", metadata.tables["st_rating_changes"].c.player_id)

sa.Table(
    "st_ratings",
    metadata,
    sa.Column("game", sa.String(length=32), nullable=False),
    sa.Column("player_id", sa.String(length=16), nullable=False),
    sa.Column("mu", sa.Float(), nullable=False),
    sa.Column("sigma", sa.Float(), nullable=False),
    sa.Column("games", sa.Integer(), nullable=False),
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(["player_id"], ["st_players.id"], ondelete="CASCADE"),
    sa.PrimaryKeyConstraint("game", "player_id"),
)

sa.Index("ix_st_ratings_game", metadata.tables["st_ratings"].c.game)

sa.Table(
    "st_rematches",
    metadata,
    sa.Column("table_id", sa.String(length=32), nullable=False),
    sa.Column("next_id", sa.String(length=32), nullable=False),
    sa.ForeignKeyConstraint(["next_id"], ["st_tables.id"], ondelete="CASCADE"),
    sa.ForeignKeyConstraint(["table_id"], ["st_tables.id"], ondelete="CASCADE"),
    sa.PrimaryKeyConstraint("table_id"),
    sa.UniqueConstraint("next_id"),
)

sa.Table(
    "st_reviews",
    metadata,
    sa.Column("table_id", sa.String(length=32), nullable=False),
    sa.Column("seat", sa.Integer(), nullable=False),
    sa.Column("status", sa.String(length=16), nullable=False),
    sa.Column("owner", sa.String(length=32), nullable=False),
    sa.Column("attempts", sa.Integer(), nullable=False),
    sa.Column("progress", sa.Integer(), nullable=False),
    sa.Column("total", sa.Integer(), nullable=False),
    sa.Column("result", sa.JSON(), nullable=True),
    sa.Column("cpu_seconds", sa.Float(), nullable=True),
    sa.Column("wall_seconds", sa.Float(), nullable=True),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(["table_id"], ["st_tables.id"], ondelete="CASCADE"),
    sa.PrimaryKeyConstraint("table_id", "seat"),
)

sa.Index("ix_st_reviews_status", metadata.tables["st_reviews"].c.status)

sa.Table(
    "st_seat_players",
    metadata,
    sa.Column("table_id", sa.String(length=32), nullable=False),
    sa.Column("seat", sa.Integer(), nullable=False),
    sa.Column("player_id", sa.String(length=16), nullable=False),
    sa.ForeignKeyConstraint(["player_id"], ["st_players.id"], ondelete="CASCADE"),
    sa.ForeignKeyConstraint(["table_id"], ["st_tables.id"], ondelete="CASCADE"),
    sa.PrimaryKeyConstraint("table_id", "seat"),
)

sa.Index("ix_st_seat_players_player_id", metadata.tables["st_seat_players"].c.player_id)

sa.Table(
    "st_seat_spans",
    metadata,
    sa.Column("table_id", sa.String(length=32), nullable=False),
    sa.Column("seat", sa.Integer(), nullable=False),
    sa.Column("from_ply", sa.Integer(), nullable=False),
    sa.Column("level", sa.String(length=32), nullable=True),
    sa.ForeignKeyConstraint(["table_id"], ["st_tables.id"], ondelete="CASCADE"),
    sa.PrimaryKeyConstraint("table_id", "seat", "from_ply"),
)

sa.Table(
    "st_seats",
    metadata,
    sa.Column("table_id", sa.String(length=32), nullable=False),
    sa.Column("seat", sa.Integer(), nullable=False),
    sa.Column("kind", sa.String(length=8), nullable=False),
    sa.Column("level", sa.String(length=32), nullable=True),
    sa.Column("name", sa.String(length=40), nullable=True),
    sa.Column("token_hash", sa.String(length=64), nullable=True),
    sa.ForeignKeyConstraint(["table_id"], ["st_tables.id"], ondelete="CASCADE"),
    sa.PrimaryKeyConstraint("table_id", "seat"),
)

sa.Table(
    "st_table_settings",
    metadata,
    sa.Column("table_id", sa.String(length=32), nullable=False),
    sa.Column("settings", sa.JSON(), nullable=False),
    sa.ForeignKeyConstraint(["table_id"], ["st_tables.id"], ondelete="CASCADE"),
    sa.PrimaryKeyConstraint("table_id"),
)

sa.Table(
    "st_turn_clocks",
    metadata,
    sa.Column("table_id", sa.String(length=32), nullable=False),
    sa.Column("mode", sa.String(length=16), nullable=False),
    sa.Column("seconds", sa.Integer(), nullable=False),
    sa.Column("ply", sa.Integer(), nullable=False),
    sa.Column("deadlines", sa.JSON(), nullable=False),
    sa.ForeignKeyConstraint(["table_id"], ["st_tables.id"], ondelete="CASCADE"),
    sa.PrimaryKeyConstraint("table_id"),
)


def upgrade() -> None:
    metadata.create_all(op.get_bind())


def downgrade() -> None:
    metadata.drop_all(op.get_bind())
