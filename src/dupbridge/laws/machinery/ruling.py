"""Irregularities, the Director's decisions and rulings, as values (docs/architecture.md).

An irregular action never raises: it becomes an ``Irregularity``. A law module turns it
into a ``Decision``: the clauses that apply, the questions only the Director can answer
(each with the default the catalogue proposes), and the options with who may choose each
(Law 10C). Every option carries the ``Effect``s it has; each effect names its clause, so
the ``Ruling`` lists every clause that fired.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Literal

from dupbridge.core.calls import Call
from dupbridge.core.cards import Card, Rank, Suit
from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.messages import N_, Msg, msg
from dupbridge.core.seats import Seat, Side

DIRECTOR: Literal["Director"] = "Director"
Chooser = Seat | Literal["Director"]
Answer = bool | str | int


class IrregularityKind(Enum):
    INADMISSIBLE_DOUBLE = N_("inadmissible double or redouble")  # Law 36
    BARRED_PLAYER_CALLED = N_("action violating the obligation to pass")  # Law 37
    BID_ABOVE_SEVEN = N_("bid of more than seven")  # Law 38
    CALL_AFTER_FINAL_PASS = N_("call after the final pass")  # Law 39
    INSUFFICIENT_BID = N_("insufficient bid")  # Law 27
    CALL_OUT_OF_ROTATION = N_("call out of rotation")  # Laws 28-32
    CHANGE_OF_CALL = N_("change of call")  # Law 25
    CARD_DURING_AUCTION = N_("card exposed or led during the auction")  # Law 24
    LEAD_RESTRICTION = N_("lead restrictions for a withdrawn call")  # Law 26, at the lead
    LEAD_OUT_OF_TURN = N_("lead out of turn")  # Laws 53-56 (opening lead: 54)
    FACE_DOWN_LEAD_OUT_OF_TURN = N_("face-down opening lead out of turn")  # Law 41A, 16
    PREMATURE_PLAY = N_("premature lead or play")  # Law 57 (2017 57D)
    FIFTH_CARD = N_("fifth card played to a trick")  # Law 45E
    CARDS_TOGETHER = N_("two or more cards played at once")  # Law 58B
    EXPOSED_CARD = N_("card exposed during the play")  # Laws 48-50
    PENALTY_CARD_LEAD = N_("declarer's options on a penalty card")  # Laws 50D2, 51B
    REVOKE = N_("revoke")  # Laws 61-64 (and 52: a penalty card not played)
    DEFECTIVE_TRICK = N_("defective trick")  # Law 67
    DUMMY = N_("dummy's irregularity")  # Laws 42-43, 45F
    DESIGNATION = N_("incomplete or erroneous designation of a card")  # Laws 45C4, 46
    RETRACTION = N_("retraction of a card played")  # Law 47
    CARD_HELD = N_("card held or touched as if played")  # Law 45C1-C3
    WRONG_NUMBER_OF_CARDS = N_("incorrect number of cards")  # Laws 13-14
    WRONG_BOARD_PLAYED = N_("wrong board played")  # 2007 Law 15, 2017 15B
    MISINFORMATION = N_("call based on misinformation")  # Law 21B (after 20F4/20F5)
    WRONG_BOARD = N_("call with cards from a wrong board")  # 2007 Law 17D, 2017 Law 15A
    CLAIM = N_("claim or concession for the Director")  # Laws 48B2, 68-70
    UNAUTHORISED_INFORMATION = N_("unauthorised information from partner")  # Laws 16B, 73C
    FALSE_INFERENCE = N_("false inference from an opponent's manner")  # 2007 73F, 2017 73E2
    EXTRANEOUS_INFORMATION = N_("extraneous information from another source")  # 16C / 16D


class Exposure(Enum):
    """How a card came to be face up other than by being played in turn."""

    DROPPED = N_("dropped")  # accidentally (48A, 50B)
    SHOWN = N_("shown")  # held so that partner could see its face, not at his turn (49)
    NAMED = N_("named")  # named as being in his hand (49)
    WITH_ANOTHER = N_("played with another card")  # two cards at once, this one visible (58B)
    FIFTH_CARD = N_("fifth card to a trick")  # after he had played to the trick (45E)
    HELD = N_("held")  # face up, partner could see it (45C1); declarer's, near the table (45C2(a))
    HELD_AS_PLAYED = N_("held as played")  # declarer's, in a played position (45C2(b))
    TOUCHED = N_("touched")  # dummy's card deliberately touched by declarer (45C3)


class BarScope(Enum):
    NEXT = N_("next turn")  # must pass when next it is his turn to call
    REST = N_("rest of the auction")  # must pass whenever it is his turn to call


class BarKind(Enum):
    PASS = N_("must pass")  # required by law to pass (Laws 23-39)
    NO_DOUBLE = N_("may not double or redouble")  # 2007 30B2(b), at that turn only
    REPEAT = N_("must repeat his call")  # 2007 31A1/32B1, 2017 31A1/32A1 (erratum A-2)


@dataclass(frozen=True, slots=True)
class Bar:
    """A constraint the Laws put on a player's next call or on all his calls: most often
    the obligation to pass; also 2007 30B2(b)'s ban on doubling, and the obligation to
    repeat a call made out of rotation (``call``)."""

    seat: Seat
    scope: BarScope
    law: LawRef
    kind: BarKind = BarKind.PASS
    call: Call | None = None  # the call to repeat (BarKind.REPEAT)

    def __str__(self) -> str:
        if self.kind is BarKind.REPEAT:
            return msg("{seat} must repeat {call} ({scope}), {law}", seat=self.seat,
                       call=self.call, scope=self.scope, law=self.law)
        return msg("{seat} {kind} ({scope}), {law}", seat=self.seat, kind=self.kind,
                   scope=self.scope, law=self.law)


@dataclass(frozen=True, slots=True)
class Irregularity:
    """What happened, with everything its law needs to know."""

    kind: IrregularityKind
    edition: Edition
    offender: Seat
    action: Call | Card
    record: int  # index of the irregular call or card in the table's record
    turn: Seat | None  # whose turn it was when the offender acted
    offender_barred: Bar | None = None
    declaring_side: Side | None = None  # after the auction: the presumed declaring side
    auction_period_over: bool = False  # the opening lead has been faced
    is_lead: bool = False  # a card led to an empty trick
    trick: int = 0  # during the play: the trick in progress, 1-based (Laws 45E, 57, 58)
    own_last_call: int | None = None
    """Record of the offender's last call, when his partner has not called since: the call
    Law 25A would let him replace."""
    calls_before_ruling: tuple[tuple[Seat, Call, int], ...] = ()
    stage: str = ""
    """Which step of a rectification in several steps this is (e.g. the offender's
    replacement of an insufficient bid, after his LHO declined it); "" for the first."""
    later_calls: tuple[tuple[Seat, Call, int], ...] = ()
    """Calls made after the irregularity was ruled on that its law still has to judge
    (e.g. RHO's call, then the offender's call, after a call out of rotation, Laws 30-32);
    collected by a ``Watch``."""
    changeable: tuple[tuple[Seat, Call, int], ...] = ()
    """Law 21B: the non-offending player's last call, which he may change if his partner
    has not called since, then the calls made after it (his LHO's, which 21B2 lets the LHO
    change in turn)."""
    before_director: tuple[tuple[Seat, Call, int], ...] = ()
    """Law 11A: calls by the non-offending side made while the decision was pending, before
    the Director was summoned; the Director says whether they forfeit the rectification."""
    declarer: Seat | None = None
    """During the play: the (presumed) declarer, who chooses for a defender's offence."""
    cards_before_ruling: tuple[tuple[Seat, Card, int], ...] = ()
    """Cards held back while the Director rules, to be classified after the ruling (e.g. a
    card by the offending side before the rectification was assessed, Law 60C)."""
    correction: tuple[int, int] = (0, 0)
    """A settled claim corrected (69B, 71): the claimer's credited tricks and the tricks
    that were left when it was made."""
    refers_to_nothing: bool = False
    """An inadmissible double made before any bid, or redouble when the last bid is not
    doubled (Laws 19A3/19B3: there is no bid or double it could be of). Such a call can
    never stand (Law 36): no auction goes on from it."""

    @property
    def out_of_rotation(self) -> bool:
        return self.turn is not None and self.turn is not self.offender

    def with_call_before_ruling(self, seat: Seat, call: Call, record: int) -> Irregularity:
        return replace(self, calls_before_ruling=(*self.calls_before_ruling, (seat, call, record)))

    def with_later_call(self, seat: Seat, call: Call, record: int) -> Irregularity:
        return replace(self, later_calls=(*self.later_calls, (seat, call, record)))

    def describe(self) -> str:
        return msg("{kind}: {offender} {action}", kind=self.kind, offender=self.offender,
                   action=self.action)


