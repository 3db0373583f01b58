"""Corrections of a settled claim within the Correction Period (Law 79C): agreement
withdrawn (69B) and concession cancelled (71), with the claim search of Law 70 (spec §5.10).

- 69B1 / 71 item 1 ("a trick his side had actually won"): mechanical, from the trick record:
  the tricks credited to the other side beyond those that were left to play.
- 71 item 2 ("could not be lost by any normal play"): V(P) of the conceding side, with no
  statement; the tricks it exceeds the conceded count by are given back.
- 69B2 ("would likely have won"): a probability the Director judges; the engine reports the
  fewest and the most tricks the agreeing side makes over its normal lines, and proposes the
  fewest (those it wins on every normal line are surely likely).
"""

from __future__ import annotations

from collections.abc import Mapping

from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.messages import msg
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat
from dupbridge.laws.claims.effects import ClaimSettled
from dupbridge.laws.claims.normal_lines import NormalPlay
from dupbridge.laws.claims.position import ClaimMatter, Ending
from dupbridge.laws.claims.search import adjudication_value, best_normal_value
from dupbridge.laws.claims.statement import Statement
from dupbridge.laws.machinery.clauses import LAWS_2007, LAWS_2017, ref
from dupbridge.laws.machinery.ruling import (
    DIRECTOR,
    Answer,
    Cite,
    Decision,
    Irregularity,
    Option,
    Question,
)

WITHDRAWN = "agreement-withdrawn"  # 69B: the stage of the claim irregularity
CANCELLED = "concession-cancelled"  # 71
LIKELY_WON = "likely-won"  # J69B
NOT_LOSABLE = "not-losable"  # J71


def law71(edition: Edition, item: int) -> LawRef:
    """Law 71's two cases: items 1-2 in 2007, A-B in 2017 (002:3511)."""
    if edition is Edition.LAWS_2017:
        return ref(edition, "71" + "AB"[item - 1])
    return ref(edition, f"71-{item}")


def for_side(ending: Ending, seat: Seat) -> Ending:
    """The same ending seen as if ``seat``'s side had claimed (its normal lines)."""
    return Ending(ending.hands, ending.trump, ending.leader, seat, ending.declarer,
                  ending.trick, ending.shown_out)


@law("69B", title="Agreement withdrawn within the correction period")
@law("69B1", title="Trick actually won")
@law("69B2", title="Trick likely won had play continued", asks=(LIKELY_WON,))
def withdrawn(edition: Edition, irregularity: Irregularity, answers: Mapping[str, Answer],
              decision_id: str, credited: int, remaining: int) -> Decision:
    """69B: the agreeing side withdraws its agreement. ``credited``: the claimer's side's
    share of the ``remaining`` tricks as agreed; ``irregularity.offender``: the seat of
    the agreeing side who withdraws."""
    assert isinstance(irregularity, ClaimMatter) and irregularity.claim is not None
    position = irregularity.claim
    seat = irregularity.offender
    actually = max(0, credited - remaining)  # 69B1: from the trick record
    # 69B2: what the agreeing side makes over the claimer's normal lines
    claimer_fewest = adjudication_value(position.ending, position.statement,
                                        NormalPlay(position.order)).lower
    claimer_most = best_normal_value(position.ending, NormalPlay(position.order))
    share = remaining - min(credited, remaining)
    fewest = remaining - (remaining if claimer_most is None else claimer_most)
    most = remaining - claimer_fewest
    proposal = max(0, fewest - share)
    note = msg("69B report for {seat}'s side: {fewest} to {most} of the {left} remaining tricks "
               "over the claimer's normal lines; {share} credited by the agreement; {won} "
               "already won in play and credited to the claimer", seat=seat, fewest=fewest,
               most=most, left=remaining, share=share, won=actually)
    question = Question(LIKELY_WON, msg("69B2: how many more tricks would {seat}'s side likely "
                                        "have won had play continued?", seat=seat),
                        ref(edition, "69B2"), proposal, tuple(range(remaining - share + 1)))
    likely = answers.get(LIKELY_WON)
    options: tuple[Option, ...] = ()
    if isinstance(likely, int):
        back = actually + likely
        effects: tuple[Cite, ...] = (Cite(ref(edition, "69B1")),) if actually else ()
        effects += (Cite(ref(edition, "69B2")),) if likely else ()
        if not back:  # nothing given back: the agreement (69A) and the claim stand as made
            effects += tuple(map(Cite, (ref(edition, "69A"), *position.standing())))
        options = (Option("rescore", msg("the board is rescored with {tricks} trick(s) given "
                                         "back to {seat}'s side", tricks=back, seat=seat),
                          DIRECTOR, (*effects, _settle(ref(edition, "69B"), credited - back))),)
    return Decision(decision_id, irregularity, (ref(edition, "69B"),), (question,), answers,
                    options, note=note)


