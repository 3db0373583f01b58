"""PBN 2.1 import and export, one construct at a time (issue 6)."""

from __future__ import annotations

from pathlib import Path

import pytest

from dupbridge.core.calls import Call
from dupbridge.core.cards import Card
from dupbridge.core.contract import Contract
from dupbridge.core.deal import Deal
from dupbridge.core.errors import ParseError
from dupbridge.core.seats import Seat, Vulnerability
from dupbridge.formats import pbn
from dupbridge.formats.pbn import Comment, records
from dupbridge.formats.record import BoardRecord, RecordedCall

DEAL_N = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def game(text: str) -> pbn.Game:
    loaded = pbn.loads(text)
    assert len(loaded.games) == 1
    return loaded.games[0]


def section(text: str, name: str) -> tuple[str, ...]:
    tag = game(text).tag(name)
    assert tag is not None
    return tag.section


# --- tags and values ---------------------------------------------------------------------

def test_mandatory_tags_come_first_in_export_order_and_missing_ones_are_unknown() -> None:
    found = game('[Contract "4S"]\n[Annotator "me"]\n[Board "3"]\n')
    assert [tag.name for tag in found.tags] == [
        "Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer",
        "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result", "Annotator"]
    assert found.value("Event") == "?"
    assert found.value("Board") == "3"


def test_lower_case_tag_names_and_values_are_imported_in_export_form() -> None:
    found = game('[dealer "e"]\n[VULNERABLE "both"]\n[contract "3nx"]\n[declarer "w"]\n')
    assert [found.value(n) for n in ("Dealer", "Vulnerable", "Contract", "Declarer")] == [
        "E", "All", "3NTX", "W"]


@pytest.mark.parametrize(("written", "exported"), [
    ("1N", "1NT"), ("3N", "3NT"), ("1NR", "1NTXX"), ("5Cx", "5CX"), ("4Sxx", "4SXX"),
    ("Pass", "Pass"), ("PASS", "Pass"), ("7NT", "7NT"), ("?", "?"), ("", ""), ("H", "H")])
def test_contract_spellings(written: str, exported: str) -> None:
    assert game(f'[Contract "{written}"]\n').value("Contract") == exported


@pytest.mark.parametrize(("written", "exported"), [
    ("Love", "None"), ("-", "None"), ("None ", "None"), ("Both", "All"), ("N-S ", "NS"),
    ("E-W", "EW"), ("?", "?"), ("", "")])
def test_vulnerable_spellings(written: str, exported: str) -> None:
    assert game(f'[Vulnerable "{written}"]\n').value("Vulnerable") == exported


def test_caret_on_declarer_and_result_is_kept() -> None:
    found = game('[Declarer "^s"]\n[Result "^05"]\n')
    assert (found.value("Declarer"), found.value("Result")) == ("^S", "^5")


def test_result_by_side_is_kept_in_upper_case() -> None:
    assert game('[Result "ns 9 ew 4"]\n').value("Result") == "NS 9 EW 4"


def test_board_number_loses_its_leading_zero() -> None:
    assert game('[Board "01"]\n').value("Board") == "1"


def test_question_mark_values_stay_unknown() -> None:
    found = game('[Dealer "?"]\n[Declarer "?"]\n[Contract "?"]\n[Result "?"]\n[Deal "?"]\n')
    assert {found.value(n) for n in ("Dealer", "Declarer", "Contract", "Result", "Deal")} == {"?"}


def test_quote_and_backslash_escapes_in_values_round_trip() -> None:
    found = game('[East "a\\"b\\\\c \\S d"]\n')
    assert found.value("East") == 'a"b\\c \\S d'
    # Only a backslash before a quote, a backslash or the end needs doubling on export.
    assert '[East "a\\"b\\c \\S d"]' in pbn.dumps(pbn.PbnFile((found,)))


def test_tag_split_over_lines_and_spaces_inside_brackets_are_read() -> None:
    assert game('[  Event\n   "x"\n ]\n').value("Event") == "x"


# --- deals -------------------------------------------------------------------------------

def test_deal_is_exported_from_the_dealer_with_ranks_descending() -> None:
    found = game('[Dealer "S"]\n[Deal "w:t2kq.AT.j6542.58 - 8654a.KQ5.T.QJT6 -"]\n')
    assert found.value("Deal") == "S:- KQT2.AT.J6542.85 - A8654.KQ5.T.QJT6"


@pytest.mark.parametrize("dealer", ["N", "E", "S", "W", "?"])
@pytest.mark.parametrize("first", [Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST])
def test_a_deal_in_export_form_from_another_seat_is_turned_to_the_dealer(
        first: Seat, dealer: str) -> None:
    """What ``dupbridge deal`` writes (North first, whoever deals, Law 2) is turned to the
    dealer by its hands as written; the same as reading it into a Deal and writing that."""
    deal = Deal.from_pbn(DEAL_N)
    written = deal.to_pbn(first)
    found = game(f'[Dealer "{dealer}"]\n[Deal "{written}"]\n').value("Deal")
    expected = deal.to_pbn(first if dealer == "?" else Seat.parse(dealer))
    assert found == expected


