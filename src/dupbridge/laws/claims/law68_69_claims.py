"""Claims and concessions at the table (Laws 68-69, with 48B2, 49, 63A2-A4): what makes a
claim, play suspended while it stands, the claim agreed (69A: the board is scored with the
tricks claimed), doubted (68D: the Director), or void (68B2; 2017 68D2(b) play on).

When a claim is doubted, Law 70 adjudicates it (``law70_contested_claim``): the Director's
questions, V(P) over the claimer's normal lines, and the tricks proposed; the Director's
own count of tricks always wins.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from dupbridge.core.cards import Card
from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.errors import ActionRejected, ParseError
from dupbridge.core.messages import msg
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat, Side
from dupbridge.laws.claims.effects import ClaimSettled, ClaimVoid
from dupbridge.laws.claims.normal_lines import SuitOrder
from dupbridge.laws.machinery.clauses import LAWS_2007, LAWS_2017, ref
from dupbridge.laws.machinery.rectification import Rectification, no_call_before_ruling
from dupbridge.laws.machinery.ruling import (
    DIRECTOR,
    Answer,
    Cite,
    Decision,
    Effect,
    InformationTag,
    Irregularity,
    IrregularityKind,
    Option,
    PlayCard,
    Question,
    Review,
)
from dupbridge.laws.play import law61_64_revokes
from dupbridge.laws.play.law61_revoke import Revoke
from dupbridge.rules.play import Play

if TYPE_CHECKING:
    # Law 70's adjudication (the position, the statement, the search over normal lines)
    # and the 69B/71 corrections are loaded when a claim is made or ruled on, not by every
    # table that may see one: the functions below import them where they need them.
    from dupbridge.laws.claims.position import ClaimMatter, ClaimPosition, Ending

FACED = "faced"  # a hand faced: was it a claim (48B2 declarer, 68A defender)?
CURRENT_TRICK = "current-trick"  # a statement about the trick in progress, a card shown
DOUBTED = "doubted"  # 68D: a player doubts the claim

# Question and option ids (docs/ruling-vocabulary.md)
IS_CLAIM = "claim"
PLAYED_EARLY = "played-early"
PLAY_ON = "play-on"


@dataclass(frozen=True, slots=True)
class Claim:
    """A claim or concession standing at the table. ``tricks``: of the ``remaining`` tricks
    (the one in progress included), those claimed for the claimer's side; the rest are
    conceded (68B1). ``record``: the table record count when it was made (for the
    information it gives). ``credited``: the tricks credited to the claimer's side once it
    is agreed (69A) or ruled (70); None while play is suspended."""

    claimer: Seat
    tricks: int
    remaining: int
    statement: str = ""
    concession: bool = False
    record: int = 0
    agreed: frozenset[Seat] = frozenset()
    credited: int | None = None
    ending: Ending | None = None  # the position when it was made (Law 70)
    after_claim: tuple[tuple[Seat, Card], ...] = ()  # cards played since (2007 70D3)
    settled_by: LawRef | None = None  # the clause that settled it (69A, 70A, 69B, 71)
    reading: str | None = None  # the statement's plan steps as read (None: it is in them)
    unread: tuple[str, ...] = ()  # words of the statement nothing read (70B1)

    @property
    def settled(self) -> bool:
        return self.credited is not None

    def rests_on(self, edition: Edition) -> tuple[LawRef, ...]:
        """What the claim rests on, as a penalty card carries its clauses: 68A for the
        tricks claimed, 68B1 for those conceded (a claim of some concedes the rest), and
        69A once the opponents' agreement settled it (no ruling records an agreed claim)."""
        from dupbridge.laws.claims.position import made_as

        found = made_as(edition, self.tricks, self.remaining, self.concession)
        if self.settled_by is not None and self.settled_by.clause == "69A":
            found += (self.settled_by,)
        return found


def remaining_tricks(play: Play) -> int:
    """The tricks not yet quitted, the one in progress included."""
    return 13 - len(play.tricks)


