"""Law 64 after a claim or concession: the tricks it credits count as won after the revoke
trick (69A scores them as though won in play; spec laws-41-71 §4 [design])."""

from __future__ import annotations

from conftest import act, table_for
from dupbridge import Edition, Seat
from dupbridge.core.cards import Card
from dupbridge.core.edition import LawRef
from dupbridge.core.seats import Side
from dupbridge.laws.claims.law68_69_claims import Claim, credited_sides
from dupbridge.laws.play.law61_64_revokes import transfers
from dupbridge.laws.play.law61_revoke import Revoke
from dupbridge.rules.play import Trick
from dupbridge.table.events import ClaimAgreed, Claimed

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
NS, EW = Side.NS, Side.EW


def revoke(seat: Seat, trick: int) -> Revoke:
    return Revoke(trick * 10, seat, Card.parse("C2"), trick, LawRef(Edition.LAWS_2007, "44C"),
                  established=True)


def played(winners: str) -> tuple[Trick, ...]:
    cards = tuple(Card.parse(f"H{r}") for r in ("A", "2", "3", "4"))
    return tuple(Trick(Seat.parse(w), cards, None) for w in winners)


def test_law69A_credited_sides_of_a_settled_claim() -> None:
    made = Claim(N, 7, 10, credited=7)
    assert credited_sides(made) == (NS,) * 7 + (EW,) * 3
    assert credited_sides(Claim(W, 2, 4, credited=None)) == ()
    assert credited_sides(Claim(E, 0, 5, concession=True, credited=0)) == (NS,) * 5


def test_law64A2_a_conceded_trick_counts_as_won_by_the_offending_side(edition: Edition) -> None:
    # W revoked at trick 2, won by North; E-W won nothing later in play.
    without = transfers(edition, (revoke(W, 2),), played("ENN"))
    assert [(t.law.clause, t.tricks) for t in without] == [("64B1", 0)]
    (t,) = transfers(edition, (revoke(W, 2),), played("ENN"), (NS,) * 9 + (EW,))
    assert (t.law.clause, t.tricks) == ("64A2", 1)


def test_law64A1_offender_won_the_revoke_trick_a_claimed_trick_is_the_later_one(
        edition: Edition) -> None:
    # W won the revoke trick in play; his side is credited one trick of the claim.
    (alone,) = transfers(edition, (revoke(W, 3),), played("NNW"), (NS,) * 10)
    assert (alone.law.clause, alone.tricks) == ("64A1", 1)
    (t,) = transfers(edition, (revoke(W, 3),), played("NNW"), (NS,) * 9 + (EW,))
    assert (t.law.clause, t.tricks) == ("64A1", 2)


def test_law64A1_a_revoke_trick_in_progress_at_the_claim_was_won_by_no_hand(
        edition: Edition) -> None:
    # The revoke is in trick 4, still in progress when the claim credited it: 64A2 only.
    (t,) = transfers(edition, (revoke(W, 4),), played("NNW"), (EW,) * 2 + (NS,) * 8)
    assert (t.law.clause, t.tricks) == ("64A2", 1)
    (none,) = transfers(edition, (revoke(W, 4),), played("NNN"), (NS,) * 10)
    assert none.law.clause == "64B1"


def test_law64A_transfers_take_claimed_tricks_once(edition: Edition) -> None:
    # Two revokes by E-W, each due one trick (64A2), only one trick credited to E-W.
    found = transfers(edition, (revoke(W, 2), revoke(E, 3)), played("NNN"), (NS,) * 9 + (EW,))
    assert sorted(t.tricks for t in found) == [0, 1]


def test_law64A2_at_the_table_the_claimed_tricks_settle_the_transfer(edition: Edition) -> None:
    table = table_for(edition)
    act(table, "N:1S E:P S:P W:P")
    script = "E:HA S:H2 W:H5 N:H8 E:D2 S:DA W:CJ N:D5 S:DK W:D8 N:D6 E:D3"
    for token in script.split():
        seat, card = token.split(":")
        table.play(seat, card)
    table.apply(Claimed(N, 9))
    table.apply(ClaimAgreed(E))
    table.apply(ClaimAgreed(W))
    result = table.result()
    assert result is not None
    assert [(t.seat, t.law.clause, t.tricks) for t in result.transfers] == [(W, "64A2", 1)]
    assert result.tricks == 12
