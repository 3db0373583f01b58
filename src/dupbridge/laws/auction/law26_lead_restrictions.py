"""Law 26: call withdrawn, lead restrictions (2007 26A/26B, 2017 26A/26B).

Other laws say "Law 26 may apply" by emitting a ``LeadRestriction`` (the offender and the
withdrawn call); the table keeps them. Nothing happens unless the offender becomes a
defender. Then, at his partner's first turn to lead (the opening lead or a later one), the
table opens a decision built here: declarer's options, which the Director explains (Law
10C1) and declarer chooses (10C2).

- 2007 26A: a withdrawn call related solely to specified suits. If the offender specified
  every one of them in the legal auction, no restriction (26A1); otherwise declarer may
  require the lead of one such unspecified suit (26A2(a)) or prohibit it while partner
  retains the lead (26A2(b)). Catalogue §19 Q8: the candidates are the suits the offender
  has not specified legally.
- 2007 26B: any other withdrawn call: declarer may prohibit the lead of any one suit.
- 2017 26B: declarer may prohibit the lead of one suit the offender did not specify in the
  legal auction. 26A: none if the withdrawn call was replaced by a comparable call.

Which suits a call relates to and which the offender specified are the Director's
judgement (catalogue J-SUIT-RELATED, J-SPECIFIED-DENOMS): questions whose defaults read the
calls as natural. Laws that invoke Law 26 directly (36B, 37B, 38D, 39C, 27B2/B3, 31, 32)
create the restriction outright (erratum A-3); where Law 26 applies by its own preamble
(25B, 27B4) the restriction carries the replacement call and the preamble is judged here:
2007, a different final call at that turn (the same call with a very different meaning
counts as different, footnote); 2017, not a comparable call (26A).

The chosen restriction is kept (``RestrictLead``) and ``allowed_leads`` applies it to the
restricted player's leads. A lead in breach of it is recorded and stands, with a review
item for the Director (``breach``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from itertools import combinations

from dupbridge.core.calls import Bid, Call
from dupbridge.core.cards import SUIT_MASKS, Card, CardSet, Suit
from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.messages import Msg, msg
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat
from dupbridge.laws.auction.law23_comparable_call import (
    comparable_question,
    comparable_replacement,
    is_comparable,
)
from dupbridge.laws.machinery.clauses import LAWS_2007, LAWS_2017, ref
from dupbridge.laws.machinery.profiles import Regulations
from dupbridge.laws.machinery.rectification import Rectification, no_call_before_ruling
from dupbridge.laws.machinery.ruling import (
    DIRECTOR,
    Answer,
    Chooser,
    Cite,
    Decision,
    Effect,
    Irregularity,
    IrregularityKind,
    LeadRestriction,
    Option,
    Question,
    RestrictLead,
    Review,
)
from dupbridge.laws.play.play_obligations import prohibit_id, require_id
from dupbridge.rules.auction import Auction
from dupbridge.rules.play import Play

# Question and option ids (public vocabulary)
SUIT_RELATED = "suit-related"
SPECIFIED_SUITS = "specified-suits"
DIFFERENT_MEANING = "different-meaning"
NO_RESTRICTION = "no-restriction"


# Sets of suits as answers: "none", "hearts", "clubs+spades", ...

NO_SUITS = "none"


def suits_answer(suits: Iterable[Suit]) -> str:
    chosen = sorted(set(suits))
    return "+".join(suit.name.lower() for suit in chosen) if chosen else NO_SUITS


def parse_suits(answer: Answer) -> frozenset[Suit]:
    if answer == NO_SUITS or not isinstance(answer, str):
        return frozenset()
    return frozenset(Suit[name.upper()] for name in answer.split("+"))


SUIT_SETS: tuple[str, ...] = tuple(
    suits_answer(chosen) for size in range(5) for chosen in combinations(tuple(Suit), size)
)
"""Every answer a question about a set of suits takes."""


@dataclass(frozen=True, slots=True)
class ReplacedCallRestriction(LeadRestriction):
    """Law 26 by its own preamble (2007 25B, 27B4; 2017 "Law 26 may apply" in 25B): the
    withdrawn call and the call the offender made instead at that turn. Whether Law 26
    applies is judged when it matters, at the lead: 2007, a different final call; 2017,
    not a comparable call."""

    replacement: Call


UNSPECIFIED_SUITS = "unspecified"
ALL_WITHDRAWN_SUITS = "all-withdrawn-suits"
CANDIDATES_KEY = "law_26a_candidate_suits"
"""Catalogue §19 Q8: whether 2007 26A2 offers the suits of the withdrawn call that the
offender has not specified legally (the suggested answer, default) or all of them."""


def candidate_rule(regulations: Regulations) -> str:
    """The profile's reading of 2007 26A2 (§19 Q8); 2017 has no 26A2 choice."""
    if regulations.edition is not Edition.LAWS_2007:
        return UNSPECIFIED_SUITS
    return str(regulations.option(CANDIDATES_KEY))