@dataclass(frozen=True, slots=True)
class Question:
    """A judgement only the Director can make; the engine asks and waits (never guesses)."""

    id: str
    prompt: str
    law: LawRef
    default: Answer
    choices: tuple[Answer, ...] = (True, False)
    cites: tuple[tuple[Answer, LawRef], ...] = ()
    """The clause an answer makes fire, which the ruling then cites (e.g. 2017 23A1 for a
    call comparable because it has the same meaning): answers not listed cite nothing by
    themselves; what follows from them is cited by the effects they lead to."""

    aliases: tuple[tuple[Answer, Answer], ...] = ()
    """Answers still accepted for a while in place of a choice (an old answer id kept when
    the question's answers changed, docs/ruling-vocabulary.md): (alias, choice)."""

    asked_if: tuple[str, Answer] | None = None
    """(question id, answer): the question matters only when that one got that answer;
    another answer makes it moot, and it is not asked (2007 25A1: "without pause" only for
    a call found unintended)."""

    def moot(self, answers: Mapping[str, Answer]) -> bool:
        """Whether an earlier answer made this question not worth asking (``asked_if``)."""
        if self.asked_if is None:
            return False
        other, needed = self.asked_if
        return other in answers and answers[other] != needed

    def cited_for(self, answer: Answer) -> tuple[LawRef, ...]:
        return tuple(law for value, law in self.cites
                     if value == answer and type(value) is type(answer))

    def canonical(self, answer: object) -> object:
        """``answer``, or the choice it is an alias of."""
        return next((choice for alias, choice in self.aliases
                     if alias == answer and type(alias) is type(answer)), answer)


