"""A PBN game's Auction and Play replayed through the table engine and written back: the
irregularity tokens ^I ^S ^R ^L and ^ on Declarer / Result (PBN 2.1 §3.9), on games built
here and on real files."""

from __future__ import annotations

import contextlib

import pytest

from dupbridge import Call, Edition, LawRef, Seat
from dupbridge.core.errors import ParseError
from dupbridge.formats.pbn.model import Game, Tag
from dupbridge.formats.pbn.replay import (
    PbnResult,
    declarer_value,
    game_to_table,
    parse_result,
    table_to_game,
)
from dupbridge.laws.machinery.ruling import IrregularityKind
from dupbridge.table.state import CardRecord
from pbn_games import read_games
from shared_paths import REALDATA

DEAL = "N:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ"
PBN = REALDATA / "pbn"


def game(dealer: str, auction: str, play: str = "", leader: str = "",
         first: str = "") -> Game:
    """A game on the fixed deal; ``first`` is the Auction tag's first column."""
    tags = [Tag("Board", "1"), Tag("Dealer", dealer), Tag("Vulnerable", "None"),
            Tag("Deal", DEAL), Tag("Auction", first or dealer, tuple(auction.split()))]
    if play:
        tags.append(Tag("Play", leader, tuple(play.split())))
    return Game(tuple(tags))


def sections(g: Game) -> tuple[tuple[str, ...], ...]:
    return tuple(tag.section for tag in g.tags if tag.name in ("Auction", "Play"))


def round_trip(g: Game, edition: Edition = Edition.LAWS_2017) -> Game:
    return table_to_game(game_to_table(g, edition=edition), g.tags)


@pytest.fixture(params=list(Edition), ids=lambda e: e.value)
def edition(request: pytest.FixtureRequest) -> Edition:
    return request.param  # type: ignore[no-any-return]


# ^I: an insufficient bid accepted (27A1)


def test_law27A1_token_I_replays_an_accepted_insufficient_bid(edition: Edition) -> None:
    g = game("N", "1S ^I 1H Pass Pass Pass")
    table = game_to_table(g, edition=edition)
    assert str(table.state.current_auction) == "1S 1H Pass Pass Pass"
    assert str(table.state.contract) == "1H E"
    assert LawRef(edition, "27A1") in table.rulings[0].clauses
    assert table.rulings[0].decision.irregularity.kind is IrregularityKind.INSUFFICIENT_BID
    assert sections(round_trip(g, edition)) == sections(g)


def test_law27A1_token_I_is_written_before_an_insufficient_bid_the_table_accepted() -> None:
    from dupbridge import Board, Deal, Table
    table = Table(Board(1, Deal.from_pbn(DEAL)), edition=Edition.LAWS_2017)
    table.call("N", "1S")
    table.call("E", "1H")
    table.call("S", "2D")  # LHO calls over it: accepted (27A1)
    written = table_to_game(table, (Tag("Board", "1"),))
    assert written.value("Auction") == "N"
    assert written.tag("Auction").section == ("1S", "^I", "1H", "2D", "*")  # type: ignore[union-attr]


def test_law27A1_token_I_before_a_sufficient_bid_is_a_positioned_error() -> None:
    with pytest.raises(ParseError, match=r"\^I marks an irregularity the engine does not find") as info:
        game_to_table(game("N", "1S ^I 2H AP"))
    assert info.value.position == len("1S ^I ")  # at the 2H


# ^S: a call out of rotation accepted (29A), the skipped player's turn lost


def test_law29A_token_S_replays_an_accepted_call_out_of_rotation(edition: Edition) -> None:
    g = game("W", "^S 1H 2C Pass Pass Pass")
    table = game_to_table(g, edition=edition)
    [first, *_] = table.state.current_auction.calls
    assert (first.seat, first.call, first.deprived) == (Seat.NORTH, Call.parse("1H"),
                                                          (Seat.WEST,))
    assert LawRef(edition, "29A") in table.rulings[0].clauses
    assert str(table.state.contract) == "2C E"
    assert sections(round_trip(g, edition)) == sections(g)


