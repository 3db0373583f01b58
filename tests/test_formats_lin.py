"""LIN (BBO) files: every real file read with its board count, PBN twins, round trips,
claims, three-hand deals, vugraph headers, positioned errors and tolerant reading."""

from __future__ import annotations

import contextlib
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dupbridge.core.calls import Bid, Call, Denomination
from dupbridge.core.cards import Card
from dupbridge.core.contract import Contract
from dupbridge.core.deal import Deal
from dupbridge.core.errors import ParseError
from dupbridge.core.seats import Seat, Vulnerability
from dupbridge.formats import lin
from dupbridge.formats.record import BoardRecord
from shared_paths import REALDATA

LIN_DIR = REALDATA / "lin"
TEST_LIN = REALDATA / "dealing" / "emkael_deal-convert" / "test.lin"

# Boards per file, counted by hand: one per ``md|`` in each file (grep -o 'md|').
BOARD_COUNTS = {
    "bridgebots_sample.lin": 1,
    "bridgebots_usbf_sf_14502_vugraph.lin": 30,
    "bridgetrainer_41284_wbtc2015_vugraph.lin": 32,
    "bridgetrainer_RR2_handrecord.lin": 16,
    "bridgetrainer_TM-17360_bbo_teammatch.lin": 36,
    "endplay_example1.lin": 8,
    "pbntools_bbo_aba_1047742261_gib_alerts.lin": 1,
    "pbntools_bbo_history_3381671193.lin": 1,
    "pbntools_bbo_history_3381683999.lin": 1,
    "pbntools_bbo_myhands_3399598383.lin": 1,
    "pbntools_bbo_skyclub_20784113_claim.lin": 1,
    "pbntools_bbo_skyclub_20784130_void.lin": 1,
}
ALL_FILES = [LIN_DIR / name for name in BOARD_COUNTS] + [TEST_LIN]


_GAME_TAGS = frozenset({"Event", "Site", "Date", "Board", "Deal"})


def _pbn_games(path: Path) -> list[dict[str, str]]:
    """Tag values of each game of a PBN file (a small reader of our own: the full PBN
    reader is another module's work)."""
    games: list[dict[str, str]] = []
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        match = re.match(r'^\[(\w+) "(.*)"\]', line)
        if not match:
            continue
        # A game's first tag repeats one of the previous game's identifying tags
        # ([Note] repeats inside a game).
        if not games or (match[1] in _GAME_TAGS and match[1] in games[-1]):
            games.append({})
        games[-1][match[1]] = match[2]
    return games


def test_lin_directory_holds_exactly_the_files_counted_here() -> None:
    assert sorted(path.name for path in LIN_DIR.glob("*.lin")) == sorted(BOARD_COUNTS)


@pytest.mark.parametrize("path", ALL_FILES, ids=lambda path: path.name)
def test_every_realdata_lin_file_reads_with_its_board_count(path: Path) -> None:
    expected = 32 if path == TEST_LIN else BOARD_COUNTS[path.name]
    loaded = lin.load(path)
    assert len(loaded.boards) == expected
    assert loaded.errors == ()
    assert all(board.deal is not None and board.deal.is_complete for board in loaded.boards)


@pytest.mark.parametrize("path", ALL_FILES, ids=lambda path: path.name)
def test_lin_round_trip_gives_equal_boards_and_stable_text(path: Path) -> None:
    loaded = lin.load(path)
    text = lin.dumps(loaded)
    again = lin.loads(text)
    assert again == loaded
    assert lin.dumps(again) == text


def test_history_lin_files_match_the_pbn_another_tool_converted() -> None:
    games = _pbn_games(REALDATA / "pbn" / "pbntools_bbo_history_expected_from_lin.pbn")
    names = ["pbntools_bbo_history_3381671193.lin", "pbntools_bbo_history_3381683999.lin"]
    assert len(games) == 2
    for name, game in zip(names, games, strict=True):
        record = lin.to_records(lin.load(LIN_DIR / name))[0]
        assert record.deal == Deal.from_pbn(game["Deal"])
        assert record.board == int(game["Board"])
        assert record.dealer is Seat.parse(game["Dealer"])
        assert record.vulnerability is Vulnerability.parse(game["Vulnerable"])
        assert record.contract == Contract.parse(f"{game['Contract']} {game['Declarer']}")
        assert record.tricks == int(game["Result"])
        assert record.players == (game["North"], game["East"], game["South"], game["West"])


