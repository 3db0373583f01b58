"""The ruling screen over HTTP (issue 18): a table's call for the Director on a board opens
the ruling on that board at that table with the board's hands, dealer and vulnerability;
the Director rules by tapping calls and cards (Law 27 here), records the ruling, and it
shows on the traveller with its clauses; a revoke is ruled from its facts (Law 64). Per-seat
views: a table device sees its own table's ruling only, and no hidden hand; the public sees
rulings as the regulations allow (80B2(f)); amendments after the correction period are
refused (79C)."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from dupbridge.adapters.sql import open_store
from dupbridge.app.club_night import commands as club
from dupbridge.app.club_night import rulings as club_rulings
from dupbridge.app.club_night.ports import FixedClock
from dupbridge.app.club_night.rulings import Place
from dupbridge.core.cards import CardSet
from dupbridge.core.seats import Seat
from dupbridge.laws.machinery.profiles import Regulations
from dupbridge.web.ruling_views import seat_screen, suit_rows
from web_rulings_kit import START, Club, csrf_of

HX = {"HX-Request": "true"}


@pytest.fixture
def room(tmp_path: Path) -> Club:
    return Club(tmp_path)


def _post(web: TestClient, url: str, **data: str) -> str:
    token = csrf_of(web.get(url).text) if "csrf" not in data else data.pop("csrf")
    path, _, query = url.partition("?")
    answer = web.post(f"{path}/{data.pop('step')}{'?' + query if query else ''}",
                      data={**data, "csrf": token}, headers=HX)
    assert answer.status_code == 200, answer.text[:300]
    return answer.text


def _steps(web: TestClient, url: str, *steps: dict[str, str]) -> str:
    token = csrf_of(web.get(url).text)
    page = ""
    for step in steps:
        page = _post(web, url, csrf=token, **step)
        assert 'id="ruling-error"' not in page, re.findall(r'ruling-error">([^<]*)', page)
    return page


def _rows_shown(page: str, hand: str, language: str = "en") -> list[str]:
    """The rows of ``hand`` (a PBN hand) that the page shows as a hand's row."""
    rows = suit_rows(CardSet.from_pbn(hand, 0, hand), language)
    return [f"{symbol}</span> {cards}" for symbol, cards in rows
            if cards != "—" and f"{symbol}</span> {cards}" in page]


INSUFFICIENT = ({"step": "call", "seat": "N", "call": "1S"},
                {"step": "call", "seat": "E", "call": "1H"},
                {"step": "answer", "question": "unintended", "value": "no"},
                {"step": "choose", "option": "decline"})


def test_law9B1_a_tables_call_on_a_board_opens_the_ruling_with_its_hands(room: Club) -> None:
    device = room.device(1)
    token = csrf_of(device.get("/device/table").text)
    device.post("/device/call", data={"board": "2", "csrf": token})
    director = room.director()
    live = director.get(f"/director/events/{room.event}/live").text
    assert f'href="{room.ruling_url(1, 2)}"' in live
    page = director.get(room.ruling_url(1, 2) + "?lang=es").text
    assert "Da Este, Norte-Sur vulnerables" in page  # board 2: Law 2's dealer and vulnerability
    board = club.state_of(open_store(room.url), room.event).board(2)
    assert board.deal is not None
    for seat in Seat:  # the Director sees every hand of the board, as dealt
        assert _rows_shown(page, board.deal.hand(seat).to_pbn(), "es") != []


def test_law27B_ruling_recorded_on_the_screen_shows_on_the_traveller(room: Club) -> None:
    director = room.director()
    url = room.ruling_url(1, 1)
    page = _steps(director, url + "?lang=es", *INSUFFICIENT)
    assert "Artículo 27B" in page and 'href="/laws/2017/27B"' in page
    assert "Oeste deberá pasar" not in page  # the options are gone once chosen
    _steps(director, url, {"step": "call", "seat": "E", "call": "2H"})
    refused = _post(director, url, step="record")  # 27B1(a) is still to be ruled
    assert "hay una decisión pendiente" in refused
    _steps(director, url, {"step": "answer", "question": "same-denomination", "value": "yes"},
           {"step": "choose", "option": "rectify"},
           {"step": "record", "why": "insufficient bid"})
    traveller = director.get(f"/events/{room.event}/boards/1?lang=es").text
    assert 'id="rulings"' in traveller and "Oferta insuficiente no aceptada" in traveller
    assert 'href="/laws/2017/27B"' in traveller and 'href="/laws/2017/27B1(a)"' in traveller
    kept = club_rulings.rulings(open_store(room.url), room.event)
    assert [(r.table, r.board, r.final) for r in kept] == [(1, 1, True)]


def test_law64_revoke_ruled_from_the_facts_on_the_screen(room: Club) -> None:
    director = room.director()
    url = room.ruling_url(1, 1)
    calls = [{"step": "call", "seat": s, "call": c}
             for s, c in zip("NESWNE", ("1S", "P", "4S", "P", "P", "P"), strict=True)]
    page = _steps(director, url, *calls, {"step": "revoke", "seat": "E", "trick": "3",
                                          "winner": "E", "won_later": "2", "tricks": "9"})
    assert "2 trick(s) transferred" in page and 'href="/laws/2017/64A1"' in page
    assert "Result: 11 tricks to declarer" in page


