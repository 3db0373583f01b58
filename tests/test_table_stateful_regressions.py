"""Sequences the stateful test found (tests/test_table_stateful.py), each shrunk by hand
to the few actions that matter and named after the clauses involved.

Fixed deal (tests/conftest.py), North declares 1S, East leads, South is dummy:
N AKQJ.T98.765.432  E T98.AKQJ.432.765  S 765.432.AKQJ.T98  W 432.765.T98.AKQJ
"""

from __future__ import annotations

import pytest

from conftest import act, table_for
from dupbridge import ActionRejected, Card, Edition, Seat, Table
from dupbridge.core.calls import PASS, Bid, Denomination
from dupbridge.table.events import CardOmitted
from dupbridge.table.state import CallRecord, CardRecord, Status

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def cards(text: str) -> set[Card]:
    return {Card.parse(c) for c in text.split()}


def declared(edition: Edition) -> Table:
    table = table_for(edition)
    act(table, "N:1S E:P S:P W:P")
    return table


def west_passed_over(edition: Edition, dropped: str | None = None) -> Table:
    """Trick 1: East leads the HA, dummy the H2; West (after dropping ``dropped``, a
    penalty card) is passed over and North plays the H8: attention is drawn before the
    next trick (67A1): West owes a heart."""
    table = declared(edition)
    table.play("E", "HA")
    table.play("S", "H2")
    if dropped is not None:
        table.expose("W", dropped, "dropped")
        table.accept_defaults()
        table.choose("penalty-card")
    table.apply(CardOmitted(W))
    table.play("N", "H8")
    table.draw_attention(N)
    (defect,) = table.state.defects
    assert defect.ruling == "67A1"
    return table


def test_law67A1_law50D1_penalty_card_supplied_to_a_defective_trick_is_played(
        edition: Edition) -> None:
    """The stateful test: "penalty card D7 not in E's hand". A penalty card supplied to a
    defective trick (67A1) has left the hand: it is played, no longer a penalty card."""
    table = west_passed_over(edition, dropped="H7")
    assert [(pc.seat, pc.card) for pc in table.state.penalty_cards] == [(W, Card.parse("H7"))]
    table.play("W", "H7")
    assert table.state.penalty_cards == ()
    play = table.state.play
    assert play is not None and play.tricks[0].card_of(W) == Card.parse("H7")
    assert not play.holds(W, Card.parse("H7"))


def test_law67A1_the_owed_card_is_one_he_can_legally_play_both_editions(
        edition: Edition) -> None:
    """The stateful test: "Law 67A1: South must supply one of DJ, D9" was rejected while
    the model expected a revoke. 67A1 (both editions: a card he can legally play) is the
    Director's rectification: the offender supplies one of the cards it allows, and the
    table offers only those; another card is refused, nothing recorded."""
    table = west_passed_over(edition)
    assert table.turn is E  # East won trick 1 and leads; West's card is owed first
    events = table.events
    with pytest.raises(ActionRejected, match="67A1"):
        table.play("W", "D8")
    assert table.events == events
    table.play("W", "H5")
    assert table.state.defects[0].ruling == "done"


def test_law67A1_owed_card_played_out_of_rotation_is_no_card_out_of_turn(
        edition: Edition) -> None:
    """The stateful test: a "card out of turn" left no pending decision. The player who
    owes a card to a defective trick supplies it out of rotation by nature: his card is
    that one, placed in the defective trick, not a lead or play out of turn (53-57)."""
    table = west_passed_over(edition)
    play = table.state.play
    assert play is not None and play.next_to_play is E
    table.play("W", "H6")
    assert table.pending is None
    entry = table.state.records[-1]
    assert isinstance(entry, CardRecord) and entry.status is Status.STANDING
    assert entry.law is not None and entry.law.clause == "67A1" and entry.trick == 1


def test_law9B2_law67A1_no_owed_card_while_the_director_rules_on_another_matter(
        edition: Edition) -> None:
    """A card owed to a defective trick waits, like any action, while another decision is
    pending (9B2): the table refuses it and records nothing."""
    table = west_passed_over(edition)
    table.call("S", "2C")  # a call after the auction: the Director is to rule (Law 39)
    assert table.pending is not None
    events = table.events
    with pytest.raises(ActionRejected):
        table.play("W", "H6")
    assert table.events == events


