"""Issue 27's printouts, printed to PDF by Chromium (Playwright's ``page.pdf``) on A4 and
Letter: table cards (a page a table), guide cards (four a page), the movement sheet, the
personal score cards (two a page), travellers (four a page), the hand record (four boards
a page, with the double-dummy table and par) and the results for the notice board. Each
PDF is kept under test-artifacts/printouts/; its pages are counted in the PDF itself and
its contents read on the page that was printed."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dupbridge.adapters.sql.hand_records import SqlHandRecords
from dupbridge.analysis.batch import Batch
from dupbridge.app.club_night import commands as club
from dupbridge.app.club_night.hand_record import analyse_event
from dupbridge.web.app import WebConfig, create_app
from dupbridge.web.security import hash_password
from web_browser import ARTIFACTS, PASSWORD, MovableClock, chromium, login, running

# A 3-table Mitchell, 2 boards a round: 6 pairs, 6 boards, 3 rounds.
RESULTS = [(1, 1, 1, "3NT", "N", 9), (1, 1, 2, "4S", "E", 10), (1, 2, 3, "2H", "S", 8),
           (1, 2, 4, "3NT", "S", 8), (1, 3, 5, "1NT", "N", 7), (1, 3, 6, "PASS", "", 0)]
# kind -> (pages expected on A4 and on Letter, a text each page set must show)
EXPECTED = {"tables": 3, "guides": 2, "movement": 1, "scorecards": 3, "travellers": 2,
            "handrecord": 2, "results": 1}


def _app(tmp_path: Path) -> tuple[Any, str]:
    clock = MovableClock(datetime(2026, 11, 29, 19, 0, tzinfo=UTC))
    app = create_app(WebConfig(database=f"sqlite:///{tmp_path}/club.db", secret="s",
                               director_hash=hash_password(PASSWORD), clock=clock))
    store = app.state.pages.store
    event = club.create_event(store, clock, club.NewEvent(
        "Jueves", size=3, boards_per_round=2, seed="7e" * 16,
        names={1: "Ana & Luis", 2: "Bea & Juan"}), who="Director")
    for round_, table, board, contract, declarer, tricks in RESULTS:
        club.enter_result(store, clock, event.id, club.ResultInput(
            round_, table, board, contract, declarer or None,
            tricks if contract != "PASS" else None))
    analyse_event(club.state_of(store, event.id), SqlHandRecords(store.engine),
                  Batch(processes=0))
    return app, event.id


def _pages(pdf: bytes) -> int:
    """The pages of a PDF Chromium wrote: its page objects (not the /Pages tree)."""
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))


def test_every_printout_prints_on_a4_and_letter(tmp_path: Path) -> None:
    app, event_id = _app(tmp_path)
    folder = ARTIFACTS / "printouts"
    folder.mkdir(parents=True, exist_ok=True)
    with running(app) as url, chromium() as browser:
        director = login(browser.new_context(), url, "es")
        director.goto(f"{url}/director/events/{event_id}")
        links = director.locator("#printouts a.printout")
        assert [links.nth(i).get_attribute("data-kind") for i in range(links.count())] == \
            list(EXPECTED)
        for kind, pages in EXPECTED.items():
            for paper, size in (("a4", (595, 842)), ("letter", (612, 792))):
                director.goto(f"{url}/director/events/{event_id}/print/{kind}?paper={paper}")
                director.emulate_media(media="print")
                assert director.locator(".toolbar").is_hidden()
                pdf = director.pdf(prefer_css_page_size=True, print_background=True)
                (folder / f"{kind}-{paper}.pdf").write_bytes(pdf)
                assert pdf.startswith(b"%PDF") and _pages(pdf) == pages, (kind, paper)
                box = re.search(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)", pdf)
                assert box is not None
                assert (round(float(box.group(1))), round(float(box.group(2)))) == size
                director.emulate_media(media="screen")
        # What the pages show (in Spanish, the reader's letters).
        director.goto(f"{url}/director/events/{event_id}/print/tables?paper=a4")
        assert director.locator(".table-card").count() == 3
        assert "Mesa 1" in director.locator(".table-card").first.inner_text()
        director.goto(f"{url}/director/events/{event_id}/print/guides")
        first = director.locator(".guide-card").first.inner_text()
        assert "Ana & Luis" in first and "NS" in first
        assert director.locator(".guide-card").count() == 6
        director.goto(f"{url}/director/events/{event_id}/print/travellers")
        board1 = director.locator('.traveller[data-board="1"]').inner_text()
        assert "3SA N 9" in board1 and "EO" in board1 and "400" in board1
        director.goto(f"{url}/director/events/{event_id}/print/scorecards")
        assert director.locator(".score-card").count() == 6
        director.goto(f"{url}/director/events/{event_id}/print/handrecord")
        assert director.locator(".board").count() == 6
        assert director.locator("table.dd").count() == 6
        assert director.locator(".par").first.inner_text().startswith("Par: ")
        director.goto(f"{url}/director/events/{event_id}/print/results")
        assert director.locator("table.ranking").count() == 2
        assert "Norte-Sur" in director.locator(".results").inner_text()


@pytest.mark.parametrize("path,status", [("/print/nothing", 404),
                                         ("/print/tables?paper=a3", 422)])
def test_a_wrong_printout_is_a_translated_4xx(tmp_path: Path, path: str, status: int) -> None:
    app, event_id = _app(tmp_path)
    web = TestClient(app)
    token = re.search(r'name="csrf" value="([^"]+)"', web.get("/login").text)
    assert token is not None
    web.post("/login", data={"password": PASSWORD, "csrf": token.group(1)})
    answer = web.get(f"/director/events/{event_id}{path}&lang=es" if "?" in path
                     else f"/director/events/{event_id}{path}?lang=es")
    assert answer.status_code == status
    assert ("no hay ningún impreso" in answer.text) or ("el papel es A4 o Carta" in answer.text)
    assert TestClient(app).get(f"/director/events/{event_id}/print/tables").status_code == 403