def _check_claimer(play: Play | None, seat: Seat) -> Play:
    if play is None or not play.opening_lead_made:
        raise ActionRejected(msg("no claim before the play has started (Law 68)"))
    if play.is_complete:
        raise ActionRejected(msg("the play is over: no trick is left to claim"))
    if seat is play.dummy:
        raise ActionRejected(msg("dummy does not claim or concede: declarer or a defender does "
                                 "(Law 68A)"))
    return play


@law("68", title="Claim or concession of tricks")
@law("68A", title="What makes a claim")
def claim(edition: Edition, play: Play | None, seat: Seat, tricks: int | None,
          statement: str, record: int, total: int | None = None, reading: str | None = None,
          unread: tuple[str, ...] = ()) -> Claim:
    """68A: a statement that the claimer's side will win a number of tricks (None: all the
    remaining ones, "the rest are mine"); it concedes the others (68B1). ``total``: the
    claim counts the side's tricks of the whole board ("ten tricks"): the remaining ones
    are those beyond what the side has won, more than are left if the tricks already
    quitted were miscounted (69B1 and 71A then correct it). ``reading``: the plan steps the
    claimer's words were read as (short grammar; None: ``statement`` is in it), ``unread``:
    the words nothing read (70B1: the Director confirms the reading)."""
    play = _check_claimer(play, seat)
    remaining = remaining_tricks(play)
    claimed = remaining if tricks is None else tricks
    if total is not None:
        claimed = total - play.tricks_won(seat.side)
    if claimed < 0 or (total is None and claimed > remaining) or claimed > 13:
        raise ActionRejected(msg("{claimed} tricks claimed with {remaining} left to play",
                                 claimed=claimed, remaining=remaining))
    from dupbridge.laws.claims.law70_contested_claim import ending_at_claim

    return Claim(seat, claimed, remaining, statement, False, record,
                 ending=ending_at_claim(play, seat), reading=reading, unread=unread)


@law("68B", title="What makes a concession")
@law("68B1", title="Statement of tricks to be lost")
def concession(edition: Edition, play: Play | None, seat: Seat, tricks: int | None,
               record: int, total: int | None = None) -> Claim:
    """68B1: a statement that the side will lose a number of tricks; ``tricks`` None: the
    player abandons his hand and concedes all the remaining tricks. The rest are claimed.
    ``total``: the opponents' tricks of the whole board he concedes ("you have ten"),
    possibly more than they can have if the quitted tricks were miscounted (71A)."""
    play = _check_claimer(play, seat)
    remaining = remaining_tricks(play)
    conceded = remaining if tricks is None else tricks
    if total is not None:
        conceded = total - play.tricks_won(seat.side.other)
    if conceded < 0 or (total is None and conceded > remaining) or conceded > 13:
        raise ActionRejected(msg("{conceded} tricks conceded with {remaining} left to play",
                                 conceded=conceded, remaining=remaining))
    from dupbridge.laws.claims.law70_contested_claim import ending_at_claim

    return Claim(seat, remaining - conceded, remaining, "", True, record,
                 ending=ending_at_claim(play, seat))


@law("63A3", title="Offending side makes a claim or concession")
def revokes_established(edition: Edition, revokes: tuple[Revoke, ...],
                        made: Claim) -> tuple[Effect, ...]:
    """63A3: the claimer's side's revokes not yet established are established."""
    return law61_64_revokes.established_by_claim(edition, revokes, made.claimer)


@law("68C", title="Claimer's clarification statement")
def clarification(edition: Edition, made: Claim) -> tuple[Review, ...]:
    """68C: the claim should come with a clear statement of the line of play; without one
    it is recorded as "no statement", for the Director (70 adjudication). 2017: the
    claimer shows his hand too (his faced cards are no penalty cards: 48A, 68B2, 68D2)."""
    if made.statement or made.concession:  # a concession needs no line of play
        return ()
    note = (msg("{seat}'s claim came with no statement (2017 68C: he must show his hand)",
                seat=made.claimer) if edition is Edition.LAWS_2017 else
            msg("{seat}'s claim came with no statement", seat=made.claimer))
    return (Review(ref(edition, "68C"), note),)


def _opponents_who_agree(claimer: Seat, dummy: Seat) -> frozenset[Seat]:
    """The players whose agreement makes the claim agreed: both defenders for declarer's
    claim, declarer for a defender's (dummy may doubt, 68D, but declarer agrees for his
    side)."""
    return frozenset(s for s in (claimer.lho, claimer.rho) if s is not dummy)