@dataclass(frozen=True, slots=True)
class WithdrawnCall(Irregularity):
    """The Law 26 decision at the restricted player's first turn to lead: the restriction
    to rule on and the legal auction (which suits the offender specified; who declares)."""

    restriction: LeadRestriction | None = None
    auction: Auction | None = None
    candidates: str = UNSPECIFIED_SUITS
    """2007 26A2's candidate suits (profile key ``law_26a_candidate_suits``)."""


# When: the offender's partner's first turn to lead


def unruled(
    restrictions: tuple[LeadRestriction, ...], choices: tuple[RestrictLead, ...]
) -> list[LeadRestriction]:
    """The restrictions declarer has not yet ruled on (each choice settles one)."""
    settled = [choice.restriction for choice in choices]
    waiting = []
    for restriction in restrictions:
        if restriction in settled:
            settled.remove(restriction)
        else:
            waiting.append(restriction)
    return waiting


@law("26A2", editions=LAWS_2007, title="At partner's first turn to lead, declarer's options")
@law("26B", title="At partner's first turn to lead, declarer may prohibit a suit")
def restriction_due(
    play: Play, restrictions: tuple[LeadRestriction, ...], choices: tuple[RestrictLead, ...]
) -> LeadRestriction | None:
    """The restriction declarer rules on now: the player on lead has not led before in
    this play (his first turn to lead, which may be the opening lead) and is the partner of
    an offender who is a defender. Several: one at a time (catalogue §19 Q9)."""
    leader = play.next_to_play
    if leader is None or play.current_trick.cards:
        return None
    if any(trick.leader is leader for trick in play.tricks):
        return None
    for restriction in unruled(restrictions, choices):
        offender = restriction.offender
        if offender.partner is leader and offender.side is not play.declarer.side:
            return restriction
    return None


def withdrawn_call(
    edition: Edition, restriction: LeadRestriction, auction: Auction, record: int,
    candidates: str = UNSPECIFIED_SUITS,
) -> WithdrawnCall:
    """The Law 26 decision's irregularity (``record``: the withdrawn call's record;
    ``candidates``: the profile's reading of 2007 26A2, §19 Q8)."""
    return WithdrawnCall(
        IrregularityKind.LEAD_RESTRICTION, edition, restriction.offender, restriction.withdrawn,
        record, None, declaring_side=_declarer(auction).side, restriction=restriction,
        auction=auction, candidates=candidates,
    )


# The Director's questions


def natural_suits(call: Call) -> frozenset[Suit]:
    """The suit a natural suit bid names; none for other calls (the catalogue's defaults)."""
    if isinstance(call, Bid) and call.denomination.suit is not None:
        return frozenset({call.denomination.suit})
    return frozenset()


def suits_specified_by(auction: Auction, seat: Seat) -> frozenset[Suit]:
    """The suits ``seat`` named in his standing bids (read as natural)."""
    found: set[Suit] = set()
    for standing in auction.calls:
        if standing.seat is seat:
            found |= natural_suits(standing.call)
    return frozenset(found)


def suit_related_question(withdrawn: Call) -> Question:
    """2007 26A/26B (J-SUIT-RELATED): the suits the withdrawn call related to, solely."""
    return Question(
        SUIT_RELATED,
        msg("Which suits did the withdrawn {withdrawn} relate to, and to no other ('none' if "
            "it was not related solely to specified suits: no trump, pass, double, redouble, "
            "or an artificial call not tied to suits)? Suits it specified, not merely named.",
            withdrawn=withdrawn),
        ref(Edition.LAWS_2007, "26A"),
        default=suits_answer(natural_suits(withdrawn)),
        choices=SUIT_SETS,
    )


