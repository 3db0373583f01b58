"""Handicap pairs in a real browser (issue 28): the Director creates an 8-pair Howell from
the new-event form with handicaps in percentage points (a handicap for a pair not in the
movement is refused in one line, in Portuguese, the form kept); table phones enter round
1, the app the rest; the public page shows the scratch ranking and, beside it, the handicap
ranking: each pair's scratch percentage with its handicap added, ranked on that.
Screenshot in test-artifacts/."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from fractions import Fraction
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from dupbridge.app.club_night import commands as club
from dupbridge.app.club_night.handicaps import handicap_standings
from dupbridge.web.app import WebConfig, create_app
from dupbridge.web.security import hash_password
from web_browser import (
    PASSWORD,
    MovableClock,
    at_round,
    chromium,
    enter,
    join,
    login,
    running,
    screenshot,
)

HANDICAPS = {1: Fraction(-3), 4: Fraction(5, 2), 6: Fraction(8), 8: Fraction(12)}


def _fill(director: Any, handicaps: str) -> None:
    director.fill("input[name=name]", "Handicap")
    director.select_option("select[name=kind]", "pairs")
    director.select_option("select[name=movement]", "howell")
    director.fill("input[name=size]", "8")
    director.fill("input[name=boards_per_round]", "1")
    director.fill("textarea[name=handicaps]", handicaps)
    director.select_option("select[name=handicap_unit]", "percent")
    director.uncheck("input[name=deal]")


def _rows(page: Any, selector: str) -> list[list[str]]:
    return [[cell.inner_text() for cell in row.locator("td").all()]
            for row in page.locator(selector).all()]


def test_law78d_handicap_pairs_from_the_form_to_the_public_page(tmp_path: Path) -> None:
    clock = MovableClock(datetime(2026, 11, 29, 19, 0, tzinfo=UTC))
    app = create_app(WebConfig(database=f"sqlite:///{tmp_path}/club.db", secret="s",
                               director_hash=hash_password(PASSWORD), clock=clock))
    store = app.state.pages.store
    written = "\n".join(f"{pair} {float(h):g}" for pair, h in HANDICAPS.items())
    with running(app) as url, chromium() as browser:
        director = login(browser.new_context(), url, "pt")
        _fill(director, written + "\n9 1")  # there is no pair 9
        director.click("#new-event button")
        said = director.wait_for_selector("[role=alert]").inner_text()
        assert "par 9" in said.lower() and "Traceback" not in said
        assert director.input_value("textarea[name=handicaps]").startswith("1 -3")

        _fill(director, written)
        director.click("#new-event button")
        director.wait_for_url(re.compile(r".*/director/events/[^/?]+$"))
        assert director.locator("[role=alert]").count() == 0
        event = unquote(str(director.url.rsplit("/", 1)[1]))
        codes = {int(c.get_attribute("data-table")): c.inner_text()
                 for c in director.locator(".device-code").all()}
        state = club.state_of(store, event)
        assert sorted(codes) == [1, 2, 3, 4] and state.movement.rounds == 7

        # Round 1 at tables 1 and 2 from their phones, the rest through the app.
        for table, tricks in ((1, 10), (2, 8)):
            at1 = next(e for e in state.movement.in_round(1) if e.table == table)
            phone = join(browser, url, codes[table], "pt")
            enter(phone, at1.boards[0], "4H", "S", tricks)
            at_round(phone, 2)  # one board a round: the phone goes on to the next
        for e in state.movement.encounters:
            if e.round == 1 and e.table in (1, 2):
                continue
            for board in e.boards:
                club.enter_result(store, clock, event, club.ResultInput(
                    e.round, e.table, board, "3NT", "N",
                    7 + (3 * e.table + 2 * board + e.round) % 5))

        scored = club.score(store, event)
        assert len(scored.rankings) == 1
        scratch = {s.pair: s.percentage for s in scored.rankings[0]}
        assert all(p is not None for p in scratch.values())
        handicapped = {pair: (p or Fraction(0)) + HANDICAPS.get(pair, Fraction(0))
                       for pair, p in scratch.items()}
        order = sorted(handicapped, key=lambda pair: -handicapped[pair])
        assert order != [s.pair for s in scored.rankings[0]]  # the handicaps tell

        public = browser.new_context().new_page()
        public.goto(f"{url}/events/{event}?lang=pt")
        public.wait_for_selector("table.handicap")
        assert "Classificação com handicap" in public.locator("h3.handicap-title").inner_text()
        shown_scratch = {int(r[1]): r[4] for r in _rows(public, "table.ranking tr.ranked")}
        assert shown_scratch == {pair: f"{float(p or 0):.2f}" for pair, p in scratch.items()}
        rows = _rows(public, "table.handicap tr.handicapped")
        assert [int(r[1]) for r in rows] == order
        for _place, pair, _name, shown, handicap, total in rows:
            assert shown == shown_scratch[int(pair)]
            assert handicap == f"{float(HANDICAPS.get(int(pair), 0)):+.2f}"
            assert total == f"{float(handicapped[int(pair)]):.2f}"
        (expected,) = handicap_standings(store, event, {str(p): str(h) for p, h in
                                                        HANDICAPS.items()}, "percent")
        assert [(r[0], int(r[1])) for r in rows] == [(h.place, h.pair) for h in expected]
        screenshot(public, "handicap-pairs-ranking")
