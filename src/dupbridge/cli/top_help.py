"""``dupbridge --help`` without Typer: the text Typer writes for the top-level command at
the usual width, kept here, so that the answer costs Python's start-up and this module.

The text is generated, never written by hand: ``python -m dupbridge.cli.top_help`` writes it
from the Typer app (``typer_help``), and ``tests/test_cli_startup.py`` fails when a command,
option or help line changed without it. A terminal narrower than 80 columns, or a program
name too long for one usage line, gets Typer's own rendering (``top_help`` returns None).
"""

from __future__ import annotations

import os
import sys

# Click's help formatter writes min(terminal columns, 80) - 2 columns, and at least 50.
WIDTH = 78
PROG = "{prog}"

TEXT = """\
Usage: {prog} [OPTIONS] COMMAND [ARGS]...

  The Laws of Duplicate Bridge, executable.

Options:
  --version  Print the version and exit.
  --help     Show this message and exit.

Commands:
  board       Dealer and vulnerability of a board (Law 2).
  deal        Deal boards at random (Law 6); with --seed the same set...
  score       Score a contract for the declaring side (Law 77).
  claim       A claim adjudicated under Law 70 (V(P), the worst normal...
  replay      Replay every game through the table engine: games replayed,...
  demo        Play one board with random legal actions and one...
  serve       Serve the web app: Director's console, table devices and...
  convert     Convert boards between file formats (a progress bar on...
  handrecord  Double-dummy table and par of every board, as PBN tags or a...
  rule        Interactive ruling assistant: the board and its hands, the...
  laws        The law index and what implements it.
  case        Ruling cases as data (docs/ruling-cases.md).
  event       Prepare an event: movements and dealing.
  db          The club-session database: its schema migrations.
"""


def top_help() -> str | None:
    """The top-level help for this terminal and program name; None when only Typer can
    say it as it would (a narrow terminal, an unusual program name)."""
    if max(min(_columns(), 80) - 2, 50) != WIDTH:
        return None
    prog = _program_name()
    text = TEXT.replace(PROG, prog)
    if len(text.split("\n", 1)[0]) > WIDTH:  # Click would wrap the usage line
        return None
    return text


def _columns() -> int:
    """The terminal's width as ``shutil.get_terminal_size`` finds it (``COLUMNS``, else
    standard output's terminal, else 80), without importing ``shutil``, which loads the
    compression modules and costs more than the rest of this answer."""
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0 and sys.__stdout__ is not None:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns if columns > 0 else 80


def _program_name() -> str:
    """The name the help's usage line gives the command, found as Click finds it
    (``click.utils._detect_program_name``): the script's file name, or ``python -m
    PACKAGE`` when run as a module."""
    path = sys.argv[0]
    package = getattr(sys.modules["__main__"], "__package__", None)
    if not package:
        return os.path.basename(path)
    name = os.path.splitext(os.path.basename(path))[0]
    module = package if name == "__main__" else f"{package}.{name}"
    return f"python -m {module.lstrip('.')}"


def typer_help(prog: str = PROG, width: int = WIDTH) -> str:
    """What Typer prints for ``PROG --help`` at ``width`` columns of text: the source of
    ``TEXT``."""
    import typer.main

    from dupbridge.cli.commands import app

    command = typer.main.get_command(app)
    with command.make_context(prog, [], resilient_parsing=True,
                              terminal_width=width) as context:
        return command.get_help(context) + "\n"


def _write() -> None:
    """Write ``TEXT`` into this file from the Typer app."""
    from pathlib import Path

    source = Path(__file__)
    before, rest = source.read_text(encoding="utf-8").split('TEXT = """\\\n', 1)
    after = rest.split('"""\n', 1)[1]
    text = typer_help()
    assert '"""' not in text and "\\" not in text, "the help needs escaping: extend _write"
    source.write_text(f'{before}TEXT = """\\\n{text}"""\n{after}', encoding="utf-8")


if __name__ == "__main__":
    _write()
