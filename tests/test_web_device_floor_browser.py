"""Issue 27 in a real browser, in Spanish on 360 x 740 phones: the phones keep the players
informed and follow the Director. The Director starts round 1 with a clock; two phones at
table 1 enter different results for one board and both show the conflict until the
Director settles it; table 2's East-West disagree and its phone shows the dispute; table 2
calls the Director, who marks the call attended on the console, and the phone says so;
after entry each phone shows the board's traveller in the players' notation; table 1,
done, shows where each pair goes and where its next boards come from, and waits until the
Director starts round 2. Screenshots in test-artifacts/."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from dupbridge.app.club_night import commands as club
from dupbridge.web.app import WebConfig, create_app
from dupbridge.web.security import hash_password
from web_browser import (
    PASSWORD,
    MovableClock,
    at_round,
    chromium,
    enter,
    login,
    running,
    screenshot,
    synced,
)

SMALL_PHONE = {"width": 360, "height": 740}


def _phone(browser: Any, url: str, code: str) -> Any:
    page = browser.new_context(viewport=SMALL_PHONE).new_page()
    page.goto(f"{url}/device?lang=es")
    page.fill("input[name=code]", code)
    page.click("form[action='/device/join'] button")
    page.wait_for_selector("#device[data-idle]", state="attached")
    return page


def _fits(page: Any) -> None:
    """Nothing wider than the phone: no horizontal scroll."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= SMALL_PHONE["width"], width


def test_the_phones_keep_the_players_informed_and_follow_the_round_control(
        tmp_path: Path) -> None:
    clock = MovableClock(datetime(2026, 11, 29, 19, 0, tzinfo=UTC))
    app = create_app(WebConfig(database=f"sqlite:///{tmp_path}/club.db", secret="s",
                               director_hash=hash_password(PASSWORD), clock=clock))
    pages = app.state.pages
    store = pages.store
    event = club.create_event(store, clock, club.NewEvent(
        "Jueves", size=3, boards_per_round=2, deal=False), who="Director").id
    state = club.state_of(store, event)
    at1 = next(e for e in state.movement.in_round(1) if e.table == 1)
    at2 = next(e for e in state.movement.in_round(1) if e.table == 2)
    next1 = next(e for e in state.movement.in_round(2) if e.table == 1)
    with running(app) as url, chromium() as browser:
        director = login(browser.new_context(), url, "es")
        director.goto(f"{url}/director/events/{event}")
        director.fill("#round-control input[name=round]", "1")
        director.fill("#round-control input[name=minutes]", "15")
        director.click("#round-control button.start-round")
        director.wait_for_selector('#console-clock[data-round="1"]')

        north = _phone(browser, url, pages.signer.device_code(event, 1, 1))
        other = _phone(browser, url, pages.signer.device_code(event, 1, 1))
        table2 = _phone(browser, url, pages.signer.device_code(event, 2, 1))
        assert "19:15" in north.locator("#round-clock").inner_text()
        assert "Quedan 15 min" in north.locator("#round-clock").inner_text()  # the server's time

        first, second = at1.boards
        enter(north, first, "3NT", "N", 9)
        synced(north, first)
        enter(other, first, "3NT", "N", 8)  # the other phone disagrees: a conflict
        other.wait_for_selector(f'#table-waiting li[data-kind="conflict"]'
                                f'[data-board="{first}"]')
        enter(north, second, "4S", "E", 10)
        at_round(north, 2)
        conflict = north.wait_for_selector(f'#table-waiting li[data-kind="conflict"]'
                                           f'[data-board="{first}"]')
        assert "esperando al Director" in conflict.inner_text()
        # Its own result in the players' notation, with the score of the side that made it.
        traveller = north.locator(f'#travellers [data-board="{second}"]')
        assert "4♠ E = " in traveller.inner_text() or "4♠ E =" in traveller.inner_text()
        assert "EO 420" in traveller.inner_text()
        # Round 1 is still being played: table 1 is told where to go and waits.
        movement = north.wait_for_selector('#movement[data-round="2"]')
        text = movement.inner_text()
        for pair in next1.contestants:
            assert f"Pareja {pair}" in text
        assert north.locator("#wait-start").count() == 1
        assert north.locator("#entry").count() == 0
        _fits(north)
        screenshot(north, "device-floor-1-table1-waits-for-round-2-360")

        enter(table2, at2.boards[0], "2H", "S", 8, agree=False)  # East-West disagree
        dispute = table2.wait_for_selector(f'#table-waiting li[data-kind="dispute"]'
                                           f'[data-board="{at2.boards[0]}"]')
        assert "Este-Oeste no conforme" in dispute.inner_text()
        table2.select_option("#call-board", str(at2.boards[1]))
        table2.click("#call-director")
        call = table2.wait_for_selector('#table-waiting li[data-kind="call"].pending')
        assert "esperando" in call.inner_text()
        _fits(table2)
        screenshot(table2, "device-floor-2-table2-dispute-and-call-360")

        # The Director attends the call and settles the conflict; the phones follow.
        director.reload()
        director.click("#calls button.attend")
        director.wait_for_url(re.compile(rf".*/director/events/{event}\?done=[a-z-]+$"))
        assert director.locator("#calls li.ok").count() == 1
        table2.wait_for_selector('#table-waiting li[data-kind="call"].ok')
        assert "atendido" in table2.locator('#table-waiting li[data-kind="call"]').inner_text()
        screenshot(table2, "device-floor-3-call-attended-360")
        director.locator(".conflict button.choose").first.click()
        director.wait_for_url(re.compile(rf".*/director/events/{event}\?done=[a-z-]+$"))

        director.click("#round-control button.end-round")
        director.wait_for_url(re.compile(rf".*/director/events/{event}\?done=[a-z-]+$"))
        director.fill("#round-control input[name=round]", "2")
        director.click("#round-control button.start-round")
        director.wait_for_selector('#console-clock[data-round="2"]')
        screenshot(director, "device-floor-4-console")
        north.wait_for_selector("#entry")  # the phone opened round 2 on its own
        assert north.locator('#table-waiting li[data-kind="conflict"]').count() == 0
        screenshot(north, "device-floor-5-table1-round-2-360")

    recorded = {(line.table, line.board): line.tricks
                for line in club.results(store, event).lines}
    assert recorded[(1, first)] == 9 and recorded[(1, second)] == 10
