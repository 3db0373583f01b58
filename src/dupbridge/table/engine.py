"""``apply(state, event) -> state``: the pure heart of the table engine."""

from __future__ import annotations

from dataclasses import replace

from dupbridge.core.calls import PASS, Call
from dupbridge.core.cards import Card, CardSet
from dupbridge.core.edition import LawRef
from dupbridge.core.errors import ActionRejected
from dupbridge.core.messages import msg
from dupbridge.core.seats import Seat
from dupbridge.laws import (
    law09_11_procedure,
    law17_auction_period,
    law24_card_during_auction,
    law26_lead_restrictions,
    law28_calls_in_rotation,
    law41_commencement,
    law42_43_dummy,
    law45_47_card_played,
    law48_50_exposed_cards,
    law50_51_penalty_card_options,
    law61_64_revokes,
    law65_66_tricks,
    law67_defective_trick,
    law68_69_claims,
    play_obligations,
)
from dupbridge.laws.claim_effects import ClaimSettled, ClaimVoid
from dupbridge.laws.claim_normal import SuitOrder
from dupbridge.laws.clauses import missed_turn, ref
from dupbridge.laws.dispatch import (
    RECTIFICATIONS,
    AuctionSituation,
    CallVerdict,
    classify_call,
    classify_card,
    decide,
)
from dupbridge.laws.rectification import LaterCallContext, no_call_before_ruling
from dupbridge.laws.ruling import (
    AcceptCard,
    AdjustedScore,
    Bar,
    BarScope,
    CallAgain,
    CancelCalls,
    CancelFrom,
    Cite,
    Decision,
    Effect,
    Establish,
    ExposeCard,
    ImposeBar,
    InformationTag,
    Irregularity,
    IrregularityKind,
    LeadFrom,
    LeadRestriction,
    LiftBars,
    Option,
    PenaltyCard,
    PickUpPenaltyCards,
    PlayCard,
    PlayRecord,
    Resolution,
    RestrictLead,
    RestrictPlay,
    ReturnCard,
    ReturnPlayedCard,
    Review,
    Ruling,
    ScoreWithout,
    StandCall,
    SubstitutePass,
    SwapDeclarer,
    Watch,
)
from dupbridge.laws.table_talk import Explanation
from dupbridge.rules.auction import Auction
from dupbridge.rules.play import Play
from dupbridge.table.cards_and_boards import apply_board_event
from dupbridge.table.events import (
    BOARD_EVENTS,
    CLAIM_EVENTS,
    DEFECT_EVENTS,
    INFORMATION_EVENTS,
    LEAD_EVENTS,
    TALK_EVENTS,
    AgreementWithdrawn,
    AttentionDrawn,
    CallMade,
    CardDesignated,
    CardExposed,
    CardOmitted,
    CardPlayed,
    CardPointed,
    CardReplayed,
    ClaimAgreed,
    Claimed,
    ClaimEvent,
    Conceded,
    ConcessionCancelled,
    DesignationChanged,
    DirectorAnswered,
    DummyAction,
    DummyMisplaced,
    Event,
    ExtraCardPlayed,
    FaceDownLeadWithdrawn,
    HandFaced,
    OpeningLeadFaced,
    OpeningLeadFaceDown,
    OptionChosen,
    PlayAnnounced,
    PlayedAfterClaim,
    PlayedCardsMixed,
    RevokeAsked,
    TalkEvent,
    TrickClaimed,
    TrickInspected,
    TurnStated,
)
from dupbridge.table.information import apply_information
from dupbridge.table.state import CallRecord, CardRecord, Phase, Record, Status, TableState
from dupbridge.table.talk import apply_talk


def apply(state: TableState, event: Event) -> TableState:
    """The state after ``event``. Irregular actions are recorded and open a decision;
    ``ActionRejected`` is only for what cannot happen (see DESIGN.md). Then a decision the
    Laws open at this point of the play, if any (Law 26 at a first turn to lead)."""
    return _decision_due(_apply_event(state, event))


def _apply_event(state: TableState, event: Event) -> TableState:
    if isinstance(event, CallMade):
        return _call(state, event.seat, event.call)
    if isinstance(event, CardPlayed):
        return _card(state, event.seat, event.card)
    if isinstance(event, DirectorAnswered):
        return _answer(state, event.question, event.answer)
    if isinstance(event, OptionChosen):
        return _choose(state, event)
    if isinstance(event, TALK_EVENTS):
        return _talk(state, event)
    if isinstance(event, INFORMATION_EVENTS):  # Laws 16, 73: facts and the Director's call
        state, irregularity = apply_information(state, event)
        return state if irregularity is None else _open_decision(state, irregularity)
    if isinstance(event, BOARD_EVENTS):  # Laws 13-15: facts reported to the Director
        state, irregularity = apply_board_event(state, event)
        return state if irregularity is None else _open_decision(state, irregularity)
    if isinstance(event, CardExposed):
        return _card_exposed(state, event)
    if isinstance(event, DEFECT_EVENTS):
        return _defect_event(state, event)
    if isinstance(event, AttentionDrawn):
        return _attention_drawn(state, event)
    if isinstance(event, RevokeAsked):
        return _revoke_asked(state, event)
    if isinstance(event, TurnStated):  # 47E1: recorded; judged when the player acts
        if state.pending is not None:
            raise law09_11_procedure.no_action_until_ruling(state.pending, event.seat)
        item = law45_47_card_played.turn_stated(state.edition, state.play, event.seat,
                                                event.told, len(state.records))
        return state.evolve(talk=(*state.talk, item))
    if isinstance(event, CardPointed | TrickInspected | PlayedCardsMixed):
        return _tricks_event(state, event)
    if isinstance(event, CardDesignated | DesignationChanged | DummyMisplaced | DummyAction):
        return _dummy_event(state, event)
    if isinstance(event, LEAD_EVENTS):
        return _face_down_lead_event(state, event)
    if isinstance(event, CLAIM_EVENTS):
        return _claim_event(state, event)
    raise TypeError(f"not a table event: {event!r}")


def _talk(state: TableState, event: TalkEvent) -> TableState:
    """Alerts, explanations, reviews... (Laws 16, 17, 20); some put a matter before the
    Director (a corrected explanation: 21B; cards from a wrong board: 17D / 15A)."""
    state, irregularity = apply_talk(state, event)
    return state if irregularity is None else _open_decision(state, irregularity)


# Calls


def _call(state: TableState, seat: Seat, call: Call) -> TableState:
    if state.phase is Phase.COMPLETE:
        raise ActionRejected(f"the board is complete; {seat.name.title()}'s {call} is too late")
    record = len(state.records)
    pending = state.pending
    if pending is not None:
        rectification = RECTIFICATIONS[pending.irregularity.kind]
        if (seat not in pending.waits_for
                or rectification.before_ruling is no_call_before_ruling):
            # A seat the law waits for a card from (53A) may not call either (9B2).
            if law09_11_procedure.may_act_before_director(rectification, pending, seat):
                return _call_before_director(state, pending, seat, call, record)
            raise law09_11_procedure.no_action_until_ruling(pending, seat)
        return _call_before_ruling(state, pending, seat, call, record)
    verdict = classify_call(_situation(state), seat, call, record)
    if state.watches:
        return _watched_call(state, seat, call, record, verdict)
    if verdict.implied_pass is None and verdict.irregularity is None:
        return _stand_new(state, CallRecord(seat, call, Status.STANDING))
    state = state.evolve(records=(*state.records, CallRecord(seat, call, Status.PENDING)))
    return _place(state, verdict, record)


def _watched_call(
    state: TableState, seat: Seat, call: Call, record: int, verdict: CallVerdict
) -> TableState:
    """A call while rectifications are still watching (``Watch``): each watching law sees
    it first. One may hold it for a decision of its own; otherwise it is placed as usual
    and the laws' effects follow."""
    watches: list[Watch] = []
    effects: list[Effect] = []
    rule: Irregularity | None = None
    outcomes = []
    for watch in state.watches:
        later_call = RECTIFICATIONS[watch.irregularity.kind].later_call
        context = LaterCallContext(watch.irregularity, seat, call, record,
                                   verdict.irregularity, state.current_auction, state.bars)
        outcomes.append((watch, later_call(context) if later_call is not None else None))
    # A call one law holds for its decision is not made yet: the other watching laws keep
    # watching, unchanged, and see the calls that follow.
    holder = next((outcome for _, outcome in outcomes
                   if outcome is not None and outcome.rule is not None), None)
    for watch, outcome in outcomes:
        if outcome is None or (holder is not None and outcome is not holder):
            watches.append(watch)
            continue
        if not outcome.done:
            watches.append(replace(watch, irregularity=outcome.keep or watch.irregularity))
        rule = rule or outcome.rule
        effects.extend(outcome.effects)
    state = state.evolve(watches=tuple(watches),
                         records=(*state.records, CallRecord(seat, call, Status.PENDING)))
    if rule is not None:
        state = _apply_effects(state, tuple(effects))
        return _open_decision(state, rule)
    state = _place(state, verdict, record)
    return _apply_effects(state, tuple(effects)) if effects else state


