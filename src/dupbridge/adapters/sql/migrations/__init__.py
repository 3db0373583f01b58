"""Alembic migrations of the club-session database (``script_location``
``dupbridge.adapters.sql:migrations``)."""
