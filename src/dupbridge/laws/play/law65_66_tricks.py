"""Laws 65 and 66: arrangement and inspection of tricks (both editions).

Pure functions over the ``Play``. The true count of tricks always comes from the trick
record (Law 79A), never from how the cards were pointed: pointing (65B) and inspection (66)
only say what a player may see, correct or claim, and when.

2007 -> 2017: 65B3 (who may draw attention to a wrongly pointed card, and until when) and
66B (until when a player may look at his own last card).
"""

from __future__ import annotations

from dataclasses import dataclass

from dupbridge.core.edition import Edition, LawRef
from dupbridge.core.messages import msg
from dupbridge.core.registry import law
from dupbridge.core.seats import Seat
from dupbridge.laws.machinery.clauses import LAWS_2007, LAWS_2017
from dupbridge.laws.machinery.ruling import Review
from dupbridge.rules.play import Play, Trick


@dataclass(frozen=True, slots=True)
class Verdict:
    """Whether a player may do what he asks, and the clause that says so."""

    allowed: bool
    law: LawRef
    reason: str

    def __bool__(self) -> bool:
        return self.allowed


@dataclass(frozen=True, slots=True)
class Pointing:
    """``seat``'s card of quitted trick ``trick`` (1-based) lies pointed as won (towards
    partner) or lost (towards the opponents); ``law`` when it was corrected (65B3)."""

    seat: Seat
    trick: int
    won: bool
    law: LawRef | None = None


# Law 65B: pointing the card of a quitted trick


@law("65B1", title="Trick won: card points to partner")
@law("65B2", title="Trick lost: card points to opponents")
def won_by_side(trick: Trick, seat: Seat) -> bool:
    """65B1: a trick his side won is pointed towards partner (True); 65B2: one the
    opponents won, towards the opponents (False)."""
    return trick.winner.side is seat.side


@law("65B", title="Pointing cards to record tricks")
def pointed_correctly(play: Play, seat: Seat, trick: int, won: bool) -> bool:
    """Whether ``seat``'s card of quitted trick ``trick`` pointed as ``won`` agrees with the
    trick record (65B1-B2)."""
    return won_by_side(quitted(play, trick), seat) is won


def quitted(play: Play, trick: int) -> Trick:
    """Quitted trick ``trick`` (1-based); ValueError when there is no such trick yet."""
    if not 1 <= trick <= len(play.tricks):
        raise ValueError(f"trick {trick} is not a quitted trick ({len(play.tricks)} so far)")
    return play.tricks[trick - 1]


def _lead_made_to_next(play: Play, trick: int) -> bool:
    """A card has been led to the trick after ``trick``."""
    return len(play.tricks) > trick or bool(play.current_trick.cards)


def _side_played_to_next(play: Play, seat: Seat, trick: int) -> bool:
    """``seat``'s side has led or played to the trick after ``trick``."""
    if len(play.tricks) > trick + 1:
        return True
    if len(play.tricks) == trick + 1:
        return True  # the next trick is complete: all four have played to it
    current = play.current_trick
    return any(current.seat_of(i).side is seat.side for i in range(len(current.cards)))


@law("65B3", editions=LAWS_2007, title="Drawing attention to a wrongly pointed card")
def _attention_to_pointing_2007(play: Play, by: Seat, trick: int) -> Verdict:
    """2007 65B3: declarer may require a wrongly pointed card to be corrected, with no time
    limit (during the play); dummy or either defender may draw attention to one only until a
    card is led to the next trick."""
    law_ref = LawRef(Edition.LAWS_2007, "65B3")
    if by is play.declarer:
        return Verdict(True, law_ref, msg("declarer may require the correction at any time"))
    if _lead_made_to_next(play, trick):
        return Verdict(False, law_ref, msg("a card has been led to the next trick"))
    return Verdict(True, law_ref, msg("no card has been led to the next trick yet"))


@law("65B3", editions=LAWS_2017, title="Drawing attention to a wrongly pointed card")
def _attention_to_pointing_2017(play: Play, by: Seat, trick: int) -> Verdict:
    """2017 65B3: any player may draw attention to a wrongly pointed card until his side
    has led or played to the next trick."""
    law_ref = LawRef(Edition.LAWS_2017, "65B3")
    if _side_played_to_next(play, by, trick):
        return Verdict(False, law_ref, msg("his side has led or played to the next trick"))
    return Verdict(True, law_ref, msg("his side has not yet played to the next trick"))