# Effects: what an option does. The table engine applies them in order.


@dataclass(frozen=True, slots=True)
class Effect:
    """Something a ruling does, with the clause it comes from (``law``). The ruling cites
    an effect's ``clauses`` only if the effect fired: it changed the table's state, or it
    is a record of the ruling itself (``Cite``, ``Review``, ``AdjustedScore``,
    ``ScoreWithout``); see ``table.engine.effects``."""

    law: LawRef

    @property
    def clauses(self) -> tuple[LawRef, ...]:
        """The clauses the effect rests on when it fires."""
        return (self.law,)


@dataclass(frozen=True, slots=True)
class Cite(Effect):
    """A clause that applied and changes nothing by itself (e.g. 39B: no further
    rectification)."""


@dataclass(frozen=True, slots=True)
class CancelCalls(Effect):
    """Cancel the calls at these record indices (and their place in the auction)."""

    records: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CancelFrom(Effect):
    """Cancel the call at ``record`` and every call made after it."""

    record: int


@dataclass(frozen=True, slots=True)
class StandCall(Effect):
    """The call at ``record`` comes to stand as if it had been legal."""

    record: int


@dataclass(frozen=True, slots=True)
class ScoreWithout(Effect):
    """The doubles or redoubles at ``records`` stand in the auction that was played, but the
    final contract is scored as if they had not been made (2017 36C). Nothing changes at
    the table; ``Table.result`` reads it from the ruling."""

    records: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SubstitutePass(Effect):
    """A pass stands in place of the cancelled call at ``record``."""

    record: int


@dataclass(frozen=True, slots=True)
class ImposeBar(Effect):
    seat: Seat
    scope: BarScope
    kind: BarKind = BarKind.PASS
    call: Call | None = None  # the call to repeat (BarKind.REPEAT)