@law("69", title="Agreed claim or concession")
@law("69A", title="When agreement is established")
def agreed(edition: Edition, made: Claim, seat: Seat, dummy: Seat,
           revokes: tuple[Revoke, ...]) -> tuple[Claim, tuple[Effect, ...]]:
    """69A: an opponent accepts the claim; once his side has, the board is scored as though
    the tricks had been won or lost in play. Revokes of the agreeing side: 2007 63A3
    established at once (a member "agrees to" a claim); 2017 63A4 once the side's agreement
    is final (the engine sees no later board: final when the claim is settled, and an
    objection before the round ends is the Director's, 69A)."""
    if made.settled:
        raise ActionRejected(msg("the claim is already settled"))
    if seat.side is made.claimer.side:
        raise ActionRejected(msg("{seat} is on the claimer's side: an opponent agrees to a "
                                 "claim (Law 69A)", seat=seat))
    now = replace(made, agreed=made.agreed | {seat})
    effects: list[Effect] = []
    if edition is Edition.LAWS_2007:
        effects += law61_64_revokes.established_by_claim(edition, revokes, made.claimer,
                                                         seat.side)
    if _opponents_who_agree(made.claimer, dummy) <= now.agreed:
        if edition is Edition.LAWS_2017:
            effects += law61_64_revokes.established_by_claim(edition, revokes, made.claimer,
                                                             seat.side)
        effects.append(ClaimSettled(ref(edition, "69A"), made.tricks))
    return now, tuple(effects)


@law("68B2", title="Partner objects to a defender's concession")
def partner_objects(edition: Edition, made: Claim, seat: Seat, declarer: Seat) -> bool:
    """68B2: a defender tries to concede and his partner objects at once: there is no
    concession (2017: "no concession or claim"). 2007 applies it to a concession; a
    defender's claim his partner doubts goes to the Director (68D). 2017 applies it to a
    defender's claim that concedes a trick too."""
    if made.claimer.side is declarer.side or seat is not made.claimer.partner:
        return False
    if made.concession:
        return made.tricks < made.remaining
    return edition is Edition.LAWS_2017 and made.tricks < made.remaining


def objection_effects(edition: Edition, made: Claim) -> tuple[Effect, ...]:
    """68B2: play continues; the cards the defender showed are no penalty cards, and what
    they tell is unauthorised for his partner (2007 16D, 2017 16C); call the Director."""
    return (ClaimVoid(ref(edition, "68B2"), ),
            InformationTag(ref(edition, "68B2"), made.record, made.claimer.side.other),
            Review(ref(edition, "68B2"), msg("a defender's concession his partner objected to: "
                                           "the Director should be called at once "
                                           "(unauthorised information, Law 16)")))


def irregularity(edition: Edition, play: Play, seat: Seat, card: Card, record: int,
                 stage: str, claim_: ClaimPosition | None = None) -> ClaimMatter:
    """The matter put to the Director: a faced hand, a card shown with a statement about
    the trick in progress, or a doubted claim (``seat``: the claimer). ``card`` stands for
    the claimer's hand (a card he holds) or is the card he showed; ``trick``: the trick in
    progress (or next), so that ``14 - trick`` tricks remain."""
    from dupbridge.laws.claims.position import ClaimMatter

    return ClaimMatter(IrregularityKind.CLAIM, edition, seat, card, record, None,
                       declaring_side=play.declarer.side, trick=len(play.tricks) + 1,
                       stage=stage, declarer=play.declarer, claim=claim_)


def position(edition: Edition, made: Claim, order: SuitOrder) -> ClaimPosition:
    """What Law 70 adjudicates: the ending at the claim (with the cards played since as
    2007 70D3 evidence), the statement as plan steps, the tricks claimed."""
    from dupbridge.laws.claims.position import ClaimPosition
    from dupbridge.laws.claims.statement import Statement, parse_statement

    assert made.ending is not None
    ending = made.ending
    if made.after_claim and edition is Edition.LAWS_2007:
        ending = replace(ending, after_claim=made.after_claim)
    try:  # the steps the words were read as, shown and explained in the words said (70B1)
        statement = replace(parse_statement(
            made.statement if made.reading is None else made.reading), text=made.statement)
    except ParseError:  # words at the table: what does not parse is free text
        statement = Statement((), made.statement)
    return ClaimPosition(ending, statement, max(0, min(made.tricks, made.remaining)), edition,
                         order, made.concession, made.unread)


