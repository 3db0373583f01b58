"""Law 70D1: the claimer's stated line binds the adjudication: a crossruff, a squeeze, an
entry to a hand, a trick conceded to a named card, "finesse the queen" beside "finesse
against the king", each followed by the worst normal line on a small ending."""

from __future__ import annotations

from dupbridge.core.cards import CardSet, Suit
from dupbridge.core.seats import Seat
from dupbridge.laws.claims.normal_lines import NormalPlay
from dupbridge.laws.claims.position import Ending
from dupbridge.laws.claims.search import adjudication_value
from dupbridge.laws.claims.statement import parse_statement

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def value(hands: str, statement: str = "", trump: Suit | None = None) -> int:
    """V(P) for South (declarer) on lead; ``hands``: PBN hands N E S W."""
    sets = tuple(CardSet.from_pbn(hand) for hand in hands.split())
    ending = Ending((sets[0], sets[1], sets[2], sets[3]), trump, S, S, S)
    found = adjudication_value(ending, parse_statement(statement), NormalPlay())
    assert found.decided
    return found.tricks


FINESSE = "AQ...2 .A.A.3 2...AK K3...4"  # the SK with West, before dummy's AQ
FINESSE_OFFSIDE = "AQ...2 K3...4 2...AK .A.A.3"  # the SK with East, after it
CROSSRUFF = "QJ...32 .AK..AK T9.32.. .QJ..QJ"  # N void in hearts, S void in clubs
ENTRY = ".A.AKQ. .KQJ..A .2..432 ..2.KQJ"  # S on lead, dummy's diamonds need the HA
SQUEEZE = "AQ.2.. ..543. 2.Q..A KJ.K.."  # W guards spades and hearts; CA squeezes
DRIVE = "K2.AK.. A3.32.. QJ.QJ.. 54.54.."  # the SA to drive out: 3 tricks


def test_law70D1_finesse_the_queen_is_the_finesse_with_the_queen() -> None:
    assert value(FINESSE) == 2  # 70E1: unstated, not given
    for said in ("finesse SQ", "finesse against SK", "finesse spades",
                 "finesse against SK with W"):
        assert value(FINESSE, said) == 3, said


def test_law70D1_the_stated_finesse_is_taken_when_it_loses() -> None:
    """The claimer is held to his finesse: with the SK after dummy's AQ it loses."""
    assert value(FINESSE_OFFSIDE, "finesse SQ") == 2
    assert value(FINESSE_OFFSIDE, "finesse against SK") == 2


def test_law70D1_a_crossruff_is_followed_not_trumps_led_against_it() -> None:
    assert value(CROSSRUFF, "all high", Suit.SPADES) < 4  # a trump lead wastes two
    assert value(CROSSRUFF, "crossruff", Suit.SPADES) == 4


def test_law70D1_an_entry_to_dummy_is_taken_first() -> None:
    assert value(ENTRY) < 4
    assert value(ENTRY, "entry H dummy") == 4
    assert value(ENTRY, "entry H N; cash diamonds") == 4


def test_law70D1_a_squeeze_cashes_the_winners_and_keeps_the_threats() -> None:
    assert value(SQUEEZE) < 3  # a careless discard of the SQ, or the HQ led first
    assert value(SQUEEZE, "squeeze SQ HQ") == 3


def test_law70D1_a_trick_lost_to_a_named_card_drives_it_out() -> None:
    for said in ("lose SA", "concede to SA"):
        sets = tuple(CardSet.from_pbn(hand) for hand in DRIVE.split())
        ending = Ending((sets[0], sets[1], sets[2], sets[3]), None, S, S, S)
        found = adjudication_value(ending, parse_statement(said), NormalPlay())
        assert found.tricks == 3
        assert str(found.line[0].card)[0] == "S"  # spades first, the SA driven out


def test_law70D1_a_finesse_said_without_its_suit_finds_the_tenace() -> None:
    for said in ("finesse Q", "finesse against K", "finesse"):
        assert value(FINESSE, said) == 3, said
    assert value(FINESSE_OFFSIDE, "finesse Q") == 2


def test_law70D1_a_ruff_in_dummy_names_the_hand_not_the_seat() -> None:
    assert value(CROSSRUFF, "ruff hearts in dummy; ruff clubs in hand", Suit.SPADES) \
        >= value(CROSSRUFF, "all high", Suit.SPADES)


def test_law70D1_a_finesse_against_a_card_the_side_holds_is_a_finesse_with_it() -> None:
    """"L'impasse à la dame", "impasse a la dama": the preposition varies; against the
    side's own queen it can only mean finessing with it."""
    assert value(FINESSE, "finesse against Q") == 3
    assert value(FINESSE, "finesse against SQ") == 3
