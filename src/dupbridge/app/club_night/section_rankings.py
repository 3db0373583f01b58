"""An event in sections scored across the field: how many sections it has and how many
pairs each numbers (the rankings per section are drawn in ``views``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dupbridge.tournament.sections import section_size

if TYPE_CHECKING:
    from dupbridge.app.club_night.state import ClubState


def sections_of(state: ClubState) -> int:
    """How many sections the event has (1: not in sections)."""
    count = state.config.options.get("sections", 1)
    return count if isinstance(count, int) else 1


def pairs_per_section(state: ClubState) -> int | None:
    """How many pairs each section numbers, or ``None`` for an event not in sections."""
    count = sections_of(state)
    return None if count < 2 else section_size(state.movement, count)
