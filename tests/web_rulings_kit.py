"""A web app with one event, a logged-in Director and table devices, for the ruling
screen's tests (HTTP through FastAPI's TestClient; the browser tests reuse it)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from fastapi.testclient import TestClient

from dupbridge.adapters.sql import open_store
from dupbridge.app.club_night import commands as club
from dupbridge.app.club_night.ports import FixedClock
from dupbridge.web.app import WebConfig, create_app
from dupbridge.web.security import Signer, hash_password

START = datetime(2026, 11, 26, 19, 0, tzinfo=UTC)
SECRET = "test-secret"
PASSWORD = "correct horse"
_HASH: list[str] = []


@dataclass
class MovableClock:
    """The server's clock, moved by the test (the periods of 79C and 92B run on it)."""

    at: datetime = START

    def now(self) -> datetime:
        return self.at


@dataclass
class Club:
    folder: Path
    profile: str = "wbf-2017"
    clock: MovableClock = field(default_factory=MovableClock)

    def __post_init__(self) -> None:
        self.url = f"sqlite:///{self.folder}/club.db"
        store = open_store(self.url)
        self.event = club.create_event(store, FixedClock(START), club.NewEvent(
            "Tuesday pairs", profile=self.profile, seed="5e" * 16)).id
        if not _HASH:
            _HASH.append(hash_password(PASSWORD))
        self.app = create_app(WebConfig(database=self.url, secret=SECRET,
                                        director_hash=_HASH[0], clock=self.clock))

    def director(self) -> TestClient:
        web = TestClient(self.app)
        token = csrf_of(web.get("/login").text)
        web.post("/login", data={"password": PASSWORD, "csrf": token})
        return web

    def device(self, table: int) -> TestClient:
        web = TestClient(self.app)
        token = csrf_of(web.get("/device").text)
        code = Signer(SECRET).device_code(self.event, table, 1)
        web.post("/device/join", data={"code": code, "csrf": token})
        return web

    def ruling_url(self, table: int, board: int) -> str:
        return f"/director/events/{self.event}/rulings/{table}/{board}"


def csrf_of(html: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', html)
    assert found is not None
    return found[1]
