"""Law 64 from the facts: a revoke settled without the play being replayed card by card.

At a club the Director is called at the end of the hand and learns what happened from the
players: who revoked, on which trick, who won that trick, how many tricks the offending side
won afterwards. Those facts are all Law 64 reads, so the transfer (64A) or the clause that
excludes it (64B) follows from them, as the table engine finds it from the cards played
(``law61_64_revokes.transfers``). One revoke per board here: several revokes (64B2, 64B7)
need the play itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from dupbridge.core.edition import Edition
from dupbridge.core.messages import N_, msg
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat
from dupbridge.laws.machinery.clauses import LAWS_2007, LAWS_2017, ref
from dupbridge.laws.play.law61_64_revokes import Transfer
from dupbridge.laws.play.law61_revoke import NEXT_BOARD, ROUND_ENDED


class FacedCard(Enum):
    """What the revoker failed to play, when it lay face up on the table (64B3)."""

    NONE = N_("a card of his concealed hand")
    DUMMY = N_("a card of dummy")
    PENALTY_CARD = N_("a penalty card")
    HAND_FACED = N_("a card of a hand faced on the table")


@dataclass(frozen=True, slots=True)
class RevokeFacts:
    """A revoke as the Director learns it: ``seat`` revoked on ``trick`` (1-12), ``winner``
    won that trick, and the offending side won ``won_later`` tricks after it. ``faced``: the
    card not played lay face up (64B3); ``late``: attention was first drawn after a call on
    the next board (``next-board``, 64B4) or after the round (``round-ended``, 64B5)."""

    seat: Seat
    trick: int
    winner: Seat
    won_later: int
    faced: FacedCard = FacedCard.NONE
    late: str = ""

    def __post_init__(self) -> None:
        if not 1 <= self.trick <= 12:
            raise ValueError(msg("a revoke is made on trick 1 to 12, not {trick}",
                                 trick=self.trick))
        if not 0 <= self.won_later <= 13 - self.trick:
            raise ValueError(msg("after trick {trick} there are {left} tricks: the offending "
                                 "side won 0 to {left} of them", trick=self.trick,
                                 left=13 - self.trick))
        if self.late not in ("", NEXT_BOARD, ROUND_ENDED):
            raise ValueError(f"late is '', {NEXT_BOARD!r} or {ROUND_ENDED!r}, not {self.late!r}")

    @property
    def won_from_revoke_trick(self) -> int:
        """Tricks the offending side won from the revoke trick on: what 64A may transfer."""
        return self.won_later + (self.winner.side is self.seat.side)


@law("64A1", title="Offending player won the revoke trick: that trick and one more")
@law("64A2", title="Offending side won the revoke trick or a later one: one trick")
@law("64B1", title="Offending side won neither the revoke trick nor a later one")
@law("64B3", title="Failure to play a faced card (2007) / a penalty card or dummy's (2017)")
@law("64B4", title="Attention first drawn after a call on the next board")
@law("64B5", title="Attention first drawn after the round ended")
@law("64B6", title="A revoke on the twelfth trick")
def transfer_from_facts(edition: Edition, facts: RevokeFacts) -> Transfer:
    """The Law 64 settlement of one established revoke: the tricks transferred to the
    non-offending side (64A), or 0 with the 64B clause that excludes the transfer."""
    exception = _exception(edition, facts)
    if exception is not None:
        return Transfer(-1, facts.seat, facts.trick, 0, ref(edition, exception))
    if facts.winner is facts.seat:
        return Transfer(-1, facts.seat, facts.trick, 1 + (facts.won_later > 0),
                        ref(edition, "64A1"))
    return Transfer(-1, facts.seat, facts.trick, 1, ref(edition, "64A2"))


def _exception(edition: Edition, facts: RevokeFacts) -> str | None:
    if facts.late == NEXT_BOARD:
        return "64B4"
    if facts.late == ROUND_ENDED:
        return "64B5"
    if facts.faced in _EXCLUDED[edition]:
        return "64B3"
    if facts.trick == 12:
        return "64B6"
    if facts.won_from_revoke_trick == 0:
        return "64B1"
    return None


_EXCLUDED = {
    # 2007 64B3: any card faced on the table; 2017 64B3: a penalty card or a card of dummy.
    Edition.LAWS_2007: (FacedCard.DUMMY, FacedCard.PENALTY_CARD, FacedCard.HAND_FACED),
    Edition.LAWS_2017: (FacedCard.DUMMY, FacedCard.PENALTY_CARD),
}

__all__ = ["LAWS_2007", "LAWS_2017", "FacedCard", "RevokeFacts", "transfer_from_facts"]
