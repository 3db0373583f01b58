"""Law 12C2: artificial adjusted scores (average minus / average / average plus), both
editions, with the session-percentage rule of 12C2(c) and the 2017 12C2(d) provision.

An artificial score is awarded per contestant by its fault (12C2(a)); the two contestants
of a board need not balance (spec errata §0.2). Percentages are in percent (60 = 60 %),
IMPs are per board. Assigned and weighted scores (12C1) are in ``law12_assigned``.

The Laws leave several points to regulation or are silent (spec errata B-6, C-2, C-8,
Q3, Q5): each one is a key of ``Law12Config`` with its default and provenance.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction

from dupbridge.core.edition import Edition
from dupbridge.core.registry import law
from dupbridge.scoring.results import Artificial, Fault

LAWS_2007 = (Edition.LAWS_2007,)
LAWS_2017 = (Edition.LAWS_2017,)


class AdjustedScoreError(ValueError):
    """An adjusted score the Laws (or the Regulating Authority's options) do not allow."""


class Method(Enum):
    """How the board is scored: in pairs (percentages of the matchpoints) or in IMPs."""

    PAIRS = "pairs"
    IMPS = "imps"


class OtherBoards(Enum):
    """12C2(c) "the other boards of that session": what they contain (errata B-6(a))."""

    # Table results and assigned scores; the contestant's other artificial boards are left
    # out. This is the fixed point of the literal reading when all its artificial boards
    # fall under the same rule, and it is not circular when they do not (errata B-6(a)).
    EXCLUDE_ARTIFICIAL = "exclude-artificial"
    # Every other board, the other artificial ones at their 12C2(a)/(b) value.
    ALL = "all"
    # Only results obtained in play: assigned scores are left out as well.
    TABLE_RESULTS_ONLY = "table-results-only"


class Aggregation(Enum):
    """How a session percentage is formed when the boards' tops differ (errata B-6(b))."""

    TOTAL_OVER_AVAILABLE = "total-over-available"  # sum of MP / sum of tops
    MEAN_OF_PERCENTAGES = "mean-of-percentages"  # mean of each board's percentage


class SessionRulePolicy(Enum):
    """What 12C2(c) awards once its threshold is crossed (errata C-2)."""

    LITERAL = "literal"  # the percentage on the other boards, whatever the base: the Law
    BOUNDED_BY_BASE = "bounded-by-base"  # spec §3 max/min: never worse (NOS) / better (OS)


class ImpEquivalent(Enum):
    """12C2(c) "or the equivalent in IMPs": the Laws do not define it (spec Q5)."""

    MEAN_PER_BOARD = "mean-per-board"  # the contestant's mean IMPs per board (spec §3)
    NONE = "none"  # the session rule is not applied in IMP scoring


class WeightedArithmetic(Enum):
    """12C1(c): the Laws do not say what is weighted (spec Q3)."""

    CONVERTED = "converted"  # score each outcome (MP / IMPs), weight the results
    RAW = "raw"  # weight the points, score the weighted mean once


class Origin(Enum):
    """Where a board's score in a contestant's session comes from."""

    TABLE = "table"  # a result obtained in play
    ASSIGNED = "assigned"  # 12C1: replaces the table result
    ARTIFICIAL = "artificial"  # 12C2: no result was obtained


@dataclass(frozen=True, slots=True)
class ArtificialValues:
    """The 12C2(a) percentages and the 12C2(b) IMP value (WBF defaults)."""

    average_minus: Fraction = Fraction(40)  # 12C2(a) "at most 40 %"
    average: Fraction = Fraction(50)  # 12C2(a) "50 %"
    average_plus: Fraction = Fraction(60)  # 12C2(a) "at least 60 %"
    # 12C2(b) "normally 3 IMPs"; 2007 also 86A. The TO may vary it with RA approval.
    imp_average: Fraction = Fraction(3)
    # "Average" in IMPs is not defined by 12C2(b); 0 is the only value consistent with
    # 50 % (errata §0.2, an inference).
    imp_partly: Fraction = Fraction(0)

    def __post_init__(self) -> None:
        for value in (self.average_minus, self.average, self.average_plus):
            if not 0 <= value <= 100:
                raise AdjustedScoreError(f"a percentage lies between 0 and 100, not {value}")
        if self.imp_average < 0:
            raise AdjustedScoreError("the 12C2(b) IMP value is a size: give it unsigned")

    def check_12C2a(self) -> None:
        """The 12C2(a) bounds: average minus at most 40 %, average 50 %, average plus at
        least 60 %. (2017 12C2(d) values may depart from them, so they are checked only
        for the standard values.)"""
        if self.average_minus > 40:
            raise AdjustedScoreError(
                f"average minus must be at most 40 % (12C2(a)), not {self.average_minus}"
            )
        if self.average_plus < 60:
            raise AdjustedScoreError(
                f"average plus must be at least 60 % (12C2(a)), not {self.average_plus}"
            )
        if self.average != 50:
            raise AdjustedScoreError(f"average is 50 % (12C2(a)), not {self.average}")

    def percentage(self, fault: Fault) -> Fraction:
        """The 12C2(a) value for a contestant with this fault."""
        return {
            Fault.DIRECTLY: self.average_minus,
            Fault.PARTLY: self.average,
            Fault.NONE: self.average_plus,
        }[fault]

    def imps(self, fault: Fault) -> Fraction:
        """The 12C2(b) value for a contestant with this fault."""
        return {
            Fault.DIRECTLY: -self.imp_average,
            Fault.PARTLY: self.imp_partly,
            Fault.NONE: self.imp_average,
        }[fault]


@dataclass(frozen=True, slots=True)
class SeveralBoardsProvision:
    """2017 12C2(d): the Regulating Authority's values for a contestant who cannot obtain
    a result on several boards of the same session (the Laws give no values)."""

    from_boards: int  # applies when the contestant has at least this many such boards
    values: ArtificialValues

    def __post_init__(self) -> None:
        if self.from_boards < 2:
            raise AdjustedScoreError("12C2(d) concerns several boards: from_boards >= 2")


@dataclass(frozen=True, slots=True)
class Law12Config:
    """Regulating-Authority / tournament options for Law 12C (WBF defaults)."""

    values: ArtificialValues = field(default_factory=ArtificialValues)
    # 12C2(c) data rules the Laws leave open (errata B-6, C-2, C-8, spec Q5).
    other_boards: OtherBoards = OtherBoards.EXCLUDE_ARTIFICIAL
    aggregation: Aggregation = Aggregation.TOTAL_OVER_AVAILABLE  # "of the available MP"
    session_rule_policy: SessionRulePolicy = SessionRulePolicy.LITERAL  # the text (C-2)
    partly_at_fault_is_offending: bool = False  # spec Q5 default: only "directly"
    imp_equivalent: ImpEquivalent = ImpEquivalent.MEAN_PER_BOARD  # spec §3 example
    imp_equivalent_threshold: Fraction = Fraction(3)  # errata C-8: its own key, +3 / -3
    # 12C1(c): weight the converted scores (spec Q3 recommendation, common practice).
    weighted_arithmetic: WeightedArithmetic = WeightedArithmetic.CONVERTED
    # 2007 only: the RA may forbid weighting (12C1(c)) or adopt 12C1(e). WBF: neither.
    forbid_weighting: bool = False
    alternative_12C1e: bool = False
    # 2017 only: 12C2(d). None: (a) and (b) apply to every board (WBF default).
    several_no_result_boards: SeveralBoardsProvision | None = None

    def __post_init__(self) -> None:
        self.values.check_12C2a()

    def check(self, edition: Edition) -> None:
        """Refuse options that the edition does not grant."""
        if edition is Edition.LAWS_2017 and (self.forbid_weighting or self.alternative_12C1e):
            raise AdjustedScoreError(
                "2017: the RA can no longer forbid weighting (12C1(c)) nor adopt the 2007 "
                "12C1(e) alternative"
            )
        if edition is Edition.LAWS_2007 and self.several_no_result_boards is not None:
            raise AdjustedScoreError("2007 has no 12C2(d) provision for several boards")


WBF_DEFAULTS = Law12Config()


@dataclass(frozen=True, slots=True)
class SessionBoard:
    """One of the contestant's other boards in the session, for 12C2(c): its matchpoints
    and top (pairs) or its IMPs (``top`` None), and where the score comes from."""

    score: Fraction
    top: Fraction | None = None
    origin: Origin = Origin.TABLE

    def __post_init__(self) -> None:
        if self.top is not None and self.top <= 0:
            raise AdjustedScoreError("a board's top must be positive")


def full_top(results: int, convention: str = "2/1") -> Fraction:
    """The full top of a board played ``results`` times (78A): 2(N-1) in the 2/1
    convention, N-1 in the 1/0.5 convention. Errata A-1: the artificial percentage is
    applied to the top the board's results are finally expressed on; by default this."""
    if results < 1:
        raise ValueError("a board needs at least one expected result")
    per_beaten = {"2/1": 2, "1/0.5": 1}[convention]
    return Fraction(per_beaten * (results - 1))


def artificial_matchpoints(percentage: Fraction, top: Fraction) -> Fraction:
    """The matchpoints of an artificial percentage on a board whose final top (after any
    factoring the conditions of contest prescribe) is ``top`` (errata A-1)."""
    return percentage * top / 100


@law("12C2(d)", editions=LAWS_2017, title="Several boards without result in a session")
def artificial_values(
    edition: Edition, config: Law12Config, no_result_boards: int = 1
) -> ArtificialValues:
    """The 12C2(a)/(b) values, or in 2017 those the RA provides under 12C2(d) for a
    contestant without a result on ``no_result_boards`` boards of the session."""
    config.check(edition)
    provision = config.several_no_result_boards
    if provision is not None and no_result_boards >= provision.from_boards:
        return provision.values
    return config.values


def _counts_as_offending(fault: Fault, config: Law12Config) -> bool:
    if fault is Fault.DIRECTLY:
        return True
    return fault is Fault.PARTLY and config.partly_at_fault_is_offending


def _selected(boards: Sequence[SessionBoard], config: Law12Config) -> list[SessionBoard]:
    excluded = {
        OtherBoards.EXCLUDE_ARTIFICIAL: {Origin.ARTIFICIAL},
        OtherBoards.ALL: set(),
        OtherBoards.TABLE_RESULTS_ONLY: {Origin.ARTIFICIAL, Origin.ASSIGNED},
    }[config.other_boards]
    return [b for b in boards if b.origin not in excluded]


def session_percentage(boards: Sequence[SessionBoard], aggregation: Aggregation) -> Fraction:
    """A contestant's percentage over boards scored in matchpoints (errata B-6(b))."""
    if not boards:
        raise AdjustedScoreError("no boards to form a session percentage from")
    tops = [b.top for b in boards]
    if any(top is None for top in tops):
        raise AdjustedScoreError("a pairs session percentage needs each board's top")
    if aggregation is Aggregation.TOTAL_OVER_AVAILABLE:
        available = sum((b.top for b in boards if b.top is not None), Fraction(0))
        return 100 * sum((b.score for b in boards), Fraction(0)) / available
    return sum((100 * b.score / b.top for b in boards if b.top is not None), Fraction(0)) / len(
        boards
    )


def session_imps_per_board(boards: Sequence[SessionBoard]) -> Fraction:
    """The IMP equivalent of a session percentage: mean IMPs per board (our choice)."""
    if not boards:
        raise AdjustedScoreError("no boards to form a session IMP average from")
    return sum((b.score for b in boards), Fraction(0)) / len(boards)


def _session_with_board(
    others: list[SessionBoard],
    base: Fraction,
    method: Method,
    config: Law12Config,
    board_top: Fraction | None,
) -> Fraction:
    """The contestant's session score, the adjusted board counted at its 12C2(a)/(b)
    value: the text tests the *session* score (errata §0.3, C-1)."""
    if method is Method.IMPS:
        return session_imps_per_board([*others, SessionBoard(base)])
    if config.aggregation is Aggregation.MEAN_OF_PERCENTAGES:
        return session_percentage([*others, SessionBoard(base, Fraction(100))], config.aggregation)
    # Total over available: the board weighs by its top; when the caller does not give
    # it, the mean top of the other boards (equal tops: the usual pairs session).
    tops = [b.top for b in others if b.top is not None]
    top = board_top if board_top is not None else sum(tops, Fraction(0)) / len(tops)
    return session_percentage([*others, SessionBoard(base * top / 100, top)], config.aggregation)


@law("12C2(c)", title="Session percentage overrides the standard values")
def session_rule(
    fault: Fault,
    base: Fraction,
    session: Sequence[SessionBoard] | None,
    method: Method,
    config: Law12Config = WBF_DEFAULTS,
    board_top: Fraction | None = None,
) -> Fraction:
    """12C2(c): a non-offending contestant whose session score is above 60 % (an offending
    one below 40 %), or the IMP equivalent, gets instead its percentage (IMP equivalent) on
    the other boards of that session. ``base`` is its 12C2(a)/(b) value; ``session`` its
    other boards (the adjusted board left out); ``board_top`` the adjusted board's top
    (pairs). Returns the value to award."""
    if session is None or (method is Method.IMPS and config.imp_equivalent is ImpEquivalent.NONE):
        return base
    others = _selected(session, config)
    if not others:
        return base
    non_offending = fault is Fault.NONE
    offending = _counts_as_offending(fault, config)
    if not (non_offending or offending):
        return base
    whole = _session_with_board(others, base, method, config, board_top)
    if method is Method.IMPS:
        high, low = config.imp_equivalent_threshold, -config.imp_equivalent_threshold
        on_other_boards = session_imps_per_board(others)
    else:
        high, low = Fraction(60), Fraction(40)
        on_other_boards = session_percentage(others, config.aggregation)
    triggered = (non_offending and whole > high) or (offending and whole < low)
    if not triggered:
        return base
    if config.session_rule_policy is SessionRulePolicy.BOUNDED_BY_BASE:
        return max(base, on_other_boards) if non_offending else min(base, on_other_boards)
    return on_other_boards


@law("12C2(a)", title="Average minus, average, average plus by fault")
def artificial_percentage(
    fault: Fault,
    *,
    edition: Edition,
    config: Law12Config = WBF_DEFAULTS,
    session: Sequence[SessionBoard] | None = None,
    no_result_boards: int = 1,
    board_top: Fraction | None = None,
) -> Fraction:
    """A contestant's artificial adjusted score in pairs, in percent of the available
    matchpoints: average minus / average / average plus by fault (12C2(a)), modified by
    the session rule (12C2(c)) when ``session`` (its other boards) is given."""
    base = artificial_values(edition, config, no_result_boards).percentage(fault)
    return session_rule(fault, base, session, Method.PAIRS, config, board_top)


@law("12C2(b)", title="Three IMPs in team play, may vary")
def artificial_imps(
    fault: Fault,
    *,
    edition: Edition,
    config: Law12Config = WBF_DEFAULTS,
    session: Sequence[SessionBoard] | None = None,
    no_result_boards: int = 1,
) -> Fraction:
    """A contestant's artificial adjusted score in IMPs: +3 / 0 / -3 by default (12C2(b);
    2007 also 86A), modified by the IMP equivalent of the session rule (12C2(c))."""
    base = artificial_values(edition, config, no_result_boards).imps(fault)
    return session_rule(fault, base, session, Method.IMPS, config)


@dataclass(frozen=True, slots=True)
class SessionData:
    """Each contestant's other boards of the session and its count of boards without a
    result, for 12C2(c) and 2017 12C2(d)."""

    ns: Sequence[SessionBoard] | None = None
    ew: Sequence[SessionBoard] | None = None
    ns_no_result_boards: int = 1
    ew_no_result_boards: int = 1


@law("88", title="Indemnity points: see 12C2")
@law("12C2", title="Artificial adjusted scores")
def artificial_scores(
    artificial: Artificial,
    method: Method,
    *,
    edition: Edition,
    config: Law12Config = WBF_DEFAULTS,
    session: SessionData | None = None,
    knockout: bool = False,
) -> tuple[Fraction, Fraction]:
    """The artificial adjusted scores of a board, (North-South, East-West), each from its
    own contestant's view: percentages in pairs, IMPs in teams. Each contestant is scored
    by its own fault, so the two need not balance (errata §0.2); in a knockout the IMPs
    are averaged (12C4)."""
    data = session or SessionData()
    if method is Method.PAIRS and knockout:
        raise AdjustedScoreError("12C4 knockout averaging applies to IMP scores")
    award = artificial_percentage if method is Method.PAIRS else artificial_imps
    ns = award(
        artificial.ns,
        edition=edition,
        config=config,
        session=data.ns,
        no_result_boards=data.ns_no_result_boards,
    )
    ew = award(
        artificial.ew,
        edition=edition,
        config=config,
        session=data.ew,
        no_result_boards=data.ew_no_result_boards,
    )
    if knockout:
        return knockout_average(ns, ew)
    return ns, ew


@law("12C4", title="Knockout play: non-balancing scores averaged")
def knockout_average(ns_imps: Fraction, ew_imps: Fraction) -> tuple[Fraction, Fraction]:
    """12C4 (2007 also 86B): non-balancing adjusted scores in a knockout. Each contestant's
    score on the board is computed separately (``ns_imps`` from North-South's view,
    ``ew_imps`` from East-West's), and the average of the two is given to each: the FFB's
    "average of the two scores in IMPs". +7 and -10 give +8.5 and -8.5."""
    mean = (Fraction(ns_imps) - Fraction(ew_imps)) / 2
    return mean, -mean
