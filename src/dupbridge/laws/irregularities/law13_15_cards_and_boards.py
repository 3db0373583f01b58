"""Laws 13-15: an incorrect number of cards, a missing card, a wrong board played.

These are facts reported to the Director, not actions of the play: the engine records what
he found and asks him the judgements the Laws leave to him, each with a default.

- Law 13 (a hand with too many cards): the engine's deal is the correct deal, so "the
  Director corrects the deal" changes nothing in the engine; what matters is when it is found
  (before a player with a wrong count called: 2007 13D / 2017 13A; after: 2007 13A-B /
  2017 13B; after the play: 2007 13C / 2017 13D) and whether a card of another hand was
  seen. A surplus card not part of the deal is removed (2007 13F / 2017 13C).
- Law 14 (a hand short, none long): the missing card is in the deal's hand throughout, so a
  failure to play it when the Laws required it was already recorded as a revoke when it
  happened (61A, silently): 14B4 "deemed to have been in the hand throughout" holds by
  construction. Found after the opening lead it is on the table as a record of its own,
  which the Director either restores to the hand or makes a penalty card (14B4, Law 50).
- Law 15 (a wrong board played): 2007 15A-C / 2017 15B. 2007 17D / 2017 15A (cards from a
  wrong board during the auction) are in ``law17_auction_period``.
"""

from __future__ import annotations

from collections.abc import Mapping

from dupbridge.core.calls import Call
from dupbridge.core.cards import Card
from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.messages import msg
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat, Side
from dupbridge.laws.machinery.clauses import LAWS_2007, LAWS_2017, ref
from dupbridge.laws.machinery.rectification import Rectification, no_call_before_ruling
from dupbridge.laws.machinery.ruling import (
    DIRECTOR,
    AdjustedScore,
    Answer,
    Cite,
    Decision,
    Effect,
    InformationTag,
    Irregularity,
    IrregularityKind,
    Option,
    PenaltyCard,
    Question,
    ReturnCard,
    Review,
)

# Question ids (docs/ruling-vocabulary.md)
CARD_SEEN = "card-seen"
INFORMATION_IMPORTANT = "information-important"
CORRECTABLE = "correctable"
QUITTED_TRICK = "quitted-trick"
PLAYED_BEFORE = "played-before"
CALLS_DIFFER = "calls-differ"

# Law 13 stages: when the wrong count was found
SURPLUS = "surplus"  # a card not part of the deal (no hand short)
NOT_CALLED = "not-called"  # no player with a wrong count has called
CALLED = "called"  # a player with a wrong count has called; the play is not over
AFTER_PLAY = "after-play"  # the play was completed

# Law 14 stages: where the missing card was found
ELSEWHERE = "elsewhere"
AMONG_PLAYED = "trick"
LOST = "lost"
WHERE = (ELSEWHERE, AMONG_PLAYED, LOST)


def _clause(edition: Edition, clause_2007: str, clause_2017: str) -> LawRef:
    return ref(edition, clause_2007 if edition is Edition.LAWS_2007 else clause_2017)


def _name(seat: Seat) -> str:
    return seat.name.title()


def _question(irregularity: Irregularity, answers: Mapping[str, Answer],
              question: Question) -> tuple[bool, tuple[Question, ...]]:
    """The Director's answer to ``question`` (its default until he answers), and the
    question itself, to be asked."""
    return answers.get(question.id, question.default) is True, (question,)


def _continue(description: str, *effects: Effect) -> Option:
    return Option("continue", description, DIRECTOR, effects)


def _adjusted(description: str, *effects: Effect) -> Option:
    return Option("adjusted-score", description, DIRECTOR, effects)


def _procedural_penalty(law_ref: LawRef, offender: Seat) -> Review:
    return Review(law_ref, msg("the Director may give {offender}'s side a procedural penalty "
                               "(Law 90)", offender=offender))


# Law 13: incorrect number of cards


def wrong_number_of_cards(edition: Edition, seat: Seat, card: Card, record: int,
                          short: Seat | None, called: bool, opening_lead_faced: bool,
                          play_complete: bool) -> Irregularity:
    """``seat`` was found holding ``card`` too many: it belongs to ``short``'s hand, or it
    is a surplus card not part of the deal (``short`` None). ``called``: a player with a
    wrong count (``seat`` or ``short``) has called. ``record``: where the report falls in
    the table's record."""
    if short is None:
        stage = SURPLUS
    elif play_complete:
        stage = AFTER_PLAY
    else:
        stage = CALLED if called else NOT_CALLED
    return Irregularity(IrregularityKind.WRONG_NUMBER_OF_CARDS, edition, seat, card, record,
                        None, auction_period_over=opening_lead_faced, stage=stage)