def test_a_deal_with_a_card_twice_in_export_form_is_still_an_error() -> None:
    with pytest.raises(ParseError, match="card SA is dealt twice"):
        pbn.loads('[Dealer "E"]\n[Deal "N:AKQJ.T98.765.432 AT98.765.432.KQJ '
                  '765.432.AKQJ.T98 432.AKQJ.T98.765"]\n')


def test_deal_with_suit_letters_repeated_and_ten_as_10_is_read() -> None:
    found = game('[Dealer "N"]\n[Deal "N:SAKQJ.HT98.D765.C432 S1098.H765.D432.CAKQJ '
                 '765.432.AKQJ.T98 432.AKQJ.T98.765"]\n')
    assert found.value("Deal") == DEAL_N


def test_deal_with_a_card_twice_is_a_positioned_error() -> None:
    with pytest.raises(ParseError) as raised:
        pbn.loads('[Event ""]\n[Deal "N:A... A... - -"]\n', source="x.pbn")
    assert str(raised.value).splitlines()[0] == "x.pbn:2:15: card SA is dealt twice (tag Deal)"


# --- comments, header, layout ------------------------------------------------------------

def test_comments_belong_to_the_tag_they_follow_and_to_the_game_before_its_first_tag() -> None:
    found = game('{before}\n[Event "e"] {after event} ; rest\n[Site "s"]\n')
    assert found.comments == (Comment("before"),)
    event = found.tag("Event")
    assert event is not None
    assert event.comments == (Comment("after event"), Comment(" rest", block=False))


def test_comment_inside_a_section_stays_in_place() -> None:
    assert section('[Auction "N"]\n1S {why} Pass AP\n', "Auction") == (
        "1S", "{why}", "Pass", "AP")


def test_empty_line_inside_a_block_comment_does_not_end_the_game() -> None:
    loaded = pbn.loads('[Event "a"]\n{one\n\ntwo}\n[Site "b"]\n')
    assert len(loaded.games) == 1
    assert loaded.games[0].value("Site") == "b"


def test_percent_lines_before_the_first_tag_are_the_header() -> None:
    loaded = pbn.loads('% PBN 2.0\n%Creator: x\n\n[Event "a"]\n%later\n')
    assert loaded.header == ("% PBN 2.1", "% EXPORT", "%Creator: x")
    event = loaded.games[0].tag("Event")
    assert event is not None and event.comments == (Comment("later", False, True),)


def test_crlf_cr_and_lf_files_read_the_same() -> None:
    text = '[Event "a"]\n[Site "b"]\n\n[Event "c"]\n'
    assert pbn.loads(text.replace("\n", "\r\n")) == pbn.loads(text.replace("\n", "\r")) \
        == pbn.loads(text)


def test_comment_without_closing_brace_ends_before_the_next_tag_line() -> None:
    loaded = pbn.loads('[West ""]\n{lost brace\n[West "X"]\n{ok}\n')
    assert loaded.games[0].value("West") == "X"
    assert [str(w).splitlines()[0] for w in loaded.warnings] == [
        "<string>:2:1: this comment has no '}': it ends before the tag on the next line",
        "<string>:3:1: tag West appears twice in this game; the later value is kept when it "
        "is not empty"]


def test_a_later_empty_duplicate_does_not_erase_the_value() -> None:
    assert game('[West "A"]\n[West ""]\n').value("West") == "A"


# --- inheritance -------------------------------------------------------------------------

def test_hash_copies_the_previous_game_and_hashhash_sets_following_games() -> None:
    loaded = pbn.loads('[Event "##Cup"]\n[Site "Here"]\n\n[Site "#"]\n\n[Board "3"]\n')
    values = [(g.value("Event"), g.value("Site")) for g in loaded.games]
    assert values == [("Cup", "Here"), ("Cup", "Here"), ("Cup", "?")]


def test_inheriting_the_deal_is_an_error() -> None:
    with pytest.raises(ParseError, match="Deal may not be inherited"):
        pbn.loads(f'[Deal "{DEAL_N}"]\n\n[Deal "#"]\n')


def test_game_without_board_and_deal_plays_the_previous_board() -> None:
    loaded = pbn.loads(f'[Board "7"]\n[Dealer "S"]\n[Deal "{DEAL_N}"]\n[Contract "3NT"]\n\n'
                       '[Contract "4S"]\n')
    second = loaded.games[1]
    assert (second.value("Board"), second.value("Dealer"), second.value("Contract")) == (
        "7", "S", "4S")
    assert second.value("Deal") == loaded.games[0].value("Deal")


