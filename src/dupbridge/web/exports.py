"""The files the Director takes home from the console: the boards for a dealing machine,
the hand record (PBN with the double-dummy tags, or the printable page), and at the end of
the session one zip with USEBIO, PBN with ScoreTable and the static results site (the
same pages ``dupbridge event publish`` writes). The work is the app layer's
(``app.publication``); this only gathers the files."""

from __future__ import annotations

import io
import tempfile
import zipfile
from pathlib import Path

from dupbridge.app.club_night.event_kinds import TEAM_KINDS
from dupbridge.app.club_night.kind_exports import (
    individual_published,
    kind_pbn_bytes,
    published_kind_state,
    teams_published,
    teams_usebio_text,
)
from dupbridge.app.club_night.ports import Store
from dupbridge.app.club_night.scored import event_boards, scored_session
from dupbridge.app.club_night.state import ClubState
from dupbridge.app.publication.dealing_files import write_machine_file
from dupbridge.app.publication.files import pbn_bytes, usebio_text
from dupbridge.app.publication.hand_record import HandRecord
from dupbridge.app.publication.hand_record_file import hand_record_pbn
from dupbridge.app.publication.hand_record_page import hand_record_html
from dupbridge.formats import pbn
from dupbridge.web.site import site_pages
from dupbridge.web.site_kinds import individual_site_pages, teams_site_pages


def machine_file(store: Store, event_id: str, machine: str) -> tuple[str, bytes]:
    """The event's boards as the dealing machine ``machine`` reads them: name and bytes
    (a ValueError, translated, when a board has no deal or the format is unknown)."""
    _, boards = event_boards(store, event_id)
    with tempfile.TemporaryDirectory() as folder:
        path = write_machine_file(boards, machine, Path(folder) / f"boards.{machine.lower()}")
        return path.name, path.read_bytes()


def hand_record_file(record: HandRecord, kind: str, language: str) -> bytes:
    """The hand record as PBN (BridgeComposer's tags) or as the printable page."""
    if kind == "pbn":
        return pbn.dumps(hand_record_pbn(record)).encode("iso-8859-1", "replace")
    return hand_record_html(record, language).encode("utf-8")


def kind_files(state: ClubState, language: str) -> dict[str, bytes]:
    """A team or an individual event's files: USEBIO (teams only: see ``kind_exports``),
    PBN with its score tables once the deals are public, and the site."""
    files: dict[str, bytes] = {}
    if state.config.kind in TEAM_KINDS:
        published = teams_published(state)
        files["session.xml"] = teams_usebio_text(state).encode("utf-8")
        pages = teams_site_pages(published, language)
    else:
        pages = individual_site_pages(individual_published(state), language)
    if state.boards and all(b.deal is not None for b in state.boards.values()):
        files["session.pbn"] = kind_pbn_bytes(state, "utf-8")
    files.update({f"site/{name}": page.encode("utf-8") for name, page in pages.items()})
    return files


def session_zip(store: Store, event_id: str, record: HandRecord | None, language: str
                ) -> bytes:
    """One zip: ``session.xml`` (USEBIO), ``session.pbn`` (ScoreTable, TotalScoreTable,
    the deals once official), ``site/`` (rankings, travellers, score cards, chart and,
    when analysed, the hand record) and ``handrecord.pbn``."""
    kind_state = published_kind_state(store, event_id)
    if kind_state is not None:
        files = kind_files(kind_state, language)
    else:
        session = scored_session(store, event_id)
        files = {"session.xml": usebio_text(session).encode("utf-8")}
        if all(b.deal is not None for b in session.boards.values()) and session.boards:
            files["session.pbn"] = pbn_bytes(session, "utf-8")
        for name, page in site_pages(session, language).items():
            files[f"site/{name}"] = page.encode("utf-8")
    if record is not None:
        files["site/handrecord.html"] = hand_record_html(record, language).encode("utf-8")
        files["handrecord.pbn"] = hand_record_file(record, "pbn", language)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    return buffer.getvalue()
