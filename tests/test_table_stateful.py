"""A hypothesis state machine driving ``Table`` with legal and irregular actions.

Actions: legal calls and cards; every kind of irregular call: changes of call (Law 25),
calls out of rotation (Laws 28-33), insufficient bids (Law 27) and their replacements,
bids above seven (Law 38), inadmissible doubles and redoubles (Law 36), calls by barred
players (Law 37, and the repeat and no-double obligations of Laws 30-32), calls after the
final pass (Law 39), calls before the ruling by a seat the pending decision waits for or
by a non-offender before the Director (11A); cards not held (rejected), cards during the
auction (Law 24), cards out of turn (Laws 53-57), revokes (Law 61); a defender's card (or several at once)
exposed (Law 49, then the penalty-card option), attention drawn to a revoke (then its
correction, 62A); defective tricks (Law 67: a player passed over or a second card gone
into the trick, attention drawn later, an owed card supplied); the Director's answers and the choice of an option of the pending
decision (leads out of turn accepted or refused, declarer's Law 26 and penalty-card
options among them), driven generically: the defaults, then any option offered.

Every action is predicted to be recorded or rejected (``ActionRejected`` only for what
cannot happen at a table, docs/architecture.md), and a rejected action records nothing. Invariants
after every step: card conservation (a penalty card still counts as in its owner's hand; a
card put with a trick out of rotation, Law 67, as played by its owner),
at most 13 tricks, no card in two tricks, the record's standing cards are the play's, no bid above seven stands, every standing double or
redouble was permitted when made, no call is offered while a decision is pending, a
barred player is offered only Pass, rulings are never lost, records are well-formed,
a complete board has a result whose score is a multiple of 10.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from dataclasses import replace
from functools import partial

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

import seeded_machine
from dupbridge import (
    DOUBLE,
    PASS,
    REDOUBLE,
    ActionRejected,
    Bid,
    Board,
    Call,
    Card,
    Deal,
    Denomination,
    Edition,
    LawRef,
    Seat,
    Table,
)
from dupbridge.core.calls import ALL_BIDS
from dupbridge.core.cards import CardSet, full_pack
from dupbridge.laws.dispatch import RECTIFICATIONS, breached_bar
from dupbridge.laws.irregularities import law09_11_procedure
from dupbridge.laws.machinery.clauses import missed_turn
from dupbridge.laws.machinery.rectification import no_call_before_ruling
from dupbridge.laws.machinery.ruling import (
    DIRECTOR,
    Bar,
    BarKind,
    Chooser,
    Exposure,
    PenaltyCard,
    PlayRule,
    StandCall,
)
from dupbridge.laws.play.law48_50_exposed_cards import CardsExposed
from dupbridge.laws.play.law61_64_revokes import declarer_tricks_after
from dupbridge.laws.play.law67_defective_trick import owed_cards
from dupbridge.rules.auction import Auction
from dupbridge.table.engine import RECORDING_EFFECTS
from dupbridge.table.events import CardOmitted, DirectorAnswered, ExtraCardPlayed
from dupbridge.table.state import CallRecord, CardRecord, Phase, Status

EVERY_CALL: tuple[Call, ...] = (PASS, DOUBLE, REDOUBLE, *ALL_BIDS)
PACK: tuple[Card, ...] = tuple(sorted(full_pack()))
SEATS = st.sampled_from(list(Seat))
ANY_CALL = st.sampled_from(EVERY_CALL)
ABOVE_SEVEN = st.builds(
    Bid, st.integers(min_value=8, max_value=12), st.sampled_from(list(Denomination))
)


ACTIONS = [0]
"""Actions thrown at a table so far in this process (every call, card, exposure, answer,
choice, attention drawn..., accepted or rejected), counted by ``TableMachine._attempt``."""


class TableMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.table: Table | None = None
        self.rulings_seen = 0

    # Setup

    @initialize(
        edition=st.sampled_from(list(Edition)),
        seed=st.integers(min_value=0, max_value=2**32 - 1),
        number=st.integers(min_value=1, max_value=16),
    )
    def deal_board(self, edition: Edition, seed: int, number: int) -> None:
        self.table = Table(Board(number, Deal.random(random.Random(seed))), edition=edition)
        assert self.table.edition is edition
        assert self.table.phase is Phase.AUCTION
        assert self.table.turn is self.table.board.dealer

    @property
    def t(self) -> Table:
        assert self.table is not None
        return self.table

    # Helpers

    def _attempt(self, action: Callable[[], object], expect_accepted: bool | None) -> bool:
        """Run ``action``; if rejected, nothing may have been recorded. ``expect_accepted``
        (when not None) is the prediction of whether the table accepts it."""
        events, state = self.t.events, self.t.state
        ACTIONS[0] += 1
        try:
            action()
        except ActionRejected:
            assert self.t.events == events
            assert self.t.state is state
            assert expect_accepted is not True, "a possible action was rejected"
            return False
        assert expect_accepted is not False, "an impossible action was recorded"
        assert len(self.t.events) > len(events)
        assert self.t.events[: len(events)] == events
        return True

    def _call_is_possible(self, seat: Seat) -> bool:
        """A call is recorded unless the board is complete or a decision is pending that
        does not wait for this seat (Law 9B2), except a non-offending player's call before
        the Director was summoned (Law 11A)."""
        state = self.t.state
        if state.phase is Phase.COMPLETE:
            return False
        pending = state.pending
        if pending is None:
            return True
        rectification = RECTIFICATIONS[pending.irregularity.kind]
        if seat in pending.waits_for and rectification.before_ruling is not no_call_before_ruling:
            return True
        return law09_11_procedure.may_act_before_director(rectification, pending, seat)

    def _call(self, seat: Seat, call: Call) -> bool:
        possible = self._call_is_possible(seat)
        records = len(self.t.state.records)
        accepted = self._attempt(lambda: self.t.call(seat, call), possible)
        if accepted:
            # The call is recorded, whatever happens to it.
            assert any(
                isinstance(r, CallRecord) and r.seat is seat and r.call == call
                for r in self.t.state.records[records:]
            )
        return accepted

    def _card_is_possible(self, seat: Seat, card: Card) -> bool:
        state = self.t.state
        deal = state.board.deal
        assert deal is not None
        if card not in deal.hand(seat):
            return False
        if state.phase is Phase.COMPLETE:
            return False
        pending = state.pending
        if pending is not None and not (
                seat in pending.waits_for
                and RECTIFICATIONS[pending.irregularity.kind].card_before_ruling is not None):
            return False  # 9B2; a card the law waits for is taken (53A, 60A1)
        if pending is not None and any(
                (held, played) == (seat, card)
                for held, played, _ in pending.irregularity.cards_before_ruling):
            return False  # 60C: held for the ruling, no longer in the hand to play
        if state.play is not None and state.defects and pending is None:
            # The offender owes a card to a defective trick, supplied (67A1: one he can
            # legally play) or faced (67B1: of the suit led if he has one) as the
            # Director's rectification: no other card.
            owed = self._owed(seat)
            if owed is not None and card not in owed[1]:
                return False
        return state.play is None or state.play.holds(seat, card)

    def _owed(self, seat: Seat) -> tuple[str, CardSet] | None:
        """The clause under which ``seat`` owes a card to a defective trick (67A1 / 67B1)
        and the cards he may supply or face, or None (also when the play no longer shows
        him passed over: a card before his turn was withdrawn, 62A, and he plays in turn)."""
        play = self.t.state.play
        for defect in self.t.state.defects:
            if defect.seat is seat and defect.ruling in ("67A1", "67B1") and play is not None:
                trick = (play.tricks[defect.trick - 1] if defect.trick <= len(play.tricks)
                         else play.current_trick)
                if trick.omitted is not seat:
                    return None
                return defect.ruling, owed_cards(self.t.edition, defect, play.hand(seat),
                                                 trick.suit_led, self.t.state.obligations)
        return None

    def _play(self, seat: Seat, card: Card) -> bool:
        possible = self._card_is_possible(seat, card)
        records = len(self.t.state.records)
        accepted = self._attempt(lambda: self.t.play(seat, card), possible)
        if accepted:
            assert len(self.t.state.records) == records + 1
            entry = self.t.state.records[-1]
            assert isinstance(entry, CardRecord) and entry.seat is seat and entry.card is card
        return accepted

    def _held_by_a_watch(self) -> bool:
        """The pending decision is a later stage of a rectification whose ``Watch`` held
        the last call (``Watched.rule``)."""
        pending = self.t.pending
        return pending is not None and bool(pending.irregularity.stage)

    def _auction_turn(self) -> Seat | None:
        state = self.t.state
        if state.pending is not None or state.phase is not Phase.AUCTION:
            return None
        auction = state.current_auction
        return None if auction.is_over else auction.next_to_call

    # Legal actions (several at a time, so that boards get played to the end)

    @precondition(lambda self: len(self.t.legal_calls()) > 0)
    @rule(data=st.data(), count=st.integers(min_value=1, max_value=8))
    def legal_calls(self, data: st.DataObject, count: int) -> None:
        for _ in range(count):
            choices = self.t.legal_calls().as_tuple()
            if not choices:
                return
            seat = self.t.state.current_auction.next_to_call
            assert self.t.turn is seat
            # Pass is drawn often, so that auctions end (unless the player must repeat a
            # call, Law 31A1/32B1, when it is not among his choices).
            often = st.just(PASS) if PASS in choices else st.sampled_from(choices)
            call = data.draw(st.one_of(often, st.sampled_from(choices)))
            assert call in choices
            records = len(self.t.state.records)
            assert self._call(seat, call)
            new = self.t.state.records[records]
            assert isinstance(new, CallRecord) and new.seat is seat and new.call == call
            # A rectification that watches later calls may hold it for a ruling of its own
            # (e.g. the replacement of an insufficient bid, Law 27B).
            held = new.status is Status.PENDING and self._held_by_a_watch()
            assert new.status in (Status.STANDING, Status.CANCELLED) or held, (
                self.t.pending.describe() if self.t.pending else new)
            assert not new.implied
            self.check_table()

    @precondition(lambda self: len(self.t.legal_cards()) > 0)
    @rule(data=st.data(), count=st.integers(min_value=1, max_value=52))
    def legal_cards(self, data: st.DataObject, count: int) -> None:
        for _ in range(count):
            cards = tuple(sorted(self.t.legal_cards()))
            if not cards:
                return
            seat = self.t.turn
            assert seat is not None
            card = data.draw(st.sampled_from(cards))
            reviews = len(self.t.state.reviews)
            assert self._play(seat, card)
            entry = self.t.state.records[-1]
            assert isinstance(entry, CardRecord)
            assert entry.status is Status.STANDING and not entry.revoke
            assert len(self.t.state.reviews) >= reviews  # e.g. a penalty card's 50E item
            self.check_table()

    # Irregular calls

    @rule(seat=SEATS, call=ANY_CALL)
    def call_by_any_seat(self, seat: Seat, call: Call) -> None:
        """In rotation or not, legal or not, before or after the auction, pending or not."""
        self._call(seat, call)

    @precondition(lambda self: self._auction_turn() is not None)
    @rule(data=st.data(), call=st.one_of(st.just(PASS), ANY_CALL))
    def call_out_of_rotation(self, data: st.DataObject, call: Call) -> None:
        turn = self._auction_turn()
        assert turn is not None
        seat = data.draw(st.sampled_from([s for s in Seat if s is not turn]))
        self._call(seat, call)

    @rule(seat=SEATS, call=ABOVE_SEVEN, by_turn=st.booleans())
    def bid_above_seven(self, seat: Seat, call: Bid, by_turn: bool) -> None:
        turn = self._auction_turn()
        if by_turn and turn is not None:
            seat = turn
        before = self.t.state
        if self._call(seat, call) and before.pending is None and before.phase is Phase.AUCTION:
            assert self.t.pending is not None
            kinds = {"BID_ABOVE_SEVEN", "CHANGE_OF_CALL"}
            assert self.t.pending.irregularity.kind.name in kinds

    @precondition(lambda self: self._auction_turn() is not None)
    @rule(data=st.data())
    def inadmissible_double(self, data: st.DataObject) -> None:
        turn = self._auction_turn()
        assert turn is not None
        auction = self.t.state.current_auction
        call = data.draw(
            st.sampled_from([c for c in (DOUBLE, REDOUBLE) if not auction.is_permitted(turn, c)])
        )
        assert self._call(turn, call)
        assert self.t.pending is not None
        assert (self.t.pending.irregularity.kind.name == "INADMISSIBLE_DOUBLE"
                or self._held_by_a_watch())  # e.g. replacing an insufficient bid (27B3)
        assert self.t.state.current_auction == auction  # it does not stand

    @precondition(
        lambda self: self._auction_turn() is not None
        and not self.t.state.current_auction.is_sufficient(ALL_BIDS[0])
    )
    @rule(data=st.data())
    def insufficient_bid(self, data: st.DataObject) -> None:
        turn = self._auction_turn()
        assert turn is not None
        auction = self.t.state.current_auction
        low = [b for b in ALL_BIDS if not auction.is_sufficient(b)]
        call = data.draw(st.sampled_from(low))
        barred = breached_bar(self.t.restrictions, turn, call) is not None
        assert self._call(turn, call)
        pending = self.t.pending
        assert pending is not None
        expected = "BARRED_PLAYER_CALLED" if barred else "INSUFFICIENT_BID"
        assert pending.irregularity.kind.name == expected
        assert self.t.state.current_auction == auction

    @precondition(
        lambda self: self._auction_turn() is not None
        and any(bar.seat is self._auction_turn() for bar in self.t.restrictions)
    )
    @rule(data=st.data())
    def call_by_barred_player(self, data: st.DataObject) -> None:
        turn = self._auction_turn()
        assert turn is not None
        auction = self.t.state.current_auction
        # Calls that break the bar: other than Pass (required to pass), a double or redouble
        # (2007 30B2(b)), other than the call he must repeat (31A1/32B1).
        calls = [c for c in auction.legal_calls(turn).as_tuple()
                 if breached_bar(self.t.restrictions, turn, c) is not None]
        if not calls:
            return
        call = data.draw(st.sampled_from(calls))
        assert self._call(turn, call)
        pending = self.t.pending
        assert pending is not None
        assert pending.irregularity.kind.name == "BARRED_PLAYER_CALLED"

    @precondition(
        lambda self: self._auction_turn() is not None
        and bool(self.t.state.current_auction.calls)
        and self.t.state.current_auction.calls[-1].seat is self._auction_turn().rho  # type: ignore[union-attr]
    )
    @rule(call=ANY_CALL)
    def change_of_call(self, call: Call) -> None:
        """The player who has just called calls again before his LHO (Law 25)."""
        auction = self.t.state.current_auction
        seat = auction.calls[-1].seat
        assert self._call(seat, call)
        pending = self.t.pending
        assert pending is not None
        assert pending.irregularity.kind.name == "CHANGE_OF_CALL"
        assert pending.irregularity.offender is seat
        assert self.t.state.current_auction == auction  # nothing changes before the ruling

    @precondition(
        lambda self: self.t.state.current_auction.is_over and self.t.phase is not Phase.COMPLETE
    )
    @rule(seat=SEATS, call=ANY_CALL)
    def call_after_final_pass(self, seat: Seat, call: Call) -> None:
        before = self.t.state
        if self._call(seat, call) and before.pending is None:
            pending = self.t.pending
            assert pending is not None
            assert pending.irregularity.kind.name == "CALL_AFTER_FINAL_PASS"
            assert self.t.state.current_auction == before.current_auction

    @precondition(lambda self: self.t.pending is not None and bool(self.t.pending.waits_for)
                  and RECTIFICATIONS[self.t.pending.irregularity.kind].before_ruling
                  is not no_call_before_ruling)  # a law waiting for a card (53A)
    @rule(data=st.data(), call=ANY_CALL)
    def call_before_the_ruling(self, data: st.DataObject, call: Call) -> None:
        pending = self.t.pending
        assert pending is not None
        seat = data.draw(st.sampled_from(sorted(pending.waits_for)))
        rulings = len(self.t.rulings)
        records = len(self.t.state.records)
        assert self._call(seat, call)
        new = self.t.state.records[records]
        assert isinstance(new, CallRecord) and (new.seat, new.call) == (seat, call)
        # Either the law resolves the matter at once (a ruling without an option is added
        # and the call is dealt with), or the decision stays pending and includes the call.
        assert len(self.t.rulings) in (rulings, rulings + 1)
        if len(self.t.rulings) == rulings:
            assert new.status is Status.BEFORE_RULING
            assert self.t.pending is not None and self.t.pending.id == pending.id
            calls = self.t.pending.irregularity.calls_before_ruling
            assert calls and calls[-1] == (seat, call, records)
        else:
            assert self.t.rulings[-1].option is None
            assert self.t.rulings[-1].decision.id == pending.id
            now = self.t.pending
            if new.status is Status.PENDING:
                # Taken again in its new position (CallAgain), the call is itself irregular.
                assert now is not None and now.id != pending.id
                assert now.irregularity.record == records

    # Cards

    @rule(seat=SEATS, data=st.data())
    def card_not_held(self, seat: Seat, data: st.DataObject) -> None:
        """A card the seat was not dealt, or has already played: cannot happen."""
        deal = self.t.board.deal
        assert deal is not None
        play = self.t.state.play
        foreign = [c for c in PACK if c not in deal.hand(seat)]
        gone = [c for c in deal.hand(seat) if play is not None and not play.holds(seat, c)]
        card = data.draw(st.sampled_from(foreign + gone))
        assert not self._card_is_possible(seat, card)
        self._play(seat, card)

    @rule(seat=SEATS, data=st.data())
    def card_from_own_hand(self, seat: Seat, data: st.DataObject) -> None:
        """Any card the seat was dealt: during the auction (Law 24), out of turn, a revoke,
        already played (rejected), or legal."""
        deal = self.t.board.deal
        assert deal is not None
        card = data.draw(st.sampled_from(sorted(deal.hand(seat))))
        self._play(seat, card)

    @precondition(
        lambda self: self.t.pending is None
        and self.t.state.play is not None
        and self.t.state.play.next_to_play is not None
    )
    @rule(data=st.data())
    def card_out_of_turn(self, data: st.DataObject) -> None:
        play = self.t.state.play
        assert play is not None and play.next_to_play is not None
        # A player who owes a card to a defective trick supplies it out of rotation by
        # nature (67A1, 67B1): his card is that one, not a card out of turn.
        seats = [s for s in Seat if s is not play.next_to_play and len(play.hand(s))
                 and self._owed(s) is None]
        if not seats:
            return
        seat = data.draw(st.sampled_from(seats))
        card = data.draw(st.sampled_from(sorted(play.hand(seat))))
        assert self._play(seat, card)
        pending = self.t.pending
        assert pending is not None
        # An opening lead attempted by declarer or dummy: Law 24 applies (Law 54E).
        by_declaring_side = seat.side is play.declarer.side and not play.opening_lead_made
        lead = not play.current_trick.cards
        expected = ("CARD_DURING_AUCTION" if by_declaring_side
                    else "LEAD_OUT_OF_TURN" if lead else "PREMATURE_PLAY")
        trick = play.current_trick
        again = seat in {trick.seat_of(i) for i in range(len(trick.cards))} or any(
            r.seat is seat and r.rule is PlayRule.PLAY_CARD for r in self.t.state.restrictions)
        # A second card to the trick in progress: a lead to the next trick (57A), or a
        # fifth card (45E) once his partner has played too (or by the declaring side).
        assert (pending.irregularity.kind.name == expected
                or (again and pending.irregularity.kind.name == "FIFTH_CARD"))
        assert self.t.state.play is play  # nothing is played until the ruling

    @precondition(
        lambda self: self.t.pending is None
        and self.t.state.play is not None
        and self.t.state.play.next_to_play is not None
        and self.t.state.play.current_trick.cards != ()
    )
    @rule(data=st.data())
    def revoke(self, data: st.DataObject) -> None:
        play = self.t.state.play
        assert play is not None and play.next_to_play is not None
        seat = play.next_to_play
        led = play.current_trick.suit_led
        hand = play.hand(seat)
        if not hand.has_suit(led) or self._owed(seat) is not None:
            return  # a card owed to a defective trick goes there (67A1, 67B1)
        off_suit = [c for c in sorted(hand) if c.suit is not led]
        if not off_suit:
            return
        card = data.draw(st.sampled_from(off_suit))
        revokes = len(self.t.state.revokes)
        assert self._play(seat, card)
        entry = self.t.state.records[-1]
        assert isinstance(entry, CardRecord)
        assert entry.revoke and entry.status is Status.STANDING
        assert len(self.t.state.revokes) == revokes + 1  # recorded silently (Law 61A)
        # Silent: no decision about the revoke (one due at this point of the play may open:
        # declarer's penalty-card or Law 26 options at a lead).
        pending = self.t.pending
        assert pending is None or pending.irregularity.kind.name in (
            "PENALTY_CARD_LEAD", "LEAD_RESTRICTION")
        assert self.t.state.revokes[-1].failure.clause == "44C"
        assert not self.t.state.play.holds(seat, card)  # type: ignore[union-attr]

    # Exposed cards, penalty cards, revokes corrected (Laws 49-52, 61-62), and the
    # decisions that follow, driven generically: whatever the pending decision offers.

    def _settle(self, data: st.DataObject, prefer: tuple[str, ...] = (), rounds: int = 4) -> None:
        """The Director answers with the defaults, then an option is chosen: a preferred
        one if offered, else any; a ruling may open a further decision (e.g. declarer's
        50D2 options), settled the same way, a few times at most."""
        for _ in range(rounds):
            pending = self.t.pending
            if pending is None:
                return
            if pending.open_questions:
                assert self._attempt(self.t.accept_defaults, True)
                self.check_table()
                pending = self.t.pending
                assert pending is not None and not pending.open_questions
            ids = [o.id for o in pending.options]
            wanted = [i for i in prefer if i in ids]
            option = wanted[0] if wanted else data.draw(st.sampled_from(ids))
            assert self._attempt(partial(self.t.choose, option), True)
            self.check_table()

    @precondition(
        lambda self: self.t.pending is None
        and self.t.state.play is not None
        and self.t.state.play.opening_lead_made
        and not self.t.state.play.is_complete
    )
    @rule(data=st.data(), how=st.sampled_from([Exposure.DROPPED, Exposure.SHOWN, Exposure.NAMED]))
    def defender_exposes_card(self, data: st.DataObject, how: Exposure) -> None:
        """A defender's card face up other than by playing it (Law 49): a penalty card."""
        play = self.t.state.play
        assert play is not None
        defenders = [s for s in (play.declarer.lho, play.declarer.rho) if len(play.hand(s))]
        if not defenders:
            return
        seat = data.draw(st.sampled_from(defenders))
        held = [c for c in sorted(play.hand(seat))
                if not any(pc.card == c for pc in self.t.state.penalty_cards)]
        if not held:
            return
        card = data.draw(st.sampled_from(held))
        # Sometimes other cards go face up in the same act (dropped together): one event.
        also: list[Card] = []
        for _ in range(data.draw(st.integers(0, 2)) if len(held) > 1 else 0):
            other = data.draw(st.sampled_from(held))
            if other != card and other not in also:
                also.append(other)
        records = len(self.t.state.records)
        assert self._attempt(lambda: self.t.expose(seat, card, how, also), True)
        for offset, each in enumerate((card, *also)):
            entry = self.t.state.records[records + offset]
            assert isinstance(entry, CardRecord) and (entry.seat, entry.card) == (seat, each)
            assert self.t.state.play is not None and self.t.state.play.holds(seat, each)
        self.check_table()
        self._settle(data, prefer=("penalty-card",))
        if len(also) and all(any(pc.seat is seat and pc.card == each
                                 for pc in self.t.state.penalty_cards)
                             for each in (card, *also)):
            # 50B: two or more penalty cards are all major.
            assert all(pc.major for pc in self.t.state.penalty_cards if pc.seat is seat)

    @precondition(
        lambda self: self.t.pending is None
        and any(not r.established and not r.corrected for r in self.t.state.revokes)
    )
    @rule(data=st.data())
    def revoke_attention_drawn(self, data: st.DataObject) -> None:
        """Attention drawn to a revoke not yet established (Law 62A): corrected."""
        revoke = next(r for r in self.t.state.revokes if not r.established and not r.corrected)
        play = self.t.state.play
        assert play is not None
        others = [s for s in Seat if s.side is not revoke.seat.side and s is not play.dummy]
        seat = data.draw(st.sampled_from(others))
        if self._attempt(lambda: self.t.draw_attention(seat, revoke.record), None):
            self.check_table()
            self._settle(data, prefer=("correct",))

    # Defective tricks (Law 67), at most one per board, cheaply: a player passed over or a
    # second card of his gone into the trick, then (any time later) attention drawn, and an
    # owed card supplied at once.

    @precondition(
        lambda self: self.t.pending is None
        and self.t.state.play is not None
        and self.t.state.play.opening_lead_made
        and not self.t.state.play.is_complete
        and not self.t.state.defects
        and self.t.state.claim is None
    )
    @rule(data=st.data(), omit=st.booleans(), exposed=st.booleans())
    def defective_trick(self, data: st.DataObject, omit: bool, exposed: bool) -> None:
        play = self.t.state.play
        assert play is not None
        trick = play.current_trick
        if omit:
            if not trick.cards or trick.omitted is not None:
                return
            seat = play.next_to_play
            assert seat is not None
            assert self._attempt(lambda: self.t.apply(CardOmitted(seat)), True)
        else:
            seats = [trick.seat_of(i) for i in range(len(trick.cards))]
            seats = [s for s in seats if len(self.t.state.play.hand(s))]  # type: ignore[union-attr]
            if not seats:
                return
            seat = data.draw(st.sampled_from(seats))
            held = [c for c in sorted(play.hand(seat))
                    if not any(pc.card == c for pc in self.t.state.penalty_cards)]
            if not held:
                return
            card = data.draw(st.sampled_from(held))
            assert self._attempt(
                lambda: self.t.apply(ExtraCardPlayed(seat, card, exposed)), True)
        assert len(self.t.state.defects) == 1
        self.check_table()

    @precondition(
        lambda self: self.t.pending is None
        and any(not defect.ruling for defect in self.t.state.defects)
    )
    @rule(data=st.data())
    def defect_attention_drawn(self, data: st.DataObject) -> None:
        defect = self.t.state.defects[0]
        seat = data.draw(st.sampled_from([s for s in Seat if s.side is not defect.seat.side]))
        if not self._attempt(lambda: self.t.draw_attention(seat), None):
            return
        self.check_table()
        ruled = self.t.state.defects[0]
        owed = self._owed(ruled.seat)
        if owed is not None and self.t.pending is None:
            # The offender owes a card: he plays (or faces) one of those the law allows.
            card = data.draw(st.sampled_from(sorted(owed[1])))
            assert self._attempt(lambda: self.t.play(ruled.seat, card), True)
            assert self.t.state.defects[0].ruling == "done"
        self._settle(data)

    @precondition(lambda self: self.t.pending is not None)
    @rule(data=st.data())
    def settle_pending(self, data: st.DataObject) -> None:
        """Whatever is pending (a lead out of turn accepted or refused, declarer's penalty
        card options...): defaults answered, then any offered option."""
        self._settle(data)

    # The Director

    @rule()
    def accept_defaults(self) -> None:
        pending = self.t.pending
        if pending is None or not pending.open_questions:
            events, state = self.t.events, self.t.state
            ACTIONS[0] += 1
            if pending is None:
                with pytest.raises(ActionRejected):
                    self.t.accept_defaults()
            else:
                self.t.accept_defaults()  # nothing to answer: nothing recorded
            assert self.t.events == events and self.t.state is state
            return
        events = len(self.t.events)
        assert self._attempt(self.t.accept_defaults, True)
        # The default each time; an answer may open a further question (2007 27B1(b) once
        # 27B1(a) is ruled out) or settle one (2017 27B1(a) makes "comparable" moot; 2007
        # 25A1's "without pause" is moot once the call is found intended: never answered).
        answered = self.t.events[events:]
        assert answered and all(isinstance(e, DirectorAnswered) for e in answered)
        now = self.t.pending
        assert now is not None and not now.open_questions and now.id == pending.id
        assert all(now.answers[q.id] == q.default for q in now.questions
                   if q.id not in pending.answers and not q.moot(now.answers))

    @precondition(lambda self: self.t.pending is not None and bool(self.t.pending.open_questions))
    @rule(data=st.data())
    def answer_question(self, data: st.DataObject) -> None:
        pending = self.t.pending
        assert pending is not None
        question = data.draw(st.sampled_from(pending.open_questions))
        answer = data.draw(st.sampled_from(question.choices))
        assert self._attempt(lambda: self.t.answer(question.id, answer), True)
        assert self.t.pending is not None
        assert self.t.pending.answers[question.id] == answer

    @rule(
        question=st.sampled_from(["unintended", "without-pause", "comparable", "could-see",
                                  "same-or-more-precise", "nonsense"]),
        answer=st.sampled_from([True, False, 1, "yes"]),
    )
    def answer_any_question(self, question: str, answer: bool | int | str) -> None:
        """Only a question the pending decision asks, answered with one of its choices (or
        an alias of one, as 2017 23A's "yes") of the right type, is recorded (1 == True, but
        it is not a yes/no answer)."""
        pending = self.t.pending
        asked = next((q for q in pending.questions if q.id == question),
                     None) if pending is not None else None
        canonical = asked.canonical(answer) if asked is not None else None
        possible = (asked is not None and canonical in asked.choices
                    and type(canonical) is type(asked.default))
        self._attempt(lambda: self.t.answer(question, answer), possible)

    @precondition(lambda self: self.t.pending is not None)
    @rule(data=st.data())
    def choose_option(self, data: st.DataObject) -> None:
        pending = self.t.pending
        assert pending is not None
        option = data.draw(st.sampled_from(pending.options))
        rulings = len(self.t.rulings)
        possible = not pending.open_questions
        if self._attempt(lambda: self.t.choose(option.id), possible):
            assert len(self.t.rulings) == rulings + 1
            ruling = self.t.rulings[-1]
            assert ruling.option == option and ruling.decision == pending
            # Citations are derived (docs/ruling-vocabulary.md): every clause cited comes
            # from the option's effects or the answers, or is the reversion to a player who
            # missed his turn that the ruling set off (2007 17E2 / 2017 17D3, with Law 34),
            # and every recording effect (Cite, Review...) fired.
            edition = self.t.state.edition
            # A penalty card is cited as held: one its owner's other penalty card made
            # major rests on 2007 50B / 2017 50B2 and 50D (docs/ruling-vocabulary.md).
            two = LawRef(edition, "50B" if edition is Edition.LAWS_2007 else "50B2")
            offered = {law for effect in option.effects for law in (
                (*effect.clauses, *replace(effect, became_major=two).clauses)
                if isinstance(effect, PenaltyCard) else effect.clauses)}
            reversion = {missed_turn(edition), LawRef(edition, "34")}
            assert set(ruling.clauses) <= (offered | set(ruling.answered_clauses())
                                           | reversion)
            assert {law for effect in option.effects if isinstance(effect, RECORDING_EFFECTS)
                    for law in effect.clauses} <= set(ruling.clauses)
            # The decision is settled; any pending decision now is a new one.
            assert self.t.pending is None or self.t.pending.id != pending.id

    @rule(
        option=st.sampled_from(["rectify", "accept", "decline", "cancel", "replace", "keep",
                                "withdraw", "repeat", "simultaneous", "unnoticed",
                                "prohibit-spades", "no-restriction", "no-such-option"]),
        by=st.sampled_from([None, DIRECTOR, *Seat]),
    )
    def choose_by_name(self, option: str, by: Chooser | None) -> None:
        """An option is chosen only if it exists, the Director has answered every question,
        and it is chosen by whom Law 10C names (or nobody is named)."""
        pending = self.t.pending
        found = pending.option(option) if pending is not None else None
        possible = (
            pending is not None
            and not pending.open_questions
            and found is not None
            and (by is None or by == found.chosen_by)
        )
        self._attempt(lambda: self.t.choose(option, by), possible)

    # Invariants

    @invariant()
    def check_table(self) -> None:
        if self.table is None:
            return
        table = self.t
        state = table.state
        auction = state.current_auction
        pending = state.pending

        # Card conservation (Laws 1, 6, 44).
        if state.play is not None:
            play = state.play
            deal = state.board.deal
            assert deal is not None
            played: dict[Seat, list[Card]] = {s: [] for s in Seat}
            for trick in (*play.tricks, play.current_trick):
                for position, card in enumerate(trick.cards):
                    played[trick.seat_of(position)].append(card)
            for _, seat, card in play.added_cards:  # put with a trick out of rotation (67)
                played[seat].append(card)
            # Each seat's cards, held or played, are the ones he was dealt, each once (the
            # dealt hands share out the pack): checked on bit masks, it runs at every step.
            for s in Seat:
                mask = 0
                for card in played[s]:
                    mask |= card.bit
                held = play.hand(s).mask
                assert mask.bit_count() == len(played[s]), f"{s} played a card twice"
                assert held & mask == 0 and held | mask == deal.hand(s).mask, s
            # At most 13 tricks; a penalty card lies face up but is still in its owner's
            # hand (Law 50), and no card is a penalty card twice.
            assert len(play.tricks) <= 13
            penalty = [(pc.seat, pc.card) for pc in state.penalty_cards]
            assert len(penalty) == len(set(penalty))
            for seat, card in penalty:
                assert play.holds(seat, card), f"penalty card {card} not in {seat}'s hand"
            # The record's standing cards are the play: each in the trick it was played to.
            from_play = {(trick.seat_of(i), card, number)
                         for number, trick in enumerate((*play.tricks, play.current_trick), 1)
                         for i, card in enumerate(trick.cards)}
            # A card faced beside a defective trick (67B1) lies with it out of rotation.
            beside = {(r.seat, r.card, r.trick) for r in state.records
                      if isinstance(r, CardRecord) and r.status is Status.STANDING and r.trick
                      and r.law is not None and r.law.clause == "67B1"}
            from_records = {(r.seat, r.card, r.trick) for r in state.records
                            if isinstance(r, CardRecord) and r.status is Status.STANDING
                            and r.trick} - beside
            assert from_records == from_play, (sorted(map(str, from_records ^ from_play)))
            # Each card put with a trick out of rotation is an unseen second card not yet
            # ruled on, or a card faced beside it (67B1).
            unruled = {(d.trick, d.seat, d.card) for d in state.defects
                       if d.card is not None and not d.returned}
            assert {(s_, c) for t, s_, c in play.added_cards if (t, s_, c) not in unruled} \
                == {(s_, c) for s_, c, _ in beside}
            # The play is of the contract the auction reached.
            assert auction.is_over
            contract = auction.contract()
            assert contract is not None
            # 54A: declarer may have spread his hand and become dummy.
            assert play.declarer in (contract.declarer, contract.declarer.partner)
            assert play.trump == contract.denomination.suit

        # No bid above seven stands (Law 38), and every standing double or redouble was
        # permitted when made (Law 19), unless the Director found that nobody noticed it
        # before the opening lead (option `unnoticed`: 2017 36C, 2007 84D): rebuild the
        # auction call by call.
        unnoticed = {effect.record for ruling in state.rulings
                     if ruling.option is not None and ruling.option.id == "unnoticed"
                     for effect in ruling.effects if isinstance(effect, StandCall)}
        fresh = Auction(auction.dealer)
        for position, standing in enumerate(auction.calls):
            if isinstance(standing.call, Bid):
                assert 1 <= standing.call.level <= 7
            if standing.call is DOUBLE or standing.call is REDOUBLE:
                assert (state.standing[position] in unnoticed
                        or fresh.is_permitted(standing.seat, standing.call)), str(auction)
            fresh = fresh.with_call(standing.seat, standing.call, standing.deprived)
        assert fresh == auction
        assert len(state.standing) == len(auction.calls)
        for index, standing in zip(state.standing, auction.calls, strict=True):
            entry = state.records[index]
            assert isinstance(entry, CallRecord) and entry.status is Status.STANDING
            assert (entry.seat, entry.call) == (standing.seat, standing.call)

        # Whose turn it is.
        if pending is not None or state.phase is Phase.COMPLETE:
            assert table.turn is None
        elif state.play is not None:
            assert table.turn is state.play.next_to_play is not None
        else:
            assert table.turn is auction.next_to_call

        # Nothing is offered while a decision is pending.
        if pending is not None:
            assert len(table.legal_calls()) == 0
            assert len(table.legal_cards()) == 0
            assert table.turn is None
            assert pending.options
        # A barred player is offered only Pass at his turn (Law 37); one who must repeat his
        # call, only that call (31A1/32B1); one who may not double, no double (2007 30B2(b)).
        if pending is None and not auction.is_over:
            seat = auction.next_to_call
            kinds: dict[BarKind, Bar] = {}
            for bar in table.restrictions:
                if bar.seat is seat:
                    kinds.setdefault(bar.kind, bar)  # the first of each kind decides
            if BarKind.PASS in kinds:
                assert table.legal_calls().as_tuple() == (PASS,)
            elif BarKind.REPEAT in kinds:
                # Only the call he must repeat; nothing when it is no longer legal (it
                # will be ruled on in its own right, Laws 27, 36).
                repeat = kinds[BarKind.REPEAT].call
                assert table.legal_calls().as_tuple() == (
                    (repeat,) if repeat in auction.legal_calls(seat) else ())
            elif BarKind.NO_DOUBLE in kinds:
                offered = auction.legal_calls(seat).as_tuple()
                assert table.legal_calls().as_tuple() == tuple(
                    c for c in offered if c is not DOUBLE and c is not REDOUBLE)
            else:
                assert table.legal_calls().as_tuple() == auction.legal_calls(seat).as_tuple()
        if auction.is_over:
            assert len(table.legal_calls()) == 0
            assert not state.bars  # bars end with the auction

        # Rulings are never lost.
        assert len(state.rulings) >= self.rulings_seen
        assert state.rulings[: self.rulings_seen] == table.rulings[: self.rulings_seen]
        self.rulings_seen = len(state.rulings)

        # Records are well-formed.
        for entry in state.records:
            assert isinstance(entry, CallRecord | CardRecord)
            assert isinstance(entry.status, Status)
        pending_records = {i for i, r in enumerate(state.records) if r.status is Status.PENDING}
        if pending is None:
            assert not pending_records
            # Once ruled on, no call is left "before the ruling".
            assert all(r.status is not Status.BEFORE_RULING for r in state.records)
        else:
            # The irregular action awaits the ruling (a call before the ruling that is
            # itself irregular keeps its before-ruling status).
            # At a later stage of a rectification (``Irregularity.stage``) it is the call
            # its watch held, the last of ``later_calls``.
            later = pending.irregularity.later_calls
            held = {record for _, _, record in later}
            if isinstance(pending.irregularity, CardsExposed):
                # Cards exposed in the same act await the one ruling with it.
                held |= {record for _, record in pending.irregularity.also}
            assert pending_records <= {pending.irregularity.record} | held
            awaiting = later[-1][2] if pending.irregularity.stage and later else (
                pending.irregularity.record)
            # Declarer's Law 26 options at a first turn to lead await no action: the
            # decision's record is the withdrawn call it is about.
            # Nor do his 50D2 / 51 options (the record is the penalty card, face up).
            # A revoke's decision is about a card that stands in its trick (61A, 62).
            if pending.irregularity.kind.name not in ("LEAD_RESTRICTION", "PENALTY_CARD_LEAD",
                                                      "REVOKE"):
                assert state.records[awaiting].status in (
                    Status.PENDING,
                    Status.BEFORE_RULING,
                )

        # The result of a complete board (Laws 77, 79).
        result = table.result()
        if state.phase is Phase.COMPLETE:
            assert result is not None
            assert result.score_ns % 10 == 0
            assert table.turn is None
            if result.contract is None:
                assert result.score_ns == 0 and result.tricks is None
            else:
                assert result.tricks is not None and 0 <= result.tricks <= 13
                assert state.play is not None and state.play.is_complete
                declarer = state.play.declarer_tricks
                assert result.contract.declarer is not None
                assert result.tricks == declarer_tricks_after(
                    declarer, result.transfers, result.contract.declarer)  # Law 64
                defenders = state.play.tricks_won(state.play.declarer.side.other)
                assert declarer + defenders == 13
        else:
            assert result is None


