"""What ``dupbridge rule`` says about rulings and what is in force, as messages in the
Director's language: options and what each entails (Law 10C), bars, lead restrictions,
information, Law 64 transfers, the diagram of the hands."""

from __future__ import annotations

from collections.abc import Sequence

from dupbridge.core.calls import Bid, Call
from dupbridge.core.cards import Card, Suit
from dupbridge.core.contract import Contract
from dupbridge.core.deal import Deal
from dupbridge.core.edition import Edition
from dupbridge.core.errors import ParseError
from dupbridge.core.messages import Msg, msg
from dupbridge.core.seats import Seat, Side, Vulnerability
from dupbridge.i18n.catalogues import call_text, card_text, render
from dupbridge.i18n.command_words import argument_word
from dupbridge.i18n.words import keyword_word
from dupbridge.laws.machinery.ruling import (
    Bar,
    Chooser,
    Decision,
    Effect,
    ImposeBar,
    InformationTag,
    IrregularityKind,
    LeadRestriction,
    Option,
    PenaltyCard,
    PlayRule,
    RestrictLead,
    RestrictPlay,
    ReturnCard,
    Review,
    SwapDeclarer,
    Until,
)
from dupbridge.laws.play.law61_64_revokes import Transfer
from dupbridge.table.state import CallRecord
from dupbridge.table.table import Table


def vulnerability_text(vulnerability: Vulnerability) -> Msg:
    return {Vulnerability.NONE: msg("nobody vulnerable"),
            Vulnerability.NS: msg("North-South vulnerable"),
            Vulnerability.EW: msg("East-West vulnerable"),
            Vulnerability.BOTH: msg("both sides vulnerable")}[vulnerability]


def chooser_text(chooser: Chooser | None) -> str | Msg:
    if chooser is None:
        return msg("nobody (the law itself)")
    if isinstance(chooser, Seat):
        return msg("{seat}", seat=chooser)
    return msg("the Director")


def entails(option: Option, decision: Decision, table: Table) -> list[Msg]:
    """What choosing ``option`` brings with it, effect by effect, so that the Director can
    explain it (Law 10C); and, for declining an insufficient bid, what each kind of
    replacement will bring (27B)."""
    lines = [line for effect in option.effects if (line := effect_text(effect, table)) is not None]
    if (decision.irregularity.kind is IrregularityKind.INSUFFICIENT_BID
            and option.id == "decline"):
        lines.append(replacement_consequences(decision.irregularity.edition,
                                              decision.irregularity.offender))
    return lines


def effect_text(effect: Effect, table: Table) -> Msg | None:
    if isinstance(effect, ImposeBar):
        return msg("bar: {bar}", bar=Bar(effect.seat, effect.scope, effect.law, effect.kind,
                                         effect.call))
    if isinstance(effect, LeadRestriction):
        return msg("lead restriction ({law}): if {offender} becomes a defender, declarer may "
                   "restrict {partner}'s first lead", law=effect.law, offender=effect.offender,
                   partner=effect.offender.partner)
    if isinstance(effect, RestrictLead):
        return restrict_lead_text(effect)
    if isinstance(effect, PenaltyCard):
        return msg("{card} becomes a penalty card of {seat} ({law})", card=effect.card,
                   seat=effect.seat, law=effect.law)
    if isinstance(effect, SwapDeclarer):
        return msg("declarer's partner becomes declarer, and declarer dummy ({law})",
                   law=effect.law)
    if isinstance(effect, ReturnCard):
        return msg("the card goes back to the hand ({law})", law=effect.law)
    if isinstance(effect, InformationTag):
        return information_text(effect, table)
    if isinstance(effect, Review):
        return msg("for the Director's review ({law}): {note}", law=effect.law, note=effect.note)
    return None


def replacement_consequences(edition: Edition, offender: Seat) -> Msg:
    if edition is Edition.LAWS_2017:
        return msg("then, if {offender} replaces it by the lowest sufficient bid showing the "
                   "same denomination(s) or by a comparable call, the auction goes on with no "
                   "further rectification (27B1(a), 27B1(b); 27D review); by any other call, "
                   "{partner} must pass for the rest of the auction (27B2) and Law 26 lead "
                   "restrictions may apply", offender=offender, partner=offender.partner)
    return msg("then, if {offender} replaces it by the lowest sufficient bid in the same "
               "denomination or, in the Director's opinion, by a call with the same or a more "
               "precise meaning, the auction goes on with no further rectification (27B1(a), "
               "27B1(b); 27D review); by any other call, {partner} must pass for the rest of "
               "the auction (27B2) and Law 26 lead restrictions may apply", offender=offender,
               partner=offender.partner)


def restrict_lead_text(choice: RestrictLead) -> Msg:
    if choice.suit is None:
        return msg("{seat}: no lead restriction ({law})", seat=choice.seat, law=choice.law)
    if choice.required:
        return msg("{seat} must lead {suit} at his first turn to lead ({law})",
                   seat=choice.seat, suit=choice.suit, law=choice.law)
    return msg("{seat} may not lead {suit} while he retains the lead ({law})",
               seat=choice.seat, suit=choice.suit, law=choice.law)


def restrict_play_text(restriction: RestrictPlay) -> Msg:
    """A rectification's requirement in force on a lead or play (50D2, 51B, 57A...)."""
    what = restriction.suit if restriction.suit is not None else restriction.card
    if restriction.rule is PlayRule.FORBID_SUIT and restriction.until is Until.WHILE_ON_LEAD:
        # 50D2(a), 51B: only his leads are barred; he follows suit as usual
        return msg("{seat} may not lead {suit} ({until}; {law})", seat=restriction.seat,
                   suit=what if what is not None else "", until=restriction.until,
                   law=restriction.law)
    return msg("{seat} {rule}: {what} ({until}; {law})", seat=restriction.seat,
               rule=restriction.rule, what=what if what is not None else "",
               until=restriction.until, law=restriction.law)


