"""Club sessions: events, their journal of actions, the table logs.

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

Serial = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "events",
        sa.Column("id", sa.String(100), primary_key=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("config", sa.JSON, nullable=False),
    )
    op.create_table(
        "actions",
        sa.Column("seq", Serial, primary_key=True, autoincrement=True),
        sa.Column("event_id", sa.String(100), sa.ForeignKey("events.id"), nullable=False),
        sa.Column("action_id", sa.String(100), nullable=False),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("round", sa.Integer),
        sa.Column("table_no", sa.Integer),
        sa.Column("board", sa.Integer),
        sa.Column("who", sa.String(200), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("why", sa.Text, nullable=False),
        sa.Column("payload", sa.JSON, nullable=False),
        sa.UniqueConstraint("event_id", "action_id", name="uq_actions_event_action"),
    )
    op.create_table(
        "table_logs",
        sa.Column("seq", Serial, primary_key=True, autoincrement=True),
        sa.Column("event_id", sa.String(100), sa.ForeignKey("events.id"), nullable=False),
        sa.Column("log_id", sa.String(100), nullable=False),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("table_no", sa.Integer, nullable=False),
        sa.Column("board", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("who", sa.String(200), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("document", sa.JSON, nullable=False),
        sa.UniqueConstraint("event_id", "log_id", name="uq_table_logs_event_log"),
    )
    op.create_index("ix_table_logs_place", "table_logs", ["event_id", "board", "table_no"])


def downgrade() -> None:
    op.drop_index("ix_table_logs_place", "table_logs")
    op.drop_table("table_logs")
    op.drop_table("actions")
    op.drop_table("events")
