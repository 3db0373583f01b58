"""Acceptance property for Law 64: random deals, random play with random revokes and
random attention drawn; the final trick count never leaves 0..13 and equals an
independent reading of Law 64 written here (not calling ``transfers``)."""

from __future__ import annotations

from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from dupbridge import Board, Deal, Edition, Side, Table
from dupbridge.core.errors import ActionRejected
from dupbridge.laws.play.law61_revoke import Revoke
from dupbridge.rules.play import Trick


def law64_by_hand(edition: Edition, revokes: tuple[Revoke, ...], tricks: tuple[Trick, ...],
                  declarer_side: Side) -> int:
    """Tricks moved to declarer's side (negative: from it), read from Law 64 directly."""
    def settled(r: Revoke) -> bool:
        return (r.established and not r.corrected) or r.forced

    if edition is Edition.LAWS_2007:
        revoking_sides = {r.seat.side for r in revokes}
    else:
        revoking_sides = {r.seat.side for r in revokes if r.established and not r.corrected}
    demands: list[tuple[Revoke, int]] = []
    for r in revokes:
        if not settled(r) or r.late or r.trick == 12 or len(revoking_sides) == 2:
            continue  # 64B4, 64B5, 64B6, 64B7
        if r.penalty_card or r.dummy or (edition is Edition.LAWS_2007 and r.faced):
            continue  # 64B3
        led = tricks[r.trick - 1].suit_led
        if any(o.seat is r.seat and o.record < r.record and tricks[o.trick - 1].suit_led is led
               and (edition is Edition.LAWS_2007 or settled(o)) for o in revokes):
            continue  # 64B2
        from_revoke_on = [t.winner for t in tricks[r.trick - 1:]]
        side_won = [w for w in from_revoke_on if w.side is r.seat.side]
        if not side_won:
            continue  # 64B1
        count = 1
        if from_revoke_on[0] is r.seat and len(side_won) > 1:
            count = 2  # 64A1: his own trick and a later one of his side
        demands.append((r, count))
    moved = 0
    for side in (Side.NS, Side.EW):
        # A trick is transferred once: the most a side can give is a minimum cut over the
        # suffixes of the play (tricks it won from trick k on, plus the demands of revokes
        # before k): the max-flow / min-cut reading of "each trick once".
        mine = [(r.trick, count) for r, count in demands if r.seat.side is side]
        given = min(sum(1 for t in tricks[k - 1:] if t.winner.side is side)
                    + sum(count for trick, count in mine if trick < k) for k in range(1, 15))
        moved += -given if side is declarer_side else given
    return moved


def drive(table: Table, rng: Random, revoke_rate: float, attention_rate: float) -> None:
    """Play to the end: sometimes a revoke, sometimes attention drawn, every decision
    settled with the Director's defaults and the first option."""
    steps = 0
    while table.turn is not None or table.pending is not None:
        steps += 1
        assert steps < 400
        pending = table.pending
        if pending is not None:
            if pending.open_questions:
                table.accept_defaults()
            else:
                table.choose(pending.options[0].id)
            continue
        state = table.state
        play = state.play
        assert play is not None
        unnoticed = [r for r in state.revokes if not r.noticed and not r.corrected]
        if unnoticed and rng.random() < attention_rate:
            table.draw_attention(play.declarer.lho)
            continue
        seat = table.turn
        assert seat is not None
        legal = sorted(table.legal_cards(), key=lambda c: c.index)
        others = sorted(set(play.hand(seat)) - set(legal), key=lambda c: c.index)
        card = rng.choice(others) if others and rng.random() < revoke_rate else rng.choice(legal)
        try:
            table.play(seat, card)
        except ActionRejected:
            table.play(seat, rng.choice(legal))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), edition=st.sampled_from(list(Edition)),
       strain=st.sampled_from(["S", "H", "D", "C", "NT"]),
       revoke_rate=st.sampled_from([0.0, 0.1, 0.3]),
       attention_rate=st.sampled_from([0.0, 0.2, 0.6]),
       late=st.sampled_from(["", "next-board", "round-ended"]))
def test_law64A_transfers_match_an_independent_reading(
        seed: int, edition: Edition, strain: str, revoke_rate: float, attention_rate: float,
        late: str) -> None:
    rng = Random(seed)
    table = Table(Board(1, Deal.random(rng)), edition=edition)
    for call in (f"1{strain}", "P", "P", "P"):
        table.call(table.turn, call)  # type: ignore[arg-type]
    drive(table, rng, revoke_rate, attention_rate)
    state = table.state
    if late and any(not r.noticed and not r.corrected for r in state.revokes):
        table.draw_attention(state.play.declarer.lho, late=late)  # type: ignore[union-attr]
        state = table.state
    result = table.result()
    assert result is not None and result.tricks is not None and state.play is not None
    played = state.play.declarer_tricks
    moved = law64_by_hand(edition, state.revokes, state.play.tricks,
                          state.play.declarer.side)
    assert result.tricks == played + moved
    assert 0 <= result.tricks <= 13
    declarer_side = state.play.declarer.side
    for side in (Side.NS, Side.EW):
        lost = sum(t.tricks for t in result.transfers if t.seat.side is side)
        won = played if side is declarer_side else 13 - played
        assert lost <= won  # a side never gives more tricks than it won