@dataclass(frozen=True, slots=True)
class LiftBars(Effect):
    """The bars of these kinds on ``seat`` end (e.g. the obligation to repeat a call, once
    the repeated call has been made or has turned out to be irregular)."""

    seat: Seat
    kinds: tuple[BarKind, ...] = (BarKind.REPEAT,)


@dataclass(frozen=True, slots=True)
class Watch(Effect):
    """The rectification is not over: its law looks at the calls made from now on
    (``Rectification.later_call``) until it says it is done. For example, after a call out
    of rotation is cancelled, what RHO and then the offender call decides whether the
    offender's partner is barred (Laws 30-32), and after an insufficient bid is declined,
    the offender's replacement decides which part of 27B applies."""

    irregularity: Irregularity


@dataclass(frozen=True, slots=True)
class CallAgain(Effect):
    """Treat ``call`` by ``seat`` (recorded at ``record``) as made now, in the new position:
    it is classified again and may itself be irregular."""

    seat: Seat
    call: Call
    record: int


@dataclass(frozen=True, slots=True)
class ReturnCard(Effect):
    """The card goes back to its holder's hand (no longer played)."""

    record: int


@dataclass(frozen=True, slots=True)
class PlayCard(Effect):
    """``seat`` plays ``card`` now, as if he had played it himself: classified as any card
    (e.g. the card a designation of dummy's card resolves to, Law 46; the card named by a
    corrected designation, 45C4(b))."""

    seat: Seat
    card: Card


@dataclass(frozen=True, slots=True)
class ReturnPlayedCard(Effect):
    """``seat``'s ``card``, played to a trick, goes back to his hand, as ``ReturnCard`` does
    (for a law that knows the play but not the record, e.g. 58B3). ``information``: the
    clause (2007 16D / 2017 16C) under which the withdrawn card's information is tagged,
    authorised to ``seat``'s side only; None: not tagged."""

    seat: Seat
    card: Card
    information: LawRef | None = None


@dataclass(frozen=True, slots=True)
class AcceptCard(Effect):
    """The card stands as played, as if in turn."""

    record: int


@dataclass(frozen=True, slots=True)
class Review(Effect):
    """An item the Director reviews at the end of play (e.g. Law 23/72C, 27D, 16)."""

    note: str


@dataclass(frozen=True, slots=True)
class AdjustedScore(Effect):
    """The Director awards an adjusted score (Law 12C): ``artificial`` (12C2) or assigned.
    ``played``: the board is still played (e.g. 2007 17D3, 2017 15A3); otherwise no normal
    play is possible and the board ends here (e.g. 2007 17D2, 2017 15A2(a))."""

    note: str
    artificial: bool = True
    played: bool = False


@dataclass(frozen=True, slots=True)
class LeadRestriction(Effect):
    """Law 26 may apply: declarer's options on the lead of the offender's partner at his
    first turn to lead, if the offender becomes a defender."""

    offender: Seat
    withdrawn: Call


@dataclass(frozen=True, slots=True)
class RestrictLead(Effect):
    """Declarer's choice under Law 26 for ``seat`` (the offender's partner), settling the
    offer ``restriction``: from his first turn to lead he must lead ``suit`` (``required``:
    2007 26A2(a), that lead only), or may not lead it while he retains the lead (2007
    26A2(b), 26B). ``suit`` None: no restriction."""

    seat: Seat
    restriction: LeadRestriction
    suit: Suit | None = None
    required: bool = False


@dataclass(frozen=True, slots=True)
class ExposeCard(Effect):
    """The card at ``record`` stays face up on the table, not played (Law 24: until the end
    of the auction). ``led``: the Director found it led prematurely (24B), a deliberate
    play, so that it is a major penalty card if it becomes one (50B)."""

    record: int
    led: bool = False