def specified_suits_question(edition: Edition, auction: Auction, offender: Seat) -> Question:
    """2007 26A1/26A2, 2017 26B (J-SPECIFIED-DENOMS): the suits the offender specified in
    the legal auction."""
    return Question(
        SPECIFIED_SUITS,
        msg("Which suits did {offender} specify in the legal auction?", offender=offender),
        ref(edition, "26A1" if edition is Edition.LAWS_2007 else "26B"),
        default=suits_answer(suits_specified_by(auction, offender)),
        choices=SUIT_SETS,
    )


def different_meaning_question(call: Call) -> Question:
    """2007 Law 26 footnote (J-DIFFERENT-MEANING)."""
    return Question(
        DIFFERENT_MEANING,
        msg("The offender made the withdrawn {call} again at that turn: did it have a very "
            "different meaning, so that it counts as a different call?", call=call),
        ref(Edition.LAWS_2007, "26"),
        default=False,
    )


@law("26", editions=LAWS_2007, title="A withdrawn call and a different final call at that turn")
def different_final_call(withdrawn: Call, final: Call, answers: Mapping[str, Answer]) -> bool:
    """2007 Law 26 preamble: it applies when the offender's final call at that turn differs
    from the withdrawn one; the same call repeated with a very different meaning counts as
    different (footnote, a question for the Director)."""
    return final != withdrawn or answers.get(DIFFERENT_MEANING) is True


def questions(irregularity: WithdrawnCall) -> tuple[Question, ...]:
    restriction = irregularity.restriction
    auction = irregularity.auction
    assert restriction is not None and auction is not None
    edition = irregularity.edition
    asked: list[Question] = []
    if isinstance(restriction, ReplacedCallRestriction):
        if edition is Edition.LAWS_2017:
            asked.append(comparable_question(restriction.withdrawn, restriction.replacement))
        elif restriction.replacement == restriction.withdrawn:
            asked.append(different_meaning_question(restriction.withdrawn))
    if edition is Edition.LAWS_2007:
        asked.append(suit_related_question(restriction.withdrawn))
    asked.append(specified_suits_question(edition, auction, restriction.offender))
    return tuple(asked)


def _answer(asked: tuple[Question, ...], answers: Mapping[str, Answer], qid: str) -> Answer:
    question = next(q for q in asked if q.id == qid)
    return answers.get(qid, question.default)


# The options


def _choice(
    clause: LawRef, irregularity: WithdrawnCall, suit: Suit | None, required: bool = False
) -> RestrictLead:
    assert irregularity.restriction is not None
    return RestrictLead(clause, irregularity.offender.partner, irregularity.restriction, suit,
                        required)


def _no_restriction(
    irregularity: WithdrawnCall, clause: LawRef, chosen_by: Chooser, why: str,
    *extra: Effect,
) -> Option:
    return Option(NO_RESTRICTION, why, chosen_by,
                  (Cite(clause), *extra, _choice(clause, irregularity, None)))


@law("26A", editions=LAWS_2007, title="Withdrawn call related solely to specified suits")
@law("26A1", editions=LAWS_2007, title="All those suits legally specified: no restriction")
@law("26A2(a)", editions=LAWS_2007, title="Declarer may require a lead of that suit")
@law("26A2(b)", editions=LAWS_2007, title="Declarer may prohibit a lead of that suit")
def suit_options_2007(
    irregularity: WithdrawnCall, related: frozenset[Suit], specified: frozenset[Suit],
    declarer: Seat,
) -> tuple[Option, ...]:
    """2007 26A: the candidates are the suits of the withdrawn call the offender has not
    specified in the legal auction (catalogue §19 Q8; a profile may choose all the
    withdrawn call's suits instead, as long as one of them is unspecified). None: 26A1.
    Otherwise declarer may require the lead of one of them (26A2(a)) or prohibit one of
    them while partner keeps the lead (26A2(b)), or neither."""
    edition = irregularity.edition
    candidates = sorted(related - specified)
    if candidates and irregularity.candidates == ALL_WITHDRAWN_SUITS:
        candidates = sorted(related)
    if not candidates:
        return (_no_restriction(irregularity, ref(edition, "26A1"), DIRECTOR,
                                msg("Law 26A1: every suit of the withdrawn call was specified "
                                    "in the legal auction: no lead restriction (Law 16D still "
                                    "applies)")),)
    partner = irregularity.offender.partner
    require = ref(edition, "26A2(a)")
    prohibit = ref(edition, "26A2(b)")
    return (
        *(Option(require_id(suit), msg("Law 26A2(a): {partner} must lead {suit}",
                                       partner=partner, suit=suit_name(suit)),
                 declarer, (_choice(require, irregularity, suit, required=True),))
          for suit in candidates),
        *(Option(prohibit_id(suit), msg("Law 26A2(b): {partner} may not lead {suit} while he "
                                        "retains the lead",
                                        partner=partner, suit=suit_name(suit)), declarer,
                 (_choice(prohibit, irregularity, suit),))
          for suit in candidates),
        _no_restriction(irregularity, ref(edition, "26A2"), declarer,
                        msg("Declarer does not restrict the lead")),
    )