@law("13D", editions=LAWS_2007, title="Offending hand has not called")
@law("13D1", editions=LAWS_2007, title="Director corrects; deal played normally")
@law("13D2", editions=LAWS_2007, title="A card of another hand was seen")
@law("13D2(a)", editions=LAWS_2007, title="Information unlikely to interfere: play on")
@law("13D2(b)", editions=LAWS_2007, title="Information too important: artificial score")
@law("13A", editions=LAWS_2017, title="No player with a wrong count has called")
@law("13A1", editions=LAWS_2017, title="Director corrects; deal played normally")
@law("13A2", editions=LAWS_2017, title="Card of another hand seen: play, then adjust")
def before_any_call(irregularity: Irregularity, answers: Mapping[str, Answer]
                    ) -> tuple[tuple[Question, ...], tuple[Option, ...]]:
    """2007 13D / 2017 13A: the Director corrects the deal. Nobody saw another hand's card:
    played normally (13D1 / 13A1). A card was seen (J-CARD-SEEN): 2007 13D2(a) play on and
    adjust at the end if the information affected the result, or 13D2(b), the information
    being important enough to interfere with normal play, an artificial adjusted score now;
    2017 13A2 always plays and scores, and adjusts at the end if it affected the result."""
    edition = irregularity.edition
    offender = irregularity.offender
    seen, questions = _question(irregularity, answers, Question(
        CARD_SEEN, msg("While the count was being corrected, did a player see a card of "
                       "another player's hand?"), _clause(edition, "13D2", "13A2"), default=False))
    corrected = (Cite(_clause(edition, "13D", "13A")), *_location_information(irregularity))
    if not seen:
        return questions, (_continue(msg("The Director corrects the deal; it is played normally"),
                                     *corrected, Cite(_clause(edition, "13D1", "13A1"))),)
    after_play = Review(_clause(edition, "13D2(a)", "13A2"),
                        msg("a card of another hand was seen while the deal was corrected: if "
                            "that information affected the result, the Director adjusts the "
                            "score and may penalise the offender"))
    if edition is Edition.LAWS_2017:
        return questions, (_continue(msg("Played and scored; adjusted at the end if the "
                                         "extraneous information affected the result"),
                                     *corrected, after_play),)
    important, asked = _question(irregularity, answers, Question(
        INFORMATION_IMPORTANT, msg("Is the information from the card seen important enough to "
                                   "interfere with normal play of the board?"),
        ref(edition, "13D2(b)"), default=False))
    questions = (*questions, *asked)
    if not important:
        return questions, (_continue(msg("Played on; adjusted at the end if the information "
                                         "affected the result"), *corrected, after_play),)
    return questions, (_adjusted(
        msg("The information would interfere with normal play: artificial adjusted score"),
        *corrected,
        AdjustedScore(ref(edition, "13D2(b)"), msg("a card of another hand seen while the deal "
                                                   "was corrected would interfere with normal "
                                                   "play"), artificial=True),
        _procedural_penalty(ref(edition, "13D2(b)"), offender)),)


@law("13E", editions=LAWS_2007, title="Card location is unauthorized to partner")
def _location_information(irregularity: Irregularity) -> tuple[Effect, ...]:
    """2007 13E: what the Director's correction shows of where a card was or went is
    unauthorised to the partner of the player whose count was wrong. 2017 dropped the
    clause: Law 16 covers it."""
    if irregularity.edition is not Edition.LAWS_2007:
        return ()
    return (Review(ref(irregularity.edition, "13E"),
                   msg("where the {action} was and went is unauthorised information to "
                       "{partner} (and to the short hand's partner)",
                       action=irregularity.action, partner=irregularity.offender.partner)),)


