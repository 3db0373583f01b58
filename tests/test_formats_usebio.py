"""USEBIO 1.2: every real file read, round trips, records, errors, and events written from
a scored field (issue 6)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from dupbridge.core.cards import Card
from dupbridge.core.contract import Contract
from dupbridge.core.deal import Deal
from dupbridge.core.errors import ParseError
from dupbridge.core.seats import Seat, Vulnerability
from dupbridge.formats import usebio
from dupbridge.formats.record import BoardRecord
from dupbridge.formats.usebio_model import artificial_code, parse_artificial
from dupbridge.scoring import score_pairs, score_teams
from dupbridge.scoring.field import PairsConfig
from dupbridge.scoring.results import Artificial, BoardResult, Fault
from shared_paths import REALDATA

USEBIO = REALDATA / "usebio"

# file: (EVENT_TYPE, boards, traveller lines, participants, hand-set boards,
#        artificial lines, passed-out lines)
FILES = {
    "cobalt_butler_howell.xml": ("BUTLER_PAIRS", 35, 140, 8, 35, 0, 0),
    "cobalt_butler_mitchell.xml": ("BUTLER_PAIRS", 35, 245, 14, 35, 1, 0),
    "cobalt_cross_imp_howell.xml": ("CROSS_IMP", 27, 108, 9, 27, 0, 2),
    "cobalt_mp_pairs_howell.xml": ("MP_PAIRS", 27, 161, 12, 27, 1, 0),
    "cobalt_mp_pairs_mitchell.xml": ("MP_PAIRS", 27, 512, 38, 27, 0, 1),
    "cobalt_mp_pairs_mitchell_02.xml": ("MP_PAIRS", 27, 567, 42, 27, 2, 3),
    "cobalt_mp_pairs_mitchell_03.xml": ("MP_PAIRS", 21, 126, 13, 21, 0, 0),
    "cobalt_mp_pairs_mitchell_04.xml": ("MP_PAIRS", 24, 134, 16, 24, 0, 0),
    "cobalt_mp_pairs_mitchell_adjusted.xml": ("MP_PAIRS", 27, 567, 42, 27, 2, 3),
    "cobalt_mp_pairs_mitchell_adjusted_02.xml": ("MP_PAIRS", 27, 567, 42, 27, 4, 3),
    "cobalt_notsupported.xml": ("NOTSUP", 35, 245, 14, 35, 1, 0),
}


def test_every_realdata_usebio_file_is_listed() -> None:
    assert sorted(p.name for p in USEBIO.glob("*.xml")) == sorted(FILES)


@pytest.mark.parametrize("name", sorted(FILES))
def test_usebio_file_reads_with_its_boards_and_traveller_lines(name: str) -> None:
    kind, boards, lines, participants, dealt, artificial, passed = FILES[name]
    event = usebio.load(USEBIO / name)
    assert event.version == "1.2"
    assert event.event_type == kind
    assert len(event.boards) == boards
    assert len(event.lines()) == lines
    assert len(event.participants) == participants
    assert len(event.handset) == dealt
    assert all(b.deal.is_complete for b in event.handset)
    assert sum(1 for _, line in event.lines() if line.is_artificial) == artificial
    assert sum(1 for _, line in event.lines() if line.passed_out) == passed


@pytest.mark.parametrize("name", sorted(FILES))
def test_usebio_read_dumps_read_gives_an_equal_event(name: str) -> None:
    event = usebio.load(USEBIO / name)
    text = usebio.dumps(event)
    again = usebio.loads(text)
    assert again == event
    assert usebio.dumps(again) == text


def test_usebio_written_text_starts_with_declaration_doctype_and_version(tmp_path: Path) -> None:
    event = usebio.load(USEBIO / "cobalt_butler_howell.xml")
    usebio.dump(event, tmp_path / "out.xml")
    head = (tmp_path / "out.xml").read_text(encoding="utf-8").splitlines()[:4]
    assert head == ['<?xml version="1.0" encoding="UTF-8"?>',
                    '<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">',
                    '<USEBIO Version="1.2">', "<CLUB>"]


def test_usebio_notsupported_is_butler_mitchell_with_an_unknown_event_type() -> None:
    # cobalt's negative test: EVENT_TYPE="NOTSUP" on EVENT only; PARTICIPANTS and BOARD
    # still say BUTLER_PAIRS. We read what is there and report the type as unknown.
    odd = usebio.load(USEBIO / "cobalt_notsupported.xml")
    butler = usebio.load(USEBIO / "cobalt_butler_mitchell.xml")
    assert odd.event_type == "NOTSUP" and not odd.known_type
    assert butler.known_type
    assert odd.participants_event_type == "BUTLER_PAIRS"
    assert {b.event_type for b in odd.boards} == {"BUTLER_PAIRS"}
    assert odd.boards == butler.boards and odd.participants == butler.participants


def test_usebio_header_club_and_pair_values() -> None:
    event = usebio.load(USEBIO / "cobalt_mp_pairs_mitchell_02.xml")
    assert event.club is not None and event.club.name == "NSBC@Lindfield"
    assert event.club.id_number == "2074"
    assert event.identifier == "3228"
    assert event.program_name == "Compscore3"
    assert event.winner_type == 2
    assert event.scoring_method is None
    assert event.contact is not None and ("SCORER", "SC") in event.contact
    first = event.participants[0]
    assert (first.kind, first.number, first.direction) == ("PAIR", "1NS", "NS")
    assert (first.total_score, first.percentage, first.place) == (
        Decimal("485.00"), Decimal("44.91"), "15")
    assert [p.name for p in first.players] == ["GRAHAM MCMAHON", "PETER JONKER"]
    assert butler_scoring_method() == "IMPS"


def butler_scoring_method() -> str | None:
    return usebio.load(USEBIO / "cobalt_butler_mitchell.xml").scoring_method


def test_usebio_traveller_line_values_and_artificial_scores() -> None:
    event = usebio.load(USEBIO / "cobalt_mp_pairs_mitchell_02.xml")
    number, line = event.lines()[0]
    assert number == 1
    assert (line.ns, line.ew, line.score, line.tricks) == ("1NS", "1EW", 110, 8)
    assert line.declared == Contract.parse("2S S")
    assert line.lead == Card.parse("D2")
    assert line.points == usebio.LinePoints("MATCH_POINTS", Decimal("20"), Decimal("20"))
    board2 = event.boards[1]
    sixty = next(line for line in board2.lines if line.ns == "9NS")
    assert sixty.ew == "8EW"
    assert sixty.score == Artificial(Fault.NONE, Fault.NONE)
    assert sixty.contract is None and sixty.tricks is None


def test_usebio_artificial_codes_map_to_faults_and_back() -> None:
    assert parse_artificial("A5050") == Artificial(Fault.PARTLY, Fault.PARTLY)
    assert parse_artificial("A6040") == Artificial(Fault.NONE, Fault.DIRECTLY)
    assert parse_artificial("A4060") == Artificial(Fault.DIRECTLY, Fault.NONE)
    # other figures are the percentages the Director stated (issue 28)
    assert parse_artificial("A7030") == Artificial.of_percentages(Fraction(70), Fraction(30))
    assert artificial_code(Artificial.of_percentages(Fraction(70), Fraction(30))) == "A7030"
    assert parse_artificial("A7X30") is None
    assert artificial_code(Artificial(Fault.NONE, Fault.NONE)) == "A6060"


def test_usebio_passed_out_line_keeps_played_by_and_empty_tricks() -> None:
    event = usebio.load(USEBIO / "cobalt_cross_imp_howell.xml")
    passed = [line for _, line in event.lines() if line.passed_out]
    assert [(p.ns, p.ew, p.played_by, p.tricks, p.score) for p in passed] == [
        ("2", "1", Seat.NORTH, None, 0), ("8", "3", Seat.NORTH, None, 0)]


def test_usebio_to_records_gives_one_record_per_traveller_line() -> None:
    event = usebio.load(USEBIO / "cobalt_mp_pairs_mitchell_02.xml")
    records = usebio.to_records(event)
    assert len(records) == 567
    first = records[0]
    assert (first.board, first.dealer, first.vulnerability) == (1, Seat.NORTH,
                                                                Vulnerability.NONE)
    assert first.deal == event.deal(1)
    assert first.contract == Contract.parse("2S S") and first.tricks == 8
    assert first.score_ns == 110
    assert first.players == ("GRAHAM MCMAHON", "ELAINE DEITZ", "PETER JONKER", "EARLE DEITZ")
    assert sum(1 for r in records if r.score_ns is None) == 2  # the artificial lines


def test_usebio_from_records_scores_results_by_law77() -> None:
    deal = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
    records = [
        BoardRecord(1, Seat.NORTH, Vulnerability.NONE, deal, contract=Contract.parse("4S N"),
                    tricks=10),
        BoardRecord(1, Seat.NORTH, Vulnerability.NONE, deal, contract=Contract.parse("3NT W"),
                    tricks=8),
    ]
    event = usebio.loads(usebio.dumps(usebio.from_records(records)))
    assert [line.score for _, line in event.lines()] == [420, 50]
    assert event.deal(1) == deal
    assert [r.contract for r in usebio.to_records(event)] == [Contract.parse("4S N"),
                                                             Contract.parse("3NT W")]


def test_usebio_malformed_xml_is_a_parse_error_with_line_and_column() -> None:
    text = '<?xml version="1.0"?>\n<USEBIO Version="1.2">\n<CLUB>\n</USEBIO>\n'
    with pytest.raises(ParseError) as caught:
        usebio.loads(text, source="bad.xml")
    assert (caught.value.source, caught.value.line, caught.value.column) == ("bad.xml", 4, 3)
    assert "mismatched tag" in str(caught.value)


def test_usebio_value_of_the_wrong_shape_names_the_element_and_its_position() -> None:
    event = usebio.load(USEBIO / "cobalt_butler_howell.xml")
    text = usebio.dumps(event).replace("<TRICKS>9</TRICKS>", "<TRICKS>nine</TRICKS>", 1)
    line = next(i for i, row in enumerate(text.splitlines(), 1) if "nine" in row)
    with pytest.raises(ParseError) as caught:
        usebio.loads(text, source="edited.xml")
    assert (caught.value.line, caught.value.column) == (line, 7)
    assert "<TRICKS>" in caught.value.reason and "'nine'" in caught.value.reason


def test_usebio_unknown_artificial_code_is_a_parse_error() -> None:
    text = usebio.dumps(usebio.load(USEBIO / "cobalt_butler_mitchell.xml"))
    with pytest.raises(ParseError, match="NS and EW percentages"):
        usebio.loads(text.replace("<SCORE>A5050</SCORE>", "<SCORE>A7X30</SCORE>"))


def test_usebio_entity_declarations_are_refused_and_the_dtd_never_loaded() -> None:
    bomb = ('<?xml version="1.0"?>\n<!DOCTYPE USEBIO [<!ENTITY a "aaaa">]>\n'
            '<USEBIO Version="1.2"><EVENT EVENT_TYPE="PAIRS">&a;</EVENT></USEBIO>')
    with pytest.raises(ParseError, match="declare no entities"):
        usebio.loads(bomb)
    # an external DTD that does not exist anywhere: reading must not try to fetch it
    remote = ('<?xml version="1.0"?>\n<!DOCTYPE USEBIO SYSTEM "http://invalid.example/x.dtd">'
              '\n<USEBIO Version="1.2"><EVENT EVENT_TYPE="PAIRS"/></USEBIO>')
    assert usebio.loads(remote).event_type == "PAIRS"


# Writing from a scored event

DEAL = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
PAIRS_RESULTS = [
    BoardResult(1, "1", "2", 420), BoardResult(1, "3", "4", 450), BoardResult(1, "5", "6", -50),
    BoardResult(2, "1", "4", 110), BoardResult(2, "3", "6", 110),
    BoardResult(2, "5", "2", Artificial(Fault.NONE, Fault.DIRECTLY)),
]


def test_usebio_written_from_a_matchpoint_field_reads_back_with_its_scores() -> None:
    field = score_pairs(PAIRS_RESULTS)
    played = {(1, "1", "2"): usebio.Played(Contract.parse("4S"), played_by=Seat.NORTH,
                                           lead=Card.parse("HA"), tricks=10)}
    event = usebio.from_pairs_score(field, played=played, deals={1: DEAL},
                                    players={"1": ["Ann", "Bob"]}, description="Club night")
    back = usebio.loads(usebio.dumps(event))
    assert back == event
    assert back.event_type == "MP_PAIRS" and back.description == "Club night"
    first = back.boards[0].lines[0]
    assert first.declared == Contract.parse("4S N") and first.lead == Card.parse("HA")
    assert [line.points.ns for line in back.boards[0].lines if line.points] == [
        Decimal(2), Decimal(4), Decimal(0)]
    assert back.boards[1].lines[2].score == Artificial(Fault.NONE, Fault.DIRECTLY)
    for pair, total in field.pairs.items():
        written = back.participant(pair)
        assert written is not None and written.total_score is not None
        assert abs(Fraction(written.total_score) - total.total) <= Fraction(1, 200)
    assert [p.name for p in back.participants[0].players] == ["Ann", "Bob"]
    assert back.deal(1) == DEAL


def test_usebio_written_from_a_butler_field_carries_the_datum() -> None:
    results = [BoardResult(1, str(i), str(i + 10), s)
               for i, s in enumerate((-140, -140, 50, 100, -420, 50, 50), 1)]
    # club practice (and the real files): the highest and lowest scores left out
    config = PairsConfig(butler_drop=1)
    event = usebio.from_pairs_score(score_pairs(results, "butler", config), config=config)
    back = usebio.loads(usebio.dumps(event))
    assert back.event_type == "BUTLER_PAIRS" and back.scoring_method == "IMPS"
    board = back.boards[0]
    assert board.average == Decimal(-30)  # facts file §4.5, the real butler_mitchell board 1
    assert [line.points.ns for line in board.lines if line.points] == [
        Decimal(v) for v in (-3, -3, 2, 4, -9, 2, 2)]


def test_usebio_places_share_a_number_with_an_equals_sign_on_ties() -> None:
    assert usebio.places_by(["a", "b", "c", "d"], {"a": Fraction(5), "b": Fraction(7),
                                                   "c": Fraction(5), "d": Fraction(1)}.__getitem__
                            ) == {"b": "1", "a": "2=", "c": "2=", "d": "4"}


def test_usebio_written_from_a_teams_match_reads_back_with_imps_and_totals() -> None:
    results = [BoardResult(1, "A", "B", 620), BoardResult(1, "B", "A", 170),
               BoardResult(2, "A", "B", -100), BoardResult(2, "B", "A", -100)]
    scored = score_teams(results)
    event = usebio.from_teams_score(results, scored, names={"A": "Aces", "B": "Bees"})
    back = usebio.loads(usebio.dumps(event))
    assert back == event and back.event_type == "TEAMS"
    assert [(p.kind, p.number, p.name) for p in back.participants] == [
        ("TEAM", "A", "Aces"), ("TEAM", "B", "Bees")]
    board1 = back.boards[0].lines[0]
    # A: +620 at one table, -170 at the other: 450 net, 10 IMPs
    assert board1.points == usebio.LinePoints("IMPS", Decimal(10), Decimal(-10))
    assert [p.place for p in back.participants] == ["1", "2"]
