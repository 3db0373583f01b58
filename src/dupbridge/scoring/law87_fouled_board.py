"""Law 87: the fouled board, both editions.

87A: a board is fouled when the Director finds that a card was misplaced in it, or that
dealer or vulnerability differed between copies, so that contestants who should have
compared scores did not play the board in identical form. That finding is his: it comes
in as data, a mapping from each table to the form of the board it played.

87B: the Director sorts the scores into groups by form and scores each group separately,
as the tournament regulations provide; absent a regulation, he chooses and announces his
method. The Laws contain no formula, so the method is a required input
(:class:`FouledBoardMethod`), recorded with the score. Its default group scorer is 78A
matchpoints within the group, Neuberg-factored to the full number of results.

A group of one result has nothing to compare with (errata B-4): the method must say what
it gets; without that choice the scorer refuses with :class:`FouledBoardMethodMissing`.

Teams: 2017 87C sends team play to 86B2. 2007 has no 87C, and the Laws give no IMP
procedure for a board fouled between the two tables of a match: :func:`fouled_board_in_teams`
then requires the Director's announced award (87B) and refuses without it, pointing to
86D (a result at the other table may be used).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction

from dupbridge.core.edition import Edition
from dupbridge.core.registry import law
from dupbridge.scoring.law86_teams import (
    DEFAULT_TEAM_PLAY_OPTIONS,
    ImpAward,
    OneTableBoardsRuling,
    SeveralResultsRuling,
    TeamPlayOptions,
    several_results,
)
from dupbridge.scoring.matchpoints import (
    BoardMatchpoints,
    MatchpointConditions,
    matchpoint_board,
    top,
)
from dupbridge.scoring.results import BoardResult, Fault, Score

LAWS_2007 = (Edition.LAWS_2007,)
LAWS_2017 = (Edition.LAWS_2017,)

Form = Hashable
"""A form of the board as the Director names it, e.g. "correct", "SA and S2 swapped"."""


class FouledBoardMethodMissing(ValueError):
    """87B: the regulations or the Director must say how a group is scored; the Laws do
    not."""


class Announcer(Enum):
    """Who fixed the method (87B): the tournament regulations, or failing them the
    Director, who must announce it."""

    REGULATION = "tournament regulation"
    DIRECTOR = "Director's announced method"


class SingleResult(Enum):
    """What a group of one result gets (errata B-4): it has no comparison under 78A."""

    AVERAGE = "average: half of the full top"
    ARTIFICIAL = "artificial adjusted score under 12C2, valued by Law 12C on the full top"


GroupScorer = Callable[[Sequence[Score], int], BoardMatchpoints]
"""Scores one group: its tables' scores and the number of results the board should have
had; returns the matchpoints per table of the group (None for a table whose score is
valued elsewhere, e.g. an artificial score)."""


@dataclass(frozen=True, slots=True)
class FouledBoardMethod:
    """How the groups of a fouled board are scored (87B), as the regulation fixes it or
    the Director announces it.

    - ``announced_by``: who fixed it (recorded with the score).
    - ``conditions``: for the default group scorer, 78A matchpoints within the group in
      the given convention, Neuberg-factored to the full number of results (default
      ``MatchpointConditions()``: 2/1 units, Neuberg; EBU practice, formats facts §4.3).
    - ``group_scorer``: another scorer; None means the default above.
    - ``single_result``: what a group of one result gets. None (the default) means no
      choice was made, and such a group is refused: the Laws do not say.
    - ``expected``: the number of results the board should have had; None means the
      number of tables given.
    """

    announced_by: Announcer
    conditions: MatchpointConditions = field(default_factory=MatchpointConditions)
    group_scorer: GroupScorer | None = None
    single_result: SingleResult | None = None
    expected: int | None = None


@dataclass(frozen=True, slots=True)
class FouledBoardFinding:
    """The Director's 87A finding for one board of a whole field: the form each table
    played (keyed by its North-South contestant) and the method its groups are scored by
    (87B), for ``score_pairs(..., fouled={board: finding})``."""

    form_of: Mapping[str, Form]
    method: FouledBoardMethod


@dataclass(frozen=True, slots=True)
class FormGroup:
    """One form's group of a fouled board and its matchpoints, per table of the group in
    input order. ``single_result`` records the method used for a group of one."""

    form: Form
    tables: tuple[int, ...]  # positions of the group's results in the board's input
    top: Fraction
    ns: tuple[Fraction | None, ...]
    ew: tuple[Fraction | None, ...]
    single_result: SingleResult | None = None


@dataclass(frozen=True, slots=True)
class FouledBoardScore:
    """The groups of a fouled board, scored separately, with the method that scored them."""

    board: int
    method: FouledBoardMethod
    groups: tuple[FormGroup, ...]

    def ns_matchpoints(self) -> tuple[Fraction | None, ...]:
        """North-South matchpoints per table in the board's input order."""
        return self._by_table(north_south=True)

    def ew_matchpoints(self) -> tuple[Fraction | None, ...]:
        """East-West matchpoints per table in the board's input order."""
        return self._by_table(north_south=False)

    def _by_table(self, north_south: bool) -> tuple[Fraction | None, ...]:
        size = sum(len(group.tables) for group in self.groups)
        found: list[Fraction | None] = [None] * size
        for group in self.groups:
            values = group.ns if north_south else group.ew
            for table, value in zip(group.tables, values, strict=True):
                found[table] = value
        return tuple(found)


