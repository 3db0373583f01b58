"""Results (issue 15): entry checked against the movement and the deal, agreement on
tricks (79A/79B), corrections with their audit trail inside and after the correction
period (79C), the appeal period (92B, 92D), and a club session scored from its book with
a late pair, adjusted scores and a procedural penalty, against a computation written here."""

from __future__ import annotations

import random
from collections import defaultdict
from datetime import datetime, timedelta
from fractions import Fraction

import pytest

from dupbridge.core.cards import Card
from dupbridge.core.contract import Contract
from dupbridge.core.edition import Edition
from dupbridge.core.seats import Seat, Side
from dupbridge.laws.machinery.profiles import load_profile
from dupbridge.scoring.penalties import Contestant, PenaltyUnit, procedural_penalty
from dupbridge.tournament import Form, Plan, mitchell
from dupbridge.tournament.changes import late_pair
from dupbridge.tournament.dealing import deal_boards
from dupbridge.tournament.periods import Periods, appeal_admissible, may_correct
from dupbridge.tournament.results import (
    Book,
    Entry,
    ResultRejected,
    correct,
    ns_points,
    record,
    rule_on_dispute,
)
from dupbridge.tournament.session_scoring import score_session

SEED = b"club night seed, 27 boards!"
OFFICIAL = datetime(2026, 11, 26, 22, 30)


def _session():
    movement = mitchell(7, 3, arrow_switch=(6, 7)).with_phantoms({14})
    boards = {b.number: b for b in deal_boards(SEED, range(1, 22))}
    return movement, boards


def _entry(e, board: int, *, contract: str = "3NT", declarer: Seat = Seat.NORTH,
           tricks: int = 9, lead: Card | None = None, **more) -> Entry:
    return Entry(f"{e.round}-{e.table}-{board}", e.round, e.table, board, e.ns, e.ew,
                 Contract.parse(contract), declarer, lead, tricks, **more)


def test_law79A1_entry_checked_against_movement_deal_and_tricks() -> None:
    movement, boards = _session()
    e = movement.in_round(1)[0]
    board = boards[e.boards[0]]
    record(Book(), _entry(e, e.boards[0]), movement, board)
    with pytest.raises(ResultRejected, match="not played at this table"):
        record(Book(), _entry(e, e.boards[0] + 3), movement, boards[e.boards[0] + 3])
    with pytest.raises(ResultRejected, match="0 to 13"):
        record(Book(), _entry(e, e.boards[0], tricks=14), movement, board)
    east = board.deal.hand(Seat.EAST)  # type: ignore[union-attr]
    not_east = next(c for c in board.deal.hand(Seat.WEST))  # type: ignore[union-attr]
    record(Book(), _entry(e, e.boards[0], lead=next(iter(east))), movement, board)
    with pytest.raises(ResultRejected, match="does not hold the lead"):
        record(Book(), _entry(e, e.boards[0], lead=not_east), movement, board)
    with pytest.raises(ResultRejected, match="adjusted-score code"):
        record(Book(), Entry("x", e.round, e.table, e.boards[0], e.ns, e.ew, adjusted="A70x30"),
               movement, board)


def test_law79B_law79B2_unagreed_tricks_go_to_the_director() -> None:
    movement, boards = _session()
    e = movement.in_round(1)[0]
    board = boards[e.boards[0]]
    disputed = _entry(e, e.boards[0], agreed_by=frozenset({Side.NS}))
    book = record(Book(), disputed, movement, board)
    assert book.disputes == (disputed,) and book.result(1, 1, e.boards[0]) is None
    ruled = rule_on_dispute(book, disputed, _entry(e, e.boards[0], tricks=8), who="TD",
                            when=OFFICIAL, why="79B2: the table's cards show 8 tricks",
                            movement=movement, board=board)
    assert ruled.disputes == () and ruled.result(1, 1, e.boards[0]).tricks == 8  # type: ignore[union-attr]
    assert ruled.trail[-1].before == disputed


