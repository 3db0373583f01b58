"""Law 40: partnership understandings, as data the Director can read.

A pair's system is a convention card (``SystemCard``): for the calls it covers, what they
mean, whether they are alerted and whether they are artificial. The engine uses it where
the Laws make it evidence: when an explanation is corrected (20F4 / 20F5), the Director's
question "mistaken explanation or mistaken call?" (21B1(b), 75C) shows what the card says
and proposes the answer it supports; when a player consults the opponents' card, the
windows of 40B2(c) apply; the Regulating Authority's regulation of special understandings
(40B2(a), the profile's ``disallowed_understandings``) marks the agreements it forbids,
for the Director's 2007 40B5 / 2017 40B4 review.

What stays the Director's judgement: whether an understanding exists when the card is
silent (40A1, implicit agreements), deviations and psychic calls (40C), and whether a
failure to disclose damaged the opponents (2007 40B4/B6, 2017 40B3/B5).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from dupbridge.core.calls import Call
from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.messages import msg
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat, Side
from dupbridge.laws.irregularities.table_talk import CardConsulted, Period
from dupbridge.laws.machinery.clauses import LAWS_2007, LAWS_2017, ref
from dupbridge.laws.machinery.profiles import Regulations
from dupbridge.laws.machinery.ruling import Review


@dataclass(frozen=True, slots=True)
class Agreement:
    """What ``call`` means for the pair when the auction before it ends with ``after``
    (calls as text, e.g. ``"1NT P"``; ``""``: any auction, e.g. an opening bid)."""

    call: str
    meaning: str
    after: str = ""
    alert: bool = False
    artificial: bool = False

    def covers(self, before: Sequence[Call], call: Call) -> bool:
        if Call.parse(self.call) != call:
            return False
        wanted = [Call.parse(word) for word in self.after.split()]
        return not wanted or list(before[-len(wanted):]) == wanted


@dataclass(frozen=True, slots=True)
class SystemCard:
    """A partnership's convention card: ``side``'s agreements and its other special
    understandings in words (defensive carding, psychic policy...)."""

    side: Side
    agreements: tuple[Agreement, ...] = ()
    special: tuple[str, ...] = ()
    name: str = ""

    def agreement_for(self, before: Sequence[Call], call: Call) -> Agreement | None:
        """The most specific agreement covering ``call`` after ``before`` (longest
        ``after``), None when the card is silent."""
        found = [item for item in self.agreements if item.covers(before, call)]
        return max(found, key=lambda item: len(item.after.split()), default=None)


@law("40", title="Partnership understandings")
@law("40A", title="Partnership system agreements")
@law("40A1", title="How understandings arise and are disclosed")
@law("40B", title="Special partnership understandings")
def card_of(cards: Sequence[SystemCard], side: Side) -> SystemCard | None:
    """The card ``side`` lodged at the table; its understandings are what the pair must
    disclose (40A1), special ones by the Regulating Authority's means (40B)."""
    return next((card for card in cards if card.side is side), None)


@law("40B1", title="What counts as a special understanding")
@law("40B1(b)", editions=LAWS_2007, title="Conventions and artificial calls included")
@law("40B1(c)", editions=LAWS_2017, title="Artificial calls are special understandings")
def is_special(edition: Edition, agreement: Agreement) -> bool:
    """An artificial call is a special understanding (2017 40B1(c)); in 2007 a convention
    is one (40B1(b)), which the card marks as artificial too. Alerted calls are those the
    pair and its Regulating Authority regard as special."""
    return agreement.artificial or agreement.alert


