"""Every page of a club's sessions, for the 360 px and the no-English tests of issue 27.

One web app holds an event of each kind the app runs, each with what its pages show:

* ``published``: a 3-table Mitchell (6 pairs, 6 boards) with results, a conflict settled,
  a dispute open, published, its hand record analysed; ``empty``: one with no result yet;
* ``floor``: a 5-table Mitchell cut to 4 rounds with a sit-out, round 1 played, a late pair
  turning the sit-out into a table, round 2 started on the clock, a call attended and one
  waiting, a ruling recorded at table 1 (the table's phone shows it);
* ``added``: two late pairs adding a table, round 1 played and ended (the phones show where
  each pair goes); ``howell``: a 4-table Howell;
* ``teams`` (a round robin of 4 teams), ``swiss`` (6 teams, round 1 played: the console
  offers round 2), ``individual`` (12 players on a published movement), ``barometer``,
  ``sections`` (two sections scored across the field), ``handicap`` (handicap pairs);
* ``claims``: a disputed claim at table 1 (boards dealt at the tables).

Each page is a ``Page``: its address, who opens it (the public, the Director or a table's
phone), what it shows (a marker in its HTML: a walk over broken fixtures fails rather than
passing on empty pages) and the group it belongs to. ``SHORT`` is the walk of the default
test run: at least one page of every group; the whole walk runs with DUPBRIDGE_LONG=1."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from dupbridge.adapters.sql.hand_records import SqlHandRecords
from dupbridge.analysis.batch import Batch
from dupbridge.app.club_night import commands as club
from dupbridge.app.club_night import event_kinds, late_arrival
from dupbridge.app.club_night import floor as club_floor
from dupbridge.app.club_night.hand_record import analyse_event
from dupbridge.app.club_night.room_control import DONE
from dupbridge.core.messages import msg
from dupbridge.core.seats import Seat
from dupbridge.web.app import WebConfig, create_app
from dupbridge.web.security import hash_password
from shared_paths import REALDATA
from web_browser import PASSWORD, MovableClock

RESULTS = [(1, 1, 1, "3NT", "N", 9, "DA"), (1, 1, 2, "4S", "E", 10, ""),
           (1, 2, 3, "2H", "S", 8, ""), (1, 2, 4, "3NT", "S", 8, ""),
           (1, 3, 5, "1NT", "N", 7, ""), (1, 3, 6, "PASS", "", 0, ""),
           (2, 1, 3, "2H", "S", 9, ""), (2, 1, 4, "3NT", "S", 9, ""),
           (2, 2, 5, "1NT", "N", 6, ""), (2, 2, 6, "3NT", "N", 10, ""),
           (2, 3, 1, "3NT", "N", 8, ""), (2, 3, 2, "4SX", "E", 9, "")]
INDIVIDUAL = REALDATA / "tables" / "bridgepal_individual" / "Individual_12_1.txt"
# 4S by South, three tricks left (tests/test_web_claims.py): small enough to adjudicate
# in a moment.
TRUMP_LEFT = "N:..432. .32.5. A.AK.. 2...65"
INSUFFICIENT = ({"step": "call", "seat": "N", "call": "1S"},
                {"step": "call", "seat": "E", "call": "1H"},
                {"step": "answer", "question": "unintended", "value": "no"},
                {"step": "choose", "option": "decline"})


@dataclass(frozen=True)
class Page:
    """A page to open: ``role`` is public, director, or a table's phone (``device`` names
    the event's key and the table, as ``floor/1``); ``marker`` is HTML the page must hold
    (it shows what it is listed for); ``form`` is sent with POST (a form refused: the page
    shows the reason); ``group`` is what it shows (a kind of event, a feature)."""

    path: str
    marker: str
    group: str
    role: str = "public"
    status: int = 200
    form: tuple[tuple[str, str], ...] = ()
    short: bool = False
    fragment: bool = False  # a part htmx swaps into a page (measured within that page)
    ready: str = ""  # in a browser, what to wait for (a part htmx loads after the page)

    @property
    def name(self) -> str:
        return f"{self.role} {'POST ' if self.form else ''}{self.path}"


@dataclass
class Site:
    app: Any
    events: dict[str, str]  # key -> event id
    pages: list[Page] = field(default_factory=list)

    @property
    def store(self) -> Any:
        return self.app.state.pages.store

    def code(self, device: str) -> str:
        key, table = device.split("/")
        return str(self.app.state.pages.signer.device_code(self.events[key], int(table), 1))

    def label(self, path: str) -> str:
        """``path`` with the events' ids replaced by their keys (names for screenshots)."""
        for key, event in self.events.items():
            path = path.replace(event, key)
        return path

    def devices(self, pages: list[Page]) -> list[str]:
        return sorted({p.role.removeprefix("device:") for p in pages
                       if p.role.startswith("device:")})


