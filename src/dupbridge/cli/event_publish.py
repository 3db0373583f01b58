"""``dupbridge event publish | export``: a club event's results as a static site, USEBIO
or PBN, and its boards as dealing-machine files and curtain cards (printing only; the work
is ``dupbridge.app.publication`` and ``dupbridge.app.club_night.scored``; the site's
pages are ``dupbridge.web.site``)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from dupbridge.cli.event_commands import Db, Lang, _fail, _session, _show
from dupbridge.cli.event_preparation import event_app
from dupbridge.core.messages import msg

if TYPE_CHECKING:
    from dupbridge.app.publication.scored_session import ScoredSession

EventArg = Annotated[str | None, typer.Argument(
    help="The event's id (see 'event list'); or give --from FILE")]
From = Annotated[Path | None, typer.Option(
    "--from", help="A scored USEBIO file to publish instead of an event of the database")]
Out = Annotated[Path, typer.Option("--out", help="Folder (publish, html) or file to write")]


@contextmanager
def _refusals(lang: str) -> Iterator[None]:
    """A bad file, folder or session is one line on standard error (exit code 2)."""
    from dupbridge.app.errors import AppError

    try:
        yield
    except AppError as error:
        _fail(error.message, lang)
    except OSError as error:
        _fail(str(error).splitlines()[0], lang)


def _scored(event: str | None, source: Path | None, db: str | None, lang: str
            ) -> ScoredSession:
    from dupbridge.app.club_night.scored import scored_session
    from dupbridge.app.publication.scored_session import session_from_usebio

    if source is not None:
        with _refusals(lang):
            return session_from_usebio(source)
    if event is None:
        _fail(msg("give an event id or --from FILE"), lang)
    with _session(db, None, lang) as (store, _):
        return scored_session(store, str(event))
    raise AssertionError("_session re-raises as an exit")  # pragma: no cover


@event_app.command("publish")
def publish(
    event: EventArg = None, out: Out = Path("results"), source: From = None,
    analyse: Annotated[bool, typer.Option(help="Hand record with DD table and par")] = True,
    encoding: Annotated[str, typer.Option(help="PBN encoding: iso-8859-1 or utf-8")
                        ] = "iso-8859-1",
    db: Db = None, lang: Lang = "en",
) -> None:
    """The results site (rankings, travellers, score cards, chart, hand record) with the
    session as USEBIO 1.2 (session.xml) and PBN (session.pbn) in the same folder."""
    from dupbridge.app.publication.files import pbn_bytes, usebio_text
    from dupbridge.web.site import write_site

    session = _scored(event, source, db, lang)
    with _refusals(lang):
        written = write_site(session, out, language=lang, analyse=analyse)
        (out / "session.xml").write_text(usebio_text(session), encoding="utf-8")
        written.append(out / "session.xml")
        if any(b.deal is not None for b in session.boards.values()):
            (out / "session.pbn").write_bytes(pbn_bytes(session, encoding))
            written.append(out / "session.pbn")
    _show(lang, msg("{count} files written in {folder}", count=len(written), folder=str(out)))


@event_app.command("export")
def export(
    event: EventArg = None,
    file_format: Annotated[str, typer.Option(
        "--format", help="usebio, pbn, html, curtain, or a dealing machine's format "
                         "(pbn, dup, bri, dge, dlm, ...) with --machine")] = "usebio",
    out: Out = Path("session.xml"), source: From = None,
    machine: Annotated[bool, typer.Option(
        help="The boards for a dealing machine (and curtain cards), not the results")
                       ] = False,
    encoding: Annotated[str, typer.Option(help="PBN encoding: iso-8859-1 or utf-8")
                        ] = "iso-8859-1",
    db: Db = None, lang: Lang = "en",
) -> None:
    """One file of the event: its results (usebio, pbn, html folder) or, with
    --machine, its boards for the dealing machine; curtain: the curtain cards."""
    chosen = file_format.lower()
    if machine or chosen == "curtain":
        _machine_file(event, chosen, out, db, lang)
        return
    from dupbridge.app.publication.files import pbn_bytes, usebio_text
    from dupbridge.web.site import write_site

    session = _scored(event, source, db, lang)
    with _refusals(lang):
        if chosen == "usebio":
            out.write_text(usebio_text(session), encoding="utf-8")
        elif chosen == "pbn":
            out.write_bytes(pbn_bytes(session, encoding))
        elif chosen == "html":
            write_site(session, out, language=lang, analyse=False)
        else:
            _fail(msg("--format is usebio, pbn, html or curtain (or a machine format with "
                      "--machine), not {value}", value=file_format), lang)
    _show(lang, msg("written: {path}", path=str(out)))


def _machine_file(event: str | None, chosen: str, out: Path, db: str | None,
                  lang: str) -> None:
    from dupbridge.app.club_night.scored import event_boards
    from dupbridge.app.publication.dealing_files import curtain_cards_html, write_machine_file

    if event is None:
        _fail(msg("give an event id or --from FILE"), lang)
    with _session(db, None, lang) as (store, _):
        title, boards = event_boards(store, str(event))
        if chosen == "curtain":
            out.write_text(curtain_cards_html(boards, title, lang), encoding="utf-8")
        else:
            write_machine_file(boards, chosen, out)
    _show(lang, msg("written: {path}", path=str(out)))