def attention_to_pointing(edition: Edition, play: Play, by: Seat, trick: int) -> Verdict:
    """Whether ``by`` may still have a wrongly pointed card of quitted trick ``trick``
    corrected (65B3, per edition)."""
    quitted(play, trick)
    if edition is Edition.LAWS_2007:
        return _attention_to_pointing_2007(play, by, trick)
    return _attention_to_pointing_2017(play, by, trick)


def late_attention(edition: Edition, by: Seat, pointing: Pointing) -> Review:
    """65B3, attention drawn too late: no correction, but Law 16B may apply (the remark
    may carry unauthorised information to partner)."""
    return Review(LawRef(edition, "65B3"),
                  msg("{seat} drew attention late to {owner}'s card of trick {trick}: not "
                      "corrected; Law 16B may apply", seat=by, owner=pointing.seat,
                      trick=pointing.trick))


@law("65D", title="Agreement on the tricks won")
def order_disturbed(edition: Edition, seat: Seat) -> Review:
    """65D: a player who disturbs the order of his played cards before the number of tricks
    is agreed jeopardises his right to claim disputed tricks, or to claim (or deny) a
    revoke: an evidence flag for the Director's fact-finding (both editions)."""
    return Review(LawRef(edition, "65D"),
                  msg("{seat} disturbed the order of his played cards before the tricks were "
                      "agreed: his claim of disputed tricks or of a revoke (or its denial) is "
                      "jeopardised", seat=seat))


# Law 66: inspection of tricks


@law("66A", title="Seeing the cards of the current trick")
def may_see_trick(edition: Edition, play: Play, seat: Seat, turned: bool = False) -> Verdict:
    """66A: declarer or either defender (not dummy) may have all four cards of the trick
    just completed shown, until he has turned his own card and while his side has not led
    or played to the next trick."""
    law_ref = LawRef(edition, "66A")
    if seat is play.dummy:
        return Verdict(False, law_ref, msg("dummy may not ask to see the cards of a trick"))
    if not play.tricks:
        return Verdict(False, law_ref, msg("no trick has been completed"))
    if turned:
        return Verdict(False, law_ref, msg("he has turned his own card"))
    if not play.may_inspect_last_trick(seat):
        return Verdict(False, law_ref, msg("his side has led or played to the next trick"))
    return Verdict(True, law_ref, msg("the trick is still the current one for his side"))


@law("66B", editions=LAWS_2007, title="Reviewing one's own last card")
def _own_last_card_2007(play: Play, seat: Seat) -> Verdict:
    """2007 66B: declarer or a defender may look at (not expose) his own last card until a
    card is led to the next trick."""
    law_ref = LawRef(Edition.LAWS_2007, "66B")
    if seat is play.dummy:
        return Verdict(False, law_ref, msg("dummy has no such right"))
    if not play.tricks or _lead_made_to_next(play, len(play.tricks)):
        return Verdict(False, law_ref, msg("a card has been led to the next trick"))
    return Verdict(True, law_ref, msg("no card has been led to the next trick"))


@law("66B", editions=LAWS_2017, title="Reviewing one's own last card")
def _own_last_card_2017(play: Play, seat: Seat) -> Verdict:
    """2017 66B: ... until his side has led or played to the next trick."""
    law_ref = LawRef(Edition.LAWS_2017, "66B")
    if seat is play.dummy:
        return Verdict(False, law_ref, msg("dummy has no such right"))
    if not play.tricks or _side_played_to_next(play, seat, len(play.tricks)):
        return Verdict(False, law_ref, msg("his side has led or played to the next trick"))
    return Verdict(True, law_ref, msg("his side has not played to the next trick"))


def may_see_own_last_card(edition: Edition, play: Play, seat: Seat) -> Verdict:
    if edition is Edition.LAWS_2007:
        return _own_last_card_2007(play, seat)
    return _own_last_card_2017(play, seat)


