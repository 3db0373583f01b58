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
            drops |= step.card.bit
        elif isinstance(step, Squeeze):
            for card in step.kept:
                kept |= card.bit
    specific = bool(exact or located or drops or kept or any(
        (isinstance(s, Cash) and s.cards) or isinstance(s, Finesse | Concede)
        or (isinstance(s, FinesseWith) and s.card is not None) for s in leads))
    return Plan(tuple(exact), tuple(leads), tuple(ruffs), located, drops, kept, specific)


def tenace_hand(step: FinesseWith | Finesse, side_hands: tuple[int, int], theirs: int,
                ) -> int | None:
    """Which hand of the side (0: the first of ``side_hands``, 1: its partner) the stated
    finesse is taken in, or None once the finesse is over: the hand holding the card
    finessed with; for "finesse against X", the hand holding cards above and below X;
    for "the heart finesse", a hand holding an opponent's heart between two of its own."""
    if isinstance(step, FinesseWith) and step.card is not None:
        for i, hand in enumerate(side_hands):
            if hand >> step.card.index & 1:
                return i
        return None
    suit = step.card.suit if isinstance(step, Finesse) else step.finessed_suit
    mask = SUIT_MASKS[suit]
    for i, hand in enumerate(side_hands):
        mine = hand & mask
        if isinstance(step, Finesse):
            x = step.card.index
            if theirs >> x & 1 and mine >> (x + 1) and mine & ((1 << x) - 1):
                return i
        else:
            for card in card_indexes(theirs & mask):
                if mine >> (card + 1) and mine & ((1 << card) - 1):
                    return i
    return None


@law("70D1", title="The claimer's stated line: finesse")
def finesse_card(step: FinesseWith | Finesse, beating: list[int], theirs: int) -> int | None:
    """The card the hand taking the stated finesse plays, second to the trick after an
    opponent, of its ``beating`` cards (ascending, each beating the trick so far): the card
    finessed with; against X, the lowest card that only X could beat; in a suit, the
    lowest card an opponent's card could still beat (not the top)."""
    if isinstance(step, FinesseWith) and step.card is not None:
        return step.card.index if step.card.index in beating else None
    for card in beating:
        above = theirs & SUIT_MASKS[card // 13] & ~((1 << (card + 1)) - 1)
        if isinstance(step, Finesse):
            if above == 1 << step.card.index:
                return card
        elif above:
            return card
    return None
