"""The computed results real PBN files carry, recomputed with dupbridge.scoring
(realdata/SOURCES.md, "Files with computed results"), and the typed reading and writing
of their tables (formats/pbn/score_tables.py)."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

import pytest

from dupbridge import Edition
from dupbridge.formats.pbn.model import Game, Tag
from dupbridge.formats.pbn.score_tables import (
    TABLE_TAGS,
    Cell,
    Column,
    PbnTable,
    QuotedText,
    make_table,
    number,
    read_table,
    table_tag,
)
from dupbridge.scoring import (
    artificial_matchpoints,
    artificial_percentage,
    butler,
    imps,
    matchpoints,
    neuberg,
)
from dupbridge.scoring.results import Fault
from pbn_games import read_games
from shared_paths import REALDATA

PBN = REALDATA / "pbn"
FFB_1 = "ffb_magiccontest_dn1_2022_seance1_latin1.pbn"
FFB_5 = "ffb_magiccontest_dn1_2022_seance5_edited_latin1.pbn"


def games(name: str) -> list[Game]:
    return read_games(PBN / name)


def table(g: Game, name: str) -> PbnTable:
    tag = g.tag(name)
    assert tag is not None
    return read_table(tag)


def decimal(value: Fraction, places: str) -> Decimal:
    """Rounded half up (away from zero for these positive values), as the file prints."""
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return exact.quantize(Decimal(places), ROUND_HALF_UP)


def ns_score(row: Mapping[str, Cell]) -> int | None:
    ns, ew = number(row["Score_NS"]), number(row["Score_EW"])
    if ns is None and ew is None:
        return None  # an artificial score ("A+", "A-"): no points to compare
    return int(ns or 0) - int(ew or 0)


# Typed reading and writing


def test_column_spec_reads_name_width_alignment_and_sort_order() -> None:
    assert Column.parse("-Rank\\3R") == Column("Rank", 3, "R", "-")
    assert Column.parse("+Score_NS\\5R") == Column("Score_NS", 5, "R", "+")
    assert Column.parse("Names\\45") == Column("Names", 45)
    assert Column.parse("Declarer") == Column("Declarer")
    assert str(Column("Rank", 3, "R", "-")) == "-Rank\\3R"


def test_score_table_cells_are_typed() -> None:
    board_1 = table(games(FFB_1)[0], "ScoreTable")
    first = board_1.records()[0]
    assert first["Contract"] == "4S" and first["Result"] == 10
    assert first["Score_NS"] == QuotedText("420") and isinstance(first["Score_NS"], QuotedText)
    assert first["Score_EW"] is None and first["MP_NS"] == Decimal("28.3")
    assert board_1.numbers("Score_NS")[:2] == (420, 420)
    assert table_tag(make_table("ScoreTable", ["A\\2R", "B"], [[1, QuotedText("x y")]])) == \
        Tag("ScoreTable", "A\\2R;B", ("1", '"x y"'))


@pytest.mark.parametrize("name, tables", [
    (FFB_1, 30 * 2 + 1), (FFB_5, 28 * 2 + 1),  # Score- and OptimumResultTable per board
    ("rschneider_ruter71.pbn", 21 + 1),  # a ScoreTable per board, one TotalScoreTable
    ("endplay_example2_realbridge2021.pbn", 299),  # an OptimumResultTable per game
    ("pbn_reference_tests/correct_20.pbn", 17),
])
def test_every_table_tag_reads_and_writes_back_the_same_tag(name: str, tables: int) -> None:
    """correct_20.pbn: structure only (ActionTable, ScoreTable with sort markers,
    TotalScoreTable with a comment among its rows)."""
    found = [tag for g in games(name) for tag in g.tags
             if tag.name in TABLE_TAGS and tag.section]
    assert len(found) == tables
    for tag in found:
        assert table_tag(read_table(tag)) == tag


def test_pbn_reference_correct_20_total_score_table_structure() -> None:
    [total, *_] = [read_table(tag) for g in games("pbn_reference_tests/correct_20.pbn")
                   for tag in g.tags if tag.name == "TotalScoreTable"]
    assert [c.name for c in total.columns] == ["Rank", "PairId", "Names", "Center",
                                               "NrBoards", "MP", "Percentage"]
    assert total.columns[0].sort == "-" and total.columns[6].sort == "+"
    assert total.comments == ((0, "{ Only the best 10 participants }"),)
    assert len(total.rows) == 10
    assert total.records()[0]["MP"] == Decimal("1449.8")


# Magic Contest (FFB): matchpoints, Neuberg, artificial scores, totals


MP_FILES = {FFB_1: (30, 656, 4), FFB_5: (28, 615, 1)}  # boards, real rows, adjusted boards


@pytest.mark.parametrize("name", sorted(MP_FILES))
def test_ffb_matchpoints_are_law78A_with_neuberg_for_the_artificial_rows(name: str) -> None:
    """MP1 (2 per score beaten, 1 per tie; top 42 for 22 tables). On a board with an
    artificial score ("A+"/"A-") the 21 real scores are matchpointed among themselves and
    factored to 22 by Neuberg, then rounded half up to 0.1: every real row agrees."""
    boards = real_rows = adjusted = 0
    for g in games(name):
        rows = table(g, "ScoreTable").records()
        real = [(row, score) for row in rows if (score := ns_score(row)) is not None]
        expected, n = len(rows), len(real)
        top = 2 * (expected - 1)
        for (row, _), mp in zip(real, matchpoints([s for _, s in real]), strict=True):
            factored = neuberg(mp, n, expected) if n < expected else mp
            assert row["MP_NS"] == decimal(factored, "0.1")
            assert row["MP_EW"] == decimal(top - factored, "0.1")
            assert row["Percentage_NS"] == decimal(factored * 100 / top, "1")
        boards += 1
        real_rows += n
        adjusted += n < expected
    assert (boards, real_rows, adjusted) == MP_FILES[name]


def test_ffb_artificial_rows_are_law12C2a_average_plus_and_minus_of_the_top() -> None:
    """"A+" is 60 % of the board's top of 42 (25.2), "A-" 40 % (16.8): 12C2(a) with WBF
    defaults, through artificial_matchpoints."""
    seen: Counter[tuple[str, Decimal, int]] = Counter()
    for name in MP_FILES:
        for g in games(name):
            for row in table(g, "ScoreTable").records():
                if ns_score(row) is not None:
                    continue
                for side in ("NS", "EW"):
                    mark = str(row[f"Score_{side}"])
                    fault = Fault.NONE if mark == "A+" else Fault.DIRECTLY
                    percentage = artificial_percentage(fault, edition=Edition.LAWS_2017)
                    assert row[f"MP_{side}"] == decimal(
                        artificial_matchpoints(percentage, Fraction(42)), "0.1")
                    assert row[f"Percentage_{side}"] == decimal(percentage, "1")
                    seen[(mark, row[f"MP_{side}"], row[f"Percentage_{side}"])] += 1  # type: ignore[index]
    assert seen == {("A+", Decimal("25.2"), 60): 8, ("A-", Decimal("16.8"), 40): 2}


def test_ffb_seance1_totals_are_the_sums_of_the_printed_board_matchpoints() -> None:
    """TotalScoreMP = the sum of the board MPs as printed (rounded to 0.1), and
    TotalPercentage = TotalScoreMP / (42 x NrBoards), rounded half up to 0.01."""
    all_games = games(FFB_1)
    totals: defaultdict[Cell, Decimal] = defaultdict(Decimal)
    for g in all_games:
        for row in table(g, "ScoreTable").records():
            totals[row["PairId_NS"]] += Decimal(str(row["MP_NS"]))
            totals[row["PairId_EW"]] += Decimal(str(row["MP_EW"]))
    total = table(all_games[0], "TotalScoreTable").records()
    assert len(total) == 44
    for row in total:
        assert row["TotalScoreMP"] == totals[row["PairId"]]
        assert row["NrBoards"] == 30
        assert row["TotalPercentage"] == decimal(
            Fraction(str(row["TotalScoreMP"])) * 100 / (42 * 30), "0.01")


def test_ffb_seance5_totals_cover_the_whole_event_not_this_file() -> None:
    """Difference with cause: seance 5's TotalScoreTable is cumulative over the event's
    144 boards (5 sessions), so its totals cannot be recomputed from the 28 boards here;
    its percentages still are TotalScoreMP / (42 x 144)."""
    all_games = games(FFB_5)
    total = table(all_games[0], "TotalScoreTable").records()
    assert len(all_games) == 28 and len(total) == 44
    assert {row["NrBoards"] for row in total} == {144}
    for row in total:
        assert row["TotalPercentage"] == decimal(
            Fraction(str(row["TotalScoreMP"])) * 100 / (42 * 144), "0.01")


# Ruter (Norway): Butler


def test_ruter71_butler_datum_drops_one_score_at_each_end_and_rounds_half_away() -> None:
    """"IMP;Butler-2;Mean": the datum is the mean once the top and bottom scores are left
    out (2 in all), rounded to 10 half away from zero; IMP_NS = IMP(score - datum) and
    IMP_EW = -IMP_NS on all 168 rows of the 21 boards."""
    rows_checked = 0
    totals: Counter[object] = Counter()
    all_games = games("rschneider_ruter71.pbn")
    for g in all_games:
        rows = table(g, "ScoreTable").records()
        scores = [ns_score(row) for row in rows]
        assert None not in scores
        datum, ns_imps = butler([s for s in scores if s is not None], drop=1)
        for row, imp in zip(rows, ns_imps, strict=True):
            assert row["ButlerDatum"] == datum
            assert (row["IMP_NS"], row["IMP_EW"]) == (imp, -imp)
            totals[row["PairId_NS"]] += imp
            totals[row["PairId_EW"]] -= imp
            rows_checked += 1
    assert (len(all_games), rows_checked) == (21, 168)
    total = table(all_games[0], "TotalScoreTable").records()
    assert len(total) == 16
    assert all(row["TotalScoreIMP"] == totals[row["PairId"]] for row in total)


def test_ruter71_datum_of_board_1_differs_from_the_plain_mean() -> None:
    """Board 1: the plain mean of all 8 scores (-67.5) would round to -70; the file's -90
    is the mean of the 6 middle scores (-85), rounded half away from zero."""
    rows = table(games("rschneider_ruter71.pbn")[0], "ScoreTable").records()
    scores = [s for row in rows if (s := ns_score(row)) is not None]
    assert butler(scores, drop=0)[0] == -70
    assert butler(scores, drop=1)[0] == rows[0]["ButlerDatum"] == -90
    assert butler(scores, drop=1, rounding="half-up")[0] == -80


# RealBridge 2021 (teams): ScoreIMP between the two rooms of a match


def points(value: str) -> int:
    side, amount = value.split()[:2]
    return int(amount) if side == "NS" else -int(amount)


def test_realbridge_score_imp_is_the_imps_of_the_difference_between_the_rooms() -> None:
    """The two rooms of a match are the games with the same board and the same two teams
    (home and visitors swap between rooms). ScoreIMP "NS i EW -i" with i = IMP(NS score
    here - NS score in the other room): 139 pairs of rooms agree exactly. Not comparable:
    ITALY-WALES's 10 boards have no Score in either room (ScoreIMP 0), and board 20 of
    TURKEY-SWITZERLAND has only one room in the file."""
    rooms: defaultdict[tuple[str, frozenset[str]], list[Game]] = defaultdict(list)
    for g in games("endplay_example2_realbridge2021.pbn"):
        rooms[(g.value("Board"), frozenset((g.value("HomeTeam"), g.value("VisitTeam"))))].append(g)
    agreed, unscored, single = 0, 0, 0
    for pair in rooms.values():
        if len(pair) == 1:
            single += 1
            continue
        first, second = pair
        if not first.value("Score") or not second.value("Score"):
            assert first.value("ScoreIMP") == second.value("ScoreIMP") == "NS 0 EW 0"
            unscored += 1
            continue
        swing = imps(points(first.value("Score")) - points(second.value("Score")))
        for g, imp in ((first, swing), (second, -swing)):
            _, ns, _, ew = g.value("ScoreIMP").split()
            assert (int(ns), int(ew)) == (imp, -imp)
        agreed += 1
    assert (agreed, unscored, single) == (139, 10, 1)


def test_realbridge_optimum_result_table_agrees_with_double_dummy_tricks() -> None:
    """OptimumResultTable (Declarer;Denomination;Result, 20 rows) against BridgeComposer's
    DoubleDummyTricks (hex digits, declarers N S E W, strains NT S H D C)."""
    checked = 0
    for g in games("endplay_example2_realbridge2021.pbn"):
        tricks = g.value("DoubleDummyTricks")
        if not tricks or g.tag("OptimumResultTable") is None:
            continue
        rows = table(g, "OptimumResultTable").rows
        assert len(rows) == 20
        order = [(d, s) for d in "NSEW" for s in ("NT", "S", "H", "D", "C")]
        by_cell = {(str(d), str(s)): r for d, s, r in rows}
        assert [by_cell[cell] for cell in order] == [int(c, 16) for c in tricks]
        checked += 1
    assert checked == 299