@law("48B2", title="At other times: possible claim or concession")
def faced_hand(edition: Edition, irregularity_: Irregularity,
               answers: Mapping[str, Answer], decision_id: str) -> Decision:
    """48B2 (declarer) / 68A (a defender showing his cards): facing the hand is a claim of
    all the remaining tricks unless he clearly did not intend it (Director, default: a
    claim). Declarer's faced cards are never penalty cards (48A)."""
    law_ = ref(edition, "48B2" if irregularity_.offender is irregularity_.declarer else "68A")
    question = Question(IS_CLAIM, msg("Faced hand: is it a claim (not clearly unintended)?"),
                        law_, True)
    options: tuple[Option, ...] = ()
    if IS_CLAIM in answers:
        options = ((Option(IS_CLAIM, msg("a claim of all the remaining tricks: play is "
                                    "suspended (68D)"), DIRECTOR, (Cite(ref(edition, "68A")),)),)
                   if answers[IS_CLAIM] else
                   (Option("no-claim", msg("not a claim: the cards go back to the hand, no "
                                      "penalty card, play continues"), DIRECTOR,
                           (ClaimVoid(law_),)),))
    return Decision(decision_id, irregularity_, (law_,), (question,), answers, options)


@law("68", title="A statement about the trick in progress is no claim")
def current_trick(edition: Edition, irregularity_: Irregularity,
                  answers: Mapping[str, Answer], decision_id: str) -> Decision:
    """68 preamble (2007 footnote): a statement about the trick in progress is no claim;
    a card a defender shows with it is no penalty card; Law 16 applies, and 57A may: the
    Director says whether the shown card counts as played early (default: no)."""
    law_ = ref(edition, "68")
    question = Question(PLAYED_EARLY, msg("Does the card shown count as played (57A if early)?"),
                        ref(edition, "57A"), False)
    options: tuple[Option, ...] = ()
    card = irregularity_.action
    assert isinstance(card, Card)
    if PLAYED_EARLY in answers:
        options = ((Option("played", msg("the card shown is played (a premature play is ruled "
                                    "under 57A)"), DIRECTOR,
                           (PlayCard(ref(edition, "57A"), irregularity_.offender, card),)),)
                   if answers[PLAYED_EARLY] else
                   (Option("not-played", msg("no claim, no penalty card: play continues"), DIRECTOR,
                           (Cite(law_),)),))
    return Decision(decision_id, irregularity_, (law_,), (question,), answers, options)


@law("68D", title="Play stops after a claim or concession")
@law("70B2", title="Director hears the objections")
def doubted(edition: Edition, irregularity_: Irregularity,
            answers: Mapping[str, Answer], decision_id: str) -> Decision:
    """68D: a player doubts the claim. 2007: the Director is called, Law 70. 2017: either
    the Director (68D2(a)) or, at the non-claiming side's request and if all four agree,
    play continues, the claim void (68D2(b))."""
    if edition is Edition.LAWS_2017:
        return _doubted_2017(edition, irregularity_, answers, decision_id)
    clauses = (ref(edition, "68D"), ref(edition, "70"))
    questions, options, note = _law70(edition, irregularity_, answers, "68D")
    return Decision(decision_id, irregularity_, clauses, questions, answers, options,
                    note=note)


