"""PBN play-section irregularity tokens: ^R (revoke), ^L (lead out of turn)."""

from __future__ import annotations

from conftest import act, table_for
from dupbridge import Edition
from dupbridge.table.irregularity_tokens import card_tokens, play_rows


def test_law61A_pbn_token_R_before_a_revoke_card(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:1S E:P S:P W:P")
    for seat, card in (("E", "HA"), ("S", "H2"), ("W", "CJ"), ("N", "H8"), ("E", "HK")):
        table.play(seat, card)
    assert list(card_tokens(table.state).values()) == [("^R",)]
    assert play_rows(table.state) == ("HA H2 ^R CJ H8", "HK - - -")


def test_law53A_pbn_token_L_before_an_accepted_lead_out_of_turn(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:1S E:P S:P W:P")
    table.play("E", "HA")
    for seat, card in (("S", "H2"), ("W", "H5"), ("N", "H8")):
        table.play(seat, card)
    table.play("W", "CA")  # East won: West's lead is out of turn
    pending = table.pending
    assert pending is not None
    table.choose("accept")
    assert ("^L",) in card_tokens(table.state).values()
    assert play_rows(table.state)[1] == "- - ^L CA -"  # columns E S W N
