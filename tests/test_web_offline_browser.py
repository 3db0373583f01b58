"""A table device loses the WiFi (issue 17): the round entered offline waits in the page's
localStorage and is sent when the connection returns, each result exactly once, even when
the answer to a send is lost on the way back and the page sends it again."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from dupbridge.app.club_night import commands as club
from dupbridge.web.app import WebConfig, create_app
from web_browser import PHONE, MovableClock, at_round, chromium, enter, running, screenshot


def test_a_round_entered_offline_is_recorded_exactly_once_when_back_online(
        tmp_path: Path) -> None:
    clock = MovableClock(datetime(2026, 11, 26, 19, 0, tzinfo=UTC))
    app = create_app(WebConfig(database=f"sqlite:///{tmp_path}/club.db", clock=clock))
    pages = app.state.pages
    event = club.create_event(pages.store, clock, club.NewEvent(
        "Offline", size=3, boards_per_round=2, deal=False), who="Director")
    code = pages.signer.device_code(event.id, 1, 1)
    with running(app) as url, chromium() as browser:
        context = browser.new_context(viewport=PHONE)
        page = context.new_page()
        page.goto(f"{url}/device")
        page.fill("input[name=code]", code)
        page.click("form[action='/device/join'] button")
        at_round(page, 1)
        lost: list[str] = []

        def lose_first_answer(route: Any) -> None:
            """The first send reaches the server, but its answer never comes back."""
            if not lost:
                lost.append(route.request.post_data or "")
                route.fetch()
                route.abort()
            else:
                route.continue_()

        context.set_offline(True)
        enter(page, 1, "3NT", "N", 9)
        enter(page, 2, "4S", "E", 10)
        page.wait_for_selector('#sync-status[data-waiting="2"]', state="attached")
        assert club.results(pages.store, event.id).lines == ()
        screenshot(page, "offline-2-waiting")

        page.route("**/device/results", lose_first_answer)
        context.set_offline(False)
        page.evaluate("window.dispatchEvent(new Event('online'))")
        at_round(page, 2)  # both sent: the page shows the next round
        screenshot(page, "offline-3-synchronised")

    assert len(lost) == 1
    recorded = club.results(pages.store, event.id).lines
    assert [(line.round, line.table, line.board, line.contract, line.tricks)
            for line in recorded] == [(1, 1, 1, "3NT", 9), (1, 1, 2, "4S", 10)]
    results = pages.store.actions(event.id, ("result",))
    assert len(results) == 2  # the lost answer's retry was recognised, not recorded again