def test_bermuda_bowl_vugraph_matches_its_lintopbn_conversion() -> None:
    games = _pbn_games(REALDATA / "pbn" / "bridgetrainer_41284_wbtc2015_lintopbn.pbn")
    records = lin.to_records(lin.load(LIN_DIR / "bridgetrainer_41284_wbtc2015_vugraph.lin"))
    assert len(games) == len(records) == 32
    for game, record in zip(games, records, strict=True):
        assert record.deal == Deal.from_pbn(game["Deal"])
        assert record.board == int(game["Board"])
        assert record.room == game["Room"]
        assert record.contract == Contract.parse(f"{game['Contract']} {game['Declarer']}")
        # The converter kept the stray '|' of the header's last name ("WRANG|").
        pbn_names = tuple(game[seat].rstrip("|") for seat in ("North", "East", "South", "West"))
        assert record.players == pbn_names


def test_bermuda_bowl_results_agree_with_lintopbn_where_the_play_ended() -> None:
    games = _pbn_games(REALDATA / "pbn" / "bridgetrainer_41284_wbtc2015_lintopbn.pbn")
    records = lin.to_records(lin.load(LIN_DIR / "bridgetrainer_41284_wbtc2015_vugraph.lin"))
    compared = [(record.tricks, int(game["Result"])) for game, record
                in zip(games, records, strict=True) if record.tricks is not None]
    assert len(compared) == 32
    assert all(ours == theirs for ours, theirs in compared)


def test_deal_convert_lin_holds_the_sixteen_deals_of_its_pbn_twice() -> None:
    games = _pbn_games(REALDATA / "dealing" / "emkael_deal-convert" / "test.pbn")
    deals = {int(game["Board"]): Deal.from_pbn(game["Deal"]) for game in games}
    records = lin.to_records(lin.load(TEST_LIN))
    assert len(deals) == 16
    assert [(record.board, record.room) for record in records[:4]] == [
        (1, "Open"), (1, "Closed"), (2, "Open"), (2, "Closed")]
    assert all(record.deal == deals[record.board] for record in records)
    assert sorted({record.board for record in records}) == list(range(1, 17))


def test_endplay_example1_lin_and_pbn_are_not_twins() -> None:
    """The task pairs them, but SOURCES.md says what they are: a 2021 BBO robot table and
    the 1998 European Youth Teams; no deal is shared."""
    lin_deals = {record.deal for record in lin.to_records(lin.load(LIN_DIR / "endplay_example1.lin"))}
    pbn_deals = {Deal.from_pbn(game["Deal"])
                 for game in _pbn_games(REALDATA / "pbn" / "endplay_example1_eyc1998.pbn")}
    assert len(lin_deals) == 8
    assert len(pbn_deals) == 1
    assert not lin_deals & pbn_deals


def _rs_entry(record: BoardRecord) -> str:
    contract = record.contract
    assert contract is not None and contract.declarer is not None and record.tricks is not None
    over = record.tricks - contract.tricks_needed
    denomination = "N" if contract.denomination is Denomination.NOTRUMP else contract.denomination.letter
    doubled = ("", "x", "xx")[contract.doubled]
    result = "=" if over == 0 else f"{over:+d}"
    return f"{contract.level}{denomination}{contract.declarer.letter}{doubled}{result}"


@pytest.mark.parametrize("name", [
    "bridgebots_usbf_sf_14502_vugraph.lin",
    "bridgetrainer_41284_wbtc2015_vugraph.lin",
    "bridgetrainer_TM-17360_bbo_teammatch.lin",
])
def test_vugraph_rs_results_equal_contracts_and_tricks_from_auction_and_play(name: str) -> None:
    loaded = lin.load(LIN_DIR / name)
    vugraph = loaded.vugraph
    assert vugraph is not None
    assert [_rs_entry(record) for record in lin.to_records(loaded)] == list(vugraph.results)


def test_vugraph_header_fields_are_typed() -> None:
    vugraph = lin.load(LIN_DIR / "bridgebots_usbf_sf_14502_vugraph.lin").vugraph
    assert vugraph is not None
    assert (vugraph.event, vugraph.segment, vugraph.scoring) == (
        "2010 USBF SF A", "Segment 4 of 8", "I")
    assert (vugraph.first_board, vugraph.last_board) == (46, 60)
    assert vugraph.teams == ("Nickell", "Fleisher")
    assert vugraph.carry_over == ("80", "99")
    assert len(vugraph.results) == 30


def test_hand_record_vugraph_keeps_empty_header_lists_and_board_numbers() -> None:
    loaded = lin.load(LIN_DIR / "bridgetrainer_RR2_handrecord.lin")
    vugraph = loaded.vugraph
    assert vugraph is not None
    assert vugraph.boards == tuple(str(number) for number in range(1, 17))
    assert vugraph.players == ("",) * 64
    assert [board.number for board in loaded.boards] == list(range(1, 17))
    assert loaded.boards[0].vulnerability is Vulnerability.NONE  # sv|0|
    assert loaded.boards[1].vulnerability is Vulnerability.NS
    assert loaded.boards[0].values("sa") == ("0",)


