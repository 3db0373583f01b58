"""``Table``: the facade over the pure engine, holding the event log."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from dupbridge.core.board import Board
from dupbridge.core.calls import Call
from dupbridge.core.cards import Card, CardSet
from dupbridge.core.edition import Edition
from dupbridge.core.errors import ActionRejected
from dupbridge.core.seats import Seat
from dupbridge.laws.machinery.answers import DIRECTOR, Answer, Chooser
from dupbridge.laws.machinery.profiles import Regulations, default_regulations

# ``events`` reads each event class on first use: the irregular actions' classes, and the
# laws their fields name, are loaded by the first such action (start-up). For the same
# reason the engine's law dispatch is imported where an action first needs it.
from dupbridge.table import events
from dupbridge.table.events.actions import CallMade, CardPlayed
from dupbridge.table.result import Result, board_result, scored_otherwise, scored_result
from dupbridge.table.state import Phase, TableState
from dupbridge.table.view import SeatView, view
from dupbridge.table.working import (
    _PLAYED,
    _SEATS,
    _SUIT_MASK,
    _TURN,
    NO_CALLS,
    NO_CARDS,
    WorkingState,
    legal_call_choices,
)

if TYPE_CHECKING:
    from dupbridge.laws.auction.law40_system import SystemCard
    from dupbridge.laws.irregularities.table_talk import TalkRecord
    from dupbridge.laws.machinery.ruling import Bar, Decision, Exposure, Ruling
    from dupbridge.rules.auction import CallChoices
    from dupbridge.table.events import Event


class Table:
    """One board at one table, under one edition of the Laws and one Regulating
    Authority's options.

    >>> table = Table(Board(1, Deal.random()), edition=Edition.LAWS_2017)
    >>> table.call(Seat.NORTH, "1NT")
    """

    # Slots: ``play`` and ``call`` read and write these for every action.
    __slots__ = ("_events", "_initial", "_snapshots", "_state", "_work", "turn")

    def __init__(
        self,
        board: Board,
        edition: Edition | str | None = None,
        regulations: Regulations | None = None,
    ) -> None:
        if isinstance(edition, str):  # "2017", as seats and calls are taken as text
            edition = Edition.parse(edition)
        if regulations is None:
            regulations = default_regulations(edition or Edition.LAWS_2017)
        if edition is not None and regulations.edition is not edition:
            raise ValueError(f"profile {regulations.name} is for the {regulations.edition.value} "
                             f"Laws, not {edition.value}")
        self._initial = TableState.initial(board, regulations.edition, regulations)
        self._events: list[Event] = []
        # Frozen states the engine made: (number of events, state after them), one after
        # each event the engine judged. Between two, regular calls and cards are taken by
        # the working state (``working.py``); the frozen state after them is built when
        # asked for and kept until the next event.
        self._snapshots: list[tuple[int, TableState]] = [(0, self._initial)]
        self._work = WorkingState.start(self._initial, initial=True)
        self._state: TableState | None = self._initial
        self.turn: Seat | None = (self._work.turn if self._work is not None
                                  else turn_of(self._initial))
        """Who is to act; None while a decision is pending or once the board is complete.
        An attribute kept with every action, not a property: read before every action."""

    # The log

    @property
    def state(self) -> TableState:
        state = self._state
        if state is None:
            assert self._work is not None
            state = self._state = self._work.materialise()
        return state

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(self._events)

    def apply(self, event: Event) -> None:
        """Apply any event (read ``state`` for the state after it); on ``ActionRejected``
        nothing is recorded. A regular call or card is taken by the working state; any
        other event goes through the engine's law dispatch (``engine.apply``)."""
        work = self._work
        if work is not None:
            kind = type(event)
            if kind is CallMade:
                assert isinstance(event, CallMade)
                if work.call(event.seat, event.call) is not None:
                    self._events.append(event)
                    self._state = None
                    self.turn = work.turn
                    return
            elif kind is CardPlayed:
                assert isinstance(event, CardPlayed)
                if work.card(event.seat, event.card) is not None:
                    self._events.append(event)
                    self._state = None
                    self.turn = work.turn
                    return
        from dupbridge.table.engine import apply  # the law dispatch: on first use (start-up)

        self._judged(apply(self.state, event), event)

    def _judged(self, new: TableState, event: Event) -> None:
        self._events.append(event)
        self._snapshots.append((len(self._events), new))
        self._state = new
        work = self._work = WorkingState.start(new)
        self.turn = work.turn if work is not None else turn_of(new)

    def undo(self) -> Event:
        """Take back the last event (the log is the undo): the state is the last frozen
        state the engine made with the regular actions after it taken again."""
        if not self._events:
            raise ActionRejected("nothing to undo")
        event = self._events.pop()
        count = len(self._events)
        if self._snapshots[-1][0] > count:
            self._snapshots.pop()
        at, base = self._snapshots[-1]
        self._work = WorkingState.start(base)
        self._state = base
        for later in self._events[at:]:
            taken = self._take_again(later)
            assert taken, f"{later} was taken as a regular action once"
            self._state = None
        work = self._work
        self.turn = work.turn if work is not None else turn_of(self.state)
        return event

    def _take_again(self, event: Event) -> bool:
        work = self._work
        if work is None:
            return False
        if isinstance(event, CallMade):
            return work.call(event.seat, event.call) is not None
        if isinstance(event, CardPlayed):
            return work.card(event.seat, event.card) is not None
        return False

    @classmethod
    def replay(
        cls,
        board: Board,
        events: Iterable[Event],
        edition: Edition | str | None = None,
        regulations: Regulations | None = None,
    ) -> Table:
        table = cls(board, edition=edition, regulations=regulations)
        for event in events:
            table.apply(event)
        return table

    # Actions

    def call(self, seat: Seat | str, call: Call | str) -> None:
        work = self._work
        if work is not None:
            # As ``apply``, one call shorter; a seat or call given as text is not the value
            # the working state compares: it is parsed below, and the call taken again.
            made = work.call(seat, call)
            if made is not None:
                self._events.append(made)
                self._state = None
                self.turn = work.turn
                return
        self.apply(CallMade(_seat(seat), call if isinstance(call, Call) else Call.parse(call)))

    def play(self, seat: Seat | str, card: Card | str) -> None:
        work = self._work
        # ``WorkingState.card`` written out here: a card is played some 45 times a board,
        # and entering the working state's method cost as much as its checks. The same
        # checks in the same order (the property tests hold both to the engine's fold:
        # ``play`` here, ``apply`` and ``undo`` there); anything else goes to ``apply``.
        # A seat or card given as text is not the value compared: parsed there, taken again.
        if work is not None and _TURN[work._turn] is seat and isinstance(card, Card):
            turn = work._turn
            index = card.index
            bit = 1 << index
            hands = work._hands
            hand = hands[turn]
            led = work._led
            regular = False
            if not hand & bit:
                pass  # not held: the engine's (Laws 45-47, 57...)
            elif led:
                # A card of the suit led follows suit: Law 44C asked only of another card;
                # a revoke (61A) is recorded by the engine.
                if bit & led or not hand & led:  # 44C on masks (``follows_suit_mask``)
                    regular = True
                    if work._beating[work._best] & bit:  # Law 44E-F: it wins the trick so far
                        work._best = index
                        work._winner = turn
            elif work._trick_count or not work._reviews_lead():  # the opening lead: 41A
                regular = True
                work._led = _SUIT_MASK[index]
                work._best = index
                work._winner = turn
            if regular:
                hands[turn] = hand ^ bit
                event = _PLAYED[turn * 52 + index]
                if event is None:
                    event = _PLAYED[turn * 52 + index] = CardPlayed(_SEATS[turn], card)
                current = work._current
                current.append(card)
                if len(current) < 4:
                    turn = work._turn = (turn + 1) & 3
                else:  # Law 44G: the trick's winner leads to the next
                    winner = work._winner
                    work._quitted.append((work._leader, tuple(current)))
                    work._won[winner & 1] += 1
                    tricks = work._trick_count = work._trick_count + 1
                    turn = work._leader = work._turn = winner if tricks < 13 else 4
                    work._current = []
                    work._led = 0
                self.turn = work.turn = _TURN[turn]
                self._events.append(event)
                self._state = None
                return
        self.apply(CardPlayed(_seat(seat), _card(card)))

    def lead_face_down(self, seat: Seat | str, card: Card | str) -> None:
        """Law 41A: the opening leader makes his opening lead face down."""
        self.apply(events.OpeningLeadFaceDown(_seat(seat), _card(card)))

    def face_lead(self, seat: Seat | str) -> None:
        """Law 41C: the face-down opening lead is faced; the play begins."""
        self.apply(events.OpeningLeadFaced(_seat(seat)))

    def withdraw_face_down_lead(self, seat: Seat | str) -> None:
        """Laws 41A, 47E2: the Director lets ``seat`` withdraw his face-down opening lead."""
        self.apply(events.FaceDownLeadWithdrawn(_seat(seat)))

    def expose(self, seat: Seat | str, card: Card | str, how: Exposure | str,
               also: Iterable[Card | str] = ()) -> None:
        """A card exposed other than by playing it in turn (Laws 45E, 48-50, 58B); ``also``:
        other cards exposed with it in the same act (dropped together...)."""
        from dupbridge.laws.machinery.irregularity import Exposure  # loaded with the events

        exposure = how if isinstance(how, Exposure) else Exposure(how)
        self.apply(events.CardExposed(_seat(seat), _card(card), exposure,
                               tuple(_card(other) for other in also)))

    def draw_attention(self, seat: Seat | str, record: int | None = None,
                       late: str = "") -> None:
        """Attention drawn to a revoke (Laws 61-64)."""
        self.apply(events.AttentionDrawn(_seat(seat), record, late))

    def designate(self, seat: Seat | str, text: str) -> None:
        """A card designated by words: declarer's designation of dummy's card (``seat`` is
        dummy; Law 46 resolves "high", "low", "win", a suit, a rank, "anything"), or a
        player naming his own card (45C4(a))."""
        self.apply(events.CardDesignated(_seat(seat), text))

    def change_designation(self, seat: Seat | str, card: Card | str) -> None:
        """The last card designated from ``seat``'s hand is to be replaced (45C4(b))."""
        self.apply(events.DesignationChanged(_seat(seat), _card(card)))

    def dummy_misplaced(self, record: int, named: Card | str) -> None:
        """Dummy's card at ``record`` was not the one declarer named (45D)."""
        self.apply(events.DummyMisplaced(record, _card(named)))

    def dummy_action(self, what: str, offender: Seat | str | None = None) -> None:
        """``breach`` (43A2), ``shown`` (2017 43A3), ``indicate`` (45F), ``warn-hand``
        (43B2(a)), ``prevent`` (``offender``'s irregularity, 42B2 / 2007 9A3), ``handled``
        (``offender`` handled dummy's cards, 45B)."""
        self.apply(events.DummyAction(what, None if offender is None else _seat(offender)))

    def point(self, seat: Seat | str, trick: int, won: bool,
              noticed_by: Seat | str | None = None) -> None:
        """``seat``'s card of quitted trick ``trick`` lies pointed as won or lost (65B);
        ``noticed_by`` draws attention to it: corrected in time, else a 16B note (65B3)."""
        by = None if noticed_by is None else _seat(noticed_by)
        self.apply(events.CardPointed(_seat(seat), trick, won, by))

    def inspect(self, seat: Seat | str, trick: int, *, own_card: bool = False,
                turned: bool = False, instructed: bool = False,
                purpose: str = "") -> None:
        """Law 66: ``seat`` inspects quitted trick ``trick``; refused (``ActionRejected``
        naming the clause) when the Laws do not allow it."""
        self.apply(events.TrickInspected(_seat(seat), trick, own_card, turned, instructed,
                                         purpose))

    def mix_cards(self, seat: Seat | str, after_claim: bool = False) -> None:
        """``seat`` disturbs his played cards (65D), or mixes them after a claim (66D)."""
        self.apply(events.PlayedCardsMixed(_seat(seat), after_claim))

    def ask_about_revoke(self, seat: Seat | str, asked: Seat | str) -> None:
        """61B: ``seat`` asks ``asked`` whether he has a card of the suit led."""
        self.apply(events.RevokeAsked(_seat(seat), _seat(asked)))

    def tell_turn(self, seat: Seat | str, told: Seat | str) -> None:
        """``seat`` tells ``told`` it is his turn to lead or play (47E1 when wrong)."""
        self.apply(events.TurnStated(_seat(seat), _seat(told)))

    def answer(self, question: str, value: Answer) -> None:
        self.apply(events.DirectorAnswered(question, value))

    def accept_defaults(self) -> None:
        """The Director accepts the proposed default of every open question. One answer may
        make a later question moot (e.g. 27B1(a) found, 27B1(b) is no longer asked), so the
        open questions are read again after each answer."""
        pending = self.pending
        if pending is None:
            raise ActionRejected("no decision is pending")
        while pending is not None and pending.open_questions:
            question = pending.open_questions[0]
            self.answer(question.id, question.default)
            pending = self.pending

    def choose(self, option: str, by: Chooser | None = None) -> None:
        self.apply(events.OptionChosen(option, by))

    # What is said at the table (Laws 16, 17, 20): ``record`` is a call's index in
    # ``state.records``. A request the Laws do not allow raises ``ActionRejected``.

    def take_hand(self, seat: Seat | str) -> None:
        """Law 17A: ``seat`` takes his cards out of the board."""
        self.apply(events.HandTakenOut(_seat(seat)))

    def alert(self, seat: Seat | str, record: int) -> None:
        self.apply(events.Alerted(_seat(seat), record))

    def explain(self, seat: Seat | str, record: int, text: str) -> None:
        """An explanation of a call by its side; a second one corrects the first (20F4-F5)
        and puts the misinformation before the Director (Law 21B)."""
        self.apply(events.Explained(_seat(seat), record, text))

    def request_review(self, seat: Seat | str) -> None:
        """Law 20B / 20C2: a full review of the auction."""
        self.apply(events.ReviewRequested(_seat(seat)))

    def request_explanation(self, seat: Seat | str, about: Iterable[int] = ()) -> None:
        """Law 20F: an explanation of the opponents' calls (of the calls at ``about``)."""
        self.apply(events.ExplanationRequested(_seat(seat), tuple(about)))

    def clarify(self, seat: Seat | str, record: int) -> None:
        """Law 20A: which call was just made."""
        self.apply(events.ClarificationRequested(_seat(seat), record))

    def ask_whose_lead(self, seat: Seat | str) -> None:
        """Law 20C1: a defender asks whether the opening lead is his."""
        self.apply(events.OpeningLeadAsked(_seat(seat)))

    def ask_contract(self, seat: Seat | str) -> None:
        """Law 41C: at his turn to play, a player asks what the contract is."""
        self.apply(events.ContractAsked(_seat(seat)))

    def restate(self, seat: Seat | str, calls: Iterable[Call | str]) -> None:
        """Law 20D-E: an opponent restates the auction for the player who asked."""
        parsed = tuple(c if isinstance(c, Call) else Call.parse(c) for c in calls)
        self.apply(events.AuctionRestated(_seat(seat), parsed))

    def reserve_rights(self, seat: Seat | str) -> None:
        """Law 16B2."""
        self.apply(events.RightsReserved(_seat(seat)))

    def consult_system_card(self, seat: Seat | str) -> None:
        """2007 Law 20G2 / 2017 20G3."""
        self.apply(events.SystemCardConsulted(_seat(seat)))

    def report_wrong_board(self, seat: Seat | str, by: Seat | str | None = None) -> None:
        """2007 Law 17D / 2017 15A: ``seat`` has called with cards from a wrong board."""
        self.apply(events.WrongBoardReported(_seat(seat), None if by is None else _seat(by)))

    # Information conveyed, and the Director called about it (Laws 16, 73)

    def convey(self, seat: Seat | str, means: str, what: str = "") -> None:
        """``seat`` conveyed information besides his calls and plays: a ``hesitation``,
        ``speed``, a ``remark``, a ``gesture``, ``manner``, a ``question``, an unexpected
        ``alert`` or an ``explanation`` (16B1, 73B1, 73D1). A fact, recorded in the talk."""
        self.apply(events.InformationConveyed(_seat(seat), means, what))

    def report_unauthorised_information(self, seat: Seat | str, about: int | None = None,
                                        action: int | None = None) -> None:
        """16B3: ``seat`` calls the Director because an opponent may have chosen an action
        suggested by his partner's conveyed information; the 16B questions follow."""
        self.apply(events.UnauthorisedInformationReported(_seat(seat), about, action))

    def report_false_inference(self, seat: Seat | str, about: int | None = None) -> None:
        """2007 73F / 2017 73E2: ``seat`` was misled by an opponent's manner or tempo."""
        self.apply(events.FalseInferenceReported(_seat(seat), about))

    def lodge_system_card(self, card: SystemCard) -> None:
        """Law 40: a pair's convention card, the Director's evidence of its agreements."""
        self.apply(events.SystemCardLodged.of(card))

    def consult_opponents_card(self, seat: Seat | str) -> None:
        """40B2(c): ``seat`` looks at the opponents' system card."""
        self.apply(events.OpponentsCardConsulted(_seat(seat)))

    def report_extraneous_information(self, seat: Seat | str, what: str = "") -> None:
        """2007 16C1 / 2017 16D1: ``seat`` accidentally learned ``what`` about the board."""
        self.apply(events.ExtraneousInformationReported(_seat(seat), what))

    # Facts about the cards and the board reported to the Director (Laws 13-15)

    def report_card_count(self, seat: Seat | str, card: Card | str,
                          short: Seat | str | None = None) -> None:
        """Law 13: ``seat`` holds ``card`` too many, a card of ``short``'s hand (None: a
        surplus card not part of the deal)."""
        self.apply(events.CardCountReported(_seat(seat), _card(card),
                                            None if short is None else _seat(short)))

    def card_found(self, seat: Seat | str, card: Card | str,
                   where: str = "elsewhere") -> None:
        """Law 14: ``seat``'s missing ``card`` is found ``elsewhere``, among the played cards
        (``trick``), or not at all (``lost``)."""
        self.apply(events.CardFound(_seat(seat), _card(card), where))

    def wrong_board_played(self, seat: Seat | str) -> None:
        """2007 Law 15 / 2017 15B: ``seat``'s pair is playing a board not designated for
        them."""
        self.apply(events.WrongBoardPlayed(_seat(seat)))

    # Queries

    @property
    def board(self) -> Board:
        return self._initial.board

    @property
    def edition(self) -> Edition:
        return self._initial.edition

    @property
    def pending(self) -> Decision | None:
        return self.state.pending

    @property
    def restrictions(self) -> tuple[Bar, ...]:
        """Active obligations: players required to pass (later: lead restrictions and
        penalty cards)."""
        return self.state.bars

    @property
    def rulings(self) -> tuple[Ruling, ...]:
        return self.state.rulings

    @property
    def talk(self) -> tuple[TalkRecord, ...]:
        """Alerts, explanations, reviews and questions, in order (Laws 16, 17, 20)."""
        return self.state.talk

    @property
    def phase(self) -> Phase:
        return self.state.phase

    def legal_calls(self) -> CallChoices:
        """The calls the player whose turn it is may make: only Pass for a player required
        to pass; nothing while a decision is pending or after the auction."""
        work = self._work
        if work is None:
            from dupbridge.table.engine import legal_calls  # an obligation in force: the laws'

            return legal_calls(self.state)
        if work._auction_over:  # no bar is in force on the working state: Laws 18-19 alone
            return NO_CALLS
        return legal_call_choices(work._min_rank, work._last_kind,
                                  (work._last_seat - work._next) % 2)

    def legal_cards(self) -> CardSet:
        """The cards the player whose turn it is may play: following suit first (44C), then
        declarer's lead restrictions (Law 26) and every rectification's restriction, then
        penalty cards (50C, 50D), a requirement he cannot meet dropped (59)."""
        work = self._work
        if work is None:
            from dupbridge.table.engine import legal_cards  # an obligation in force: the laws'

            return legal_cards(self.state)
        # No obligation is in force on the working state: Law 44C-D alone, on its masks.
        turn = work._turn
        if turn == 4:
            return NO_CARDS
        hand = work._hands[turn]
        # The cards of the suit led he holds (44C), else any card: a lead, or void (44D).
        # A new set each time, not one shared per holding from a table: a few small
        # objects that stay in the processor's cache cost less than look-ups in thousands.
        legal = _new_set(CardSet)
        _set_mask(legal, "mask", hand & work._led or hand)
        return legal

    def view(self, seat: Seat) -> SeatView:
        return view(self.state, seat)

    def result(self) -> Result | None:
        """The result once the board is complete, else None."""
        work = self._work
        if work is not None and self._state is None:
            # Regular actions since the last snapshot changed the contract and the tricks
            # only: the rest of the result is the snapshot's (rulings, reviews...).
            base = work.base
            if not base.rulings or not scored_otherwise(base.rulings):
                finished = work.finished()
                if finished is None:
                    return None
                contract, won = finished
                return scored_result(base, contract, won if contract is not None else None)
        return board_result(self.state)


def turn_of(state: TableState) -> Seat | None:
    """Who is to act in the frozen ``state`` (``Table.turn`` off the working state)."""
    if state.pending is not None or state.phase is Phase.COMPLETE:
        return None
    if state.play is not None:
        return state.lead_from or state.play.next_to_play  # 43B2(a): the chosen hand
    return state.current_auction.next_to_call


def _seat(seat: Seat | str) -> Seat:
    return seat if isinstance(seat, Seat) else Seat.parse(seat)


def _card(card: Card | str) -> Card:
    return card if isinstance(card, Card) else Card.parse(card)


_new_set = object.__new__
_set_mask = object.__setattr__  # ``CardSet.__init__``'s checks passed by: a mask of a hand

__all__ = ["DIRECTOR", "Table"]
