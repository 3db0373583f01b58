"""The SQL store of club sessions: SQLAlchemy Core tables, Alembic migrations shipped in
the package (``migrations/``), SQLite by default and PostgreSQL by URL."""

from dupbridge.adapters.sql.migrate import downgrade, upgrade
from dupbridge.adapters.sql.store import SqlStore, database_url, open_store

__all__ = ["SqlStore", "database_url", "downgrade", "open_store", "upgrade"]