def _prohibit_options(
    irregularity: WithdrawnCall, suits: Iterable[Suit], clause: LawRef, declarer: Seat
) -> tuple[Option, ...]:
    partner = irregularity.offender.partner
    return (
        *(Option(prohibit_id(suit), msg("Law {clause}: {partner} may not lead {suit} while he "
                                        "retains the lead",
                                        clause=clause.clause, partner=partner,
                                        suit=suit_name(suit)), declarer,
                 (_choice(clause, irregularity, suit),))
          for suit in sorted(suits)),
        _no_restriction(irregularity, clause, declarer, msg("Declarer does not restrict the "
                                                            "lead")),
    )


@law("26B", editions=LAWS_2007, title="Other withdrawn calls: declarer may prohibit any suit")
def any_suit_2007(irregularity: WithdrawnCall, declarer: Seat) -> tuple[Option, ...]:
    """2007 26B: any other withdrawn call: declarer may prohibit the lead of any one suit,
    for as long as partner retains the lead."""
    return _prohibit_options(irregularity, tuple(Suit), ref(irregularity.edition, "26B"), declarer)


@law("26B", editions=LAWS_2017, title="Declarer may prohibit a suit the offender did not specify")
def unspecified_suit_2017(
    irregularity: WithdrawnCall, specified: frozenset[Suit], declarer: Seat
) -> tuple[Option, ...]:
    """2017 26B: declarer may prohibit the lead of one suit not specified by the offender
    in the legal auction, for as long as partner retains the lead; no "require" option."""
    clause = ref(irregularity.edition, "26B")
    candidates = frozenset(Suit) - specified
    if not candidates:
        return (_no_restriction(irregularity, clause, DIRECTOR, msg("Law 26B: the offender "
                                                                    "specified every suit in the "
                                                                    "legal auction: no suit to "
                                                                    "prohibit")),)
    return _prohibit_options(irregularity, candidates, clause, declarer)


@law("26A", editions=LAWS_2017, title="Comparable replacement: no lead restrictions")
def comparable_2017(irregularity: WithdrawnCall) -> Option:
    """2017 26A: the withdrawn call was replaced by a comparable call: no lead restriction,
    Law 16C does not apply (23B), and the Director reviews under 23C."""
    edition = irregularity.edition
    return _no_restriction(irregularity, ref(edition, "26A"), DIRECTOR,
                           msg("Law 26A: replaced by a comparable call: no lead restriction"),
                           *comparable_replacement(irregularity.record, irregularity.offender))


def options(irregularity: WithdrawnCall, answers: Mapping[str, Answer]) -> tuple[Option, ...]:
    restriction = irregularity.restriction
    auction = irregularity.auction
    assert restriction is not None and auction is not None
    edition = irregularity.edition
    declarer = _declarer(auction)
    asked = questions(irregularity)
    specified = parse_suits(_answer(asked, answers, SPECIFIED_SUITS))
    if edition is Edition.LAWS_2017:
        if isinstance(restriction, ReplacedCallRestriction) and is_comparable(answers):
            return (comparable_2017(irregularity),)
        return unspecified_suit_2017(irregularity, specified, declarer)
    if isinstance(restriction, ReplacedCallRestriction) and not different_final_call(
        restriction.withdrawn, restriction.replacement, answers
    ):
        return (_no_restriction(irregularity, ref(edition, "26"), DIRECTOR,
                                msg("Law 26 does not apply: the offender's final call at that "
                                    "turn was the withdrawn call, with the same meaning")),)
    related = parse_suits(_answer(asked, answers, SUIT_RELATED))
    if related:
        return suit_options_2007(irregularity, related, specified, declarer)
    return any_suit_2007(irregularity, declarer)