def lead_restriction_lines(offers: Sequence[LeadRestriction],
                           chosen: Sequence[RestrictLead]) -> list[Msg]:
    """The restrictions declarer has chosen, in force; offers not yet settled, as such."""
    settled = {choice.restriction for choice in chosen}
    lines = [restrict_lead_text(choice) for choice in chosen]
    lines += [msg("{offender} withdrew {call}: {law} may restrict {partner}'s first lead if "
                  "{offender} becomes a defender", offender=offer.offender, call=offer.withdrawn,
                  law=offer.law, partner=offer.offender.partner)
              for offer in offers if offer not in settled]
    return lines


def information_text(tag: InformationTag, table: Table) -> Msg:
    """Whom the information of a withdrawn call or card is authorised to (2007 16D, 2017
    16C), naming the call or card."""
    record = table.state.records[tag.record] if tag.record < len(table.state.records) else None
    what = (msg("{seat}'s {action}", seat=record.seat,
                action=record.call if isinstance(record, CallRecord) else record.card)
            if record is not None else msg("information"))
    if tag.authorised is None:
        return msg("{what}: authorised to both sides ({law})", what=what, law=tag.law)
    return msg("{what}: authorised to {side}, unauthorised to {other} ({law})", what=what,
               side=side_text(tag.authorised), other=side_text(tag.authorised.other),
               law=tag.law)


def side_text(side: Side) -> Msg:
    """A side by its name in the reader's language (fr Est-Ouest, not EW)."""
    return msg("North-South") if side is Side.NS else msg("East-West")


def transfer_text(transfer: Transfer) -> Msg:
    if transfer.tricks == 0:
        return msg("{seat}'s revoke on trick {trick}: no trick transferred ({law})",
                   seat=transfer.seat, trick=transfer.trick, law=transfer.law)
    return msg("{seat}'s revoke on trick {trick}: {tricks} trick(s) transferred to the "
               "non-offending side ({law})", seat=transfer.seat, trick=transfer.trick,
               tricks=transfer.tricks, law=transfer.law)


def contract_text(contract: Contract) -> Msg:
    doubled = ("", "X", "XX")[contract.doubled]
    return msg("{bid}{doubled}", bid=contract.bid, doubled=doubled)


def calls_text(calls: Sequence[Call], language: str) -> str:
    """Calls separated by spaces, each as the reader's language writes it."""
    return " ".join(str(call) if language == "en" else call_text(call, language)
                    for call in calls)


def diagram(deal: Deal, language: str) -> list[str]:
    """The four hands as a bridge diagram, cards as the language writes them."""
    def lines(seat: Seat) -> list[str]:
        hand = deal[seat]
        name = render(msg("{seat}", seat=seat), language)
        if hand is None:
            return [name, "?"]
        rows = [name]
        for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
            cards = " ".join(rank_text(card, language)
                             for card in sorted(hand.in_suit(suit), reverse=True))
            rows.append(f"{suit.symbol} {cards or '-'}")
        return rows

    north, south = lines(Seat.NORTH), lines(Seat.SOUTH)
    west, east = lines(Seat.WEST), lines(Seat.EAST)
    pad = " " * 20
    out = [pad + line for line in north]
    for number in range(max(len(west), len(east))):
        left = west[number] if number < len(west) else ""
        right = east[number] if number < len(east) else ""
        out.append(f"{left:<40}{right}")
    out += [pad + line for line in south]
    return out


def echo_line(line: str, language: str) -> str:
    """A line of the case grammar read back to the Director before it is recorded: seats
    by name, calls and cards with their suit symbols and the language's words (``S 3H``:
    "→ Sur 3♥", ``play E HQ``: "→ juega Este ♥D")."""
    words = line.split()
    return "→ " + " ".join(echo_word(word, language, first=number == 0)
                           for number, word in enumerate(words))


def echo_word(word: str, language: str, first: bool = False) -> str:
    """One word of a line as the Director reads it: the command (the first word) and the
    words after it in his language, a seat by its name, a call or a card with its suit
    symbol, a reference to a call (``W:3H``) as seat and call."""
    if len(word) == 1 and word in "NESW":
        return render(msg("{seat}", seat=Seat.parse(word)), language)
    if first and word[:1].isalpha() and word.islower():
        return keyword_word(word, language)
    if word in ("Director", "by") or (word[:1].isalpha() and word.islower()):
        return argument_word(word, language)
    head, colon, tail = word.partition(":")
    if colon and len(head) == 1 and head in "NESW" and tail:
        return f"{echo_word(head, language)}:{echo_word(tail, language)}"
    try:
        call = Call.parse(word)
    except ParseError:
        pass
    else:
        if language != "en":
            return call_text(call, language)
        suit = call.denomination.suit if isinstance(call, Bid) else None
        return str(call) if suit is None else f"{call}"[0] + suit.symbol
    try:
        card = Card.parse(word)
    except ParseError:
        return word
    if language == "en":
        return card.suit.symbol + ("10" if card.rank.letter == "T" else card.rank.letter)
    return card_text(card)


def rank_text(card: Card, language: str) -> str:
    if language == "en":
        return "10" if card.rank.letter == "T" else card.rank.letter
    return card_text(card)[1:]
