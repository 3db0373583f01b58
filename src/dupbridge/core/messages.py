"""Messages the engine shows to people, as translatable values.

``msg("{card} becomes a major penalty card", card=card)`` is the English text (a ``str``,
so every existing use of a description or prompt still works) that remembers its template
and its parameters. ``dupbridge.i18n.catalogues`` renders it in Spanish, French or
Portuguese from the gettext catalogues; ``pybabel extract -k msg`` finds every template.

A template must be one literal string: building a message by concatenation loses the
template (the result is a plain ``str``), and the completeness test catches it."""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from string import Formatter
from typing import Any

from dupbridge.core.seats import Seat


class _English(Formatter):
    """How a parameter reads in English: a seat by its name ("North"), an enum shown to
    people (its value marked with ``N_``) by that value, a tuple as a comma-separated list;
    anything else by ``str``. The renderer in ``dupbridge.i18n.catalogues`` mirrors this."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, Seat):
            return value.name.title()
        if isinstance(value, Enum) and isinstance(value.value, str):
            return str(value.value)
        if isinstance(value, tuple):
            return ", ".join(self.format_field(item, format_spec) for item in value)
        return str(super().format_field(value, format_spec))


_ENGLISH = _English()


class Msg(str):
    """English text with its template and parameters (see the module docstring)."""

    template: str
    params: Mapping[str, Any]

    def __new__(cls, template: str, params: Mapping[str, Any]) -> Msg:
        text = super().__new__(cls, _ENGLISH.vformat(template, (), params) if params else template)
        text.template = template
        text.params = dict(params)
        return text

    def __reduce__(self) -> tuple[Any, ...]:
        return (Msg, (self.template, self.params))


def msg(template: str, /, **params: Any) -> Msg:
    """Mark ``template`` as a translatable message and fill in its ``{named}`` fields."""
    return Msg(template, params)


def N_(template: str, /) -> str:  # the gettext convention for "mark only"
    """Mark a literal for extraction without translating it here (e.g. enum values)."""
    return template
