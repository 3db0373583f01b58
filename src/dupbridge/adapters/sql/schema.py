"""The tables of a club session (the migrations create them; this module is what the
store's queries name). Rows are only ever inserted: ``actions`` is the journal of each
event, ``table_logs`` the table engine's documents per board and table."""

from __future__ import annotations

import sqlalchemy as sa

metadata = sa.MetaData()

# SQLite numbers a table's rows only through an INTEGER PRIMARY KEY; elsewhere a BIGINT.
Serial = sa.BigInteger().with_variant(sa.Integer(), "sqlite")

events = sa.Table(
    "events", metadata,
    sa.Column("id", sa.String(100), primary_key=True),
    sa.Column("name", sa.String(200), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("config", sa.JSON, nullable=False),
)

actions = sa.Table(
    "actions", metadata,
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

table_logs = sa.Table(
    "table_logs", metadata,
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
    sa.Index("ix_table_logs_place", "event_id", "board", "table_no"),
)

# The first result recorded at each place (round, table, board) of an event: its unique
# key makes "exactly one recorded, the other a conflict" atomic when two writers race.
result_places = sa.Table(
    "result_places", metadata,
    sa.Column("event_id", sa.String(100), sa.ForeignKey("events.id"), primary_key=True),
    sa.Column("round", sa.Integer, primary_key=True),
    sa.Column("table_no", sa.Integer, primary_key=True),
    sa.Column("board", sa.Integer, primary_key=True),
    sa.Column("action_id", sa.String(100), nullable=False),
)

# The web server's own records, kept with the database so that every worker and every
# machine serving it agrees: its settings (the secret signing cookies and device codes),
# the sessions logged in (so a logout or an expiry holds everywhere) and the login
# attempts counted per key (an account or an address) in a window of time.
server_settings = sa.Table(
    "server_settings", metadata,
    sa.Column("name", sa.String(50), primary_key=True),
    sa.Column("value", sa.Text, nullable=False),
)

web_sessions = sa.Table(
    "web_sessions", metadata,
    sa.Column("sid", sa.String(64), primary_key=True),
    sa.Column("role", sa.String(20), nullable=False),
    sa.Column("started", sa.Float, nullable=False),  # seconds since the epoch
    sa.Column("expires", sa.Float, nullable=False),
    sa.Column("revoked", sa.Float),
)

login_attempts = sa.Table(
    "login_attempts", metadata,
    sa.Column("counter", sa.String(200), primary_key=True),
    sa.Column("started", sa.Float, nullable=False),  # the window's start
    sa.Column("tries", sa.Integer, nullable=False),
)

# Each dealt board's double-dummy table (``tricks``, the 20 counts of ``DDTable``; None and
# ``unsolved`` saying why when the solver gave up), computed once in the background and read
# by the hand-record pages. ``deal`` is the deal analysed: a board dealt again is solved again.
hand_records = sa.Table(
    "hand_records", metadata,
    sa.Column("event_id", sa.String(100), sa.ForeignKey("events.id"), primary_key=True),
    sa.Column("board", sa.Integer, primary_key=True),
    sa.Column("deal", sa.String(80), nullable=False),
    sa.Column("tricks", sa.JSON),
    sa.Column("unsolved", sa.Text, nullable=False),
    sa.Column("at", sa.DateTime(timezone=True), nullable=False),
)
