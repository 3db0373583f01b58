"""Issue 29, a full room watching the ranking: the public ranking pushed to spectators
with Server-Sent Events (``web.live``) instead of each phone asking every second."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from dupbridge.app.club_night import commands as club
from dupbridge.app.club_night import floor as club_floor
from dupbridge.web.app import WebConfig, create_app
from test_web_roles import Clock, Club, submit


@pytest.fixture
def room(tmp_path: Path) -> Iterator[Club]:
    clock = Clock(datetime(2026, 11, 29, 19, 0, tzinfo=UTC))
    app = create_app(WebConfig(database=f"sqlite:///{tmp_path}/club.db", secret="s",
                               clock=clock))
    app.state.live.interval = 0.05
    event = club.create_event(app.state.pages.store, clock, club.NewEvent(
        "Live", size=3, boards_per_round=2, seed="ab" * 16), who="Director")
    yield Club(app, event.id, clock)


def events(lines: Iterator[str]) -> Iterator[str]:
    """The ``ranking`` events of a stream, each as its fragment (keep-alive comments
    skipped)."""
    kind, data = "", []
    for line in lines:
        if line.startswith("event: "):
            kind = line[7:]
        elif line.startswith("data: "):
            data.append(line[6:])
        elif line == "" and kind:
            yield "\n".join(data)
            kind, data = "", []


def test_a_spectator_gets_the_ranking_at_once_then_each_change_in_its_language(
        room: Club) -> None:
    spectator = room.client()
    with spectator.stream("GET", f"/events/{room.event}/live?lang=es") as stream:
        assert stream.headers["content-type"].startswith("text/event-stream")
        pushed = events(stream.iter_lines())
        first = next(pushed)
        assert "no se ha registrado ningún resultado" in first
        assert submit(room.device(1), 1, 1, tricks=9).status_code == 200
        second = next(pushed)
        assert "no se ha registrado ningún resultado" not in second
        assert "Resultados registrados: 1" in second
        assert "<html" not in second
        # What is pushed is what the page's own fragment shows the public, and hides what
        # the public may not see yet: board 1 is not played by every table.
        assert "3NT" not in second
        fragment = room.client().get(f"/events/{room.event}/ranking?lang=es",
                                     headers={"hx-request": "true"}).text
        assert fragment.strip() == second.strip()


def test_the_page_opens_the_stream_for_the_public_and_polls_for_a_role(
        room: Club) -> None:
    """Only the public's sight is pushed; a device or the Director reads its own."""
    public = room.client().get(f"/events/{room.event}").text
    assert f'data-live="/events/{room.event}/live"' in public and "hx-trigger" not in public
    device = room.device(1).get(f"/events/{room.event}").text
    assert 'hx-trigger="every 1s"' in device and "data-live" not in device


def test_a_stream_of_no_event_is_not_found(room: Club) -> None:
    answer = room.client().get("/events/nothing-here/live")
    assert answer.status_code == 404


def test_a_spectator_is_not_sent_a_fragment_that_did_not_change(room: Club) -> None:
    """The Director's release setting moves the journal without changing what the
    public's ranking shows (no result yet): the watcher renders again, pushes nothing."""
    spectator = room.client()
    with spectator.stream("GET", f"/events/{room.event}/live?lang=en") as stream:
        pushed = events(stream.iter_lines())
        next(pushed)
        watched = room.app.state.live.watched[room.event]
        before = watched.position
        club_floor.choose_release(room.store, room.clock, room.event, release="round",
                                  who="Director")
        for _ in range(500):  # until the watcher has seen the journal move
            if watched.position != before:
                break
            time.sleep(0.01)
        assert watched.position != before
        assert watched.spectators and all(q.empty() for q in watched.spectators)


def test_a_spectators_browser_shows_each_result_without_asking(room: Club) -> None:
    """Chromium on the public page: the ranking's line of results recorded follows the
    room as each result is entered, through the stream alone (the page polls nothing)."""
    from web_browser import chromium, running

    with running(room.app) as url, chromium() as browser:
        page = browser.new_context().new_page()
        asked: list[str] = []
        page.on("request", lambda request: asked.append(request.url))
        page.goto(f"{url}/events/{room.event}?lang=en")
        page.wait_for_selector("#ranking-none")
        device = room.device(1)
        for board in (1, 2):
            assert submit(device, 1, board, tricks=9).status_code == 200
            page.wait_for_function(
                "text => document.querySelector('#ranking').textContent.includes(text)",
                arg=f"Results recorded: {board}", timeout=15_000)
        assert not [u for u in asked if u.endswith("/ranking")]
        assert [u for u in asked if u.endswith("/live")]
