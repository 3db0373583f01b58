"""What is said and done at the table besides calls and cards, applied to the state: the
laws decide (``law20_review_explanation``, ``law17_auction_period``, ``law16_information``,
``law09_11_procedure``); this module only gathers what they need from the state and records
their answer in ``TableState.talk``. A correction of an explanation, a late alert or cards
from a wrong board put a matter before the Director: the irregularity is returned for the
engine to open a decision on.
"""

from __future__ import annotations

from dataclasses import replace

from dupbridge.core.calls import Call
from dupbridge.core.edition import Edition
from dupbridge.core.messages import msg
from dupbridge.core.seats import Seat
from dupbridge.laws.auction import (
    law17_auction_period,
    law20_review_explanation,
    law21_misinformation,
    law40_system,
)
from dupbridge.laws.auction.law20_review_explanation import Moment
from dupbridge.laws.irregularities import law09_11_procedure, law16_information
from dupbridge.laws.irregularities.table_talk import (
    Alert,
    CardConsulted,
    Explanation,
    HandTaken,
    Period,
    Reservation,
    TalkRecord,
    WrongBoardReport,
)
from dupbridge.laws.machinery.clauses import ref
from dupbridge.laws.machinery.ruling import BarKind, Irregularity, Review
from dupbridge.laws.play import law41_commencement, law45_47_card_played
from dupbridge.table.events import (
    Alerted,
    AuctionRestated,
    ClarificationRequested,
    ContractAsked,
    Explained,
    ExplanationRequested,
    HandTakenOut,
    OpeningLeadAsked,
    ReviewRequested,
    RightsReserved,
    SystemCardConsulted,
    TalkEvent,
    WrongBoardReported,
)
from dupbridge.table.state import CallRecord, CardRecord, Status, TableState


def apply_talk(state: TableState, event: TalkEvent) -> tuple[TableState, Irregularity | None]:
    """The state with ``event`` recorded, and the irregularity it puts before the Director
    (None if none). A request the Laws do not allow raises ``ActionRejected``."""
    if state.pending is not None:
        raise law09_11_procedure.no_action_until_ruling(state.pending, event.seat)
    moment = moment_of(state)
    if isinstance(event, WrongBoardReported):
        return _wrong_board(state, moment, event)
    if isinstance(event, Alerted | Explained):
        return _disclosed(state, moment, event)
    item = _enquiry(state, moment, event)
    state = _record(state, item)
    if isinstance(item, CardConsulted) and not item.proper:
        review = Review(item.law, msg("{seat} consulted his own system card: the Director may "
                                      "give a procedural penalty (Law 90)", seat=item.seat))
        state = state.evolve(reviews=(*state.reviews, review))
    return state, None


def moment_of(state: TableState) -> Moment:
    """Where the board stands, as Law 20 needs it."""
    auction = state.current_auction
    play = state.play
    complete = state.abandoned or (play is not None and play.is_complete)
    period = law17_auction_period.period(auction.status,
                                         law41_commencement.play_period_begun(play), complete)
    turn: Seat | None = auction.next_to_call if period is Period.AUCTION else (
        play.next_to_play if play is not None else None)
    calls = tuple((standing.seat, standing.call, record)
                  for standing, record in zip(auction.calls, state.standing, strict=True))
    callers = {index: entry.seat for index, entry in enumerate(state.records)
               if isinstance(entry, CallRecord)}
    played = [entry for entry in state.records
              if isinstance(entry, CardRecord) and entry.status is Status.STANDING]
    contract = auction.contract()
    declarer = contract.declarer if contract is not None else None
    return Moment(
        edition=state.edition,
        period=period,
        turn=turn,
        required_to_pass=frozenset(bar.seat for bar in state.bars if bar.kind is BarKind.PASS),
        calls=calls,
        callers=callers,
        last_call=max(callers, default=None),
        talk=state.talk,
        declarer=declarer,
        played=frozenset(entry.seat for entry in played),
        lead_accepted_out_of_turn=bool(played) and declarer is not None
        and played[0].seat is not declarer.lho,
    )


def _record(state: TableState, item: TalkRecord) -> TableState:
    return state.evolve(talk=(*state.talk, item))


def _enquiry(state: TableState, moment: Moment, event: TalkEvent) -> TalkRecord:
    edition = state.edition
    if isinstance(event, HandTakenOut):
        return HandTaken(event.seat, ref(edition, "17A"))
    if isinstance(event, ReviewRequested):
        return law20_review_explanation.review(moment, event.seat)
    if isinstance(event, ExplanationRequested):
        return law20_review_explanation.ask_for_explanation(moment, event.seat, event.about)
    if isinstance(event, ClarificationRequested):
        return law20_review_explanation.clarify(moment, event.seat, event.record)
    if isinstance(event, OpeningLeadAsked):
        return law20_review_explanation.whose_lead(moment, event.seat)
    if isinstance(event, AuctionRestated):
        return law20_review_explanation.restated(moment, event.seat, event.calls)
    if isinstance(event, ContractAsked):
        return law41_commencement.contract_enquiry(edition, moment.period, moment.turn,
                                                   event.seat, state.current_auction.contract())
    if isinstance(event, RightsReserved):
        refused = law16_information.may_reserve_rights(
            edition, law16_information.reserving_rights_allowed(state.regulations))
        if refused is not None:
            raise law20_review_explanation.refusal(refused, "the Regulating Authority does "
                                                   "not allow reserving rights; call the "
                                                   "Director")
        return Reservation(event.seat, ref(edition, "16B2"))
    assert isinstance(event, SystemCardConsulted)
    allowed = law20_review_explanation.own_card_consultation_allowed(state.regulations)
    return law20_review_explanation.consult_own_card(moment, event.seat, allowed)


