"""Issue 17's security acceptance over HTTP: a table device reads and writes only its own
table's current round; an old device code (and a device that joined with one) is refused;
the public cannot write; a post without its CSRF token is refused; hidden cards and a
hidden ranking reach no public page; every write is in the journal with who did it."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dupbridge.app.club_night import commands as club
from dupbridge.app.club_night import floor as club_floor
from dupbridge.web.app import WebConfig, create_app
from dupbridge.web.pages import SESSION_COOKIE
from dupbridge.web.security import hash_password

PASSWORD = "director"


@dataclass
class Clock:
    at: datetime

    def now(self) -> datetime:
        return self.at


@dataclass
class Club:
    app: Any
    event: str
    clock: Clock

    @property
    def store(self) -> Any:
        return self.app.state.pages.store

    def code(self, table: int, generation: int = 1) -> str:
        return str(self.app.state.pages.signer.device_code(self.event, table, generation))

    def client(self) -> TestClient:
        return TestClient(self.app)

    def device(self, table: int, generation: int = 1) -> TestClient:
        web = self.client()
        join = web.post("/device/join", data={"code": self.code(table, generation),
                                              "csrf": form_token(web, "/device")})
        assert join.status_code == 200 and "/device/table" in str(join.url)
        return web

    def director(self) -> TestClient:
        web = self.client()
        web.post("/login", data={"password": PASSWORD, "csrf": form_token(web, "/login")})
        return web


@pytest.fixture(scope="module")
def director_hash() -> str:
    return hash_password(PASSWORD)


@pytest.fixture
def session(tmp_path: Path, director_hash: str) -> Iterator[Club]:
    clock = Clock(datetime(2026, 11, 26, 19, 0, tzinfo=UTC))
    app = create_app(WebConfig(database=f"sqlite:///{tmp_path}/club.db", secret="s",
                               director_hash=director_hash, clock=clock))
    store = app.state.pages.store
    event = club.create_event(store, clock, club.NewEvent(
        "Roles", size=3, boards_per_round=2, seed="ab" * 16), who="Director")
    yield Club(app, event.id, clock)


def wait_for_hand_record(web: TestClient, event: str) -> Any:
    """The hand record once its background analysis is kept (202 and a progress line
    until then; no time limit asserted, only that it ends)."""
    for _ in range(600):
        page = web.get(f"/events/{event}/handrecord")
        if page.status_code != 202:
            return page
        assert "hand-record-progress" in page.text
        time.sleep(0.2)
    raise AssertionError("the hand record's analysis never ended")


def form_token(web: TestClient, path: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', web.get(path).text)
    assert found is not None
    return found[1]


def page_token(web: TestClient, path: str = "/device/table") -> str:
    found = re.search(r'name="csrf-token" content="([^"]+)"', web.get(path).text)
    assert found is not None
    return found[1]


def submit(web: TestClient, round_: int, board: int, *, token: str | None = "page",
           result_id: str | None = None, tricks: int = 9) -> Any:
    headers = {} if token is None else {
        "x-csrf-token": page_token(web) if token == "page" else token}
    return web.post("/device/results", headers=headers, json={
        "id": result_id or f"r{round_}b{board}t{tricks}-0123456789", "round": round_,
        "board": board, "contract": "3NT", "declarer": "N", "tricks": tricks})


def recorded(session: Club) -> list[tuple[int, int, int]]:
    return [(line.round, line.table, line.board)
            for line in club.results(session.store, session.event).lines]


def test_a_device_sees_only_its_table_and_its_current_round(session: Club) -> None:
    table1 = session.device(1)
    page = table1.get("/device/table").text
    assert 'data-round="1"' in page and "pair 1 North-South against pair 4" in page
    assert "pair 2 North-South" not in page  # table 2's pairs are not shown
    # No hand reaches a device: the deal's cards are nowhere in its page.
    assert "♠A" not in page and "diagram" not in page


def test_a_device_cannot_write_another_table_or_round(session: Club) -> None:
    table1 = session.device(1)
    assert submit(table1, 1, 3).status_code == 403  # board 3 is table 2's in round 1
    assert submit(table1, 2, 3).status_code == 403  # round 2 is not table 1's yet
    assert recorded(session) == []
    assert submit(table1, 1, 1).status_code == 200
    assert recorded(session) == [(1, 1, 1)]  # table and round come from the device's scope


def test_a_device_cannot_open_the_directors_console(session: Club) -> None:
    table1 = session.device(1)
    assert table1.get("/director").status_code == 403
    assert table1.get(f"/director/events/{session.event}/live").status_code == 403


def test_an_old_device_code_and_its_device_are_refused(session: Club) -> None:
    before = session.device(1)
    director = session.director()
    token = form_token(director, f"/director/events/{session.event}")
    director.post(f"/director/events/{session.event}/codes", data={"csrf": token})
    assert club_floor.device_generation(session.store, session.event) == 2
    web = session.client()
    old = web.post("/device/join", data={"code": session.code(1, 1),
                                         "csrf": form_token(web, "/device")})
    assert old.status_code == 401
    assert before.get("/device/table").status_code == 403
    assert submit(before, 1, 1, token=page_token(web, "/device")).status_code == 403
    assert recorded(session) == []
    assert session.device(1, generation=2).get("/device/table").status_code == 200


def test_the_public_cannot_write(session: Club) -> None:
    public = session.client()
    token = form_token(public, "/login")
    assert submit(public, 1, 1, token=token).status_code == 403
    refused = public.post(f"/director/events/{session.event}/publish", data={"csrf": token})
    assert refused.status_code == 403
    assert public.post("/director/events", data={"csrf": token, "name": "x"}).status_code == 403
    assert recorded(session) == []
    assert club.event_view(session.store, session.event).official_at is None


def test_a_post_without_its_csrf_token_is_refused(session: Club) -> None:
    table1 = session.device(1)
    assert submit(table1, 1, 1, token=None).status_code == 403
    assert submit(table1, 1, 1, token="forged").status_code == 403
    director = session.director()
    bare = director.post(f"/director/events/{session.event}/publish")
    assert bare.status_code == 403
    assert recorded(session) == []
    assert club.event_view(session.store, session.event).official_at is None


def test_a_retried_submission_is_recorded_once(session: Club) -> None:
    table1 = session.device(1)
    first = submit(table1, 1, 1, result_id="same-id-0123456789")
    again = submit(table1, 1, 1, result_id="same-id-0123456789")
    assert (first.json()["status"], again.json()["status"]) == ("recorded", "retry")
    assert len(session.store.actions(session.event, ("result",))) == 1


def test_law79B_two_different_results_are_a_conflict_never_last_write_wins(
        session: Club) -> None:
    table1, other = session.device(1), session.device(1)
    assert submit(table1, 1, 1, tricks=9).json()["status"] == "recorded"
    assert submit(other, 1, 1, tricks=8).json()["status"] == "conflict"
    results = club.results(session.store, session.event)
    assert [line.tricks for line in results.lines] == [9]
    assert [(a.tricks, b.tricks) for a, b in results.conflicts] == [(9, 8)]


def test_every_write_is_in_the_journal_with_who_made_it(session: Club) -> None:
    table1 = session.device(1)
    submit(table1, 1, 1)
    table1.post("/device/call", headers={"x-csrf-token": page_token(table1)})
    director = session.director()
    token = form_token(director, f"/director/events/{session.event}")
    director.post(f"/director/events/{session.event}/publish", data={"csrf": token})
    who = [(a.kind, a.who) for a in session.store.actions(session.event)]
    assert who[1:] == [("result", "table 1 device"), ("call", "table 1 device"),
                       ("official", "Director")]
    calls = club_floor.director_calls(session.store, session.event)
    assert [(c.round, c.table) for c in calls] == [(1, 1)]


def test_hands_reach_the_public_only_once_the_scores_are_official(session: Club) -> None:
    public = session.client()
    assert "diagram" not in public.get(f"/events/{session.event}/boards/1").text
    early = public.get(f"/events/{session.event}/handrecord")
    assert early.status_code == 404 and 'class="hand' not in early.text
    director = session.director()
    token = form_token(director, f"/director/events/{session.event}")
    director.post(f"/director/events/{session.event}/publish", data={"csrf": token})
    assert public.get(f"/events/{session.event}/boards/1").text.count('class="hand') == 4
    # The tables are computed in the background after publication; the page says how far.
    record = wait_for_hand_record(public, session.event).text
    # Every board with its diagram, double-dummy table and par (app.handrecord).
    assert record.count('class="board"') == 6
    assert record.count('class="dd"') == 6 and "Par" in record


def test_the_ranking_can_be_hidden_for_the_last_rounds(session: Club) -> None:
    """The live ranking counts the boards every table has played (``visibility``): in
    this three-table Mitchell, boards 1 and 2 once table 2 has played them in round 3."""
    director = session.director()
    token = form_token(director, f"/director/events/{session.event}")
    public = session.client()
    play = {1: session.device(1), 2: session.device(2), 3: session.device(3)}
    for round_, table, board in ((1, 1, 1), (1, 1, 2), (1, 2, 3), (1, 2, 4), (1, 3, 5),
                                 (1, 3, 6), (2, 1, 3), (2, 1, 4), (2, 2, 5), (2, 2, 6),
                                 (2, 3, 1), (2, 3, 2), (3, 2, 1), (3, 2, 2)):
        assert submit(play[table], round_, board).status_code == 200
    assert 'class="ranked"' in public.get(f"/events/{session.event}/ranking").text
    assert "3NT" in public.get(f"/events/{session.event}/boards/1").text
    director.post(f"/director/events/{session.event}/ranking-visibility",
                  data={"csrf": token, "hide_from": "3"})
    # Round 3 is being played: the ranking goes dark, and the travellers with it.
    hidden = public.get(f"/events/{session.event}/ranking").text
    assert "ranking-hidden" in hidden and 'class="ranked"' not in hidden
    assert "3NT" not in public.get(f"/events/{session.event}/boards/1").text
    director.post(f"/director/events/{session.event}/ranking-visibility",
                  data={"csrf": token, "hide_from": ""})
    assert 'class="ranked"' in public.get(f"/events/{session.event}/ranking").text


def test_the_running_percentages_end_at_the_ranking(session: Club) -> None:
    from dupbridge.app.club_night.progress import running_percentages

    table1, table2 = session.device(1), session.device(2)
    for round_, board, tricks in ((1, 1, 9), (1, 2, 8), (2, 3, 10), (2, 4, 7)):
        submit(table1, round_, board, tricks=tricks)
    for board, tricks in ((3, 9), (4, 9)):
        submit(table2, 1, board, tricks=tricks)
    running = running_percentages(session.store, session.event)
    final = {s.pair: s.percentage for group in club.score(session.store, session.event).rankings
             for s in group}
    assert {pair: values[-1] for pair, values in running.items() if pair in final} == final
    assert all(len(values) == 2 for values in running.values())
    # The Director reads every result (the public: only the boards every table played).
    page = session.director().get(f"/events/{session.event}/ranking").text
    lines = re.findall(r'class="series" data-pair="(\d+)"[^>]*points="([^"]+)"', page)
    assert {int(pair) for pair, _ in lines} == {p for p, v in running.items() if any(v)}
    for pair, points in lines:
        assert len(points.split()) == sum(v is not None for v in running[int(pair)])


def test_a_refused_page_tells_a_person_why_in_their_language(session: Club) -> None:
    public = session.client()
    page = public.get("/director?lang=es", headers={"accept": "text/html"})
    assert page.status_code == 403 and 'role="alert"' in page.text
    assert "Solo el Director puede abrir esta página" in page.text
    script = public.post("/device/results", json={}, headers={"accept": "application/json"})
    assert script.status_code == 403 and "detail" in script.json()


def test_each_table_has_a_qr_code_of_its_join_link(session: Club) -> None:
    from dupbridge.web.views import qr_svg

    page = session.director().get(f"/director/events/{session.event}").text
    for table in (1, 2, 3):
        link = f"http://testserver/device?code={session.code(table)}"
        assert str(qr_svg(link)) in page
    web = session.client()
    joined = web.get(f"/device?code={session.code(2)}").text
    assert f'value="{session.code(2)}"' in joined  # filled in; joining is still a tap
    assert web.get("/device/table").status_code == 403


def test_law2_a_traveller_of_board_0_is_not_found_in_the_readers_language(
        session: Club) -> None:
    page = session.client().get(f"/events/{session.event}/boards/0?lang=es",
                                headers={"accept": "text/html"})
    assert page.status_code == 404 and "1 o más" in page.text


def test_a_board_or_pair_outside_the_event_is_not_found_in_the_readers_language(
        session: Club) -> None:
    """A traveller of a board the movement never plays, or a score card of a pair that is
    not in it, is a 404 saying so, not an empty page."""
    public = session.client()
    board = public.get(f"/events/{session.event}/boards/999?lang=fr",
                       headers={"accept": "text/html"})
    assert board.status_code == 404 and "pas joué dans ce tournoi" in board.text
    pair = public.get(f"/events/{session.event}/pairs/99999999999999999999?lang=pt",
                      headers={"accept": "text/html"})
    assert pair.status_code == 404 and "não joga neste evento" in pair.text
    assert public.get(f"/events/{session.event}/pairs/1").status_code == 200


def test_a_viewer_polling_the_ranking_gets_304_until_a_result_changes_it(
        session: Club) -> None:
    """A phone polling the ranking sends back the ETag it was given: nothing is sent again
    while nothing shown has changed, the new page as soon as a result is recorded."""
    viewer = session.client()
    path = f"/events/{session.event}/ranking"
    table1 = session.device(1)
    submit(table1, 1, 1, tricks=9)
    first = viewer.get(path)
    tag = first.headers["etag"]
    again = viewer.get(path, headers={"if-none-match": tag})
    assert (again.status_code, again.content) == (304, b"")
    submit(table1, 1, 2, tricks=8)
    changed = viewer.get(path, headers={"if-none-match": tag})
    assert changed.status_code == 200
    assert changed.headers["etag"] != tag


def test_the_rankings_htmx_poll_gets_the_fragment_after_the_page_was_read(
        session: Club) -> None:
    """The ranking's address serves the whole page to a reader and its fragment to the
    page's htmx poll: the kept rendering and the ETag tell them apart (a reader who opened
    the ranking page had its poll answered with the whole page again, nested in itself)."""
    viewer = session.client()
    path = f"/events/{session.event}/ranking"
    viewer.get(path)  # a session of its own
    page = viewer.get(path)
    poll = viewer.get(path, headers={"hx-request": "true"})
    assert "<html" in page.text and "<html" not in poll.text
    assert poll.headers["etag"] != page.headers["etag"]
    again = viewer.get(path, headers={"hx-request": "true",
                                      "if-none-match": poll.headers["etag"]})
    assert again.status_code == 304
    assert "<html" in viewer.get(path).text


def test_a_current_poller_is_answered_without_reading_the_session_or_rendering(
        session: Club, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29: the 304 is decided from where the journal stands, before the state is
    read or a template rendered."""
    viewer = session.client()
    path = f"/events/{session.event}/ranking"
    viewer.get(path)  # a session of its own
    tag = viewer.get(path).headers["etag"]
    pages = session.app.state.pages
    read: list[str] = []
    store_reads = pages.store.actions_after
    monkeypatch.setattr(pages.store, "actions_after",
                        lambda *a: read.append("journal") or store_reads(*a))
    renders = pages.templates.TemplateResponse
    monkeypatch.setattr(pages.templates, "TemplateResponse",
                        lambda *a, **k: read.append("render") or renders(*a, **k))
    assert viewer.get(path, headers={"if-none-match": tag}).status_code == 304
    assert read == []
    submit(session.device(1), 1, 1)
    read.clear()
    assert viewer.get(path, headers={"if-none-match": tag}).status_code == 200
    assert "journal" in read and "render" in read