def _law70(edition: Edition, irregularity_: Irregularity, answers: Mapping[str, Answer],
           clause: str) -> tuple[tuple[Question, ...], tuple[Option, ...], str]:
    """The Law 70 adjudication: its questions, the option that settles the claim with the
    tricks awarded (and, when the claimer conceded tricks no normal play loses, the Law 71
    cancellation), and the explanation."""
    from dupbridge.laws.claims import law69B_71_corrections, law70_contested_claim
    from dupbridge.laws.claims.position import ClaimMatter

    assert isinstance(irregularity_, ClaimMatter) and irregularity_.claim is not None
    position = irregularity_.claim
    found = law70_contested_claim.adjudicate(position, answers)
    questions = found.questions
    if law70_contested_claim.CLAIM_TRICKS in answers:  # the Director's count wins: the rest is moot
        questions = tuple(q for q in questions if q.id in answers)
    options: tuple[Option, ...] = ()
    if not [q for q in questions if q.id not in answers]:
        claimer = irregularity_.offender
        # Why: the clauses the proposal rests on (unless the Director counted otherwise),
        # and what the claim stands on when it stands as made (68A, 68B1).
        why = found.grounds() if found.awarded == found.proposed else ()
        if found.awarded == position.claimed:
            why += position.standing()
        options = (Option("adjudicate", msg("{tricks} of the remaining tricks to {seat}'s side",
                                            tricks=found.awarded, seat=claimer), DIRECTOR,
                          (Cite(ref(edition, clause)), Cite(ref(edition, "70")),
                           *map(Cite, why), ClaimSettled(ref(edition, "70A"), found.awarded))),)
        if found.cancel:
            tricks = found.proposed + found.cancel
            options += (Option("cancel-concession", msg(
                "{tricks} of the remaining tricks to {seat}'s side: the concession of tricks "
                "no normal play loses is cancelled (Law 71, within the correction period)",
                tricks=tricks, seat=claimer), DIRECTOR,
                (Cite(ref(edition, "70")), ClaimSettled(law69B_71_corrections.law71(edition, 2),
                                                        tricks))),)
    return questions, options, law70_contested_claim.joined(found.explain())


@law("68D1", editions=LAWS_2017, title="Agreed: Law 69 applies")
@law("68D2", editions=LAWS_2017, title="Doubted by any player")
@law("68D2(a)", editions=LAWS_2017, title="Director summoned: Law 70 applies")
@law("68D2(b)", editions=LAWS_2017, title="Play continues at non-claimers' request")
@law("68D2(b)(i)", editions=LAWS_2017, title="All four players must agree")
@law("68D2(b)(ii)", editions=LAWS_2017, title="Claim void; later result stands")
def _doubted_2017(edition: Edition, irregularity_: Irregularity,
                  answers: Mapping[str, Answer], decision_id: str) -> Decision:
    """2017 68D2: doubted, play is suspended. (b) at the non-claiming side's request and
    with all four players agreeing, play continues: the claim is void, Laws 16 and 50 do
    not apply to what was shown, and the result of the play stands; (a) otherwise the
    Director, Law 70. (68D1: an agreed claim is Law 69, see ``agreed``.)"""
    claimer = irregularity_.offender
    play_on = Question(PLAY_ON, msg("Do all four players agree to play on at the non-claiming "
                                "side's request (68D2(b)(i))?"), ref(edition, "68D2(b)(i)"), False)
    questions: tuple[Question, ...] = (play_on,)
    options: tuple[Option, ...] = ()
    note = ""
    if answers.get(PLAY_ON) is True:
        options = (Option(PLAY_ON, msg("play continues; the claim is void, no penalty card and "
                                   "no unauthorised information from the cards shown"),
                          _non_claimer(claimer, irregularity_.declarer),
                          (ClaimVoid(ref(edition, "68D2(b)(ii)")),)),)
    clauses: tuple[LawRef, ...] = (ref(edition, "68D"), ref(edition, "68D2"))
    if PLAY_ON in answers and answers[PLAY_ON] is not True:
        asked, options, note = _law70(edition, irregularity_, answers, "68D2(a)")
        questions = (play_on, *asked)
        clauses += (ref(edition, "70"),)
    return Decision(decision_id, irregularity_, clauses, questions, answers, options,
                    note=note)


def decide(irregularity_: Irregularity, answers: Mapping[str, Answer],
           decision_id: str) -> Decision:
    from dupbridge.laws.claims import law69B_71_corrections

    edition = irregularity_.edition
    if irregularity_.stage in (law69B_71_corrections.WITHDRAWN, law69B_71_corrections.CANCELLED):
        return law69B_71_corrections.decide(irregularity_, answers, decision_id)
    if irregularity_.stage == FACED:
        return faced_hand(edition, irregularity_, answers, decision_id)
    if irregularity_.stage == CURRENT_TRICK:
        return current_trick(edition, irregularity_, answers, decision_id)
    return doubted(edition, irregularity_, answers, decision_id)


