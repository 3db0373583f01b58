"""The web server's records in the club's database, so that every worker process and every
machine serving it agrees, and a restart forgets nothing:

* its secret (``server_settings``): made once, on the first start, and read by every
  worker after; the device codes and the signed cookies stay good across a restart;
* the sessions logged in (``web_sessions``): a logout revokes one for every worker, an
  expired one is refused;
* the login attempts (``login_attempts``): one counter per key (an account, an address)
  and window, taken with one conditional UPDATE, so a burst of simultaneous attempts gets
  no more tries than the limit (PostgreSQL locks the row; SQLite has one writer at a
  time).

Sessions opened and attempts counted are committed without waiting for the disk (the
``light`` engine, ``create_engine_for(flush=False)``): a join or a login then costs no
fsync, and a burst of two hundred phones joining does not queue behind one. A process
killed loses none of them; a machine losing power may lose the last ones, which costs a
phone its session (it joins again with its code, its queued results kept) or forgets a
few failed attempts. The secret and a logout's revocation wait for the disk: a lost
secret would change every code, a lost revocation would let a copied cookie back in."""

from __future__ import annotations

import secrets

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from dupbridge.adapters.sql.schema import login_attempts, server_settings, web_sessions
from dupbridge.adapters.sql.store import _database

SECRET = "secret"


class WebStore:
    """The web server's settings, sessions and login attempts on the club's database."""

    def __init__(self, engine: Engine, light: Engine | None = None) -> None:
        self.engine = engine
        self.light = light or engine

    @_database
    def secret(self) -> str:
        """The server's secret: the one kept in the database, made on first use (two
        workers starting at once agree: the second's insert fails and it reads)."""
        found = self._setting(SECRET)
        if found is not None:
            return found
        try:
            with self.engine.begin() as connection:
                connection.execute(server_settings.insert().values(
                    name=SECRET, value=secrets.token_urlsafe(32)))
        except IntegrityError:
            pass
        made = self._setting(SECRET)
        assert made is not None
        return made

    def _setting(self, name: str) -> str | None:
        with self.engine.connect() as connection:
            value = connection.execute(sa.select(server_settings.c.value).where(
                server_settings.c.name == name)).scalar()
        return None if value is None else str(value)

    @_database
    def open_session(self, sid: str, role: str, now: float, expires: float) -> None:
        with self.light.begin() as connection:
            connection.execute(web_sessions.insert().values(
                sid=sid, role=role, started=now, expires=expires, revoked=None))

    @_database
    def session_alive(self, sid: str, role: str, now: float) -> bool:
        """The session was opened with this role, is not revoked, and has not expired."""
        with self.engine.connect() as connection:
            row = connection.execute(web_sessions.select().where(
                web_sessions.c.sid == sid)).first()
        return (row is not None and row.role == role and row.revoked is None
                and row.expires > now)

    @_database
    def revoke(self, sid: str, now: float) -> None:
        with self.engine.begin() as connection:
            connection.execute(web_sessions.update().where(
                web_sessions.c.sid == sid, web_sessions.c.revoked.is_(None)).values(
                revoked=now))

    @_database
    def take_attempt(self, key: str, limit: int, window: float, now: float) -> bool:
        """Count one attempt for ``key``: True while fewer than ``limit`` were counted in
        the window (which starts at the first attempt and lasts ``window`` seconds)."""
        cutoff = now - window
        table = login_attempts
        with self.light.begin() as connection:
            _insert_absent(connection, key, now)
            stale = table.c.started <= cutoff
            taken = connection.execute(table.update().where(
                table.c.counter == key, sa.or_(stale, table.c.tries < limit)).values(
                tries=sa.case((stale, 1), else_=table.c.tries + 1),
                started=sa.case((stale, now), else_=table.c.started)))
            return bool(taken.rowcount == 1)

    @_database
    def release_attempt(self, key: str) -> None:
        """Give back one attempt of ``key`` (a join that succeeded): the failures stay
        counted, and a client holding one good code cannot wipe them out with it."""
        table = login_attempts
        with self.light.begin() as connection:
            connection.execute(table.update().where(table.c.counter == key, table.c.tries > 0)
                               .values(tries=table.c.tries - 1))

    @_database
    def clear_attempts(self, *keys: str) -> None:
        with self.light.begin() as connection:
            connection.execute(login_attempts.delete().where(login_attempts.c.counter.in_(keys)))


def _insert_absent(connection: Connection, key: str, now: float) -> None:
    """The key's counter row, added with a count of 0 if missing (no error if another
    writer adds it at the same moment)."""
    values = {"counter": key, "started": now, "tries": 0}
    if connection.dialect.name == "postgresql":
        connection.execute(postgresql.insert(login_attempts).values(**values)
                           .on_conflict_do_nothing())
    elif connection.dialect.name == "sqlite":
        connection.execute(sqlite.insert(login_attempts).values(**values)
                           .on_conflict_do_nothing())
    else:  # pragma: no cover - the two databases supported
        raise NotImplementedError(connection.dialect.name)
