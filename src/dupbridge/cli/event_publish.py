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
    from dupbridge.app.club_night.state import ClubState
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


def _kind_state(event: str | None, source: Path | None, db: str | None, lang: str
                ) -> ClubState | None:
    """A team or individual event of the database as the public may see it (None for a
    pairs event, a barometer or a file given with --from): its files are its own."""
    from dupbridge.app.club_night.kind_exports import published_kind_state

    if source is not None or event is None:
        return None
    with _session(db, None, lang) as (store, _):
        return published_kind_state(store, event)
    raise AssertionError("_session re-raises as an exit")  # pragma: no cover


def _kind_publish(state: ClubState, out: Path, encoding: str, lang: str) -> list[Path]:
    """The team or individual event's site, USEBIO (teams) and PBN (the deals public)."""
    from dupbridge.web.exports import kind_files

    written = []
    with _refusals(lang):
        for name, data in kind_files(state, lang).items():
            if name == "session.pbn" and encoding.lower() not in ("utf-8", "utf8"):
                from dupbridge.app.club_night.kind_exports import kind_pbn_bytes

                data = kind_pbn_bytes(state, encoding)
            path = out / name.removeprefix("site/")
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            written.append(path)
    return written


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

    kind = _kind_state(event, source, db, lang)
    if kind is not None:
        written = _kind_publish(kind, out, encoding, lang)
        _show(lang, msg("{count} files written in {folder}", count=len(written),
                        folder=str(out)))
        return
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

    kind = _kind_state(event, source, db, lang)
    if kind is not None:
        _kind_export(kind, chosen, out, encoding, lang)
        _show(lang, msg("written: {path}", path=str(out)))
        return
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


def _kind_export(state: ClubState, chosen: str, out: Path, encoding: str, lang: str
                 ) -> None:
    """One file of a team or individual event: usebio (teams), pbn, or the html folder."""
    from dupbridge.app.club_night.event_kinds import TEAM_KINDS
    from dupbridge.app.club_night.kind_exports import (
        individual_published,
        kind_pbn_bytes,
        teams_published,
        teams_usebio_text,
    )
    from dupbridge.web.site_kinds import individual_site_pages, teams_site_pages

    teams = state.config.kind in TEAM_KINDS
    with _refusals(lang):
        if chosen == "usebio" and teams:
            out.write_text(teams_usebio_text(state), encoding="utf-8")
        elif chosen == "usebio":
            _fail(msg("an individual is not written as USEBIO here (how USEBIO numbers a "
                      "table's four players is not known): export it as pbn or html"), lang)
        elif chosen == "pbn":
            out.write_bytes(kind_pbn_bytes(state, encoding))
        elif chosen == "html":
            pages = teams_site_pages(teams_published(state), lang) if teams else \
                individual_site_pages(individual_published(state), lang)
            out.mkdir(parents=True, exist_ok=True)
            for name, page in pages.items():
                (out / name).write_text(page, encoding="utf-8")
        else:
            _fail(msg("--format is usebio, pbn, html or curtain (or a machine format with "
                      "--machine), not {value}", value=chosen), lang)