def _situation(state: TableState) -> AuctionSituation:
    return AuctionSituation(
        state.edition,
        state.current_auction,
        state.bars,
        state.standing,
        opening_lead_made=state.play is not None and state.play.opening_lead_made,
    )


def _place(state: TableState, verdict: CallVerdict, record: int) -> TableState:
    if verdict.implied_pass is not None:
        state = _implied_pass(state, verdict.implied_pass)
    if verdict.irregularity is not None:
        return _open_decision(state, verdict.irregularity)
    return _stand(state, record, law28_calls_in_rotation.rho_required_to_pass(state.edition))


def _implied_pass(state: TableState, seat: Seat) -> TableState:
    """Law 28A: RHO's compulsory pass is deemed made."""
    law = law28_calls_in_rotation.rho_required_to_pass(state.edition)
    return _stand_new(state, CallRecord(seat, PASS, Status.STANDING, law, implied=True))


def _stand_new(state: TableState, entry: CallRecord) -> TableState:
    """A new record whose call stands at once."""
    record = len(state.records)
    return _into_auction(state.evolve(records=(*state.records, entry)), record, entry)


def _stand(state: TableState, record: int, law: LawRef) -> TableState:
    """An existing record's call comes to stand (accepted, condoned, substituted)."""
    entry = state.records[record]
    assert isinstance(entry, CallRecord)
    entry = replace(entry, status=Status.STANDING, law=entry.law or law)
    return _into_auction(_replace_record(state, record, entry), record, entry)


def _into_auction(state: TableState, record: int, entry: CallRecord) -> TableState:
    """Into the auction, in rotation or (29A) from the offender, spending the caller's
    one-turn bar."""
    auction = state.current_auction
    deprived = _skipped(auction.next_to_call, entry.seat)
    bars = state.bars
    if bars:
        bars = tuple(b for b in bars if not (b.seat is entry.seat and b.scope is BarScope.NEXT))
    state = state.evolve(
        auction=auction.with_call(entry.seat, entry.call, deprived),
        standing=(*state.standing, record),
        bars=bars,
    )
    return _after_auction_change(state)


def _replace_record(state: TableState, index: int, entry: Record) -> TableState:
    return state.evolve(records=_records_with(state.records, index, entry))


def _skipped(turn: Seat, seat: Seat) -> tuple[Seat, ...]:
    skipped = []
    while turn is not seat:
        skipped.append(turn)
        turn = turn.lho
    return tuple(skipped)


def _after_auction_change(state: TableState) -> TableState:
    auction = state.current_auction
    missed = auction.needs_reversion
    if missed is not None:
        return _revert_to_missed_turn(state, missed[1])
    if not auction.is_over or state.play is not None:
        return state
    contract = auction.contract()
    deal = state.board.deal
    state = _cards_exposed_in_auction(state.evolve(bars=(), watches=()),
                                      contract.declarer if contract is not None else None)
    if contract is None or deal is None or not deal.is_complete:
        return state  # passed out (or nothing to play): the board is complete
    assert contract.declarer is not None
    return state.evolve(play=Play(deal, contract.declarer, contract.denomination))


def _cards_exposed_in_auction(state: TableState, declarer: Seat | None) -> TableState:
    """Law 24 at the end of the auction: the cards still face up go back to the hand of
    declarer or dummy, or become a defender's penalty cards."""
    exposed = tuple((index, entry.seat, entry.card) for index, entry in enumerate(state.records)
                    if isinstance(entry, CardRecord) and entry.status is Status.EXPOSED)
    if not exposed:
        return state
    for effect in law24_card_during_auction.at_end_of_auction(
        state.edition, declarer, exposed, state.penalty_cards
    ):
        state = _apply_effect(state, effect)
    return state


def _revert_to_missed_turn(state: TableState, first: int) -> TableState:
    """2007 17E2 / 2017 17D3 (Law 34): the auction does not end; it goes back to the player
    who missed his turn, and the passes from the one out of rotation on are cancelled; their
    information is unauthorised to the side of whoever passed out of rotation (16D / 16C)."""
    law = missed_turn(state.edition)
    auction = state.current_auction
    cancelled = state.standing[first:]
    passes = [(standing.seat, index, not standing.in_rotation)
              for standing, index in zip(auction.calls[first:], cancelled, strict=True)]
    for index in cancelled:
        state = _replace_record(state, index, _cancelled(state.records[index], law))
    tags = law17_auction_period.missed_turn_information(state.edition, passes)
    return state.evolve(
        auction=auction.without_last(len(cancelled)),
        standing=state.standing[:first],
        information=(*state.information, *tags),
    )


# Decisions


def _open_decision(state: TableState, irregularity: Irregularity) -> TableState:
    decision_id = f"d{state.decisions + 1}"
    decision = decide(irregularity, {}, decision_id)
    return state.evolve(pending=decision, decisions=state.decisions + 1)


def _call_before_ruling(
    state: TableState, pending: Decision, seat: Seat, call: Call, record: int
) -> TableState:
    state = state.evolve(records=(*state.records, CallRecord(seat, call, Status.BEFORE_RULING)))
    irregularity = pending.irregularity
    outcome = RECTIFICATIONS[irregularity.kind].before_ruling(irregularity, seat, call, record)
    if isinstance(outcome, Resolution):
        return _rule(state, pending, None, outcome.effects)
    decision = decide(outcome, pending.answers, pending.id)
    return state.evolve(pending=decision)


def _call_before_director(
    state: TableState, pending: Decision, seat: Seat, call: Call, record: int
) -> TableState:
    """Law 11A: a non-offending player acted before the Director was summoned; the call is
    recorded and the Director asked whether it forfeits the rectification."""
    state = state.evolve(records=(*state.records, CallRecord(seat, call, Status.BEFORE_RULING)))
    irregularity = pending.irregularity
    acted = replace(irregularity,
                    before_director=(*irregularity.before_director, (seat, call, record)))
    return state.evolve(pending=decide(acted, pending.answers, pending.id))


def _answer(state: TableState, question: str, answer: object) -> TableState:
    pending = state.pending
    if pending is None:
        raise ActionRejected("no decision is pending; there is no question to answer")
    asked = next((q for q in pending.questions if q.id == question), None)
    if asked is None:
        known = ", ".join(q.id for q in pending.questions) or "none"
        raise ActionRejected(f"decision {pending.id} asks no question {question!r} "
                             f"(its questions: {known})")
    answer = asked.canonical(answer)
    if answer not in asked.choices or type(answer) is not type(asked.default):
        raise ActionRejected(f"question {question!r} takes one of {asked.choices}, got {answer!r}")
    answers = {**pending.answers, question: answer}
    irregularity = pending.irregularity
    decision = decide(irregularity, answers, pending.id)
    return state.evolve(pending=decision)


def _choose(state: TableState, event: OptionChosen) -> TableState:
    pending = state.pending
    if pending is None:
        raise ActionRejected(f"no decision is pending; option {event.option!r} has nothing to rule")
    if pending.open_questions:
        ids = ", ".join(q.id for q in pending.open_questions)
        raise ActionRejected(f"the Director must first answer: {ids}")
    option = pending.option(event.option)
    if option is None:
        ids = ", ".join(o.id for o in pending.options)
        raise ActionRejected(
            f"decision {pending.id} has no option {event.option!r} (options: {ids})"
        )
    law09_11_procedure.check_chooser(option, event.by)
    state = _rule(state, pending, option, option.effects)
    return _held_cards(state, pending.irregularity)


def _rule(state: TableState, pending: Decision, option: Option | None,
          effects: tuple[Effect, ...]) -> TableState:
    """Resolve ``pending`` with ``effects`` (those of ``option``, or of the law itself when
    None) and record the ruling. Its citations are derived from what fired, never copied
    from the decision: the clauses of every effect that fired and those the Director's
    answers cite (``Ruling.answered_clauses``)."""
    index = len(state.rulings)
    ruling = Ruling(pending, option, None if option is None else option.chosen_by, (), effects,
                    pending.answers)
    state = state.evolve(pending=None, rulings=(*state.rulings, ruling))
    state, fired = _apply_and_cite(state, effects)
    if state.watches and state.pending is None:
        state = _calls_stood(state)
    cited = replace(ruling, clauses=tuple(sorted({*fired, *ruling.answered_clauses()})))
    return state.evolve(rulings=(*state.rulings[:index], cited, *state.rulings[index + 1:]))