def test_law62A_law67A1_omission_replayed_at_the_offenders_own_turn(edition: Edition) -> None:
    """The stateful test (card conservation): North revokes, East is passed over and owes a
    card (67A1), then North's revoke is corrected (62A). The trick is in progress again
    before East's turn: he is passed over no more, owes nothing, and plays at his turn
    (before, the replay passed over whoever was next: North)."""
    table = declared(edition)
    for seat, card in (("E", "C5"), ("S", "C8"), ("W", "CA"), ("N", "C2"),
                       ("W", "D8"), ("N", "H8")):  # North revokes: he holds diamonds
        table.play(seat, card)
    revoke = len(table.state.records) - 1
    table.apply(CardOmitted(E))
    table.draw_attention(W, revoke)  # the Director finds the defective trick first
    assert table.state.defects[0].ruling == "67A1"
    table.draw_attention(W, revoke)
    table.choose("correct")
    play = table.state.play
    assert play is not None and play.next_to_play is N and table.turn is N
    assert play.current_trick.omitted is None  # East has not been passed over yet
    assert set(table.legal_cards()) == cards("D7 D6 D5")
    table.play("N", "D7")
    assert table.turn is E  # his turn has come: he plays it, passed over no more
    table.play("E", "D4")
    assert table.pending is None
    play = table.state.play
    assert play is not None and play.current_trick.omitted is None
    assert play.current_trick.card_of(E) == Card.parse("D4")
    assert play.current_trick.card_of(N) == Card.parse("D7")
    table.play("S", "DA")
    assert len(play.tricks) + 1 == len(table.state.play.tricks)  # type: ignore[union-attr]
    assert table.state.play.tricks[-1].omitted is None  # type: ignore[union-attr]


def test_law31A1_law24B_offender_required_to_pass_since_need_not_repeat(
        edition: Edition) -> None:
    """Seeded walk 2924: South bids out of rotation at East's turn, cancelled (31A); then
    North exposes an honour during the auction, so South must pass at his next turn (24B).
    East passes: the obligation to pass comes first (catalogue §19 Q1), so South's pass is
    the call the table offers and it stands (it was ruled a breach of 31A1, the bar being
    read from the time of the call out of rotation)."""
    table = table_for(edition, "E")
    table.call("S", "2NT")
    table.choose("cancel")
    table.play("N", "SK")  # Law 24: a card exposed during the auction
    table.accept_defaults()
    table.choose("rectify")
    table.call("E", "P")
    assert table.turn is S and table.legal_calls().as_tuple() == (PASS,)
    table.call("S", "P")
    assert table.pending is None
    assert table.state.records[-1] == CallRecord(S, PASS, Status.STANDING)


def test_law31A1_law38C_substituted_pass_obliges_the_offender_to_repeat(
        edition: Edition) -> None:
    """Seeded walks 1321, 2563: West bids out of rotation at South's turn, cancelled
    (31A). South's bid of more than seven becomes a pass (38C): his right-hand opponent has
    passed, so West must repeat his call (31A1). The table knows it at once and offers only
    that call (it offered every call, then ruled the one made a breach)."""
    table = table_for(edition)
    act(table, "N:P E:P")
    table.call("W", "1H")
    table.choose("cancel")
    table.call("S", "8C")
    table.choose("rectify")
    assert table.turn is W
    assert table.legal_calls().as_tuple() == (Bid(1, Denomination.HEARTS),)
    table.call("W", "1H")
    assert table.pending is None
    assert str(table.state.current_auction).endswith("Pass 1H")


def test_law44B_law60C_law62C1_held_card_goes_back_with_the_cards_after_the_revoke(
        edition: Edition) -> None:
    """Seeded walks 339, 1481: a card held while the Director ruled (60C) is recorded
    before the card it follows in the trick. East leads out of turn, West (his partner)
    plays before the ruling, South accepts the lead by playing (60A) and revokes. When the
    revoke is corrected (62A), West's card, played after South's (44B), goes back to his
    hand too (62C1), rather than being replayed as South's card."""
    table = declared(edition)
    for seat, card in (("E", "C5"), ("S", "C8"), ("W", "CA"), ("N", "C2")):
        table.play(seat, card)
    table.play("E", "HA")  # West is on lead
    table.play("W", "H5")  # held (60C)
    table.play("S", "DA")  # accepts the lead (60A1) and revokes: he holds hearts
    play = table.state.play
    assert play is not None
    trick = play.current_trick
    assert (trick.card_of(S), trick.card_of(W)) == (Card.parse("DA"), Card.parse("H5"))
    revoke = len(table.state.records) - 1
    table.draw_attention(E, revoke)
    table.choose("correct")
    play = table.state.play
    assert play is not None and play.current_trick.cards == (Card.parse("HA"),)
    assert play.next_to_play is S
    assert play.holds(W, Card.parse("H5")) and play.holds(S, Card.parse("DA"))


def test_law44B_a_card_is_played_only_by_the_player_next_in_rotation() -> None:
    """``Play.with_card`` credits a card to the player next in rotation (44B): another
    seat's card is refused, not put in his place."""
    table = declared(Edition.LAWS_2017)
    play = table.state.play
    assert play is not None and play.next_to_play is E
    with pytest.raises(ValueError, match="South"):
        play.with_card(S, Card.parse("C8"))


