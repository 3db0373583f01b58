"""The app's refusals: one family that the command line and the web app catch, whatever
layer below found the problem. Each carries ``message``: a ``Msg`` (rendered in the
reader's language) or plain text, one line, naming what and where; nothing was written.

* ``NotFound``: no such event, dispute, ruling... (the web answers 404);
* ``Refused``: the Laws or what is already recorded refuse the request (a period closed,
  an id used for something else, a result the movement does not allow);
* ``BadInput``: words that are not what they should be (a contract, a seat, a number, a
  file's line).

The use cases translate the errors of the layers below into these at their boundary
(``translated``); a caller that knew the tournament layer's ``ResultRejected`` still
catches it (``ResultRefused`` is both)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import ParamSpec, TypeVar

from dupbridge.core.errors import ParseError
from dupbridge.core.messages import Msg
from dupbridge.tournament.results import ResultRejected


class AppError(ValueError):
    """A request the app refuses; ``message`` says why."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NotFound(AppError):
    """What the request names is not there."""


class Refused(AppError):
    """The Laws, the regulations or what is already recorded refuse the request."""


class BadInput(AppError):
    """Words that cannot be read as what they should be."""


# mypy sees two declarations of ``message`` (str here, Msg there): it is the one Msg.
class ResultRefused(Refused, ResultRejected):  # type: ignore[misc]
    """The tournament layer's refusal of a result (``ResultRejected``), as the app
    reports it."""

    def __init__(self, message: Msg) -> None:
        super().__init__(message)


# The same: words of a result that are not a contract, seat or card (``ResultInput``).
class UnreadableResult(BadInput, ResultRejected):  # type: ignore[misc]
    """A result whose words cannot be read; still a ``ResultRejected`` for its callers."""

    def __init__(self, message: Msg) -> None:
        super().__init__(message)


def app_error(error: Exception) -> AppError:
    """``error`` as the app reports it: an ``AppError`` as it is; the tournament layer's
    ``ResultRejected`` a ``ResultRefused`` with its message; a malformed value (a
    ``ParseError`` or ``ValueError``) ``BadInput`` with the first line of its text."""
    if isinstance(error, AppError):
        return error
    if isinstance(error, ResultRejected):
        return ResultRefused(error.message)
    if error.args and isinstance(error.args[0], Msg):
        return BadInput(error.args[0])  # a translatable message stays one, for the reader
    return BadInput(str(error).splitlines()[0])


P = ParamSpec("P")
R = TypeVar("R")


def translated(use_case: Callable[P, R]) -> Callable[P, R]:
    """``use_case`` raising only ``AppError``s: the boundary between the app and the
    layers below it."""

    @functools.wraps(use_case)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return use_case(*args, **kwargs)
        except (ValueError, ParseError) as error:
            raise app_error(error) from error

    return run