def _calls_stood(state: TableState) -> TableState:
    """The watching laws see the calls a ruling made stand (``Rectification.calls_stood``),
    so that an obligation they create (31A1: repeat the call) is in force before the next
    call, and offered by ``legal_calls``, rather than found when that call is made."""
    watches: list[Watch] = []
    effects: list[Effect] = []
    for watch in state.watches:
        stood = RECTIFICATIONS[watch.irregularity.kind].calls_stood
        outcome = None if stood is None else stood(watch.irregularity, state.current_auction,
                                                   state.bars)
        if outcome is None or outcome.rule is not None:
            watches.append(watch)
            continue
        if not outcome.done:
            watches.append(replace(watch, irregularity=outcome.keep or watch.irregularity))
        effects.extend(outcome.effects)
    state = state.evolve(watches=tuple(watches))
    return _apply_effects(state, tuple(effects)) if effects else state


# Effects

RECORDING_EFFECTS = (Cite, Review, AdjustedScore, ScoreWithout)
"""Effects that record what the ruling says rather than change the play (a clause that
applied, an item for the Director at the end, an adjusted score, a double scored as not
made): they fire whenever they are applied."""


def fired(effect: Effect, before: TableState, after: TableState) -> bool:
    """Whether an applied effect fired, so that the ruling cites its clauses: a recording
    effect always does; any other only if it changed the table's state (a bar on a player
    after the auction has ended, a watch with nothing left to watch, penalty cards picked
    up from a hand that has none... did not, and their clauses are not cited)."""
    return isinstance(effect, RECORDING_EFFECTS) or after != before


def _apply_and_cite(state: TableState,
                    effects: tuple[Effect, ...]) -> tuple[TableState, set[LawRef]]:
    """Apply ``effects`` in order, as ``_apply_effects``; also the clauses of those that
    fired."""
    cited: set[LawRef] = set()
    start = state
    for effect in effects:
        before = state
        state = _apply_effect(state, effect)
        if fired(effect, before, state):
            cited.update(effect.clauses)
    if state.play is None:
        state = _after_auction_change(state)
    return state, cited | _reverted(start, state)


def _reverted(before: TableState, after: TableState) -> set[LawRef]:
    """The clauses of a reversion to a player who missed his turn that the ruling set off
    (the passes it cancels carry 2007 17E2 / 2017 17D3): those, and Law 34, which keeps
    his right to call."""
    law = missed_turn(after.edition)
    cancelled = any(isinstance(entry, CallRecord) and entry.law == law
                    and entry != before.records[index]
                    for index, entry in enumerate(after.records[:len(before.records)]))
    return {law, ref(after.edition, "34")} if cancelled else set()


def _apply_effects(state: TableState, effects: tuple[Effect, ...]) -> TableState:
    return _apply_and_cite(state, effects)[0]


def _apply_effect(state: TableState, effect: Effect) -> TableState:
    if isinstance(effect, CancelCalls):
        return _cancel(state, set(effect.records), effect)
    if isinstance(effect, CancelFrom):
        later = {i for i in range(effect.record, len(state.records))
                 if isinstance(state.records[i], CallRecord)}
        return _cancel(state, later, effect)
    if isinstance(effect, StandCall):
        return _stand(state, effect.record, effect.law)
    if isinstance(effect, SubstitutePass):
        offender = state.records[effect.record].seat
        return _stand_new(state, CallRecord(offender, PASS, Status.STANDING, effect.law, True))
    if isinstance(effect, ImposeBar):
        if state.current_auction.is_over:
            return state  # the substituted pass ended the auction: nobody is left to bar
        bar = Bar(effect.seat, effect.scope, effect.law, effect.kind, effect.call)
        return state.evolve(bars=(*state.bars, bar))
    if isinstance(effect, LiftBars):
        return state.evolve(bars=tuple(b for b in state.bars
                                       if not (b.seat is effect.seat and b.kind in effect.kinds)))
    if isinstance(effect, Watch):
        if state.current_auction.is_over:
            return state
        return state.evolve(watches=(*state.watches, effect))
    if isinstance(effect, CallAgain):
        if state.pending is not None:
            return state
        verdict = classify_call(_situation(state), effect.seat, effect.call, effect.record)
        if verdict.implied_pass is None and verdict.irregularity is None:
            return _stand(state, effect.record, effect.law)
        entry = state.records[effect.record]
        if verdict.irregularity is not None:
            state = _replace_record(state, effect.record, replace(entry, status=Status.PENDING))
        return _place(state, verdict, effect.record)
    if isinstance(effect, Review):
        return state.evolve(reviews=(*state.reviews, effect))
    if isinstance(effect, AdjustedScore):
        return state.evolve(adjustments=(*state.adjustments, effect))
    if isinstance(effect, LeadRestriction):
        return state.evolve(lead_restrictions=(*state.lead_restrictions, effect))
    if isinstance(effect, InformationTag):
        return state.evolve(information=(*state.information, effect))
    if isinstance(effect, ReturnPlayedCard):
        record = _played_record(state, effect)
        if effect.information is not None:
            tag = InformationTag(effect.information, record, effect.seat.side)
            state = state.evolve(information=(*state.information, tag))
        return _apply_effect(state, ReturnCard(effect.law, record))
    if isinstance(effect, ReturnCard):
        entry = _card_record(state, effect.record)
        if entry.status is Status.STANDING and entry.trick:
            state = _withdraw_played(state, effect.record, entry, effect.law)
        return _replace_record(state, effect.record,
                               replace(entry, status=Status.RETURNED, law=effect.law))
    if isinstance(effect, AcceptCard):
        entry = _card_record(state, effect.record)
        assert state.play is not None
        before = state.play
        play = before.with_lead_out_of_turn(entry.seat, entry.card)
        if state.penalty_cards or state.restrictions:
            # A penalty card led out of turn and accepted is played: spent (50D1).
            state = _obligations_after_card(state, before, play, entry.seat, entry.card)
        return _replace_record(state.evolve(play=play), effect.record,
                               replace(entry, status=Status.STANDING, law=effect.law,
                                       trick=_trick_number(play), out_of_turn=True))
    if isinstance(effect, ExposeCard | PenaltyCard):
        # Face up on the table, not played; a penalty card is kept for Laws 50-51 too.
        entry = _card_record(state, effect.record)
        if entry.status is Status.STANDING and entry.trick:
            state = _withdraw_played(state, effect.record, entry, effect.law)
        state = _replace_record(state, effect.record,
                                replace(entry, status=Status.EXPOSED, law=effect.law))
        if isinstance(effect, PenaltyCard):
            # A penalty card played again irregularly (e.g. prematurely, 57A) is one
            # penalty card, as the later ruling makes it.
            state = state.evolve(penalty_cards=play_obligations.with_penalty_card(
                state.edition, state.penalty_cards, effect))
        return state
    if isinstance(effect, PlayRecord):
        return _play_record(state, effect.record)
    if isinstance(effect, PlayCard):
        return _designated_card(state, effect.seat, effect.card)
    if isinstance(effect, RestrictPlay):
        return state.evolve(restrictions=(*state.restrictions, effect))
    if isinstance(effect, PickUpPenaltyCards):
        return state.evolve(penalty_cards=tuple(
            pc for pc in state.penalty_cards
            if not (pc.seat is effect.seat and effect.suit in (None, pc.card.suit))))
    if isinstance(effect, SwapDeclarer):
        assert state.play is not None and not state.play.opening_lead_made
        return _rebuild_play(state, declarer=state.play.dummy)
    if isinstance(effect, Establish):
        # A corrected revoke "established" is one Law 64 treats as if established (43B2(b)).
        return state.evolve(revokes=tuple(
            replace(revoke, established=True, forced=revoke.corrected)
            if revoke.record == effect.record else revoke
            for revoke in state.revokes))
    if isinstance(effect, RestrictLead):
        return state.evolve(lead_choices=(*state.lead_choices, effect))
    if isinstance(effect, LeadFrom):
        assert state.play is not None
        chosen = law42_43_dummy.chosen_hand(state.play, effect.seat)
        return state.evolve(lead_from=chosen)
    if isinstance(effect, ClaimSettled):
        assert state.claim is not None
        return state.evolve(claim=replace(state.claim, credited=effect.tricks))
    if isinstance(effect, ClaimVoid):
        return state.evolve(claim=None)  # play continues (68B2, 2017 68D2(b), 48B2)
    if isinstance(effect, Cite | ScoreWithout):
        return state  # ScoreWithout: read from the ruling by the scoring (Table.result)
    raise TypeError(f"unknown effect {effect!r}")


def _played_record(state: TableState, effect: ReturnPlayedCard) -> int:
    """The record of ``effect.seat``'s ``effect.card`` standing in a trick."""
    for index, entry in enumerate(state.records):
        if (isinstance(entry, CardRecord) and entry.seat is effect.seat
                and entry.card == effect.card and entry.status is Status.STANDING):
            return index
    raise AssertionError(f"{effect.seat.name.title()} has not played {effect.card}")


def _card_record(state: TableState, record: int) -> CardRecord:
    entry = state.records[record]
    assert isinstance(entry, CardRecord), f"record {record} is not a card"
    return entry


