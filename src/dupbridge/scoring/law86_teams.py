"""Law 86: adjusted scores in team play, both editions.

The two editions are organised differently (spec errata §0.5):

- 2007: 86A average plus / minus is +3 / -3 IMPs (the Tournament Organiser may vary it
  with the Regulating Authority's approval); 86B a knockout averages non-balancing
  scores; 86C no single-board redeal once the match result without it could be known;
  86D the Director may (and should, when it favours the non-offending side) use the
  result already obtained at the other table, scoring in IMPs or total points.
- 2017: 86A is the old 86C; 86B1 a result at the other table that clearly favours one
  side leads to an assigned score; 86B2 several non-comparable results: (a) nobody at
  fault, (b) one contestant at fault, (c) both at fault; 86B3 the Regulating Authority
  may provide otherwise for boards played at one table only. The +-3 IMPs now live in
  12C2(b) and knockout averaging in 12C4.

In team play the contestant is the team (2007 definitions; spec errata C-10): "North-South"
and "East-West" below are the two teams as they sat at the table concerned. IMPs are
always given from each contestant's own point of view; the two need not balance.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from typing import Literal

from dupbridge.core.edition import Edition
from dupbridge.core.registry import law
from dupbridge.scoring.imps import imps
from dupbridge.scoring.law12_adjusted import (
    WBF_DEFAULTS,
    AdjustedScoreError,
    Law12Config,
    knockout_average,
)
from dupbridge.scoring.results import Fault

LAWS_2007 = (Edition.LAWS_2007,)
LAWS_2017 = (Edition.LAWS_2017,)


@dataclass(frozen=True, slots=True)
class ImpAward:
    """The IMPs each team receives on one board, each from its own point of view.
    Adjusted scores need not balance (12C2(a) awards per contestant; 2007 12C1(f))."""

    ns: Fraction
    ew: Fraction

    @property
    def balanced(self) -> bool:
        return self.ns + self.ew == 0


@dataclass(frozen=True, slots=True)
class OneTableBoardsRuling:
    """What a Regulating Authority's 86B3 provision decided for a board played at one
    table only: the IMPs per board, and the provision's name for the record."""

    awards: Mapping[int, ImpAward]
    provision: str


OneTableProvision = Callable[
    [tuple[int, ...], Fault, Fault, Mapping[int, Fraction] | None], OneTableBoardsRuling
]
"""2017 86B3: a Regulating Authority's provision for boards played at one table only;
it receives the boards, both teams' fault and the NOS's assigned IMPs per board (if any)."""


@dataclass(frozen=True, slots=True)
class TeamPlayOptions:
    """The conditions of contest that Law 86 leaves to the Tournament Organiser or the
    Regulating Authority (WBF defaults).

    - ``law12``: the Law 12C configuration (scoring/law12_adjusted.py), reused for the IMP
      values: average plus +3, average minus -3 (2007 86A and 12C2(b), ES 2631, FR 4299;
      2017 12C2(b)); the TO may vary them with RA approval. Average (partly at fault) is
      0, an inference (errata §0.2). The 12C2(c) session rule is not applied inside Law
      86 (the Laws do not say whether 86B2(b)'s average plus is subject to it, errata
      B-6(d)): the base values are used.
    - ``knockout``: a knockout match, whose non-balancing scores are averaged (2007 86B,
      12C4). Default False (a Swiss or round-robin match).
    - ``one_table_boards``: the 2017 86B3 provision for boards played at one table only.
      Default None: the seeds record no choice, and "absent a regulation the Director
      proceeds as above" (86B3), i.e. 86B2 applies.
    """

    law12: Law12Config = WBF_DEFAULTS
    knockout: bool = False
    one_table_boards: OneTableProvision | None = None

    def __post_init__(self) -> None:
        # Only the 12C2(b) values are used here: an option that Law 86 would silently
        # ignore (the session rule, weighting) is refused rather than accepted.
        if self.law12 != Law12Config(values=self.law12.values):
            raise AdjustedScoreError(
                "Law 86 uses only the 12C2(b) IMP values of law12: its session-rule and "
                "weighting options do not apply inside Law 86 (errata B-6(d))"
            )

    @property
    def imp_average_plus(self) -> Fraction:
        return self.law12.values.imps(Fault.NONE)


DEFAULT_TEAM_PLAY_OPTIONS = TeamPlayOptions()