def test_vugraph_players_come_from_the_header_by_room() -> None:
    loaded = lin.load(LIN_DIR / "bridgebots_usbf_sf_14502_vugraph.lin")
    open_room, closed_room = loaded.boards[0], loaded.boards[1]
    assert (open_room.room, closed_room.room) == ("o", "c")
    assert loaded.players(open_room) == ("Meckstroth", "Levin", "Rodwell", "Weinstein")
    assert loaded.players(closed_room) == ("Stansby", "Hamman", "Martel", "Mahmood")


def test_claim_mc_is_total_tricks_for_declarer() -> None:
    board = lin.load(LIN_DIR / "pbntools_bbo_skyclub_20784113_claim.lin").boards[0]
    record = lin.to_records(lin.load(LIN_DIR / "pbntools_bbo_skyclub_20784113_claim.lin"))[0]
    assert board.claim == 10
    assert len(board.cards) == 45
    assert record.contract == Contract.parse("3NT W")
    assert (record.claimed, record.tricks) == (10, 10)


def test_endplay_robot_table_has_two_claims_and_counted_tricks_elsewhere() -> None:
    records = lin.to_records(lin.load(LIN_DIR / "endplay_example1.lin"))
    assert [record.claimed for record in records] == [None, None, 9, None, None, None, 11, None]
    assert [record.tricks for record in records] == [12, 10, 9, 10, 10, 9, 11, 8]


def test_three_hand_md_is_completed_with_the_rest_of_the_pack() -> None:
    board = lin.load(LIN_DIR / "bridgebots_sample.lin").boards[0]
    assert board.value("md") == ("1SQ982HQ82DKQ763CT,SJ643HKJ7653DCAQ4,SK5HADAJT52CJ9762,")
    deal = board.deal
    assert deal is not None and deal.is_complete
    assert board.dealer is Seat.SOUTH
    assert deal.hand(Seat.SOUTH).to_pbn() == "Q982.Q82.KQ763.T"
    assert deal.hand(Seat.WEST).to_pbn() == "J643.KJ7653..AQ4"
    assert deal.hand(Seat.NORTH).to_pbn() == "K5.A.AJT52.J9762"
    assert deal.hand(Seat.EAST).to_pbn() == "AT7.T94.984.K853"


def test_three_hand_md_without_trailing_comma_is_completed() -> None:
    board = lin.load(LIN_DIR / "bridgetrainer_RR2_handrecord.lin").boards[0]
    assert board.value("md", ) == "3SAJ752HDJ983C9763,SKQ3HT432DA42CQ85,STHKQJ987DKT65CKT"
    assert board.dealer is Seat.NORTH
    deal = board.deal
    assert deal is not None and deal.hand(Seat.EAST).to_pbn() == "9864.A65.Q7.AJ42"


def test_void_written_as_adjacent_suit_letters() -> None:
    deal = lin.load(LIN_DIR / "pbntools_bbo_skyclub_20784130_void.lin").boards[0].deal
    assert deal is not None
    assert deal.hand(Seat.WEST).to_pbn() == "KT9872..AK.QJ974"


def test_alert_and_explanation_of_a_call() -> None:
    calls = lin.load(LIN_DIR / "pbntools_bbo_history_3381671193.lin").boards[0].calls
    assert calls[1].call == Call.parse("2NT")
    assert (calls[1].alert, calls[1].explanation) == (True, "gesthem")
    sample = lin.load(LIN_DIR / "bridgebots_sample.lin").boards[0].calls
    assert sample[2].call == Bid(2, Denomination.NOTRUMP)
    assert sample[2].alert is False
    assert sample[2].explanation.startswith("Unusual No Trump")


def test_lowercase_cards_and_chat_between_calls_are_read() -> None:
    loaded = lin.load(LIN_DIR / "bridgebots_usbf_sf_14502_vugraph.lin")
    first = loaded.boards[0]
    assert first.cards[:2] == (Card.parse("C2"), Card.parse("C3"))
    assert sum(len(board.values("nt")) for board in loaded.boards) == 549
    assert "nt|caitlin: Hi all|" in lin.dumps(loaded)


def test_display_keys_and_ascii_diagrams_are_kept_and_written_back() -> None:
    loaded = lin.load(LIN_DIR / "bridgetrainer_41284_wbtc2015_vugraph.lin")
    board = loaded.boards[0]
    assert [pair.key for pair in board.pairs[:8]] == ["mn", "pn", "qx", "rh", "ah", "nt", "bt", "ht"]
    diagram = board.value("at")
    assert diagram is not None and "Ouest" in diagram and diagram.count("\r\n") == 16
    assert f"at|{diagram}|" in lin.dumps(loaded)