def test_law44B_law9B2_law62C1_cards_after_a_corrected_revoke_replayed_in_rotation(
        edition: Edition) -> None:
    """Seeded walks 339, 1481, the other way round (ported from the first fix of those
    walks): West leads out of turn at East's turn; East plays before the ruling (9B2),
    North accepts the lead by playing to it and revokes, and dummy plays after him. The
    record holds West, East, North, South; the trick West, North, East, South. Correcting
    North's revoke (62A) replays the play: each card at its player's turn (44B), none in
    another seat's place; the cards after the revoke in the trick (East's, dummy's) are
    back in their hands (62C1)."""
    table = declared(edition)
    for seat, card in (("E", "HA"), ("S", "H2"), ("W", "H5"), ("N", "H8")):
        table.play(seat, card)
    assert table.turn is E
    table.play("W", "CA")  # lead out of turn
    assert table.pending is not None
    table.play("E", "C7")  # before the ruling
    table.play("N", "HT")  # accepts the lead; a revoke: North holds clubs
    play = table.state.play
    assert play is not None and play.current_trick.card_of(E) == Card.parse("C7")
    table.play("S", "C8")
    revoke = next(i for i, r in enumerate(table.state.records)
                  if isinstance(r, CardRecord) and r.card == Card.parse("HT"))
    table.draw_attention(E, revoke)
    table.choose("correct")
    play = table.state.play
    assert play is not None and len(play.tricks) == 1
    assert play.current_trick.cards == (Card.parse("CA"),)
    assert play.next_to_play is N and table.turn is N
    assert play.holds(E, Card.parse("C7")) and play.holds(N, Card.parse("HT"))
    assert play.holds(S, Card.parse("C8"))
    assert set(table.legal_cards()) == cards("C4 C3 C2")


def test_law31A1_law38C_substituted_pass_at_the_first_turn_obliges_the_offender_to_repeat(
        edition: Edition) -> None:
    """As the seeded walks 1321, 2563, at the very first call of the auction (ported
    from the first fix of those walks): East bids 1H out of rotation at dealer North's
    turn, cancelled (31A); North's bid of more than seven becomes a pass (38C), so East's
    right-hand opponent has passed and East must repeat 1H (31A1): the only call offered,
    and it stands."""
    table = table_for(edition)
    table.call("E", "1H")
    table.choose("cancel")
    table.call("N", "8C")
    table.choose("rectify")
    assert str(table.state.current_auction) == "Pass"
    assert table.turn is E
    assert table.legal_calls().as_tuple() == (Bid(1, Denomination.HEARTS),)
    table.call("E", "1H")
    assert table.pending is None
    assert str(table.state.current_auction) == "Pass 1H"


@pytest.mark.parametrize("edition", [Edition.LAWS_2007, Edition.LAWS_2017])
def test_law36_law84D_opening_double_of_nothing_then_three_passes_is_no_contract(
        edition: Edition) -> None:
    """The stateful test (2007, board 1): North's first call is X, inadmissible with
    nothing to double; the option `unnoticed` (84D: the call stands) was offered and
    chosen, three passes followed, and the table went on to the play though the auction
    'X Pass Pass Pass' was not over. No option lets such a call stand (either edition);
    the Director rectifies (36B), and four passes pass the board out (Law 22)."""
    table = table_for(edition, "N")
    table.call("N", "X")
    pending = table.pending
    assert pending is not None and [o.id for o in pending.options] == ["rectify"]
    events = table.events
    with pytest.raises(ActionRejected, match="unnoticed"):
        table.choose("unnoticed")
    assert table.events == events  # nothing recorded
    table.choose("rectify")
    assert table.turn is N and str(table.state.current_auction) == ""
    act(table, "N:P E:P S:P")
    assert table.state.play is None and not table.state.current_auction.is_over
    assert table.turn is W and table.result() is None
    act(table, "W:P")
    result = table.result()
    assert result is not None and result.passed_out


def test_law31A1_two_bids_out_of_rotation_by_one_player_the_later_is_repeated() -> None:
    """The soak (2017, board 1): East bid 2H, then 1S, out of rotation at North's turn,
    each cancelled (29B, Law 31); North passed and both 31A1 obligations fell due at once:
    the table offered East no call at all. One call is repeated: the later one."""
    table = table_for(Edition.LAWS_2017, "N")
    table.call("E", "2H")
    table.choose("cancel", S)
    table.call("E", "1S")
    table.choose("cancel", S)
    table.call("N", "P")
    assert table.turn is E
    assert [(bar.kind.name, str(bar.call)) for bar in table.restrictions if bar.seat is E] \
        == [("REPEAT", "1S")]
    assert table.legal_calls().as_tuple() == (Bid(1, Denomination.SPADES),)
    table.call("E", "1S")  # repeated: no rectification (31A1)
    assert table.pending is None and table.restrictions == ()
    assert str(table.state.current_auction) == "Pass 1S"
