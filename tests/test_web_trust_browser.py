"""Issue 29 in a real browser: the server restarts in mid-round with no secret configured
(the README's single-server command) while two phones of one table hold results they
could not send yet. After the restart the phones keep their session (no new code), every
queued result reaches the database exactly once, the second phone's different result for
the round's last board reaches the Director as a conflict (79B), and a result refused
after the official scores (79C) stays on the phone and appears on the Director's console.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from dupbridge.app.club_night import commands as club
from dupbridge.web.app import WebConfig, create_app
from dupbridge.web.security import hash_password
from dupbridge.web.server import free_port
from web_browser import (
    PASSWORD,
    PHONE,
    MovableClock,
    at_round,
    chromium,
    enter,
    login,
    running,
    screenshot,
)


def _server(path: Path, clock: MovableClock, director_hash: str) -> Any:
    """The server as ``dupbridge serve`` starts it: no secret in its configuration."""
    return create_app(WebConfig(database=f"sqlite:///{path}", clock=clock,
                                director_hash=director_hash))


def _phone(browser: Any, url: str, code: str) -> tuple[Any, Any]:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(f"{url}/device")
    page.fill("input[name=code]", code)
    page.click("form[action='/device/join'] button")
    at_round(page, 1)
    return context, page


def _waiting(page: Any, count: int) -> None:
    page.wait_for_selector(f'#sync-status[data-waiting="{count}"]', state="attached")


def _online(context: Any, page: Any) -> None:
    context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")


def test_law79B_law79C_a_restart_in_mid_round_loses_no_queued_result(tmp_path: Path) -> None:
    clock = MovableClock(datetime(2026, 11, 29, 19, 0, tzinfo=UTC))
    director_hash = hash_password(PASSWORD)
    database = tmp_path / "club.db"
    before = _server(database, clock, director_hash)
    pages = before.state.pages
    event = club.create_event(pages.store, clock, club.NewEvent(
        "Restart", size=3, boards_per_round=2, deal=False), who="Director").id
    state = club.state_of(pages.store, event)
    first, last = next(e.boards for e in state.movement.in_round(1) if e.table == 1)
    later = next(e.boards for e in state.movement.in_round(2) if e.table == 1)[0]
    code = pages.signer.device_code(event, 1, 1)
    port = free_port()
    with chromium() as browser:
        with running(before, port) as url:
            north, north_page = _phone(browser, url, code)
            other, other_page = _phone(browser, url, code)  # a second phone at table 1
            north.set_offline(True)
            other.set_offline(True)
            enter(north_page, first, "3NT", "N", 9)
            enter(north_page, last, "4S", "E", 10)
            enter(other_page, last, "4S", "E", 9)  # the other phone disagrees
            _waiting(north_page, 2)
            _waiting(other_page, 1)
        assert club.results(pages.store, event).lines == ()

        after = _server(database, clock, director_hash)  # restarted: a new process
        with running(after, port) as url:
            _online(north, north_page)
            at_round(north_page, 2)  # both sent with the session of before the restart
            _online(other, other_page)
            at_round(other_page, 2)  # its result was kept as a conflict: it moves on
            screenshot(north_page, "trust-1-after-restart")
            store = after.state.pages.store
            results = club.results(store, event)
            assert [(line.board, line.tricks) for line in results.lines] == [
                (first, 9), (last, 10)]
            assert [(a.board, a.tricks, b.tricks) for a, b in results.conflicts] == [
                (last, 10, 9)]
            assert len(store.actions(event, ("result",))) == 3  # each exactly once

            north.set_offline(True)
            enter(north_page, later, "2H", "S", 8)
            _waiting(north_page, 1)
            club.make_official(store, clock, event, who="Director")
            _online(north, north_page)
            refused = north_page.wait_for_selector(
                f'#undelivered-here li[data-board="{later}"]')
            assert "79C" in refused.text_content()
            _waiting(north_page, 0)
            screenshot(north_page, "trust-2-refused-on-the-phone")

            director = login(browser.new_context(), url, "en")
            director.goto(f"{url}/director/events/{event}")
            kept = director.wait_for_selector(f'#undelivered li[data-board="{later}"]')
            # The result as the phone sent it: its suit as a symbol, read in any language.
            assert "2♥" in kept.text_content() and "79C" in kept.text_content()
            assert director.query_selector(f'#conflicts [data-board="{last}"]') is not None
            screenshot(director, "trust-3-console")
        assert [line.board for line in club.results(store, event).lines] == [first, last]
