"""Exceptions for what cannot exist (DESIGN.md: irregularities are values, not exceptions)."""

from __future__ import annotations


class ParseError(ValueError):
    """Malformed text: says what was expected and at which position of the text."""

    def __init__(self, message: str, text: str, position: int = 0) -> None:
        self.text = text
        self.position = position
        self.reason = message
        pointer = f"{text}\n{' ' * position}^" if text else ""
        super().__init__(f"{message} (at position {position} of {text!r})\n{pointer}".rstrip())


class ActionRejected(Exception):
    """An action that cannot physically happen at a table: a card the player does not hold,
    an action after the board is complete, an answer to a question nobody asked."""