@law("13", title="Wrong number of cards in a hand")
@law("13A", editions=LAWS_2007, title="Deal correctable and played without change")
@law("13B", editions=LAWS_2007, title="Otherwise adjusted score and possible penalty")
@law("13B", editions=LAWS_2017, title="Found during auction or play after a call")
@law("13B1", editions=LAWS_2017, title="Deal correctable: played without change of call")
@law("13B2", editions=LAWS_2017, title="Otherwise adjusted score and possible penalty")
def after_a_call(irregularity: Irregularity, answers: Mapping[str, Answer]
                 ) -> tuple[tuple[Question, ...], tuple[Option, ...]]:
    """2007 13A-B / 2017 13B: a player with a wrong count has called. If the deal can be
    corrected and played (J-CORRECTABLE), it is played with no change of call and the
    Director may adjust at the end (13A / 13B1); otherwise an adjusted score, and the
    offender may be penalised (13B / 13B2)."""
    edition = irregularity.edition
    correctable, questions = _question(irregularity, answers, Question(
        CORRECTABLE, msg("Can the deal be corrected and played normally?"),
        _clause(edition, "13A", "13B1"), default=True))
    location = _location_information(irregularity)
    if correctable:
        clause = _clause(edition, "13A", "13B1")
        return questions, (_continue(
            msg("The deal is corrected and played with no change of call"), Cite(clause), *location,
            Review(clause, msg("the deal was corrected after a call: the Director may award an "
                               "adjusted score at the end of play"))),)
    clause = _clause(edition, "13B", "13B2")
    return questions, (_adjusted(
        msg("The deal cannot be played normally: adjusted score"), *location,
        AdjustedScore(clause, msg("a hand held a wrong number of cards when its player called; "
                                  "the deal could not be corrected and played"), artificial=True),
        _procedural_penalty(clause, irregularity.offender)),)


@law("13C", editions=LAWS_2007, title="Discovered after play: result cancelled")
@law("13D", editions=LAWS_2017, title="Discovered after play: result cancelled")
def after_the_play(irregularity: Irregularity) -> Option:
    """2007 13C / 2017 13D: found after the play, one hand long and another short: the
    result is cancelled and an adjusted score awarded (teams: 2007 86D / 2017 86B may
    apply); the offending contestant is liable to a procedural penalty."""
    edition = irregularity.edition
    clause = _clause(edition, "13C", "13D")
    return _adjusted(
        msg("The result is cancelled: adjusted score"),
        AdjustedScore(clause, msg("the play was completed with one hand long and another "
                                  "short: the result is cancelled"), artificial=True),
        Review(clause, msg("teams: Law {value} may apply to the adjusted score",
                           value='86D' if edition is Edition.LAWS_2007 else '86B')),
        _procedural_penalty(clause, irregularity.offender))


@law("13F", editions=LAWS_2007, title="Surplus card removed")
@law("13C", editions=LAWS_2017, title="Surplus card removed")
def surplus_card(irregularity: Irregularity, answers: Mapping[str, Answer]
                 ) -> tuple[tuple[Question, ...], tuple[Option, ...]]:
    """2007 13F / 2017 13C: a card not part of the deal is removed; the auction and play
    continue. Only if it was played to a quitted trick (J-QUITTED-TRICK, asked once the
    play has begun) may the Director adjust (2017: "without further rectification", no
    adjusted score otherwise)."""
    edition = irregularity.edition
    clause = _clause(edition, "13F", "13C")
    if not irregularity.auction_period_over:
        return (), (_continue(msg("The surplus card is removed; the auction and play continue"),
                              Cite(clause)),)
    in_trick, questions = _question(irregularity, answers, Question(
        QUITTED_TRICK, msg("Was the surplus {action} played to a quitted trick?",
                           action=irregularity.action),
        clause, default=False))
    effects: tuple[Effect, ...] = (Cite(clause),)
    if in_trick:
        effects = (*effects, Review(clause, msg("the surplus {action} was part of a quitted "
                                                "trick: the Director may award an adjusted "
                                                "score", action=irregularity.action)))
    return questions, (_continue(msg("The surplus card is removed; the play continues"),
                                 *effects),)


def _decide_count(irregularity: Irregularity, answers: Mapping[str, Answer],
                  decision_id: str) -> Decision:
    edition = irregularity.edition
    stage = irregularity.stage
    questions: tuple[Question, ...] = ()
    if stage == SURPLUS:
        questions, options = surplus_card(irregularity, answers)
        clauses: tuple[LawRef, ...] = (_clause(edition, "13F", "13C"),)
    elif stage == AFTER_PLAY:
        options = (after_the_play(irregularity),)
        clauses = (_clause(edition, "13C", "13D"),)
    elif stage == CALLED:
        questions, options = after_a_call(irregularity, answers)
        clauses = (ref(edition, "13"), _clause(edition, "13A", "13B"))
    else:
        questions, options = before_any_call(irregularity, answers)
        clauses = (ref(edition, "13"), _clause(edition, "13D", "13A"))
    return Decision(decision_id, irregularity, clauses, questions, answers, options)


