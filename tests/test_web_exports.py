"""Issue 27: the boards and the exports from the Director's console. The dealing-machine
files (the app's ``write_machine_file``, as ``dupbridge event deal`` writes them), the hand
record as PBN with the double-dummy tags and as its page, the end-of-session zip (USEBIO,
PBN with ScoreTable, the static results site) and the results with each pair's personal
score card by email, received by a local SMTP server (aiosmtpd) the test starts."""

from __future__ import annotations

import io
import re
import zipfile
from datetime import UTC, datetime
from email import message_from_bytes
from email.message import Message
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from fastapi.testclient import TestClient

from dupbridge.adapters.sql.hand_records import SqlHandRecords
from dupbridge.analysis.batch import Batch
from dupbridge.app.club_night import commands as club
from dupbridge.app.club_night.hand_record import analyse_event
from dupbridge.app.club_night.ports import FixedClock
from dupbridge.app.publication.dealing_files import MACHINE_FORMATS
from dupbridge.core.deal import Deal
from dupbridge.formats import pbn, usebio
from dupbridge.web.app import WebConfig, create_app
from dupbridge.web.security import hash_password
from dupbridge.web.server import free_port

CLOCK = FixedClock(datetime(2026, 11, 29, 19, 0, tzinfo=UTC))
RESULTS = [(1, 1, 1, "3NT", "N", 9), (1, 1, 2, "4S", "E", 10), (1, 2, 3, "2H", "S", 8),
           (1, 2, 4, "3NT", "S", 8), (1, 3, 5, "1NT", "N", 7), (1, 3, 6, "3NT", "N", 9),
           (2, 1, 3, "2H", "S", 9), (2, 1, 4, "3NT", "S", 9), (2, 2, 5, "1NT", "N", 6),
           (2, 2, 6, "3NT", "N", 10), (2, 3, 1, "3NT", "N", 8), (2, 3, 2, "4S", "E", 9),
           (3, 1, 5, "1NT", "N", 8), (3, 1, 6, "3NT", "N", 9), (3, 2, 1, "3NT", "N", 9),
           (3, 2, 2, "4S", "E", 10), (3, 3, 3, "2H", "S", 7), (3, 3, 4, "3NT", "S", 10)]


def _app(tmp_path: Path, *, dealt: bool = True) -> tuple[Any, str]:
    app = create_app(WebConfig(database=f"sqlite:///{tmp_path}/club.db", secret="s",
                               director_hash=hash_password("td"), clock=CLOCK))
    store = app.state.pages.store
    event = club.create_event(store, CLOCK, club.NewEvent(
        "Jueves", size=3, boards_per_round=2, seed="7e" * 16 if dealt else None, deal=dealt,
        names={1: "Ana & Luis", 2: "Bea & Juan"}), who="Director")
    return app, event.id


def _play_and_publish(app: Any, event_id: str) -> None:
    store = app.state.pages.store
    for round_, table, board, contract, declarer, tricks in RESULTS:
        club.enter_result(store, CLOCK, event_id, club.ResultInput(
            round_, table, board, contract, declarer, tricks))
    club.make_official(store, CLOCK, event_id, who="Director")
    analyse_event(club.state_of(store, event_id), SqlHandRecords(store.engine),
                  Batch(processes=0))


def _director(app: Any) -> TestClient:
    web = TestClient(app)
    token = re.search(r'name="csrf" value="([^"]+)"', web.get("/login").text)
    assert token is not None
    web.post("/login", data={"password": "td", "csrf": token.group(1)})
    return web