def _cancel(state: TableState, indices: set[int], effect: Effect) -> TableState:
    """Cancel calls: pending ones simply; standing ones leave the auction, and every
    standing call after them is rebuilt in order."""
    if not indices:
        return state
    for index in indices:
        state = _replace_record(state, index, _cancelled(state.records[index], effect.law))
    auction = state.current_auction
    kept = [(i, call) for i, call in zip(state.standing, auction.calls, strict=True)
            if i not in indices]
    rebuilt = Auction(auction.dealer, tuple(call for _, call in kept))
    play = state.play
    if play is not None and not rebuilt.is_over:
        # The auction reopens (Law 25A before the opening lead): no play yet after all.
        assert not play.opening_lead_made
        play = None
    return state.evolve(auction=rebuilt, standing=tuple(i for i, _ in kept), play=play)


def _cancelled(entry: Record, law: LawRef) -> CallRecord:
    assert isinstance(entry, CallRecord)
    return replace(entry, status=Status.CANCELLED, law=law)


# Cards


def _card(state: TableState, seat: Seat, card: Card) -> TableState:
    if state.defects and state.pending is None and _owed(state, seat) >= 0:
        # The card owed to a defective trick (67A1/67B1); not while the Director rules on
        # something else (9B2).
        return _card_owed(state, seat, card, _owed(state, seat))
    play = state.play
    if play is not None and play.holds(seat, card) and state.pending is None:
        # The common case, kept short: a card held, during the play, nothing pending.
        if play.is_complete or (state.adjustments and state.abandoned):  # e.g. 2017 15B1
            raise ActionRejected(msg("the board is complete; {seat} cannot play {card}", seat=seat,
                                 card=card))
        if state.claim is not None:
            raise law68_69_claims.play_suspended(seat, card)
    else:
        pending = state.pending
        if (pending is not None and seat in pending.waits_for
                and RECTIFICATIONS[pending.irregularity.kind].card_before_ruling is not None):
            _check_holding(state, seat, card)
            return _card_before_ruling(state, pending, seat, card)
        _check_card_may_be_played(state, seat, card)
    record = len(state.records)
    if state.lead_from is not None and seat.side is state.lead_from.side:
        return _lead_from_chosen_hand(state, seat, card, record)
    before_lead = play is None or not play.opening_lead_made
    exposed = _exposed(state, seat) if before_lead else ()
    verdict = classify_card(state.edition, play, seat, card, record, exposed,
                            state.restrictions)
    if verdict.irregularity is not None:
        if before_lead and play is not None:
            state = _face_down_lead_returned(state, seat)
        state = state.evolve(records=(*state.records, CardRecord(seat, card, Status.PENDING)))
        irregularity = law45_47_card_played.misinformed(verdict.irregularity, state.talk)
        if state.revokes and play is not None and law45_47_card_played.establishes_revoke(
                state.edition, law45_47_card_played.is_misinformed_turn(irregularity)):
            # 63A1: the offending side's card to a later trick, legal or not, establishes
            # its revokes (2017 47E1: not a lead an opponent misinformed him into).
            state = state.evolve(revokes=law61_64_revokes.established_by(
                state.revokes, seat, len(play.tricks) + 1))
        return _open_decision(state, irregularity)
    if before_lead:
        return _opening_lead_faced(state, seat, card, record)
    return _play_in_turn(state, seat, card, record)


def _face_down_lead_event(
    state: TableState, event: OpeningLeadFaceDown | OpeningLeadFaced | FaceDownLeadWithdrawn
) -> TableState:
    """Law 41: the opening lead made face down (41A) is a card record not yet played;
    facing it plays it (41C); the Director may have it withdrawn after a corrected
    misexplanation (41A, 47E2)."""
    if state.pending is not None:
        raise law09_11_procedure.no_action_until_ruling(state.pending, event.seat)
    face_down = state.face_down_lead
    if isinstance(event, OpeningLeadFaceDown):
        _check_holding(state, event.seat, event.card)
        law = law41_commencement.lead_face_down(state.edition, state.play, event.seat,
                                                face_down)
        assert state.play is not None
        if event.seat is not state.play.declarer.lho:  # his partner's turn: the Director rules
            return _face_down_lead_out_of_turn(state, event.seat, event.card)
        entry = CardRecord(event.seat, event.card, Status.FACE_DOWN, law)
        return state.evolve(records=(*state.records, entry))
    if face_down is None or _card_record(state, face_down).seat is not event.seat:
        raise ActionRejected(msg("{seat} has no face-down opening lead", seat=event.seat))
    if isinstance(event, OpeningLeadFaced):
        return _play_record(state, face_down)
    # 47E2: the lead was made before the opponents' mistaken explanation was corrected.
    corrected = any(isinstance(item, Explanation) and item.corrects and item.at > face_down
                    and item.seat.is_opponent_of(event.seat) for item in state.talk)
    return _apply_effects(state, law41_commencement.withdraw_face_down_lead(
        state.edition, face_down, event.seat, corrected))


def _face_down_lead_out_of_turn(state: TableState, seat: Seat, card: Card) -> TableState:
    """41A: the opening leader's partner leads face down; the card waits, unseen, for the
    Director's ruling."""
    play = state.play
    assert play is not None
    record = len(state.records)
    state = state.evolve(records=(*state.records, CardRecord(seat, card, Status.PENDING)))
    return _open_decision(state, Irregularity(
        IrregularityKind.FACE_DOWN_LEAD_OUT_OF_TURN, state.edition, seat, card, record,
        play.declarer.lho, declaring_side=play.declarer.side, is_lead=True,
        declarer=play.declarer))


def _opening_lead_faced(state: TableState, seat: Seat, card: Card, record: int) -> TableState:
    """The opening leader faces his lead: the face-down card if he made one (41C), else a
    lead faced at once, which is the lead (a procedure note where a regulation requires
    face-down leads, 41A)."""
    face_down = state.face_down_lead
    if face_down is None:
        review = law41_commencement.lead_faced_at_once(state.regulations, state.edition)
        state = _play_in_turn(state, seat, card, record)
        return state if review is None else state.evolve(reviews=(*state.reviews, review))
    led = _card_record(state, face_down).card
    if led != card:
        raise ActionRejected(msg("{seat} has led {card} face down: that is the card he faces "
                                 "(41A)", seat=seat, card=led))
    return _play_in_turn(state, seat, card, face_down)


def _face_down_lead_returned(state: TableState, seat: Seat) -> TableState:
    """Law 54 preamble: an opening lead faced out of turn by the partner of the player who
    led face down: the face-down card goes back to his hand, with no penalty card."""
    face_down = state.face_down_lead
    if face_down is None or _card_record(state, face_down).seat is not seat.partner:
        return state
    return _apply_effect(state, law41_commencement.face_down_lead_returned(state.edition,
                                                                           face_down))


def _lead_from_chosen_hand(state: TableState, seat: Seat, card: Card,
                           record: int) -> TableState:
    """43B2(a): declarer leads from the hand the defenders chose (refused from the other):
    the lead stands as if in turn (an accepted lead's bookkeeping, 53A) and establishes
    the declaring side's revokes (63A1)."""
    assert state.lead_from is not None and state.play is not None
    law42_43_dummy.check_chosen_hand(state.edition, state.lead_from, seat)
    if seat is state.play.next_to_play:  # the defenders chose the hand on lead
        return _play_in_turn(state.evolve(lead_from=None), seat, card, record)
    trick = len(state.play.tricks) + 1
    state = state.evolve(lead_from=None,
                         records=(*state.records, CardRecord(seat, card, Status.PENDING)))
    state = _apply_effect(state, law42_43_dummy.lead_stands(state.edition, record))
    if state.revokes:
        state = state.evolve(revokes=law61_64_revokes.established_by(state.revokes, seat, trick))
    return state


def _play_in_turn(state: TableState, seat: Seat, card: Card, record: int) -> TableState:
    """``seat`` plays ``card`` at his turn (recorded at ``record``: a new record, or one
    held back while the Director ruled). A card outside his obligations is a revoke (61A),
    recorded silently; a card of the offending side to a later trick establishes its
    pending revokes (63A1)."""
    play = state.play
    assert play is not None
    failure = None
    if state.penalty_cards or state.restrictions or not play.follows_suit(seat, card):
        failure = play_obligations.failure(state.edition, play, seat, card, state.obligations)
    breach = (law26_lead_restrictions.breach(play, state.lead_choices, seat, card)
              if state.lead_choices else None)
    after = play.with_card(seat, card)
    trick = _trick_number(after)
    entry = CardRecord(seat, card, Status.STANDING, None, failure is not None, trick)
    records = ((*state.records, entry) if record == len(state.records)
               else _records_with(state.records, record, entry))
    state = state.evolve(records=records, play=after)
    if state.revokes:
        state = state.evolve(revokes=law61_64_revokes.established_by(state.revokes, seat, trick))
    if failure is not None:
        revoke = law61_64_revokes.Revoke(record, seat, card, trick, failure.law, failure.faced,
                                         failure.penalty_card, dummy=seat is play.dummy)
        state = state.evolve(revokes=(*state.revokes, revoke))
    if state.penalty_cards or state.restrictions:
        state = _obligations_after_card(state, play, after, seat, card)
    if breach is not None:
        state = state.evolve(reviews=(*state.reviews, breach))
    return state