@law("87A", title="What makes a board fouled")
def is_fouled_board(form_of: Mapping[str, Form]) -> bool:
    """87A: on the Director's finding of the form each table played (keyed by the table's
    North-South contestant), the board is fouled when not every table played it in the
    same form: contestants who should have compared scores did not."""
    return len(set(form_of.values())) > 1


def group_by_form(
    results: Sequence[BoardResult], form_of: Mapping[str, Form]
) -> dict[Form, list[int]]:
    """87B: the positions of the results, grouped by the form of the board each table
    played, in order of first appearance. Every table needs a finding."""
    missing = [result.ns for result in results if result.ns not in form_of]
    if missing:
        raise ValueError(f"87B: the Director has not found the form played by {missing}")
    groups: dict[Form, list[int]] = {}
    for position, result in enumerate(results):
        groups.setdefault(form_of[result.ns], []).append(position)
    return groups


def _check_board(results: Sequence[BoardResult]) -> int:
    """The board's number; every result must be of that board, each NS contestant once."""
    if not results:
        raise ValueError("87B: a fouled board needs its results")
    boards = {result.board for result in results}
    if len(boards) != 1:
        raise ValueError(f"87B scores one board at a time, not {sorted(boards)}")
    contestants = [result.ns for result in results]
    if len(set(contestants)) != len(contestants):
        raise ValueError("87B: each table is named by its North-South contestant, once")
    return boards.pop()


def _default_scorer(conditions: MatchpointConditions) -> GroupScorer:
    def score(scores: Sequence[Score], expected: int) -> BoardMatchpoints:
        return matchpoint_board(scores, expected, conditions)

    return score


def _single_result_group(
    form: Form, table: int, expected: int, method: FouledBoardMethod
) -> FormGroup:
    """A group of one result (errata B-4): scored by the method's explicit choice."""
    if method.single_result is None:
        raise FouledBoardMethodMissing(
            f"87B: the group of form {form!r} holds one result, which has nothing to "
            "compare with; the regulation or the Director's announced method must say "
            "what it gets (FouledBoardMethod.single_result)"
        )
    full_top = top(expected, method.conditions.convention)
    if method.single_result is SingleResult.AVERAGE:
        return FormGroup(
            form, (table,), full_top, (full_top / 2,), (full_top / 2,), SingleResult.AVERAGE
        )
    return FormGroup(form, (table,), full_top, (None,), (None,), SingleResult.ARTIFICIAL)


def _score_group(
    form: Form,
    tables: list[int],
    results: Sequence[BoardResult],
    expected: int,
    method: FouledBoardMethod,
) -> FormGroup:
    if len(tables) == 1:
        return _single_result_group(form, tables[0], expected, method)
    scorer = method.group_scorer or _default_scorer(method.conditions)
    scored = scorer([results[table].score for table in tables], expected)
    return FormGroup(form, tuple(tables), scored.top, scored.ns, scored.ew)


@law("87B", title="Scoring a fouled board in groups")
def score_fouled_board(
    results: Sequence[BoardResult], form_of: Mapping[str, Form], method: FouledBoardMethod
) -> FouledBoardScore:
    """87B (2017: pairs or individual events): divide the board's scores into groups by
    the form each table played (``form_of``, the Director's 87A finding, keyed by each
    table's North-South contestant) and score each group separately by the regulation's
    or the Director's announced ``method``. T-87.1: tables 1-2 and 3-4 played different
    forms, so each pair of results is compared only with the other of its group."""
    board = _check_board(results)
    by_form = group_by_form(results, form_of)
    if not is_fouled_board({result.ns: form_of[result.ns] for result in results}):
        raise ValueError("87A: every table played the same form; score the board under 78")
    expected = len(results) if method.expected is None else method.expected
    groups = tuple(
        _score_group(form, tables, results, expected, method) for form, tables in by_form.items()
    )
    return FouledBoardScore(board, method, groups)


@law("87C", editions=LAWS_2017, title="Scoring in team events")
def fouled_board_in_teams(
    edition: Edition,
    boards: tuple[int, ...],
    ns_fault: Fault,
    ew_fault: Fault,
    assigned_imps_for_nos: Mapping[int, Fraction] | None = None,
    *,
    announced_award: ImpAward | None = None,
    time_permits_substitute: bool = False,
    match_result_without_board_could_be_known: bool = True,
    options: TeamPlayOptions = DEFAULT_TEAM_PLAY_OPTIONS,
) -> SeveralResultsRuling | OneTableBoardsRuling:
    """A board fouled between the two tables of a team match. 2017 87C: see 86B2, whose
    branch follows the fault of the two teams. 2007 has no 87C and the Laws give no IMP
    procedure (errata B-4): the Director's announced award (87B) is required and recorded;
    86D may guide it when a result was obtained at the other table."""
    if edition is Edition.LAWS_2017:
        return several_results(
            boards,
            ns_fault,
            ew_fault,
            assigned_imps_for_nos,
            time_permits_substitute=time_permits_substitute,
            match_result_without_board_could_be_known=match_result_without_board_could_be_known,
            options=options,
        )
    if announced_award is None:
        raise FouledBoardMethodMissing(
            "2007 has no 87C: a board fouled in team play is scored by the Director's "
            "announced method (87B); give announced_award (86D may guide it)"
        )
    return SeveralResultsRuling(
        "87B",
        cancelled=False,
        substitute_boards=False,
        awards=dict.fromkeys(boards, announced_award),
    )
