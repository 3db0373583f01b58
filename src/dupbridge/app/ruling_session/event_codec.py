"""Table events as JSON values, and back, without pickle.

Each event is an object ``{"event": "CallMade", "seat": "N", "call": "1S"}``: the class name,
then its fields written as text a person can read (a seat by its letter, a call, a card, a
clause as the table prints them; an enumeration by its value; a tuple as a list). The codec
reads the fields' annotations, so an event class added to ``table.events`` later is written
and read with no change here; a field of a kind it does not know is refused when the codec
meets it, never written as something it could not read back.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import fields, is_dataclass
from enum import Enum
from functools import cache
from typing import Any, Literal, get_args, get_origin, get_type_hints

from dupbridge.core.calls import Call
from dupbridge.core.cards import Card
from dupbridge.core.edition import LawRef
from dupbridge.core.errors import ParseError
from dupbridge.core.seats import Seat
from dupbridge.table.events import Event

Json = Any
"""A value ``json.dumps`` writes: None, bool, int, str, list or dict of those."""


class CodecError(ValueError):
    """A JSON value that is not the event or field it claims to be; the message names where."""


_TEXT_TYPES: Mapping[type, Callable[[str], Any]] = {
    Seat: Seat.parse, Call: Call.parse, Card: Card.parse, LawRef: LawRef.parse,
}


@cache
def event_classes() -> Mapping[str, type]:
    """Every event class of the table, by name (the members of the ``Event`` union)."""
    return {cls.__name__: cls for cls in get_args(Event)}


@cache
def _hints(cls: type) -> Mapping[str, Any]:
    # Each event class's annotations name types of its own module (table/events/*).
    return get_type_hints(cls)


def encode_event(event: Event) -> dict[str, Json]:
    """``event`` as a JSON object."""
    name = type(event).__name__
    if name not in event_classes():
        raise CodecError(f"{name} is not a table event")
    data: dict[str, Json] = {"event": name}
    for item in fields(event):
        data[item.name] = encode_value(getattr(event, item.name), f"{name}.{item.name}")
    return data


def encode_value(value: Any, where: str) -> Json:
    if value is None or (isinstance(value, bool | int | str) and not isinstance(value, Enum)):
        return value
    if isinstance(value, Seat):
        return value.letter
    if isinstance(value, Call | Card | LawRef):
        return str(value)
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return [encode_value(item, where) for item in value]
    raise CodecError(f"{where}: cannot write a {type(value).__name__} as JSON")


def decode_event(data: Json, where: str = "event") -> Event:
    """The event a JSON object describes; ``CodecError`` naming ``where`` and the field."""
    if not isinstance(data, dict) or not isinstance(data.get("event"), str):
        raise CodecError(f"{where}: expected an object with an 'event' name, found {data!r}")
    name = data["event"]
    cls = event_classes().get(name)
    if cls is None:
        raise CodecError(f"{where}: unknown event {name!r}")
    assert is_dataclass(cls)
    known = {item.name for item in fields(cls)}
    unknown = sorted(set(data) - known - {"event"})
    if unknown:
        raise CodecError(f"{where}: {name} has no field(s) {', '.join(unknown)}")
    hints = _hints(cls)
    values = {}
    for item in fields(cls):
        if item.name in data:
            values[item.name] = decode_value(data[item.name], hints[item.name],
                                             f"{where} ({name}.{item.name})")
    try:
        event = cls(**values)
    except TypeError as error:
        raise CodecError(f"{where}: {name}: {error}") from None
    return typing.cast(Event, event)


def decode_value(value: Json, hint: Any, where: str) -> Any:
    """``value`` read as the annotation ``hint`` says."""
    origin = get_origin(hint)
    if origin in (types.UnionType, typing.Union):
        return _decode_union(value, get_args(hint), where)
    if origin is Literal:
        if value in get_args(hint):
            return value
        raise CodecError(f"{where}: expected one of {get_args(hint)}, found {value!r}")
    if origin is tuple:
        return _decode_tuple(value, get_args(hint), where)
    if hint is type(None):
        if value is None:
            return None
        raise CodecError(f"{where}: expected null, found {value!r}")
    if hint in _TEXT_TYPES:
        return _parse_text(value, hint, where)
    if isinstance(hint, type) and issubclass(hint, Enum):
        try:
            return hint(value)
        except ValueError:
            raise CodecError(f"{where}: {value!r} is not a {hint.__name__}") from None
    if hint in (bool, int, str):
        if type(value) is not hint:
            raise CodecError(f"{where}: expected {hint.__name__}, found {value!r}")
        return value
    raise CodecError(f"{where}: cannot read a field of type {hint!r}")


def _decode_union(value: Json, options: tuple[Any, ...], where: str) -> Any:
    """The first member of the union that reads ``value``: null for an optional field,
    a JSON bool, number or string as itself when the union takes it (``Answer``), else the
    first text type that parses it (a ``Chooser`` is "Director" or a seat)."""
    if value is None and type(None) in options:
        return None
    for native in (bool, int, str):
        if type(value) is native and native in options:
            return value
    for option in options:
        if option is type(None):
            continue
        try:
            return decode_value(value, option, where)
        except CodecError:
            continue
    raise CodecError(f"{where}: {value!r} fits none of "
                     f"{', '.join(getattr(o, '__name__', str(o)) for o in options)}")


def _decode_tuple(value: Json, args: tuple[Any, ...], where: str) -> tuple[Any, ...]:
    if not isinstance(value, list):
        raise CodecError(f"{where}: expected a list, found {value!r}")
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(decode_value(item, args[0], f"{where}[{number}]")
                     for number, item in enumerate(value))
    if len(value) != len(args):
        raise CodecError(f"{where}: expected {len(args)} items, found {len(value)}")
    return tuple(decode_value(item, hint, f"{where}[{number}]")
                 for number, (item, hint) in enumerate(zip(value, args, strict=True)))


def _parse_text(value: Json, hint: type, where: str) -> Any:
    if not isinstance(value, str):
        raise CodecError(f"{where}: expected a {hint.__name__} as text, found {value!r}")
    try:
        return _TEXT_TYPES[hint](value)
    except (ParseError, ValueError) as error:
        reason = error.reason if isinstance(error, ParseError) else str(error)
        raise CodecError(f"{where}: {reason}") from None
