"""Issue 29, a club night you can trust: what a viewer may see while the session is played
(``app.club_night.visibility``), checked by walking simulated club sessions.

Each walk records a session's results one at a time through the table devices, in a random
order that keeps every table's rounds in order, and after every result asks every read
route (the public pages, the travellers, the score cards, the ranking and its chart, the
device's page and its JSON answer, the Director's console, the published site and files)
as every role (the public, each table's device, the Director). Every result has its own
text (contract, declarer, tricks), so a page that shows it is found out. The rule checked
is written here from the movement, apart from the code under test:

* the public sees a board's results once every table the movement gives it to has played
  it (with the event's release ``round``: once those rounds are over too; ``session``: once
  every table has finished), and the live ranking counts those boards only;
* a table's device sees them once both pairs seated there now have played the board (the
  same releases), and its own results at once;
* the Director sees everything; once the scores are official, so does everyone.

The default run is a few short sessions (a minute at most on a shared machine);
``DUPBRIDGE_SOAK=1`` walks many more, a Howell among them."""

from __future__ import annotations

import os
import random
import re
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dupbridge.app.club_night import commands as club
from dupbridge.app.club_night import views as club_views
from dupbridge.app.club_night.progress import running_percentages_of
from dupbridge.app.club_night.scored import scored_session
from dupbridge.app.club_night.state import RELEASES, ClubState
from dupbridge.app.errors import AppError
from dupbridge.app.publication.files import usebio_text
from dupbridge.tournament.movement import Encounter, Movement
from dupbridge.web import views
from dupbridge.web.app import WebConfig, create_app
from dupbridge.web.security import hash_password
from dupbridge.web.site import site_pages

SOAK = os.environ.get("DUPBRIDGE_SOAK") == "1"
PASSWORD = "director"
HASH = hash_password(PASSWORD)
Key = tuple[int, int, int]  # round, table, board

# Small sessions: a three-table Mitchell; a four-table Mitchell with a phantom pair (a
# sit-out each round: a board is played at three tables only); in the soak, a Howell.
EVENTS: dict[str, dict[str, Any]] = {
    "mitchell-3": {"movement": "mitchell", "size": 3, "boards_per_round": 2},
    "mitchell-4-phantom": {"movement": "mitchell", "size": 4, "boards_per_round": 2,
                           "absent": (8,)},
}
if SOAK:
    EVENTS["howell-8-phantom"] = {"movement": "howell", "size": 8, "boards_per_round": 1,
                                  "absent": (8,)}


@dataclass
class Clock:
    at: datetime

    def now(self) -> datetime:
        return self.at


