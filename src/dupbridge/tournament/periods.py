"""The deadlines after a session (Laws 79C and 92B): the correction period and the
period for requesting a ruling or appealing one. Both run from the moment the official
scores are made available for inspection; their lengths come from the Regulating
Authority's profile (or the Tournament Organizer's conditions), the Director may extend
them, and the clock is always an input."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.messages import Msg, msg
from dupbridge.core.registry import law
from dupbridge.laws.machinery.profiles import Regulations
from dupbridge.tournament.contestants import Form


@dataclass(frozen=True, slots=True)
class Periods:
    official_at: datetime
    correction: timedelta = timedelta(minutes=30)
    appeal: timedelta = timedelta(minutes=30)
    edition: Edition = Edition.LAWS_2017
    late_corrections_allowed: bool = False  # 2007 79C2: only where regulations allow it

    @staticmethod
    def from_profile(official_at: datetime, regulations: Regulations) -> Periods:
        """Lengths from the profile (79C1, 92B): 30 minutes each unless it says otherwise."""
        late = (regulations.option("late_corrections_allowed")
                if regulations.edition is Edition.LAWS_2007 else False)
        return Periods(official_at,
                       timedelta(minutes=int(regulations.option("correction_period_minutes"))),
                       timedelta(minutes=int(regulations.option("appeal_period_minutes"))),
                       regulations.edition, bool(late))

    @property
    def correction_ends(self) -> datetime:
        return self.official_at + self.correction

    @property
    def appeal_ends(self) -> datetime:
        return self.official_at + self.appeal

    def extended(self, *, correction: timedelta = timedelta(0),
                 appeal: timedelta = timedelta(0)) -> Periods:
        """The Director's (or the Tournament Organizer's) extension (79C1, 92B)."""
        if correction < timedelta(0) or appeal < timedelta(0):
            raise ValueError("a period can be extended, not shortened, once it has begun")
        return replace(self, correction=self.correction + correction,
                       appeal=self.appeal + appeal)


@dataclass(frozen=True, slots=True)
class Decision:
    allowed: bool
    law: LawRef
    reason: Msg


@law("79C", title="Correction period for errors in computing or recording scores")
@law("79C1", title="Correction period: default 30 minutes after the official scores")
@law("79C2", title="Late corrections after the correction period")
def may_correct(periods: Periods, now: datetime, *, director_certain: bool = False,
                organizer_agrees: bool = False) -> Decision:
    """79C1: an error in computing or recording an agreed score may be corrected until the
    correction period ends. After it (79C2): in 2007 only where regulations allow it and the
    Director and the Tournament Organizer are satisfied beyond reasonable doubt; in 2017 when
    the Tournament Organizer agrees and the Director is certain the record is wrong."""
    edition = periods.edition
    if now <= periods.correction_ends:
        return Decision(True, LawRef(edition, "79C1"), msg("within the correction period"))
    if edition is Edition.LAWS_2007:
        allowed = periods.late_corrections_allowed and director_certain and organizer_agrees
        why = (msg("regulations allow it and the Director and the organizer are satisfied")
               if allowed else msg("the correction period has ended"))
    else:
        allowed = organizer_agrees and director_certain
        why = (msg("the organizer agrees and the Director is certain") if allowed
               else msg("the correction period has ended"))
    return Decision(allowed, LawRef(edition, "79C2"), why)


@law("79C", title="Correction period for errors in computing or recording scores")
def table_entry_admissible(periods: Periods | None) -> Decision:
    """Once the official scores are made available (79C), a result is no longer entered
    from the table: a recorded score changes only by the Director's correction, within the
    correction period (79C1) or later under 79C2 (``may_correct``), with its audit record.
    Before the official scores a table may enter its results."""
    if periods is None:
        return Decision(True, LawRef(Edition.LAWS_2017, "79A"),
                        msg("the official scores are not out yet"))
    return Decision(False, LawRef(periods.edition, "79C"), msg(
        "the official scores are published: only the Director changes a result now, "
        "by a correction"))


@law("92", title="Right to appeal")
@law("92B", title="Time limit for requesting a ruling or appealing")
@law("92D", title="Consent to an appeal")
@law("92D1", title="Pairs: both members consent; individuals: the appellant alone")
@law("92D2", title="Teams: the captain consents")
def appeal_admissible(periods: Periods, now: datetime, form: Form, *,
                      partner_consents: bool = False, captain_consents: bool = False
                      ) -> Decision:
    """92B: the right to request or appeal a ruling ends with the appeal period. 92D: a
    pairs appeal needs both members (92D1; in an individual the appellant alone), a teams
    appeal its captain (92D2)."""
    edition = periods.edition
    if now > periods.appeal_ends:
        return Decision(False, LawRef(edition, "92B"), msg("the appeal period has ended"))
    if form is Form.PAIRS and not partner_consents:
        return Decision(False, LawRef(edition, "92D1"), msg("both members must consent"))
    if form is Form.TEAMS and not captain_consents:
        return Decision(False, LawRef(edition, "92D2"), msg("the captain must consent"))
    return Decision(True, LawRef(edition, "92D"), msg("admissible"))
