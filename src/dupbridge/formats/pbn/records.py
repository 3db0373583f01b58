"""Typed reading of a game, and the mapping to and from ``BoardRecord``.

The readers accept a game as imported (export form) and, being built on the import's own
tolerant value functions, also a hand-built one. ``"?"`` and ``""`` read as ``None``."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from dupbridge.core.board import Board
from dupbridge.core.calls import Bid, Call, Pass
from dupbridge.core.cards import Card, Suit
from dupbridge.core.contract import Contract
from dupbridge.core.deal import Deal
from dupbridge.core.seats import Seat, Vulnerability
from dupbridge.formats.pbn.model import Game, PbnFile, Tag
from dupbridge.formats.pbn.parser import _export_order
from dupbridge.formats.pbn.sections import is_comment
from dupbridge.formats.pbn.values import (
    MANDATORY_TAGS,
    OPEN_VALUES,
    UNKNOWN,
    export_board,
    export_contract,
    export_declarer,
    export_result,
    export_seat,
    export_vulnerable,
    parse_deal,
)
from dupbridge.formats.record import BoardRecord, RecordedCall
from dupbridge.rules.play import beats

_NOTE_REF = re.compile(r"^=(\d+)=$")
_PASS = Call.parse("Pass")


def board_number(game: Game) -> int | None:
    value = export_board(game.value("Board"))
    return None if value in OPEN_VALUES else int(value)


def _seat(value: str) -> Seat | None:
    return None if value in OPEN_VALUES else Seat.parse(value)


def dealer(game: Game) -> Seat | None:
    """The Dealer tag, or the dealer Law 2 gives the board number."""
    seat = _seat(export_seat(game.value("Dealer")))
    number = board_number(game)
    return Board(number).dealer if seat is None and number else seat


def vulnerability(game: Game) -> Vulnerability | None:
    """The Vulnerable tag, or the vulnerability Law 2 gives the board number."""
    value = export_vulnerable(game.value("Vulnerable"))
    number = board_number(game)
    if value in OPEN_VALUES:
        return Board(number).vulnerability if number else None
    return Vulnerability.parse(value)


def deal(game: Game) -> Deal | None:
    value = game.value("Deal")
    return None if value in OPEN_VALUES else parse_deal(value)


def declarer(game: Game) -> Seat | None:
    """The declarer (the seat after ``^`` when declarer and dummy were swapped)."""
    return _seat(export_declarer(game.value("Declarer")).lstrip("^"))


def passed_out(game: Game) -> bool:
    return export_contract(game.value("Contract")) == "Pass"


def contract(game: Game) -> Contract | None:
    """The contract with its declarer; ``None`` when unknown, passed out, or trump only."""
    value = export_contract(game.value("Contract"))
    if value in OPEN_VALUES or value == "Pass" or not value[0].isdigit():
        return None
    found = Contract.parse(value)
    return Contract(found.level, found.denomination, found.doubled, declarer(game))


def tricks(game: Game) -> int | None:
    """Declarer's tricks: the Result (``^n`` read as n; ``NS n``/``EW n`` for the side of the
    declarer when it is known)."""
    value = export_result(game.value("Result"))
    if value in OPEN_VALUES:
        return None
    if value.lstrip("^").isdigit():
        return int(value.lstrip("^"))
    seat = declarer(game)
    parts = value.split()
    sides = dict(zip(parts[::2], (int(n) for n in parts[1::2]), strict=True))
    if seat is not None and str(seat.side) in sides:
        return sides[str(seat.side)]
    return None


def notes(game: Game, section: str) -> dict[int, str]:
    """The ``[Note "n:text"]`` tags that follow the section ``section`` (Auction or Play),
    up to the next tag that is not a note."""
    found: dict[int, str] = {}
    following = False
    for tag in game.tags:
        if tag.name == section:
            following = True
        elif tag.name == "Note" and following:
            number, _, text = tag.value.partition(":")
            found[int(number)] = text
        elif following:
            break
    return found


def auction(game: Game) -> tuple[RecordedCall, ...]:
    """The calls in order; a call with a note reference is alerted, the note its
    explanation. ``AP`` becomes the passes that end the auction; placeholders, comments,
    NAGs and irregularity tokens are left out."""
    tag = game.tag("Auction")
    if tag is None:
        return ()
    explanations = notes(game, "Auction")
    calls: list[RecordedCall] = []
    for token in tag.section:
        note = _NOTE_REF.match(token)
        if note and calls:
            text = explanations.get(int(note[1]), "")
            calls[-1] = RecordedCall(calls[-1].call, True, text)
        elif token == "AP":
            calls.extend(RecordedCall(_PASS) for _ in range(_passes_to_end(calls)))
        elif token[0].isdigit() or token in ("Pass", "X", "XX"):
            calls.append(RecordedCall(Call.parse(token)))
    return tuple(calls)


def _passes_to_end(calls: Sequence[RecordedCall]) -> int:
    bid = any(isinstance(recorded.call, Bid) for recorded in calls)
    trailing = 0
    for recorded in reversed(calls):
        if not isinstance(recorded.call, Pass):
            break
        trailing += 1
    return max((3 if bid else 4) - trailing, 0)


def play(game: Game) -> tuple[Card, ...]:
    """The cards in the order played: each trick from its leader (the opening leader, then
    the winner of the previous trick). Stops at the first unknown card."""
    tag = game.tag("Play")
    found = contract(game)
    if tag is None or tag.value in OPEN_VALUES or found is None:
        return ()
    leader = Seat.parse(tag.value)
    trump = found.denomination.suit
    cells = [token for token in tag.section
             if not is_comment(token) and token[0] not in "=$^" and token != "*"]
    played: list[Card] = []
    turn = leader
    for start in range(0, len(cells) - 3, 4):
        row = cells[start:start + 4]  # columns: the opening leader, then clockwise
        order = [Seat((turn + offset) % 4) for offset in range(4)]
        trick = [row[(seat - leader) % 4] for seat in order]
        if any(card in ("-", "+") for card in trick):
            played.extend(Card.parse(card) for card in trick[:_known(trick)])
            break
        cards = [Card.parse(card) for card in trick]
        played.extend(cards)
        best = 0
        for index in range(1, 4):
            if beats(cards[index], cards[best], trump):
                best = index
        turn = order[best]
    return tuple(played)


def _known(trick: list[str]) -> int:
    return next(index for index, card in enumerate(trick) if card in ("-", "+"))


def _score_ns(game: Game) -> int | None:
    value = game.value("Score").strip().upper()
    match = re.match(r"^(NS|EW)?\s*(-?\d+)$", value)
    if match is None:
        return None
    points = int(match[2])
    return -points if match[1] == "EW" else points


def to_record(game: Game) -> BoardRecord:
    """One game as a record. An unknown board number is 0; an unknown dealer North and an
    unknown vulnerability None, unless the board number gives them (Law 2)."""
    found = contract(game)
    return BoardRecord(
        board=board_number(game) or 0,
        dealer=dealer(game) or Seat.NORTH,
        vulnerability=vulnerability(game) or Vulnerability.NONE,
        deal=deal(game) or Deal.from_hands(dict.fromkeys(Seat)),
        event=_known_text(game.value("Event")), site=_known_text(game.value("Site")),
        date=_known_text(game.value("Date")),
        players=(_known_text(game.value("North")), _known_text(game.value("East")),
                 _known_text(game.value("South")), _known_text(game.value("West"))),
        room=_known_text(game.value("Room")), table=_known_text(game.value("Table")),
        auction=auction(game), play=play(game), contract=found, passed_out=passed_out(game),
        tricks=tricks(game), score_ns=_score_ns(game))


def _known_text(value: str) -> str:
    return "" if value == UNKNOWN else value


def to_records(pbn: PbnFile) -> list[BoardRecord]:
    return [to_record(game) for game in pbn.games]


def from_records(records: Iterable[BoardRecord]) -> PbnFile:
    return PbnFile(tuple(from_record(record) for record in records))


def from_record(record: BoardRecord) -> Game:
    """A game in export form: what the record does not know is ``"?"``."""
    found = record.contract
    values = {
        "Event": record.event, "Site": record.site, "Date": record.date,
        "Board": str(record.board) if record.board else UNKNOWN,
        "North": record.players[0], "East": record.players[1],
        "South": record.players[2], "West": record.players[3],
        "Dealer": record.dealer.letter, "Vulnerable": str(record.vulnerability),
        "Deal": record.deal.to_pbn(record.dealer), "Scoring": UNKNOWN,
        "Declarer": _declarer_value(record),
        "Contract": "Pass" if record.passed_out else _contract_value(found),
        "Result": "" if record.passed_out else
        (UNKNOWN if record.tricks is None else str(record.tricks)),
    }
    known = ("Declarer", "Contract", "Result")  # "" there means: not applicable
    tags = [Tag(name, values[name] if name in known else values[name] or UNKNOWN)
            for name in MANDATORY_TAGS]
    if record.auction:
        tags.extend(_auction_tags(record))
    if record.play and found is not None and found.declarer is not None:
        tags.append(Tag("Play", found.declarer.lho.letter,
                        _play_section(record.play, found.declarer.lho,
                                      found.denomination.suit)))
    for name, value in (("Room", record.room), ("Table", record.table)):
        if value:
            tags.append(Tag(name, value))
    if record.score_ns is not None:
        tags.append(Tag("Score", f"NS {record.score_ns}"))
    return Game(_export_order(tags))


def _declarer_value(record: BoardRecord) -> str:
    if record.passed_out:
        return ""
    seat = None if record.contract is None else record.contract.declarer
    return UNKNOWN if seat is None else seat.letter


def _contract_value(found: Contract | None) -> str:
    if found is None:
        return UNKNOWN
    return export_contract(f"{found.level}{found.denomination.letter}{found.doubled.suffix}")


def _auction_tags(record: BoardRecord) -> list[Tag]:
    tokens: list[str] = []
    note_tags: list[Tag] = []
    for recorded in record.auction:
        tokens.append(export_contract(str(recorded.call)) if isinstance(recorded.call, Bid)
                      else str(recorded.call))
        if recorded.alert or recorded.explanation:
            number = len(note_tags) + 1
            tokens.append(f"={number}=")
            note_tags.append(Tag("Note", f"{number}:{recorded.explanation}"))
    return [Tag("Auction", record.dealer.letter, tuple(tokens)), *note_tags]


def _play_section(cards: Sequence[Card], leader: Seat, trump: Suit | None
                  ) -> tuple[str, ...]:
    """Cards in played order to rows of four in seat columns from the opening leader."""
    tokens: list[str] = []
    turn = leader
    for start in range(0, len(cards), 4):
        trick = list(cards[start:start + 4])
        row = ["-"] * 4
        for offset, card in enumerate(trick):
            row[(turn + offset - leader) % 4] = str(card)
        tokens.extend(row)
        if len(trick) == 4:
            best = 0
            for index in range(1, 4):
                if beats(trick[index], trick[best], trump):
                    best = index
            turn = Seat((turn + best) % 4)
    if len(cards) < 52:
        tokens.append("*")
    return tuple(tokens)
