"""Double-dummy analysis checked against the values other programs wrote: DDS's own test
lists (tables, dealer par, the solved opening lead, a traced play) and BridgeComposer's
tags in real hand records. ``DUPBRIDGE_DD_ALL=1`` checks every board instead of a few."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dupbridge.analysis import DDTable, Position, card_values, dd_table, par, side_total, solve
from dupbridge.analysis.dds import value_after
from dupbridge.analysis.position import parse_position_key
from dupbridge.core.calls import Denomination
from dupbridge.core.cards import Card, Rank, Suit
from dupbridge.core.deal import Deal
from dupbridge.core.seats import Seat, Side, Vulnerability
from dupbridge.formats import dds_lists, pbn
from dupbridge.formats.dds_lists import DDS_STRAINS, DdsDeal
from dupbridge.formats.pbn import records
from dupbridge.formats.pbn.optimum import read_double_dummy_tricks, read_optimum_score
from shared_paths import REALDATA

ALL = os.environ.get("DUPBRIDGE_DD_ALL") == "1"
DDS_LIST = REALDATA / "tables" / "dds_hands" / "list10.txt"
CAMROSE = REALDATA / "pbn" / "ben_Camrose24_1_handrecord_dd.pbn"
ROBOT_MATCH = REALDATA / "pbn" / "ben_nov22_match_bad_duplicate_tags.pbn"
_DDS_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


@cache
def dds_deals() -> list[DdsDeal]:
    return dds_lists.load(DDS_LIST)


def _some(items: list[int], few: int) -> list[int]:
    return items if ALL else items[:few]


@pytest.mark.parametrize("number", _some(list(range(10)), 3))
def test_dd_table_equals_the_dds_test_list(number: int) -> None:
    case = dds_deals()[number]
    table = dd_table(case.deal)
    assert {(d, s): table.tricks(d, s) for d, s in case.tricks} == case.tricks


def _dds_par_text(contract: str) -> str:
    """DDS's ``4S*-EW-1`` as BridgeComposer's ``EW 4SX-1``."""
    head, who, *rest = contract.split("-")
    result = f"-{rest[0]}" if rest else ""
    if "+" in who:
        who, over = who.split("+")
        result = f"+{over}"
    return f"{who} {head.replace('*', 'X')}{result or '='}"


@pytest.mark.parametrize("number", _some(list(range(10)), 4))
def test_par_is_dds_dealer_par(number: int) -> None:
    case = dds_deals()[number]
    found = par(dd_table(case.deal), case.vulnerability, case.dealer)
    score, *contracts = case.dealer_par
    assert found.score == int(score)
    assert sorted(str(c) for c in found.contracts) == sorted(map(_dds_par_text, contracts))


def _fut_values(future: str) -> dict[Card, int]:
    numbers = [int(word) for word in future.split()[1:]]
    count = numbers[0]
    suits, ranks, equals, scores = (numbers[1 + i * count:1 + (i + 1) * count]
                                    for i in range(4))
    values = {}
    for suit, rank, equal, score in zip(suits, ranks, equals, scores, strict=True):
        for each in range(2, 15):
            if each == rank or equal >> each & 1:
                values[Card(_DDS_SUITS[suit], Rank(each))] = score
    return values


def _opening(number: int) -> Position:
    """The position FUT and TRACE start from: the PBN line's trump and first hand, which
    the reader does not keep."""
    lines = [raw for raw in DDS_LIST.read_text().splitlines() if raw.startswith("PBN")]
    _, _, _, trump, first, _ = lines[number].split(maxsplit=5)
    return Position.from_deal(dds_deals()[number].deal, DDS_STRAINS[int(trump)],
                              Seat(int(first)))


@pytest.mark.parametrize("number", _some(list(range(10)), 3))
def test_card_values_of_the_opening_lead_equal_dds_futures(number: int) -> None:
    case = dds_deals()[number]
    position = _opening(number)
    values = card_values(position)
    assert values == _fut_values(case.future)
    assert solve(position) == max(values.values())


@pytest.mark.parametrize("number", _some(list(range(10)), 1))
def test_solve_mid_trick_follows_the_dds_play_trace(number: int) -> None:
    """TRACE gives declarer's double-dummy tricks before the play and after each card:
    the trick in progress, with one to three cards played to it, included."""
    case = dds_deals()[number]
    position = _opening(number)
    declarer = position.leader.rho
    played = case.play.split('"')[1]
    trace = [int(word) for word in case.trace.split()[2:]]
    assert side_total(position, declarer.side) == trace[0]
    for index in range(0, len(played), 2):
        position = position.play(Card.parse(played[index:index + 2]))
        assert side_total(position, declarer.side) == trace[index // 2 + 1], index // 2


def _games_with_par(path: object, few: int) -> list[pbn.model.Game]:
    games = [game for game in pbn.load(path, strict=False).games  # type: ignore[arg-type]
             if game.value("ParContract")]
    return games if ALL else games[:few]


@pytest.mark.parametrize("game", _games_with_par(CAMROSE, 3) + _games_with_par(ROBOT_MATCH, 4),
                         ids=lambda game: f"board{game.value('Board')}")
def test_table_and_par_equal_bridgecomposer_tags(game: pbn.model.Game) -> None:
    deal = records.deal(game)
    assert deal is not None
    table = dd_table(deal)
    assert dict(((d, s), n) for d, s, n in table.cells()) == read_double_dummy_tricks(
        game.value("DoubleDummyTricks"))
    dealer = Seat.parse(game.value("Dealer"))
    found = par(table, Vulnerability.parse(game.value("Vulnerable")), dealer)
    assert found.score == read_optimum_score(game.value("OptimumScore"))
    assert str(found) == game.value("ParContract")


def _games_without_par(path: object, few: int) -> list[pbn.model.Game]:
    games = [game for game in pbn.load(path).games  # type: ignore[arg-type]
             if game.value("DoubleDummyTricks") and not game.value("ParContract")]
    return games if ALL else games[:few]


@pytest.mark.parametrize("game", _games_without_par(CAMROSE, 2),
                         ids=lambda game: f"board{game.value('Board')}")
def test_dd_table_equals_bridgecomposers_where_it_writes_1_for_every_failing_contract(
        game: pbn.model.Game) -> None:
    """Boards 33-160 of the Camrose file were exported showing making contracts only:
    every cell where declarer takes fewer than 7 tricks reads 1."""
    deal = records.deal(game)
    assert deal is not None
    theirs = read_double_dummy_tricks(game.value("DoubleDummyTricks"))
    for denomination, seat, tricks in dd_table(deal).cells():
        assert theirs[(denomination, seat)] == (tricks if tricks >= 7 else 1), (
            denomination, seat)


def test_par_of_a_table_where_nobody_makes_seven_tricks_is_passed_out() -> None:
    found = par(DDTable((6,) * 20), Vulnerability.NONE, Seat.NORTH)
    assert found.contracts == () and found.score == 0 and str(found) == "Pass"
    assert found.side is None and found.side_score() == 0


def test_card_values_agree_with_playing_each_card_and_solving_on() -> None:
    deal = dds_deals()[1].deal
    position = Position.from_deal(deal, Denomination.HEARTS, Seat.EAST)
    for card in ("HA", "H2", "D3"):
        if position.turn is not None and Card.parse(card) in position.legal_cards():
            position = position.play(Card.parse(card))
    values = card_values(position)
    assert set(values) == set(position.legal_cards())
    for card, value in values.items():
        assert value == value_after(position, card, solve)
    assert max(values.values()) == solve(position)


def test_last_trick_and_forced_cards() -> None:
    position = Position.from_pbn("N:A... K... 2... 3...", "NT", "N")
    assert solve(position) == 1 and card_values(position) == {Card.parse("SA"): 1}
    after = position.play(Card.parse("SA"))
    assert after.turn is Seat.EAST and solve(after) == 0
    done = after.play(Card.parse("SK")).play(Card.parse("S2")).play(Card.parse("S3"))
    assert done.is_over and done.won == (1, 0) and solve(done) == 0
    assert side_total(done, Side.NS) == 1


def test_position_rules() -> None:
    position = Position.from_pbn("N:AK... Q2... J3... T4...", "S", "N", won=(5, 6))
    assert position.tricks_left == 2 and position.turn is Seat.NORTH
    led = position.play(Card.parse("SA"))
    assert led.turn is Seat.EAST and led.legal_cards() == {Card.parse("SQ"), Card.parse("S2")}
    with pytest.raises(ValueError, match="not a legal card"):
        led.play(Card.parse("HA"))
    with pytest.raises(ValueError, match="consistent number"):
        Position.from_pbn("N:AK... Q... J3... T4...", "S", "N")
    with pytest.raises(ValueError, match="exceed 13"):
        Position.from_pbn("N:AK... Q2... J3... T4...", "S", "N", won=(6, 6))
    assert parse_position_key(led.key()) == led.__class__(led.hands, led.trump, led.leader,
                                                          led.trick)


def test_law44E_a_trump_wins_the_trick_and_its_winner_leads() -> None:
    position = Position.from_pbn("N:A2... .32.. K4... Q5...", "H", "N")
    after = position.play(Card.parse("SA")).play(Card.parse("H3"))
    after = after.play(Card.parse("SK")).play(Card.parse("SQ"))
    assert after.leader is Seat.EAST and after.won == (0, 1) and after.trick == ()


def test_importing_dupbridge_its_table_engine_formats_and_help_never_loads_endplay() -> None:
    code = ("import sys, dupbridge, dupbridge.table, dupbridge.formats, dupbridge.analysis;"
            "from dupbridge.formats import pbn, lin, usebio;"
            "from dupbridge.analysis import DDTable, Position, solve;"
            "import dupbridge.cli.main;"
            "print(sorted(m for m in sys.modules if m.startswith('endplay')))")
    output = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True).stdout
    assert output.strip() == "[]"
    helped = subprocess.run(
        [sys.executable, "-c", "import sys; sys.argv=['dupbridge','--help'];"
         "import dupbridge.cli.main as m\ntry: m.main()\nexcept SystemExit: pass\n"
         "print('ENDPLAY' if any(k.startswith('endplay') for k in sys.modules) else 'CLEAN')"],
        capture_output=True, text=True, check=True).stdout
    assert helped.strip().endswith("CLEAN")


@settings(max_examples=40)
@given(seed=st.integers(0, 10**9), cards=st.integers(0, 52))
def test_law44_positions_reached_by_legal_play_are_valid_and_keep_every_card(
        seed: int, cards: int) -> None:
    rng = random.Random(seed)
    position = Position.from_deal(Deal.random(rng), rng.choice(list(Denomination)),
                                  rng.choice(list(Seat)))
    for _ in range(cards):
        position = position.play(rng.choice(sorted(position.legal_cards())))
    # The checked constructor accepts what play() built without checking.
    again = Position(position.hands, position.trump, position.leader, position.trick,
                     position.won)
    assert again == position
    restored = parse_position_key(position.key())
    assert (restored.hands, restored.trump, restored.leader, restored.trick) == (
        position.hands, position.trump, position.leader, position.trick)
    held = sum(len(hand) for hand in position.hands) + len(position.trick)
    assert held + 4 * sum(position.won) == 52
    assert position.tricks_left == 13 - sum(position.won)
