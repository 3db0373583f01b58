"""A throw-away PostgreSQL server for the store tests: Debian's binaries (installed by
tools/install-postgres when missing), a cluster in a temporary directory owned by
the ``postgres`` user (initdb refuses root), listening only on a Unix socket in that
directory, stopped and removed at the end. ``why_not`` says why it cannot run."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def binaries() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(found[-1]).parent if found else None


def install() -> None:
    if binaries() is None:
        subprocess.run(["bash", str(ROOT / "tools" / "install-postgres")], check=False,
                       timeout=900)


def _as_user(user: str | None, command: list[str]) -> list[str]:
    if user is None:
        return command
    runuser = shutil.which("runuser")
    return [runuser, "-u", user, "--", *command] if runuser else ["su", user, "-c",
                                                                 " ".join(command)]


@contextmanager
def server() -> Iterator[str]:
    """Yields the admin URL (``postgresql://postgres@/postgres?host=DIR&port=P``)."""
    install()
    bin_dir = binaries()
    if bin_dir is None:
        raise RuntimeError("PostgreSQL is not installed and tools/install-postgres "
                           "could not install it (needs root and apt-get)")
    user = None
    if os.geteuid() == 0:
        user = "postgres"
        try:
            import pwd

            pwd.getpwnam(user)
        except KeyError:
            raise RuntimeError("running as root and there is no 'postgres' user for "
                               "initdb") from None
    base = Path(tempfile.mkdtemp(prefix="dupbridge-pg-"))
    data = base / "data"
    if user is not None:
        shutil.chown(base, user)
    try:
        subprocess.run(_as_user(user, [str(bin_dir / "initdb"), "-D", str(data), "-A",
                                       "trust", "-U", "postgres", "-E", "UTF8"]),
                       check=True, capture_output=True, timeout=300)
        options = f"-k {base} -c listen_addresses='' -p 5432 -c fsync=on"
        subprocess.run(_as_user(user, [str(bin_dir / "pg_ctl"), "-D", str(data), "-o",
                                       options, "-l", str(base / "log"), "-w", "-t", "120",
                                       "start"]),
                       check=True, capture_output=True, timeout=180)
        try:
            yield f"postgresql://postgres@/postgres?host={base}&port=5432"
        finally:
            subprocess.run(_as_user(user, [str(bin_dir / "pg_ctl"), "-D", str(data), "-m",
                                           "immediate", "-w", "stop"]),
                           check=False, capture_output=True, timeout=120)
    finally:
        shutil.rmtree(base, ignore_errors=True)


def new_database(admin_url: str, name: str) -> str:
    """A fresh database on the server; its URL."""
    import psycopg

    dsn = admin_url.replace("postgresql://", "postgresql://", 1)
    with psycopg.connect(dsn, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}"')
        connection.execute(f'CREATE DATABASE "{name}"')
    return admin_url.replace("/postgres?", f"/{name}?", 1)
