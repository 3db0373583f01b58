"""Facts about the cards and the board reported to the Director (Laws 13-15), applied to
the state: this module gathers what ``law13_15_cards_and_boards`` needs from the table and
returns the irregularity for the engine to open a decision on.
"""

from __future__ import annotations

from dupbridge.core.errors import ActionRejected
from dupbridge.laws.irregularities import law09_11_procedure, law13_15_cards_and_boards
from dupbridge.laws.machinery.ruling import Irregularity
from dupbridge.table.events import BoardEvent, CardCountReported, CardFound, WrongBoardPlayed
from dupbridge.table.state import CallRecord, CardRecord, Status, TableState


def apply_board_event(state: TableState,
                      event: BoardEvent) -> tuple[TableState, Irregularity | None]:
    """The state with ``event`` recorded, and the irregularity it puts before the Director
    (None if none)."""
    if state.pending is not None:
        raise law09_11_procedure.no_action_until_ruling(state.pending, event.seat)
    if isinstance(event, CardCountReported):
        return state, _wrong_count(state, event)
    if isinstance(event, CardFound):
        return _card_found(state, event)
    return state, _wrong_board(state, event)


def _lead_faced(state: TableState) -> bool:
    return state.play is not None and state.play.opening_lead_made


def _wrong_count(state: TableState, event: CardCountReported) -> Irregularity:
    """Law 13: whether a player with a wrong count (the long hand or the short one) has
    called decides the branch; the card too many must belong to the short hand."""
    short = event.short
    if short is event.seat:
        raise ActionRejected("the long hand and the short hand are different players")
    deal = state.board.deal
    hand = None if short is None or deal is None else deal[short]
    if short is not None and hand is not None and event.card not in hand:
        raise ActionRejected(f"the {event.card} is not {short.name.title()}'s card in this "
                             "deal")
    wrong = {event.seat, short}
    called = any(isinstance(entry, CallRecord) and entry.seat in wrong
                 for entry in state.records)
    play = state.play
    return law13_15_cards_and_boards.wrong_number_of_cards(
        state.edition, event.seat, event.card, len(state.records), short, called,
        _lead_faced(state), play is not None and play.is_complete)


def _card_found(state: TableState, event: CardFound) -> tuple[TableState, Irregularity]:
    """Law 14: after the opening lead, a card found elsewhere (or replaced from another
    pack) is put on the table as a record of its own until the Director rules: back into
    the hand or a penalty card (14B4)."""
    seat, card = event.seat, event.card
    deal = state.board.deal
    hand = None if deal is None else deal[seat]
    if hand is not None and card not in hand:
        raise ActionRejected(f"the {card} is not {seat.name.title()}'s card in this deal")
    if any(isinstance(entry, CardRecord) and entry.card == card and entry.status
           in (Status.STANDING, Status.EXPOSED, Status.PENDING) for entry in state.records):
        raise ActionRejected(f"the {card} is already on the table: it was not missing")
    lead_faced = _lead_faced(state)
    record = len(state.records)
    if lead_faced and event.where != law13_15_cards_and_boards.AMONG_PLAYED:
        state = state.evolve(records=(*state.records, CardRecord(seat, card, Status.PENDING)))
    try:
        irregularity = law13_15_cards_and_boards.missing_card(
            state.edition, seat, card, record, event.where, lead_faced)
    except ValueError as error:
        raise ActionRejected(str(error)) from None
    return state, irregularity


def _wrong_board(state: TableState, event: WrongBoardPlayed) -> Irregularity | None:
    auction = state.current_auction
    calls = tuple((standing.seat, standing.call, record)
                  for standing, record in zip(auction.calls, state.standing, strict=True))
    contract = auction.contract()
    declaring_side = contract.declarer.side if contract and contract.declarer else None
    return law13_15_cards_and_boards.wrong_board_played(
        state.edition, event.seat, calls, _lead_faced(state), declaring_side)
