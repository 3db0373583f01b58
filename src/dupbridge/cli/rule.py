"""``dupbridge rule``: the Director's ruling assistant at the terminal.

Only the terminal lives here: the options of the command, the prompt and the printing.
What is asked and ruled is ``dupbridge.app.ruling_session.dialogue``; the session it builds is a
``RulingSession`` document (``--save``, ``--load``).
"""

from __future__ import annotations

import locale
import os
from pathlib import Path

import typer
from rich.console import Console
from rich.text import Text

from dupbridge.app.ruling_session.answers import read_regulations
from dupbridge.app.ruling_session.dialogue import RuleDialogue, Setup
from dupbridge.app.ruling_session.document import (
    RulingSession,
    SessionError,
    board_from_file,
    complete_deal,
)
from dupbridge.core.board import Board
from dupbridge.core.deal import Deal
from dupbridge.core.errors import ParseError
from dupbridge.i18n.catalogues import LANGUAGES
from dupbridge.lawbook.installed import installed_books


class TerminalPrompter:
    """Prompts with ``typer.prompt`` (Enter takes the default); prints without markup or
    wrapping, so that clauses such as ``27B1(a)`` come out exactly as written."""

    def __init__(self, console: Console) -> None:
        self.console = console

    def ask(self, prompt: str, default: str = "") -> str:
        answer: str = typer.prompt(prompt, default=default, show_default=bool(default))
        return answer

    def say(self, text: str, style: str = "") -> None:
        self.console.print(Text(text, style=style), soft_wrap=True, highlight=False)


def director_language(requested: str | None) -> str:
    """``--lang``, else the locale's language when it is one of ours, else English."""
    if requested is not None:
        if requested not in LANGUAGES:
            raise ValueError(f"--lang is one of {', '.join(LANGUAGES)}, not {requested!r}")
        return requested
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable)
        if value:
            code = value.split("_")[0].split(".")[0].lower()
            return code if code in LANGUAGES else "en"
    code = (locale.getlocale()[0] or "en").split("_")[0].lower()
    return code if code in LANGUAGES else "en"


def setup_from_options(edition: str | None, board: int | None, deal: str | None,
                       source: Path | None) -> Setup:
    """What the options say; ``ValueError`` naming the option for what does not fit."""
    setup = Setup()
    if edition is not None:
        try:
            setup.regulations = read_regulations(edition)
        except ValueError as error:
            raise ValueError(f"--edition: {error}") from None
    if board is not None and board < 1:
        raise ValueError(f"--board: a board number is 1 or more, not {board}")
    setup.board = board
    if deal is not None:
        try:
            setup.deal = complete_deal(Deal.from_pbn(deal))
        except ParseError as error:
            raise ValueError(f"--deal: {error.reason}") from None
    if source is not None:
        if board is None:
            raise ValueError("--from needs --board: which board of the file")
        try:
            setup.board_marked = board_from_file(source, board)
        except (OSError, ParseError) as error:
            raise ValueError(f"--from {source}: {error}") from None
    elif board is not None and deal is not None:
        setup.board_marked = Board(board, setup.deal)
    return setup


def run_rule(console: Console, prompter: TerminalPrompter | None = None, *,
             language: str = "en", federation: str | None = None, setup: Setup | None = None,
             load: Path | None = None, save: Path | None = None) -> RulingSession:
    session = RulingSession.load(load) if load is not None else None
    dialogue = RuleDialogue(prompter or TerminalPrompter(console), language, federation,
                            installed_books(), session)
    session = dialogue.run(setup or Setup())
    if save is not None:
        session.save(save)
        dialogue.say(f"{save}")
    return session


__all__ = ["SessionError", "TerminalPrompter", "director_language", "run_rule",
           "setup_from_options"]