def test_double_encoded_alerts_are_kept_as_written() -> None:
    loaded = lin.load(LIN_DIR / "bridgetrainer_TM-17360_bbo_teammatch.lin")
    explanations = [call.explanation for call in loaded.boards[0].calls if call.explanation]
    assert explanations == ["FM", "texas !h ", "int\u00c3\u00a9r\u00c3\u00a9ss\u00c3\u00a9"]


def test_records_round_trip_through_from_records() -> None:
    for path in (LIN_DIR / "endplay_example1.lin", TEST_LIN, LIN_DIR / "bridgebots_sample.lin"):
        records = lin.to_records(lin.load(path))
        written = lin.loads(lin.dumps(lin.from_records(records)))
        assert lin.to_records(written) == records


def test_from_records_writes_bbo_three_hand_md_and_claim() -> None:
    record = lin.to_records(lin.load(LIN_DIR / "pbntools_bbo_skyclub_20784113_claim.lin"))[0]
    text = lin.dumps(lin.from_records([record]))
    assert text.startswith("pn|communicat,fernwood57,babjee4079,GEM_Freddy|st||md|4S")
    assert "md|4SJ64HTDA543CK8764,S3HA864DKJ82CAQT5,SA75HQ97532DT9C92,|" in text
    assert text.endswith("pc|HQ|mc|10|pg||\n")


# Positioned errors ---------------------------------------------------------------------


def _error(text: str) -> ParseError:
    with pytest.raises(ParseError) as caught:
        lin.loads(text, source="bad.lin")
    return caught.value


def test_unterminated_pair_is_reported_at_its_value() -> None:
    error = _error("pn|a,b,c,d|\nmd|1SAKQJ")
    assert (error.source, error.line, error.column) == ("bad.lin", 2, 4)
    assert "unterminated pair" in error.reason


def test_md_that_is_not_a_deal_is_reported_at_the_bad_character() -> None:
    error = _error("pn|a,b,c,d|md|1SAKQXH2,,,|")
    assert (error.line, error.column) == (1, 20)
    assert "expected a suit letter" in error.reason
    twice = _error("md|1SA,SA,,|")
    assert "dealt twice" in twice.reason and twice.column == 8


def test_call_that_is_not_a_call_is_reported() -> None:
    error = _error("md|1SAKQ,,,|\r\nmb|1C|\rmb|8S|")
    assert (error.line, error.column) == (3, 4)  # a lone CR ends a line too
    assert "expected a call" in error.reason


def test_a_key_that_is_not_a_key_is_reported() -> None:
    error = _error("md|1SAKQ,,,|mbx|p|")
    assert (error.line, error.column) == (1, 13)
    assert "two-letter key" in error.reason


def test_tolerant_mode_returns_the_good_boards_and_the_errors() -> None:
    text = ("pn|a,b,c,d|md|1SA,,,|mb|1C|\n"
            "pn|e,f,g,h|md|2SK,,,|mb|9Q|\n"
            "pn|i,j,k,l|md|3SQ,,,|mc|14|\n"
            "pn|m,n,o,p|md|4SJ,,,|sv|b|\n")
    loaded = lin.loads(text, strict=False)
    assert [board.players for board in loaded.boards] == [("a", "b", "c", "d"), ("m", "n", "o", "p")]
    assert [(error.line, error.column) for error in loaded.errors] == [(2, 25), (3, 25)]
    with pytest.raises(ParseError):
        lin.loads(text)


def test_stray_separator_between_pairs_is_skipped() -> None:
    loaded = lin.loads("vg|E,S,I,1,1,A,0,B,0|\npn|a,b,c,d,e,f,g,h||pg||\nqx|o1|md|1SA,,,|")
    assert [pair.key for pair in loaded.header] == ["vg", "pn", "pg"]
    assert len(loaded.boards) == 1


_LIN_ALPHABET = "|mdsvbpcnaqxhg,0123456789SHDCAKQJTo!\r\n "


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=_LIN_ALPHABET, max_size=80))
def test_fuzzed_lin_raises_nothing_but_parse_error(text: str) -> None:
    with contextlib.suppress(ParseError):
        lin.to_records(lin.loads(text))
    loaded = lin.loads(text, strict=False)
    lin.to_records(loaded)
    assert lin.loads(lin.dumps(loaded)) == loaded


def test_dealer_digit_wins_over_law2_and_is_kept_for_north() -> None:
    marked = lin.to_records(lin.loads("ah|Board 2|md|3SA,,,|"))[0]
    assert (marked.board, marked.dealer) == (2, Seat.NORTH)
    unmarked = lin.to_records(lin.loads("ah|Board 2|md|SA,,,|"))[0]
    assert (unmarked.dealer, unmarked.vulnerability) == (Seat.EAST, Vulnerability.NS)
