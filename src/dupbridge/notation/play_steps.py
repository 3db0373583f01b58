"""The play's own lines in the event grammar of ruling cases (besides ``play SEAT CARD``):
cards exposed other than by playing them, and attention drawn to a revoke.

- ``expose W DQ dropped``: West's DQ is exposed; how: ``dropped``, ``shown``, ``named``,
  ``with`` (played together with another card, 58B), ``fifth`` (added to a trick he has
  played to, 45E); ``expose W S4 D8 dropped``: cards exposed together in one act
  (dropped, shown or named), ruled on together;
- ``hold W CQ``: West holds the CQ so that it may count as played (45C1; declarer's card
  face up near the table, 45C2(a)); ``hold S D7 position``: declarer's card held in a played
  position (45C2(b)); ``touch S S5``: declarer (South) touches dummy's S5 (45C3);
- ``attention S``: South draws attention to the earliest revoke nobody has noticed;
  ``attention S 7``: to the card at record 7; ``attention E next-board`` /
  ``attention E round-ended``: after a call on the next board (64B4) or after the round
  (64B5);
- ``point W 3 lost``: West's card of trick 3 lies pointed as lost (``won``/``lost``);
  ``point W 3 lost by S``: South draws attention to it (65B3);
- ``inspect S 3``: South asks to see trick 3 (66A); words after it: ``own`` (his own last
  card, 66B), ``turned`` (he has turned his card), ``instructed`` (on the Director's
  instruction, 66C), ``revoke`` / ``tricks`` (after play, 66D); refused when not allowed;
- ``mix E``: East disturbs his played cards (65D); ``mix E after-claim`` (66D);
- ``omit E``: East is passed over in the trick (the others play on, the trick is quitted
  without his card); ``extra W H4``: a second card of West's went into the trick he last
  played to, unseen (``extra W H4 exposed``: it was seen) -- defective tricks, Law 67;
  ``replay E 9 HA``: East's HA of an earlier trick, not kept with his quitted cards, is
  played again to trick 9 (2017 67B3);
- ``lead-face-down W D3``: the opening leader leads face down (41A); ``face W``: he faces it
  (41C); ``withdraw-lead W``: the Director lets him withdraw it (41A, 47E2).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from dupbridge.core.cards import Card
from dupbridge.core.errors import ActionRejected, ParseError
from dupbridge.core.seats import Seat
from dupbridge.laws.machinery.ruling import Exposure
from dupbridge.table.events import (
    DUMMY_ACTIONS,
    CardOmitted,
    CardReplayed,
    ExtraCardPlayed,
    FaceDownLeadWithdrawn,
    LeadEvent,
    OpeningLeadFaced,
    OpeningLeadFaceDown,
    TurnStated,
)
from dupbridge.table.table import Table

T = TypeVar("T")

PLAY_GRAMMAR = ("expose SEAT CARD [CARD...] dropped|shown|named|with|fifth | "
                "hold SEAT CARD [position] | touch DECLARER CARD | "
                "attention SEAT [RECORD] [next-board|round-ended] | "
                "point SEAT TRICK won|lost [by SEAT] | "
                "inspect SEAT TRICK [own] [turned] [instructed] [revoke|tricks] | "
                "mix SEAT [after-claim] | designate SEAT TEXT | change-designation SEAT CARD | "
                "misplaced RECORD CARD | dummy breach|shown|indicate|warn-hand | "
                "omit SEAT | extra SEAT CARD [exposed] | replay SEAT TRICK CARD | "
                "lead-face-down SEAT CARD | face SEAT | "
                "withdraw-lead SEAT | tell-turn SEAT SEAT")

EXPOSURES = {
    "dropped": Exposure.DROPPED,
    "shown": Exposure.SHOWN,
    "named": Exposure.NAMED,
    "with": Exposure.WITH_ANOTHER,
    "fifth": Exposure.FIFTH_CARD,
}

LATE = ("next-board", "round-ended")


class PlayGrammarError(ValueError):
    """A play line that does not parse; the message says what was expected."""


@dataclass(frozen=True, slots=True)
class ExposeStep:
    seat: Seat
    card: Card
    how: Exposure
    also: tuple[Card, ...] = ()  # other cards exposed in the same act


@dataclass(frozen=True, slots=True)
class AttentionStep:
    seat: Seat
    record: int | None = None
    late: str = ""


@dataclass(frozen=True, slots=True)
class PointStep:
    seat: Seat
    trick: int
    won: bool
    noticed_by: Seat | None = None


@dataclass(frozen=True, slots=True)
class InspectStep:
    seat: Seat
    trick: int
    flags: frozenset[str] = frozenset()
    purpose: str = ""


@dataclass(frozen=True, slots=True)
class DefectStep:
    """Law 67 lines: ``omit SEAT``, ``extra SEAT CARD [exposed]``, ``replay SEAT TRICK
    CARD``."""

    event: CardOmitted | ExtraCardPlayed | CardReplayed


@dataclass(frozen=True, slots=True)
class MixStep:
    seat: Seat
    after_claim: bool = False


@dataclass(frozen=True, slots=True)
class DummyStep:
    """Laws 42-46 lines: ``designate N high S`` (declarer designates dummy's card by words,
    Law 46; or a player names his card), ``change-designation N SJ`` (45C4(b)),
    ``misplaced 5 SJ`` (dummy's card at record 5 was not the SJ declarer named, 45D),
    ``dummy breach|shown|indicate|warn-hand`` (43A2 breach, 2017 43A3, 45F, 43B2(a)),
    ``dummy prevent E`` (dummy tries to prevent E's irregularity, 42B2 / 2007 9A3),
    ``dummy handled E`` (E handled dummy's cards, 45B)."""

    keyword: str
    args: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class LeadStep:
    """Law 41 lines: ``lead-face-down SEAT CARD``, ``face SEAT``, ``withdraw-lead SEAT``."""

    event: LeadEvent


@dataclass(frozen=True, slots=True)
class TurnStep:
    """Law 47E1 line: ``tell-turn S E``: South tells East it is his turn to lead or play."""

    event: TurnStated


PlayStepLine = (LeadStep | DefectStep | ExposeStep | AttentionStep | PointStep | InspectStep
                | MixStep | DummyStep | TurnStep)

DUMMY_KEYWORDS = frozenset({"designate", "change-designation", "misplaced", "dummy"})
PLAY_KEYWORDS = (frozenset({"expose", "hold", "touch", "attention", "point", "inspect", "mix",
                            "omit", "extra", "replay", "lead-face-down", "face", "withdraw-lead",
                            "tell-turn"})
                 | DUMMY_KEYWORDS)
INSPECT_FLAGS = frozenset({"own", "turned", "instructed"})
PURPOSES = ("revoke", "tricks")


def parse_play_line(words: list[str]) -> PlayStepLine:
    keyword = words[0].lower()
    if keyword == "tell-turn":
        if len(words) != 3:
            raise PlayGrammarError("expected 'tell-turn SEAT SEAT' (who speaks, whom he tells)")
        return TurnStep(TurnStated(_parse(Seat.parse, words[1]), _parse(Seat.parse, words[2])))
    if keyword in ("lead-face-down", "face", "withdraw-lead"):
        return _parse_lead_line(keyword, words)
    if keyword in ("omit", "extra", "replay"):
        return _parse_defect_line(keyword, words)
    if keyword in ("point", "inspect", "mix"):
        return _parse_tricks_line(keyword, words)
    if keyword in DUMMY_KEYWORDS:
        return _parse_dummy_line(keyword, words)
    if keyword in ("hold", "touch"):
        return _parse_held_line(keyword, words)
    if keyword == "expose":
        if len(words) < 4 or words[-1].lower() not in EXPOSURES:
            raise PlayGrammarError(f"expected 'expose SEAT CARD [CARD...] "
                                   f"{'|'.join(EXPOSURES)}', as in 'expose W DQ dropped' or "
                                   "'expose W S4 D8 dropped' (two cards at once)")
        cards = tuple(_parse(Card.parse, word) for word in words[2:-1])
        return ExposeStep(_parse(Seat.parse, words[1]), cards[0], EXPOSURES[words[-1].lower()],
                          cards[1:])
    if len(words) < 2 or len(words) > 4:
        raise PlayGrammarError("expected 'attention SEAT [RECORD] [next-board|round-ended]'")
    seat = _parse(Seat.parse, words[1])
    record = None
    late = ""
    for word in words[2:]:
        if word.isdigit():
            record = int(word)
        elif word.lower() in LATE:
            late = word.lower()
        else:
            raise PlayGrammarError(f"'attention': {word!r} is neither a record number nor one "
                                   f"of {', '.join(LATE)}")
    return AttentionStep(seat, record, late)


def _parse_held_line(keyword: str, words: list[str]) -> ExposeStep:
    """45C1-C3: ``hold SEAT CARD [position]``, ``touch DECLARER CARD`` (dummy's card)."""
    if keyword == "touch":
        if len(words) != 3:
            raise PlayGrammarError("expected 'touch DECLARER CARD', as in 'touch S S5'")
        how = Exposure.TOUCHED
    elif len(words) == 3 or (len(words) == 4 and words[3].lower() == "position"):
        how = Exposure.HELD_AS_PLAYED if len(words) == 4 else Exposure.HELD
    else:
        raise PlayGrammarError("expected 'hold SEAT CARD [position]', as in 'hold W CQ'")
    return ExposeStep(_parse(Seat.parse, words[1]), _parse(Card.parse, words[2]), how)


def _parse_tricks_line(keyword: str, words: list[str]) -> PlayStepLine:
    """Laws 65-66 lines: point, inspect, mix."""
    if keyword == "mix":
        if len(words) not in (2, 3) or (len(words) == 3 and words[2].lower() != "after-claim"):
            raise PlayGrammarError("expected 'mix SEAT [after-claim]'")
        return MixStep(_parse(Seat.parse, words[1]), len(words) == 3)
    if len(words) < 3 or not words[2].isdigit():
        raise PlayGrammarError(f"expected '{keyword} SEAT TRICK ...', as in '{keyword} W 3'")
    seat, trick = _parse(Seat.parse, words[1]), int(words[2])
    rest = [word.lower() for word in words[3:]]
    if keyword == "point":
        if len(rest) not in (1, 3) or rest[0] not in ("won", "lost") or (
                len(rest) == 3 and rest[1] != "by"):
            raise PlayGrammarError("expected 'point SEAT TRICK won|lost [by SEAT]'")
        by = _parse(Seat.parse, rest[2]) if len(rest) == 3 else None
        return PointStep(seat, trick, rest[0] == "won", by)
    unknown = [word for word in rest if word not in INSPECT_FLAGS and word not in PURPOSES]
    if unknown:
        raise PlayGrammarError(f"'inspect': {unknown[0]!r} is none of "
                               f"{', '.join(sorted(INSPECT_FLAGS))}, {', '.join(PURPOSES)}")
    purpose = next((word for word in rest if word in PURPOSES), "")
    return InspectStep(seat, trick, frozenset(w for w in rest if w in INSPECT_FLAGS), purpose)


def _parse_dummy_line(keyword: str, words: list[str]) -> DummyStep:
    shapes = {"designate": "designate SEAT TEXT", "change-designation":
              "change-designation SEAT CARD", "misplaced": "misplaced RECORD CARD",
              "dummy": "dummy breach|shown|indicate|warn-hand, or dummy prevent|handled SEAT"}
    args = tuple(words[1:])
    wrong = {"designate": len(args) < 2, "change-designation": len(args) != 2,
             "misplaced": len(args) != 2 or not args[0].isdigit(),
             "dummy": not args or args[0].lower() not in DUMMY_ACTIONS
             or len(args) != (2 if args[0].lower() in ("prevent", "handled") else 1)}[keyword]
    if wrong:
        raise PlayGrammarError(f"expected '{shapes[keyword]}'")
    if keyword in ("designate", "change-designation"):
        _parse(Seat.parse, args[0])
    if keyword in ("change-designation", "misplaced"):
        _parse(Card.parse, args[1])
    if keyword == "dummy" and len(args) == 2:
        _parse(Seat.parse, args[1])
    return DummyStep(keyword, args)


def _apply_dummy_line(table: Table, step: DummyStep) -> None:
    args = step.args
    if step.keyword == "designate":
        table.designate(args[0], " ".join(args[1:]))
    elif step.keyword == "change-designation":
        table.change_designation(args[0], args[1])
    elif step.keyword == "misplaced":
        table.dummy_misplaced(int(args[0]), args[1])
    else:
        table.dummy_action(args[0].lower(), *args[1:])


def _parse_defect_line(keyword: str, words: list[str]) -> DefectStep:
    if keyword == "omit":
        if len(words) != 2:
            raise PlayGrammarError("expected 'omit SEAT'")
        return DefectStep(CardOmitted(_parse(Seat.parse, words[1])))
    if keyword == "replay":
        if len(words) != 4 or not words[2].isdigit():
            raise PlayGrammarError("expected 'replay SEAT TRICK CARD', as in 'replay E 9 HA'")
        return DefectStep(CardReplayed(_parse(Seat.parse, words[1]), int(words[2]),
                                       _parse(Card.parse, words[3])))
    if len(words) not in (3, 4) or (len(words) == 4 and words[3].lower() != "exposed"):
        raise PlayGrammarError("expected 'extra SEAT CARD [exposed]'")
    return DefectStep(ExtraCardPlayed(_parse(Seat.parse, words[1]),
                                      _parse(Card.parse, words[2]), len(words) == 4))


def _parse_lead_line(keyword: str, words: list[str]) -> LeadStep:
    if keyword == "lead-face-down":
        if len(words) != 3:
            raise PlayGrammarError("expected 'lead-face-down SEAT CARD', as in "
                                   "'lead-face-down W D3'")
        return LeadStep(OpeningLeadFaceDown(_parse(Seat.parse, words[1]),
                                            _parse(Card.parse, words[2])))
    if len(words) != 2:
        raise PlayGrammarError(f"expected '{keyword} SEAT'")
    seat = _parse(Seat.parse, words[1])
    return LeadStep(OpeningLeadFaced(seat) if keyword == "face" else FaceDownLeadWithdrawn(seat))


def apply_play_line(table: Table, step: PlayStepLine) -> None:
    if isinstance(step, LeadStep | DefectStep | TurnStep):
        table.apply(step.event)
    elif isinstance(step, DummyStep):
        _apply_dummy_line(table, step)
    elif isinstance(step, ExposeStep):
        table.expose(_touched(table, step), step.card, step.how, step.also)
    elif isinstance(step, PointStep):
        table.point(step.seat, step.trick, step.won, step.noticed_by)
    elif isinstance(step, InspectStep):
        table.inspect(step.seat, step.trick, own_card="own" in step.flags,
                      turned="turned" in step.flags, instructed="instructed" in step.flags,
                      purpose=step.purpose)
    elif isinstance(step, MixStep):
        table.mix_cards(step.seat, step.after_claim)
    else:
        table.draw_attention(step.seat, step.record, step.late)


def _touched(table: Table, step: ExposeStep) -> Seat:
    """The hand whose card it is: for ``touch``, declarer touches a card of dummy's."""
    play = table.state.play
    if step.how is not Exposure.TOUCHED or play is None:
        return step.seat
    if step.seat is not play.declarer:
        raise ActionRejected(f"'touch': {step.seat.name.title()} is not declarer (45C3)")
    return play.dummy


def _parse(parse: Callable[[str], T], text: str) -> T:
    try:
        return parse(text)
    except ParseError as error:
        raise PlayGrammarError(error.reason) from None
