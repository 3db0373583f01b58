"""2017 Law 36C: an inadmissible double or redouble nobody noticed until after the opening
lead is faced; the final contract is scored as if it had not been made (catalogue D-34,
erratum B-5). 2007 has no such rule: the Director's, under 84D and Law 12."""

from __future__ import annotations

import pytest

from conftest import act, auction_text, table_for
from dupbridge import Contract, Edition, LawRef, Seat, Table
from dupbridge.laws.auction.law36_inadmissible_double import scored_contract
from dupbridge.laws.machinery.ruling import ScoreWithout, StandCall
from dupbridge.rules.auction import Auction
from dupbridge.table.state import Phase, Status

FOUR_SPADES_DOWN_THREE = (  # 4S by N on the fixed deal, East on lead: one trick a line
    "E:HA S:H2 W:H5 N:H8  E:HK S:H3 W:H6 N:H9  E:HQ S:H4 W:H7 N:HT  E:C5 S:C8 W:CJ N:C2 "
    "W:CA N:C3 E:C6 S:C9  W:CK N:C4 E:C7 S:CT  W:CQ N:SJ E:D2 S:S5  N:SA E:S8 S:S6 W:S2 "
    "N:SK E:S9 S:S7 W:S3  N:SQ E:ST S:DJ W:S4  N:D5 E:D3 S:DA W:D8  S:DK W:D9 N:D6 E:D4 "
    "S:DQ W:DT N:D7 E:HJ"
)
THREE_NT_DOWN_FOUR = (  # 3NT by N, East on lead
    "E:HA S:H2 W:H5 N:H8  E:HK S:H3 W:H6 N:H9  E:HQ S:H4 W:H7 N:HT  E:HJ S:C8 W:D8 N:C2 "
    "E:C5 S:C9 W:CJ N:C3  W:CA N:C4 E:C6 S:CT  W:CK N:D5 E:C7 S:S5  W:CQ N:D6 E:D2 S:S6 "
    "W:S2 N:SA E:S8 S:S7  N:SK E:S9 S:DJ W:S3  N:SQ E:ST S:DQ W:S4  N:SJ E:D3 S:DK W:D9 "
    "N:D7 E:D4 S:DA W:DT"
)


def play(table: Table, script: str) -> None:
    for token in script.split():
        seat, card = token.split(":")
        table.play(seat, card)


def unnoticed_double_of_four_spades(edition: Edition) -> Table:
    """D-34: N 4S, E P, S doubles his partner's 4S; nobody notices; all pass."""
    table = table_for(edition)
    act(table, "N:4S E:P S:X")
    table.choose("unnoticed", by="Director")
    act(table, "W:P N:P E:P")
    return table


