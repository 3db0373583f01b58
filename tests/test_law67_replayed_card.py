"""Law 67 at the table, the last forms: a second card seen and noticed in time (67A2 ->
58B2) and a card not kept with the quitted tricks and played again (2017 67B3)."""

from __future__ import annotations

import pytest

from conftest import act, table_for
from dupbridge import Edition, Seat
from dupbridge.core.cards import Card
from dupbridge.core.errors import ActionRejected
from dupbridge.notation.play_steps import DefectStep, PlayGrammarError, parse_play_line
from dupbridge.table.events import CardReplayed, ExtraCardPlayed
from dupbridge.table.state import CardRecord, Status
from dupbridge.table.table import Table

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST

# Fixed deal, 1S by North: diamonds won in dummy, East's HA wins trick 5, hearts to trick 7,
# North ruffs trick 8 and leads the SA to trick 9.
TO_TRICK_9 = ("E:D2 S:DA W:D8 N:D5 S:DK W:D9 N:D6 E:D3 S:DQ W:DT N:D7 E:D4 S:DJ W:CJ N:C2 E:C5 "
              "S:H2 W:H5 N:H8 E:HA E:HK S:H3 W:H6 N:H9 E:HQ S:H4 W:H7 N:HT E:HJ S:S5 W:S2 N:SJ "
              "N:SA")
HA = Card.parse("HA")


def _played(table: Table, script: str) -> None:
    for token in script.split():
        seat, card = token.split(":")
        table.play(seat, card)


def _replayed_at_trick_9(edition: Edition) -> Table:
    table = table_for(edition)
    act(table, "N:1S E:P S:P W:P")
    _played(table, TO_TRICK_9)
    table.apply(CardReplayed(E, 9, HA))
    return table


def _cards_accounted(table: Table) -> int:
    """Hands plus the cards of the quitted tricks and the trick in progress, each card once:
    a card played again is the same card as in its first trick."""
    play = table.state.play
    assert play is not None
    seen: set[Card] = set()
    for trick in (*play.tricks, play.current_trick):
        seen.update(trick.cards)
    return sum(len(play.hand(seat)) for seat in Seat) + len(seen)


def test_law67A2_seen_second_card_noticed_in_time_is_a_penalty_card(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:1S E:P S:P W:P")
    table.play(E, "C5")
    table.apply(ExtraCardPlayed(E, Card.parse("C6"), exposed=True))
    table.draw_attention(S)
    assert [r.law.clause for r in table.state.reviews] == ["67A2", "58B2"]
    assert [(p.seat, str(p.card)) for p in table.state.penalty_cards] == [(E, "C6")]
    assert table.state.play.holds(E, Card.parse("C6"))  # type: ignore[union-attr]


def test_law67B3_2017_card_played_again_stays_in_its_first_trick() -> None:
    table = _replayed_at_trick_9(Edition.LAWS_2017)
    play = table.state.play
    assert play is not None
    assert play.tricks[4].card_of(E) == HA and play.tricks[4].winner is E
    assert play.current_trick.card_of(E) == HA and play.next_to_play is S
    assert len(play.hand(E)) == 5  # a card too many: 13 - 8 played
    entry = table.state.records[-1]
    assert isinstance(entry, CardRecord) and entry.trick == 9 and entry.card == HA
    assert _cards_accounted(table) == 52


def test_law67B3_2017_noticed_while_the_trick_is_in_progress_the_play_is_corrected() -> None:
    table = _replayed_at_trick_9(Edition.LAWS_2017)
    table.draw_attention(N)
    play = table.state.play
    assert play is not None and play.next_to_play is E
    assert play.tricks[4].card_of(E) == HA and play.current_trick.card_of(E) is None
    assert [r.law.clause for r in table.state.reviews] == ["67B3"]
    assert table.state.adjustments == ()
    assert set(table.legal_cards()) == {Card.parse(c) for c in ("ST", "S9", "S8")}
    replay = table.state.records[-1]
    assert isinstance(replay, CardRecord) and replay.status is Status.RETURNED


def test_law67B3_2017_too_late_to_correct_an_adjusted_score() -> None:
    table = _replayed_at_trick_9(Edition.LAWS_2017)
    _played(table, "S:S6 W:S3 N:SK E:S9 S:S7 W:S4")
    table.draw_attention(N)
    assert [a.law.clause for a in table.state.adjustments] == ["67B3"]
    assert table.state.adjustments[0].played
    play = table.state.play
    assert play is not None and play.tricks[8].card_of(E) == HA  # trick 9 stands
    assert _cards_accounted(table) == 52


def test_law67_2007_card_played_again_no_clause_a_12A1_review_when_too_late() -> None:
    table = _replayed_at_trick_9(Edition.LAWS_2007)
    _played(table, "S:S6 W:S3")
    table.draw_attention(N)
    assert [r.law.clause for r in table.state.reviews] == ["67", "12A1"]
    assert table.state.adjustments == ()


def test_law67B3_a_card_not_played_before_cannot_be_played_again(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:1S E:P S:P W:P")
    _played(table, TO_TRICK_9)
    with pytest.raises(ActionRejected):
        table.apply(CardReplayed(E, 9, Card.parse("HT")))  # North's card
    with pytest.raises(ActionRejected):
        table.apply(CardReplayed(S, 9, Card.parse("DA")))  # not South's turn
    with pytest.raises(ActionRejected):
        table.apply(CardReplayed(E, 8, HA))  # trick 9 is in progress


def test_law67B3_case_line_replay() -> None:
    assert parse_play_line(["replay", "E", "9", "HA"]) == DefectStep(CardReplayed(E, 9, HA))
    for words in (["replay", "E", "HA"], ["replay", "E", "nine", "HA"], ["replay", "E", "9"]):
        with pytest.raises(PlayGrammarError):
            parse_play_line(words)
