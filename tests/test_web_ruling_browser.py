"""Issue 18's acceptance in a real browser (Debian's chromium through Playwright), on a
phone-sized screen. In Spanish (2017 Laws): a table calls the Director on board 1, she opens
the ruling from her console and rules on an insufficient bid (declined, replaced by a
comparable call: 27B1(b)); on board 2 she rules on a revoke established and won by the
revoker, entered from the facts (64A1); both show on the traveller with their clauses. In
French (2007 Laws): a lead out of turn (Law 54), on the traveller with its clauses and their
text from the imported French book. A ruling amended after 79C's period closed is refused.
Screenshots in test-artifacts/ (ruling-*.png).

The law books are imported from the seeds into a data directory of this module's own; the
official texts are never written here."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from dupbridge.adapters.sql import open_store
from dupbridge.app.club_night import commands as club
from dupbridge.app.club_night.ports import FixedClock
from dupbridge.core.edition import Edition, LawRef
from dupbridge.lawbook.installed import installed_books
from dupbridge.lawbook.render import imported_text
from seed_books import imported_books
from web_browser import PATIENCE_MS, PHONE, chromium, running, screenshot
from web_rulings_kit import PASSWORD, START, Club

ENGLISH_LEFT = ("Ruling:", "Options (Law", "chosen by", "Record the ruling", "Auction", "Outcome",
                "Dealer", "Round ")


@pytest.fixture(scope="module", autouse=True)
def books(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    with imported_books(tmp_path_factory.mktemp("data")) as data:
        yield data


def _director(browser: Any, url: str, language: str) -> Any:
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(f"{url}/login?lang={language}")
    page.fill("input[name=password]", PASSWORD)
    page.click("form[action='/login'] button")
    page.wait_for_url(f"{url}/director")
    return page


def _tap(page: Any, selector: str) -> None:
    """Tap and wait for htmx to swap the screen in: each step is saved as a new version
    (or refused with its reason)."""
    state = page.locator("#ruling-state")
    before = state.inner_text() if state.count() else ""
    page.click(selector)
    # Polled from here, not by a script in the page: its Content-Security-Policy forbids
    # eval, which Playwright's wait_for_function needs.
    for _ in range(PATIENCE_MS // 50):
        if page.locator("#ruling-error").count() or (
                state.count() and state.inner_text() != before):
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"{selector}: the screen did not change")


def _tap_call(page: Any, seat: str, call: str) -> None:
    page.check(f"#calls input[name=seat][value={seat}]")
    _tap(page, f"#calls button[name=call][value='{call}']")
    _settled(page)


def _settled(page: Any) -> None:
    assert page.locator("#ruling-error").count() == 0, page.locator("#ruling-error").inner_text()


def _no_english(page: Any) -> None:
    text = page.locator("main").inner_text()
    for words in ENGLISH_LEFT:
        assert words not in text, words
    assert not re.search(r"\b(same-meaning|subset|same-purpose|decline|accept)\b", text)


def _official(clause: str, edition: str, language: str) -> str:
    text = imported_text(LawRef(Edition.parse(edition), clause), language, installed_books())
    assert text, f"no imported text of {edition} {clause} in {language}"
    return " ".join(text.split())[:60]


def test_spanish_director_rules_on_an_insufficient_bid_and_a_revoke(tmp_path: Path) -> None:
    room = Club(tmp_path)
    with running(room.app) as url, chromium() as browser:
        device = browser.new_context(viewport=PHONE).new_page()
        device.goto(f"{url}/device?lang=es")
        from dupbridge.web.security import Signer

        device.fill("input[name=code]", Signer("test-secret").device_code(room.event, 1, 1))
        device.click("form[action='/device/join'] button")
        device.select_option("#call-board", "1")
        device.click("#call-director")
        device.wait_for_selector("#call-state:not(:empty)")
        screenshot(device, "ruling-es-1-device-calls-on-board-1")

        director = _director(browser, url, "es")
        director.goto(f"{url}/director/events/{room.event}")
        director.click("a.open-ruling")
        director.wait_for_selector("#ruling")
        assert "Da Norte" in director.inner_text("#ruling")
        screenshot(director, "ruling-es-2-board-1-opened")

        for seat, call in (("N", "1C"), ("E", "1S"), ("S", "1H")):
            _tap_call(director, seat, "Pass" if call == "P" else call)
        _settled(director)
        assert "oferta insuficiente" in director.inner_text("#decision")
        _tap(director, "button.answer[data-default]")  # not unintended (25A): the default
        _settled(director)
        screenshot(director, "ruling-es-3-insufficient-bid-options")
        _no_english(director)
        _tap(director, ".option[data-option=decline] button")
        _settled(director)
        _tap_call(director, "S", "X")  # the replacement: a double of the same meaning
        _tap(director, "button.answer[data-value=same-meaning]")
        _settled(director)
        _tap(director, ".option[data-option=rectify] button")
        _settled(director)
        assert "27B1(b)" in director.inner_text("#rulings")
        screenshot(director, "ruling-es-4-insufficient-bid-ruled")
        _no_english(director)
        _tap(director, "#record-button")
        _settled(director)
        assert "Registrada" in director.inner_text("#ruling-state")

        # Board 2 (dealer East): 4S by East; North revoked on trick 4 and won it (64A1).
        director.goto(f"{url}/director/events/{room.event}/rulings/1/2")
        for seat, call in (("E", "1S"), ("S", "P"), ("W", "4S"), ("N", "P"), ("E", "P"),
                           ("S", "P")):
            _tap_call(director, seat, "Pass" if call == "P" else call)
        _settled(director)
        director.click("#revoke summary")
        director.select_option("#revoke select[name=seat]", "N")
        director.fill("#revoke input[name=trick]", "4")
        director.select_option("#revoke select[name=winner]", "N")
        director.fill("#revoke input[name=won_later]", "1")
        director.fill("#revoke input[name=tricks]", "8")
        _tap(director, "#revoke button")
        _settled(director)
        outcome = director.inner_text("#outcome")
        assert "2 baza(s)" in outcome or "2 bazas" in outcome, outcome
        screenshot(director, "ruling-es-5-revoke-from-the-facts")
        _no_english(director)
        _tap(director, "#record-button")
        _settled(director)

        for board, clause in ((1, "27B1(b)"), (2, "64A1")):
            director.goto(f"{url}/events/{room.event}/boards/{board}?lang=es")
            rulings = director.inner_text("#rulings")
            assert f"Artículo {clause}" in rulings, rulings
            assert director.locator(f"#rulings a[href='/laws/2017/{clause}']").count() == 1
            screenshot(director, f"ruling-es-6-traveller-board-{board}")

        # Law 79C: once the correction period has ended, the ruling is not amended.
        club.make_official(open_store(room.url), FixedClock(START), room.event, who="TD")
        room.clock.at = START + timedelta(minutes=31)
        director.goto(f"{url}/director/events/{room.event}/rulings/1/1?lang=es")
        director.fill("#record input[name=score]", "A60/40")
        _tap(director, "#record-button")
        assert "79C2" in director.inner_text("#ruling-error")
        assert "modificación rechazada" in director.inner_text("#ruling-error")
        screenshot(director, "ruling-es-7-amendment-refused-after-79C")


def test_french_director_rules_on_a_lead_out_of_turn_2007(tmp_path: Path) -> None:
    room = Club(tmp_path, profile="wbf-2007")
    with running(room.app) as url, chromium() as browser:
        director = _director(browser, url, "fr")
        director.goto(f"{url}/director/events/{room.event}/rulings/1/1")
        for seat, call in (("N", "1S"), ("E", "P"), ("S", "4S"), ("W", "P"), ("N", "P"),
                           ("E", "P")):
            _tap_call(director, seat, "Pass" if call == "P" else call)
        _settled(director)
        _tap(director, "#cards form:has(input[value=W]) button[value=H3]")  # West, not East
        _settled(director)
        assert "Loi 54" in director.inner_text("#decision")
        _tap(director, "button.answer[data-default]")
        _settled(director)
        screenshot(director, "ruling-fr-1-lead-out-of-turn-options")
        _no_english(director)
        _tap(director, ".option[data-option=refuse] button")
        _settled(director)
        screenshot(director, "ruling-fr-2-penalty-card-options")  # 50D2: declarer chooses
        _no_english(director)
        _tap(director, ".option[data-option=no-restriction] button")
        _settled(director)
        screenshot(director, "ruling-fr-3-lead-out-of-turn-ruled")
        _no_english(director)
        _tap(director, "#record-button")
        _settled(director)
        director.goto(f"{url}/events/{room.event}/boards/1?lang=fr")
        rulings = director.inner_text("#rulings")
        assert "entame hors tour" in rulings and "Loi 54D" in rulings, rulings
        assert _official("54D", "2007", "fr") in " ".join(rulings.split())
        screenshot(director, "ruling-fr-4-traveller")