def test_law29A_an_unmarked_call_out_of_rotation_is_a_positioned_error() -> None:
    with pytest.raises(ParseError, match=r"call out of rotation.*does not mark"):
        game_to_table(game("W", "- 1H 2C AP"))


# ^R: a revoke (61A), established by the play that follows (63A1)


REVOKE_PLAY = "HA H2 ^R CJ H8 HK - - - *"  # West holds hearts; columns E S W N


def test_law61A_token_R_replays_a_revoke_that_stands(edition: Edition) -> None:
    g = game("N", "1S AP", REVOKE_PLAY, "E")
    table = game_to_table(g, edition=edition)
    [revoke] = table.state.revokes
    entry = table.state.records[revoke.record]
    assert isinstance(entry, CardRecord) and (entry.seat, str(entry.card)) == (Seat.WEST, "CJ")
    assert table.result() is None  # the record stops in trick 2
    assert sections(round_trip(g, edition)) == sections(g)


def test_law61A_token_R_before_a_card_that_follows_suit_is_a_positioned_error() -> None:
    with pytest.raises(ParseError, match="finds no revoke") as info:
        game_to_table(game("N", "1S AP", "HA ^R H2 H5 H8 *", "E"))
    assert info.value.position == len("HA ^R ")


def test_law61A_an_unmarked_revoke_is_a_positioned_error() -> None:
    with pytest.raises(ParseError, match=r"does not mark with \^R"):
        game_to_table(game("N", "1S AP", "HA H2 CJ H8 *", "E"))


# ^L: a lead out of turn accepted (53A, 55A)


LEAD_PLAY = "HA H2 H5 H8 - - ^L CA - *"  # East won trick 1; West leads


def test_law53A_token_L_replays_an_accepted_lead_out_of_turn(edition: Edition) -> None:
    g = game("N", "1S AP", LEAD_PLAY, "E")
    table = game_to_table(g, edition=edition)
    assert [ruling.decision.irregularity.kind for ruling in table.rulings] == [
        IrregularityKind.LEAD_OUT_OF_TURN]
    assert table.turn is Seat.NORTH  # after West's lead, accepted
    assert sections(round_trip(g, edition)) == sections(g)


def test_law53A_without_token_L_the_leader_unknown_stops_the_table() -> None:
    """Columns do not say who led: without ^L the lead is the correct leader's (East, who
    won trick 1), and his card is unknown ("-"): the table stops there."""
    table = game_to_table(game("N", "1S AP", "HA H2 H5 H8 - - CA - *", "E"))
    assert table.turn is Seat.EAST
    assert table.rulings == ()
    assert len(table.state.records) == 8  # 4 calls, 4 cards


# ^ on Declarer: declarer spread his hand and became dummy (54A); ^ on Result: data


def correct_10_illegals() -> Game:
    games = [g for g in read_games(PBN / "pbn_reference_tests" / "correct_10.pbn")
             if g.value("Event") == "Test illegals"]
    assert len(games) == 1
    return games[0]


def test_pbn_reference_game_with_every_irregularity_token_round_trips() -> None:
    """correct_10.pbn "Test illegals": ^S twice, ^I twice, ^R twice, ^L, Declarer "^S"."""
    g = correct_10_illegals()
    table = game_to_table(g)
    auction = table.state.current_auction
    assert [s.deprived for s in auction.calls if s.deprived] == [(Seat.NORTH,),
                                                                 (Seat.EAST, Seat.SOUTH)]
    assert len(table.state.revokes) == 2
    assert table.state.play is not None and table.state.play.declarer is Seat.SOUTH
    assert str(table.state.contract) == "5HX N"  # the auction's declarer; South played it
    assert declarer_value(table.state) == g.value("Declarer") == "^S"
    assert sections(table_to_game(table, g.tags)) == sections(g)
    assert parse_result(g.value("Result")) == PbnResult(5, adjusted=True)