def test_readers_with_the_same_sight_share_a_rendering_each_with_its_own_token(
        session: Club) -> None:
    """A room reading the ranking: the page is rendered once per new result and handed
    to every reader with the same sight, each with the CSRF token of its own session
    (which its posts are checked against); a table's device, which sees its own
    results, never gets the public's page nor the public its page."""
    path = f"/events/{session.event}/boards/1"
    table1 = session.device(1)
    submit(table1, 1, 1, tricks=9)
    readers = [session.client() for _ in range(3)]
    for web in readers:
        web.get(path)  # each its session
    pages = [web.get(path).text for web in readers]
    tokens = [re.search(r'name="csrf-token" content="([^"]+)"', page)[1]  # type: ignore[index]
              for page in pages]
    assert len(set(tokens)) == 3
    assert {page.replace(token, "") for page, token in zip(pages, tokens, strict=True)} \
        == {pages[0].replace(tokens[0], "")}
    for web, token in zip(readers, tokens, strict=True):  # each token is its session's
        assert web.post("/logout", headers={"x-csrf-token": token}).status_code == 200
    assert readers[0].post("/logout", headers={"x-csrf-token": tokens[1]}).status_code == 403
    device_page = table1.get(path).text
    assert "3NT N 9" in device_page  # its own result
    assert all("3NT N 9" not in page for page in pages)  # not yet the public's
    assert "3NT N 9" not in session.client().get(path).text


def test_a_room_arriving_at_once_shares_one_rendering_each_with_its_own_session(
        session: Club, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29: readers opening the public page for the first time (no session yet) are
    handed the page rendered for their sight, each with a session of its own and the
    token of that session, and none is handed another's cookie."""
    path = f"/events/{session.event}"
    session.client().get(path)  # rendered once
    pages = session.app.state.pages
    renders: list[str] = []
    original = pages.templates.TemplateResponse
    monkeypatch.setattr(pages.templates, "TemplateResponse",
                        lambda *a, **k: renders.append("render") or original(*a, **k))
    answers = [session.client().get(path) for _ in range(3)]
    assert renders == []
    sids = []
    for answer in answers:
        cookies = answer.headers.get_list("set-cookie")
        assert len(cookies) == 1 and cookies[0].startswith(SESSION_COOKIE + "=")
        kept = pages.signer.loads(cookies[0].split(";")[0].split("=", 1)[1])
        assert kept is not None and set(kept) == {"sid"}
        sids.append(kept["sid"])
        token = re.search(r'name="csrf-token" content="([^"]+)"', answer.text)
        assert token is not None and token[1] == pages.signer.csrf_token(kept["sid"])
    assert len(set(sids)) == 3