def _token(web: TestClient, path: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', web.get(path).text)
    assert found is not None
    return found.group(1)


def test_dealing_machine_files_are_downloaded_from_the_console(tmp_path: Path) -> None:
    app, event_id = _app(tmp_path)
    web = _director(app)
    console = web.get(f"/director/events/{event_id}").text
    for machine in MACHINE_FORMATS:
        assert f"/download/boards.{machine}" in console
        answer = web.get(f"/director/events/{event_id}/download/boards.{machine}")
        assert answer.status_code == 200 and answer.content, machine
        assert "attachment" in answer.headers["content-disposition"]
    games = pbn.loads(web.get(f"/director/events/{event_id}/download/boards.pbn").text).games
    state = club.state_of(app.state.pages.store, event_id)
    assert [Deal.from_pbn(g.value("Deal")) for g in games] == [
        b.deal for _, b in sorted(state.boards.items())]
    # The public, and a wrong format, get nothing.
    assert TestClient(app).get(
        f"/director/events/{event_id}/download/boards.pbn").status_code == 403
    wrong = web.get(f"/director/events/{event_id}/download/boards.doc?lang=es")
    assert wrong.status_code == 422 and "una máquina repartidora lee" in wrong.text


def test_boards_not_dealt_by_the_app_have_no_machine_file(tmp_path: Path) -> None:
    app, event_id = _app(tmp_path, dealt=False)
    answer = _director(app).get(f"/director/events/{event_id}/download/boards.pbn?lang=fr")
    assert answer.status_code == 422 and "une machine ne peut donc pas la distribuer" in answer.text


def test_hand_record_files_and_the_end_of_session_zip(tmp_path: Path) -> None:
    app, event_id = _app(tmp_path)
    _play_and_publish(app, event_id)
    web = _director(app)
    record = web.get(f"/director/events/{event_id}/download/handrecord.pbn")
    assert record.status_code == 200
    games = pbn.loads(record.content.decode("iso-8859-1")).games
    assert len(games) == 6 and all(g.tag("OptimumScore") is not None for g in games)
    page = web.get(f"/director/events/{event_id}/download/handrecord.html?lang=es").text
    assert page.count('class="dd"') == 6 and "Estuche 6" in page
    answer = web.get(f"/director/events/{event_id}/download/session.zip?lang=es")
    assert answer.status_code == 200 and answer.headers["content-type"] == "application/zip"
    archive = zipfile.ZipFile(io.BytesIO(answer.content))
    names = set(archive.namelist())
    assert {"session.xml", "session.pbn", "handrecord.pbn", "site/index.html",
            "site/travellers.html", "site/cards.html", "site/chart.html",
            "site/handrecord.html"} <= names
    folder = tmp_path / "zip"
    archive.extractall(folder)
    event = usebio.load(folder / "session.xml")
    assert event.participant is not None
    scored = pbn.loads((folder / "session.pbn").read_text(encoding="utf-8")).games
    assert len(scored) == 6 and all(g.tag("ScoreTable") is not None for g in scored)
    assert scored[0].tag("TotalScoreTable") is not None
    assert "Ana &amp; Luis" in (folder / "site" / "index.html").read_text(encoding="utf-8")
    assert 'lang="es"' in (folder / "site" / "handrecord.html").read_text(encoding="utf-8")


class _Inbox:
    def __init__(self) -> None:
        self.letters: list[tuple[list[str], Message]] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.letters.append((list(envelope.rcpt_tos), message_from_bytes(envelope.content)))
        return "250 OK"


@pytest.fixture
def smtp(monkeypatch: pytest.MonkeyPatch) -> Any:
    inbox = _Inbox()
    port = free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    monkeypatch.setenv("DUPBRIDGE_SMTP_HOST", "127.0.0.1")
    monkeypatch.setenv("DUPBRIDGE_SMTP_PORT", str(port))
    monkeypatch.setenv("DUPBRIDGE_SMTP_FROM", "td@club.example")
    yield inbox
    controller.stop()


def _body(message: Message, kind: str) -> str:
    for part in message.walk():
        if part.get_content_type() == f"text/{kind}":
            payload = part.get_payload(decode=True)
            assert isinstance(payload, bytes)
            return payload.decode(part.get_content_charset() or "utf-8")
    raise AssertionError(f"no text/{kind} part")


def test_results_and_score_cards_are_emailed_to_each_pair(tmp_path: Path, smtp: Any) -> None:
    app, event_id = _app(tmp_path)
    _play_and_publish(app, event_id)
    web = _director(app)
    token = _token(web, f"/director/events/{event_id}")
    sent = web.post(f"/director/events/{event_id}/email?lang=es", data={
        "csrf": token, "addresses": "1 ana@example.org, luis@example.org\n\n"
                                    "4 dora@example.org"})
    assert sent.status_code == 200 and "2 correos enviados" in sent.text
    assert sorted(to for to, _ in smtp.letters) == [
        ["ana@example.org", "luis@example.org"], ["dora@example.org"]]
    by_first = {to[0]: message for to, message in smtp.letters}
    first = by_first["ana@example.org"]
    assert first["Subject"] == "Jueves: resultados" and first["From"] == "td@club.example"
    text, html = _body(first, "plain"), _body(first, "html")
    assert "Ana & Luis" in text and "3SA N 9" in text and "Norte-Sur" in text
    assert "Pareja 1 · Ana &amp; Luis" in html and "3SA N 9" in html
    assert "Pareja 4" in _body(by_first["dora@example.org"], "html")


def test_a_wrong_address_or_no_mail_server_is_a_translated_line(
        tmp_path: Path, smtp: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    app, event_id = _app(tmp_path)
    _play_and_publish(app, event_id)
    web = _director(app)
    token = _token(web, f"/director/events/{event_id}")
    wrong = web.post(f"/director/events/{event_id}/email?lang=fr", data={
        "csrf": token, "addresses": "1 ana-at-example"})
    assert wrong.status_code == 422 and "n'est pas une adresse de courriel" in unescape(wrong.text)
    stranger = web.post(f"/director/events/{event_id}/email?lang=pt", data={
        "csrf": token, "addresses": "99 x@example.org"})
    assert stranger.status_code == 422 and "não é um par deste torneio" in stranger.text
    monkeypatch.delenv("DUPBRIDGE_SMTP_HOST")
    none = web.post(f"/director/events/{event_id}/email?lang=es", data={
        "csrf": token, "addresses": "1 ana@example.org"})
    assert none.status_code == 502 and "no hay servidor de correo" in none.text
    assert smtp.letters == []
