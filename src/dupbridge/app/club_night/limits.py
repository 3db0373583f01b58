"""What a club session accepts, checked in the app so that SQLite and PostgreSQL behave
alike: SQLite stores a 300-character name in a 200-character column and a NUL where
PostgreSQL refuses both, and neither stores a lone surrogate.

The bounds are what makes sense at a club, with room to spare:

* a name (event, pair) at most ``NAME_LENGTH`` characters on one line (the ``events.name``
  column holds 200);
* an id at most ``ID_LENGTH`` characters, who at most ``WHO_LENGTH`` (the columns);
* a reason (``why``) or any other text at most ``TEXT_LENGTH`` characters;
* a round, table, board or pair number from 1 to ``MAX_NUMBER`` (the columns are 32-bit
  integers; a club session has a few dozen of each); a movement of at most ``MAX_SIZE``
  tables, pairs or teams (a Swiss ``MAX_SWISS_TEAMS`` teams) and ``MAX_BOARDS_PER_ROUND``
  boards a round;
* a period extended (79C1, 92B) by 1 to ``MAX_EXTENSION_MINUTES`` at a time (a week),
  ``MAX_TOTAL_EXTENSION`` in all (a year): beyond that the dates leave the calendar;
* a procedural penalty (Law 90) above 0 and at most ``MAX_PENALTY`` in the unit of the
  totals, written with a denominator of at most ``MAX_PENALTY_DENOMINATOR``.

Text is refused with a NUL (PostgreSQL stores none) or a lone surrogate (no encoding
stores one): ``unstorable`` says why, ``check_storable`` walks a record before it is
written."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from datetime import timedelta
from fractions import Fraction

from dupbridge.app.errors import BadInput
from dupbridge.core.messages import Msg, msg

NAME_LENGTH = 200
ID_LENGTH = 100
WHO_LENGTH = 200
TEXT_LENGTH = 2000
MAX_NUMBER = 1000
MAX_SIZE = 40  # tables of a Mitchell, pairs of a Howell, teams of a round robin
# teams of a Swiss: a federation's open Swiss runs to a few hundred teams, paired round
# by round (tournament.swiss: some 20 ms of CPU per round for 200)
MAX_SWISS_TEAMS = 200
MAX_BOARDS_PER_ROUND = 16
MAX_EXTENSION_MINUTES = 7 * 24 * 60
MAX_TOTAL_EXTENSION = timedelta(days=366)
MAX_PENALTY = Fraction(1000)
MAX_PENALTY_DENOMINATOR = 1000

_SURROGATE = re.compile("[\ud800-\udfff]")
_CONTROL = re.compile("[\x00-\x1f\x7f]")


def unstorable(text: str) -> Msg | None:
    """Why ``text`` cannot be stored, or None."""
    if "\x00" in text:
        return msg("a NUL character cannot be stored")
    if _SURROGATE.search(text):
        return msg("a lone surrogate is not a character")
    return None


def check_text(field: str, text: str, limit: int = TEXT_LENGTH, *,
               one_line: bool = False) -> str:
    """``text`` as given, or ``BadInput`` naming ``field`` and what is wrong."""
    problem = unstorable(text)
    if problem is None and len(text) > limit:
        problem = msg("at most {limit} characters, not {count}", limit=limit,
                      count=len(text))
    if problem is None and one_line and _CONTROL.search(text):
        problem = msg("one line, without control characters")
    if problem is not None:
        raise BadInput(msg("{field}: {problem}", field=field, problem=problem))
    return text


def check_number(field: str, value: int, low: int = 1, high: int = MAX_NUMBER) -> int:
    """``value`` if it lies from ``low`` to ``high``, else ``BadInput`` naming ``field``."""
    if isinstance(value, bool) or not low <= value <= high:
        raise BadInput(msg("{field}: a whole number from {low} to {high}, not {text}",
                           field=field, low=low, high=high, text=str(value)[:20]))
    return value


def read_whole(field: str, text: str, low: int = 1, high: int = MAX_NUMBER) -> int:
    """A whole number written in ASCII digits (``²`` is a digit to ``str.isdigit`` but
    not a number), from ``low`` to ``high``; ``BadInput`` naming ``field`` otherwise."""
    written = text.strip()
    if not (written.isascii() and written.isdigit() and len(written) <= 12):
        raise BadInput(msg("{field}: a whole number from {low} to {high}, not {text}",
                           field=field, low=low, high=high, text=written[:20]))
    return check_number(field, int(written), low, high)


def check_extension(minutes: int, already: timedelta = timedelta(0)) -> timedelta:
    """The extension of the periods by ``minutes``, within the bounds above."""
    check_number("minutes", minutes, 1, MAX_EXTENSION_MINUTES)
    extension = timedelta(minutes=minutes)
    if already + extension > MAX_TOTAL_EXTENSION:
        raise BadInput(msg("minutes: the periods are extended by at most {days} days in all",
                           days=MAX_TOTAL_EXTENSION.days))
    return extension


def read_amount(text: str) -> Fraction:
    """A procedural penalty as written (``3``, ``1.5``, ``1/2``), within the bounds above."""
    written = text.strip()
    try:
        if len(written) > 20:
            raise ValueError(written)
        amount = Fraction(written)
    except (ValueError, ZeroDivisionError):
        raise BadInput(msg("amount: a number such as 3, 1.5 or 1/2, not {text}",
                           text=written[:20])) from None
    return check_amount(amount)


def check_amount(amount: Fraction) -> Fraction:
    if not 0 < amount <= MAX_PENALTY or amount.denominator > MAX_PENALTY_DENOMINATOR:
        raise BadInput(msg("amount: above 0 and at most {high}, not {text}",
                           high=str(MAX_PENALTY), text=str(amount)[:20]))
    return amount


def _strings(value: object, where: str) -> Iterator[tuple[str, str]]:
    """Every string in a JSON value (keys too), with where it is; iterative, so that a
    deep value cannot exhaust the stack."""
    pending: list[tuple[object, str]] = [(value, where)]
    while pending:
        item, at = pending.pop()
        if isinstance(item, str):
            yield at, item
        elif isinstance(item, Mapping):
            for key, inner in item.items():
                yield at, str(key)
                pending.append((inner, at))
        elif isinstance(item, list | tuple):
            pending.extend((inner, at) for inner in item)


def check_storable(**fields: object) -> None:
    """Every string in ``fields`` (texts, JSON payloads) storable in any store, else
    ``BadInput`` naming the field."""
    for name, value in fields.items():
        for at, text in _strings(value, name):
            problem = unstorable(text)
            if problem is not None:
                raise BadInput(msg("{field}: {problem}", field=at, problem=problem))


def check_record(*, id: str, who: str = "", why: str = "", name: str = "",
                 numbers: tuple[int | None, ...] = (), content: object = None) -> None:
    """A record about to be written (an event, an action, a table log): its id, who,
    why and name within their columns, its round, table and board within a 32-bit
    column, and every string storable; ``BadInput`` naming what is not."""
    check_text("id", id, ID_LENGTH)
    check_text("who", who, WHO_LENGTH)
    check_text("why", why, TEXT_LENGTH)
    check_text("name", name, NAME_LENGTH, one_line=True)
    for number in numbers:
        if number is not None:
            check_number("number", number, 0, 2**31 - 1)
    check_storable(content=content)
