"""SQLAlchemy stores (SQLite by default, PostgreSQL by URL) and Alembic migrations,
implementing the ports of dupbridge.app."""
