"""What a server process is configured with (one value for every worker of a site)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from dupbridge.app.club_night.ports import Clock, SystemClock
from dupbridge.lawbook.installed import current_books
from dupbridge.lawbook.model import LawBook
from dupbridge.web.security import RateLimit, new_secret


@dataclass(slots=True)
class WebConfig:
    """What a server process needs: the database URL, the secret signing its cookies and
    codes (the same in every worker), the Director's argon2 password hash, and the clock
    the app layer's deadlines run on (a test sets its own). ``lawbooks`` gives the
    imported law books the law pages read (the installed ones by default). ``profiles``:
    a folder of the club's own Regulating-Authority profiles (``<name>.toml``), offered
    beside the installed ones; no other file is ever read as a profile."""

    database: str = "sqlite:///dupbridge.db"
    secret: str = field(default_factory=new_secret)
    director_hash: str = ""
    clock: Clock = field(default_factory=SystemClock)
    login_limit: RateLimit = field(default_factory=RateLimit)
    threads: int = 40
    lawbooks: Callable[[], Sequence[LawBook]] = current_books
    profiles: Path | None = None
