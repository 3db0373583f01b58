"""``Table``: the facade over the pure engine, holding the event log."""

from __future__ import annotations

from collections.abc import Iterable

from dupbridge.core.board import Board
from dupbridge.core.calls import Call
from dupbridge.core.cards import Card, CardSet
from dupbridge.core.edition import Edition
from dupbridge.core.errors import ActionRejected
from dupbridge.core.seats import Seat
from dupbridge.laws.profiles import Regulations, default_regulations
from dupbridge.laws.ruling import DIRECTOR, Answer, Bar, BarKind, Chooser, Decision, Ruling
from dupbridge.rules.auction import CallChoices
from dupbridge.scoring.law77 import contract_score
from dupbridge.table.engine import apply
from dupbridge.table.events import CallMade, CardPlayed, DirectorAnswered, Event, OptionChosen
from dupbridge.table.result import Result
from dupbridge.table.state import Phase, TableState
from dupbridge.table.view import SeatView, view


class Table:
    """One board at one table, under one edition of the Laws and one Regulating
    Authority's options.

    >>> table = Table(Board(1, Deal.random()), edition=Edition.LAWS_2017)
    >>> table.call(Seat.NORTH, "1NT")
    """

    def __init__(
        self,
        board: Board,
        edition: Edition | None = None,
        regulations: Regulations | None = None,
    ) -> None:
        if regulations is None:
            regulations = default_regulations(edition or Edition.LAWS_2017)
        if edition is not None and regulations.edition is not edition:
            raise ValueError(f"profile {regulations.name} is for the {regulations.edition.value} "
                             f"Laws, not {edition.value}")
        self._initial = TableState(board, regulations.edition, regulations)
        self._states: list[TableState] = [self._initial]
        self._events: list[Event] = []

    # The log

    @property
    def state(self) -> TableState:
        return self._states[-1]

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(self._events)

    def apply(self, event: Event) -> TableState:
        """Apply any event; on ``ActionRejected`` nothing is recorded."""
        new = apply(self._states[-1], event)
        self._states.append(new)
        self._events.append(event)
        return new

    def undo(self) -> Event:
        """Take back the last event (the log is the undo)."""
        if not self._events:
            raise ActionRejected("nothing to undo")
        self._states.pop()
        return self._events.pop()

    @classmethod
    def replay(
        cls,
        board: Board,
        events: Iterable[Event],
        edition: Edition | None = None,
        regulations: Regulations | None = None,
    ) -> Table:
        table = cls(board, edition=edition, regulations=regulations)
        for event in events:
            table.apply(event)
        return table

    # Actions

    def call(self, seat: Seat | str, call: Call | str) -> TableState:
        who = seat if isinstance(seat, Seat) else Seat.parse(seat)
        what = call if isinstance(call, Call) else Call.parse(call)
        return self.apply(CallMade(who, what))

    def play(self, seat: Seat | str, card: Card | str) -> TableState:
        who = seat if isinstance(seat, Seat) else Seat.parse(seat)
        what = card if isinstance(card, Card) else Card.parse(card)
        return self.apply(CardPlayed(who, what))

    def answer(self, question: str, value: Answer) -> TableState:
        return self.apply(DirectorAnswered(question, value))

    def accept_defaults(self) -> TableState:
        """The Director accepts the proposed default of every open question."""
        pending = self.pending
        if pending is None:
            raise ActionRejected("no decision is pending")
        state = self.state
        for question in pending.open_questions:
            state = self.answer(question.id, question.default)
        return state

    def choose(self, option: str, by: Chooser | None = None) -> TableState:
        return self.apply(OptionChosen(option, by))

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
    def phase(self) -> Phase:
        return self.state.phase

    @property
    def turn(self) -> Seat | None:
        """Who is to act; None while a decision is pending or once the board is complete."""
        state = self.state
        if state.pending is not None or state.phase is Phase.COMPLETE:
            return None
        if state.play is not None:
            return state.play.next_to_play
        return state.current_auction.next_to_call

    def legal_calls(self) -> CallChoices:
        """The calls the player whose turn it is may make: only Pass for a player required
        to pass; nothing while a decision is pending or after the auction."""
        state = self.state
        auction = state.current_auction
        if state.pending is not None or auction.is_over:
            return CallChoices.none()
        seat = auction.next_to_call
        choices = auction.legal_calls(seat)
        for bar in state.bars:
            if bar.seat is not seat:
                continue
            if bar.kind is BarKind.PASS:
                return CallChoices.pass_only()
            if bar.kind is BarKind.NO_DOUBLE:
                choices = choices.without_doubles()
            elif bar.call is not None and bar.call in choices:
                # Must repeat his call (31A1/32B1). A repeat that is not legal here (an
                # insufficient bid, an inadmissible double) is no legal call at all: it
                # will be ruled on in its own right (Laws 27, 36), so nothing is offered
                # in its place.
                return CallChoices.only(bar.call)
        return choices

    def legal_cards(self) -> CardSet:
        """The cards the player whose turn it is may play (Law 44C)."""
        state = self.state
        if state.pending is not None or state.play is None:
            return CardSet()
        return state.play.legal_cards()

    def view(self, seat: Seat) -> SeatView:
        return view(self.state, seat)

    def result(self) -> Result | None:
        """The result once the board is complete, else None."""
        state = self.state
        if state.phase is not Phase.COMPLETE:
            return None
        contract = state.contract
        tricks = None
        score_ns = 0
        if contract is not None and state.play is not None:
            assert contract.declarer is not None
            tricks = state.play.declarer_tricks
            vulnerable = state.board.vulnerability.is_vulnerable(contract.declarer)
            score = contract_score(contract, tricks, vulnerable)
            score_ns = score if contract.declarer.side.value == "NS" else -score
        return Result(contract, tricks, score_ns, state.rulings, state.reviews,
                      state.lead_restrictions, state.information)


__all__ = ["DIRECTOR", "Table"]