@dataclass(frozen=True, slots=True)
class PenaltyCard(Effect):
    """The card at ``record`` becomes a penalty card of ``seat`` (Law 50): it stays face up
    on the table, in his hand, for Laws 50-51 to deal with in the play. ``deliberate``:
    exposed through a deliberate play (a lead out of turn, a corrected revoke...), which
    makes it major whatever its rank (50B); every law that makes a penalty card says it
    (no default: a card played with another, or returned from a trick it went into with
    another, was not). ``became_major``: the clause under which a card
    that was minor when exposed became major later (50B: its owner came to hold two or more
    penalty cards); a fact of the play, kept when the other cards are played or picked up,
    since no law makes a major penalty card minor again."""

    seat: Seat
    card: Card
    record: int
    deliberate: bool
    became_major: LawRef | None = None

    @property
    def major(self) -> bool:
        """50B: a card of honour rank, or exposed through deliberate play, is a major
        penalty card; a single card below honour rank exposed unintentionally is minor
        until its owner comes to hold two or more penalty cards, then major for good."""
        return self.card.rank >= Rank.TEN or self.deliberate or self.became_major is not None

    @property
    def status_clause(self) -> LawRef:
        """The clause that makes it major or minor: 2007 50B; 2017 50B1 (minor) or 50B2
        (major); for a card that became major with a second penalty card, that clause."""
        if self.became_major is not None:
            return self.became_major
        edition = self.law.edition
        if edition is Edition.LAWS_2007:
            return LawRef(edition, "50B")
        return LawRef(edition, "50B2" if self.major else "50B1")

    @property
    def clauses(self) -> tuple[LawRef, ...]:
        """What the penalty card rests on, whichever law made it: that clause; Law 50 when
        it is outside Laws 50-51 (a card exposed during the auction, 24; a lead out of turn
        refused, 56; a corrected revoke, 62B1...: their text sends the card to Law 50);
        the 50B clause that makes it major or minor; and the obligations its play is then
        under: 50D for a major card, 50C for a minor one."""
        edition = self.law.edition
        found = [self.law]
        if not self.law.clause.startswith(("50", "51")):
            found.append(LawRef(edition, "50"))
        found += [self.status_clause, LawRef(edition, "50D" if self.major else "50C")]
        return tuple(dict.fromkeys(found))

class PlayRule(Enum):
    """What a rectification requires of a player's lead or play (Laws 26, 50D2, 51B, 57A)."""

    REQUIRE_SUIT = N_("must lead or play the suit")
    FORBID_SUIT = N_("may not lead or play the suit")
    HIGHEST = N_("must play his highest card of the suit led")
    LOWEST = N_("must play his lowest card of the suit led")
    PLAY_CARD = N_("must play the card")  # 2017 57D: the premature card, at his turn


class Until(Enum):
    """How long a ``RestrictPlay`` lasts."""

    THIS_CARD = N_("his next lead or play only")  # 50D2(a) require, 57A
    WHILE_ON_LEAD = N_("as long as he retains the lead")  # 50D2(a) forbid, 51B


@dataclass(frozen=True, slots=True)
class RestrictPlay(Effect):
    """A rectification's requirement on ``seat``'s next lead or play (``trick``: the trick it
    applies to; 0 for his next turn to lead). A card that breaks it when he could comply is
    a revoke (61A); when he cannot, Law 59 frees him."""

    seat: Seat
    rule: PlayRule
    suit: Suit | None = None
    card: Card | None = None
    until: Until = Until.THIS_CARD
    trick: int = 0
    chosen_by: Seat | None = None  # the opponent whose choice it is (61A)


@dataclass(frozen=True, slots=True)
class PickUpPenaltyCards(Effect):
    """``seat``'s penalty cards of ``suit`` (every suit if None) go back to his hand: no
    longer penalty cards (50D2(a), 51B)."""

    seat: Seat
    suit: Suit | None = None


@dataclass(frozen=True, slots=True)
class PlayRecord(Effect):
    """The card at ``record`` (held back while the Director ruled) is played now, as if in
    turn: it is classified again and may itself be irregular (e.g. a revoke)."""

    record: int


@dataclass(frozen=True, slots=True)
class SwapDeclarer(Effect):
    """54A: declarer spreads his hand and becomes dummy; his partner becomes declarer."""