def test_law79A_retry_is_harmless_and_a_different_result_is_a_conflict() -> None:
    movement, boards = _session()
    e = movement.in_round(1)[0]
    board = boards[e.boards[0]]
    book = record(Book(), _entry(e, e.boards[0]), movement, board)
    assert record(book, _entry(e, e.boards[0]), movement, board) == book
    other = Entry("other-id", 1, 1, e.boards[0], e.ns, e.ew, Contract.parse("4S"), Seat.SOUTH,
                  None, 10)
    conflicted = record(book, other, movement, board)
    assert conflicted.conflicts and conflicted.result(1, 1, e.boards[0]).contract == Contract.parse("3NT")  # type: ignore[union-attr]


def test_law79C_law79C1_law79C2_correction_inside_the_period_refused_after_it() -> None:
    movement, boards = _session()
    e = movement.in_round(1)[0]
    board = boards[e.boards[0]]
    book = record(Book(), _entry(e, e.boards[0]), movement, board)
    periods = Periods.from_profile(OFFICIAL, load_profile("wbf-2017"))
    assert periods.correction_ends == OFFICIAL + timedelta(minutes=30)
    fixed = _entry(e, e.boards[0], tricks=10)
    after = correct(book, fixed, who="scorer", when=OFFICIAL + timedelta(minutes=20),
                    why="10 tricks on the traveller", periods=periods, movement=movement,
                    board=board)
    assert after.trail[-1].before.tricks == 9 and after.trail[-1].after.tricks == 10  # type: ignore[union-attr]
    with pytest.raises(ResultRejected, match="79C2"):
        correct(after, _entry(e, e.boards[0], tricks=11), who="scorer",
                when=OFFICIAL + timedelta(minutes=31), why="late", periods=periods,
                movement=movement, board=board)
    late = correct(after, _entry(e, e.boards[0], tricks=11), who="TD",
                   when=OFFICIAL + timedelta(minutes=31), why="certain", periods=periods,
                   movement=movement, board=board, director_certain=True, organizer_agrees=True)
    assert late.result(1, 1, e.boards[0]).tricks == 11  # type: ignore[union-attr]
    longer = periods.extended(correction=timedelta(minutes=15))
    assert may_correct(longer, OFFICIAL + timedelta(minutes=40)).allowed


def test_law79C2_2007_late_correction_only_where_regulations_allow() -> None:
    periods = Periods(OFFICIAL, edition=Edition.LAWS_2007)
    late = OFFICIAL + timedelta(hours=1)
    assert not may_correct(periods, late, director_certain=True, organizer_agrees=True).allowed
    allowing = Periods(OFFICIAL, edition=Edition.LAWS_2007, late_corrections_allowed=True)
    assert may_correct(allowing, late, director_certain=True, organizer_agrees=True).allowed


def test_law92_law92B_law92D_law92D1_law92D2_appeal_period_and_consent() -> None:
    periods = Periods(OFFICIAL, appeal=timedelta(minutes=45))
    inside, outside = OFFICIAL + timedelta(minutes=44), OFFICIAL + timedelta(minutes=46)
    assert appeal_admissible(periods, inside, Form.PAIRS, partner_consents=True).allowed
    assert str(appeal_admissible(periods, outside, Form.PAIRS, partner_consents=True).law) == "2017 Law 92B"
    assert str(appeal_admissible(periods, inside, Form.PAIRS).law) == "2017 Law 92D1"
    assert str(appeal_admissible(periods, inside, Form.TEAMS).law) == "2017 Law 92D2"
    assert appeal_admissible(periods, inside, Form.INDIVIDUAL).allowed


def _independent_percentages(results: list[tuple[int, str, str, int]], expected: int
                             ) -> dict[str, Fraction]:
    """Matchpoints written again: 2 per score beaten, 1 per tie, Neuberg where a board
    has fewer results than ``expected``; percentage of the tops of the boards played."""
    by_board: dict[int, list[tuple[str, str, int]]] = defaultdict(list)
    for board, ns, ew, score in results:
        by_board[board].append((ns, ew, score))
    got: dict[str, Fraction] = defaultdict(Fraction)
    top: dict[str, Fraction] = defaultdict(Fraction)
    for rows in by_board.values():
        n = len(rows)
        for ns, ew, score in rows:
            mp = sum(2 if score > o else 1 if score == o else 0 for *_, o in rows) - 1
            ns_mp, ew_mp = Fraction(mp), Fraction(2 * (n - 1) - mp)
            if n < expected:
                ns_mp = (ns_mp + 1) * expected / n - 1
                ew_mp = (ew_mp + 1) * expected / n - 1
            got[ns] += ns_mp
            got[ew] += ew_mp
            top[ns] += 2 * (expected - 1)
            top[ew] += 2 * (expected - 1)
    return {p: 100 * got[p] / top[p] for p in got}


