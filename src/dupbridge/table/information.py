"""Information conveyed at the table, and the Director called about it (Laws 16, 73),
applied to the state: the laws decide (``law16_73_unauthorised_information``,
``law16_extraneous_information``); this module gathers from the state what they need (the
fact recorded, the action it may have suggested, the other actions open then, the table
result) and returns the matter for the engine to open a decision on.
"""

from __future__ import annotations

from dupbridge.core.calls import PASS, Call
from dupbridge.core.cards import Card, CardSet
from dupbridge.core.errors import ActionRejected
from dupbridge.core.seats import Seat
from dupbridge.laws.auction.law40_system import (
    SystemCard,
    consult_opponents_card,
    disallowed,
    disallowed_understandings,
    opponents_card_consultation_allowed,
)
from dupbridge.laws.irregularities import law09_11_procedure
from dupbridge.laws.irregularities.law16_73_unauthorised_information import (
    InformationMatter,
    alternatives_to,
    conveyed,
)
from dupbridge.laws.irregularities.law16_extraneous_information import ExtraneousMatter
from dupbridge.laws.irregularities.table_talk import Conveyed, Means
from dupbridge.laws.machinery.ruling import Irregularity, IrregularityKind, Review
from dupbridge.rules.auction import Auction
from dupbridge.table.events import (
    ExtraneousInformationReported,
    FalseInferenceReported,
    InformationConveyed,
    InformationEvent,
    OpponentsCardConsulted,
    SystemCardLodged,
)
from dupbridge.table.state import CallRecord, CardRecord, Status, TableState


def apply_information(state: TableState, event: InformationEvent
                      ) -> tuple[TableState, Irregularity | None]:
    """The state with the fact recorded, or the matter the Director is called to."""
    if isinstance(event, SystemCardLodged):
        return _lodged(state, event.card), None
    if state.pending is not None:
        raise law09_11_procedure.no_action_until_ruling(state.pending, event.seat)
    if isinstance(event, OpponentsCardConsulted):
        return _consulted(state, event.seat), None
    if isinstance(event, InformationConveyed):
        item = conveyed(state.edition, event.seat, Means.parse(event.means),
                        len(state.records), event.what)
        return state.evolve(talk=(*state.talk, item)), None
    if isinstance(event, ExtraneousInformationReported):
        made = any(isinstance(entry, CallRecord) for entry in state.records)
        return state, ExtraneousMatter(
            IrregularityKind.EXTRANEOUS_INFORMATION, state.edition, event.seat,
            _last_action(state, event.seat), len(state.records), None,
            what=event.what, calls_made=made)
    item = _conveyed(state, event.seat, event.about)
    if isinstance(event, FalseInferenceReported):  # declarer misled may act from dummy
        action_record = _first_action(state, event.seat, item.at, None, side=True)
        kind = IrregularityKind.FALSE_INFERENCE
        actor = state.records[action_record].seat
    else:
        actor = item.seat.partner
        action_record = _first_action(state, actor, item.at, event.action)
        kind = IrregularityKind.UNAUTHORISED_INFORMATION
    entry = state.records[action_record]
    action = entry.call if isinstance(entry, CallRecord) else entry.card
    before = _auction_before(state, action_record)
    open_to_him = (before.legal_calls(actor).as_tuple() if isinstance(action, Call)
                   else tuple(_cards_open(state, actor, action_record)))
    contract = state.contract
    tricks = state.play.declarer_tricks if state.play is not None else None
    return state, InformationMatter(
        kind, state.edition, actor, action, action_record, None,
        conveyed=item, alternatives=alternatives_to(action, open_to_him),
        auction_before=before, table_contract=contract, table_tricks=tricks,
        vulnerability=state.board.vulnerability, called_by=event.seat)


