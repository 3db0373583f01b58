"""Issue 17's acceptance, in a real browser (Debian's chromium through Playwright): a whole
small club session. The Director creates an event (3-table Mitchell, pair 6 a phantom); two
table devices enter their results for two rounds (North enters, East-West confirm); a
second device at table 1 enters a different result for board 1 and the Director keeps the
right one (79B2); after round 1 a late pair takes the phantom's place; the Director
publishes, corrects a result inside the correction period and is refused after it closes
(79C, the clock is the app's clock port); the public page shows the app's ranking. Run once
in English and once in Spanish; screenshots in test-artifacts/."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from dupbridge.app.club_night import commands as club
from dupbridge.core.seats import Seat
from dupbridge.web.app import WebConfig, create_app
from dupbridge.web.security import hash_password
from web_browser import (
    PASSWORD,
    MovableClock,
    at_round,
    card_of,
    chromium,
    enter,
    enter_fields,
    join,
    login,
    running,
    screenshot,
    synced,
)


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_small_club_session_through_the_browser(tmp_path: Path, language: str) -> None:
    clock = MovableClock(datetime(2026, 11, 26, 19, 0, tzinfo=UTC))
    config = WebConfig(database=f"sqlite:///{tmp_path}/club.db", secret="session-secret",
                       director_hash=hash_password(PASSWORD), clock=clock)
    app = create_app(config)
    shot = f"session-{language}"
    with running(app) as url, chromium() as browser:
        director = login(browser.new_context(), url, language)
        director.fill("input[name=name]", "Martes")
        director.fill("input[name=size]", "3")
        director.fill("input[name=boards_per_round]", "2")
        director.fill("input[name=phantoms]", "6")
        director.fill("textarea[name=names]", "1 Ana & Luis\n2 Bea & Juan\n3 Carmen & Pedro\n"
                                              "4 Dora & Raúl\n5 Elena & Tomás")
        director.click("#new-event button")
        director.wait_for_url(re.compile(r".*/director/events/.+"))
        event_id = director.url.rsplit("/", 1)[1]
        codes = {int(c.get_attribute("data-table")): c.inner_text()
                 for c in director.locator(".device-code").all()}
        assert sorted(codes) == [1, 2, 3]
        assert director.locator("html").get_attribute("lang") == language
        screenshot(director, f"{shot}-1-console")

        # Round 1: table 1 (1 v 4, boards 1-2), table 2 (2 v 5, boards 3-4); 3 v phantom.
        table1, table2 = join(browser, url, codes[1], language), join(browser, url, codes[2],
                                                                      language)
        second1 = join(browser, url, codes[1], language)  # another phone at table 1
        at_round(table1, 1)
        at_round(table2, 1)
        store = app.state.pages.store
        enter_fields(table1, 1, "3NT", "N", 9, card_of(store, event_id, 1, Seat.NORTH))
        # Refused as North enters it (North cannot lead against his own contract): the
        # reason next to the lead, in the reader's language, and no confirm screen.
        reason = table1.wait_for_selector('#entry [data-reason="lead"]:not(:empty)')
        assert {"en": "East", "es": "Este"}[language] in reason.text_content()
        assert table1.locator("#confirm").is_hidden()
        assert club.results(store, event_id).lines == ()
        screenshot(table1, f"{shot}-2-device-lead-refused")
        table1.reload()
        enter(table1, 1, "3NT", "N", 9, card_of(store, event_id, 1, Seat.EAST))
        synced(table1, 1)
        screenshot(table1, f"{shot}-2-device-round1")
        enter(second1, 1, "3NT", "N", 8)  # entered before it saw the first: a conflict
        synced(second1, 1)
        enter(table1, 2, "4S", "E", 10)
        enter(table2, 3, "2H", "S", 8)
        synced(table2, 3)
        enter(table2, 4, "pass", "N", 0)

        # The Director settles the conflict: table 1 agreed 9 tricks.
        director.reload()
        conflict = director.locator(".conflict")
        assert conflict.count() == 1
        screenshot(director, f"{shot}-3-conflict")
        conflict.locator("button.choose").first.click()
        director.wait_for_url(re.compile(rf"{url}/director/events/{event_id}\?done=[a-z-]+$"))
        assert director.locator(".conflict").count() == 0

        # After round 1, the late pair 7 takes the phantom 6's seat from round 2.
        director.fill("#late-pair input[name=name]", "Flor & Gil")
        director.fill("#late-pair input[name=from_round]", "2")
        director.click("#late-pair button")
        director.wait_for_url(re.compile(rf"{url}/director/events/{event_id}\?done=[a-z-]+$"))
        assert director.locator("[role=alert]").count() == 0

        # Round 2: table 1 (1 v 7, boards 3-4), table 2 (2 v 4, boards 5-6).
        table1.reload()
        at_round(table1, 2)
        assert "7" in table1.locator("#round-state").inner_text()
        table2.reload()
        at_round(table2, 2)
        enter(table1, 3, "2H", "S", 9, card_of(store, event_id, 3, Seat.WEST))
        synced(table1, 3)
        enter(table1, 4, "1NT", "N", 7)
        enter(table2, 5, "4H", "N", 10)
        synced(table2, 5)
        enter(table2, 6, "3D", "E", 9)
        at_round(table2, 3)
        screenshot(table2, f"{shot}-4-device-round3")

        # No board has been played at every table yet (table 3 is behind): the public
        # sees no ranking (issue 29, ``visibility``) ...
        public = browser.new_context().new_page()
        public.goto(f"{url}/events/{event_id}?lang={language}")
        public.wait_for_selector("#ranking")
        assert public.locator("table.ranking").count() == 0
        # ... while the Director, reading the same page, sees the ranking the app scores.
        ranking = director.context.new_page()
        ranking.goto(f"{url}/events/{event_id}?lang={language}")
        expected = [[(s.place, str(s.pair)) for s in group]
                    for group in club.score(store, event_id).rankings]
        ranking.wait_for_selector(".ranking")
        shown = [[(row.locator("td").nth(0).inner_text(), row.get_attribute("data-pair"))
                  for row in table.locator("tr.ranked").all()]
                 for table in ranking.locator("table.ranking").all()]
        assert shown == expected
        # Pair 1 beat pair 2 on boards 3 and 4 (+140 against +110, +90 against a pass
        # out), and pair 5 beat the late pair 7 on both.
        places = {pair: place for group in shown for place, pair in group}
        assert places["1"] == "1" and places["2"] == "2"
        assert int(places["5"].rstrip("=")) < int(places["7"].rstrip("="))
        assert len(club.results(store, event_id).lines) == 8  # each board once per table
        screenshot(ranking, f"{shot}-5-public-ranking")

        # Publish; a correction inside 79C's period is taken, after it is refused.
        director.click("#publish form[action$='/publish'] button")
        director.wait_for_url(re.compile(rf"{url}/director/events/{event_id}\?done=[a-z-]+$"))

        def correct(tricks: int) -> None:
            form = director.locator("#correction form")
            for name, value in (("round", "1"), ("table", "2"), ("board", "3"),
                                ("contract", "2H"), ("lead", ""), ("tricks", str(tricks)),
                                ("why", "scorer's slip")):
                form.locator(f"input[name={name}]").fill(value)
            form.locator("select[name=declarer]").select_option("S")
            form.locator("button").click()
            director.wait_for_load_state()

        clock.at += timedelta(minutes=10)
        correct(9)
        assert director.locator("[role=alert]").count() == 0
        assert next(line.tricks for line in club.results(store, event_id).lines
                    if (line.round, line.table, line.board) == (1, 2, 3)) == 9
        clock.at += timedelta(minutes=25)  # the profile's 30 minutes are over
        correct(10)
        refusal = director.locator("[role=alert]").inner_text()
        assert "79C" in refusal
        if language == "es":  # the clause as the AEB's book names it
            assert "Artículo 79C2" in refusal and "plazo de corrección" in refusal
        assert next(line.tricks for line in club.results(store, event_id).lines
                    if (line.round, line.table, line.board) == (1, 2, 3)) == 9
        screenshot(director, f"{shot}-6-correction-refused")
        public.goto(f"{url}/events/{event_id}/boards/3")
        assert public.locator(".diagram .hand").count() == 4  # official: hands shown
        screenshot(public, f"{shot}-7-traveller")
        public.goto(f"{url}/events/{event_id}/handrecord")
        assert public.locator("section.board table.dd").count() == 6  # DD table and par
        screenshot(public, f"{shot}-8-hand-record")