def _card_exposed(state: TableState, event: CardExposed) -> TableState:
    """A card exposed other than by playing it in turn (Laws 45E, 48-50, 58B): recorded, and
    ruled on when its law says so (declarer's exposed cards: no rectification, 48A)."""
    seat, card = event.seat, event.card
    _check_card_may_be_played(state, seat, card)
    play = state.play
    if play is None:
        raise ActionRejected(msg("a card exposed during the auction is ruled under Law 24: "
                                 "record it as a card played"))
    record = len(state.records)
    state = state.evolve(records=(*state.records, CardRecord(seat, card, Status.PENDING)))
    if event.how in law45_47_card_played.HELD:  # 45C1-C3: is it played?
        return _open_decision(state, law45_47_card_played.card_held(
            state.edition, play, seat, card, event.how, record))
    irregularity = law48_50_exposed_cards.card_exposed(state.edition, play, seat, card,
                                                       event.how, record)
    if irregularity is None:
        return _replace_record(state, record, CardRecord(seat, card, Status.RETURNED,
                                                         law48_50_exposed_cards.no_rectification(
                                                             state.edition)))
    return _open_decision(state, irregularity)


def _tricks_event(state: TableState,
                  event: CardPointed | TrickInspected | PlayedCardsMixed) -> TableState:
    """Laws 65-66: a card pointed (corrected in time, or a 16B note when late), a trick
    inspected (refused with its clause when the Laws do not allow it), played cards mixed
    (an item for the Director, 65D / 66D). The trick count always comes from the play."""
    play = state.play
    if play is None or not play.tricks:
        raise ActionRejected(msg("no trick has been quitted yet"))
    if isinstance(event, PlayedCardsMixed):
        review = law65_66_tricks.cards_mixed(state.edition, event.seat, event.after_claim)
        return state.evolve(reviews=(*state.reviews, review))
    try:
        if isinstance(event, TrickInspected):
            verdict = law65_66_tricks.inspection(
                state.edition, play, event.seat, event.trick, own_card=event.own_card,
                turned=event.turned, instructed=event.instructed, purpose=event.purpose)
            if not verdict:
                raise ActionRejected(msg("{law}: {reason}", law=verdict.law, reason=verdict.reason))
            return state
        pointing, late = law65_66_tricks.card_pointed(
            state.edition, play, law65_66_tricks.Pointing(event.seat, event.trick, event.won),
            event.noticed_by)
    except ValueError as error:
        raise ActionRejected(str(error)) from None
    state = state.evolve(pointings=law65_66_tricks.with_pointing(state.pointings, pointing))
    return state if late is None else state.evolve(reviews=(*state.reviews, late))


def _attention_drawn(state: TableState, event: AttentionDrawn) -> TableState:
    """Attention drawn to a revoke: the Director rules on it (Laws 61-64)."""
    if state.pending is not None:
        raise law09_11_procedure.no_action_until_ruling(state.pending, event.seat)
    play = state.play
    if play is None:
        raise ActionRejected(msg("there is no play yet: no revoke to draw attention to"))
    if any(not defect.ruling for defect in state.defects):
        return _defect_attention(state)
    if event.seat is play.dummy and not event.late and not play.is_complete:
        # 43A1(b): refused, unless dummy breached 43A2: then no rectification (43B3).
        return _apply_effects(state, law42_43_dummy.dummy_draws_attention(
            state.edition, False, state.dummy_breach))
    later = tuple((entry.seat, entry.card, index) for index, entry in enumerate(state.records)
                  if isinstance(entry, CardRecord) and entry.status is Status.STANDING
                  and entry.trick)  # for 62C2: the cards standing, in the order played
    revokes, irregularity = law61_64_revokes.attention_drawn(
        state.edition, state.revokes, play, event.seat, event.record, event.late, later,
        state.penalty_cards)
    state = state.evolve(revokes=revokes)
    return state if irregularity is None else _open_decision(state, irregularity)


# Designations and dummy (Laws 42-47)


def _dummy_event(
    state: TableState, event: CardDesignated | DesignationChanged | DummyMisplaced | DummyAction
) -> TableState:
    """A designation by words (45C4, 46), its change (45C4(b), 47C), dummy's misplaced card
    (45D), and what dummy did (42-43, 45F): each law module says what follows."""
    play = state.play
    if play is None or (not play.opening_lead_made and not isinstance(event, CardDesignated)):
        raise ActionRejected(msg("{event}: the play has not started", event=str(event)))
    edition = state.edition
    if isinstance(event, CardDesignated):
        outcome = law45_47_card_played.designation(edition, play, event.seat, event.text,
                                                   len(state.records))
        if isinstance(outcome, Card):
            return _designated_card(state, event.seat, outcome)
        if state.pending is not None:
            raise law09_11_procedure.no_action_until_ruling(state.pending, play.declarer)
        return _open_decision(state, outcome)
    if state.pending is not None:
        raise law09_11_procedure.no_action_until_ruling(state.pending, play.declarer)
    if isinstance(event, DesignationChanged):
        record = next((i for i in reversed(state.designations)
                       if _card_record(state, i).seat is event.seat
                       and _card_record(state, i).status is Status.STANDING), None)
        if record is None:
            raise ActionRejected(msg("{seat} has no designated card to change", seat=event.seat))
        later = tuple(seat for seat, _ in _played_after(state, record))
        return _open_decision(state, law45_47_card_played.change_of_designation(
            edition, play, event.seat, event.card, record, later))
    if isinstance(event, DummyMisplaced):
        entry = _card_record(state, event.record)
        if entry.seat is not play.dummy or entry.status is not Status.STANDING or not entry.trick:
            raise ActionRejected(msg("the card at record {record} is not dummy's played card",
                                 record=event.record))
        led = not any(isinstance(e, CardRecord) and e.status is Status.STANDING
                      and e.trick == entry.trick for e in state.records[:event.record])
        ruled = law45_47_card_played.misplaced_card(
            edition, play, event.record, entry.trick, event.named,
            _played_after(state, event.record), led)
        return _apply_effects(state, ruled.effects)
    return _dummy_action(state, play, event.what, event.offender)


def _dummy_action(state: TableState, play: Play, what: str,
                  offender: Seat | None = None) -> TableState:
    edition = state.edition
    if what in ("breach", "shown"):
        report = (law42_43_dummy.breach_reported(edition) if what == "breach"
                  else law42_43_dummy.hand_shown_to_dummy(edition))
        state = state.evolve(dummy_breach=state.dummy_breach or report.breach)
        return _apply_effects(state, report.effects)
    if what == "indicate":
        return _apply_effects(state, law45_47_card_played.dummy_indicated(edition))
    if what == "warn-hand":
        if not state.dummy_breach:
            return state  # a permitted prevention (42B2)
        return _open_decision(state, law42_43_dummy.wrong_hand_irregularity(
            edition, play, len(state.records)))
    if what == "handled" and offender is not None:
        return _apply_effects(state, law42_43_dummy.dummy_cards_handled(edition, play, offender))
    if what == "prevent" and offender is not None:
        flagged = law42_43_dummy.prevention(edition, play, offender, len(state.records))
        return state if flagged is None else _open_decision(state, flagged)
    raise ActionRejected(f"unknown dummy action {what!r}")


def _designated_card(state: TableState, seat: Seat, card: Card) -> TableState:
    """A card designated by words is played as if placed; its record is remembered so that
    the designation may be changed (45C4(b))."""
    record = len(state.records)
    state = _card(state, seat, card)
    entry = state.records[record] if record < len(state.records) else None
    if isinstance(entry, CardRecord) and entry.status is Status.STANDING:
        state = state.evolve(designations=(*state.designations, record))
    return state


def _played_after(state: TableState, record: int) -> tuple[tuple[Seat, int], ...]:
    """The hand and trick of each card standing in a trick, played after ``record``."""
    return tuple((e.seat, e.trick) for e in state.records[record + 1:]
                 if isinstance(e, CardRecord) and e.status is Status.STANDING and e.trick)


