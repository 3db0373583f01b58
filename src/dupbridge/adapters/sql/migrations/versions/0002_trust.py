"""A club night you can trust: the first result at each place (atomic conflicts), the
server's settings (its secret), the sessions logged in and the login attempts.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "result_places",
        sa.Column("event_id", sa.String(100), sa.ForeignKey("events.id"), primary_key=True),
        sa.Column("round", sa.Integer, primary_key=True),
        sa.Column("table_no", sa.Integer, primary_key=True),
        sa.Column("board", sa.Integer, primary_key=True),
        sa.Column("action_id", sa.String(100), nullable=False),
    )
    op.create_table(
        "server_settings",
        sa.Column("name", sa.String(50), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
    )
    op.create_table(
        "web_sessions",
        sa.Column("sid", sa.String(64), primary_key=True),
        sa.Column("role", sa.String(20), nullable=False),
        sa.Column("started", sa.Float, nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
        sa.Column("revoked", sa.Float),
    )
    op.create_table(
        "login_attempts",
        sa.Column("counter", sa.String(200), primary_key=True),
        sa.Column("started", sa.Float, nullable=False),
        sa.Column("tries", sa.Integer, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("login_attempts")
    op.drop_table("web_sessions")
    op.drop_table("server_settings")
    op.drop_table("result_places")
