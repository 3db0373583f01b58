"""Issue 27: every time is shown in the event's time zone, never in UTC: the public page's
"official scores at", the round clock on the phones and on the console, the console's
events, calls and ruling page, the printouts and the command line's lines.

The club plays in Madrid: the server's clock says 19:00 UTC, the wall clock 20:00 (CET)."""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from dupbridge.adapters.sql import open_store
from dupbridge.app.club_night import commands as club
from dupbridge.app.club_night import floor as club_floor
from dupbridge.app.club_night.ports import FixedClock
from dupbridge.cli.main import app as cli
from dupbridge.web.app import WebConfig, create_app
from dupbridge.web.security import Signer
from web_rulings_kit import PASSWORD, SECRET, START, MovableClock, csrf_of

ZONE = "Europe/Madrid"


class Madrid:
    """An event created at 19:00 UTC in Madrid, round 1 started with 30 minutes on the
    clock, a call from table 2; the official scores at 19:00 UTC when ``official``."""

    def __init__(self, folder: Path, *, official: bool = False) -> None:
        from dupbridge.web.security import hash_password
        from web_rulings_kit import _HASH

        self.url = f"sqlite:///{folder}/club.db"
        store = open_store(self.url)
        clock = FixedClock(START)
        self.event = club.create_event(store, clock, club.NewEvent(
            "Martes", size=3, boards_per_round=2, seed="5e" * 16, timezone=ZONE)).id
        club_floor.start_round(store, clock, self.event, round=1, minutes=30, who="Director")
        club_floor.call_director(store, clock, self.event, round=1, table=2,
                                 who="table 2 device")
        if official:
            club.make_official(store, clock, self.event, who="Director")
        store.close()
        if not _HASH:
            _HASH.append(hash_password(PASSWORD))
        self.app = create_app(WebConfig(database=self.url, secret=SECRET,
                                        director_hash=_HASH[0],
                                        clock=MovableClock(START + timedelta(minutes=5))))

    def director(self) -> TestClient:
        web = TestClient(self.app)
        web.post("/login", data={"password": PASSWORD, "csrf": csrf_of(web.get("/login").text)})
        return web

    def device(self, table: int) -> TestClient:
        web = TestClient(self.app)
        code = Signer(SECRET).device_code(self.event, table, 1)
        web.post("/device/join", data={"code": code, "csrf": csrf_of(web.get("/device").text)})
        return web


def _no_utc(text: str) -> None:
    assert not re.search(r"\b19:[0-5]\d\b", text), re.findall(r".{40}\b19:\d\d.{20}", text)
    assert "UTC" not in text


@pytest.mark.parametrize("language", ["en", "es"])
def test_round_clock_on_the_phone_and_the_console_reads_the_club_clock(
        tmp_path: Path, language: str) -> None:
    room = Madrid(tmp_path)
    phone = room.device(1).get(f"/device/table?lang={language}").text
    clock = re.search(r'<p id="round-clock"[^>]*>([^<]*)<', phone)
    assert clock is not None and "20:30" in clock[1], clock
    console = room.director().get(f"/director/events/{room.event}?lang={language}").text
    line = re.search(r'<p id="console-clock"[^>]*>([^<]*)<', console)
    assert line is not None and "20:30" in line[1], line
    calls = console.split('id="calls"')[1]
    assert "20:00:00 CET" in calls
    _no_utc(clock[1] + line[1] + calls)


def test_console_lists_the_events_created_on_the_club_clock(tmp_path: Path) -> None:
    room = Madrid(tmp_path)
    page = room.director().get("/director").text
    created = re.search(rf'href="/director/events/{room.event}">Martes</a> <small>([^<]*)<',
                        page)
    assert created is not None and created[1] == "2026-11-26 20:00"


def test_public_pages_and_printouts_say_official_at_on_the_club_clock(tmp_path: Path) -> None:
    room = Madrid(tmp_path, official=True)
    public = TestClient(room.app)
    for path in (f"/events/{room.event}", f"/events/{room.event}/ranking"):
        page = public.get(path).text
        assert "Official scores at 20:00:00 CET." in page, path
        _no_utc(page)
    director = room.director()
    printed = director.get(f"/director/events/{room.event}/print/results").text
    assert "Official scores at 20:00:00 CET." in printed
    _no_utc(printed)


def test_ruling_page_says_when_a_pair_appealed_on_the_club_clock(tmp_path: Path) -> None:
    room = Madrid(tmp_path)
    director = room.director()
    url = f"/director/events/{room.event}/rulings/1/1"
    token = csrf_of(director.get(url).text)
    for step in ({"step": "call", "seat": "N", "call": "1S"},
                 {"step": "call", "seat": "E", "call": "1H"},
                 {"step": "answer", "question": "unintended", "value": "no"},
                 {"step": "choose", "option": "decline"}, {"step": "record"}):
        data = dict(step)
        answer = director.post(f"{url}/{data.pop('step')}", data={**data, "csrf": token},
                               headers={"HX-Request": "true"})
        assert answer.status_code == 200 and 'id="ruling-error"' not in answer.text
    club.make_official(open_store(room.url), FixedClock(START), room.event, who="Director")
    page = director.post(f"{url}/appeal", data={"pair": "1", "consent": "1", "why": "harsh",
                                                "csrf": token}, headers={"HX-Request": "true"})
    assert "Pair 1 appealed at 20:05" in page.text  # the server's clock: 19:05 UTC
    _no_utc(page.text)


def test_command_line_shows_the_club_clock(tmp_path: Path) -> None:
    room = Madrid(tmp_path, official=True)
    runner = CliRunner()
    shown = runner.invoke(cli, ["event", "show", room.event, "--db", room.url])
    assert shown.exit_code == 0, shown.output
    assert "official: 2026-11-26 20:00 CET, corrections until 20:30" in shown.output
    listed = runner.invoke(cli, ["event", "list", "--db", room.url])
    assert f"{room.event}  Martes  2026-11-26 20:00" in listed.output
    for output in (shown.output, listed.output):
        _no_utc(output)