@law("71", title="Concession cancelled")
@law("71-1", editions=LAWS_2007, title="Trick actually won")
@law("71-2", editions=LAWS_2007, title="Trick that could not be lost by any normal play",
     asks=(NOT_LOSABLE,))
@law("71A", editions=LAWS_2017, title="Trick actually won")
@law("71B", editions=LAWS_2017, title="Trick that could not be lost by any normal play",
     asks=(NOT_LOSABLE,))
def cancelled(edition: Edition, irregularity: Irregularity, answers: Mapping[str, Answer],
              decision_id: str, credited: int, remaining: int) -> Decision:
    """71: the Director cancels, within the correction period, the concession of a trick the
    side had actually won (item 1, the trick record) or that no normal play of the remaining
    cards could lose (item 2: V(P) of the conceding side)."""
    assert isinstance(irregularity, ClaimMatter) and irregularity.claim is not None
    position = irregularity.claim
    seat = irregularity.offender
    actually = max(0, -credited)  # item 1: conceded tricks won in play
    kept = max(0, credited)
    value = adjudication_value(for_side(position.ending, seat), Statement(),
                               NormalPlay(position.order))
    not_losable = max(0, value.lower - kept)
    note = msg("Law 71 for {seat}'s side: it kept {kept} of the {left} remaining tricks; on "
               "every normal line it makes {value}; {won} conceded trick(s) already won in "
               "play", seat=seat, kept=kept, left=remaining, value=value.lower, won=actually)
    question = Question(NOT_LOSABLE, msg("71: how many conceded tricks could not be lost by "
                                         "any normal play?"), law71(edition, 2), not_losable,
                        tuple(range(remaining - kept + 1)))
    answer = answers.get(NOT_LOSABLE)
    options: tuple[Option, ...] = ()
    if isinstance(answer, int):
        back = actually + answer
        effects: tuple[Cite, ...] = (Cite(law71(edition, 1)),) if actually else ()
        effects += (Cite(law71(edition, 2)),) if answer else ()
        if not back:  # nothing cancelled: the claim or concession stands as made (68A, 68B1)
            effects += tuple(map(Cite, position.standing()))
        options = (Option("cancel", msg("the concession of {tricks} trick(s) is cancelled: "
                                        "they go to {seat}'s side", tricks=back, seat=seat),
                          DIRECTOR, (*effects, _settle(ref(edition, "71"), credited + back))),)
    return Decision(decision_id, irregularity, (ref(edition, "71"),), (question,), answers,
                    options, note=note)


def _settle(law_: LawRef, credited: int) -> ClaimSettled:
    return ClaimSettled(law_, credited)


def decide(irregularity: Irregularity, answers: Mapping[str, Answer],
           decision_id: str) -> Decision:
    """The correction asked for: ``irregularity.trick`` carries the claimer's credited
    tricks and ``irregularity.record`` the tricks that were left (see ``correction``)."""
    rule = withdrawn if irregularity.stage == WITHDRAWN else cancelled
    credited, remaining = irregularity.correction
    return rule(irregularity.edition, irregularity, answers, decision_id, credited, remaining)