@law("66C", title="Quitted tricks not inspected during play")
def may_inspect_quitted(edition: Edition, play: Play, trick: int, instructed: bool) -> Verdict:
    """66C: until the end of play a quitted trick (beyond what 66A-B allow) may be
    inspected only on the Director's specific instruction (e.g. to check a revoke)."""
    quitted(play, trick)
    law_ref = LawRef(edition, "66C")
    if instructed:
        return Verdict(True, law_ref, msg("the Director instructed the inspection"))
    return Verdict(False, law_ref, msg("a quitted trick is inspected only on the Director's "
                                       "instruction"))


INSPECTION_PURPOSES = ("revoke", "tricks")
"""66D: the disputes that allow an inspection after play."""


@law("66D", title="Inspection after play; mixed cards")
def may_inspect_after_play(edition: Edition, play: Play, purpose: str) -> Verdict:
    """66D: after play, played and unplayed cards may be inspected to settle a claim of a
    revoke or of the number of tricks won or lost."""
    law_ref = LawRef(edition, "66D")
    if not play.is_complete:
        return Verdict(False, law_ref, msg("the play is not over"))
    if purpose not in INSPECTION_PURPOSES:
        return Verdict(False, law_ref, msg("only to settle a revoke claim or the number of tricks"))
    if purpose == "revoke":
        return Verdict(True, law_ref, msg("to settle a dispute about revoke"))
    return Verdict(True, law_ref, msg("to settle a dispute about tricks"))


def cards_mixed_after_claim(edition: Edition, seat: Seat) -> Review:
    """66D: a player who, after such a claim, mixes his cards so that the facts cannot be
    established: the Director rules for the other side."""
    return Review(LawRef(edition, "66D"),
                  msg("{seat} mixed his cards after a claim so that the facts cannot be "
                      "established: the Director rules for {side}", seat=seat,
                      side=seat.side.other))


def inspection(edition: Edition, play: Play, seat: Seat, trick: int, *, own_card: bool = False,
               turned: bool = False, instructed: bool = False, purpose: str = "") -> Verdict:
    """Whether ``seat`` may inspect quitted trick ``trick``: after play 66D; the trick just
    completed 66A (all four cards) or 66B (his own card); an earlier trick 66C."""
    quitted(play, trick)
    if play.is_complete:
        return may_inspect_after_play(edition, play, purpose or "tricks")
    if trick == len(play.tricks) and not instructed:
        if own_card:
            return may_see_own_last_card(edition, play, seat)
        return may_see_trick(edition, play, seat, turned)
    return may_inspect_quitted(edition, play, trick, instructed)



def card_pointed(edition: Edition, play: Play, pointing: Pointing,
                 noticed_by: Seat | None) -> tuple[Pointing, Review | None]:
    """A card found pointed as ``pointing`` says; ``noticed_by`` draws attention to it.
    A wrongly pointed card is corrected when the attention comes in time (65B3), else it
    stays as it lies and the Director notes that Law 16B may apply. ValueError for a trick
    not yet quitted."""
    quitted(play, pointing.trick)
    if noticed_by is None or pointed_correctly(play, pointing.seat, pointing.trick,
                                               pointing.won):
        return pointing, None
    verdict = attention_to_pointing(edition, play, noticed_by, pointing.trick)
    if verdict:
        return Pointing(pointing.seat, pointing.trick, not pointing.won, verdict.law), None
    return pointing, late_attention(edition, noticed_by, pointing)


def with_pointing(pointings: tuple[Pointing, ...], pointing: Pointing) -> tuple[Pointing, ...]:
    """The pointings, ``pointing`` replacing the same player's card of the same trick."""
    kept = tuple(p for p in pointings if (p.seat, p.trick) != (pointing.seat, pointing.trick))
    return (*kept, pointing)


def cards_mixed(edition: Edition, seat: Seat, after_claim: bool) -> Review:
    """A player disturbs his played cards: before the tricks are agreed, 65D (evidence);
    after a claim of a revoke or of the trick count, so that the facts cannot be
    established, 66D (the Director rules for the other side)."""
    return cards_mixed_after_claim(edition, seat) if after_claim else order_disturbed(edition,
                                                                                      seat)
