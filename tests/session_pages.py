"""Every page of a club session, for the 360 px and the no-English tests of issue 27: a
3-table Mitchell (6 pairs, 6 boards) with results, a ruling-free publication and its hand
record analysed, plus the public, Director's, device and law-book pages that read it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from dupbridge.adapters.sql.hand_records import SqlHandRecords
from dupbridge.analysis.batch import Batch
from dupbridge.app.club_night import commands as club
from dupbridge.app.club_night.hand_record import analyse_event
from dupbridge.core.messages import msg
from dupbridge.web.app import WebConfig, create_app
from dupbridge.web.security import hash_password
from web_browser import PASSWORD, MovableClock

RESULTS = [(1, 1, 1, "3NT", "N", 9, "DA"), (1, 1, 2, "4S", "E", 10, ""),
           (1, 2, 3, "2H", "S", 8, ""), (1, 2, 4, "3NT", "S", 8, ""),
           (1, 3, 5, "1NT", "N", 7, ""), (1, 3, 6, "PASS", "", 0, ""),
           (2, 1, 3, "2H", "S", 9, ""), (2, 1, 4, "3NT", "S", 9, ""),
           (2, 2, 5, "1NT", "N", 6, ""), (2, 2, 6, "3NT", "N", 10, ""),
           (2, 3, 1, "3NT", "N", 8, ""), (2, 3, 2, "4SX", "E", 9, "")]


@dataclass
class Session:
    app: Any
    published: str  # results of two rounds, published, the hand record analysed
    empty: str  # no result yet: the public page says why there is no ranking

    @property
    def store(self) -> Any:
        return self.app.state.pages.store

    def code(self, event: str, table: int) -> str:
        return str(self.app.state.pages.signer.device_code(event, table, 1))


def session(tmp_path: Path) -> Session:
    clock = MovableClock(datetime(2026, 11, 29, 19, 0, tzinfo=UTC))
    app = create_app(WebConfig(database=f"sqlite:///{tmp_path}/club.db", secret="s",
                               director_hash=hash_password(PASSWORD), clock=clock))
    store = app.state.pages.store
    event = club.create_event(store, clock, club.NewEvent(
        "Jueves", size=3, boards_per_round=2, seed="7e" * 16,
        names={1: "Ana & Luis", 2: "Bea & Juan", 4: "Dora & Raúl"}), who="Director")
    deal = club.state_of(store, event.id).board(1).deal
    assert deal is not None
    for round_, table, board, contract, declarer, tricks, lead in RESULTS:
        given_lead = None
        if lead:  # a card East (the leader against North) holds
            from dupbridge.core.seats import Seat

            given_lead = str(min(deal.hand(Seat.EAST)))
        club.enter_result(store, clock, event.id, club.ResultInput(
            round_, table, board, contract, declarer or None,
            tricks if contract != "PASS" else None, given_lead))
    # Round 3: a conflict settled by the Director and a dispute still open.
    club.enter_result(store, clock, event.id, club.ResultInput(3, 1, 5, "1NT", "N", 8))
    club.enter_result(store, clock, event.id, club.ResultInput(3, 1, 5, "2NT", "N", 8))
    conflict = club.results(store, event.id).conflicts[0][1].id
    club.resolve_conflict(store, clock, event.id, conflict, "first", who="Director",
                          why=msg("conflicting results settled (79B2)"))
    club.enter_result(store, clock, event.id, club.ResultInput(3, 2, 1, "4H", "S", 10,
                                                               agreed=False))
    club.make_official(store, clock, event.id, who="Director")
    analyse_event(club.state_of(store, event.id), SqlHandRecords(store.engine),
                  Batch(processes=0))
    empty = club.create_event(store, clock, club.NewEvent(
        "Viernes", size=3, boards_per_round=2, seed="5a" * 16), who="Director")
    return Session(app, event.id, empty.id)


def public_pages(s: Session) -> list[str]:
    event = s.published
    return ["/", f"/events/{event}", f"/events/{event}/ranking",
            *(f"/events/{event}/boards/{b}" for b in range(1, 7)),
            *(f"/events/{event}/pairs/{p}" for p in range(1, 7)),
            f"/events/{event}/handrecord", f"/events/{s.empty}",
            f"/events/{s.empty}/ranking", f"/events/{s.empty}/boards/1",
            "/login", "/device", "/laws/2017", "/laws/2017/27B1", "/laws/2007/64A",
            "/laws/search?q=revoke", "/laws/compare/27"]


def director_pages(s: Session) -> list[str]:
    return ["/director", f"/director/events/{s.published}", f"/director/events/{s.empty}"]


DEVICE_PAGES = ["/device/table"]