def _revoke_asked(state: TableState, event: RevokeAsked) -> TableState:
    """61B: a question about a possible revoke, recorded with the talk; refused (with the
    clause) when Law 61B does not allow it."""
    play = state.play
    if play is None or state.pending is not None:
        raise ActionRejected(msg("no revoke inquiry now: the play has not started or the "
                                 "Director is ruling"))
    enquiry = law61_64_revokes.revoke_enquiry(state.regulations, play.declarer, event.seat,
                                              event.asked)
    state = state.evolve(talk=(*state.talk, enquiry))
    forced = law42_43_dummy.revoke_asked_by_dummy(state.dummy_breach, play, state.revokes,
                                                  event.seat, event.asked)
    if forced is None:
        return state
    # 43B2(b): declarer, asked, is aware of his revoke: corrected, Law 64 as if established.
    state = state.evolve(revokes=tuple(forced if r.record == forced.record else r
                                       for r in state.revokes))
    return _attention_drawn(state, AttentionDrawn(play.declarer, forced.record))


def _claim_event(state: TableState, event: ClaimEvent) -> TableState:
    """Laws 68-69 (48B2, 63A2-A4): a claim or concession suspends play; the opponents agree
    (69A), a player doubts it (68D: the Director), or a defender's partner objects (68B2).
    A statement about the trick in progress is no claim; a card named for a later trick
    establishes the side's revokes (63A2)."""
    if state.pending is not None:
        raise law09_11_procedure.no_action_until_ruling(state.pending, event.seat)
    claims = law68_69_claims
    edition, play, made, record = state.edition, state.play, state.claim, len(state.records)
    if isinstance(event, Claimed | Conceded | HandFaced):
        if made is not None:
            raise ActionRejected(msg("a claim already stands: play is suspended (Law 68D)"))
        made = (claims.concession(edition, play, event.seat, event.tricks, record, event.total)
                if isinstance(event, Conceded) else
                claims.claim(edition, play, event.seat, event.tricks, event.statement, record,
                             event.total)
                if isinstance(event, Claimed) else
                claims.claim(edition, play, event.seat, None, "", record))
        effects = (*claims.revokes_established(edition, state.revokes, made),
                   *claims.clarification(edition, made))
        state = _apply_effects(state.evolve(claim=made), effects)
        if not isinstance(event, HandFaced):
            return state
        assert state.play is not None
        return _open_decision(state, claims.irregularity(
            edition, state.play, event.seat, next(iter(state.play.hand(event.seat))), record,
            claims.FACED))
    if play is None:
        raise ActionRejected(msg("there is no play yet"))
    if isinstance(event, TrickClaimed | PlayAnnounced):
        return _trick_statement(state, play, event)
    if isinstance(event, PlayedAfterClaim):
        return _card_after_claim(state, event.seat, event.card)
    if isinstance(event, AgreementWithdrawn | ConcessionCancelled):
        order = SuitOrder.from_profile(str(state.regulations.option("claim_suit_order")))
        return _open_decision(state, claims.correction(edition, play, made, event.seat,
                                                       isinstance(event, AgreementWithdrawn),
                                                       event.in_time, order))
    if made is None or made.settled:
        raise ActionRejected(msg("no claim is waiting for agreement") if made is None else
                                 msg("the claim is settled (withdrawal, 69B, is a later "
                                     "issue)"))
    if isinstance(event, ClaimAgreed):
        made, effects = claims.agreed(edition, made, event.seat, play.dummy, state.revokes)
        return _apply_effects(state.evolve(claim=made), effects)
    if event.seat is made.claimer:
        raise ActionRejected(msg("the claimer does not doubt his own claim"))
    if claims.partner_objects(edition, made, event.seat, play.declarer):
        return _apply_effects(state, claims.objection_effects(edition, made))
    order = SuitOrder.from_profile(str(state.regulations.option("claim_suit_order")))
    return _open_decision(state, claims.irregularity(
        edition, play, made.claimer, next(iter(play.hand(made.claimer))), made.record,
        claims.DOUBTED, claims.position(edition, made, order)))


def _card_after_claim(state: TableState, seat: Seat, card: Card) -> TableState:
    """68D: play stops once a claim is made. 2007 70D3: a card played all the same is
    evidence of the probable play (kept with the claim, not played); 2017: play resumes
    only by the agreement of all four (68D2(b))."""
    made = state.claim
    if made is None or made.settled:
        raise ActionRejected(msg("no claim is waiting for agreement"))
    if not law68_69_claims.play_after_claim_is_evidence(state.edition):
        raise law68_69_claims.play_suspended(seat, card)
    _check_holding(state, seat, card)
    entry = CardRecord(seat, card, Status.RETURNED, ref(state.edition, "70D3"))
    return state.evolve(claim=replace(made, after_claim=(*made.after_claim, (seat, card))),
                        records=(*state.records, entry))


def _trick_statement(state: TableState, play: Play,
                     event: TrickClaimed | PlayAnnounced
                     ) -> TableState:
    """63A2: a card named for a later trick establishes the side's revokes. 68 preamble: a
    statement about the trick in progress is no claim; what it tells is unauthorised for
    partner (Law 16); a card shown with it is no penalty card, unless the Director finds it
    played (57A)."""
    if isinstance(event, PlayAnnounced):
        _check_holding(state, event.seat, event.card)
        return state.evolve(revokes=law68_69_claims.announced(play, state.revokes, event.seat))
    law = ref(state.edition, "68")
    tag = InformationTag(law, len(state.records) - 1, event.seat.side.other)
    if event.card is None:
        return state.evolve(information=(*state.information, tag))
    _check_holding(state, event.seat, event.card)
    record = len(state.records)
    state = state.evolve(
        records=(*state.records, CardRecord(event.seat, event.card, Status.RETURNED, law)),
        information=(*state.information, replace(tag, record=record)))
    return _open_decision(state, law68_69_claims.irregularity(
        state.edition, play, event.seat, event.card, record, law68_69_claims.CURRENT_TRICK))


def _records_with(records: tuple[Record, ...], index: int, entry: Record) -> tuple[Record, ...]:
    return (*records[:index], entry, *records[index + 1:])


def _obligations_after_card(state: TableState, before: Play, after: Play, seat: Seat,
                            card: Card) -> TableState:
    """Once ``seat`` has played ``card`` (in turn, or a lead out of turn accepted): a penalty
    card played is spent (50D1), with its information tagged (50E); restrictions for one
    card are spent, prohibitions end when he loses the lead."""
    spent = law48_50_exposed_cards.penalty_card_played(
        state.edition, state.penalty_cards, seat, card)
    return state.evolve(
        penalty_cards=_without_penalty_card(state.penalty_cards, seat, card),
        restrictions=play_obligations.after_card(before, after, seat, state.restrictions),
        information=(*state.information, *spent),
    )


def _without_penalty_card(penalty_cards: tuple[PenaltyCard, ...], seat: Seat,
                          card: Card) -> tuple[PenaltyCard, ...]:
    return tuple(pc for pc in penalty_cards if not (pc.seat is seat and pc.card == card))


def _card_before_ruling(
    state: TableState, pending: Decision, seat: Seat, card: Card
) -> TableState:
    """A card by a player the pending decision waits for (e.g. the next hand after a lead
    out of turn, 53A / 60A1): its law says whether it settles the matter."""
    record = len(state.records)
    state = state.evolve(records=(*state.records, CardRecord(seat, card, Status.BEFORE_RULING)))
    irregularity = pending.irregularity
    handler = RECTIFICATIONS[irregularity.kind].card_before_ruling
    assert handler is not None
    outcome = handler(irregularity, seat, card, record)
    if isinstance(outcome, Resolution):
        return _held_cards(_rule(state, pending, None, outcome.effects), irregularity)
    return state.evolve(pending=decide(outcome, pending.answers, pending.id))


def _held_cards(state: TableState, irregularity: Irregularity) -> TableState:
    """60C: cards held while the Director ruled that the ruling did not itself play are
    classified now, in the order they were made."""
    for _, _, record in irregularity.cards_before_ruling:
        entry = state.records[record]
        if isinstance(entry, CardRecord) and entry.status is Status.BEFORE_RULING:
            state = _play_record(state, record)
    return state


def _play_record(state: TableState, record: int) -> TableState:
    """A card held back (pending, or made before the ruling) is now played, classified as
    if made now: in turn it is played (and may be a revoke), otherwise it is ruled on. While
    an earlier held card's irregularity is being ruled on (60C: two cards held), it waits
    for that ruling, held with it."""
    entry = state.records[record]
    assert isinstance(entry, CardRecord)
    pending = state.pending
    if pending is not None:
        irregularity = pending.irregularity
        if any(held == record for _, _, held in irregularity.cards_before_ruling):
            return state
        held = replace(irregularity, cards_before_ruling=(
            *irregularity.cards_before_ruling, (entry.seat, entry.card, record)))
        return state.evolve(pending=decide(held, pending.answers, pending.id))
    play = state.play
    verdict = classify_card(state.edition, play, entry.seat, entry.card, record,
                            held=state.restrictions)
    if verdict.irregularity is not None:
        state = _replace_record(state, record, replace(entry, status=Status.PENDING))
        return _open_decision(state, verdict.irregularity)
    return _play_in_turn(state, entry.seat, entry.card, record)