# --- auction and play --------------------------------------------------------------------

def test_auction_tokens_are_normalised() -> None:
    assert section('[Auction "n"]\npass 1n x r\n2c! 3s=1= $12 ?!\nAP\n[Note "01:relay"]\n',
                   "Auction") == ("Pass", "1NT", "X", "XX", "2C", "$1", "3S", "=1=", "$12",
                                  "$6", "AP")


def test_note_text_is_kept_and_its_number_normalised() -> None:
    found = game('[Auction "N"]\n1C =1=\n[Note "01: 3+ !C"]\n')
    assert [t.value for t in found.tags if t.name == "Note"] == ["1: 3+ !C"]


def test_tab_separated_sections_and_placeholders() -> None:
    assert section('[Auction "E"]\n-\t1S\tPass\t\n*\n', "Auction") == ("-", "1S", "Pass", "*")


def test_irregularity_tokens_are_kept_as_section_tokens() -> None:
    text = ('[Dealer "N"]\n[Auction "W"]\n- ^S 1D ^I 1C\n4S ^i 3NT ^S ^S\nX 5H X AP\n'
            '[Play "W"]\nSK H3 S4 S3\nC5 C2 ^R S5 ^L CK\n*\n')
    found = game(text)
    auction, play = found.tag("Auction"), found.tag("Play")
    assert auction is not None and play is not None
    assert auction.section[:8] == ("-", "^S", "1D", "^I", "1C", "4S", "^I", "3NT")
    assert play.section[4:10] == ("C5", "C2", "^R", "S5", "^L", "CK")


def test_play_cards_are_upper_case_and_ten_is_t() -> None:
    assert section('[Play "N"]\nsa s10 s2 -- \n', "Play") == ("SA", "ST", "S2", "-")


@pytest.mark.parametrize(("text", "where", "what"), [
    ('[Auction "N"]\n1S Pass + Pass\n', "2:11", "expected only '-' or '*' after '+'"),
    ('[Auction "N"]\n1S Pass + +\n', "2:11", "expected one '+' only"),
    ('[Auction "N"]\n1S 8H\n', "2:4", "expected a call"),
    ('[Play "N"]\nSA $256\n', "2:4", "expected a NAG from $0 to $255"),
    ('[Auction "N"]\n1S * Pass\n', "2:6", "expected nothing after '*'"),
    ('[Dealer "N"] stray\n', "1:14", "expected a tag or an empty line after [Dealer]"),
    ('[Event x"]\n', "1:8", "expected '\"' to open the value of tag Event"),
    ('[Event "x]\n', "1:11", "expected '\"' to close the value of tag Event"),
    ('[Event "x"\n', "1:11", "expected ']' to close tag Event"),
    ('stray\n', "1:1", "expected a tag such as"),
    ('[Event "x"]\n{open\n', "2:1", "expected '}' to close this comment"),
])
def test_malformed_constructs_raise_positioned_errors(text: str, where: str, what: str) -> None:
    with pytest.raises(ParseError) as raised:
        pbn.loads(text, source="t.pbn")
    first = str(raised.value).splitlines()[0]
    assert first.startswith(f"t.pbn:{where}: {what}"), first


def test_lenient_reading_keeps_the_good_games_and_reports_the_bad_one() -> None:
    text = '[Event "a"]\n\n[Event "b"]\n[Auction "N"]\n1S 9S\n\n[Event "c"]\n'
    loaded = pbn.loads(text, source="m.pbn", strict=False)
    assert [g.value("Event") for g in loaded.games] == ["a", "c"]
    assert len(loaded.errors) == 1
    error = loaded.errors[0]
    assert isinstance(error, ParseError)
    assert (error.source, error.line, error.column) == ("m.pbn", 5, 4)


# --- tables ------------------------------------------------------------------------------

TABLE = ('[ScoreTable "-Rank\\3R;+Score_NS\\5R;Names\\6L;Pct"]\n'
         '1 500 "Ann" 99.4\n12 -50 "Bo" 3.1\n')


def test_table_cells_are_section_tokens_with_quotes_kept() -> None:
    assert section(TABLE, "ScoreTable") == ("1", "500", '"Ann"', "99.4", "12", "-50", '"Bo"',
                                            "3.1")


def test_table_is_exported_aligned_to_its_column_widths() -> None:
    text = pbn.dumps(pbn.loads(TABLE))
    assert '  1   500 "Ann"  99.4\n 12   -50 "Bo"   3.1\n' in text


def test_table_with_a_missing_cell_is_an_error() -> None:
    with pytest.raises(ParseError, match="expected 4 cells per row"):
        pbn.loads(TABLE.replace(" 3.1", ""))


