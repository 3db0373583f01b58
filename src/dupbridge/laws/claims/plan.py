"""The claimer's statement as the plan the claim search follows (Law 70D1: the stated line
binds, and what it leaves open goes against the claimer, 70A).

``claim_plan`` sorts the steps of a ``Statement`` by what they constrain: the cards played
in order (``exact``), the steps that choose the suit the side leads (``leads``, in the
order stated: the first that applies at a lead is followed), the ruffs, the cards a
stated finesse places, the cards played for the drop and the squeeze's threat cards kept.
The rules for the finesses, the entries and the squeeze, on the bit masks of a search
node, are here too (``finesse_card``, ``tenace_hand``), so that ``search_node`` only asks.
"""

from __future__ import annotations

from dataclasses import dataclass

from dupbridge.core.cards import SUIT_MASKS
from dupbridge.core.registry import law
from dupbridge.laws.claims.holdings import card_indexes
from dupbridge.laws.claims.statement import (
    Cash,
    Concede,
    DrawTrumps,
    Drop,
    Entry,
    Exact,
    Finesse,
    FinesseWith,
    Ruff,
    Squeeze,
    Statement,
    Step,
    SuitOrderStep,
)

LeadStep = Cash | DrawTrumps | SuitOrderStep | Entry | FinesseWith | Finesse | Concede | \
    Squeeze | Ruff


@dataclass(slots=True)
class Plan:
    exact: tuple[int, ...]
    leads: tuple[LeadStep, ...]
    ruffs: tuple[Ruff, ...]
    located: dict[int, int]  # card index -> seat it is played for (stated finesse)
    drops: int  # mask of cards the claimer plays for the drop (never finesses against)
    kept: int  # mask of the squeeze's threat cards (not discarded while another card can go)
    card_specific: bool
    finesses: tuple[FinesseWith | Finesse, ...] = ()  # the stated finesses, in order


def _leads_step(step: Step) -> bool:
    if isinstance(step, Cash | DrawTrumps | SuitOrderStep | Entry | FinesseWith | Squeeze):
        return True
    if isinstance(step, Finesse):
        return step.through is None
    if isinstance(step, Concede):
        return step.card is not None
    return isinstance(step, Ruff) and step.suit is None and step.hand is None  # crossruff


def claim_plan(statement: Statement) -> Plan:
    """The statement's steps sorted by what they constrain in the search."""
    exact: list[int] = []
    leads: list[LeadStep] = []
    ruffs: list[Ruff] = []
    located: dict[int, int] = {}
    drops = kept = 0
    for step in statement.steps:
        if isinstance(step, Exact):
            exact.extend(card.index for card in step.cards)
            continue
        if _leads_step(step):
            assert not isinstance(step, Exact | Drop)
            leads.append(step)  # type: ignore[arg-type]
        if isinstance(step, Ruff):
            ruffs.append(step)
        elif isinstance(step, Finesse) and step.through is not None:
            located[step.card.index] = int(step.through)
        elif isinstance(step, Drop):
            drops |= (1 << 52) - 1 if step.card is None else step.card.bit
        elif isinstance(step, Squeeze):
            for card in step.kept:
                kept |= card.bit
    specific = bool(exact or located or drops or kept or any(
        (isinstance(s, Cash) and s.cards) or isinstance(s, Finesse | Concede)
        or (isinstance(s, FinesseWith) and (s.card, s.rank, s.against) != (None, None, None))
        for s in leads))
    finesses = tuple(s for s in leads if isinstance(s, FinesseWith | Finesse))
    return Plan(tuple(exact), tuple(leads), tuple(ruffs), located, drops, kept, specific,
                finesses)


def _with_card(step: FinesseWith | Finesse, side: int) -> int | None:
    """The card the side finesses with, when the step names it (a "finesse against" a card
    the side itself holds is read as a finesse with it: the preposition varies)."""
    if isinstance(step, FinesseWith):
        return None if step.card is None else step.card.index
    return step.card.index if side >> step.card.index & 1 else None


def _against(step: FinesseWith | Finesse, suit: int) -> int | None:
    """The missing card the finesse plays for, when the step names it."""
    if isinstance(step, Finesse):
        return step.card.index
    if step.against is not None:
        return 13 * suit + int(step.against) - 2
    return None


def _qualifies(step: FinesseWith | Finesse, suit: int, mine: int, theirs: int,
               side: int) -> bool:
    with_card = _with_card(step, side)
    if with_card is not None:
        return bool(mine >> with_card & 1)
    if isinstance(step, FinesseWith) and step.rank is not None:
        card = 13 * suit + int(step.rank) - 2
        return bool(mine >> card & 1 and theirs >> (card + 1))
    x = _against(step, suit)
    if x is not None and side >> x & 1:  # "against" a card of the side: finesse with it
        return bool(mine >> x & 1 and theirs >> (x + 1))
    if x is not None:
        return bool(theirs >> x & 1 and mine >> (x + 1) and mine & ((1 << x) - 1))
    return any(mine >> (card + 1) and mine & ((1 << card) - 1)
               for card in card_indexes(theirs))


def tenace_hand(step: FinesseWith | Finesse, side_hands: tuple[int, int], theirs: int,
                ) -> tuple[int, int] | None:
    """Which hand of the side (0: the first of ``side_hands``, 1: its partner) takes the
    stated finesse, in which suit; None once the finesse is over. The hand holding the card
    finessed with (or a card of the rank said); for "finesse against X", the hand holding
    cards above and below X; for "the heart finesse", a hand holding an opponent's heart
    between two of its own."""
    side = side_hands[0] | side_hands[1]
    if isinstance(step, Finesse):
        suits: tuple[int, ...] = (int(step.card.suit),)
    elif step.finessed_suit is not None:
        suits = (int(step.finessed_suit),)
    else:
        suits = (0, 1, 2, 3)
    for suit in suits:
        mask = SUIT_MASKS[suit]
        for i, hand in enumerate(side_hands):
            if _qualifies(step, suit, hand & mask, theirs & mask, side & mask):
                return i, suit
    return None


@law("70D1", title="The claimer's stated line: finesse")
def finesse_card(step: FinesseWith | Finesse, suit: int, beating: list[int], theirs: int,
                 side: int) -> int | None:
    """The card the hand taking the stated finesse plays, second to the trick after an
    opponent, of its ``beating`` cards (ascending, each beating the trick so far): the card
    finessed with; against X, the lowest card that only X could beat; in a suit, the
    lowest card an opponent's card could still beat (not the top)."""
    with_card = _with_card(step, side)
    if with_card is None and isinstance(step, FinesseWith) and step.rank is not None:
        with_card = 13 * suit + int(step.rank) - 2
    x = _against(step, suit)
    if with_card is None and x is not None and side >> x & 1:
        with_card = x
    if with_card is not None:
        return with_card if with_card in beating else None
    for card in beating:
        above = theirs & SUIT_MASKS[suit] & ~((1 << (card + 1)) - 1)
        if x is not None:
            if above == 1 << x:
                return card
        elif above:
            return card
    return None
