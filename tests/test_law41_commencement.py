"""Law 41: commencement of play, both editions (North declarer in spades, East leads)."""

from __future__ import annotations

import pytest

from conftest import act, table_for
from dupbridge import Edition, Seat, Table
from dupbridge.core.errors import ActionRejected
from dupbridge.laws import law41_commencement
from dupbridge.laws.profiles import default_regulations, load_profile
from dupbridge.table.view import view

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def _table(edition: Edition) -> Table:
    table = table_for(edition)
    act(table, "N:1S E:P S:P W:P")
    return table


def test_law41A_face_down_unless_the_regulating_authority_says_otherwise(
    edition: Edition,
) -> None:
    assert law41_commencement.opening_lead_face_down(default_regulations(edition))
    assert law41_commencement.opening_lead_face_down(load_profile("aeb-2007"))


def test_law41B_leaders_partner_and_presumed_declarer_may_have_a_review(
    edition: Edition,
) -> None:
    table = _table(edition)
    table.request_review(W)  # the leader's partner
    table.request_review(N)  # the presumed declarer
    assert [item.law.clause for item in table.state.talk[-2:]] == ["41B", "41B"]
    with pytest.raises(ActionRejected):
        table.request_review(S)  # the presumed dummy may not


def test_law41B_during_play_only_at_first_turn(edition: Edition) -> None:
    table = _table(edition)
    table.play(E, "HA")
    with pytest.raises(ActionRejected):
        table.request_review(W)  # not his turn yet (dummy, South, plays next)
    table.play(S, "H2")
    table.request_review(W)  # his first turn to play
    table.play(W, "H5")
    table.play(N, "H8")
    with pytest.raises(ActionRejected):
        table.request_review(W)  # he has played: too late


def test_law41C_play_period_begins_when_the_lead_is_faced(edition: Edition) -> None:
    table = _table(edition)
    assert not law41_commencement.play_period_begun(table.state.play)
    table.play(E, "HA")
    assert law41_commencement.play_period_begun(table.state.play)
    with pytest.raises(ActionRejected):
        table.request_review(W)  # 41B's window closed: he waits for his first turn (20C2)


def test_law41D_dummy_spreads_once_the_lead_is_faced(edition: Edition) -> None:
    table = _table(edition)
    assert view(table.state, E).dummy is None
    assert law41_commencement.spread_dummy(table.state.play) is None
    table.play(E, "HA")
    assert law41_commencement.spread_dummy(table.state.play) is S
    shown = view(table.state, E).dummy
    assert shown is not None and len(shown) == 13
