"""Starting the web app under uvicorn, with one or several worker processes.

Workers are separate processes, so the configuration travels in environment variables set
by ``dupbridge serve``: the database URL, the Director's password hash, the trusted
proxies, and the secret only when ``DUPBRIDGE_SECRET`` sets it: otherwise every worker
reads the one kept in the database (made on the first start), so a cookie or a device
code signed by one is good in all, and still after a restart."""

from __future__ import annotations

import os
import socket
from dataclasses import dataclass

from fastapi import FastAPI

from dupbridge.web.app import create_app
from dupbridge.web.config import WebConfig
from dupbridge.web.security import hash_password

ENV_DB = "DUPBRIDGE_DB"
ENV_SECRET = "DUPBRIDGE_SECRET"
ENV_HASH = "DUPBRIDGE_DIRECTOR_HASH"
ENV_FORWARDED = "DUPBRIDGE_FORWARDED_ALLOW_IPS"


@dataclass(frozen=True, slots=True)
class ServeOptions:
    database: str
    host: str = "127.0.0.1"
    port: int = 8000
    workers: int = 1
    password: str = ""
    forwarded_allow_ips: str = "127.0.0.1"  # the proxies believed (uvicorn's syntax)
    certfile: str | None = None  # HTTPS served by uvicorn itself
    keyfile: str | None = None


def app_from_env() -> FastAPI:
    """The app of one worker, configured by ``serve`` through the environment."""
    return create_app(WebConfig(database=os.environ.get(ENV_DB, "sqlite:///dupbridge.db"),
                                secret=os.environ.get(ENV_SECRET, ""),
                                director_hash=os.environ.get(ENV_HASH, ""),
                                forwarded_allow_ips=os.environ.get(ENV_FORWARDED,
                                                                   "127.0.0.1"),
                                threads=int(os.environ.get("DUPBRIDGE_THREADS", "40")),
                                slots=int(os.environ.get("DUPBRIDGE_SLOTS", "4"))))


def prepare_environment(options: ServeOptions) -> None:
    """Hash the password once (argon2 is slow on purpose) and share the configuration
    (the secret is the database's unless ``DUPBRIDGE_SECRET`` is set)."""
    os.environ[ENV_DB] = options.database
    os.environ[ENV_FORWARDED] = options.forwarded_allow_ips
    if options.password:
        os.environ[ENV_HASH] = hash_password(options.password)


def prepare(options: ServeOptions, *, demo: bool = False) -> list[str]:
    """Share the configuration with the workers, open (and migrate) the database once, and
    create the demonstration event if asked; the lines to print about it (``{base}`` is
    the server's address)."""
    from dupbridge.adapters.sql import open_store
    from dupbridge.adapters.sql.web_store import WebStore
    from dupbridge.app.club_night.demo import create_demo_event
    from dupbridge.app.club_night.floor import device_generation
    from dupbridge.app.club_night.ports import SystemClock
    from dupbridge.web.security import Signer

    prepare_environment(options)
    store = open_store(options.database)
    try:
        if not demo:
            return []
        view = create_demo_event(store, SystemClock())
        signer = Signer(os.environ.get(ENV_SECRET) or WebStore(store.engine).secret())
        generation = device_generation(store, view.id)
        codes = ", ".join(f"table {t}: {signer.device_code(view.id, t, generation)}"
                          for t in range(1, view.tables + 1))
        return [f"Demo event: {{base}}/events/{view.id}",
                f"Table devices join at {{base}}/device with the codes {codes}"]
    finally:
        store.close()


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as probe:
        probe.bind((host, 0))
        port: int = probe.getsockname()[1]
        return port


def serve(options: ServeOptions) -> None:
    import uvicorn

    if os.environ.get(ENV_DB) != options.database:  # not prepared by ``prepare``
        prepare_environment(options)
    # The app applies the trusted proxies' headers itself (``create_app``), so uvicorn
    # must not apply them a second time.
    uvicorn.run("dupbridge.web.server:app_from_env", factory=True, host=options.host,
                port=options.port, workers=options.workers, log_level="warning",
                proxy_headers=False, ssl_certfile=options.certfile,
                ssl_keyfile=options.keyfile,
                # A spectator's stream (web.live) must not hold a stopping server long.
                timeout_graceful_shutdown=5)
