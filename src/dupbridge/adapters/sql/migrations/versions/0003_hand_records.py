"""Hand records computed once: each dealt board's double-dummy table, kept with its event
when the boards are dealt or published, so that the hand-record page only reads it.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "hand_records",
        sa.Column("event_id", sa.String(100), sa.ForeignKey("events.id"), primary_key=True),
        sa.Column("board", sa.Integer, primary_key=True),
        sa.Column("deal", sa.String(80), nullable=False),
        sa.Column("tricks", sa.JSON),
        sa.Column("unsolved", sa.Text, nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("hand_records")
