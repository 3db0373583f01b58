"""Messages the engine shows to people, as translatable values.

``msg("{card} becomes a major penalty card", card=card)`` is the English text (a ``str``,
so every existing use of a description or prompt still works) that remembers its template
and its parameters. ``dupbridge.lawbook.i18n`` renders it in Spanish, French or
Portuguese from the gettext catalogues; ``pybabel extract -k msg`` finds every template.

A template must be one literal string: building a message by concatenation loses the
template (the result is a plain ``str``), and the completeness test catches it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class Msg(str):
    """English text with its template and parameters (see the module docstring)."""

    template: str
    params: Mapping[str, Any]

    def __new__(cls, template: str, params: Mapping[str, Any]) -> Msg:
        text = super().__new__(cls, template.format(**params) if params else template)
        text.template = template
        text.params = dict(params)
        return text

    def __reduce__(self) -> tuple[Any, ...]:
        return (Msg, (self.template, self.params))


def msg(template: str, /, **params: Any) -> Msg:
    """Mark ``template`` as a translatable message and fill in its ``{named}`` fields."""
    return Msg(template, params)


def N_(template: str, /) -> str:  # noqa: N802 - the gettext convention for "mark only"
    """Mark a literal for extraction without translating it here (e.g. enum values)."""
    return template
