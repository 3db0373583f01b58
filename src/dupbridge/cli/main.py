"""The ``dupbridge`` command's entry point (``[project.scripts]`` and ``python -m
dupbridge``).

``dupbridge --help`` is answered from ``dupbridge.cli.top_help`` without loading Typer, whose
import alone costs more than the 100 ms ``benchmarks/startup.py`` allows the whole command;
every other command line goes to the Typer app of ``dupbridge.cli.commands``.
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False  # as in ``dupbridge/__init__.py``: ``typing`` is not loaded for it
if TYPE_CHECKING:
    from typing import Any

    import typer

    app: typer.Typer


def __getattr__(name: str) -> Any:
    # ``from dupbridge.cli.main import app`` (tests, programs that embed the command line)
    # loads the Typer app on first use, as ``dupbridge.__getattr__`` loads the engine.
    if name != "app":
        raise AttributeError(f"module 'dupbridge.cli.main' has no attribute {name!r}")
    from dupbridge.cli.commands import app

    return app


def main() -> None:
    """The ``dupbridge`` command."""
    if sys.argv[1:] == ["--help"]:
        from dupbridge.cli.top_help import top_help

        text = top_help()
        if text is not None:
            sys.stdout.write(text)
            return
    from dupbridge.cli.commands import run

    run()