def test_law90_law12_club_session_with_a_late_pair_ranks_as_computed_here() -> None:
    movement, boards = _session()
    plan = Plan.of(movement)
    movement = late_pair(movement, plan, late=15, phantom=14, from_round=2).movement
    rng = random.Random(7)
    book = Book()
    plain: list[tuple[int, str, str, int]] = []
    contracts = ["3NT", "4S", "2H", "3NTX", "1NT", "5D", "4HX"]
    for e in movement.encounters:
        if movement.sit_out(e):
            continue
        for b in e.boards:
            declarer = rng.choice(list(Seat))
            entry = _entry(e, b, contract=rng.choice(contracts), declarer=declarer,
                           tricks=rng.randint(6, 11))
            book = record(book, entry, movement, boards[b])
            plain.append((b, str(e.ns[0]), str(e.ew[0]), ns_points(entry, boards[b])))
    expected = 7
    # two artificial adjusted scores (12C2(a)): entered as codes, left out of the comparisons
    adjusted = []
    for e, code in ((movement.in_round(3)[2], "A60/40"), (movement.in_round(5)[4], "A50/50")):
        b = e.boards[1]
        key = (e.round, e.table, b)
        wrong = Entry(f"adj-{key}", *key, e.ns, e.ew, adjusted=code)
        book = correct(book, wrong, who="TD", when=OFFICIAL - timedelta(minutes=30),
                       why="Law 12C2(a)", periods=None, movement=movement, board=boards[b])
        plain = [row for row in plain if (row[0], row[1]) != (b, str(e.ns[0]))]
        adjusted.append((b, str(e.ns[0]), str(e.ew[0]), code))
    # a correction inside the period, one refused after it
    periods = Periods(OFFICIAL)
    first = movement.in_round(1)[1]
    before = book.result(1, first.table, first.boards[0])
    assert before is not None
    corrected = Entry(before.id, 1, first.table, first.boards[0], first.ns, first.ew,
                      before.contract, before.declarer, None, (before.tricks or 0) - 1)
    book = correct(book, corrected, who="scorer", when=OFFICIAL + timedelta(minutes=5),
                   why="one trick fewer", periods=periods, movement=movement,
                   board=boards[first.boards[0]])
    plain = [(b, ns, ew, ns_points(corrected, boards[b]) if (b, ns) == (first.boards[0], str(first.ns[0])) else s)
             for b, ns, ew, s in plain]
    with pytest.raises(ResultRejected):
        correct(book, corrected, who="scorer", when=OFFICIAL + timedelta(minutes=45),
                why="too late", periods=periods, movement=movement,
                board=boards[first.boards[0]])
    penalty = procedural_penalty(Contestant("3"), Fraction(2), PenaltyUnit.MATCHPOINTS)
    score = score_session(movement, book, boards, penalties=[penalty])
    assert len(score.rankings) == 1  # the arrow switch makes one field
    mine = _independent_percentages(plain, expected)
    touched = {p for _, ns, ew, _ in adjusted for p in (ns, ew)}
    for i, result in enumerate(score.field.results):
        for b, ns, _ew, code in adjusted:
            if (result.board, result.ns) == (b, ns):
                top = score.field.top(i)
                assert (score.field.ns(i) / top, score.field.ew(i) / top) == (
                    Fraction(int(code[1:3]), 100), Fraction(int(code[4:6]), 100))
    for ranked in score.rankings[0]:
        if ranked.contestant in touched:
            continue
        pair = score.field.pairs[ranked.contestant]
        raw = 100 * (ranked.total + (2 if ranked.contestant == "3" else 0)) / pair.available  # type: ignore[operator]
        assert raw == mine[ranked.contestant], ranked.contestant
    order = [r.contestant for r in score.rankings[0] if r.contestant not in touched]
    assert order == sorted(order, key=lambda p: -(mine[p] - (Fraction(200) / score.field.pairs[p].available if p == "3" else 0)))  # type: ignore[operator]
