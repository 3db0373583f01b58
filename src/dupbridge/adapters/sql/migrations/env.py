"""Alembic's environment: the URL comes from the configuration (set by
``dupbridge.adapters.sql.migrate``) or, for a bare ``alembic upgrade head``, from
``DUPBRIDGE_DB`` (else ``./dupbridge.db``)."""

from __future__ import annotations

from alembic import context

from dupbridge.adapters.sql.schema import metadata
from dupbridge.adapters.sql.store import create_engine_for, database_url

config = context.config
url = config.get_main_option("sqlalchemy.url") or database_url(None)
connection = config.attributes.get("connection")
if connection is not None:
    context.configure(connection=connection, target_metadata=metadata)
    with context.begin_transaction():
        context.run_migrations()
else:
    engine = create_engine_for(url)
    with engine.connect() as opened:
        context.configure(connection=opened, target_metadata=metadata)
        with context.begin_transaction():
            context.run_migrations()
    engine.dispose()
