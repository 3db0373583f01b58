"""Two sections scored across the field in a real browser (issue 28): the Director
creates the event from the new-event form with two Mitchell sections; a table phone of
section B (table 4) enters a result, the app the rest; the public page ranks each
direction across the field, as the app scores it. Screenshot in test-artifacts/."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import unquote

from dupbridge.app.club_night import commands as club
from dupbridge.web.app import WebConfig, create_app
from dupbridge.web.security import hash_password
from web_browser import (
    PASSWORD,
    MovableClock,
    chromium,
    enter,
    join,
    login,
    running,
    screenshot,
    synced,
)


def test_law78_two_sections_ranked_across_the_field(tmp_path: Path) -> None:
    clock = MovableClock(datetime(2026, 11, 29, 19, 0, tzinfo=UTC))
    app = create_app(WebConfig(database=f"sqlite:///{tmp_path}/club.db", secret="s",
                               director_hash=hash_password(PASSWORD), clock=clock))
    store = app.state.pages.store
    with running(app) as url, chromium() as browser:
        director = login(browser.new_context(), url, "es")
        director.fill("input[name=name]", "Dos secciones")
        director.select_option("select[name=kind]", "pairs")
        director.fill("input[name=size]", "3")
        director.fill("input[name=boards_per_round]", "2")
        director.fill("input[name=sections]", "2")
        director.uncheck("input[name=deal]")
        director.click("#new-event button")
        director.wait_for_url(re.compile(r".*/director/events/[^/?]+$"))
        assert director.locator("[role=alert]").count() == 0
        event = unquote(str(director.url.rsplit("/", 1)[1]))
        codes = {int(c.get_attribute("data-table")): c.inner_text()
                 for c in director.locator(".device-code").all()}
        assert sorted(codes) == [1, 2, 3, 4, 5, 6]  # section B at tables 4-6

        state = club.state_of(store, event)
        at4 = next(e for e in state.movement.in_round(1) if e.table == 4)
        assert at4.ns == (7,) and at4.ew == (10,) and at4.boards == (1, 2)
        phone = join(browser, url, codes[4], "es")
        enter(phone, 1, "4S", "N", 10)
        synced(phone, 1)
        for round_ in (1, 2, 3):
            for e in state.movement.in_round(round_):
                for board in e.boards:
                    if (round_, e.table, board) == (1, 4, 1):
                        continue
                    club.enter_result(store, clock, event, club.ResultInput(
                        round_, e.table, board, "4S", "N", 8 + (e.table + board) % 4))

        scored = club.score(store, event)
        assert len(scored.rankings) == 2  # North-South and East-West, both sections in each
        assert {s.pair for s in scored.rankings[0]} == {1, 2, 3, 7, 8, 9}
        public = browser.new_context().new_page()
        public.goto(f"{url}/events/{event}?lang=es")
        public.wait_for_selector("table.ranking")
        shown = [[(row.locator("td").nth(0).inner_text(), row.get_attribute("data-pair"))
                  for row in table.locator("tr.ranked").all()]
                 for table in public.locator("table.ranking").all()]
        expected = [[(s.place, str(s.pair)) for s in group] for group in scored.rankings]
        assert shown == expected and sum(map(len, shown)) == 12
        screenshot(public, "sections-across-the-field")
