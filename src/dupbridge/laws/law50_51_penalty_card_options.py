"""Declarer's options on a defender's major penalty cards: when the owner's partner is on
lead (50D2, 51B) and when the owner could play more than one of them (51A)."""

from __future__ import annotations

from collections.abc import Mapping

from dupbridge.core.edition import Edition
from dupbridge.core.seats import Seat
from dupbridge.laws.ruling import (
    Answer,
    Decision,
    Irregularity,
    PenaltyCard,
    Ruling,
)
from dupbridge.rules.play import Play


def decision_due(edition: Edition, play: Play, penalty_cards: tuple[PenaltyCard, ...],
                 rulings: tuple[Ruling, ...], record: int) -> Irregularity | None:
    """The decision declarer owes now, if any (to be written: Laws 50D2, 51A, 51B)."""
    del edition, play, penalty_cards, rulings, record
    return None


def decide(irregularity: Irregularity, answers: Mapping[str, Answer],
           decision_id: str) -> Decision:
    raise NotImplementedError(f"{irregularity.kind}: {answers}, {decision_id}")


__all__ = ["Seat", "decide", "decision_due"]