# --- artificial scores in IMPs: 2007 86A (and 12C2(b), both editions) -------------------


@law("86A", editions=LAWS_2007, title="Average plus or minus in IMPs")
def imp_average_2007(
    fault: Fault, options: TeamPlayOptions = DEFAULT_TEAM_PLAY_OPTIONS
) -> Fraction:
    """2007 86A: a contestant's artificial adjusted score in IMP play, by its fault:
    average plus (+3) if not at fault, average minus (-3) if directly at fault, average
    (0, an inference: spec errata §0.2) if partly at fault. The values are those of the
    Law 12C configuration (2017: 12C2(b))."""
    return options.law12.values.imps(fault)


def artificial_award(
    ns_fault: Fault, ew_fault: Fault, options: TeamPlayOptions = DEFAULT_TEAM_PLAY_OPTIONS
) -> ImpAward:
    """Each team's artificial score by its own fault (12C2(a)(b)), averaged in a knockout
    (2007 86B; 12C4): nobody at fault gives +3 / +3, or 0 / 0 in a knockout (errata B-1)."""
    award = ImpAward(imp_average_2007(ns_fault, options), imp_average_2007(ew_fault, options))
    return knockout_award(award) if options.knockout else award


# --- knockout averaging: 2007 86B (12C4 in both editions) --------------------------------


@law("86B", editions=LAWS_2007, title="Knockout: non-balancing scores averaged")
def knockout_award(award: ImpAward) -> ImpAward:
    """2007 86B (= 12C4): in a knockout each contestant's score on the board is computed
    separately and each receives the average of the two, so the board balances. The
    average is taken in IMPs (the FFB's reading, FR 4333): NOS +7 and OS -10 give
    +8.5 / -8.5 (spec T-12.5)."""
    ns, ew = knockout_average(award.ns, award.ew)
    return ImpAward(ns, ew)


def knockout_award_of_points(
    other_table_points_for_ns_team: int, ns_assigned: int | Fraction, ew_assigned: int | Fraction
) -> ImpAward:
    """2007 86B for non-balancing assigned scores at one table (in North-South points):
    each team's IMPs on the board are computed separately, its own assigned score plus
    its result at the other table (where the teams sat the other way round; the argument
    is the points the North-South team of this table scored there), then averaged in
    IMPs."""
    ns_imps = imps(Fraction(ns_assigned) + other_table_points_for_ns_team)
    ew_imps = imps(-Fraction(ew_assigned) - other_table_points_for_ns_team)
    return knockout_award(ImpAward(Fraction(ns_imps), Fraction(ew_imps)))


# --- substitute board: 2007 86C = 2017 86A ------------------------------------------------


class SubstituteBoard(Enum):
    """Whether the Director may use his Law 6 power to have one board redealt."""

    REDEAL_ALLOWED = "redeal allowed"
    ADJUSTED_SCORE = "adjusted score instead"


@law("86C", editions=LAWS_2007, title="No single-board redeal if result known")
@law("86A", editions=LAWS_2017, title="No single-board redeal if result known")
def substitute_board(match_result_without_board_could_be_known: bool) -> SubstituteBoard:
    """2007 86C, 2017 86A: the Director does not order a single board redealt (Law 6)
    when a contestant could know the match result without that board; he awards an
    adjusted score instead. The finding is the Director's (spec errata A-2)."""
    if match_result_without_board_could_be_known:
        return SubstituteBoard.ADJUSTED_SCORE
    return SubstituteBoard.REDEAL_ALLOWED


# --- result obtained at the other table: 2007 86D ----------------------------------------


class OtherTableScore(Enum):
    """2007 86D: what the Director may do with a result at the other table."""

    NOT_AVAILABLE = "not available"  # an adjustment under 6D2, or no result there yet
    MAY = "may award an IMP or total-point adjusted score"
    SHOULD = "should award an IMP or total-point adjusted score"


@law("86D", editions=LAWS_2007, title="Using the other table's result")
def other_table_score_2007(
    *, arising_from_6D2: bool, result_at_other_table: bool, favourable_to_nos: bool
) -> OtherTableScore:
    """2007 86D: when the Director adjusts a board (other than under 6D2) and the same
    contestants have obtained a result at the other table, he may award an adjusted score
    in IMPs or total points, and should when that appears favourable to the NOS (ES
    "debería", FR "devrait"; PT "tem que" is a mistranslation). Whether it favours the
    NOS is the Director's judgement, given here."""
    if arising_from_6D2 or not result_at_other_table:
        return OtherTableScore.NOT_AVAILABLE
    return OtherTableScore.SHOULD if favourable_to_nos else OtherTableScore.MAY