def _disclosed(
    state: TableState, moment: Moment, event: Alerted | Explained
) -> tuple[TableState, Irregularity | None]:
    """An alert or an explanation; a late alert or a correction puts the misinformation
    before the Director (20F4, 20F5, then Law 21B)."""
    item: Alert | Explanation
    if isinstance(event, Alerted):
        item = law20_review_explanation.alert(moment, event.seat, event.record)
        corrected = item.late
        explainer = moment.callers[event.record].partner
    else:
        played = state.records[event.record]
        if isinstance(played, CardRecord):  # a card's meaning (a signal), by its side
            moment = replace(moment, callers={**moment.callers, event.record: played.seat})
        item = replace(law20_review_explanation.explain(moment, event.seat, event.record,
                                                        event.text), at=len(state.records))
        corrected = item.corrects
        explainer = _first_explainer(state, event.record) if corrected else event.seat
    state = _record(state, item)
    if not corrected:
        return state, None
    proper = item.proper if isinstance(item, Explanation) else _late_alert_proper(moment, item)
    if not proper:
        state = state.evolve(reviews=(*state.reviews, _improper_correction(item)))
    entry = state.records[event.record]
    # 47E2: a card the misinformed side played since the mistaken explanation.
    since = next((e.at for e in state.talk if isinstance(e, Explanation)
                  and e.record == event.record), event.record)
    standing = tuple((i, e.seat, e.card, e.trick) for i, e in enumerate(state.records)
                     if isinstance(e, CardRecord) and e.status is Status.STANDING)
    retraction = law45_47_card_played.misexplained_play(
        state.edition, state.play, standing, explainer, since, isinstance(entry, CallRecord))
    if retraction is not None or not isinstance(entry, CallRecord):
        return state, retraction
    return state, _misinformation(state, moment, explainer, entry.call, event.record)


def _first_explainer(state: TableState, record: int) -> Seat:
    """Who first explained the call at ``record``: the player whose explanation a later
    one corrects."""
    return next(item.seat for item in state.talk
                if isinstance(item, Explanation) and item.record == record)


def _late_alert_proper(moment: Moment, alert: Alert) -> bool:
    _, proper = law20_review_explanation.correction_timing(
        moment, alert.seat, moment.callers[alert.record].partner)
    return proper


def _improper_correction(item: Alert | Explanation) -> Review:
    return Review(item.law, msg("{seat} corrected his side's explanation at a time the Laws do "
                                "not allow: unauthorised information to his partner (16B)?",
                                seat=item.seat))


def _misinformation(state: TableState, moment: Moment, explainer: Seat, call: Call,
                    record: int) -> Irregularity:
    contract = state.current_auction.contract()
    declaring_side = contract.declarer.side if contract and contract.declarer else None
    over = moment.period in (Period.PLAY, Period.OVER)
    explanations = tuple(item.text for item in state.talk
                         if isinstance(item, Explanation) and item.record == record)
    return law21_misinformation.misinformation(state.edition, explainer, call, record,
                                               moment.calls, over, declaring_side,
                                               explanations, _card_meaning(state, explainer,
                                                                           record, call))


def _card_meaning(state: TableState, explainer: Seat, record: int, call: Call) -> str | None:
    """What the explaining side's system card says of ``call`` (Law 40: the Director's
    evidence), "" when it is silent, None when the side lodged no card."""
    card = law40_system.card_of(state.system_cards, explainer.side)
    if card is None:
        return None
    before = [entry.call for index, entry in enumerate(state.records)
              if isinstance(entry, CallRecord) and index < record and index in state.standing]
    agreement = card.agreement_for(before, call)
    return agreement.meaning if agreement is not None else ""


def _wrong_board(
    state: TableState, moment: Moment, event: WrongBoardReported
) -> tuple[TableState, Irregularity | None]:
    """Attention drawn to cards from a wrong board (9A): the call made with them is ruled on
    (2007 17D, 2017 15A)."""
    edition = state.edition
    if event.by is not None:
        refused = law09_11_procedure.may_draw_attention(edition, event.by, moment.period,
                                                        moment.dummy)
        if refused is not None:
            raise law20_review_explanation.refusal(refused, "dummy may not draw attention to an "
                                                   "irregularity before the end of play")
    clause = "17D" if edition is Edition.LAWS_2007 else "15A"
    state = _record(state, WrongBoardReport(event.seat, ref(edition, clause)))
    contract = state.current_auction.contract()
    declaring_side = contract.declarer.side if contract and contract.declarer else None
    irregularity = law17_auction_period.wrong_board(edition, event.seat, moment.calls,
                                                    declaring_side)
    return state, irregularity