def _conveyed(state: TableState, caller: Seat, about: int | None) -> Conveyed:
    """The information the caller complains of: by an opponent of his."""
    found = [(i, item) for i, item in enumerate(state.talk)
             if isinstance(item, Conveyed) and item.seat.side is not caller.side]
    if about is not None:
        found = [(i, item) for i, item in found if i == about]
    if not found:
        raise ActionRejected(f"no hesitation, remark or other information by an opponent of "
                             f"{caller.name.title()} is recorded"
                             + ("" if about is None else f" at talk item {about}"))
    return found[-1][1]


def _first_action(state: TableState, seat: Seat, since: int, record: int | None,
                  side: bool = False) -> int:
    """``seat``'s call or card at ``record``, else his first one made since ``since``
    (``side``: his or his partner's)."""
    for index, entry in enumerate(state.records):
        mine = entry.seat.side is seat.side if side else entry.seat is seat
        if not mine or entry.status is not Status.STANDING:
            continue
        if (record is None and index >= since) or index == record:
            return index
    raise ActionRejected(f"{seat.name.title()} has made no call or play since the information "
                         "was conveyed" if record is None else
                         f"record {record} is no standing call or card of {seat.name.title()}")


def _last_action(state: TableState, seat: Seat) -> Call | Card:
    actions = [entry.call if isinstance(entry, CallRecord) else entry.card
               for entry in state.records if entry.seat is seat]
    return actions[-1] if actions else PASS


def _auction_before(state: TableState, record: int) -> Auction:
    """The auction as it stood when the call at ``record`` was made (all of it for a card)."""
    auction = state.current_auction
    count = sum(1 for standing in state.standing if standing < record)
    return Auction(auction.dealer, auction.calls[:count])


def _cards_open(state: TableState, seat: Seat, record: int) -> CardSet:
    """The cards ``seat`` could legally play when he played the card at ``record``: his hand
    then, following suit when he could (Law 44C)."""
    deal = state.board.deal
    if deal is None or deal[seat] is None:
        return CardSet()
    played = [(i, entry) for i, entry in enumerate(state.records)
              if isinstance(entry, CardRecord) and entry.status is Status.STANDING and i < record]
    hand = deal.hand(seat) - [entry.card for _, entry in played if entry.seat is seat]
    target = state.records[record]
    assert isinstance(target, CardRecord)
    led = next((entry.card.suit for _, entry in played if entry.trick == target.trick), None)
    if led is not None and hand.has_suit(led):
        return hand.in_suit(led)
    return hand


def _lodged(state: TableState, card: SystemCard) -> TableState:
    """A pair's card replaces any earlier one of that side; the special understandings the
    Regulating Authority disallows become review items (40B2(a), 2007 40B5 / 2017 40B4)."""
    reviews = disallowed(state.edition, card, disallowed_understandings(state.regulations))
    cards = tuple(c for c in state.system_cards if c.side is not card.side)
    return state.evolve(system_cards=(*cards, card), reviews=(*state.reviews, *reviews))


def _consulted(state: TableState, seat: Seat) -> TableState:
    """40B2(c): the windows in which a player may look at the opponents' card."""
    from dupbridge.core.messages import msg
    from dupbridge.laws.irregularities.table_talk import Enquiry, EnquiryKind
    from dupbridge.table.talk import moment_of

    moment = moment_of(state)
    asked = bool(state.talk) and isinstance(state.talk[-1], Enquiry) and (
        state.talk[-1].kind is EnquiryKind.EXPLANATION
        and state.talk[-1].seat.side is not seat.side)
    allowed = opponents_card_consultation_allowed(state.regulations)
    item = consult_opponents_card(state.edition, moment.period, moment.turn, seat,
                                  bool(state.records), asked, allowed)
    state = state.evolve(talk=(*state.talk, item))
    if not item.proper:
        review = Review(item.law, msg("{seat} consulted the opponents' system card outside "
                                      "the times the Laws allow: the Director may give a "
                                      "procedural penalty (Law 90)", seat=seat))
        state = state.evolve(reviews=(*state.reviews, review))
    return state