def csrf_of(html: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', html)
    assert found is not None
    return found.group(1)


def browser(app: Any) -> TestClient:
    """A client that asks for pages as a browser does (a refusal comes as a page)."""
    return TestClient(app, headers={"Accept": "text/html,*/*;q=0.8"})


def director_client(app: Any) -> TestClient:
    web = browser(app)
    web.post("/login", data={"password": PASSWORD, "csrf": csrf_of(web.get("/login").text)})
    return web


def device_client(site: Site, device: str) -> TestClient:
    web = browser(site.app)
    web.post("/device/join", data={"code": site.code(device),
                                   "csrf": csrf_of(web.get("/device").text)})
    return web


def _tricks(round_: int, table: int, board: int) -> int:
    return 7 + (3 * table + 5 * board + round_) % 5


def _play(store: Any, clock: Any, event: str, round_: int, *, tables: tuple[int, ...] = (),
          boards: int | None = None) -> None:
    """The tables of ``round_`` (only ``tables`` when given) enter their boards (only the
    first ``boards`` when given)."""
    state = club.state_of(store, event)
    for e in state.movement.in_round(round_):
        if (tables and e.table not in tables) or state.movement.sit_out(e):
            continue
        for board in e.boards[:boards]:
            club.enter_result(store, clock, event, club.ResultInput(
                round_, e.table, board, "3NT", "N", _tricks(round_, e.table, board)))


def _new(store: Any, clock: Any, name: str, **options: Any) -> str:
    return str(club.create_event(store, clock, club.NewEvent(name, **options),
                                 who="Director").id)


def build(tmp_path: Path) -> Site:
    clock = MovableClock(datetime(2026, 11, 29, 19, 0, tzinfo=UTC))
    app = create_app(WebConfig(database=f"sqlite:///{tmp_path}/club.db", secret="s",
                               director_hash=hash_password(PASSWORD), clock=clock))
    store = app.state.pages.store
    events: dict[str, str] = {}

    # A published Mitchell, as before.
    published = events["published"] = _new(
        store, clock, "Jueves", size=3, boards_per_round=2, seed="7e" * 16,
        names={1: "Ana & Luis", 2: "Bea & Juan", 4: "Dora & Raúl"})
    deal = club.state_of(store, published).board(1).deal
    assert deal is not None
    for round_, table, board, contract, declarer, tricks, lead in RESULTS:
        club.enter_result(store, clock, published, club.ResultInput(
            round_, table, board, contract, declarer or None,
            tricks if contract != "PASS" else None,
            str(min(deal.hand(Seat.EAST))) if lead else None))
    # Round 3: a conflict settled by the Director and a dispute still open.
    club.enter_result(store, clock, published, club.ResultInput(3, 1, 5, "1NT", "N", 8))
    club.enter_result(store, clock, published, club.ResultInput(3, 1, 5, "2NT", "N", 8))
    conflict = club.results(store, published).conflicts[0][1].id
    club.resolve_conflict(store, clock, published, conflict, "first", who="Director",
                          why=msg("conflicting results settled (79B2)"))
    club.enter_result(store, clock, published, club.ResultInput(3, 2, 1, "4H", "S", 10,
                                                               agreed=False))
    club.make_official(store, clock, published, who="Director")
    analyse_event(club.state_of(store, published), SqlHandRecords(store.engine),
                  Batch(processes=0))
    events["empty"] = _new(store, clock, "Viernes", size=3, boards_per_round=2,
                           seed="5a" * 16)

    # The room on the night: a sit-out, a late pair, the clock, calls and a ruling.
    room = events["floor"] = _new(
        store, clock, "Sala", size=5, boards_per_round=2, rounds=4, absent=(10,),
        seed="3c" * 16, names={1: "Ana & Luis", 6: "Eva & Gil"})
    club_floor.start_round(store, clock, room, round=1, minutes=None, who="Director")
    _play(store, clock, room, 1)
    club_floor.end_round(store, clock, room, who="Director")
    late_arrival.turn_sit_out_into_table(store, clock, room, name="Flor & Hugo",
                                         who="Director")
    club_floor.start_round(store, clock, room, round=2, minutes=20, who="Director")
    seen = club_floor.call_director(store, clock, room, round=2, table=1, board=3,
                                    who="table 1")
    club_floor.attend_call(store, clock, room, seen.id, who="Director")
    club_floor.call_director(store, clock, room, round=2, table=2, who="table 2")
    director = director_client(app)
    url = f"/director/events/{room}/rulings/1/1"
    token = csrf_of(director.get(url).text)
    for step in (*INSUFFICIENT, {"step": "call", "seat": "E", "call": "2H"},
                 {"step": "answer", "question": "same-denomination", "value": "yes"},
                 {"step": "choose", "option": "rectify"},
                 {"step": "record", "why": "oferta insuficiente"}):
        data = dict(step)
        answer = director.post(f"{url}/{data.pop('step')}", data={**data, "csrf": token},
                               headers={"HX-Request": "true"})
        assert answer.status_code == 200 and 'id="ruling-error"' not in answer.text, \
            answer.text[:300]

    # Two late pairs add a table; round 1 played and ended: the phones guide the pairs.
    added = events["added"] = _new(store, clock, "Mesa nueva", size=5, boards_per_round=2,
                                   rounds=3, absent=(5, 10), deal=False)
    late_arrival.add_table(store, clock, added, names=("Ana & Luis", "Bea & Juan"),
                           who="Director")
    club_floor.start_round(store, clock, added, round=1, minutes=None, who="Director")
    _play(store, clock, added, 1)
    club_floor.end_round(store, clock, added, who="Director")
    events["howell"] = _new(store, clock, "Howell", movement="howell", size=8,
                            boards_per_round=1, deal=False)
    for round_ in range(1, 8):  # every round: a ranking
        _play(store, clock, events["howell"], round_, tables=(2, 3, 4) if round_ == 7 else ())

    # The other kinds of event.
    teams = events["teams"] = _new(
        store, clock, "Liga", kind="teams", size=4, boards_per_round=2, deal=False,
        names={1: "Leones: Ana, Bea, Carlos, Dora", 2: "Tigres: Eva, Fran, Gil, Hugo"})
    _play(store, clock, teams, 1)
    swiss = events["swiss"] = _new(store, clock, "Suizo", kind="swiss", size=6,
                                   boards_per_round=2, rounds=3, deal=False)
    _play(store, clock, swiss, 1)
    event_kinds.next_swiss_round(store, clock, swiss, who="Director")
    individual = events["individual"] = _new(
        store, clock, "Torneo individual", kind="individual", boards_per_round=1, deal=False,
        movement_upload=(INDIVIDUAL.name, INDIVIDUAL.read_text(encoding="utf-8")),
        names=dict(enumerate(["Ana", "Bea", "Carlos", "Dora", "Eva", "Fran", "Gil",
                              "Hugo", "Iris", "Juan", "Luis", "Marta"], 1)))
    for round_ in (1, 2, 3):
        _play(store, clock, individual, round_)
    barometer = events["barometer"] = _new(store, clock, "Barómetro", kind="barometer",
                                           size=6, boards_per_round=2, rounds=2, deal=False)
    _play(store, clock, barometer, 1)
    sections = events["sections"] = _new(store, clock, "Secciones", size=3,
                                         boards_per_round=2, deal=False,
                                         options={"sections": 2})
    for round_ in (1, 2, 3):  # table 1 still at round 3: its phone shows the entry
        _play(store, clock, sections, round_, tables=(2, 3, 4, 5, 6) if round_ == 3 else ())
    handicap = events["handicap"] = _new(
        store, clock, "Hándicap", size=3, boards_per_round=2, deal=False,
        options={"handicaps": {"1": "2.5", "4": "-1", "5": "3"}})
    for round_ in (1, 2, 3):
        _play(store, clock, handicap, round_, tables=(2, 3) if round_ == 3 else ())

    # A disputed claim (the hands typed in: boards dealt at the tables).
    claims = events["claims"] = _new(store, clock, "Reclamaciones", size=3,
                                     boards_per_round=2, deal=False)
    claim = f"/director/events/{claims}/claims/1/1/1"
    answer = director.post(claim, data={
        "csrf": csrf_of(director.get(claim).text), "contract": "4S", "declarer": "S",
        "hands": TRUMP_LEFT, "leader": "S", "won": "8", "note": "the rest are mine"},
        follow_redirects=False)
    assert answer.status_code == 303, answer.text[:300]

    site = Site(app, events)
    site.pages = pages_of(site)
    return site


def pages_of(site: Site) -> list[Page]:
    e = site.events
    pages: list[Page] = []

    def add(path: str, marker: str, group: str, role: str = "public", **more: Any) -> None:
        pages.append(Page(path, marker, group, role, **more))

    # The home page, the login, the device's join form: reached from anywhere.
    add("/", f'href="/events/{e["published"]}"', "home", short=True)
    add("/login", 'name="password"', "home")
    add("/device", 'name="code"', "device", short=True)
    add("/events/no-such-event", 'class="error"', "home", status=404)

    # The published Mitchell: every public page.
    p = e["published"]
    add(f"/events/{p}", 'class="ranking', "pairs", short=True)
    add(f"/events/{p}/ranking", 'class="ranking', "pairs", fragment=True)
    for board in range(1, 7):
        add(f"/events/{p}/boards/{board}", 'class="traveller', "pairs", short=board == 5)
    for pair in range(1, 7):
        add(f"/events/{p}/pairs/{pair}", "class=", "pairs")
    add(f"/events/{p}/handrecord", 'class="hand-record"', "handrecord", short=True)
    add(f"/events/{e['empty']}", 'id="ranking-none"', "empty", short=True)
    add(f"/events/{e['empty']}/ranking", 'id="ranking-none"', "empty", fragment=True)
    add(f"/events/{e['empty']}/boards/1", "<h1", "empty")

    # The law book.
    add("/laws/2017", "/laws/2017/", "laws")
    add("/laws/2017/27B1", 'id="clause"', "laws", short=True)
    add("/laws/2007/64A", 'id="clause"', "laws")
    add("/laws/search?q=revoke", "/laws/", "laws")
    add("/laws/compare/27", "27", "laws")

    # The Director's index, its new-event form and the form refused for each kind.
    add("/director", 'id="new-event"', "form", "director", short=True)
    wrong = {"pairs": {"size": "ocho"}, "barometer": {"size": "0"},
             "teams": {"size": "1"}, "swiss": {"swiss_rounds": ""},
             "individual": {"boards_per_round": "²"}}
    for kind, bad in wrong.items():
        form = {"name": "Martes", "profile": "aeb-2007", "scoring": "matchpoints",
                "movement": "mitchell", "size": "4", "boards_per_round": "2",
                "kind": kind, **bad}
        add("/director/events", 'role="alert"', "form", "director", status=422,
            form=tuple(form.items()), short=kind == "individual")

    # Each event's console, its live part, its public page and a table's phone.
    kinds = {"published": 'id="disputes"', "empty": 'class="device-code"',
             "floor": 'id="calls"', "added": 'id="progress"', "howell": 'id="progress"',
             "teams": 'class="teams"', "swiss": 'id="swiss"', "individual": 'id="progress"',
             "barometer": 'id="release"', "sections": 'id="progress"',
             "handicap": 'id="progress"', "claims": 'id="claims-open"'}
    public = {"floor": 'id="ranking-none"', "added": 'id="ranking-none"',
              "howell": 'class="ranking', "teams": 'class="ranking teams"',
              "swiss": 'class="ranking teams"', "individual": 'class="ranking individual"',
              "barometer": 'class="ranking', "sections": 'class="ranking-title"',
              "handicap": 'class="handicap"', "claims": 'id="ranking-none"'}
    phones = {"published": 'id="travellers"', "empty": 'id="names"',
              "floor": 'id="round-clock"', "added": 'id="movement"', "howell": 'id="movement"',
              "teams": 'data-round="2" data-kind="teams"', "swiss": 'data-round="2" data-kind="swiss"',
              "individual": 'data-round="4" data-kind="individual"',
              "barometer": 'data-kind="barometer"', "sections": 'data-round="3"',
              "handicap": 'data-round="3"', "claims": 'id="claims"'}
    shown = {"published": 'id="disputes"', "floor": 'id="console-clock"'}
    for key, event in e.items():
        console = f"/director/events/{event}"
        add(console, kinds[key], key, "director", short=key in ("swiss", "teams"))
        add(f"{console}/live", shown.get(key, 'id="progress"'), key, "director",
            fragment=True)
        if key in public:
            add(f"/events/{event}", public[key], key, short=key in (
                "howell", "teams", "barometer", "sections", "handicap"))
            add(f"/events/{event}/boards/1", "<h1", key)
            add(f"/events/{event}/pairs/1", "<h1", key)
        add("/device/table", phones[key], key, f"device:{key}/1",
            short=key in ("published", "floor", "added", "individual"))
    add(f"/events/{e['swiss']}/ranking", 'class="matches"', "swiss", fragment=True)
    add(f"/events/{e['floor']}/boards/1", 'id="rulings"', "floor", "director")
    add("/device/table", 'id="table-waiting"', "floor", "device:floor/2")
    add("/device/table", 'id="movement"', "floor", "device:floor/5")

    # The console's confirmation after each of its actions.
    for done in DONE:
        add(f"/director/events/{e['floor']}?done={done}", 'role="status"', "console",
            "director", short=done == "sit-out-table")

    # A console's action refused: the console again, saying why (nothing recorded).
    add(f"/director/events/{e['floor']}/add-table", 'role="alert"', "console", "director",
        status=422, form=(("first", "Ana & Luis"), ("second", "Bea & Juan")))

    # Rulings, claims and the table's view of them.
    ruling = f"/director/events/{e['floor']}/rulings/1/1"
    add(ruling, 'id="rulings"', "rulings", "director", short=True)
    add(f"/director/events/{e['floor']}/rulings/2/3", 'class="ruling', "rulings",
        "director")
    add("/device/rulings/1", 'id="seat-ruling"', "rulings", "device:floor/1", short=True)
    add("/director/rulings/document", 'role="alert"', "rulings", "director", status=422,
        form=(("document", "{"),))
    claim = f"/director/events/{e['claims']}/claims/1/1/1"
    add(claim, 'id="claim-setup"', "claims", "director", short=True, ready="#verdict")
    add(claim + "?awarded=1", 'id="claim-notice"', "claims", "director")
    add(claim + "/adjudication", 'id="verdict"', "claims", "director", fragment=True)
    add(f"/director/events/{e['claims']}/claims/1/2/3", 'id="claim-setup"', "claims",
        "director")
    add("/device/claims/1/1", 'id="device-claim"', "claims", "device:claims/1", short=True)

    # The printouts, on A4 and Letter.
    kinds_printed = {"tables": 'class="sheet table-card"', "guides": 'class="item guide-card"',
                     "movement": 'class="sheet movement-sheet"',
                     "scorecards": 'class="item score-card"',
                     "travellers": 'class="item traveller"',
                     "handrecord": 'class="board"', "results": 'class="sheet results"'}
    for kind, marker in kinds_printed.items():
        add(f"/director/events/{p}/print/{kind}", marker, "printouts", "director",
            short=kind == "scorecards")
    add(f"/director/events/{p}/print/travellers?paper=letter", 'class="item traveller"',
        "printouts", "director")
    for key in ("teams", "individual", "floor"):
        for kind in ("tables", "guides", "movement", "scorecards", "results"):
            add(f"/director/events/{e[key]}/print/{kind}", kinds_printed[kind], "printouts",
                "director", short=(key, kind) == ("teams", "results"))
    return pages


def walk(site: Site, which: str) -> list[Page]:
    """The pages of a walk: every page (``full``) or the default run's (``short``: at
    least one page of every group)."""
    chosen = site.pages if which == "full" else [p for p in site.pages if p.short]
    groups = {p.group for p in site.pages}
    assert groups <= {p.group for p in chosen}, groups - {p.group for p in chosen}
    return chosen


__all__ = ["Page", "Site", "browser", "build", "device_client", "director_client", "walk"]