def test_parse_result_reads_tricks_and_the_adjusted_mark() -> None:
    assert parse_result("9") == PbnResult(9, adjusted=False)
    assert parse_result("^5") == PbnResult(5, adjusted=True)
    assert parse_result("") == PbnResult(None)
    assert parse_result("?") == PbnResult(None)


def test_eurobridge_etc99_board_with_declarer_swapped_replays_with_law54A_spread() -> None:
    [g] = [g for g in read_games(PBN / "eurobridge_etc99_A1A10101.PBN")
           if g.value("Declarer").startswith("^")]
    table = game_to_table(g)
    assert g.value("Declarer") == "^N" and declarer_value(table.state) == "^N"
    assert table.state.play is not None and table.state.play.declarer is Seat.NORTH
    assert sections(table_to_game(table, g.tags)) == sections(g)


# Real files: replay and write back; result where the game was played out


def normalised(tokens: tuple[str, ...]) -> tuple[str, ...]:
    """Calls in one spelling (PASS, pass, Pass; 2N, 2NT) and "--" as "-", so that what the
    reader keeps of a writer's spelling does not count as a difference of the replay."""
    out = []
    for token in tokens:
        word = "-" if token == "--" else token
        with contextlib.suppress(ParseError):
            word = str(Call.parse(word))
        out.append(word)
    return tuple(out)


# file: (games with an Auction, replayed and written back the same, played out, of which
# the table's result() equals the file's Result, revokes found)
# A play that stops early with a Result is a claim agreed (68A, 69A), so those games are
# complete too; eyc00's two revoke boards score with the Law 64 transfer the file's Result
# does not carry.
REAL_GAMES = {
    "eurobridge_eyc00_A1A10101.PBN": (40, 40, 40, 38, 2),
    "eurobridge_etc99_A1A10101.PBN": (40, 40, 40, 40, 0),
    "endplay_example2_realbridge2021.pbn": (279, 279, 278, 278, 0),
    "ben_bbohelper_free_super_sunday.pbn": (12, 12, 12, 12, 0),
    "pbntools_bbo_aba_17901_2021.pbn": (56, 56, 56, 56, 0),
    "endplay_example1_eyc1998.pbn": (2, 2, 2, 2, 0),
    "pbn_reference_tests/correct_10.pbn": (6, 6, 1, 1, 2),
}


@pytest.mark.parametrize("name", sorted(REAL_GAMES))
def test_real_games_replay_through_the_table_and_write_back_the_same_sections(
        name: str) -> None:
    counts = [0, 0, 0, 0, 0]
    for g in read_games(PBN / name):
        auction = g.tag("Auction")
        if auction is None or not auction.section:
            continue
        counts[0] += 1
        table = game_to_table(g, source=name)
        written = table_to_game(table, g.tags)
        counts[1] += all(normalised(a) == normalised(b)
                         for a, b in zip(sections(written), sections(g), strict=True))
        result = table.result()
        counts[4] += len(table.state.revokes)
        if result is not None and result.tricks is not None:
            counts[2] += 1
            counts[3] += parse_result(g.value("Result")).tricks == result.tricks
    assert tuple(counts) == REAL_GAMES[name]


def test_eurobridge_eyc00_real_revokes_are_replayed_with_token_R() -> None:
    revoked = [g for g in read_games(PBN / "eurobridge_eyc00_A1A10101.PBN")
               if "^R" in (g.tag("Play") or Tag("Play", "")).section]
    assert len(revoked) == 2
    for g in revoked:
        table = game_to_table(g)
        [revoke] = table.state.revokes
        assert revoke.record > 0
        assert sections(table_to_game(table, g.tags)) == sections(g)
