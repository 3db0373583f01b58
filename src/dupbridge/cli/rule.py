"""``dupbridge rule``: the Director's ruling assistant at the terminal.

Only the terminal lives here: the options of the command, the prompt and the printing.
What is asked and ruled is ``dupbridge.app.ruling_session.dialogue``; the session it builds is a
``RulingSession`` document (``--save``, ``--load``).
"""

from __future__ import annotations

import locale
import os
from pathlib import Path

import click
import typer
from rich.console import Console
from rich.text import Text

from dupbridge.app.ruling_session.answers import read_regulations
from dupbridge.app.ruling_session.dialogue import Interrupted, Prompter, RuleDialogue, Setup
from dupbridge.app.ruling_session.document import (
    RulingSession,
    SessionError,
    board_from_file,
    complete_deal,
)
from dupbridge.core.board import Board
from dupbridge.core.datadir import data_dir
from dupbridge.core.deal import Deal
from dupbridge.core.errors import ParseError
from dupbridge.core.messages import msg
from dupbridge.i18n.catalogues import LANGUAGES
from dupbridge.i18n.words import yes_no, yes_no_words
from dupbridge.lawbook.installed import installed_books


class TerminalPrompter:
    """Prompts with ``typer.prompt`` (Enter takes the default); prints without markup or
    wrapping, so that clauses such as ``27B1(a)`` come out exactly as written."""

    def __init__(self, console: Console) -> None:
        self.console = console

    def ask(self, prompt: str, default: str = "") -> str:
        """The answer; Ctrl-C or Ctrl-D (the end of the input) is ``Interrupted``, so that
        the ruling is saved rather than lost."""
        try:
            answer: str = typer.prompt(prompt, default=default, show_default=bool(default))
        except (click.exceptions.Abort, typer.Abort, EOFError, KeyboardInterrupt):
            self.console.print()
            raise Interrupted from None
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


def autosave_path(save: Path | None, load: Path | None) -> Path:
    """Where the session is kept after every step: beside ``--save`` (``ruling.json``:
    ``ruling.autosave.json``), else beside ``--load``, else in the user's data directory."""
    beside = save or load
    if beside is not None:
        stem = beside.name.removesuffix(".json").removesuffix(".autosave")
        return beside.with_name(f"{stem}.autosave.json")
    return data_dir() / "rulings" / "autosave.json"


def run_rule(console: Console, prompter: TerminalPrompter | None = None, *,
             language: str | None = "en", federation: str | None = None,
             setup: Setup | None = None, load: Path | None = None,
             save: Path | None = None) -> RulingSession:
    """The dialogue, the session saved after every step (``autosave_path``) and at the end
    in ``--save``. Interrupted (Ctrl-C, Ctrl-D), it offers to save what was ruled and says
    how to go on (``--load``); ``typer.Exit(1)`` then."""
    session = RulingSession.load(load) if load is not None else None
    if language is None:  # --load without --lang: the language the ruling was made in
        language = (session.language if session is not None and session.language
                    in LANGUAGES else director_language(None))
    autosave = autosave_path(save, load)
    io = prompter or TerminalPrompter(console)

    def keep(current: RulingSession) -> None:
        autosave.parent.mkdir(parents=True, exist_ok=True)
        current.save(autosave)

    dialogue = RuleDialogue(io, language, federation, installed_books(), session,
                            on_step=keep)
    try:
        session = dialogue.run(setup or Setup())
    except Interrupted:
        left_with(dialogue, io, save or autosave, autosave)
        raise typer.Exit(1) from None
    if save is not None:
        session.save(save)
        autosave.unlink(missing_ok=True)
        dialogue.say(f"{save}")
    return session


def left_with(dialogue: RuleDialogue, io: Prompter, target: Path,
              autosave: Path) -> None:
    """The Director left mid-ruling: offer to save in ``target`` (a second Ctrl-C or the
    end of the input saves: keeping a ruling is the safe answer)."""
    session = dialogue.session
    if session is None:
        dialogue.say(msg("Interrupted before the board was set up: nothing to save."), "red")
        return
    yes = yes_no_words(dialogue.language)[0]
    try:
        answer = io.ask(dialogue.text(msg("Interrupted. Save the ruling in {path}?",
                                          path=str(target))), yes)
    except Interrupted:
        answer = yes
    if yes_no(answer, dialogue.language) is False:
        autosave.unlink(missing_ok=True)
        dialogue.say(msg("Not saved."), "red")
        return
    session.language = dialogue.language
    session.save(target)
    dialogue.say(msg("Saved in {path}; go on with: dupbridge rule --load {path}",
                     path=str(target)), "bold")


__all__ = ["SessionError", "TerminalPrompter", "autosave_path", "director_language",
           "run_rule", "setup_from_options"]
