"""Clauses whose number differs between the editions, named once."""

from __future__ import annotations

from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.messages import msg
from dupbridge.laws.machinery.ruling import Review

LAWS_2007 = (Edition.LAWS_2007,)
"""``@law(..., editions=LAWS_2007)``: a clause of the 2007 Laws only."""
LAWS_2017 = (Edition.LAWS_2017,)
"""``@law(..., editions=LAWS_2017)``: a clause of the 2017 Laws only."""


def ref(edition: Edition, clause: str) -> LawRef:
    return LawRef(edition, clause)


def awareness_of_damage(edition: Edition) -> LawRef:
    """2007 Law 23 became 2017 Law 72C."""
    return LawRef(edition, "23" if edition is Edition.LAWS_2007 else "72C")


def awareness_review(edition: Edition, clause: str, what: str) -> Review:
    """The end-of-play review item every rectification that may help the offending side
    leaves (2007 Law 23 / 2017 72C): could the offender have known, at the time, that
    ``what`` (his irregularity, or his partner's enforced pass) could well damage the
    non-offending side? ``clause`` is the law that invoked it."""
    return Review(awareness_of_damage(edition), msg("{clause}: could the offender have known, "
                                                    "at the time, that {what} could well "
                                                    "damage the non-offending side?",
                                                    clause=clause, what=what))


def lead_restrictions(edition: Edition) -> LawRef:
    """2007 Law 26 (26A or 26B by the call) became 2017 Law 26B."""
    return LawRef(edition, "26" if edition is Edition.LAWS_2007 else "26B")


def withdrawn_information(edition: Edition) -> LawRef:
    """Information from withdrawn calls: 2007 Law 16D, 2017 Law 16C."""
    return LawRef(edition, "16D" if edition is Edition.LAWS_2007 else "16C")


def unauthorised_information(edition: Edition) -> LawRef:
    """Where the text names the sub-clause ("Law 16D2 applies", "see Law 16C2"): the
    information from the withdrawn action is unauthorised to the offending side, 2007 16D2,
    2017 16C2 (e.g. 28B; 2017 30B1(a), 31B1, 32B1)."""
    return LawRef(edition, "16D2" if edition is Edition.LAWS_2007 else "16C2")


def end_of_auction(edition: Edition, passed_out: bool) -> LawRef:
    """2007 22A1 (four passes) / 22A2; 2017 22B (four passes) / 22A."""
    if edition is Edition.LAWS_2007:
        return LawRef(edition, "22A1" if passed_out else "22A2")
    return LawRef(edition, "22B" if passed_out else "22A")


def missed_turn(edition: Edition) -> LawRef:
    """Three passes, one out of rotation, with a player deprived: 2007 17E2 / 2017 17D3."""
    return LawRef(edition, "17E2" if edition is Edition.LAWS_2007 else "17D3")
