"""Values of the app layer laid out for the templates (words and numbers only; the app
layer has decided everything)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import datetime
from fractions import Fraction
from typing import Any, Protocol

import segno
from markupsafe import Markup

from dupbridge.app.club_night.entry_check import typed_contract
from dupbridge.app.club_night.local_time import local
from dupbridge.core.calls import Denomination, Pass
from dupbridge.core.cards import Card
from dupbridge.core.seats import Seat
from dupbridge.i18n.catalogues import call_text, parameter, strain_text
from dupbridge.i18n.words import seat_word


def pair_list(pairs: tuple[int, ...]) -> str:
    return "-".join(map(str, pairs))


class Result(Protocol):
    """What a result's text reads: a club night's ``Line`` or a published session's
    ``Played`` (the live pages and the static site print a result alike)."""

    @property
    def contract(self) -> str: ...
    @property
    def declarer(self) -> str: ...
    @property
    def lead(self) -> str: ...
    @property
    def tricks(self) -> int | None: ...
    @property
    def adjusted(self) -> str | None: ...


def line_text(line: Result, language: str) -> str:
    """``3NT N 9 ♠A``, ``PASS`` or an adjusted-score code, seats and cards in the reader's
    language."""
    if line.adjusted:
        return line.adjusted
    if line.contract == "PASS" or not line.contract:
        return "PASS" if language == "en" else call_text(Pass(), language)
    declarer = parameter(Seat.parse(line.declarer), language)[0] if line.declarer else ""
    lead = f" {_card(line.lead, language)}" if line.lead else ""
    return f"{contract_text(line.contract, language)} {declarer} {line.tricks}{lead}"


_CONTRACT = re.compile(r"([1-7])(NT|N|S|H|D|C)(X{0,2})", re.IGNORECASE)


def contract_text(contract: str, language: str) -> str:
    """``3NT``, ``4SX`` as the reader writes them (3SA, 4♠X; ST in Portuguese); English
    keeps the letters it is entered with."""
    found = _CONTRACT.fullmatch(contract.strip())
    if language == "en" or found is None:
        return contract
    denomination = Denomination.parse(found.group(2).upper())
    return f"{found.group(1)}{strain_text(denomination, language)}{found.group(3).upper()}"


def assigned_input(text: str, language: str) -> str:
    """An adjusted score as typed: ``A60/40`` as it is, an assigned result ``4♠ O 10`` in
    the reader's notation as the app reads it (``4S W 10``)."""
    words = text.split()
    if len(words) != 3 or words[0].upper().startswith("A"):
        return text
    seat = seat_word(words[1], language)
    return " ".join((typed_contract(words[0], language),
                     words[1] if seat is None else seat.letter, words[2]))


def _card(text: str, language: str) -> str:
    return parameter(Card.parse(text), language)


def when(moment: datetime | None, zone: str = "UTC") -> str:
    """``moment`` as the clock on the club's wall reads it (``zone``: the event's)."""
    if moment is None:
        return ""
    return local(moment, zone).strftime("%H:%M:%S %Z").strip()


def number(value: Fraction | None, places: int = 2) -> str:
    return "" if value is None else f"{float(value):.{places}f}"


def seats(language: str) -> list[dict[str, Any]]:
    return [{"letter": s.letter, "name": parameter(s, language)} for s in Seat]


def qr_svg(text: str) -> Markup:
    """``text`` as a QR code, an inline SVG a phone's camera reads."""
    return Markup(segno.make(text, error="m").svg_inline(scale=3))


def sent_text(sent: Mapping[str, Any]) -> str:
    """A result as a table sent it and it could not be recorded, its words as they came
    (they may not read as a contract or a card at all)."""
    words = [str(sent.get(k) or "") for k in ("contract", "declarer", "tricks", "lead")]
    return " ".join(w for w in words if w).strip() or "?"
