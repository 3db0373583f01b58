"""Which law an action falls under, in the order of the catalogue's dispatch (§3):
call after the final pass (39), change of one's own call (25), bid above seven (38), then
by turn: in rotation, in rotation after RHO's compulsory pass (28A), or out of rotation.

A regular auction and play load no law they do not use: the law of an irregular call or
card (24, 27, 29, 53-56, 57) is imported by the branch that finds it, and a law's
rectification when its irregularity first happens (``RECTIFICATIONS``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from importlib import import_module

from dupbridge.core.calls import DOUBLE, PASS, REDOUBLE, Bid, Call
from dupbridge.core.cards import Card
from dupbridge.core.edition import Edition
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat, Side
from dupbridge.laws.auction import law25_change_of_call, law35_inadmissible_calls
from dupbridge.laws.irregularities import law09_11_procedure
from dupbridge.laws.machinery.rectification import Rectification
from dupbridge.laws.machinery.ruling import (
    Answer,
    Bar,
    BarKind,
    Decision,
    Irregularity,
    IrregularityKind,
    RestrictPlay,
)
from dupbridge.rules.auction import Auction
from dupbridge.rules.play import Play


class _Rectifications(Mapping[IrregularityKind, Rectification]):
    """Each irregularity's rectification, its law module imported when that irregularity
    first happens: an auction and play without irregularity never load the laws that
    rectify them. ``load_rules`` loads them all (through iteration) for the registry."""

    def __init__(self, places: dict[IrregularityKind, tuple[str, str, bool]]) -> None:
        # kind -> (module, attribute, built): ``built`` names a law whose rectification
        # is, in some case, another law's, so it is built with this table (RectificationOf).
        self._places = places
        self._loaded: dict[IrregularityKind, Rectification] = {}

    def __getitem__(self, kind: IrregularityKind) -> Rectification:
        loaded = self._loaded.get(kind)
        if loaded is None:
            module, attribute, built = self._places[kind]
            found = getattr(import_module(f"dupbridge.laws.{module}"), attribute)
            loaded = found(self.__getitem__) if built else found
            self._loaded[kind] = loaded
        return loaded

    def __iter__(self) -> Iterator[IrregularityKind]:
        return iter(self._places)

    def __len__(self) -> int:
        return len(self._places)


RECTIFICATIONS: Mapping[IrregularityKind, Rectification] = _Rectifications({
    IrregularityKind.INADMISSIBLE_DOUBLE:
        ("auction.law36_inadmissible_double", "RECTIFICATION", False),
    IrregularityKind.BARRED_PLAYER_CALLED:
        ("auction.law37_obligation_to_pass", "RECTIFICATION", False),
    IrregularityKind.BID_ABOVE_SEVEN: ("auction.law38_bid_above_seven", "RECTIFICATION", False),
    IrregularityKind.CALL_AFTER_FINAL_PASS:
        ("auction.law39_call_after_final_pass", "RECTIFICATION", False),
    IrregularityKind.INSUFFICIENT_BID: ("auction.law27_rectification", "RECTIFICATION", False),
    IrregularityKind.CALL_OUT_OF_ROTATION:
        ("auction.law29_out_of_rotation", "RECTIFICATION", False),
    # a late correction that is not 25A is its own irregularity's (erratum A-1)
    IrregularityKind.CHANGE_OF_CALL: ("auction.law25_change_of_call", "rectification", True),
    IrregularityKind.CARD_DURING_AUCTION:
        ("auction.law24_card_during_auction", "RECTIFICATION", False),
    IrregularityKind.LEAD_RESTRICTION: ("auction.law26_lead_restrictions", "RECTIFICATION", False),
    IrregularityKind.LEAD_OUT_OF_TURN: ("play.law53_56_lead_out_of_turn", "RECTIFICATION", False),
    IrregularityKind.FACE_DOWN_LEAD_OUT_OF_TURN:
        ("play.law41_commencement", "FACE_DOWN_OUT_OF_TURN", False),
    IrregularityKind.PREMATURE_PLAY: ("play.law57_premature_play", "RECTIFICATION", False),
    IrregularityKind.FIFTH_CARD: ("play.law58_simultaneous_plays", "FIFTH_CARD", False),
    IrregularityKind.CARDS_TOGETHER: ("play.law58_simultaneous_plays", "CARDS_TOGETHER", False),
    IrregularityKind.EXPOSED_CARD: ("play.law48_50_exposed_cards", "RECTIFICATION", False),
    IrregularityKind.PENALTY_CARD_LEAD:
        ("play.law50_51_penalty_card_options", "RECTIFICATION", False),
    IrregularityKind.REVOKE: ("play.law61_64_revokes", "RECTIFICATION", False),
    IrregularityKind.MISINFORMATION: ("auction.law21_misinformation", "RECTIFICATION", False),
    IrregularityKind.WRONG_BOARD: ("auction.law17_auction_period", "RECTIFICATION", False),
    IrregularityKind.WRONG_NUMBER_OF_CARDS:
        ("irregularities.law13_15_cards_and_boards", "CARDS", False),
    IrregularityKind.WRONG_BOARD_PLAYED:
        ("irregularities.law13_15_cards_and_boards", "BOARDS", False),
    IrregularityKind.DESIGNATION: ("play.law45_47_rectifications", "DESIGNATION", False),
    # 47E1: a card out of turn kept is its own law's
    IrregularityKind.RETRACTION: ("play.law45_47_rectifications", "retraction", True),
    IrregularityKind.CARD_HELD: ("play.law45_47_rectifications", "CARD_HELD", False),
    IrregularityKind.DUMMY: ("play.law42_43_dummy", "RECTIFICATION", False),
    IrregularityKind.UNAUTHORISED_INFORMATION:
        ("irregularities.law16_73_unauthorised_information", "PARTNER_INFORMATION", False),
    IrregularityKind.FALSE_INFERENCE:
        ("irregularities.law16_73_unauthorised_information", "FALSE_INFERENCE", False),
    IrregularityKind.EXTRANEOUS_INFORMATION:
        ("irregularities.law16_extraneous_information", "RECTIFICATION", False),
    IrregularityKind.CLAIM: ("claims.law68_69_claims", "RECTIFICATION", False),
})


@law("84", title="Rulings on agreed facts")
@law("84B", title="Law prescribes the rectification: apply it")
@law("84C", title="Player chooses among rectifications: all options explained")
def decide(irregularity: Irregularity, answers: Mapping[str, Answer], decision_id: str) -> Decision:
    """The pending decision on ``irregularity``: its law's, with the Law 11A question when
    the non-offending side acted before the Director was summoned. Law 84B: the clause's
    prescribed rectification; 84C: where it gives a player a choice, every option with who
    chooses it."""
    rectification = RECTIFICATIONS[irregularity.kind]
    return law09_11_procedure.decide(rectification, irregularity, answers, decision_id)


@dataclass(frozen=True, slots=True)
class AuctionSituation:
    """What the laws of the auction need to know of the table."""

    edition: Edition
    auction: Auction
    bars: tuple[Bar, ...]
    records: tuple[int, ...]  # table record index of each standing call
    opening_lead_made: bool = False


@dataclass(frozen=True, slots=True)
class CallVerdict:
    """How a call is taken: ``implied_pass`` is RHO's compulsory pass deemed made first
    (Law 28A); ``irregularity`` is None when the call is in rotation and legal."""

    implied_pass: Seat | None = None
    irregularity: Irregularity | None = None


def pass_only_bar(bars: tuple[Bar, ...], seat: Seat) -> Bar | None:
    """The bar requiring ``seat`` to pass, if any."""
    return next((bar for bar in bars if bar.seat is seat and bar.kind is BarKind.PASS), None)


def breached_bar(bars: tuple[Bar, ...], seat: Seat, call: Call) -> Bar | None:
    """The bar ``call`` by ``seat`` would break: a call other than pass by a player required
    to pass (Law 37), a double or redouble where 2007 30B2(b) forbids it, or a call other
    than the one he must repeat (31A1/32B1, erratum A-2). The obligation to pass comes
    first: a player required to pass who must also repeat a call passes (§19 Q1)."""
    required_to_pass = pass_only_bar(bars, seat)
    if required_to_pass is not None:
        return None if call is PASS else required_to_pass
    for bar in bars:
        if bar.seat is not seat:
            continue
        if bar.kind is BarKind.NO_DOUBLE and (call is DOUBLE or call is REDOUBLE):
            return bar
        if bar.kind is BarKind.REPEAT and call != bar.call:
            return bar
    return None


@law("84A", title="No rectification: the auction or play continues")
def classify_call(situation: AuctionSituation, seat: Seat, call: Call, record: int) -> CallVerdict:
    """The call's verdict: an irregularity to rule on, or (Law 84A: nothing for the Law to
    rectify) a call the auction simply goes on from."""
    auction = situation.auction
    edition = situation.edition

    def irregular(kind: IrregularityKind, turn: Seat | None, **extra: object) -> CallVerdict:
        return CallVerdict(None, Irregularity(kind, edition, seat, call, record, turn, **extra))  # type: ignore[arg-type]

    if law35_inadmissible_calls.after_final_pass(auction):
        return irregular(
            IrregularityKind.CALL_AFTER_FINAL_PASS, None,
            declaring_side=_declaring_side(auction),
            auction_period_over=situation.opening_lead_made,
            own_last_call=_own_unanswered_call(situation, seat),
        )
    turn = auction.next_to_call
    own = _own_unanswered_call(situation, seat)
    if seat is not turn and own is not None:
        from dupbridge.laws.auction import law29_out_of_rotation

        if law29_out_of_rotation.change_of_call_at_lho_turn(auction, seat):
            return CallVerdict(None, law25_change_of_call.change_of_call(
                edition, auction, situation.records, seat, call, record))
    if law35_inadmissible_calls.above_seven(call):
        return irregular(IrregularityKind.BID_ABOVE_SEVEN, turn)
    if seat is turn:
        return _in_rotation(situation, auction, seat, call, record)
    rho_bar = pass_only_bar(situation.bars, turn)
    if turn is seat.rho and rho_bar is not None:
        after_pass = auction.with_call(turn, PASS)
        if not after_pass.is_over:
            verdict = _in_rotation(situation, after_pass, seat, call, record)
            return CallVerdict(turn, verdict.irregularity)
    otherwise = _out_of_rotation(edition, auction, seat, call, record, turn, situation.bars)
    if own is not None:
        # Erratum A-1: partner has not called since the player's last call, so it may be
        # an unintended call he replaces (25A); if not, it is ``otherwise``.
        return CallVerdict(None, law25_change_of_call.change_of_call(
            edition, auction, situation.records, seat, call, record, otherwise))
    return CallVerdict(None, otherwise)


def _out_of_rotation(
    edition: Edition, auction: Auction, seat: Seat, call: Call, record: int, turn: Seat,
    bars: tuple[Bar, ...] = (),
) -> Irregularity:
    if law35_inadmissible_calls.double_not_permitted(auction, seat, call):
        # 32 preamble: never acceptable, Law 36 (36B4)
        return Irregularity(IrregularityKind.INADMISSIBLE_DOUBLE, edition, seat, call, record, turn,
                            refers_to_nothing=law35_inadmissible_calls.nothing_to_double(
                                auction, call))
    from dupbridge.laws.auction import law27_insufficient_bid, out_of_rotation

    kind = IrregularityKind.CALL_OUT_OF_ROTATION
    if isinstance(call, Bid) and not auction.is_sufficient(call):
        kind = law27_insufficient_bid.out_of_rotation_kind()  # 27A2
    return out_of_rotation.call_out_of_rotation(kind, edition, seat, call, record, auction, bars)


def _in_rotation(
    situation: AuctionSituation, auction: Auction, seat: Seat, call: Call, record: int
) -> CallVerdict:
    edition = situation.edition
    if law35_inadmissible_calls.double_not_permitted(auction, seat, call):
        kind = IrregularityKind.INADMISSIBLE_DOUBLE
        nothing = law35_inadmissible_calls.nothing_to_double(auction, call)
        return CallVerdict(None, Irregularity(kind, edition, seat, call, record, seat,
                                              refers_to_nothing=nothing))
    bar = breached_bar(situation.bars, seat, call) if situation.bars else None
    if bar is not None:
        kind = IrregularityKind.BARRED_PLAYER_CALLED
        return CallVerdict(
            None, Irregularity(kind, edition, seat, call, record, seat, offender_barred=bar)
        )
    if isinstance(call, Bid) and not auction.is_sufficient(call):
        from dupbridge.laws.auction import law27_insufficient_bid

        return CallVerdict(
            None, law27_insufficient_bid.insufficient_bid(edition, seat, call, record, auction)
        )
    return CallVerdict()


def _declaring_side(auction: Auction) -> Side | None:
    contract = auction.contract()
    return None if contract is None or contract.declarer is None else contract.declarer.side


def _own_unanswered_call(situation: AuctionSituation, seat: Seat) -> int | None:
    """Record of ``seat``'s last standing call if his partner has not called since."""
    position = law25_change_of_call.replaceable_call(situation.auction, seat)
    return None if position is None else situation.records[position]


