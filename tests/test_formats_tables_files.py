"""The tabular real files (issue 6): bridgescorer YAML movements and board sets, howellki
JSON Howell movements, Bridge_pal individual movements, DDS test lists."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from dupbridge.core.board import Board
from dupbridge.core.calls import Denomination
from dupbridge.core.deal import Deal
from dupbridge.core.errors import ParseError
from dupbridge.core.seats import Seat, Vulnerability
from dupbridge.formats import dds_lists, movements
from dupbridge.formats.movements import BoardSet, IndividualRow, Movement, MovementRow
from shared_paths import REALDATA

TABLES = REALDATA / "tables"
SCORER = TABLES / "thebridsk_movements"

# file stem: (rows, tables, rounds, boards listed over all rows)
YAML_MOVEMENTS = {
    "IndividualMovement.Individual2Tables14Boards": (14, 2, 7, 28),
    "IndividualMovement.Individual2Tables21Boards": (14, 2, 7, 42),
    "IndividualMovement.Individual3Tables": (33, 3, 11, 66),
    "Movement.2TablesArmonk": (12, 2, 6, 36),
    "Movement.Armonk2Tables": (12, 2, 6, 36),
    "Movement.Howell04T2B18": (12, 2, 6, 36),
    "Movement.Howell04T2B24": (12, 2, 6, 48),
    "Movement.Howell05T2B20": (10, 3, 5, 40),
    "Movement.Howell06T3B15Relay": (15, 3, 5, 45),
    "Movement.Howell06T3B20": (15, 3, 5, 60),
    "Movement.Howell06T3B20Relay": (15, 3, 5, 60),
    "Movement.Howell06T3B25Relay": (15, 3, 5, 75),
    "Movement.Howell06T3B30Relay": (15, 3, 5, 90),
    "Movement.Howell07T3B21": (21, 4, 7, 63),
    "Movement.Howell08T4B14": (28, 4, 7, 56),
    "Movement.Howell08T4B21": (28, 4, 7, 84),
    "Movement.Howell09T4B18": (36, 5, 9, 72),
    "Movement.Howell10T5B18": (45, 5, 9, 90),
    "Movement.Howell10T5B24Relay": (40, 5, 8, 120),
    "Movement.Howell11T5B22": (55, 6, 11, 110),
    "Movement.Howell12T6B22": (66, 6, 11, 132),
    "Movement.Howell13T6B26": (78, 7, 13, 156),
    "Movement.Howell14T7B26": (91, 7, 13, 182),
    "Movement.Howell2Table5Teams": (10, 2, 5, 40),
    "Movement.Howell3TableNoRelay": (15, 3, 5, 60),
    "Movement.Mitchell3Table": (9, 3, 3, 54),
}
BOARD_SETS = {"Boardset.ArmonkBoards": 18, "Boardset.StandardBoards": 36}
BRIDGEPAL = {"Individual_12_1": (27, 3, 9), "Individual_13_1": (39, 3, 13),
             "Individual_14_1": (42, 3, 14), "Individual_16_1": (48, 4, 12)}


def _read(path: Path) -> object:
    """Each tables file through its reader."""
    if path.suffix == ".yaml":
        return movements.load_bridgescorer(path)
    if path.suffix == ".json":
        return movements.load_howellki(path)
    if path.parent.name == "dds_hands":
        return dds_lists.load(path)
    return movements.load_bridgepal(path)


def test_every_tables_file_is_read_and_counted() -> None:
    files = sorted(p for p in TABLES.rglob("*") if p.is_file())
    assert len(files) == 35  # SOURCES.md: "Tables ... (35 files)"
    assert {p.stem for p in files if p.suffix == ".yaml"} == set(YAML_MOVEMENTS) | set(BOARD_SETS)
    for path in files:
        assert _read(path)


@pytest.mark.parametrize("stem", sorted(YAML_MOVEMENTS))
def test_bridgescorer_movement_rows_tables_rounds_and_boards(stem: str) -> None:
    rows, tables, rounds, boards = YAML_MOVEMENTS[stem]
    movement = movements.load_bridgescorer(SCORER / f"{stem}.yaml")
    assert isinstance(movement, Movement)
    assert (len(movement.rows), movement.tables, movement.rounds) == (rows, tables, rounds)
    assert sum(len(row.boards) for row in movement.rows) == boards
    kind = IndividualRow if stem.startswith("Individual") else MovementRow
    assert all(isinstance(row, kind) for row in movement.rows)
    # nobody sits at two tables in one round
    for round_number in range(1, rounds + 1):
        seated = [who for row in movement.rows if row.round == round_number
                  for who in _seated(row)]
        assert len(seated) == len(set(seated))


def _seated(row: MovementRow | IndividualRow) -> tuple[int, ...]:
    if isinstance(row, MovementRow):
        return (row.ns, row.ew)
    return (row.north, row.east, row.south, row.west)


def test_bridgescorer_first_rows_checked_by_hand() -> None:
    howell = movements.load_bridgescorer(SCORER / "Movement.Howell04T2B18.yaml")
    individual = movements.load_bridgescorer(
        SCORER / "IndividualMovement.Individual2Tables14Boards.yaml")
    assert isinstance(howell, Movement) and isinstance(individual, Movement)
    assert howell.name == "Howell04T2B18"
    assert howell.rows[0] == MovementRow(1, 1, 4, 1, (1, 2, 3))
    assert howell.rows[-1] == MovementRow(2, 6, 2, 1, (13, 14, 15))
    assert individual.rows[0] == IndividualRow(1, 1, north=8, east=5, south=1, west=7,
                                               boards=(1, 2))


def test_bridgescorer_standard_board_set_is_law_2() -> None:
    standard = movements.load_bridgescorer(SCORER / "Boardset.StandardBoards.yaml")
    assert isinstance(standard, BoardSet) and len(standard.boards) == 36
    for marking in standard.boards:
        board = Board(marking.board)
        assert (marking.dealer, marking.vulnerability) == (board.dealer, board.vulnerability)


def test_bridgescorer_armonk_board_set_is_not_law_2() -> None:
    armonk = movements.load_bridgescorer(SCORER / "Boardset.ArmonkBoards.yaml")
    assert isinstance(armonk, BoardSet) and len(armonk.boards) == BOARD_SETS[
        "Boardset.ArmonkBoards"]
    assert armonk.boards[1] == movements.BoardMarking(2, Seat.WEST, Vulnerability.BOTH)
    assert Board(2).dealer is Seat.EAST  # the club's own boards differ from Law 2


def test_bridgescorer_bad_number_is_a_positioned_parse_error() -> None:
    text = "name: x\nhands:\n- table: 1\n  round: 1\n  ns: 4\n  ew: 1\n  boards: [1, two]\n"
    with pytest.raises(ParseError) as caught:
        movements.loads_bridgescorer(text, source="m.yaml")
    assert (caught.value.source, caught.value.line, caught.value.column) == ("m.yaml", 7, 15)


def test_howellki_movements_decode_into_consistent_rows() -> None:
    decoded = movements.load_howellki(TABLES / "emkael_howellki_movements.json")
    assert len(decoded) == 69
    assert sum(len(m.rows) for m in decoded.values()) == 10807
    first = decoded["4-7"]
    assert first.boards_are_sets and (first.tables, first.rounds) == (4, 7)
    # positions [8, 1, 5, 4, ...]: pair 8 starts North-South at table 1 against pair 1
    assert first.rows[:4] == (MovementRow(1, 1, 8, 1, (1,)), MovementRow(2, 1, 5, 4, (2,)),
                              MovementRow(3, 1, 2, 7, (3,)), MovementRow(4, 1, 3, 6, (5,)))
    for movement in decoded.values():
        meetings = Counter(frozenset((row.ns, row.ew)) for row in _pair_rows(movement))
        assert max(meetings.values()) == 1  # no two pairs meet twice
        sets = Counter((row.round, row.boards) for row in movement.rows if row.boards)
        assert max(sets.values()) == 1  # a set is at one table per round
    complete = sorted((key for key, m in decoded.items()
                       if len({frozenset((r.ns, r.ew)) for r in _pair_rows(m)})
                       == m.tables * (2 * m.tables - 1)), key=lambda k: int(k.split("-")[0]))
    assert complete == ["4-7", "5-9", "6-11", "7-13", "8-15", "9-17", "10-19", "11-21",
                        "12-23"]


def _pair_rows(movement: Movement) -> list[MovementRow]:
    return [row for row in movement.rows if isinstance(row, MovementRow)]


def test_howellki_malformed_json_is_a_positioned_parse_error() -> None:
    with pytest.raises(ParseError) as caught:
        movements.loads_howellki('{"4-7": {"tables": 4,\n "rounds": }}', source="m.json")
    assert (caught.value.line, caught.value.column) == (2, 12)
    with pytest.raises(ParseError, match="'4-7'"):
        movements.loads_howellki('{"4-7": {"tables": 4}}')


@pytest.mark.parametrize("stem", sorted(BRIDGEPAL))
def test_bridgepal_individual_rows_and_round_one_seats_everyone_once(stem: str) -> None:
    rows, tables, rounds = BRIDGEPAL[stem]
    movement = movements.load_bridgepal(TABLES / "bridgepal_individual" / f"{stem}.txt")
    assert (len(movement.rows), movement.tables, movement.rounds) == (rows, tables, rounds)
    for round_number in range(1, rounds + 1):
        seated = [p for row in movement.rows if row.round == round_number
                  for p in _seated(row)]
        assert len(seated) == 4 * tables == len(set(seated))


def test_bridgepal_first_row_and_bad_row() -> None:
    movement = movements.load_bridgepal(TABLES / "bridgepal_individual" / "Individual_12_1.txt")
    assert movement.rows[0] == IndividualRow(1, 1, north=12, east=7, south=1, west=5, boards=(1,))
    with pytest.raises(ParseError) as caught:
        movements.loads_bridgepal("#x\n!1\n12 1 7 5\n", source="i.txt")
    assert (caught.value.line, caught.value.column) == (3, 1)


def test_dds_lists_read_deals_tables_and_par() -> None:
    ten = dds_lists.load(TABLES / "dds_hands" / "list10.txt")
    hundred = dds_lists.load(TABLES / "dds_hands" / "list100.txt")
    assert (len(ten), len(hundred)) == (10, 100)
    assert ten == hundred[:10]  # list10 is the head of list100
    first = ten[0]
    assert first.deal == Deal.from_pbn(
        "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3")
    assert (first.dealer, first.vulnerability) == (Seat.NORTH, Vulnerability.NONE)
    assert first.table() == (5, 8, 5, 8, 6, 6, 6, 6, 5, 7, 5, 7, 7, 5, 7, 5, 6, 6, 6, 6)
    assert first.tricks[(Denomination.SPADES, Seat.EAST)] == 8
    assert first.par == ("NS -110", "EW 110", "NS:EW 2S", "EW:EW 2S")
    assert first.dealer_par == ("-110", "2S-EW")
    second = ten[1]
    assert (second.dealer, second.vulnerability) == (Seat.EAST, Vulnerability.NS)
    # par 4S doubled by East-West, one down: West takes 9 tricks in spades
    assert second.tricks[(Denomination.SPADES, Seat.WEST)] == 9
    assert second.par[2] == "NS:EW 4Sx"
    assert all(d.deal.is_complete for d in hundred)


def test_dds_list_bad_table_is_a_positioned_parse_error() -> None:
    text = (TABLES / "dds_hands" / "list10.txt").read_text(encoding="ascii")
    broken = text.replace("TABLE 5 8 5 8 ", "TABLE 5 8 5 ", 1)
    with pytest.raises(ParseError) as caught:
        dds_lists.loads(broken, source="l.txt")
    assert (caught.value.source, caught.value.line) == ("l.txt", 4)
    assert "20 trick counts" in caught.value.reason
