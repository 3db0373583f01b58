"""The command line starts fast (benchmarks/startup.py measures it): ``dupbridge --help``
is answered without Typer, from a text generated from the Typer app, and a command loads
only the modules it uses."""

from __future__ import annotations

import os
import subprocess
import sys

from dupbridge.cli import top_help


def _run(code: str, *args: str, columns: str = "80") -> str:
    """``code`` in a fresh interpreter whose command line is ``dupbridge ARGS``."""
    prelude = f"import sys; sys.argv = ['dupbridge', *{list(args)!r}]\n"
    return subprocess.run([sys.executable, "-c", prelude + code], capture_output=True,
                          text=True, check=True,
                          env={**os.environ, "COLUMNS": columns}).stdout


_MAIN = ("from dupbridge.cli.main import main\n"
         "try:\n    main()\nexcept SystemExit:\n    pass\n")


def test_the_kept_help_is_what_typer_writes() -> None:
    assert top_help.typer_help() == top_help.TEXT, (
        "the commands changed: run 'python -m dupbridge.cli.top_help' to write the help again")


def test_help_is_typers_text_without_loading_typer() -> None:
    out = _run(_MAIN + "print('LOADED', sorted({m.split('.')[0] for m in sys.modules} & "
                       "{'typer', 'click', 'rich'}))", "--help")
    help_text, loaded = out.rsplit("LOADED", 1)
    assert help_text == top_help.typer_help("dupbridge")
    assert loaded.strip() == "[]"


def test_help_at_a_narrow_terminal_is_typers_own() -> None:
    out = _run(_MAIN, "--help", columns="40")
    assert out == top_help.typer_help("dupbridge", width=50)
    assert "Commands:" in out and "db" in out.split()


def test_a_command_does_not_load_the_club_session_commands() -> None:
    out = _run(_MAIN + "print('LOADED', [m for m in ('dupbridge.cli.event_commands', "
                       "'dupbridge.cli.event_preparation', 'sqlalchemy') if m in sys.modules])",
               "board", "5")
    assert "Board 5: dealer North" in out and "LOADED []" in out
