"""Values of the app layer laid out for the templates (words and numbers only; the app
layer has decided everything)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from fractions import Fraction
from typing import Any, Protocol
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import segno
from markupsafe import Markup

from dupbridge.core.cards import Card
from dupbridge.core.seats import Seat
from dupbridge.i18n.catalogues import parameter


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
        return "PASS"
    declarer = parameter(Seat.parse(line.declarer), language)[0] if line.declarer else ""
    lead = f" {_card(line.lead, language)}" if line.lead else ""
    return f"{line.contract} {declarer} {line.tricks}{lead}"


def _card(text: str, language: str) -> str:
    return parameter(Card.parse(text), language)


def when(moment: datetime | None, zone: str = "UTC") -> str:
    """``moment`` as the clock on the club's wall reads it (``zone``: the event's)."""
    if moment is None:
        return ""
    try:
        local = moment.astimezone(ZoneInfo(zone))
    except (ValueError, ZoneInfoNotFoundError):  # an event stored before zones were kept
        local = moment
    return local.strftime("%H:%M:%S %Z").strip()


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