# Law 14: missing card


def missing_card(edition: Edition, seat: Seat, card: Card, record: int, where: str,
                 opening_lead_faced: bool) -> Irregularity:
    """``seat``'s hand was short of ``card``, found ``where``: ``elsewhere`` (on the floor,
    in the board...), among the played cards (``trick``), or not at all (``lost``: the deal
    is rebuilt with another pack). ``record``: the found card's record when it is on the
    table after the opening lead, else where the report falls."""
    if where not in WHERE:
        raise ValueError(f"where the card was found: one of {', '.join(WHERE)}, not {where!r}")
    return Irregularity(IrregularityKind.WRONG_NUMBER_OF_CARDS, edition, seat, card, record,
                        None, auction_period_over=opening_lead_faced, stage=where)


@law("14", title="Missing cards in a hand")
@law("14A", title="Short hand found before opening lead faced")
@law("14A1", title="Found card restored to the hand")
@law("14A2", title="Deal rebuilt from another pack")
@law("14A3", title="Auction and play continue unchanged")
def before_the_opening_lead(irregularity: Irregularity) -> Option:
    """14A: before the opening lead is faced, the card found is restored to the short hand
    (14A1), or, not found, the deal is rebuilt with another pack (14A2); the auction and
    play continue normally with no change of call, the hand deemed to have held its 13
    cards throughout (14A3)."""
    edition = irregularity.edition
    rebuilt = irregularity.stage == LOST
    return Option(
        "restore",
        msg("The deal is rebuilt with another pack") if rebuilt else
        msg("The {action} is restored to {offender}'s hand",
            action=irregularity.action, offender=irregularity.offender),
        DIRECTOR,
        (Cite(ref(edition, "14A")), Cite(ref(edition, "14A2" if rebuilt else "14A1")),
         Cite(ref(edition, "14A3")), *restoration_information(irregularity)),
    )


@law("14B", title="Short hand found after opening lead faced")
@law("14B1", title="Card found among played cards")
def found_among_played_cards(irregularity: Irregularity) -> Option:
    """14B1: after the opening lead, a missing card found among the played cards: Law 67
    (a defective trick) applies."""
    edition = irregularity.edition
    return Option(
        "defective-trick",
        msg("The {action} was among the played cards: Law 67 (defective trick)",
            action=irregularity.action),
        DIRECTOR,
        (Cite(ref(edition, "14B1")),
         Review(ref(edition, "14B1"), msg("{offender}'s {action} was found among the played "
                                          "cards: rule the defective trick under Law 67",
                                          offender=irregularity.offender,
                                          action=irregularity.action)),
         *restoration_information(irregularity)),
    )


@law("14B2", title="Card found elsewhere and restored")
@law("14B3", title="Card not found: deal rebuilt")
@law("14B4", title="Restored card deemed held throughout")
def restored_after_the_lead(irregularity: Irregularity) -> tuple[Option, ...]:
    """14B2 / 14B3: after the opening lead, the card found elsewhere is restored (or, not
    found, the deal is rebuilt with another pack). 14B4: it is deemed to have been in the
    hand throughout: it may become a penalty card (Law 50), and failing to have played it
    may be a revoke, already recorded by the engine when it happened (Laws 61-64: attention
    is drawn to it in the usual way). The Director restores it or makes it a penalty card."""
    edition = irregularity.edition
    offender, card, record = irregularity.offender, irregularity.action, irregularity.record
    assert isinstance(card, Card)
    deemed = (
        Cite(ref(edition, "14B3" if irregularity.stage == LOST else "14B2")),
        Review(ref(edition, "14B4"), msg("{offender}'s {card} is deemed to have been in his "
                                         "hand throughout: a failure to play it is a revoke "
                                         "(Laws 61-64), ruled when attention is drawn to it",
                                         offender=offender, card=card)),
        *restoration_information(irregularity),
    )
    penalty_law = (msg("Law 50") if edition is Edition.LAWS_2007
                   else msg("the Laws on penalty cards"))
    return (
        Option("restore", msg("The {card} goes back into {offender}'s hand",
                              card=card, offender=offender), DIRECTOR,
               (ReturnCard(ref(edition, "14B4"), record), *deemed)),
        Option("penalty-card", msg("The {card} becomes a penalty card ({penalty_law})",
                                   card=card, penalty_law=penalty_law), DIRECTOR,
               (PenaltyCard(ref(edition, "14B4"), offender, card, record, deliberate=False),
                *deemed)),
    )