def test_table_column_without_width_digits_is_an_error() -> None:
    with pytest.raises(ParseError, match="expected a column"):
        pbn.loads('[ActionTable "Rank;Call\\\\L"]\n')


# --- export format -----------------------------------------------------------------------

def test_export_writes_four_calls_per_line_one_trick_per_line_and_an_empty_line() -> None:
    text = ('[Dealer "N"]\n[Contract "1NT"]\n[Declarer "N"]\n'
            '[Auction "N"]\n1N =1= Pass Pass Pass\n[Note "1:strong"]\n'
            '[Play "E"]\nS2 S3 S4 S5 H2 H3 H4 H5\n')
    exported = pbn.dumps(pbn.loads(text))
    assert exported.endswith('[Auction "N"]\n1NT =1= Pass Pass Pass\n[Note "1:strong"]\n'
                             '[Play "E"]\nS2 S3 S4 S5\nH2 H3 H4 H5\n\n')
    assert exported.startswith('% PBN 2.1\n% EXPORT\n\n[Event "?"]\n')


def test_load_reads_utf8_with_bom_and_latin1_and_dump_writes_utf8(tmp_path: Path) -> None:
    (tmp_path / "bom.pbn").write_bytes('\ufeff[West "Zoë"]\r\n'.encode())
    (tmp_path / "latin.pbn").write_bytes('[West "Zoë"]\n'.encode("iso-8859-1"))
    bom, latin = pbn.load(tmp_path / "bom.pbn"), pbn.load(tmp_path / "latin.pbn")
    assert bom.games[0].value("West") == latin.games[0].value("West") == "Zoë"
    pbn.dump(bom, tmp_path / "out.pbn")
    assert pbn.load(tmp_path / "out.pbn") == bom
    assert '[West "Zoë"]'.encode() in (tmp_path / "out.pbn").read_bytes()


# --- typed reading and records -----------------------------------------------------------

PLAYED = (f'[Board "5"]\n[Dealer "N"]\n[Vulnerable "NS"]\n[Deal "{DEAL_N}"]\n'
          '[Declarer "S"]\n[Contract "4Sx"]\n[Result "10"]\n[Score "NS 590"]\n'
          '[Auction "N"]\n1S =1= Pass 4S X\nAP\n[Note "1:five cards"]\n'
          '[Play "W"]\nH2 HT H5 HA\nSA S8 S7 S4\n')


def test_typed_reading_of_a_game() -> None:
    found = game(PLAYED)
    assert records.board_number(found) == 5
    assert records.dealer(found) is Seat.NORTH
    assert records.vulnerability(found) is Vulnerability.NS
    assert records.deal(found) == Deal.from_pbn(DEAL_N)
    assert records.contract(found) == Contract.parse("4SX S")
    assert records.tricks(found) == 10


def test_auction_record_expands_all_pass_and_attaches_notes() -> None:
    calls = records.auction(game(PLAYED))
    assert calls == (RecordedCall(Call.parse("1S"), True, "five cards"),
                     RecordedCall(Call.parse("Pass")), RecordedCall(Call.parse("4S")),
                     RecordedCall(Call.parse("X")), RecordedCall(Call.parse("Pass")),
                     RecordedCall(Call.parse("Pass")), RecordedCall(Call.parse("Pass")))


def test_play_record_is_in_played_order_each_trick_from_its_winner() -> None:
    # Trick 1: W leads H2, N HT, E H5, S HA: South wins and leads SA; columns stay W N E S.
    assert records.play(game(PLAYED)) == tuple(Card.parse(c) for c in (
        "H2", "HT", "H5", "HA", "S4", "SA", "S8", "S7"))


def test_dealer_and_vulnerability_come_from_the_board_number_when_missing() -> None:
    found = game('[Board "6"]\n')
    assert (records.dealer(found), records.vulnerability(found)) == (Seat.EAST,
                                                                    Vulnerability.EW)


def test_record_round_trip_through_pbn() -> None:
    record = records.to_records(pbn.loads(PLAYED))[0]
    assert record.score_ns == 590 and record.tricks == 10 and len(record.play) == 8
    again = records.to_records(pbn.loads(pbn.dumps(pbn.from_records([record]))))
    assert again == [record]


def test_passed_out_record_writes_pass_and_empty_declarer() -> None:
    record = BoardRecord(board=1, dealer=Seat.NORTH, vulnerability=Vulnerability.NONE,
                         deal=Deal.from_pbn(DEAL_N), passed_out=True,
                         auction=tuple(RecordedCall(Call.parse("Pass")) for _ in range(4)))
    found = pbn.from_records([record]).games[0]
    assert (found.value("Contract"), found.value("Declarer"), found.value("Result")) == (
        "Pass", "", "")
    assert records.to_records(pbn.loads(pbn.dumps(pbn.from_records([record])))) == [record]
