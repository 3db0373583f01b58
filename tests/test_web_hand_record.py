"""Issue 27: the hand record of a club event is computed once, in the background, when the
boards are dealt or the scores published, and kept with the event; the page only reads it
(a progress line until the last board is solved), under the app's header with a way back,
in the reader's letters (R D V, SA, NS/EO, "Estuche") and one board a row on a phone."""

from __future__ import annotations

import re
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dupbridge.adapters.sql import open_store
from dupbridge.adapters.sql.hand_records import SqlHandRecords
from dupbridge.analysis.batch import Batch
from dupbridge.app.club_night import commands as club
from dupbridge.app.club_night import hand_record as event_record
from dupbridge.app.club_night.hand_record import (
    HandRecordProgress,
    analyse_event,
    stored_hand_record,
)
from dupbridge.app.club_night.ports import FixedClock
from dupbridge.app.publication.hand_record import HandRecord, analyse
from dupbridge.web.app import WebConfig, create_app
from dupbridge.web.security import hash_password

CLOCK = FixedClock(datetime(2026, 11, 29, 19, 0, tzinfo=UTC))
SEED = "c3" * 16


def _event(url: str) -> tuple[Any, str]:
    store = open_store(url)
    view = club.create_event(store, CLOCK, club.NewEvent("Jueves", size=3,
                                                         boards_per_round=2, seed=SEED))
    return store, view.id


def test_each_board_is_kept_as_it_is_solved_and_the_record_is_read_back(tmp_path: Path
                                                                        ) -> None:
    store, event_id = _event(f"sqlite:///{tmp_path}/club.db")
    records = SqlHandRecords(store.engine)
    state = club.state_of(store, event_id)
    seen: list[tuple[int, int]] = []
    done = analyse_event(state, records, Batch(processes=0),
                         progress=lambda d, t: seen.append((d, t)))
    assert done == HandRecordProgress(6, 6)
    assert seen == [(n, 6) for n in range(1, 7)]  # one board kept at a time
    assert sorted(records.stored_boards(event_id)) == [1, 2, 3, 4, 5, 6]
    # Hidden until the scores are official (no card reaches a player before).
    assert stored_hand_record(state, records) is None
    club.make_official(store, CLOCK, event_id, who="TD")
    official = club.state_of(store, event_id)
    kept = stored_hand_record(official, records)
    assert isinstance(kept, HandRecord)
    fresh = event_record.event_hand_record_of(official, Batch(processes=0))
    assert fresh is not None
    assert [(b.board, b.table, b.par) for b in kept.boards] == [
        (b.board, b.table, b.par) for b in fresh.boards]
    # A second analysis finds nothing left to solve.
    assert analyse_event(official, records, Batch(solver=_refuse)) == HandRecordProgress(6, 6)


def _refuse(kind: str, key: str) -> Any:
    raise AssertionError(f"solved again: {kind} {key}")


def test_until_every_board_is_kept_the_record_is_its_progress(tmp_path: Path) -> None:
    store, event_id = _event(f"sqlite:///{tmp_path}/club.db")
    club.make_official(store, CLOCK, event_id, who="TD")
    state = club.state_of(store, event_id)
    records = SqlHandRecords(store.engine)
    assert stored_hand_record(state, records) == HandRecordProgress(0, 6)
    part = analyse(event_record._records(state)[:2], Batch(processes=0))
    records.keep_boards(event_id, [event_record.StoredBoard(
        b.board, b.deal.to_pbn(), b.table.counts) for b in part.boards  # type: ignore[union-attr]
    ])
    assert stored_hand_record(state, records) == HandRecordProgress(2, 6)


def _director(app: Any) -> tuple[TestClient, str]:
    web = TestClient(app)
    token = re.search(r'name="csrf" value="([^"]+)"', web.get("/login").text)
    assert token is not None
    web.post("/login", data={"password": "td", "csrf": token.group(1)})
    return web, token.group(1)


def _token(web: TestClient, path: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', web.get(path).text)
    assert found is not None
    return found.group(1)


def wait_for(web: TestClient, url: str) -> Any:
    """The page once the background analysis is kept (202 with its progress until then;
    no time limit is asserted, only that it ends)."""
    for _ in range(900):
        page = web.get(url)
        if page.status_code != 202:
            return page
        assert 'id="hand-record-progress"' in page.text
        time.sleep(0.2)
    raise AssertionError("the background analysis never ended")


@pytest.fixture
def app(tmp_path: Path) -> Any:
    return create_app(WebConfig(database=f"sqlite:///{tmp_path}/club.db", secret="s",
                                director_hash=hash_password("td"), clock=CLOCK))


def test_a_dealt_event_is_analysed_from_its_creation_and_the_page_only_reads(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    director, _ = _director(app)
    token = _token(director, "/director")
    made = director.post("/director/events", data={
        "csrf": token, "name": "Jueves", "profile": "wbf-2017", "scoring": "matchpoints",
        "movement": "mitchell", "size": "3", "boards_per_round": "2", "deal": "1"})
    event_id = str(made.url).rsplit("/", 1)[1]
    store = app.state.pages.store
    records = SqlHandRecords(store.engine)
    for _ in range(900):  # the analysis started with the event, before any publication
        if len(records.stored_boards(event_id)) == 6:
            break
        time.sleep(0.2)
    assert len(records.stored_boards(event_id)) == 6
    director.post(f"/director/events/{event_id}/publish",
                  data={"csrf": _token(director, f"/director/events/{event_id}")})

    def never(*_: Any, **__: Any) -> Any:
        raise AssertionError("the page solved a board")

    monkeypatch.setattr(event_record, "dd_tables", never)
    public = TestClient(app)
    page = public.get(f"/events/{event_id}/handrecord?lang=es")
    assert page.status_code == 200
    text = page.text
    assert text.count('class="board"') == 6 and text.count('class="dd"') == 6
    # The app's header, a way back to the event, the federation's words and letters.
    assert '<header>' in text and f'href="/events/{event_id}" id="back"' in text
    assert "Estuche 1 · reparte" in text and "Mano " not in text
    assert ">SA</th>" in text and ">NT<" not in text
    assert "<th>O</th>" in text and "<th>W</th>" not in text
    hands = re.findall(r'<div class="hand [a-z]+">(.*?)</div>', text)
    assert len(hands) == 24
    letters = "".join(re.sub(r"<[^>]+>|[♠♥♦♣—\s]", "", hand) for hand in hands)
    assert letters and not set(letters) & set("KQJT")
    assert set(letters) <= set("ARDV1098765432")
    pars = re.findall(r'<div class="par">(.*?)</div>', text)
    assert len(pars) == 6 and all(p.startswith("Par: ") for p in pars)
    assert not any(re.search(r"\b(EW|NT)\b|\d[SHDCN][=+-]", p) for p in pars)


def test_publication_starts_the_analysis_of_an_event_never_analysed(app: Any) -> None:
    store = app.state.pages.store
    event_id = club.create_event(store, CLOCK, club.NewEvent(
        "Viernes", size=3, boards_per_round=2, seed=SEED)).id
    director, _ = _director(app)
    director.post(f"/director/events/{event_id}/publish",
                  data={"csrf": _token(director, f"/director/events/{event_id}")})
    page = wait_for(TestClient(app), f"/events/{event_id}/handrecord?lang=pt")
    assert page.status_code == 200 and "Bolsa 1 · dá" in page.text
    assert ">ST</th>" in page.text