def form_token(web: TestClient, path: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', web.get(path).text)
    assert found is not None
    return found[1]


def page_token(web: TestClient) -> str:
    found = re.search(r'name="csrf-token" content="([^"]+)"', web.get("/device/table").text)
    assert found is not None
    return found[1]


@dataclass
class Oracle:
    """What each viewer may see, from the movement and the results recorded so far."""

    movement: Movement
    release: str
    recorded: set[Key] = field(default_factory=set)
    official: bool = False

    @property
    def playing(self) -> list[Encounter]:
        return [e for e in self.movement.encounters if not self.movement.sit_out(e)]

    def encounter(self, key: Key) -> Encounter:
        return next(e for e in self.playing if (e.round, e.table) == key[:2])

    def played(self, pair: int) -> set[int]:
        return {b for e in self.playing if pair in e.contestants for b in e.boards
                if (e.round, e.table, b) in self.recorded}

    def round_over(self, number: int) -> bool:
        return all((e.round, e.table, b) in self.recorded for e in self.playing
                   if e.round == number for b in e.boards)

    @property
    def finished(self) -> bool:
        return all(self.round_over(e.round) for e in self.playing)

    def seated(self, table: int) -> frozenset[int]:
        mine = sorted((e for e in self.playing if e.table == table), key=lambda e: e.round)
        for e in mine:
            if any((e.round, table, b) not in self.recorded for b in e.boards):
                return frozenset(e.contestants)
        return frozenset(mine[-1].contestants) if mine else frozenset()

    def public_may(self, board: int) -> bool:
        if self.official:
            return True
        if self.release == "session" and not self.finished:
            return False
        tables = [e for e in self.playing if board in e.boards]
        if not all((e.round, e.table, board) in self.recorded for e in tables):
            return False
        return self.release != "round" or all(self.round_over(e.round) for e in tables)

    def table_may(self, table: int, key: Key) -> bool:
        pairs = self.seated(table)
        if self.official or not pairs:
            return self.public_may(key[2])
        if set(self.encounter(key).contestants) <= pairs:
            return True  # its own result
        if self.release == "session" and not self.finished:
            return False
        board = key[2]
        if not all(board in self.played(p) for p in pairs):
            return False
        return self.release != "round" or all(
            self.round_over(e.round) for e in self.playing
            if board in e.boards and pairs & set(e.contestants))


def schedule(rng: random.Random, movement: Movement) -> list[Key]:
    """Every result of the session in an order a club could see: each table plays its
    rounds in order, its boards in any order within a round, the tables at their pace."""
    queues: dict[int, list[Key]] = {}
    for e in sorted(movement.encounters, key=lambda e: e.round):
        if not movement.sit_out(e):
            boards = list(e.boards)
            rng.shuffle(boards)
            queues.setdefault(e.table, []).extend((e.round, e.table, b) for b in boards)
    order: list[Key] = []
    while any(queues.values()):
        table = rng.choice([t for t, q in queues.items() if q])
        order.append(queues[table].pop(0))
    return order


def unique_results(rng: random.Random, count: int) -> list[tuple[str, str, int]]:
    """``count`` different results (contract, declarer, tricks): each one's text is seen
    on a page only if that very result is shown."""
    every = [(f"{level}{strain}", seat, tricks) for level in range(1, 8)
             for strain in ("C", "D", "H", "S", "NT") for seat in "NESW"
             for tricks in range(14)]
    return rng.sample(every, count)


def mark(result: tuple[str, str, int]) -> re.Pattern[str]:
    contract, seat, tricks = result
    return re.compile(rf"(?<![0-9A-Za-z]){re.escape(f'{contract} {seat} {tricks}')}(?![0-9])")


@dataclass
class Walk:
    app: Any
    event: str
    oracle: Oracle
    results: dict[Key, tuple[str, str, int]]
    public: TestClient
    director: TestClient
    devices: dict[int, TestClient]
    checked: int = 0

    @property
    def store(self) -> Any:
        return self.app.state.pages.store

    def routes(self) -> list[str]:
        boards = self.oracle.movement.boards
        pairs = [p for p in self.oracle.movement.contestants
                 if p not in self.oracle.movement.phantoms]
        base = f"/events/{self.event}"
        # The hand record has no result; once official its analysis is long (the solver).
        record = [] if self.oracle.official else [f"{base}/handrecord"]
        return [base, f"{base}/ranking", *record,
                *(f"{base}/boards/{b}" for b in boards), *(f"{base}/pairs/{p}" for p in pairs)]

    def hidden_from(self, text: str, may: Any, who: str, where: str) -> None:
        """No result the viewer may not see is in ``text``."""
        for key in self.oracle.recorded:
            if not may(key):
                assert not mark(self.results[key]).search(text), (
                    f"{who} sees the result of round {key[0]}, table {key[1]}, board "
                    f"{key[2]} ({' '.join(map(str, self.results[key]))}) on {where}")
        self.checked += 1

    def check(self) -> None:
        oracle = self.oracle
        state = club.state_of(self.store, self.event)
        public_boards = {b for b in oracle.movement.boards if oracle.public_may(b)}
        for path in self.routes():
            self.hidden_from(self.public.get(path).text,
                             lambda k: oracle.public_may(k[2]), "the public", path)
            for table, web in self.devices.items():
                self.hidden_from(web.get(path).text, lambda k, t=table: oracle.table_may(t, k),
                                 f"table {table}'s device", path)
        for table, web in self.devices.items():
            self.hidden_from(web.get("/device/table").text,
                             lambda k, t=table: oracle.table_may(t, k),
                             f"table {table}'s device", "/device/table")
        # The Director sees every result, at once (her console, the travellers).
        console = self.director.get(f"/director/events/{self.event}").text
        for key in oracle.recorded:
            assert mark(self.results[key]).search(console), key
        if oracle.recorded:
            board = max(oracle.recorded)[2]
            page = self.director.get(f"/events/{self.event}/boards/{board}").text
            assert all(mark(self.results[k]).search(page) for k in oracle.recorded
                       if k[2] == board)
        assert self.director.get(f"/director/events/{self.event}/live").status_code == 200
        # The public sees every result of a board every table has played.
        for board in public_boards:
            page = self.public.get(f"/events/{self.event}/boards/{board}").text
            for key in oracle.recorded:
                if key[2] == board:
                    assert mark(self.results[key]).search(page), key
        self.check_ranking(state, public_boards)
        self.check_exports(public_boards)

    def check_ranking(self, state: ClubState, boards: set[int]) -> None:
        """The live ranking and chart, as the public and the devices read them, count
        the boards every table has played and nothing else."""
        kept = {k: e for k, e in state.book.entries.items() if k[2] in boards}
        shown = replace(state, book=replace(state.book, entries=kept, disputes=(),
                                            conflicts=()))
        expected: set[tuple[int, str, str]] = set()
        if kept:
            expected = {(s.pair, views.number(s.total), views.number(s.percentage))
                        for group in club_views.score_of(shown).rankings for s in group}
        dots = {pair: sum(v is not None for v in values)
                for pair, values in running_percentages_of(shown).items()
                if any(v is not None for v in values)} if kept else {}  # 0% is a dot too
        for web in (self.public, *self.devices.values()):
            page = web.get(f"/events/{self.event}/ranking").text
            rows = set(re.findall(r'<tr class="ranked" data-pair="(\d+)"><td>[^<]*</td>'
                                  r'<td>\d+</td><td>[^<]*</td><td>([^<]*)</td><td>([^<]*)</td>',
                                  page))
            assert {(int(p), t, c) for p, t, c in rows} == expected
            lines = re.findall(r'class="series" data-pair="(\d+)"[^>]*points="([^"]+)"', page)
            assert {int(p): len(points.split()) for p, points in lines} == dots, (lines, dots)

    def check_exports(self, boards: set[int]) -> None:
        """What ``dupbridge event publish`` and ``export`` write: the public's view."""
        try:
            session = scored_session(self.store, self.event)
        except AppError:
            assert not boards or not self.oracle.recorded
            return
        assert {k[2] for k in session.book.entries} <= boards
        assert all(b.deal is None for b in session.boards.values()) or self.oracle.official
        text = "\n".join(site_pages(session).values()) + usebio_text(session)
        self.hidden_from(text, lambda k: self.oracle.public_may(k[2]), "the public",
                         "the published site")

    def submit(self, key: Key) -> None:
        round_, table, board = key
        contract, seat, tricks = self.results[key]
        web = self.devices[table]
        answer = web.post("/device/results", headers={"x-csrf-token": page_token(web)},
                          json={"id": f"r{round_}t{table}b{board}-walk", "round": round_,
                                "board": board, "contract": contract, "declarer": seat,
                                "tricks": tricks})
        assert answer.json()["status"] == "recorded", answer.text
        self.oracle.recorded.add(key)
        self.hidden_from(answer.text, lambda k: self.oracle.table_may(table, k),
                         f"table {table}'s device", "its JSON answer")


@pytest.fixture
def tables_db() -> Iterator[str]:
    with tempfile.TemporaryDirectory() as folder:
        yield str(Path(folder) / "club.db")


class Poller(TestClient):
    """A phone polling the pages as a browser does: each page asked again with the ETag it
    last carried, the page kept shown on a 304. Each 304 is checked against the page a
    fresh request of the same session gets: a 304 never hides a change."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.kept: dict[str, tuple[str, Any]] = {}
        self.not_modified = 0

    def get(self, url: Any, **kwargs: Any) -> Any:  # type: ignore[override]
        path = str(url)
        if kwargs or path not in self.kept:
            answer = super().get(url, **kwargs)
        else:
            tag, shown = self.kept[path]
            answer = super().get(url, headers={"if-none-match": tag})
            if answer.status_code == 304:
                self.not_modified += 1
                fresh = super().get(url)
                assert fresh.text == shown.text, f"a 304 hid a change of {path}"
                return shown
        if answer.status_code == 200 and "etag" in answer.headers and not kwargs:
            self.kept[path] = (answer.headers["etag"], answer)
        return answer


def walk(database: str, seed: int, kind: str, release: str, *, every: int = 1,
         client: Callable[[Any], TestClient] = TestClient) -> Walk:
    """One session walked from its first result to the official scores, checked after
    every ``every`` results and at the end (``client``: how each reader reads)."""
    rng = random.Random(seed)
    clock = Clock(datetime(2026, 11, 29, 19, 0, tzinfo=UTC))
    app = create_app(WebConfig(database=database, secret="s", director_hash=HASH,
                               clock=clock))
    store = app.state.pages.store
    new = club.NewEvent(f"Walk {seed}", seed=f"{seed % 2**32:08x}" * 8, **EVENTS[kind])
    event = club.create_event(store, clock, new, who="Director").id
    director = client(app)
    director.post("/login", data={"password": PASSWORD, "csrf": form_token(director, "/login")})
    token = form_token(director, f"/director/events/{event}")
    if release != "board":
        director.post(f"/director/events/{event}/release",
                      data={"csrf": token, "release": release}).raise_for_status()
    state = club.state_of(store, event)
    assert state.release == release
    devices = {}
    for table in range(1, state.movement.tables + 1):
        web = client(app)
        code = app.state.pages.signer.device_code(event, table, 1)
        web.post("/device/join", data={"code": code, "csrf": form_token(web, "/device")})
        devices[table] = web
    order = schedule(rng, state.movement)
    walked = Walk(app, event, Oracle(state.movement, release),
                  dict(zip(order, unique_results(rng, len(order)), strict=True)),
                  client(app), director, devices)
    walked.check()
    for step, key in enumerate(order, start=1):
        walked.submit(key)
        if step % every == 0 or step == len(order):
            walked.check()
    # The official scores: everyone sees everything.
    director.post(f"/director/events/{event}/publish", data={"csrf": token}).raise_for_status()
    walked.oracle.official = True
    walked.check()
    for board in state.movement.boards:
        assert 'class="hand' in walked.public.get(f"/events/{event}/boards/{board}").text
    store.close()
    return walked


@settings(max_examples=40 if SOAK else 2, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1), kind=st.sampled_from(sorted(EVENTS)),
       release=st.sampled_from(RELEASES))
def test_issue29_no_viewer_sees_a_result_before_the_policy_lets_it(
        seed: int, kind: str, release: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        walked = walk(f"sqlite:///{folder}/club.db", seed, kind, release,
                      every=1 if SOAK else 3)
    assert walked.checked > 100


def test_issue29_a_seeded_session_on_each_database(db_url: str) -> None:
    """The same walk on SQLite and on PostgreSQL (the store the pages read differs)."""
    url = db_url if "://" in db_url else f"sqlite:///{db_url}"
    walked = walk(url, 29, "mitchell-4-phantom", "board", every=1 if SOAK else 6)
    assert walked.checked > 100


@pytest.mark.parametrize("release", ["board", "round"])
def test_issue29_pollers_keeping_their_etags_see_what_a_fresh_reader_sees(
        tables_db: str, release: str) -> None:
    """Issue 29, a full room: every reader polls with the ETag it was given and is
    answered 304 without the page being read while the journal has not moved; at every
    step of the walk what each keeps showing is what a fresh request shows it (and hides
    what the policy hides), and pollers did get 304s."""
    walked = walk(f"sqlite:///{tables_db}", 7, "mitchell-3", release, every=2,
                  client=Poller)
    readers = [walked.public, walked.director, *walked.devices.values()]
    assert all(isinstance(r, Poller) for r in readers)
    assert sum(r.not_modified for r in readers if isinstance(r, Poller)) > 50
    assert walked.checked > 50


def test_issue29_the_table_devices_pairs_not_the_table_decide(tables_db: str) -> None:
    """In a Mitchell the East-West pair arriving at a table may still have to play a
    board that table played before: round 2 at table 1 brings pair 6, which plays boards
    1 and 2 only in round 3, so table 1's device no longer shows them."""
    clock = Clock(datetime(2026, 11, 29, 19, 0, tzinfo=UTC))
    app = create_app(WebConfig(database=f"sqlite:///{tables_db}", secret="s",
                               director_hash=HASH, clock=clock))
    store = app.state.pages.store
    event = club.create_event(store, clock, club.NewEvent(
        "Pairs", size=3, boards_per_round=2, seed="ab" * 16), who="Director").id
    device = TestClient(app)
    code = app.state.pages.signer.device_code(event, 1, 1)
    device.post("/device/join", data={"code": code, "csrf": form_token(device, "/device")})
    public = TestClient(app)
    for board, tricks in ((1, 9), (2, 7)):
        device.post("/device/results", headers={"x-csrf-token": page_token(device)}, json={
            "id": f"b{board}-0123456789", "round": 1, "board": board, "contract": "3NT",
            "declarer": "N", "tricks": tricks}).raise_for_status()
    page = device.get(f"/events/{event}/boards/1").text
    assert "3NT N 9" not in page and 'id="results-withheld"' in page
    assert "both pairs at this table" in page
    early = public.get(f"/events/{event}/boards/1?lang=es").text
    assert "3NT" not in early and "todas las mesas lo han jugado" in early
    director = TestClient(app)
    director.post("/login", data={"password": PASSWORD, "csrf": form_token(director, "/login")})
    assert "3NT N 9" in director.get(f"/events/{event}/boards/1").text
    # The pair 1 score card shows the public nothing yet, and says which boards wait.
    card = public.get(f"/events/{event}/pairs/1?lang=en").text
    assert "3NT" not in card and "boards 1, 2" in card
    store.close()


def test_issue29_a_release_outside_the_three_is_refused(tables_db: str) -> None:
    clock = Clock(datetime(2026, 11, 29, 19, 0, tzinfo=UTC))
    app = create_app(WebConfig(database=f"sqlite:///{tables_db}", secret="s",
                               director_hash=HASH, clock=clock))
    store = app.state.pages.store
    event = club.create_event(store, clock, club.NewEvent(
        "Release", size=3, boards_per_round=2, seed="ab" * 16), who="Director").id
    director = TestClient(app)
    director.post("/login", data={"password": PASSWORD, "csrf": form_token(director, "/login")})
    token = form_token(director, f"/director/events/{event}")
    refused = director.post(f"/director/events/{event}/release",
                            data={"csrf": token, "release": "never"})
    assert refused.status_code == 422 and "not never" in refused.text
    assert club.state_of(store, event).release == "board"
    assert director.post(f"/director/events/{event}/release",
                         data={"csrf": token, "release": "round"}).status_code == 200
    assert club.state_of(store, event).release == "round"
    assert 'value="round" selected' in director.get(f"/director/events/{event}").text
    store.close()


def test_issue29_a_device_sees_its_own_result_at_once_and_an_old_code_sees_none(
        tables_db: str) -> None:
    """The players at a table see the result they entered (East-West confirm it); a device
    whose code the Director has replaced reads the pages as the public does."""
    clock = Clock(datetime(2026, 11, 29, 19, 0, tzinfo=UTC))
    app = create_app(WebConfig(database=f"sqlite:///{tables_db}", secret="s",
                               director_hash=HASH, clock=clock))
    store = app.state.pages.store
    event = club.create_event(store, clock, club.NewEvent(
        "Own", size=3, boards_per_round=2, seed="ab" * 16), who="Director").id
    device = TestClient(app)
    code = app.state.pages.signer.device_code(event, 1, 1)
    device.post("/device/join", data={"code": code, "csrf": form_token(device, "/device")})
    device.post("/device/results", headers={"x-csrf-token": page_token(device)}, json={
        "id": "own-0123456789", "round": 1, "board": 1, "contract": "4S", "declarer": "E",
        "tricks": 10}).raise_for_status()
    assert "4S E 10" in device.get(f"/events/{event}/boards/1").text
    assert "4S E 10" in device.get(f"/events/{event}/pairs/1").text
    assert "4S E 10" not in TestClient(app).get(f"/events/{event}/boards/1").text
    director = TestClient(app)
    director.post("/login", data={"password": PASSWORD, "csrf": form_token(director, "/login")})
    director.post(f"/director/events/{event}/codes",
                  data={"csrf": form_token(director, f"/director/events/{event}")})
    assert "4S E 10" not in device.get(f"/events/{event}/boards/1").text
    store.close()
