"""The Director's rulings kept with a club session: opened on a board at a table (with the
event's deal and profile), saved as she goes, recorded, reopened, amended within the
correction period (79C) and appealed within the period of Law 92B.

A ruling is kept in the event's journal like a result (``ruling_records``: every save is a
version, the latest in force), so every worker sees it and nothing is overwritten. The
ruling screen keeps a ruling session document (kind ``ruling``); the claim screen keeps its
adjudication and the Director's award (kind ``claim``) the same way, on the same board and
table. A recorded ruling's adjusted score replaces the board's result at that table
(Law 12), as the console's adjusted score does."""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from dataclasses import dataclass

from dupbridge.app.club_night.commands import Recorded, lodge_appeal
from dupbridge.app.club_night.ports import Action, Clock, Json, Store
from dupbridge.app.club_night.ruling_versions import KINDS, RULING, TableRuling, ruling_payload
from dupbridge.app.club_night.state import ClubState, record_action, state_of
from dupbridge.app.errors import translated
from dupbridge.app.ruling_session.document import RulingSession, SessionError
from dupbridge.core.edition import LawRef
from dupbridge.core.errors import ActionRejected
from dupbridge.core.messages import msg
from dupbridge.tournament.periods import may_correct
from dupbridge.tournament.results import ResultRejected


@dataclass(frozen=True, slots=True)
class Place:
    """Where a ruling is kept: the board at the table, in the round it was played."""

    round: int
    table: int
    board: int


@translated
def place_of(state: ClubState, table: int, board: int, round: int | None = None) -> Place:
    """The round in which ``table`` plays ``board`` (the movement says it when the caller
    does not); ``ResultRejected`` naming the table and board if it is not played there."""
    for encounter in state.movement.encounters:
        if encounter.table == table and board in encounter.boards and (
                round is None or encounter.round == round):
            return Place(encounter.round, table, board)
    raise ResultRejected(msg("table {table} does not play board {board}", table=table,
                             board=board))


@translated
def open_ruling(store: Store, event_id: str, place: Place) -> RulingSession:
    """The ruling session on the board at the table: the latest version saved, else a new
    one on the event's board (its hands, dealer and vulnerability) under its profile."""
    state = state_of(store, event_id)
    place = place_of(state, place.table, place.board, place.round)
    latest = current(state, place, RULING)
    if latest is not None:
        return RulingSession.from_json(latest.document)
    return RulingSession.start(state.board(place.board), state.config.regulations)


def current(state: ClubState, place: Place, kind: str = RULING) -> TableRuling | None:
    versions = state.rulings.get((place.round, place.table, place.board, kind), ())
    return versions[-1] if versions else None


def versions(store: Store, event_id: str, place: Place, kind: str = RULING
             ) -> tuple[TableRuling, ...]:
    """Every version of the ruling, oldest first (the audit trail of its amendments)."""
    state = state_of(store, event_id)
    return state.rulings.get((place.round, place.table, place.board, kind), ())


@translated
def rulings(store: Store, event_id: str, *, table: int | None = None,
            board: int | None = None, kind: str | None = None) -> list[TableRuling]:
    return rulings_of(state_of(store, event_id), table=table, board=board, kind=kind)


@translated
def rulings_of(state: ClubState, *, table: int | None = None, board: int | None = None,
               kind: str | None = None) -> list[TableRuling]:
    """The rulings in force (the latest version of each), by board then table."""
    found = [v[-1] for v in state.rulings.values()
             if (table is None or v[-1].table == table)
             and (board is None or v[-1].board == board)
             and (kind is None or v[-1].kind == kind)]
    return sorted(found, key=lambda r: (r.board, r.round, r.table, r.kind))


def citations_of(session: RulingSession) -> tuple[LawRef, ...]:
    """The clauses a ruling session cites: each ruling's, each Law 64 transfer's and each
    review item's, in order, once."""
    cited: list[LawRef] = []
    for ruling in session.table.state.rulings:
        cited += ruling.clauses
    result = session.result()
    if result is not None:
        cited += [transfer.law for transfer in result.transfers]
        cited += [review.law for review in result.reviews]
        if result.assigned is not None:
            cited.append(result.assigned.law)
    if session.given is not None and session.given.parts:  # a weighted score, 12C1(c)
        cited.append(session.given.law)
    return tuple(dict.fromkeys(cited))


def reviews_of(session: RulingSession) -> tuple[tuple[str, str], ...]:
    result = session.result()
    items = result.reviews if result is not None else session.table.state.reviews
    return tuple((str(review.law), str(review.note)) for review in items)


@translated
def save_ruling(store: Store, clock: Clock, event_id: str, place: Place,
                session: RulingSession, *, final: bool = False, score: str | None = None,
                who: str, why: str = "", amend: Mapping[str, bool] | None = None,
                action_id: str | None = None) -> Recorded:
    """Save the ruling session on the board at the table: a draft (``final`` False) or
    the ruling as recorded. Its board must be the event's (the hands, dealer and
    vulnerability) under the event's profile. A save after it was recorded is an
    amendment: within the correction period, or later only as 79C2 allows (``amend``:
    ``director_certain`` and ``organizer_agrees``)."""
    state = state_of(store, event_id)
    place = place_of(state, place.table, place.board, place.round)
    event_board = state.board(place.board)
    if (session.board.number, session.board.dealer, session.board.vulnerability) != (
            event_board.number, event_board.dealer, event_board.vulnerability) or (
            session.board.deal is not None and event_board.deal is not None
            and session.board.deal != event_board.deal):
        raise ResultRejected(msg("board {board}: the ruling is not on this event's board",
                                 board=place.board))
    if session.regulations.name != state.config.regulations.name:
        raise ResultRejected(msg("board {board}: the ruling is under {profile}, the event "
                                 "under {event}", board=place.board,
                                 profile=session.regulations.name,
                                 event=state.config.regulations.name))
    pending = session.table.pending
    if final and pending is not None:
        raise ResultRejected(msg("board {board}: a decision is pending ({irregularity}): "
                                 "rule on it before recording the ruling", board=place.board,
                                 irregularity=pending.irregularity.describe()))
    citations = tuple(f"{ref.edition.value} {ref.clause}" for ref in citations_of(session))
    if score is None or not score.strip():
        score = session.given.text if session.given is not None else assigned_text(session)
    return save_table_ruling(store, clock, event_id, place, RULING, session.to_json(),
                             citations=citations, reviews=reviews_of(session),
                             final=final, score=score, who=who, why=why, amend=amend,
                             action_id=action_id, result=result_of(session))