SOAK = os.environ.get("DUPBRIDGE_SOAK", "") == "1"

# Derandomized: CI must give the same verdict on the same code. The random exploration that
# finds new defects is the soak (DUPBRIDGE_SOAK=1), which draws fresh examples every run.
# The soak's size: DUPBRIDGE_SOAK_EXAMPLES examples of DUPBRIDGE_SOAK_STEPS steps (by
# default 1,500 x 100, some minutes).
SOAK_EXAMPLES = int(os.environ.get("DUPBRIDGE_SOAK_EXAMPLES", "1500"))
SOAK_STEPS = int(os.environ.get("DUPBRIDGE_SOAK_STEPS", "100"))
TableMachine.TestCase.settings = settings(
    max_examples=SOAK_EXAMPLES if SOAK else 50,
    stateful_step_count=SOAK_STEPS if SOAK else 80,
    deadline=None,
    derandomize=not SOAK,
    database=None if not SOAK else settings.default.database,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
test_table_state_machine = TableMachine.TestCase
"""Hypothesis drives the machine and shrinks a failure to a short story."""

# Volume: the same machine driven by seeded random walks, cheap enough to throw at least
# 100,000 actions at the table in every run (DUPBRIDGE_SOAK=1: at least 1,000,000).
SEEDED_WALKS = 4400 if SOAK else 460
SEEDED_STEPS = 200
SEEDED_ACTIONS = 1_000_000 if SOAK else 100_000


def _walk(seed: int) -> None:
    seeded_machine.run(TableMachine, seed, SEEDED_STEPS, ("check_table",))


def test_table_seeded_walks_reach_the_action_count() -> None:
    """Every walk keeps every invariant (a failure names its seed and its last steps, to
    replay with ``seeded_machine.run``), and together they reach the action count."""
    before = ACTIONS[0]
    for seed in range(SEEDED_WALKS):
        _walk(seed)
    assert ACTIONS[0] - before >= SEEDED_ACTIONS


# Found by the machine


@pytest.mark.parametrize("edition", list(Edition))
def test_law25a_replacing_the_final_pass_discards_the_old_play(edition: Edition) -> None:
    table = Table(Board(1, Deal.random(random.Random(1))), edition=edition)
    for seat, call in zip(Seat, ("1S", "P", "P", "P"), strict=True):
        table.call(seat, call)
    assert table.phase is Phase.PLAY
    table.call(Seat.WEST, "2H")  # West meant 2H, not his final pass
    pending = table.pending
    assert pending is not None
    for question in pending.open_questions:
        table.answer(question.id, True)
    table.choose("replace")
    auction = table.state.current_auction
    assert str(auction) == "1S Pass Pass 2H"
    assert not auction.is_over
    # The auction is open again: the old contract's play must be gone.
    assert table.state.play is None
    assert table.phase is Phase.AUCTION
    assert len(table.legal_cards()) == 0
    assert table.turn is Seat.NORTH
    for seat in (Seat.NORTH, Seat.EAST, Seat.SOUTH):
        table.call(seat, "P")
    play = table.state.play
    assert play is not None
    assert play.declarer is Seat.WEST
    assert play.trump is Denomination.HEARTS.suit


@pytest.mark.parametrize("edition", list(Edition))
def test_law38c_bars_end_with_the_auction_ended_by_the_substituted_pass(
    edition: Edition,
) -> None:
    table = Table(Board(1, Deal.random(random.Random(0))), edition=edition)
    for seat, call in zip(Seat, ("1C", "P", "P"), strict=False):
        table.call(seat, call)
    table.call(Seat.WEST, "8C")  # in rotation, above seven
    table.choose("rectify")  # 38C: a pass is substituted, and the auction is over
    assert str(table.state.current_auction) == "1C Pass Pass Pass"
    assert table.phase is Phase.PLAY
    assert table.restrictions == ()


def test_law38c_bars_cleared_when_the_substituted_pass_passes_the_board_out() -> None:
    """The same with the substituted pass passing the board out."""
    table = Table(Board(1, Deal.random(random.Random(0))), edition=Edition.LAWS_2017)
    for seat in (Seat.NORTH, Seat.EAST, Seat.SOUTH):
        table.call(seat, "P")
    table.call(Seat.WEST, "8C")
    table.choose("rectify")
    assert str(table.state.current_auction) == "Pass Pass Pass Pass"
    assert table.phase is Phase.COMPLETE
    assert table.restrictions == ()


@pytest.mark.parametrize("edition", list(Edition))
def test_law25a_call_before_the_ruling_is_settled_by_the_replace_option(
    edition: Edition,
) -> None:
    table = Table(Board(1, Deal.random(random.Random(1))), edition=edition)
    for seat, call in zip(Seat, ("1S", "P", "P", "P"), strict=True):
        table.call(seat, call)
    table.call(Seat.WEST, "2H")  # after the final pass: West meant 2H
    pending = table.pending
    assert pending is not None and pending.waits_for == {Seat.NORTH}
    for question in pending.questions:
        table.answer(question.id, True)
    table.call(Seat.NORTH, "P")  # West's LHO calls before the ruling
    table.choose("replace")
    assert table.pending is None
    assert str(table.state.current_auction) == "1S Pass Pass 2H"
    north = table.state.records[-1]
    assert isinstance(north, CallRecord) and north.seat is Seat.NORTH
    assert north.status is not Status.BEFORE_RULING


@pytest.mark.parametrize("edition", list(Edition))
def test_law17E2_law17D3_four_passes_the_first_out_of_rotation_pass_the_board_out(edition: Edition) -> None:
    table = Table(Board(1, Deal.random(random.Random(1))), edition=edition)  # North deals
    table.call(Seat.SOUTH, "P")  # out of rotation: North and East lose their turn
    table.call(Seat.WEST, "P")  # South's LHO calls over it: 29A, the pass stands
    auction = table.state.current_auction
    assert auction.calls[0].deprived == (Seat.NORTH, Seat.EAST)
    table.call(Seat.NORTH, "P")
    table.call(Seat.EAST, "P")
    # North and East have called since South's pass: nobody lost a turn (erratum A-4).
    result = table.result()
    assert result is not None and result.passed_out
