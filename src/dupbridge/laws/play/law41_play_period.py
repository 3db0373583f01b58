"""Law 41 as every board meets it: whether the opening lead is made face down (41A), when
the play period begins (41C) and whose hand is then spread (41D).

Apart from ``law41_commencement`` (the face-down lead's irregularities and rulings, which
reads these from here) so that a regular board, whose working state and views ask these
questions at every opening lead, loads no ruling (start-up, benchmarks/startup.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dupbridge.core.registry import law

if TYPE_CHECKING:
    from dupbridge.core.seats import Seat
    from dupbridge.laws.machinery.profiles import Regulations
    from dupbridge.rules.play import Play


@law("41A", title="Opening lead made face down")
def opening_lead_face_down(regulations: Regulations) -> bool:
    """41A and its footnote: the opening lead is made face down, unless the Regulating
    Authority specifies face-up opening leads (profile key ``opening_lead_face_down``)."""
    return bool(regulations.option("opening_lead_face_down"))


def face_down_lead_required(regulations: Regulations) -> bool:
    """Whether a Regulating Authority's regulation requires the face-down opening lead (AEB,
    FFB), so that a lead faced at once breaches it (``law41_commencement.lead_faced_at_once``).
    Not under the WBF profiles: they record the Laws' default, not an RA's requirement."""
    return opening_lead_face_down(regulations) and regulations.authority != "WBF"


@law("41C", title="Opening lead faced, play period begins")
def play_period_begun(play: Play | None) -> bool:
    """41C: the play period begins, irrevocably, when the opening lead is faced."""
    return play is not None and play.opening_lead_made


@law("41D", title="Spreading dummy's hand")
def spread_dummy(play: Play | None) -> Seat | None:
    """41D: once the opening lead is faced dummy spreads his hand face up before him, and
    declarer plays both hands; None before then. (After 54A the player who spreads is the
    presumed declarer, now dummy.)"""
    return play.dummy if play_period_begun(play) and play is not None else None
