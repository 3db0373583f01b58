"""Law 61: the revoke (61A), recorded silently when it happens, and who may ask whom about
one (61B; 2017 61C, 2007 62C3). Apart from its correction and settlement (Laws 62-64,
``law61_64_revokes``) so that Law 52, whose failure to play a penalty card is a revoke too,
names the revoke without importing the laws that call it.

Nobody at the table knows of a revoke until someone draws attention to it (Law 9): the
engine records it, shows it to the Director only, and never to the players.
"""

from __future__ import annotations

from dataclasses import dataclass

from dupbridge.core.cards import Card
from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.errors import ActionRejected
from dupbridge.core.messages import msg
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat
from dupbridge.laws.irregularities.table_talk import Enquiry, EnquiryKind
from dupbridge.laws.machinery.clauses import LAWS_2007, LAWS_2017, ref
from dupbridge.laws.machinery.profiles import Regulations

NEXT_BOARD = "next-board"  # attention first drawn after a call on the next board (64B4)
ROUND_ENDED = "round-ended"  # attention first drawn after the round ended (64B5)


@dataclass(frozen=True, slots=True)
class Revoke:
    """A revoke (61A): ``seat`` played ``card`` (table record ``record``) to ``trick``
    (1-based), failing the requirement ``failure`` names (44C follow suit, 50C/50D1(a) a
    penalty card, or a rectification's restriction). ``faced``: the card he failed to play
    was on the table (dummy's, a penalty card, 2007 64B3). ``noticed``: attention has been
    drawn to it; ``late``: it was first drawn after a call on the next board (64B4) or after
    the round (64B5). ``both_sides``: corrected under 2017 62C3 (64B8). ``forced``: corrected,
    but Law 64 applies as if established (43B2(b)). ``dummy``: a revoke from dummy (2017
    64B3)."""

    record: int
    seat: Seat
    card: Card
    trick: int
    failure: LawRef
    faced: bool = False
    penalty_card: bool = False  # a failure to play a penalty card: Law 52 too
    established: bool = False
    corrected: bool = False
    noticed: bool = False
    late: str = ""
    both_sides: bool = False
    forced: bool = False
    dummy: bool = False

    @property
    def standing(self) -> bool:
        """Established and not corrected: Law 64 settles it at the end of play."""
        return (self.established and not self.corrected) or self.forced


# Law 61B: who may ask whom about a possible revoke


@dataclass(frozen=True, slots=True)
class Inquiry:
    """Whether ``asker`` may ask ``asked`` if he has a card of the suit led (61B), the
    clause that says so, and a note (e.g. the Law 16B risk of an inquiry refused)."""

    allowed: bool
    law: LawRef
    note: str = ""


@law("61B", title="Asking about a possible revoke")
@law("61B1", title="Declarer may ask a defender")
@law("61B2", title="Dummy's inquiries")
@law("61B2(a)", title="Dummy may ask declarer")
@law("61B2(b)", title="Dummy may not ask a defender")
@law("61B3", title="Defenders may ask declarer and each other")
def may_ask(regulations: Regulations, declarer: Seat, asker: Seat, asked: Seat) -> Inquiry:
    """61B: declarer may ask a defender (B1); dummy may ask declarer (B2(a), but see
    43B2(b)), not a defender (B2(b), Law 16B may apply); a defender may ask declarer, and
    his partner: 2007 unless the Regulating Authority forbids it, 2017 always (B3)."""
    edition = regulations.edition
    dummy = declarer.partner
    if asker is asked:
        raise ActionRejected(msg("a player does not ask himself about a revoke"))
    if asker is declarer:
        if asked is dummy:
            raise ActionRejected(msg("dummy's cards are face up: declarer has nothing to ask"))
        return Inquiry(True, ref(edition, "61B1"))
    if asker is dummy:
        if asked is declarer:
            return Inquiry(True, ref(edition, "61B2(a)"),
                           msg("if dummy has breached 43A2, 43B2(b) applies to the revoke"))
        return Inquiry(False, ref(edition, "61B2(b)"),
                       msg("dummy may not ask a defender; Law 16B may apply"))
    if asked.side is declarer.side:
        return Inquiry(True, ref(edition, "61B3"))
    if edition is Edition.LAWS_2007:
        allowed = bool(regulations.option("defenders_may_ask_each_other"))
        return Inquiry(allowed, ref(edition, "61B3"),
                       msg("at the risk of creating unauthorised information (Law 16)")
                       if allowed else
                       msg("the Regulating Authority forbids defenders to ask each other"))
    return Inquiry(True, ref(edition, "61B3"))


def revoke_enquiry(regulations: Regulations, declarer: Seat, asker: Seat,
                   asked: Seat) -> Enquiry:
    """The table's record of a 61B inquiry; ``ActionRejected`` with the clause when Law
    61B does not allow it."""
    inquiry = may_ask(regulations, declarer, asker, asked)
    if not inquiry.allowed:
        raise ActionRejected(msg("{asker} may not ask {asked} about a revoke ({law}): {note}",
                                 asker=asker.letter, asked=asked.letter, law=inquiry.law,
                                 note=inquiry.note))
    return Enquiry(asker, EnquiryKind.REVOKE, inquiry.law, answered_by=asked,
                   note=inquiry.note)


@law("62C3", editions=LAWS_2007, title="Revoke claim gives no right to inspect tricks")
@law("61C", editions=LAWS_2017, title="Revoke claim gives no right to inspect tricks")
def claim_opens_quitted_tricks(edition: Edition) -> tuple[bool, LawRef]:
    """2007 62C3 / 2017 61C: a claim that a revoke occurred does not by itself allow the
    quitted tricks to be inspected (Law 66C governs it; the Director may order it)."""
    return False, ref(edition, "62C3" if edition is Edition.LAWS_2007 else "61C")