def test_law36C_unnoticed_is_the_directors_option_beside_36B(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:4S E:P S:X")
    pending = table.pending
    assert pending is not None
    assert [(o.id, o.chosen_by) for o in pending.options] == [
        ("rectify", "Director"), ("unnoticed", "Director")]
    unnoticed = pending.option("unnoticed")
    assert unnoticed is not None
    if edition is Edition.LAWS_2017:
        # 35A sends the double to Law 36 (the ruling says why), 36C scores it
        assert unnoticed.clauses == (LawRef(edition, "35A"), LawRef(edition, "36C"))
        assert ScoreWithout(LawRef(edition, "36C"), (2,)) in unnoticed.effects
    else:  # 2007: no 36C, nothing changes the score
        assert unnoticed.clauses == (LawRef(edition, "35-1"), LawRef(edition, "84D"))
        assert not any(isinstance(effect, ScoreWithout) for effect in unnoticed.effects)


def test_law36C_the_double_stands_for_the_auction_and_the_play(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:4S E:P S:X")
    table.choose("unnoticed")
    assert auction_text(table) == "4S Pass X"
    assert table.turn is Seat.WEST and table.restrictions == ()
    assert table.state.records[2].status is Status.STANDING
    assert table.state.lead_restrictions == () and table.state.information == ()
    act(table, "W:P N:P E:P")
    assert str(table.state.contract) == "4SX N"  # as played: declarer and trumps unchanged
    assert table.phase is Phase.PLAY and table.turn is Seat.EAST


def test_law36C_2017_scored_undoubled_after_full_play() -> None:
    """D-34: the board is played in 4S doubled and scored as 4S undoubled."""
    table = unnoticed_double_of_four_spades(Edition.LAWS_2017)
    play(table, FOUR_SPADES_DOWN_THREE)
    result = table.result()
    assert result is not None and table.phase is Phase.COMPLETE
    assert str(table.state.contract) == "4SX N"
    assert str(result.contract) == "4S N" and result.tricks == 7
    assert result.score_ns == -150  # undoubled, down three, not vulnerable (doubled: -500)
    assert LawRef(Edition.LAWS_2017, "36C") in result.rulings[-1].clauses
    assert result.reviews == ()


def test_law36_2007_no_36C_table_score_stands_for_the_directors_review() -> None:
    """D-34, 2007: not covered; the double stands, 4SX is scored as played, and the Director
    reviews under 84D whether to adjust (Law 12)."""
    table = unnoticed_double_of_four_spades(Edition.LAWS_2007)
    play(table, FOUR_SPADES_DOWN_THREE)
    result = table.result()
    assert result is not None
    assert str(result.contract) == "4SX N" and result.score_ns == -500
    assert [str(review.law) for review in result.reviews] == ["2007 Law 84D"]
    assert all(ref.clause != "36C" for ruling in result.rulings for ref in ruling.clauses)


def test_law36C_2017_legal_double_stays_when_the_inadmissible_redouble_goes() -> None:
    """Erratum B-5: 3NT X P XX(inadmissible) P P P is scored doubled, not undoubled."""
    table = table_for(Edition.LAWS_2017)
    act(table, "N:3NT E:X S:P W:XX")
    table.choose("unnoticed")
    act(table, "N:P E:P S:P")
    assert str(table.state.contract) == "3NTXX N"
    play(table, THREE_NT_DOWN_FOUR)
    result = table.result()
    assert result is not None
    assert str(result.contract) == "3NTX N" and result.tricks == 5 and result.score_ns == -800


def test_law36C_2017_a_redouble_of_the_inadmissible_double_goes_too() -> None:
    """West's redouble of South's inadmissible double stands by Law 19B1 as the auction
    stood, but only the double made it possible: scored without both (erratum B-5)."""
    table = table_for(Edition.LAWS_2017)
    act(table, "N:4S E:P S:X")
    table.choose("unnoticed")
    act(table, "W:XX")
    assert table.pending is None  # a redouble of an opponent's double: nothing to rule
    act(table, "N:P E:P S:P")
    assert str(table.state.contract) == "4SXX N"
    play(table, FOUR_SPADES_DOWN_THREE)
    result = table.result()
    assert result is not None
    assert str(result.contract) == "4S N" and result.score_ns == -150


def test_law36C_2017_a_later_legal_redouble_stands_on_the_legal_double() -> None:
    """N 1S, E X, S P, W X (1S is already doubled: 19A1, unnoticed), N XX (of West's double,
    legal as the auction stood); then all pass. Without West's double, North's redouble is
    of East's legal double: still scored redoubled."""
    table = table_for(Edition.LAWS_2017)
    act(table, "N:1S E:X S:P W:X")
    table.choose("unnoticed")
    act(table, "N:XX E:P S:P W:P")
    assert table.pending is None
    while table.turn is not None:
        table.play(table.turn, sorted(table.legal_cards())[0])
    result = table.result()
    assert result is not None and str(result.contract) == "1SXX N"


@pytest.mark.parametrize(("auction", "without", "scored"), [
    ("4S P X P P P", {2}, "4S N"),  # D-34
    ("3NT X P XX P P P", {3}, "3NTX N"),  # B-5: the legal double stays
    ("4S P X XX P P P", {2}, "4S N"),  # a redouble of the inadmissible double goes with it
    ("1S X P X XX P P P", {3}, "1SXX N"),  # the redouble stands on East's legal double
    ("1S P X 2H P P P", {2}, "2H W"),  # superseded: nothing to take out of the score
])
def test_law36C_2017_scored_contract_recomputed_from_the_standing_calls(
        auction: str, without: set[int], scored: str) -> None:
    played = Auction.parse(Seat.NORTH, auction)
    contract = played.contract()
    assert contract is not None
    assert scored_contract(contract, played.calls, without) == Contract.parse(scored)


def test_law36C_2017_the_choice_is_recorded_in_the_ruling_and_replays() -> None:
    table = unnoticed_double_of_four_spades(Edition.LAWS_2017)
    ruling = table.rulings[-1]
    assert ruling.option is not None and ruling.option.id == "unnoticed"
    assert ruling.chosen_by == "Director"
    assert StandCall(LawRef(Edition.LAWS_2017, "36C"), 2) in ruling.effects
    play(table, FOUR_SPADES_DOWN_THREE)
    replayed = Table.replay(table.board, table.events, edition=Edition.LAWS_2017)
    assert replayed.result() == table.result()