ScoreUnit = Literal["imps", "total points"]


@law("86D", editions=LAWS_2007, title="Using the other table's result")
def board_score_with_other_table(
    other_table_points: int, assigned_points: int | Fraction, unit: ScoreUnit = "imps"
) -> Fraction:
    """2007 86D: the NOS team's score on the board when the Director's assigned score at
    this table is combined with its team-mates' result at the other table (both in the
    NOS team's points): in IMPs (78B) or in total points. With +1100 at the other table
    and -620 assigned here: 480 points, 10 IMPs (spec T-86.2)."""
    total = Fraction(other_table_points) + Fraction(assigned_points)
    if unit == "total points":
        return total
    if unit == "imps":
        return Fraction(imps(total))
    raise ValueError(f"86D scores in 'imps' or 'total points', not {unit!r}")


# --- 2017 86B: results obtained at the other table ---------------------------------------


class OneResultAdjustment(Enum):
    """2017 86B1: the kind of adjusted score the Director awards."""

    ASSIGNED = "assigned adjusted score (12C1(c))"
    AS_LAW_12 = "adjusted score under Law 12, unaffected by the other table"


@law("86B", editions=LAWS_2017, title="Results at the other table")
@law("86B1", editions=LAWS_2017, title="One result clearly favouring a side")
def one_result_at_other_table(result_clearly_favours_one_side: bool) -> OneResultAdjustment:
    """2017 86B1: when the Director adjusts and the result the same contestants obtained
    at the other table clearly favours one side, he awards an assigned adjusted score
    (12C1(c)); "clearly favours" is his judgement, given here. For several adjusted
    scores, 86B2 applies instead."""
    if result_clearly_favours_one_side:
        return OneResultAdjustment.ASSIGNED
    return OneResultAdjustment.AS_LAW_12


@dataclass(frozen=True, slots=True)
class SeveralResultsRuling:
    """The outcome of 2017 86B2 for the boards concerned: the clause applied, whether the
    boards are cancelled or replaced by substitute boards, and the IMPs per board."""

    clause: str
    cancelled: bool
    substitute_boards: bool
    awards: Mapping[int, ImpAward] = field(default_factory=dict)


def _at_fault(fault: Fault) -> bool:
    """86B2 asks only whether a contestant was at fault; directly or partly both count."""
    return fault is not Fault.NONE


@law("86B2(a)", editions=LAWS_2017, title="No contestant at fault")
def no_contestant_at_fault(
    boards: tuple[int, ...],
    *,
    time_permits_substitute: bool,
    match_result_without_board_could_be_known: bool,
    options: TeamPlayOptions = DEFAULT_TEAM_PLAY_OPTIONS,
) -> SeveralResultsRuling:
    """2017 86B2(a): cancel the boards and award artificial adjusted scores (12C2):
    average plus to each team, +3 / +3, or 0 / 0 in a knockout (12C4; errata B-1); or, if
    time permits and 86A allows it, play substitute boards."""
    allowed = substitute_board(match_result_without_board_could_be_known)
    if time_permits_substitute and allowed is SubstituteBoard.REDEAL_ALLOWED:
        return SeveralResultsRuling("86B2(a)", cancelled=True, substitute_boards=True)
    award = artificial_award(Fault.NONE, Fault.NONE, options)
    return SeveralResultsRuling(
        "86B2(a)", cancelled=True, substitute_boards=False, awards=dict.fromkeys(boards, award)
    )


@law("86B2(b)", editions=LAWS_2017, title="One contestant at fault")
def one_contestant_at_fault(
    nos_is_ns: bool,
    assigned_imps_for_nos: Mapping[int, Fraction],
    options: TeamPlayOptions = DEFAULT_TEAM_PLAY_OPTIONS,
) -> SeveralResultsRuling:
    """2017 86B2(b): for each board concerned the NOS receives the more favourable of
    average plus (12C2(b)) and the assigned adjusted score (the Director's, in IMPs for
    the NOS), and the OS the complement: assigned +5 gives +5 / -5, assigned +1 gives
    +3 / -3 (spec T-86.1). The result balances, so knockout averaging changes nothing."""
    awards = {}
    for board, assigned in assigned_imps_for_nos.items():
        nos = max(options.imp_average_plus, Fraction(assigned))
        awards[board] = ImpAward(nos, -nos) if nos_is_ns else ImpAward(-nos, nos)
    return SeveralResultsRuling("86B2(b)", cancelled=False, substitute_boards=False, awards=awards)