def assigned_text(session: RulingSession) -> str | None:
    """The assigned adjusted score the ruling gives (12C1), as the club writes one
    (``2S N 9``, ``PASS``), so that it, not the table's result, is recorded for the board;
    None when the ruling assigns none."""
    assigned = session.assigned()
    if assigned is None:
        return None
    if assigned.contract is None or assigned.contract.declarer is None:
        return "PASS"
    return f"{str(assigned.contract).split()[0]} {assigned.contract.declarer.letter} " \
           f"{assigned.tricks if assigned.tricks is not None else 0}"


def result_of(session: RulingSession) -> dict[str, Json] | None:
    """The board's result the ruling session leads to, as the table's result is written
    (Law 64's transfers made); None while the board has none, or when the result is an
    assigned adjusted score (the Director gives it as the ruling's score) and the Director
    gave no split score (which changes the sides' scores of a result the table had)."""
    result = session.result()
    if result is None or (result.assigned is not None and session.given is None):
        return None
    if result.contract is None:
        return {"contract": "PASS"}
    if result.tricks is None or result.contract.declarer is None:
        return None
    return {"contract": str(result.contract).split()[0],
            "declarer": result.contract.declarer.letter, "tricks": result.tricks}


@translated
def save_table_ruling(store: Store, clock: Clock, event_id: str, place: Place, kind: str,
                      document: Mapping[str, Json], *, citations: tuple[str, ...] = (),
                      reviews: tuple[tuple[str, str], ...] = (), final: bool = False,
                      score: str | None = None, who: str, why: str = "",
                      amend: Mapping[str, bool] | None = None,
                      action_id: str | None = None,
                      result: Mapping[str, Json] | None = None) -> Recorded:
    """Save a decision of ``kind`` (``ruling``, ``claim``) on the board at the table, with
    the rule of ``save_ruling`` for amendments (79C). A retry of a save is harmless."""
    state = state_of(store, event_id)
    place = place_of(state, place.table, place.board, place.round)
    if action_id is not None and action_id in state.acknowledged:
        return Recorded(action_id, False, "retry")
    if kind == RULING:
        _check_document(document, place.board)
    latest = current(state, place, kind)
    now = clock.now()
    status = "saved"
    if latest is not None and latest.final:
        status = "amended"
        periods = state.periods
        if periods is not None:
            decision = may_correct(periods, now, **(amend or {}))
            if not decision.allowed:
                raise ResultRejected(msg("amendment refused ({law}): {reason}",
                                         law=decision.law, reason=decision.reason))
    elif final:
        status = "recorded"
    action = Action(action_id or uuid.uuid4().hex, event_id, RULING, who, now, why,
                    ruling_payload(kind, document, citations, reviews,
                                   None if score is None or not score.strip()
                                   else score.strip(), final, result),
                    place.round, place.table, place.board)
    _, stored, new = record_action(store, state, action)
    return Recorded(stored.id, new, status)


def _check_document(document: Mapping[str, Json], board: int) -> None:
    try:
        session = RulingSession.from_json(dict(document))
    except (SessionError, ActionRejected, ValueError) as error:
        raise ResultRejected(msg("board {board}: the ruling does not replay: {error}",
                                 board=board, error=str(error))) from None
    if session.board.number != board:
        raise ResultRejected(msg("board {board}: the ruling is not on this event's board",
                                 board=board))


def public_may_see(state: ClubState) -> bool:
    """Whether the public pages show the rulings (80B2(f): the organizer's regulations,
    the profile's ``public_rulings``): once the scores are official, at once, or never.
    A public page never shows a hand of a ruling, only what was ruled and the law."""
    when = state.config.regulations.option("public_rulings")
    return when == "at-once" or (when == "after-official" and state.official_at is not None)


@translated
def appeal_ruling(store: Store, clock: Clock, event_id: str, place: Place, *, pair: int,
                  partner_consents: bool = False, kind: str = RULING, who: str, why: str,
                  action_id: str | None = None) -> Recorded:
    """Law 92: a pair appeals the ruling on the board at the table, within the period of
    92B and with the consent 92D asks (``lodge_appeal``); there must be a ruling."""
    state = state_of(store, event_id)
    place = place_of(state, place.table, place.board, place.round)
    if kind not in KINDS or current(state, place, kind) is None:
        raise ResultRejected(msg("round {round}, table {table}, board {board}: no ruling to "
                                 "appeal", round=place.round, table=place.table,
                                 board=place.board))
    return lodge_appeal(store, clock, event_id, round=place.round, table=place.table,
                        board=place.board, pair=pair, partner_consents=partner_consents,
                        who=who, why=why, action_id=action_id)


__all__ = ["KINDS", "Place", "TableRuling", "appeal_ruling", "citations_of", "current",
           "open_ruling", "place_of", "public_may_see", "rulings", "save_ruling",
           "save_table_ruling", "versions"]
