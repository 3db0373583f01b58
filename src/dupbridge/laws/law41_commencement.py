"""Law 41: commencement of play. The opening lead is made face down unless the Regulating
Authority says otherwise (41A); before it is faced, the leader's partner and the presumed
declarer (not the presumed dummy) may have the auction reviewed (41B; during the play a
review comes at the player's first turn to play, 20C2); facing the lead begins the play
period irrevocably (41C) and dummy spreads his hand (41D)."""

from __future__ import annotations

from dupbridge.core.registry import law
from dupbridge.core.seats import Seat
from dupbridge.laws.profiles import Regulations
from dupbridge.rules.play import Play


@law("41A", title="Opening lead made face down")
def opening_lead_face_down(regulations: Regulations) -> bool:
    """41A and its footnote: the opening lead is made face down, unless the Regulating
    Authority specifies face-up opening leads (profile key ``opening_lead_face_down``)."""
    return bool(regulations.option("opening_lead_face_down"))


@law("41B", title="Reviewing the auction and asking questions")
def may_review_before_lead_faced(declarer: Seat | None, seat: Seat) -> bool:
    """41B: before the opening lead is faced, the leader's partner and the presumed
    declarer may each have the auction reviewed (the presumed dummy may not; the opening
    leader asks at his own turn, before he leads)."""
    if declarer is None:
        return False
    return seat is declarer or seat is declarer.rho


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