@law("86B2(c)", editions=LAWS_2017, title="Both contestants at fault")
def both_contestants_at_fault(
    boards: tuple[int, ...],
    ns_fault: Fault,
    ew_fault: Fault,
    options: TeamPlayOptions = DEFAULT_TEAM_PLAY_OPTIONS,
) -> SeveralResultsRuling:
    """2017 86B2(c): cancel the boards and award artificial adjusted scores (12C2), each
    team by its own fault: -3 if directly, 0 if partly at fault (errata §0.2), averaged
    in a knockout (12C4)."""
    if not (_at_fault(ns_fault) and _at_fault(ew_fault)):
        raise ValueError("86B2(c) needs both contestants at fault")
    award = artificial_award(ns_fault, ew_fault, options)
    return SeveralResultsRuling(
        "86B2(c)", cancelled=True, substitute_boards=False, awards=dict.fromkeys(boards, award)
    )


@law("86B3", editions=LAWS_2017, title="Regulator's provisions for one-table boards")
def one_table_provision(
    played_at_one_table_only: bool, options: TeamPlayOptions = DEFAULT_TEAM_PLAY_OPTIONS
) -> OneTableProvision | None:
    """2017 86B3: the Regulating Authority's provision for boards played at one table
    only, if it made one; None means the Director proceeds under 86B2."""
    return options.one_table_boards if played_at_one_table_only else None


def _assigned_on(
    boards: tuple[int, ...], assigned_imps_for_nos: Mapping[int, Fraction] | None
) -> dict[int, Fraction]:
    """The Director's assigned IMPs for the NOS on each board concerned; 86B2(b) cannot
    choose the more favourable score without them."""
    given = assigned_imps_for_nos or {}
    missing = [board for board in boards if board not in given]
    if missing:
        raise ValueError(f"86B2(b) needs the Director's assigned IMPs for the NOS on {missing}")
    return {board: given[board] for board in boards}


@law("86B2", editions=LAWS_2017, title="Several results or adjusted scores")
def several_results(
    boards: tuple[int, ...],
    ns_fault: Fault,
    ew_fault: Fault,
    assigned_imps_for_nos: Mapping[int, Fraction] | None = None,
    *,
    time_permits_substitute: bool = False,
    match_result_without_board_could_be_known: bool = True,
    played_at_one_table_only: bool = False,
    options: TeamPlayOptions = DEFAULT_TEAM_PLAY_OPTIONS,
) -> SeveralResultsRuling | OneTableBoardsRuling:
    """2017 86B2: two or more non-comparable results between the same contestants
    (including results of an altered deal, footnote 27), or several adjusted scores
    required: the branch follows the fault of the two teams. ``assigned_imps_for_nos``
    (the Director's assigned IMPs for the NOS, per board) is needed only when exactly
    one team is at fault. A board played at one table only goes to the RA's 86B3
    provision when there is one. The defaults are the cautious findings: no time for
    substitute boards, and the match result could be known."""
    if not boards:
        raise ValueError("86B2 needs the boards concerned")
    provision = one_table_provision(played_at_one_table_only, options)
    if provision is not None:
        return provision(boards, ns_fault, ew_fault, assigned_imps_for_nos)
    ns_at_fault, ew_at_fault = _at_fault(ns_fault), _at_fault(ew_fault)
    if ns_at_fault and ew_at_fault:
        return both_contestants_at_fault(boards, ns_fault, ew_fault, options)
    if ns_at_fault or ew_at_fault:
        chosen = _assigned_on(boards, assigned_imps_for_nos)
        return one_contestant_at_fault(ew_at_fault, chosen, options)
    return no_contestant_at_fault(
        boards,
        time_permits_substitute=time_permits_substitute,
        match_result_without_board_could_be_known=match_result_without_board_could_be_known,
        options=options,
    )