def _withdraw_played(state: TableState, record: int, entry: CardRecord,
                     law: LawRef) -> TableState:
    """A card played to a trick is taken back (a corrected revoke, 62; a retraction, 47):
    every card played after it goes back to its hand too, for its player to play again
    (62C1, 47D), and the play is rebuilt from the cards that stand."""
    records = list(state.records)
    withdrawn = {record}
    after_it = _played_after_in_trick(state, entry)
    for index in range(len(records)):
        later = records[index]
        if (isinstance(later, CardRecord) and later.status is Status.STANDING and later.trick
                and (index > record or (later.trick == entry.trick and later.seat in after_it))):
            records[index] = replace(later, status=Status.RETURNED, law=law)
            withdrawn.add(index)
    revokes = tuple(replace(revoke, corrected=True) if revoke.record in withdrawn else revoke
                    for revoke in state.revokes)
    state = state.evolve(records=tuple(records), revokes=revokes)
    return _rebuild_play(state, exclude=record)


def _played_after_in_trick(state: TableState, entry: CardRecord) -> frozenset[Seat]:
    """The seats that played after ``entry`` in its trick, in rotation from its leader
    (44B): a card recorded before it but held for its turn (60C) came after it."""
    play = state.play
    assert play is not None
    trick = (play.tricks[entry.trick - 1] if entry.trick <= len(play.tricks)
             else play.current_trick)
    position = (entry.seat - trick.leader) % 4
    return frozenset(seat for seat in Seat if (seat - trick.leader) % 4 > position)


def _rebuild_play(state: TableState, exclude: int = -1, declarer: Seat | None = None) -> TableState:
    """The play replayed from the cards that stand, in the order they went into their
    tricks. A card recorded before its turn (held while the Director ruled, then played in
    its turn, 60C) waits for that turn: a trick holds its cards in rotation (44B), so
    replaying it at its record's place would credit it to another player."""
    play = state.play
    contract = state.contract
    deal = state.board.deal
    assert play is not None and contract is not None and deal is not None
    rebuilt = Play(deal, declarer if declarer is not None else play.declarer,
                   contract.denomination)
    placed = {defect.placed for defect in state.defects}
    waiting: list[CardRecord] = []
    for index, entry in enumerate(state.records):
        if state.defects:
            rebuilt = _replay_defects(state, rebuilt, index)
        if (index != exclude and index not in placed and isinstance(entry, CardRecord)
                and entry.status is Status.STANDING and entry.trick):
            if entry.out_of_turn:
                rebuilt = rebuilt.with_lead_out_of_turn(entry.seat, entry.card)
            else:
                waiting.append(entry)
        rebuilt = _in_turn(rebuilt, waiting)
    if state.defects:
        rebuilt = _in_turn(_replay_defects(state, rebuilt, len(state.records)), waiting)
    # A card whose turn never came is left out rather than credited to another player:
    # a trick whose winner a supplied card changed (67A1) sends the later cards back to
    # their hands before the play is rebuilt again.
    return state.evolve(play=rebuilt)


def _in_turn(play: Play, waiting: list[CardRecord]) -> Play:
    """``play`` with the waiting cards whose turn has come played, oldest first."""
    while waiting:
        turn = play.next_to_play
        entry = next((entry for entry in waiting if entry.seat is turn), None)
        if entry is None:
            return play
        waiting.remove(entry)
        play = play.with_card(entry.seat, entry.card)
    return play


# Defective tricks (Law 67)


def _defect_event(state: TableState,
                  event: CardOmitted | ExtraCardPlayed | CardReplayed) -> TableState:
    """A player passed over in a trick, or a second card of his gone into it unseen: the
    play goes on (Law 67 rules when attention is drawn); the trick record holds it."""
    play = state.play
    if play is None or state.pending is not None or play.is_complete:
        raise ActionRejected(msg("a defective trick happens only in the play, nothing "
                                 "pending"))
    current = len(play.tricks) + 1
    at = len(state.records)
    if isinstance(event, CardReplayed):
        return _card_replayed(state, event)
    if isinstance(event, CardOmitted):
        if play.next_to_play is not event.seat:
            raise ActionRejected(msg("it is not {seat}'s turn to play", seat=event.seat))
        try:
            after = play.with_omission()
        except ValueError as error:
            raise ActionRejected(str(error)) from None
        defect = law67_defective_trick.TrickDefect(current, event.seat, None, at)
    else:
        _check_holding(state, event.seat, event.card)
        trick = current if play.current_trick.card_of(event.seat) is not None else current - 1
        if trick < 1 or (trick < current and play.tricks[-1].card_of(event.seat) is None):
            raise ActionRejected(msg("{seat} has no card in the trick", seat=event.seat))
        after = play.with_added_card(trick, event.seat, event.card)
        defect = law67_defective_trick.TrickDefect(trick, event.seat, event.card, at,
                                                   exposed=event.exposed)
    return state.evolve(play=after, defects=(*state.defects, defect))


def _card_replayed(state: TableState, event: CardReplayed) -> TableState:
    """2017 67B3: a card of ``seat``'s earlier trick, not kept with his quitted cards, is
    played again to the trick in progress. The card record stands in that trick (replayed
    like any card: it is no longer in his hand, so his hand is unchanged and he keeps a
    card too many); the card itself stays counted in its first trick. Law 67 rules when
    attention is drawn."""
    play = state.play
    assert play is not None
    seat, card = event.seat, event.card
    if play.next_to_play is not seat or event.trick != len(play.tricks) + 1:
        raise ActionRejected(msg("it is not {seat}'s turn to play to trick {trick}", seat=seat,
                                 trick=event.trick))
    first = next((number for number, trick in enumerate(play.tricks, start=1)
                  if trick.card_of(seat) == card), 0)
    if not first or any(d.replayed >= 0 and d.card == card for d in state.defects):
        raise ActionRejected(msg("{seat} played no {card} to an earlier trick", seat=seat,
                                 card=card))
    record = len(state.records)
    entry = CardRecord(seat, card, Status.STANDING, LawRef(state.edition, "67"),
                       trick=event.trick)
    defect = law67_defective_trick.TrickDefect(first, seat, card, record, replayed=record)
    return state.evolve(records=(*state.records, entry), play=play.with_card(seat, card),
                        defects=(*state.defects, defect))


def _replay_defects(state: TableState, play: Play, index: int) -> Play:
    """The defects that happened before record ``index``, applied again to a replayed
    play: a card supplied under 67A1 takes the omitted turn, a card faced under 67B1 lies
    beside its trick, an extra card returned to the hand is not replayed."""
    for defect in state.defects:
        placed = state.records[defect.placed] if defect.placed >= 0 else None
        if defect.returned or defect.replayed >= 0:
            pass
        elif defect.card is not None:
            if defect.at == index:
                play = play.with_added_card(defect.trick, defect.seat, defect.card)
        elif defect.at == index and _passed_over_now(play, defect):
            if (isinstance(placed, CardRecord) and placed.law is not None
                    and placed.law.clause == "67A1"):
                play = play.with_card(defect.seat, placed.card)
            else:
                play = play.with_omission()
        if (index == len(state.records) and isinstance(placed, CardRecord)
                and placed.law is not None and placed.law.clause == "67B1"):
            play = play.with_added_card(defect.trick, defect.seat, placed.card)
    return play


def _passed_over_now(play: Play, defect: law67_defective_trick.TrickDefect) -> bool:
    """Whether the replayed play is at the turn the offender was passed over at: his turn
    in the defective trick. Not so once a card before his was withdrawn (a revoke
    corrected, 62A): the trick is again in progress before his turn, he is no longer
    passed over and plays at his turn (``_owed``: he owes nothing)."""
    return (len(play.tricks) + 1 == defect.trick and play.next_to_play is defect.seat
            and bool(play.current_trick.cards) and play.current_trick.omitted is None)


def _defect_attention(state: TableState) -> TableState:
    """Attention drawn to a defective trick: the Director rules under Law 67 (the ruling
    is the review item of its clause); an extra card goes back to the hand now, an omitted
    card is owed by the offender, who plays it next."""
    play = state.play
    assert play is not None
    index = next(i for i, defect in enumerate(state.defects) if not defect.ruling)
    defect = state.defects[index]
    if defect.replayed >= 0:
        again = _card_record(state, defect.replayed).trick
        ruling = law67_defective_trick.rule_replayed(state.edition, defect, again,
                                                     again == len(play.tricks) + 1)
    else:
        ruling = law67_defective_trick.rule(state.edition, defect, play.tricks,
                                            play.current_trick,
                                            defect.seat.side is not play.declarer.side)
    defects = (*state.defects[:index], ruling.defect, *state.defects[index + 1:])
    review = Review(ruling.law, msg("defective trick {trick}: {seat}", trick=defect.trick,
                                     seat=defect.seat))
    state = state.evolve(defects=defects, reviews=(*state.reviews, review))
    effects = ruling.effects
    if ruling.defect.returned and defect.card is not None:
        # The card back in the hand is recorded, so that a penalty card can name it.
        record = len(state.records)
        entry = CardRecord(defect.seat, defect.card, Status.RETURNED, ruling.law)
        state = _rebuild_play(state.evolve(records=(*state.records, entry)))
        state = _revokes_by_returned_card(state, ruling.defect)
        effects = tuple(replace(effect, record=record) if isinstance(effect, PenaltyCard)
                        else effect for effect in effects)
    return _apply_effects(state, effects)


