"""A user's mistake on the command line: one line on standard error, exit code 2.

The line is written raw, never through Rich: Rich wraps at the terminal's width, and a
long path in a narrow window would come out as "no" and "such file" on two lines, which
neither a reader nor a script that greps standard error can use.
"""

from __future__ import annotations

import sys
from typing import NoReturn

import typer


def error_line(message: str) -> int:
    """Write ``error: message`` as one line on standard error; return 2, the exit code
    of a bad input (for the helpers that return an exit code)."""
    sys.stdout.flush()  # what a command printed before stays before the error
    one_line = " ".join(part.strip() for part in message.splitlines() if part.strip())
    sys.stderr.write(f"error: {one_line}\n")
    sys.stderr.flush()
    return 2


def fail(message: str) -> NoReturn:
    """``error_line`` and end the command with exit code 2."""
    raise typer.Exit(error_line(message))