@dataclass(frozen=True, slots=True)
class LeadFrom(Effect):
    """43B2(a): declarer's next lead comes from ``seat``'s hand (his own or dummy's), as the
    defenders chose: a lead from it stands as if in turn, one from the other hand is
    refused."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class Establish(Effect):
    """The revoke at ``record`` is established (63A) though no card has been played to the
    next trick (e.g. the offending side claims or concedes, 63A3)."""

    record: int


@dataclass(frozen=True, slots=True)
class InformationTag(Effect):
    """Information from a withdrawn call: authorised for ``authorised``, unauthorised for
    the other side (2007 16D / 2017 16C); ``None``: authorised for both sides (2007
    27B1(a), 2017 23B: the offender's partner may use it too)."""

    record: int
    authorised: Side | None


@dataclass(frozen=True, slots=True)
class Option:
    """One way the rectification can go, and who chooses it (Law 10C)."""

    id: str
    description: str
    chosen_by: Chooser
    effects: tuple[Effect, ...]

    @property
    def clauses(self) -> tuple[LawRef, ...]:
        return tuple(sorted({effect.law for effect in self.effects}))


@dataclass(frozen=True, slots=True)
class Decision:
    """What is pending: the irregularity, the clauses that apply, the Director's questions
    and the options. Calls and plays wait until an option is chosen."""

    id: str
    irregularity: Irregularity
    clauses: tuple[LawRef, ...]
    questions: tuple[Question, ...]
    answers: Mapping[str, Answer]
    options: tuple[Option, ...]
    waits_for: frozenset[Seat] = frozenset()
    """Seats whose call before the ruling the law provides for (the offender's LHO)."""
    automated: bool = True
    note: str = ""

    @property
    def open_questions(self) -> tuple[Question, ...]:
        """The questions still to answer, less those an earlier answer made moot."""
        return tuple(q for q in self.questions
                     if q.id not in self.answers and not q.moot(self.answers))

    def option(self, option_id: str) -> Option | None:
        return next((option for option in self.options if option.id == option_id), None)

    def describe(self) -> str:
        return msg("{irregularity} [{clauses}]", irregularity=self.irregularity.describe(),
                   clauses=self.clauses)


@dataclass(frozen=True, slots=True)
class Ruling:
    """A decision resolved: the audit trail of one irregularity. ``clauses`` are derived,
    never copied from the decision: the clauses of the effects that fired when the ruling
    was applied, and those the Director's answers cite (``Question.cites``). A clause the
    decision only considered (``Decision.clauses``) is not cited unless it fired."""

    decision: Decision
    option: Option | None  # None when the law itself resolved it (e.g. LHO called, 36A)
    chosen_by: Chooser | None
    clauses: tuple[LawRef, ...]
    effects: tuple[Effect, ...]
    answers: Mapping[str, Answer] = field(default_factory=dict)

    def answered_clauses(self) -> tuple[LawRef, ...]:
        """The clauses the Director's answers cite (``Question.cites``)."""
        return tuple(law for question in self.decision.questions
                     if question.id in self.answers
                     for law in question.cited_for(self.answers[question.id]))

    def describe(self) -> str:
        how: str | Msg = (self.option.description if self.option
                          else msg("resolved by the law itself"))
        return msg("{irregularity}: {how} [{clauses}]",
                   irregularity=self.decision.irregularity.describe(), how=how,
                   clauses=self.clauses)


@dataclass(frozen=True, slots=True)
class Resolution:
    """The law resolves the irregularity without a choice (e.g. LHO called: Law 36A)."""

    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Watched:
    """What a watching law makes of a later call (see ``Watch``).

    ``rule``: the call does not simply stand: it is held (pending) and a decision on this
    irregularity (usually the watched one, at a later ``stage``, with the call in
    ``later_calls``) is opened. Otherwise the call is placed as usual and ``effects`` are
    applied after it. ``done``: the watch ends (else it goes on looking, with ``keep``,
    the irregularity as the law wants to remember it)."""

    effects: tuple[Effect, ...] = ()
    rule: Irregularity | None = None
    done: bool = True
    keep: Irregularity | None = None
