"""A ruling is a document: sessions saved as versioned JSON and replayed to the same state."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dupbridge import Board, Deal, Seat
from dupbridge.app.ruling_session.document import (
    VERSION,
    RulingSession,
    SessionError,
    complete_deal,
)
from dupbridge.cases.loader import load_case
from dupbridge.cases.runner import collect_case_files
from dupbridge.core.errors import ActionRejected
from dupbridge.laws.machinery.profiles import load_profile
from dupbridge.notation.steps import StepError, apply_step

CASES = Path(__file__).parent / "cases"
CASE_FILES = collect_case_files([CASES])


def session_of_case(path: Path) -> RulingSession:
    """The case's events applied one by one, as far as the table takes them."""
    case = load_case(path)
    session = RulingSession.start(case.board, case.regulations)
    for event in case.events:
        try:
            apply_step(session.table, event.step)
        except (ActionRejected, StepError):
            break  # a case may end on an action it checks is refused
    return session


def test_every_ruling_case_round_trips_through_json_and_replays_to_the_same_state() -> None:
    assert len(CASE_FILES) > 500
    kinds: set[str] = set()
    for path in CASE_FILES:
        session = session_of_case(path)
        text = session.dumps()
        again = RulingSession.loads(text)
        assert again.events == session.events, path
        assert again.table.state == session.table.state, path
        assert again.board == session.board and again.regulations == session.regulations, path
        assert again.dumps() == text, path
        kinds.update(item["event"] for item in json.loads(text)["events"])
    assert {"CallMade", "CardPlayed", "DirectorAnswered", "OptionChosen", "Claimed",
            "AttentionDrawn", "OpeningLeadFaceDown", "Explained"} <= kinds


def test_document_is_versioned_plain_json_with_its_record() -> None:
    session = RulingSession.start(Board(5), load_profile("aeb-2007"))
    session.table.call(Seat.NORTH, "1S")
    session.table.call(Seat.EAST, "1H")
    data = json.loads(session.dumps())
    assert data["format"] == "dupbridge-ruling" and data["version"] == VERSION
    assert data["board"] == {"number": 5, "dealer": "N", "vulnerability": "NS", "deal": None}
    assert data["regulations"]["name"] == "aeb-2007"
    assert data["events"][1] == {"event": "CallMade", "seat": "E", "call": "1H"}
    assert data["record"]["pending"]["irregularity"] == "insufficient_bid"


def test_a_document_whose_events_do_not_give_its_record_is_refused() -> None:
    session = RulingSession.start(Board(1))
    session.table.call(Seat.NORTH, "1S")
    data = session.to_json()
    data["record"]["auction"] = "2S"
    with pytest.raises(SessionError, match="do not replay to the document's record"):
        RulingSession.from_json(data)


@pytest.mark.parametrize(("change", "message"), [
    ({"version": 99}, "version 99"),
    ({"format": "x"}, "not a ruling session"),
    ({"events": [{"event": "Teleported"}]}, r"events\[0\]: unknown event 'Teleported'"),
    ({"events": [{"event": "CallMade", "seat": "N", "call": "1Q"}]}, r"events\[0\] \(CallMade.call\)"),
    ({"events": [{"event": "CallMade", "seat": "E", "call": "1S"},
                 {"event": "CardPlayed", "seat": "E", "call": "1S"}]}, "no field"),
])
def test_malformed_documents_name_what_and_where(change: dict[str, object],
                                                 message: str) -> None:
    data = RulingSession.start(Board(1)).to_json()
    data.update(change)
    data.pop("record")
    with pytest.raises(SessionError, match=message):
        RulingSession.from_json(data)


def test_hands_learnt_later_replay_the_events_and_the_fourth_hand_is_the_rest() -> None:
    full = Deal.from_pbn("N:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98 "
                         "432.765.T98.AKQJ")
    partial = Deal.from_pbn("N:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98 -")
    assert complete_deal(partial) == full
    session = RulingSession.start(Board(1, Deal.from_pbn("N:AKQJ.T98.765.432 - - -")))
    for seat, call in zip("NESW", ["1S", "P", "P", "P"], strict=True):
        session.table.call(seat, call)
    assert session.table.state.play is None  # no play without the hands
    session.with_hands(partial)
    assert session.table.state.play is not None and session.board.deal == full
    assert len(session.events) == 4


def test_session_from_a_pbn_board(tmp_path: Path) -> None:
    path = tmp_path / "club.pbn"
    path.write_text('[Board "7"]\n[Dealer "S"]\n[Vulnerable "Both"]\n'
                    '[Deal "N:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98 '
                    '432.765.T98.AKQJ"]\n\n', encoding="utf-8")
    session = RulingSession.from_file(path, 7)
    assert session.board.dealer is Seat.SOUTH and session.board.deal is not None
    assert RulingSession.loads(session.dumps()).board == session.board
    with pytest.raises(ValueError, match="no board 8"):
        RulingSession.from_file(path, 8)


def test_a_platform_drives_the_engine_with_json_events() -> None:
    """Law 27 through JSON only: the call, the Director's answer, the option chosen."""
    session = RulingSession.start(Board(1))
    for event in ({"event": "CallMade", "seat": "N", "call": "1S"},
                  {"event": "CallMade", "seat": "E", "call": "1H"},
                  {"event": "DirectorAnswered", "question": "unintended", "answer": False},
                  {"event": "OptionChosen", "option": "accept", "by": "S"}):
        session.apply_json(event)
    record = session.to_json()["record"]
    assert record["rulings"][0]["option"] == "accept"
    assert record["rulings"][0]["clauses"] == ["2017 Law 27A1"]  # what fired
    events = session.events
    with pytest.raises(ActionRejected):  # nothing is pending: refused, nothing recorded
        session.apply_json({"event": "OptionChosen", "option": "accept"})
    assert session.events == events
    with pytest.raises(SessionError, match="unknown event"):
        session.apply_json({"event": "Shuffle"})
