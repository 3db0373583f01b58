"""PBN play-section irregularity tokens (PBN standard §3.9) from the table's record:
``^R`` before a card that was a revoke (61A), ``^L`` before a lead out of turn that stands
(53A, 54, 55A, 56: ``CardRecord.out_of_turn``). Corrected revokes and withdrawn leads are
not in the play, so they carry no token."""

from __future__ import annotations

from dupbridge.core.seats import Seat
from dupbridge.table.state import CardRecord, Status, TableState


def card_tokens(state: TableState) -> dict[int, tuple[str, ...]]:
    """The tokens before each standing played card, by record index (cards with none are
    left out)."""
    revokes = {revoke.record for revoke in state.revokes}
    found: dict[int, tuple[str, ...]] = {}
    for index, entry in enumerate(state.records):
        if not _played(entry):
            continue
        assert isinstance(entry, CardRecord)
        tokens = (("^L",) if entry.out_of_turn else ()) + (("^R",) if index in revokes else ())
        if tokens:
            found[index] = tokens
    return found


def play_rows(state: TableState) -> tuple[str, ...]:
    """The play section's rows: one per trick, the cards in columns from the opening
    leader (``-`` for a card not played), each preceded by its tokens."""
    play = state.play
    if play is None:
        return ()
    tokens = card_tokens(state)
    columns = tuple(Seat((play.opening_leader + i) % 4) for i in range(4))
    rows: dict[int, dict[Seat, str]] = {}
    for index, entry in enumerate(state.records):
        if _played(entry):
            assert isinstance(entry, CardRecord)
            text = " ".join((*tokens.get(index, ()), str(entry.card)))
            rows.setdefault(entry.trick, {})[entry.seat] = text
    return tuple(" ".join(rows[trick].get(seat, "-") for seat in columns)
                 for trick in sorted(rows))


def _played(entry: object) -> bool:
    return (isinstance(entry, CardRecord) and entry.status is Status.STANDING
            and entry.trick > 0)
