"""What a server process is configured with (one value for every worker of a site)."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from dupbridge.app.club_night.ports import Clock, SystemClock
from dupbridge.lawbook.installed import current_books
from dupbridge.lawbook.model import LawBook
from dupbridge.web.security import RateLimit


@dataclass(slots=True)
class WebConfig:
    """What a server process needs: the database URL, the secret signing its cookies and
    codes ("" by default: the one kept in the database, made on the first start, so a
    restart keeps every device code and session), the Director's argon2 password hash, and
    the clock the app layer's deadlines run on (a test sets its own). ``lawbooks`` gives
    the imported law books the law pages read (the installed ones by default).

    Logins: ``login_limit`` per client address and ``account_limit`` for the Director's
    account, ``join_limit`` per address for the table devices' codes (apart, so a wrong
    code never locks the Director out). ``forwarded_allow_ips``: the proxies whose
    X-Forwarded-For and X-Forwarded-Proto are believed (uvicorn's syntax: addresses or
    networks separated by commas, ``*`` for any); loopback only by default.
    ``wall_clock``: seconds since the epoch, for sessions and login counts. ``profiles``:
    a folder of the club's own Regulating-Authority profiles (``<name>.toml``), offered
    beside the installed ones; no other file is ever read as a profile."""

    database: str = "sqlite:///dupbridge.db"
    secret: str = ""
    director_hash: str = ""
    clock: Clock = field(default_factory=SystemClock)
    login_limit: RateLimit = field(default_factory=RateLimit)
    account_limit: RateLimit = field(default_factory=lambda: RateLimit(20, 900.0))
    join_limit: RateLimit = field(default_factory=lambda: RateLimit(20, 60.0))
    forwarded_allow_ips: str = "127.0.0.1"
    session_hours: float = 6.0  # at least this long, else to the end of the day
    wall_clock: Callable[[], float] = time.time
    threads: int = 40
    slots: int = 4  # requests served at once past the ETags (``web.priority``)
    lawbooks: Callable[[], Sequence[LawBook]] = current_books
    profiles: Path | None = None
