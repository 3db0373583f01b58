"""A cut (3/4) Howell in a real browser (issue 28): dupbridge does not generate cut
Howells, so the Director plays one of the published KoPS tables, sent with the new-event
form. Asked for 10 pairs in 7 rounds without the file, the form says which table to send
(5-7) in the reader's language and keeps what was typed; with the file, the table is found
by tables and rounds. Table phones enter round 1, show where each pair and each board set
goes next (a set resting in round 1 comes from the stand), and the public page ranks the
pairs as the app scores them. Screenshots in test-artifacts/."""

from __future__ import annotations

import re
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest

from dupbridge.app.club_night import commands as club
from dupbridge.tournament.movement import Movement
from dupbridge.tournament.validation import Plan, validate
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
    synced,
)

KOPS = Path(__file__).parents[1] / ".." / "shared" / "realdata" / "tables" / \
    "emkael_howellki_movements.json"


def _fill(director: Any) -> None:
    director.fill("input[name=name]", "Howell 3/4")
    director.select_option("select[name=kind]", "pairs")
    director.select_option("select[name=movement]", "howell")
    director.fill("input[name=size]", "10")
    director.fill("input[name=boards_per_round]", "2")
    director.fill("input[name=rounds]", "7")
    director.uncheck("input[name=deal]")


def _check_design(movement: Movement) -> None:
    """10 pairs, 5 tables, 7 rounds and 7 board sets: each pair meets seven different
    opponents and plays each set once; each set is played at five tables (as many as a
    round has), and no set twice in one round."""
    assert (movement.rounds, movement.tables, movement.contestants) == \
        (7, 5, tuple(range(1, 11)))
    assert not validate(movement, Plan.of(movement))
    for pair in movement.contestants:
        played = [e for e in movement.encounters if pair in e.contestants]
        opponents = [(e.ew if pair in e.ns else e.ns)[0] for e in played]
        assert len(played) == 7 and len(set(opponents)) == 7 and pair not in opponents
        assert sorted(e.board_set for e in played) == list(range(1, 8))
    assert Counter(e.board_set for e in movement.encounters) == {s: 5 for s in range(1, 8)}
    for round_ in range(1, 8):
        sets = [e.board_set for e in movement.in_round(round_)]
        assert len(sets) == len(set(sets)) == 5


def _guide_expected(movement: Movement, table: int) -> tuple[list[str], str]:
    """What table ``table``'s phone should say at the change to round 2, worked out from
    the movement here: each pair of round 1 at the table with its table in round 2, and
    where the boards of round 2 come from."""
    at1 = next(e for e in movement.in_round(1) if e.table == table)
    at2 = next(e for e in movement.in_round(2) if e.table == table)
    notes = []
    for pair in (*at1.contestants, *at2.contestants):
        there = next(e for e in movement.in_round(2) if pair in e.contestants)
        side = "Norte-Sur" if pair in there.ns else "Este-Oeste"
        notes.append(f"Pareja {pair}: mesa {there.table}, {side}.")
    before = [e for e in movement.in_round(1) if set(e.boards) & set(at2.boards)]
    boards = f"De la mesa {before[0].table}" if before else "Del atril"
    return notes, boards


@pytest.mark.skipif(not KOPS.exists(), reason="the shared real data is not here")
def test_law78_a_cut_howell_from_the_published_kops_tables(tmp_path: Path) -> None:
    clock = MovableClock(datetime(2026, 11, 29, 19, 0, tzinfo=UTC))
    app = create_app(WebConfig(database=f"sqlite:///{tmp_path}/club.db", secret="s",
                               director_hash=hash_password(PASSWORD), clock=clock))
    store = app.state.pages.store
    with running(app) as url, chromium() as browser:
        director = login(browser.new_context(), url, "es")
        # Without the tables' file: the form names the table to send, in Spanish.
        _fill(director)
        director.click("#new-event button")
        alert = director.wait_for_selector("[role=alert]")
        said = alert.inner_text()
        assert "5-7" in said and "KoPS" in said and "Howell recortado" in said
        assert director.input_value("input[name=rounds]") == "7"  # the form kept it
        assert director.input_value("select[name=movement]") == "howell"
        screenshot(director, "howell-cut-1-form-asks-for-the-file")

        _fill(director)
        director.set_input_files("input[name=movement_file]", str(KOPS))
        director.click("#new-event button")
        director.wait_for_url(re.compile(r".*/director/events/[^/?]+$"))
        assert director.locator("[role=alert]").count() == 0
        event = unquote(str(director.url.rsplit("/", 1)[1]))
        codes = {int(c.get_attribute("data-table")): c.inner_text()
                 for c in director.locator(".device-code").all()}
        assert sorted(codes) == [1, 2, 3, 4, 5]
        movement = club.state_of(store, event).movement
        assert movement.name == "5-7"  # found by its 5 tables and 7 rounds
        _check_design(movement)
        screenshot(director, "howell-cut-2-console")

        # Round 1 at tables 1 and 5 from their phones, the other tables through the app.
        phones = {t: join(browser, url, codes[t], "es") for t in (1, 5)}
        for table, phone in phones.items():
            at1 = next(e for e in movement.in_round(1) if e.table == table)
            said = phone.locator("#round-state").inner_text()
            assert str(at1.ns[0]) in said and str(at1.ew[0]) in said
            first, second = at1.boards
            enter(phone, first, "3NT", "N", 9)
            synced(phone, first)
            enter(phone, second, "4S", "E", 10 if table == 1 else 9)
        for e in movement.in_round(1):
            if e.table in phones:
                continue
            for board in e.boards:
                club.enter_result(store, clock, event, club.ResultInput(
                    1, e.table, board, "3NT", "N", 7 + (e.table + board) % 5))
        for table, phone in phones.items():
            at_round(phone, 2)
            guide = phone.wait_for_selector('#movement[data-round="2"]').inner_text()
            notes, boards = _guide_expected(movement, table)
            for note in notes:
                assert note in guide
            assert boards in guide
            screenshot(phone, f"howell-cut-3-table{table}-round-2")
        # Table 5 gets a set that rested in round 1: from the stand, not from a table.
        assert _guide_expected(movement, 5)[1] == "Del atril"

        for round_ in range(2, 8):
            for e in movement.in_round(round_):
                for board in e.boards:
                    club.enter_result(store, clock, event, club.ResultInput(
                        round_, e.table, board, "3NT", "N",
                        7 + (3 * e.table + board + round_) % 5))
        scored = club.score(store, event)
        assert len(scored.rankings) == 1  # a Howell: one ranking of all ten pairs
        public = browser.new_context().new_page()
        public.goto(f"{url}/events/{event}?lang=es")
        public.wait_for_selector("table.ranking")
        shown = [(row.locator("td").nth(0).inner_text(), row.get_attribute("data-pair"))
                 for row in public.locator("table.ranking tr.ranked").all()]
        assert shown == [(s.place, str(s.pair)) for s in scored.rankings[0]]
        assert len(shown) == 10
        screenshot(public, "howell-cut-4-ranking")
