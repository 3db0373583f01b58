"""Exceptions for what cannot exist (docs/architecture.md: irregularities are values, not
exceptions)."""

from __future__ import annotations


class ParseError(ValueError):
    """Malformed text: says what was expected and where.

    A value parsed on its own (``Card.parse``) gives its ``position`` in ``text``; a file
    parser also gives ``source`` (the file name, or ``"<string>"``), ``line`` and ``column``
    (both 1-based), so the message reads ``file:line:column: expected ...``."""

    def __init__(self, message: str, text: str = "", position: int = 0, *,
                 source: str | None = None, line: int | None = None,
                 column: int | None = None) -> None:
        self.text = text
        self.position = position
        self.reason = message
        self.source = source
        self.line = line
        self.column = column
        if line is not None:
            where = f"{source or '<string>'}:{line}:{column or 1}"
            excerpt = f"\n  {text}\n  {' ' * max((column or 1) - 1, 0)}^" if text else ""
            super().__init__(f"{where}: {message}{excerpt}")
            return
        pointer = f"{text}\n{' ' * position}^" if text else ""
        super().__init__(f"{message} (at position {position} of {text!r})\n{pointer}".rstrip())


class ActionRejected(Exception):
    """An action that cannot physically happen at a table: a card the player does not hold,
    an action after the board is complete, an answer to a question nobody asked."""


def reason_of(error: Exception) -> str:
    """What went wrong, as raised: a ParseError's reason, else the error's message (a
    translatable ``Msg`` stays one, so the reader's language can still write it)."""
    reason = getattr(error, "reason", None)
    if isinstance(reason, str) and reason:
        return reason
    if error.args and isinstance(error.args[0], str):
        return error.args[0]
    return str(error)
