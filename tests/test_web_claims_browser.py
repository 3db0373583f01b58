"""Issue 18's claim acceptance in a real browser (Debian's chromium through Playwright), on
a phone-sized screen and in French: the Director opens a disputed claim on a table's board
from her console, types the cards left (the hands were dealt at the tables), sees the
adjudication (the tricks awarded below the double-dummy value), steps through the worst
normal line on the hand diagram to the trick where the claim fails, changes one answer
(70C2) and sees the award recomputed, then records her award as the table's result.
Screenshots in test-artifacts/ (claim-fr-*.png)."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

from dupbridge.app.club_night import commands as club
from dupbridge.web.app import WebConfig, create_app
from dupbridge.web.security import hash_password
from web_browser import PASSWORD, PHONE, MovableClock, chromium, login, running, screenshot

# 4S by South, three tricks left, South on lead; West holds a small trump and no heart.
TRUMP_LEFT = "N:..432. .32.5. A.AK.. 2...65"
# Words of the English pages that must not be left on a French one.
ENGLISH = ("Trick", "Worst", "claim", "Claim", "Director", "default", "Answer", "Recompute",
           "Record", "Tricks", "double dummy", "South", "West", "trump", "careless")


def french_only(page: object) -> str:
    text: str = page.inner_text("main")  # type: ignore[attr-defined]
    left = [word for word in ENGLISH if re.search(rf"\b{word}\b", text)]
    assert left == [], left
    for token in ("<Law>", "<board>", "<Director>", "{", "None", "top-down", "trump-"):
        assert token not in text, token
    return text


def test_a_disputed_claim_adjudicated_and_its_worst_line_shown_in_french(
        tmp_path: Path) -> None:
    clock = MovableClock(datetime(2026, 11, 26, 19, 0, tzinfo=UTC))
    app = create_app(WebConfig(database=f"sqlite:///{tmp_path}/club.db", secret="claims",
                               director_hash=hash_password(PASSWORD), clock=clock))
    store = app.state.pages.store
    event = club.create_event(store, clock, club.NewEvent(
        "Mardi", size=3, boards_per_round=2, deal=False), who="Director")
    with running(app) as url, chromium() as browser:
        director = login(browser.new_context(viewport=PHONE), url, "fr")
        director.goto(f"{url}/director/events/{event.id}")
        form = director.locator("#claims form")
        form.locator("input[name=table]").fill("1")
        form.locator("input[name=board]").fill("1")
        form.locator("button").click()
        director.wait_for_url(re.compile(r".*/claims/1/1/1$"))
        director.fill("input[name=contract]", "4S")
        director.select_option("select[name=declarer]", "S")
        director.fill("input[name=hands]", TRUMP_LEFT)
        director.select_option("select[name=leader]", "S")
        director.fill("input[name=won]", "8")
        director.fill("textarea[name=note]", "Le reste est à moi")
        director.click("#claim-setup button")
        director.wait_for_selector("#verdict")
        verdict = director.inner_text("#verdict")
        assert "Levées pour le camp de Sud : 2 sur 3" in verdict
        assert "en double mort : 3" in verdict
        assert "Revendiquées : 3" in verdict
        french_only(director)
        screenshot(director, "claim-fr-1-adjudicated")

        # Step through the worst normal line: the first trick is where it fails.
        director.click("#claim-step-0 a.next")
        first = director.locator("#claim-step-1")
        assert first.is_visible() and not director.locator("#claim-step-0").is_visible()
        text = first.inner_text()
        assert "ici la revendication échoue" in text and "Remportée par Ouest" in text
        assert "♥R" in text and "♠2" in text  # West ruffs the heart king
        french_only(director)
        screenshot(director, "claim-fr-2-worst-line")
        director.click("#claim-step-1 a.next")
        assert director.locator("#claim-step-2").is_visible()

        # 70C2: the Director rules that the claimer was not unaware of the trump.
        question = director.locator("form.question[data-question=trump-forgotten]")
        assert "Loi 70C2" in question.inner_text()
        assert question.locator("a").get_attribute("href") == "/laws/2017/70C2?lang=fr"
        question.locator("select[name=value]").select_option("no")
        question.locator("button").click()
        # A selector, not a script: the pages' Content-Security-Policy forbids eval.
        director.wait_for_selector("#verdict:has-text('3 sur 3')")
        director.wait_for_selector("#losing.ok")  # no normal line falls short now
        french_only(director)
        screenshot(director, "claim-fr-3-recomputed")

        director.select_option("#award select[name=tricks]", "3")
        director.fill("#award input[name=why]", "atout maître tiré d'abord")
        director.click("#award button")
        director.wait_for_selector("#claim-notice")
        french_only(director)
        screenshot(director, "claim-fr-4-awarded")
    lines = club.results(store, event.id).lines
    assert [(x.contract, x.declarer, x.tricks) for x in lines] == [("4S", "S", 11)]