@law("14C", title="Restoration is unauthorized to partner")
def restoration_information(irregularity: Irregularity) -> tuple[Effect, ...]:
    """14C: that the card was missing and restored is unauthorised information to the
    partner of the player whose hand was short; authorised to the opponents. Tagged on the
    card's record when it has one (found after the opening lead)."""
    edition = irregularity.edition
    partner = irregularity.offender.partner
    effects: list[Effect] = [Review(ref(edition, "14C"), msg("the restoration of the {action} "
                                                             "is unauthorised information to "
                                                             "{partner}",
                                                             action=irregularity.action,
                                                             partner=partner))]
    if irregularity.auction_period_over and irregularity.stage != AMONG_PLAYED:
        effects.append(InformationTag(ref(edition, "14C"), irregularity.record,
                                      irregularity.offender.lho.side))
    return tuple(effects)


def _decide_missing(irregularity: Irregularity, answers: Mapping[str, Answer],
                    decision_id: str) -> Decision:
    edition = irregularity.edition
    if not irregularity.auction_period_over:
        options: tuple[Option, ...] = (before_the_opening_lead(irregularity),)
        clauses: tuple[LawRef, ...] = (ref(edition, "14"), ref(edition, "14A"))
    elif irregularity.stage == AMONG_PLAYED:
        options = (found_among_played_cards(irregularity),)
        clauses = (ref(edition, "14"), ref(edition, "14B"), ref(edition, "14B1"))
    else:
        options = restored_after_the_lead(irregularity)
        clauses = (ref(edition, "14"), ref(edition, "14B"), ref(edition, "14B4"))
    return Decision(decision_id, irregularity, clauses, (), answers, options)


def decide_cards(irregularity: Irregularity, answers: Mapping[str, Answer],
                 decision_id: str) -> Decision:
    """Law 13 or Law 14, by the stage the report gave."""
    if irregularity.stage in WHERE:
        return _decide_missing(irregularity, answers, decision_id)
    return _decide_count(irregularity, answers, decision_id)


CARDS = Rectification(decide_cards, no_call_before_ruling)


# Law 15: a wrong board played


def wrong_board_played(edition: Edition, seat: Seat, calls: tuple[tuple[Seat, Call, int], ...],
                       opening_lead_faced: bool, declaring_side: Side | None
                       ) -> Irregularity | None:
    """``seat``'s pair is found playing a board not designated for them. The irregularity
    is the auction they began on it (its first call); None if nobody has called yet (the
    correct players simply take their seats)."""
    if not calls:
        return None
    _, call, record = calls[0]
    return Irregularity(IrregularityKind.WRONG_BOARD_PLAYED, edition, seat, call, record, None,
                        declaring_side=declaring_side, auction_period_over=opening_lead_faced,
                        calls_before_ruling=calls[1:])


def _played_before(irregularity: Irregularity, answers: Mapping[str, Answer]
                   ) -> tuple[bool, tuple[Question, ...]]:
    edition = irregularity.edition
    return _question(irregularity, answers, Question(
        PLAYED_BEFORE, msg("Had any of the four players at the table played this board before?"),
        _clause(edition, "15B", "15B1"), default=False))


@law("15", editions=LAWS_2007, title="Playing the wrong board")
@law("15A", editions=LAWS_2007, title="Nobody had played the board before")
@law("15A1", editions=LAWS_2007, title="Score normally stands")
@law("15A2", editions=LAWS_2007, title="Correct board may be played later")
@law("15B", editions=LAWS_2007, title="Board already played by a player")
def wrong_board_2007(irregularity: Irregularity, answers: Mapping[str, Answer]
                     ) -> tuple[tuple[Question, ...], tuple[Option, ...]]:
    """2007 15A-B (found once the play has begun): nobody at the table had played the board
    (J-PLAYED-BEFORE): the score normally stands (15A1) and the Director may have both pairs
    play the correct board against each other later (15A2). A player had: his second score
    is cancelled for both sides, each contestant deprived of a valid score gets an
    artificial adjusted score (15B)."""
    edition = irregularity.edition
    before, questions = _played_before(irregularity, answers)
    if before:
        return questions, (_adjusted(
            msg("The board had been played before: cancelled for both sides"),
            AdjustedScore(ref(edition, "15B"), msg("a player had played this board before: the "
                                                   "second score is cancelled for both sides; "
                                                   "artificial adjusted score to each "
                                                   "contestant deprived of a valid score"),
                          artificial=True)),)
    return questions, (_continue(
        msg("Nobody had played the board: the score stands"),
        Cite(ref(edition, "15A")), Cite(ref(edition, "15A1")),
        Review(ref(edition, "15A2"), msg("the Director may require both pairs to play the "
                                         "correct board against each other later"))),)