RECTIFICATION = Rectification(decide, no_call_before_ruling)


@law("63A2", title="Offending side names a card for next trick")
def announced(play: Play, revokes: tuple[Revoke, ...], seat: Seat) -> tuple[Revoke, ...]:
    """63A2: a player names a card he will play to a later trick ("I'll lead the HA
    next"): his side's revokes on the tricks before it are established."""
    following = len(play.tricks) + (2 if play.current_trick.cards else 1)
    return law61_64_revokes.established_by_designation(revokes, seat, following)




@law("68D", title="Play stops after a claim or concession")
def play_suspended(seat: Seat, card: Card) -> ActionRejected:
    """68D: once a claim or concession is made, play stops (2017: is suspended) until it
    is agreed, ruled on, or (2017 68D2(b)) all four agree to play on."""
    return ActionRejected(msg("a claim stands: play is suspended (Law 68D); {seat} cannot "
                              "play {card}", seat=seat, card=card))


def correction(edition: Edition, play: Play, made: Claim | None, seat: Seat, withdrawal: bool,
               in_time: bool, order: SuitOrder) -> Irregularity:
    """A settled claim put back before the Director within the Correction Period: the
    agreeing side withdraws its agreement (69B) or the conceding side asks that its
    concession be cancelled (71)."""
    if made is None or not made.settled or made.credited is None:
        raise ActionRejected(msg("no settled claim or concession to correct"))
    if not in_time:
        raise ActionRejected(msg("the Correction Period is over (Law 79C): the claim stands"))
    if withdrawal and seat.side is made.claimer.side:
        raise ActionRejected(msg("{seat} made the claim: the opponents withdraw an agreement "
                                 "(Law 69B)", seat=seat))
    if not withdrawal and seat.side is not made.claimer.side:
        raise ActionRejected(msg("{seat} did not concede: Law 71 cancels a side's own "
                                 "concession", seat=seat))
    from dupbridge.laws.claims import law69B_71_corrections

    stage = law69B_71_corrections.WITHDRAWN if withdrawal else law69B_71_corrections.CANCELLED
    assert made.ending is not None
    hand = made.ending.hands[made.claimer]
    card = next(iter(hand)) if hand else made.ending.trick[0]  # stands for the claimer's cards
    return replace(irregularity(edition, play, seat, card, made.record, stage,
                                position(edition, made, order)),
                   correction=(made.credited, made.remaining))


@law("70D3", editions=LAWS_2007, title="Play after the claim as evidence")
def play_after_claim_is_evidence(edition: Edition) -> bool:
    """2007 70D3: play should have ceased, but cards played after the claim may be taken
    as evidence of the probable play (the search starts every line with them). 2017 has no
    70D3: play goes on only under 68D2(b), which voids the claim."""
    return edition is Edition.LAWS_2007


@law("69A", title="When agreement is established")
def declarer_credit(made: Claim, declarer: Seat) -> int:
    """69A: the board is scored as though the tricks claimed or conceded had been won or
    lost in play: declarer's side's share of the remaining tricks (none while unsettled)."""
    if made.credited is None:
        return 0
    return made.credited if made.claimer.side is declarer.side else made.remaining - made.credited


def credited_sides(made: Claim) -> tuple[Side, ...]:
    """69A: the side each remaining trick is credited to once the claim or concession is
    settled (none before): for Law 64 they count as tricks won (spec §4 [design])."""
    if made.credited is None:
        return ()
    side = made.claimer.side
    credited = max(0, min(made.credited, made.remaining))
    return (side,) * credited + (side.other,) * (made.remaining - credited)


def _non_claimer(claimer: Seat, declarer: Seat | None) -> Seat:
    """The opponent who speaks for the non-claiming side (68D2(b)): the claimer's LHO, or
    declarer when the LHO is dummy."""
    dummy = declarer.partner if declarer is not None else None
    return claimer.rho if claimer.lho is dummy else claimer.lho