@law("40B2", title="Regulator's powers and system card use")
@law("40B2(a)", title="Regulating Authority's powers over methods")
def disallowed(edition: Edition, card: SystemCard, forbidden: str) -> tuple[Review, ...]:
    """The special understandings the Regulating Authority disallows (``forbidden``: its
    profile's comma-separated words, e.g. "brown sticker"), each a review item for the
    Director: a pair using one may get an adjusted score (2007 40B5, 2017 40B4)."""
    words = [word.strip().casefold() for word in forbidden.split(",") if word.strip()]
    clause = ref(edition, "40B5" if edition is Edition.LAWS_2007 else "40B4")
    found: list[Review] = []
    for agreement in card.agreements:
        if is_special(edition, agreement) and any(w in agreement.meaning.casefold()
                                                  for w in words):
            found.append(Review(clause, msg("{side}'s {call} ({meaning}) is a special "
                                            "understanding the Regulating Authority does not "
                                            "allow", side=card.side, call=agreement.call,
                                            meaning=agreement.meaning)))
    return tuple(found)


def _same(first: str, second: str) -> bool:
    a, b = " ".join(first.casefold().split()), " ".join(second.casefold().split())
    return bool(a and b) and (a == b or a in b or b in a)


@law("40A1(a)", title="Explicit or implicit understandings")
def card_supports_explanation(card_meaning: str | None, explanations: Sequence[str]
                              ) -> bool | None:
    """What the card says of a corrected explanation: True when it agrees with the
    correction (the first explanation was mistaken), False when it agrees with the first
    explanation (the call was mistaken, 75C), None when it is silent or agrees with
    neither (21B1(b): the Director presumes a mistaken explanation)."""
    if not card_meaning or len(explanations) < 2:
        return None
    if _same(card_meaning, explanations[-1]):
        return True
    if _same(card_meaning, explanations[0]):
        return False
    return None


def _opponents_window(edition: Edition, period: Period, turn: Seat | None, seat: Seat,
                      asked: bool) -> str | None:
    if period is Period.OVER:
        return None
    if period is Period.CLARIFICATION:
        return "40B2(c)(ii)"
    if turn is None and period is Period.AUCTION:
        return "40B2(c)(i)"
    if turn is seat:
        return "40B2(c)(iii)"
    if asked and edition is Edition.LAWS_2017:
        return "40B2(c)(iv)"
    return None


@law("40B2(c)", title="Consulting the opponents' system card")
@law("40B2(c)(i)", title="Before the auction starts")
@law("40B2(c)(ii)", title="During the clarification period")
@law("40B2(c)(iii)", title="At own turn during auction or play")
@law("40B2(c)(iv)", editions=LAWS_2017, title="When answering an opponent's question")
def consult_opponents_card(edition: Edition, period: Period, turn: Seat | None, seat: Seat,
                           started: bool, asked: bool, allowed: bool) -> CardConsulted:
    """40B2(c): unless the Regulating Authority decides otherwise (``allowed`` False: never)
    a player may look at the opponents' card before the auction begins, in the
    Clarification Period, at his own turn to call or play, and (2017, (iv)) after an
    opponent asked him for an explanation, to explain partner's call correctly. Outside
    these windows the consultation is improper (a review item, Law 90)."""
    period_now = Period.AUCTION if not started and period is Period.AUCTION else period
    clause = _opponents_window(edition, period_now, None if not started else turn, seat,
                               asked) if allowed else None
    law_ref: LawRef = ref(edition, clause or "40B2(c)")
    return CardConsulted(seat, law_ref, clause is not None)


def disallowed_understandings(regulations: Regulations) -> str:
    """40B2(a): the words naming the special understandings the Regulating Authority does
    not allow, comma-separated (profile key ``disallowed_understandings``; "": none)."""
    forbidden = regulations.option("disallowed_understandings")
    return forbidden if isinstance(forbidden, str) else ""


def opponents_card_consultation_allowed(regulations: Regulations) -> bool:
    """40B2(c): whether a player may look at the opponents' system card in the windows of
    the Law, unless the Regulating Authority decides otherwise (profile key
    ``opponents_card_consultation``)."""
    return regulations.option("opponents_card_consultation") is True


__all__ = ["LAWS_2007", "LAWS_2017", "Agreement", "SystemCard"]