@law("15C", editions=LAWS_2007, title="Discovered during the auction period")
def wrong_board_in_the_auction_2007(irregularity: Irregularity, answers: Mapping[str, Answer]
                                    ) -> tuple[tuple[Question, ...], tuple[Option, ...]]:
    """2007 15C: found during the auction period: the auction is cancelled, the correct
    contestants are seated and told their rights; the players must repeat their calls in
    the second auction. A call that differs in any way (J-CALLS-DIFFER) cancels the board
    (artificial adjusted score); otherwise the auction and play go on normally. A
    deliberate attempt to prevent normal play earns a procedural penalty."""
    edition = irregularity.edition
    differs, questions = _question(irregularity, answers, Question(
        CALLS_DIFFER, msg("In the second auction, did any player's call differ in any way from "
                          "his call in the cancelled auction?"),
        ref(edition, "15C"), default=False))
    deliberate = Review(ref(edition, "15C"), msg("if a player deliberately tried to prevent "
                                                 "normal play of the board, the Director gives "
                                                 "a procedural penalty (and may adjust the "
                                                 "score)"))
    if differs:
        return questions, (_adjusted(
            msg("A repeated call differs: the board is cancelled"),
            AdjustedScore(ref(edition, "15C"), msg("a call in the second auction differed from "
                                                   "the cancelled auction: the board is "
                                                   "cancelled"), artificial=True),
            deliberate),)
    return questions, (_continue(
        msg("The correct contestants repeated the calls: the auction and play continue"),
        Cite(ref(edition, "15C")), deliberate),)


@law("15", editions=LAWS_2017, title="Wrong board or wrong hand")
@law("15B", editions=LAWS_2017, title="Wrong board found during auction or play")
@law("15B1", editions=LAWS_2017, title="Board played before at the table: cancelled")
@law("15B2", editions=LAWS_2017, title="Nobody played it before: complete and score")
@law("15B3", editions=LAWS_2017, title="Artificial score for a deprived contestant")
def wrong_board_2017(irregularity: Irregularity, answers: Mapping[str, Answer]
                     ) -> tuple[tuple[Question, ...], tuple[Option, ...]]:
    """2017 15B (pairs and individual events; teams: Law 86): a player at the table had
    played the board before (J-PLAYED-BEFORE): it is cancelled for both sides (15B1) and
    each contestant deprived of a valid score gets an artificial adjusted score (15B3, 12C2(a)).
    Otherwise the auction and play are completed and the score stands; the Director may have
    both pairs play the correct board against each other later (15B2)."""
    edition = irregularity.edition
    before, questions = _played_before(irregularity, answers)
    if before:
        return questions, (_adjusted(
            msg("The board had been played before at this table: cancelled for both sides"),
            Cite(ref(edition, "15B1")),
            AdjustedScore(ref(edition, "15B3"), msg("the board is cancelled for both sides: "
                                                    "artificial adjusted score to each "
                                                    "contestant deprived of a valid score "
                                                    "(12C2(a))"), artificial=True)),)
    return questions, (_continue(
        msg("Nobody had played the board: the auction and play are completed, the score stands"),
        Cite(ref(edition, "15B2")),
        Review(ref(edition, "15B2"), msg("the Director may require both pairs to play the "
                                         "correct board against each other later"))),)


def decide_board(irregularity: Irregularity, answers: Mapping[str, Answer],
                 decision_id: str) -> Decision:
    edition = irregularity.edition
    if edition is Edition.LAWS_2017:
        questions, options = wrong_board_2017(irregularity, answers)
        clauses: tuple[LawRef, ...] = (ref(edition, "15"), ref(edition, "15B"))
    elif irregularity.auction_period_over:
        questions, options = wrong_board_2007(irregularity, answers)
        clauses = (ref(edition, "15"),)
    else:
        questions, options = wrong_board_in_the_auction_2007(irregularity, answers)
        clauses = (ref(edition, "15"), ref(edition, "15C"))
    return Decision(decision_id, irregularity, clauses, questions, answers, options)


BOARDS = Rectification(decide_board, no_call_before_ruling)