def test_law79C_amendment_after_the_correction_period_is_refused(room: Club) -> None:
    director = room.director()
    url = room.ruling_url(1, 1)
    _steps(director, url, *INSUFFICIENT, {"step": "record", "score": "A60/40"})
    store = open_store(room.url)
    club.make_official(store, FixedClock(START), room.event, who="TD")
    room.clock.at = START + timedelta(minutes=31)
    page = _post(director, url + "?lang=fr", step="record", score="A50/50")
    assert "modification refusée (Loi 79C2)" in page
    kept = club_rulings.versions(store, room.event, Place(1, 1, 1))
    assert [v.score for v in kept if v.final] == ["A60/40"]


def test_a_table_device_cannot_open_another_tables_ruling(room: Club) -> None:
    _steps(room.director(), room.ruling_url(1, 1), *INSUFFICIENT,
           {"step": "record"})
    own, other = room.device(1), room.device(2)
    assert own.get("/device/rulings/1").status_code == 200
    assert other.get("/device/rulings/1").status_code == 404  # table 2's board 1: none
    assert other.get(room.ruling_url(1, 1)).status_code == 403
    token = csrf_of(other.get("/device/table").text)
    refused = other.post(room.ruling_url(1, 1) + "/record", data={"csrf": token})
    assert refused.status_code == 403
    assert "/device/rulings/1" in own.get("/device/table").text
    assert "/device/rulings/" not in other.get("/device/table").text


def test_no_hidden_card_reaches_a_table_device_or_a_seat(room: Club) -> None:
    director = room.director()
    url = room.ruling_url(1, 1)
    calls = [{"step": "call", "seat": s, "call": c}
             for s, c in zip("NESWNE", ("1S", "P", "4S", "P", "P", "P"), strict=True)]
    _steps(director, url, *calls, {"step": "line", "line": "play E C4", "confirm": "1"},
           {"step": "line", "line": "play S C7", "confirm": "1"}, {"step": "record"})
    deal = club.state_of(open_store(room.url), room.event).board(1).deal
    assert deal is not None
    page = room.device(1).get("/device/rulings/1").text
    for seat in (Seat.NORTH, Seat.EAST, Seat.WEST):  # hidden from the table: every hand but
        assert _rows_shown(page, deal.hand(seat).to_pbn()) == []  # dummy's
    assert "1♠" not in page or "4♠" in page  # the auction is public at the table
    for seat in Seat:
        seen = seat_screen(open_store(room.url), room.event, Place(1, 1, 1), seat, "en", ())
        shown = [hand["seat"] for hand in seen["hands"]]
        assert shown == ([seat.name.title()] if seat is Seat.SOUTH else
                         [seat.name.title(), "dummy"])


def test_law80B2f_the_public_sees_rulings_as_the_regulations_allow(room: Club) -> None:
    director = room.director()
    _steps(director, room.ruling_url(1, 1), *INSUFFICIENT, {"step": "record"})
    public = TestClient(room.app)
    traveller = f"/events/{room.event}/boards/1"
    assert 'id="rulings"' not in public.get(traveller).text  # not before the official scores
    assert 'id="rulings"' in director.get(traveller).text
    store = open_store(room.url)
    club.make_official(store, FixedClock(START), room.event, who="TD")
    assert 'id="rulings"' in public.get(traveller).text
    state = club.state_of(store, room.event)
    for when, shown in (("never", False), ("at-once", True)):
        regulations = Regulations(**{**{f: getattr(state.config.regulations, f) for f in (
            "name", "edition", "authority", "title")},
            "options": {"public_rulings": when}})
        ruled = replace(state, config=replace(state.config, regulations=regulations),
                        official_at=None)
        assert club_rulings.public_may_see(ruled) is shown


def test_a_document_opens_on_the_screen_without_being_stored(room: Club) -> None:
    director = room.director()
    token = csrf_of(director.get("/director").text)
    refused = director.post("/director/rulings/document", data={"document": "{", "csrf": token})
    assert refused.status_code == 422
    assert club_rulings.rulings(open_store(room.url), room.event) == []


def test_law92_a_pair_appeals_the_recorded_ruling_from_the_screen(room: Club) -> None:
    director = room.director()
    url = room.ruling_url(1, 1)
    _steps(director, url, *INSUFFICIENT, {"step": "record"})
    store = open_store(room.url)
    club.make_official(store, FixedClock(START), room.event, who="TD")
    page = _post(director, url + "?lang=en", step="appeal", pair="8", why="too harsh")
    assert "92D" in page  # without the partner's consent
    page = _post(director, url, step="appeal", pair="8", consent="1", why="too harsh")
    assert 'id="ruling-error"' not in page and "Pair 8 appealed at" in page
    room.clock.at = START + timedelta(hours=2)
    page = _post(director, url, step="appeal", pair="1", consent="1", why="late")
    assert "92B" in page
    assert [a.pair for a in club.state_of(store, room.event).appeals] == [8]