@dataclass(frozen=True, slots=True)
class CardVerdict:
    """None: the card is played in turn (a revoke, if it is one, is found when it is
    played: Law 61A, ``play_obligations.failure``)."""

    irregularity: Irregularity | None = None


def classify_card(
    edition: Edition,
    play: Play | None,
    seat: Seat,
    card: Card,
    record: int,
    exposed: tuple[Card, ...] = (),
    held: tuple[RestrictPlay, ...] = (),
) -> CardVerdict:
    """A card held by ``seat``: during the auction (24; ``exposed``, his cards already face
    up from it), out of turn (53-57; ``held``, the restrictions in force, among them premature
    cards held for their turn), a revoke, or a legal play (44)."""
    if play is None or (seat.side is play.declarer.side and not play.opening_lead_made):
        from dupbridge.laws.auction import law24_card_during_auction

        if play is None:
            return CardVerdict(law24_card_during_auction.card_during_auction(
                edition, seat, card, record, exposed))
        # Law 54E: an opening lead attempted by declarer or dummy: Law 24 applies.
        return CardVerdict(law24_card_during_auction.card_during_auction(
            edition, seat, card, record, exposed, declaring_side=play.declarer.side))
    turn = play.next_to_play
    if seat is not turn:
        from dupbridge.laws.play import law53_56_lead_out_of_turn, law57_premature_play

        is_lead = not play.current_trick.cards
        if is_lead:
            return CardVerdict(
                law53_56_lead_out_of_turn.lead_out_of_turn(edition, play, seat, card, record))
        return CardVerdict(
            law57_premature_play.premature_play(edition, play, seat, card, record, held))
    return _IN_TURN


_IN_TURN = CardVerdict()
