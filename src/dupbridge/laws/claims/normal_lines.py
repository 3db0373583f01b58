"""What a claimer's side may "normally" play (Law 70 and its footnote; spec §5.4-5.9).

Normal play includes the careless and the inferior for the class of player involved, never
the irrational. This module holds the vocabulary of the model: the Director's answers that
shape it (``NormalPlay``), the classes of the taxonomy each card of the search is tagged
with (``PlayClass``), and the Regulating Authority's order within a suit (70E2,
``SuitOrder``). The search itself is ``claim_search``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from dupbridge.core.cards import Card
from dupbridge.core.messages import N_, Msg, msg
from dupbridge.core.seats import Seat
from dupbridge.laws.machinery.profiles import Regulations


class SuitOrder(Enum):
    """70E2: the order in which a claimer is deemed to play a suit his statement leaves
    open (spec §5.6; "top-down" is undefined in the laws, so both readings are offered)."""

    NONE = "none"  # no order: every order within the suit is normal (FFB)
    EACH_HAND = "top-down-each-hand"  # T1: each hand of the side plays its highest card
    LEAD = "top-down-lead"  # T2: the leader leads his highest, partner follows low unless
    #                          he must overtake to win a trick the led card cannot win

    @classmethod
    def from_profile(cls, value: str) -> SuitOrder:
        """The profile option ``claim_suit_order``: ``top-down`` (AEB) is read as T1."""
        return cls.EACH_HAND if value == "top-down" else cls(value)

    @property
    def reading(self) -> Msg:
        """The reading in the Director's words (70E2's answer as she reads it)."""
        return _READINGS[self]


def claim_suit_order(regulations: Regulations) -> SuitOrder:
    """70E2: the order the Regulating Authority deems a suit played in (profile key
    ``claim_suit_order``)."""
    return SuitOrder.from_profile(str(regulations.option("claim_suit_order")))


_READINGS = {
    SuitOrder.NONE: msg("no order: any card of the suit first"),
    SuitOrder.EACH_HAND: msg("from the top, each hand its highest card"),
    SuitOrder.LEAD: msg("from the top of the hand that leads, partner low"),
}


class PlayClass(Enum):
    """The normal-play taxonomy (spec §5.9): why a card of the claimer's side is normal."""

    STATED = N_("stated in the claim")
    AFTER_CLAIM = N_("played after the claim (2007 70D3: evidence)")
    ROUTINE = N_("wins with the lowest card sure to win")
    RA_ORDER = N_("the Regulating Authority's order within the suit (70E2)")
    SUIT_ORDER = N_("careless: suits cashed in any order")
    TRUMP_LEFT_OUT = N_("careless: the outstanding trump not drawn (70C)")
    ANY_END = N_("careless: a suit played from either end (no order set, 70E2)")
    OVERTAKE = N_("careless: overtaking, or winning in the wrong hand")
    DUCK = N_("careless: not overtaking partner's card")
    GUESS = N_("inferior: a guess or an unstated finesse (70E1)")
    LOW_RUFF = N_("careless: ruffing low into a possible overruff")
    WINNER_DISCARD = N_("careless: a winner discarded")
    VOID_LEAD = N_("careless: a lead of a suit partner has shown out of (70D2)")
    FOLLOW = N_("following suit")
    DISCARD = N_("a discard")
    OPPONENT = N_("any legal card of an opponent (70A: doubtful points against the claimer)")

    @property
    def questionable(self) -> bool:
        """A careless or inferior class: the Director may rule such a card not normal."""
        return self in _QUESTIONABLE


_QUESTIONABLE = frozenset({PlayClass.SUIT_ORDER, PlayClass.TRUMP_LEFT_OUT, PlayClass.ANY_END,
                           PlayClass.OVERTAKE, PlayClass.DUCK, PlayClass.GUESS,
                           PlayClass.LOW_RUFF, PlayClass.WINNER_DISCARD,
                           PlayClass.VOID_LEAD})


@dataclass(frozen=True, slots=True)
class Move:
    """One card of a line: who played it, at which trick of the ending (1-based), and why
    it is normal (or an opponent's)."""

    seat: Seat
    card: Card
    trick: int
    play_class: PlayClass


@dataclass(frozen=True, slots=True)
class NormalPlay:
    """The Director's answers that shape the claimer's normal lines.

    ``trump_unaware`` (70C2): it is at all likely the claimer forgot an outstanding trump,
    so lines that leave it out are normal (default yes, the low threshold of "at all
    likely"); otherwise he draws it whenever he leads and can.
    ``located`` (2007 70E1, the "irrational" exception): not taking the winning line would
    be irrational, so the claimer plays as if he knew where the opponents' cards are.
    ``excluded``: cards the Director ruled not normal for this claimer (J70N), each as
    (trick of the ending, seat, card)."""

    order: SuitOrder = SuitOrder.NONE
    trump_unaware: bool = True
    located: bool = False
    excluded: frozenset[tuple[int, Seat, Card]] = frozenset()