def _revokes_by_returned_card(state: TableState,
                              defect: law67_defective_trick.TrickDefect) -> TableState:
    """67B2(b): the returned card was in the offender's hand all along: a later trick of
    its suit to which he played another suit was a revoke (established once his side has
    played to a later trick, 63A1)."""
    play = state.play
    assert play is not None and defect.card is not None
    if defect.ruling != "done" or defect.trick >= len(play.tricks):
        return state
    numbers = law67_defective_trick.revokes_by_returned_card(defect.card, defect.seat,
                                                             defect.trick, play.tricks)
    revokes = list(state.revokes)
    for number in numbers:
        record = next(i for i, e in enumerate(state.records) if isinstance(e, CardRecord)
                      and e.seat is defect.seat and e.trick == number
                      and e.status is Status.STANDING)
        entry = _card_record(state, record)
        revokes.append(law61_64_revokes.Revoke(
            record, defect.seat, entry.card, number,
            LawRef(state.edition, "67B2(b)"), established=number < len(play.tricks) or any(
                play.current_trick.card_of(seat) is not None for seat in Seat
                if seat.side is defect.seat.side), noticed=True))
    return state.evolve(revokes=tuple(revokes))


def _owed(state: TableState, seat: Seat) -> int:
    """The defect (index) to which ``seat`` owes a card (67A1 / 67B1), or -1: only while
    the play shows him passed over in that trick (not once a card before his turn was
    withdrawn, 62A, and he has played at his turn since)."""
    play = state.play
    for index, defect in enumerate(state.defects):
        if (defect.seat is seat and defect.ruling in ("67A1", "67B1") and play is not None
                and _passed_over(play, defect)):
            return index
    return -1


def _passed_over(play: Play, defect: law67_defective_trick.TrickDefect) -> bool:
    trick = (play.tricks[defect.trick - 1] if defect.trick <= len(play.tricks)
             else play.current_trick)
    return trick.omitted is defect.seat


def cards_owed(state: TableState, seat: Seat) -> CardSet | None:
    """The cards ``seat`` may supply to a defective trick he owes a card to (67A1/67B1),
    or None when he owes none."""
    index = _owed(state, seat)
    play = state.play
    if index < 0 or play is None:
        return None
    defect = state.defects[index]
    trick = (play.tricks[defect.trick - 1] if defect.trick <= len(play.tricks)
             else play.current_trick)
    return law67_defective_trick.owed_cards(state.edition, defect, play.hand(seat),
                                            trick.suit_led, state.obligations)


def _card_owed(state: TableState, seat: Seat, card: Card, index: int) -> TableState:
    """The offender supplies the omitted card (67A1: a legal card, into the trick in
    rotation, its winner found again; the card led to the next trick goes back if the lead
    changes hands, spec §9 / erratum M2) or faces it (67B1: of the suit led if he has one,
    beside the trick, ownership unchanged, a revoke deemed on that trick)."""
    play = state.play
    assert play is not None
    _check_holding(state, seat, card)
    defect = state.defects[index]
    trick = (play.tricks[defect.trick - 1] if defect.trick <= len(play.tricks)
             else play.current_trick)
    allowed = cards_owed(state, seat)
    assert allowed is not None
    if card not in allowed:
        # The card is owed at the Director's instruction, in both cases one the law allows
        # (67A1: one he can legally play; 67B1: of the suit led if he has one): no other
        # card is supplied or faced.
        raise ActionRejected(msg("Law {clause}: {seat} must supply one of {cards}",
                                 clause=defect.ruling, seat=seat, cards=tuple(allowed)))
    law = LawRef(state.edition, defect.ruling)
    record = len(state.records)
    entry = CardRecord(seat, card, Status.STANDING, law, False, defect.trick)
    defects = (*state.defects[:index], law67_defective_trick.placed(defect, record),
               *state.defects[index + 1:])
    state = _penalty_card_supplied(state.evolve(records=(*state.records, entry),
                                                defects=defects), seat, card)
    if defect.ruling == "67B1":
        revoke = law61_64_revokes.Revoke(record, seat, card, defect.trick, law,
                                         established=True, noticed=True)
        return _rebuild_play(state.evolve(revokes=(*state.revokes, revoke)))
    before = trick.winner
    state = _rebuild_play(state)
    rebuilt = state.play
    assert rebuilt is not None
    tricks = rebuilt.tricks
    if defect.trick <= len(tricks) and tricks[defect.trick - 1].winner is not before:
        records = tuple(replace(e, status=Status.RETURNED, law=law)
                        if isinstance(e, CardRecord) and e.status is Status.STANDING
                        and e.trick > defect.trick else e for e in state.records)
        state = _rebuild_play(state.evolve(records=records))
    return state


def _penalty_card_supplied(state: TableState, seat: Seat, card: Card) -> TableState:
    """A penalty card supplied to a defective trick (67A1) or faced beside it (67B1) has
    left the hand for the played cards: it is played, so no longer a penalty card (50D1),
    its information tagged as for any penalty card played (50E)."""
    if not any(pc.seat is seat and pc.card == card for pc in state.penalty_cards):
        return state
    spent = law48_50_exposed_cards.penalty_card_played(
        state.edition, state.penalty_cards, seat, card)
    return state.evolve(penalty_cards=_without_penalty_card(state.penalty_cards, seat, card),
                        information=(*state.information, *spent))


def _exposed(state: TableState, seat: Seat) -> tuple[Card, ...]:
    """``seat``'s cards face up on the table from the auction (Law 24)."""
    return tuple(entry.card for entry in state.records if isinstance(entry, CardRecord)
                 and entry.seat is seat and entry.status is Status.EXPOSED)


def _decision_due(state: TableState) -> TableState:
    """A decision the Laws open at a point of the play rather than on an action (a lead
    while it is pending is rejected, as any action while the Director rules): declarer's
    Law 26 options at the offender's partner's first turn to lead; his Law 50D2 / 51B
    options when a defender with a major penalty card has his partner on lead, and his
    51A choice among several penalty cards the offender could play."""
    play = state.play
    if state.pending is not None or play is None:
        return state
    if state.lead_restrictions:
        restriction = law26_lead_restrictions.restriction_due(
            play, state.lead_restrictions, state.lead_choices)
        if restriction is not None:
            irregularity = law26_lead_restrictions.withdrawn_call(
                state.edition, restriction, state.current_auction,
                _withdrawn_record(state, restriction),
                law26_lead_restrictions.candidate_rule(state.regulations))
            return _open_decision(state, irregularity)
    if state.penalty_cards:
        due = law50_51_penalty_card_options.decision_due(
            state.edition, play, state.penalty_cards, state.rulings, len(state.records),
            state.restrictions)
        if due is not None:
            return _open_decision(state, due)
    return state


def _withdrawn_record(state: TableState, restriction: LeadRestriction) -> int:
    """The record of the call a lead restriction is about: the offender's latest such
    call (withdrawn or cancelled)."""
    for index in range(len(state.records) - 1, -1, -1):
        entry = state.records[index]
        if (isinstance(entry, CallRecord) and entry.seat is restriction.offender
                and entry.call == restriction.withdrawn):
            return index
    return len(state.records) - 1


def _check_card_may_be_played(state: TableState, seat: Seat, card: Card) -> None:
    if state.phase is Phase.COMPLETE:
        raise ActionRejected(msg("the board is complete; {seat} cannot play {card}", seat=seat,
                                 card=card))
    if state.pending is not None:
        raise ActionRejected(
            msg("the Director is ruling on {irregularity}; no player acts until the ruling "
                "(Law 9B2)", irregularity=state.pending.irregularity.describe())
        )
    if state.claim is not None:
        raise law68_69_claims.play_suspended(seat, card)
    _check_holding(state, seat, card)


def _trick_number(play: Play) -> int:
    """The trick the card just played went to (1-based)."""
    return len(play.tricks) + (1 if play.current_trick.cards else 0)


def _check_holding(state: TableState, seat: Seat, card: Card) -> None:
    deal = state.board.deal
    hand = deal[seat] if deal is not None else None
    if hand is None:
        raise ActionRejected(msg("the hand of {seat} is not known; no card can be played",
                                 seat=seat))
    if card not in hand:
        raise ActionRejected(msg("{seat} does not hold {card}", seat=seat, card=card))
    if state.play is not None and not state.play.holds(seat, card):
        raise ActionRejected(msg("{seat} has already played {card}", seat=seat, card=card))