def decide(irregularity: Irregularity, answers: Mapping[str, Answer], decision_id: str) -> Decision:
    assert isinstance(irregularity, WithdrawnCall) and irregularity.restriction is not None
    edition = irregularity.edition
    clauses = [ref(edition, "26"), irregularity.restriction.law]
    return Decision(
        id=decision_id,
        irregularity=irregularity,
        clauses=tuple(sorted(set(clauses))),
        questions=questions(irregularity),
        answers=answers,
        options=options(irregularity, answers),
        note=msg("{partner}'s first turn to lead: the Director explains declarer's options "
                 "(Law 10C1)", partner=irregularity.offender.partner),
    )


RECTIFICATION = Rectification(decide, no_call_before_ruling)


def _declarer(auction: Auction) -> Seat:
    contract = auction.contract()
    assert contract is not None and contract.declarer is not None
    return contract.declarer


# In the play: the leads the restriction allows


def _first_lead(play: Play, seat: Seat) -> int:
    """Index of the first trick ``seat`` led (the current one if he has not led yet)."""
    return next((index for index, trick in enumerate(play.tricks) if trick.leader is seat),
                len(play.tricks))


@law("26A2(b)", editions=LAWS_2007, title="The prohibition lasts while partner retains the lead")
@law("26B", title="The prohibition lasts while partner retains the lead")
def in_force(play: Play, choice: RestrictLead) -> bool:
    """Whether the restriction governs the lead now to be made by its player: a required
    suit, his first lead only (26A2(a)); a prohibited suit, from his first lead for as long
    as he retains the lead, i.e. he has won every trick since (26A2(b), 26B)."""
    if choice.suit is None or play.next_to_play is not choice.seat or play.current_trick.cards:
        return False
    first = _first_lead(play, choice.seat)
    now = len(play.tricks)
    if choice.required:
        return now == first
    return all(trick.winner is choice.seat for trick in play.tricks[first:now])


def allowed_leads(play: Play, choices: tuple[RestrictLead, ...], cards: CardSet) -> CardSet:
    """The cards among ``cards`` the restrictions in force let the leader lead: a required
    suit if he holds it; not a prohibited suit unless he holds nothing else (unable to
    comply, he may lead any card, Law 59). Several restrictions (§19 Q9): the required
    suits first, then the prohibitions, as far as the hand allows."""
    active = [choice for choice in choices if in_force(play, choice)]
    if not active:
        return cards
    mask = cards.mask
    required = 0
    for choice in active:
        if choice.required and choice.suit is not None:
            required |= SUIT_MASKS[choice.suit]
    if mask & required:
        mask &= required
    for choice in active:
        if not choice.required and choice.suit is not None:
            without = mask & ~SUIT_MASKS[choice.suit]
            if without:
                mask = without
    return CardSet(mask)


def breach(
    play: Play, choices: tuple[RestrictLead, ...], seat: Seat, card: Card
) -> Review | None:
    """A lead in breach of declarer's restriction: it stands (the engine does not hold it
    back), and the Director reviews it (Laws 26, 59 and 64 are his to apply)."""
    if play.next_to_play is not seat or play.current_trick.cards:
        return None
    if card in allowed_leads(play, choices, play.legal_cards(seat)):
        return None
    choice = next(choice for choice in choices if in_force(play, choice))
    what = "required" if choice.required else "prohibited"
    suit = choice.suit.name.lower() if choice.suit is not None else ""
    return Review(choice.law, msg("{seat} led {card} although declarer had {what} a {suit} "
                                  "lead ({law}); the lead stands for now: the Director rules "
                                  "on it",
                                  seat=seat, card=card, what=what, suit=suit, law=choice.law))


_SUIT_NAMES = {Suit.CLUBS: msg("clubs"), Suit.DIAMONDS: msg("diamonds"),
               Suit.HEARTS: msg("hearts"), Suit.SPADES: msg("spades")}


def suit_name(suit: Suit) -> Msg:
    """The suit's name in the reader's language (the symbol alone reads as a card)."""
    return _SUIT_NAMES[suit]
