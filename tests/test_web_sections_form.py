"""The new-event form's sections (issue 28), over HTTP without a browser: two Mitchell
sections created from the form are one movement on the same boards, section B's tables
after section A's, and the boards are scored across the field; a bad number of sections
comes back in one translated line with the form kept."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dupbridge.adapters.sql import open_store
from dupbridge.app.club_night import commands as club
from dupbridge.app.club_night.views import score
from dupbridge.web.app import WebConfig, create_app
from dupbridge.web.security import hash_password
from web_browser import PASSWORD, MovableClock

NOW = datetime(2026, 11, 29, 19, 0, tzinfo=UTC)


@pytest.fixture
def director(tmp_path: Path) -> Iterator[tuple[TestClient, str, str]]:
    database = f"{tmp_path}/club.db"
    app = create_app(WebConfig(database=f"sqlite:///{database}", secret="s",
                               director_hash=hash_password(PASSWORD), clock=MovableClock(NOW)))
    with TestClient(app) as web:
        token = re.search(r'name="csrf" value="([^"]+)"', web.get("/login").text)
        assert token is not None
        web.post("/login", data={"password": PASSWORD, "csrf": token.group(1)})
        found = re.search(r'name="csrf" value="([^"]+)"', web.get("/director").text)
        assert found is not None
        yield web, found.group(1), database


def test_law78_two_sections_from_the_form_are_scored_across_the_field(
        director: tuple[TestClient, str, str]) -> None:
    web, token, database = director
    assert 'name="sections"' in web.get("/director").text
    sent = web.post("/director/events", data={
        "csrf": token, "name": "Two sections", "kind": "pairs", "movement": "mitchell",
        "size": "3", "boards_per_round": "2", "sections": "2"}, follow_redirects=False)
    assert sent.status_code in (302, 303), sent.text
    event = sent.headers["location"].rsplit("/", 1)[1]
    store = open_store(database)
    try:
        state = club.state_of(store, event)
        assert state.movement.tables == 6 and state.movement.contestants == tuple(range(1, 13))
        # board 1 at table 1 (section A) and table 4 (section B) in round 1
        assert {e.table for e in state.movement.in_round(1) if 1 in e.boards} == {1, 4}
        for table, tricks in ((1, 10), (4, 9)):  # 4S by N: 420 in A, 170 in B
            club.enter_result(store, MovableClock(NOW), event,
                              club.ResultInput(1, table, 1, "4S", "N", tricks))
        ns, ew = score(store, event).rankings
    finally:
        store.close()
    # two results of board 1 across the field, where six are expected (top 10): A1's 420
    # beats B1's 170, 2 and 0, factored by Neuberg (M+1)6/2-1 to 8 and 2
    assert [(s.pair, s.total) for s in ns if s.boards] == [(1, 8), (7, 2)]
    assert [(s.pair, s.total) for s in ew if s.boards] == [(10, 8), (4, 2)]


@pytest.mark.parametrize("sections", ["0", "x", "27"])
def test_bad_sections_refused_in_one_translated_line(
        director: tuple[TestClient, str, str], sections: str) -> None:
    web, token, _ = director
    sent = web.post("/director/events?lang=es", data={
        "csrf": token, "name": "Torneo", "size": "3", "boards_per_round": "2",
        "sections": sections})
    assert sent.status_code == 422
    alert = re.search(r'role="alert">([^<]*)<', sent.text)
    assert alert is not None and "puntuadas en conjunto" in alert.group(1), alert
    assert f'name="sections" inputmode="numeric" value="{sections}"' in sent.text


def test_handicaps_from_the_form_are_ranked_on_the_public_page(
        director: tuple[TestClient, str, str]) -> None:
    web, token, database = director
    sent = web.post("/director/events", data={
        "csrf": token, "name": "Handicap", "kind": "pairs", "movement": "mitchell",
        "size": "3", "boards_per_round": "2", "handicaps": "1 4\n6 -2.5",
        "handicap_unit": "percent"}, follow_redirects=False)
    assert sent.status_code in (302, 303), sent.text
    event = sent.headers["location"].rsplit("/", 1)[1]
    store = open_store(database)
    try:
        # board 1 at its three tables: 1 v 4 4S= 420, 3 v 5 4S+1 450, 2 v 6 3NT= 400
        for round_, table, contract, tricks in ((1, 1, "4S", 10), (2, 3, "4S", 11),
                                                (3, 2, "3NT", 9)):
            club.enter_result(store, MovableClock(NOW), event,
                              club.ResultInput(round_, table, 1, contract, "N", tricks))
    finally:
        store.close()
    page = web.get(f"/events/{event}?lang=es").text
    assert "Clasificación con hándicap" in page
    rows = re.findall(r'<tr class="handicapped" data-pair="(\d+)"><td>([^<]*)</td><td>'
                      r'[^<]*</td><td>[^<]*</td><td>([^<]*)</td><td>([^<]*)</td>'
                      r'<td class="handicapped">([^<]*)</td>', page)
    # top 4: NS 3 100 %, 1 50 % + 4, 2 0 %; EW 6 100 % - 2.5, 4 50 %, 5 0 %
    assert [(pair, place, handicap) for pair, place, _, handicap, _ in rows] == [
        ("3", "1", "+0.00"), ("1", "2", "+4.00"), ("2", "3", "+0.00"),
        ("6", "1", "-2.50"), ("4", "2", "+0.00"), ("5", "3", "+0.00")], rows
    shown = {pair: (scratch, handicapped) for pair, _, scratch, _, handicapped in rows}
    assert shown["1"][1].startswith("54") and shown["6"][1].startswith("97")
    sent = web.post("/director/events?lang=es", data={
        "csrf": token, "name": "Torneo", "size": "3", "boards_per_round": "2",
        "handicaps": "1 mucho"})
    assert sent.status_code == 422 and "no mucho" in sent.text


KOPS = Path(__file__).parents[1] / ".." / "shared" / "realdata" / "tables" / \
    "emkael_howellki_movements.json"


def _cut_howell(web: TestClient, token: str, size: str, rounds: str, *, name: str = "",
                language: str = "en", kops: bool = True) -> Any:
    files = {"movement_file": (KOPS.name, KOPS.read_bytes(), "application/json")} \
        if kops else None
    return web.post(f"/director/events?lang={language}", data={
        "csrf": token, "name": "Cut Howell", "kind": "pairs", "movement": "howell",
        "size": size, "boards_per_round": "2", "rounds": rounds, "movement_name": name},
        files=files, follow_redirects=False)


@pytest.mark.skipif(not KOPS.exists(), reason="the shared real data is not here")
def test_law8_a_cut_howell_from_the_kops_tables_sent_with_the_form(
        director: tuple[TestClient, str, str]) -> None:
    """11 pairs in 8 rounds: the sit-out makes 12 pairs, the KoPS table 6-8 found by its
    tables and rounds; pair 12 is the phantom whose opponents sit out."""
    web, token, database = director
    sent = _cut_howell(web, token, "11", "8")
    assert sent.status_code in (302, 303), sent.text
    event = sent.headers["location"].rsplit("/", 1)[1]
    store = open_store(database)
    try:
        state = club.state_of(store, event)
        movement = state.movement
        assert (movement.name, movement.rounds, movement.tables) == ("6-8", 8, 6)
        assert movement.phantoms == {12}
        assert len(movement.boards) == 16  # 8 sets of 2 boards, each pair plays each once
        for pair in movement.contestants:
            sets = [e.board_set for e in movement.encounters if pair in e.contestants]
            assert sorted(sets) == list(range(1, 9))
    finally:
        store.close()


@pytest.mark.skipif(not KOPS.exists(), reason="the shared real data is not here")
def test_law8_a_cut_howell_the_form_cannot_play_is_refused_in_one_line(
        director: tuple[TestClient, str, str]) -> None:
    web, token, _ = director
    # Without the file: the table to send is named, in the reader's language.
    refused = _cut_howell(web, token, "12", "8", language="fr", kops=False)
    assert refused.status_code == 422
    text = refused.text
    assert "Howell écourté (3/4)" in text and "6-8" in text and "Traceback" not in text
    assert 'name="rounds" inputmode="numeric" value="8"' in text  # the form kept
    # A table the KoPS file does not have (6 tables in 7 rounds), and a name not in it.
    for rounds, name, said in (("7", "", "6-7"), ("", "6-99", "6-99")):
        refused = _cut_howell(web, token, "12", rounds, name=name)
        assert refused.status_code == 422
        text = refused.text
        assert f"has no movement {said}; it holds 4-7, 5-7, 6-8" in text
        assert "--movement-name" not in text
