"""Issue 27's acceptance: a club night in a real browser (Debian's chromium through
Playwright), every screen at 360 x 740, once in Portuguese and once in Spanish.

A 5-table Mitchell cut to 4 rounds with 9 pairs (East-West 10 is expected late: its place
is a sit-out). The Director creates it from the console's form and runs the rounds with the
round control and its clock; ten phones (two a table) join with the table's code. The
players enter their names at the tables; North enters the results with big keys (the taps
are counted and printed), one of them corrected on the confirm screen and entered again; the
two phones of table 1 enter different results for a board and both show the conflict until
the Director settles it; table 3 calls the Director, who marks the call attended and rules
on the board (a revoke, Law 64A1), and table 4's claim is set up: both show on the table's
phone. After round 1 the late pair arrives and the sit-out becomes a table: the phones show
the new movement (who comes to the table, where the boards come from) and follow the
Director's start of each round. At the end the Director publishes, prints every printout to
PDF, downloads the session's zip and emails the results, received by a local SMTP server
(aiosmtpd) the test starts. Screenshots and PDFs are kept under test-artifacts/club-night/.

The whole night (both languages, 4 rounds of 2 boards) is long: it runs only with
``DUPBRIDGE_LONG=1`` (marked ``long``). A short night (Spanish, 2 rounds of 1 board, three
printouts) runs by default."""

from __future__ import annotations

import io
import re
import statistics
import zipfile
from dataclasses import dataclass
from datetime import UTC, datetime
from email import message_from_bytes
from email.message import Message
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from playwright.sync_api import Error as PlaywrightError

from dupbridge.app.club_night import commands as club
from dupbridge.core.seats import Seat
from dupbridge.i18n.catalogues import card_text
from dupbridge.tournament.movement import Encounter
from dupbridge.web.app import WebConfig, create_app
from dupbridge.web.security import hash_password
from dupbridge.web.server import free_port
from web_browser import (
    ARTIFACTS,
    PASSWORD,
    MovableClock,
    at_round,
    chromium,
    enter_fields,
    key,
    running,
    tap,
)

SMALL_PHONE = {"width": 360, "height": 740}
FOLDER = ARTIFACTS / "club-night"
HX = {"HX-Request": "true"}

# What the pages say, per language (the catalogues' translations).
SAID = {
    "es": {"conflict": "esperando al Director", "attended": "atendido",
           "sit_out": "Esta mesa descansa", "late": "El descanso es ahora una mesa",
           "publish": "Los resultados se publican como oficiales",
           "sent": "2 correos enviados", "round": "Ronda {round}: pareja",
           "claim": "Reclamación en el estuche", "subject": "resultados",
           "north_south": "Norte-Sur", "3nt": "3SA", "statement": "las demás son mías",
           "boards_from": ("De la mesa 2: estuche ", "De la mesa 2: estuches ")},
    "pt": {"conflict": "à espera do Diretor", "attended": "atendido",
           "sit_out": "Esta mesa descansa", "late": "O descanso é agora uma mesa",
           "publish": "Os resultados são publicados como oficiais",
           "sent": "2 correios enviados", "round": "Ronda {round}: par",
           "claim": "Reclamação na", "subject": "resultados",
           "north_south": "Norte-Sul", "3nt": "3ST", "statement": "o resto é meu",
           "boards_from": ("Da mesa 2: bolsa ", "Da mesa 2: bolsas ")},
}
PRINTOUTS = ("tables", "guides", "movement", "scorecards", "travellers", "handrecord",
             "results")
# The ruling at table 3 (board 5, dealt by North): 4S by North, East revoked on trick 3
# and won it (Law 64A1): two tricks transferred, 9 made become 11.
AUCTION = [{"step": "call", "seat": s, "call": c}
           for s, c in zip("NESWNE", ("1S", "P", "4S", "P", "P", "P"), strict=True)]
REVOKE = {"step": "revoke", "seat": "E", "trick": "3", "winner": "E", "won_later": "2",
          "tricks": "9"}
# Results North enters, by board (cycled): a contract, its declarer, declarer's tricks.
RESULTS = [("3NT", "N", 9), ("4S", "E", 10), ("2H", "S", 8), ("1NT", "W", 7),
           ("3D", "N", 9), ("4H", "S", 11), ("2S", "E", 8), ("pass", "N", 0)]


@dataclass(frozen=True, slots=True)
class Night:
    language: str
    boards_per_round: int
    rounds_played: int  # the rounds whose results the phones enter (of the movement's 4)
    printouts: tuple[str, ...]


class _Inbox:
    def __init__(self) -> None:
        self.letters: list[tuple[list[str], Message]] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.letters.append((list(envelope.rcpt_tos), message_from_bytes(envelope.content)))
        return "250 OK"


@pytest.fixture
def smtp(monkeypatch: pytest.MonkeyPatch) -> Any:
    """A local SMTP server (aiosmtpd) the app sends to, from its environment."""
    inbox = _Inbox()
    port = free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    monkeypatch.setenv("DUPBRIDGE_SMTP_HOST", "127.0.0.1")
    monkeypatch.setenv("DUPBRIDGE_SMTP_PORT", str(port))
    monkeypatch.setenv("DUPBRIDGE_SMTP_FROM", "td@club.example")
    yield inbox
    controller.stop()


@pytest.mark.long
@pytest.mark.parametrize("language", ["pt", "es"])
def test_a_whole_club_night_on_phones(tmp_path: Path, smtp: Any, language: str) -> None:
    _club_night(tmp_path, smtp, Night(language, 2, 4, PRINTOUTS))


def test_a_short_club_night_on_phones_in_spanish(tmp_path: Path, smtp: Any) -> None:
    _club_night(tmp_path, smtp, Night("es", 1, 2, ("guides", "travellers", "results")))


# The night


class Room:
    """The Director's console and the ten phones, with what the test counts."""

    def __init__(self, browser: Any, url: str, night: Night, store: Any) -> None:
        self.browser, self.url, self.night, self.store = browser, url, night, store
        self.language = night.language
        self.said = SAID[night.language]
        self.taps: list[int] = []
        self.shots = 0
        self.director = self._page()
        self.director.goto(f"{url}/login?lang={self.language}")
        self.director.fill("input[name=password]", PASSWORD)
        self.director.click("form[action='/login'] button")
        self.director.wait_for_url(f"{url}/director")
        self.event = ""
        self.phones: dict[int, tuple[Any, Any]] = {}

    def _page(self) -> Any:
        context = self.browser.new_context(viewport=SMALL_PHONE)
        context.set_default_timeout(60_000)  # a wrong page fails sooner than the default
        return context.new_page()

    def shot(self, page: Any, name: str) -> None:
        """A screenshot kept, after checking the page fits the phone (no horizontal
        scroll)."""
        for _ in range(3):  # a phone waiting for the Director reads its page again
            try:
                page.wait_for_load_state()
                width = page.evaluate("document.documentElement.scrollWidth")
                break
            except PlaywrightError:
                continue
        assert width <= SMALL_PHONE["width"], (name, width)
        FOLDER.mkdir(parents=True, exist_ok=True)
        self.shots += 1
        page.screenshot(path=str(FOLDER / f"{self.language}-{self.shots:02d}-{name}.png"),
                        full_page=True)

    # The console

    @property
    def console(self) -> str:
        return f"{self.url}/director/events/{self.event}"

    def done(self) -> str:
        """Wait for the console's confirmation after an action; its text."""
        self.director.wait_for_url(re.compile(rf".*/director/events/{self.event}\?done=[a-z-]+$"))
        assert self.director.locator("[role=alert]").count() == 0
        return str(self.director.locator("[role=status]").inner_text())

    def start_round(self, number: int) -> None:
        self.director.goto(self.console)
        self.director.fill("#round-control input[name=round]", str(number))
        self.director.fill("#round-control input[name=minutes]", "20")
        self.director.click("#round-control button.start-round")
        self.done()
        self.director.wait_for_selector(f'#console-clock[data-round="{number}"]')

    def end_round(self) -> None:
        self.director.goto(self.console)
        self.director.click("#round-control button.end-round")
        self.done()

    def post(self, path: str, form: dict[str, str], *, hx: bool = False) -> Any:
        """A form of the Director's screens sent with his session (its CSRF token read
        from the page first), as the page's own form or htmx would send it."""
        page = self.director.request.get(self.console).text()  # one token a session
        token = re.search(r'name="csrf" value="([^"]+)"', page)
        assert token is not None
        answer = self.director.request.post(f"{self.url}{path}", form={**form,
                                            "csrf": token.group(1)},
                                            headers=HX if hx else None, max_redirects=0)
        assert answer.status in (200, 303), (path, answer.status, re.findall(
            r'role="alert"[^>]*>([^<]*)<', answer.text()))
        return answer

    # The phones

    @staticmethod
    def fresh(page: Any) -> None:
        """Read the phone's page again (it may be doing so itself, waiting for the
        Director: then its own reading is the one waited for)."""
        for _ in range(3):
            try:
                page.reload()
                page.wait_for_selector("#device[data-idle]", state="attached")
                return
            except PlaywrightError:
                continue
        raise AssertionError("the phone's page could not be read again")

    def join(self, table: int, code: str) -> Any:
        page = self._page()
        page.goto(f"{self.url}/device?lang={self.language}")
        page.fill("input[name=code]", code)
        page.click("form[action='/device/join'] button")
        page.wait_for_selector("#device[data-idle]", state="attached")
        return page

    def encounter(self, number: int, table: int) -> Encounter | None:
        movement = club.state_of(self.store, self.event).movement
        found = next((e for e in movement.in_round(number) if e.table == table), None)
        return None if found is None or movement.sit_out(found) else found

    def enter(self, page: Any, board: int, result: tuple[str, str, int], *,
              agree: bool = True) -> None:
        contract, declarer, tricks = result
        taps = enter_fields(page, board, contract, declarer, tricks)
        page.wait_for_selector("#confirm:not([hidden])")
        taps += tap(page, "#confirm-yes" if agree else "#confirm-no")
        self.taps.append(taps)
        self.sent(page, board)

    def sent(self, page: Any, board: int) -> None:
        """Wait until the phone has the result: the board shown done, or (the round's last
        board) the page read again on the round's end (waiting for the Director's start,
        or every round recorded)."""
        page.wait_for_selector(f'[data-board="{board}"] .state[data-done], #wait-start, '
                               f'#round-state.ok', state="attached")
        page.wait_for_selector("#device[data-idle]", state="attached")


def _club_night(tmp_path: Path, smtp: Any, night: Night) -> None:
    clock = MovableClock(datetime(2026, 11, 29, 19, 0, tzinfo=UTC))
    app = create_app(WebConfig(database=f"sqlite:///{tmp_path}/club.db", secret="night",
                               director_hash=hash_password(PASSWORD), clock=clock))
    store = app.state.pages.store
    with running(app) as url, chromium() as browser:
        room = Room(browser, url, night, store)
        _create(room)
        _round_one(room)
        _late_arrival(room)
        for number in range(2, night.rounds_played + 1):
            _play_round(room, number)
        _publish_print_export_email(room, smtp)
    # Every board once at every table that played it (the conflict settled, the ruled
    # board recorded by the ruling), nothing else.
    movement = club.state_of(store, room.event).movement
    played = {(e.round, e.table, b) for e in movement.encounters
              if e.round <= night.rounds_played and not movement.sit_out(e) for b in e.boards}
    lines = club.results(store, room.event).lines
    assert {(line.round, line.table, line.board) for line in lines} == played
    assert len(lines) == len(played) == len(room.taps)  # + the ruling's, - the conflict's
    print(f"\n[{night.language}] {len(room.taps)} results entered on the phones: taps "
          f"median {statistics.median(room.taps)}, most {max(room.taps)}, total "
          f"{sum(room.taps)}; {room.shots} screenshots in {FOLDER}")


def _create(room: Room) -> None:
    """The Director creates the night from the console's form; ten phones join."""
    director = room.director
    director.fill("input[name=name]", "Noite do clube" if room.language == "pt"
                  else "Noche del club")
    director.fill("input[name=size]", "5")
    director.fill("input[name=boards_per_round]", str(room.night.boards_per_round))
    director.fill("input[name=rounds]", "4")
    director.fill("input[name=phantoms]", "10")
    director.fill("input[name=timezone]", "Europe/Lisbon" if room.language == "pt"
                  else "Europe/Madrid")
    director.click("#new-event button")
    director.wait_for_url(re.compile(r".*/director/events/[^/?]+$"))
    room.event = director.url.rsplit("/", 1)[1]
    movement = club.state_of(room.store, room.event).movement
    assert (movement.tables, movement.rounds, set(movement.phantoms)) == (5, 4, {10})
    codes = {int(c.get_attribute("data-table")): c.inner_text()
             for c in director.locator(".device-code").all()}
    assert sorted(codes) == [1, 2, 3, 4, 5]
    room.shot(director, "console")
    room.start_round(1)
    room.phones = {table: (room.join(table, codes[table]), room.join(table, codes[table]))
                   for table in codes}


def _names(room: Room, table: int, ns: str, ew: str) -> None:
    """The players of the pairs seated at ``table`` give their names on its phone."""
    page = room.phones[table][0]
    form = page.wait_for_selector("#names")
    if page.locator("#names input[name=ns]").count():
        page.fill("#names input[name=ns]", ns)
    if ew and page.locator("#names input[name=ew]").count():
        page.fill("#names input[name=ew]", ew)
    assert form is not None
    page.click("#names button")
    page.wait_for_selector("#players")


def _round_one(room: Room) -> None:
    said, store, event = room.said, room.store, room.event
    players = {1: ("Ana & Luis", "Bia & Rui"), 2: ("Carla & Tiago", "Dora & Raúl"),
               3: ("Eva & Hugo", "Inês & Nuno"), 4: ("Joana & Pedro", "Lia & Vasco")}
    for table, (ns, ew) in players.items():
        _names(room, table, ns, ew)
    room.shot(room.phones[1][0], "names-at-table-1")
    # Table 5 sits out round 1 (East-West 10 is late): its phone waits for round 2.
    room.fresh(room.phones[5][0])
    _names(room, 5, "Marta & Óscar", "")
    state = club.state_of(store, event)
    assert state.name_of(1) == "Ana & Luis" and state.name_of(9) == "Lia & Vasco"
    assert state.name_of(5) == "Marta & Óscar"

    at = {t: room.encounter(1, t) for t in range(1, 6)}
    assert at[5] is None  # the sit-out
    # Table 1: its two phones enter different results for its first board: a conflict.
    table1, other1 = room.phones[1]
    first = at[1].boards[0]  # type: ignore[union-attr]
    room.enter(table1, first, ("3NT", "N", 9))
    room.enter(other1, first, ("3NT", "N", 8))
    other1.wait_for_selector(f'#table-waiting li[data-kind="conflict"][data-board="{first}"]')
    for board in at[1].boards[1:]:  # type: ignore[union-attr]
        room.enter(table1, board, RESULTS[board % len(RESULTS)])
    # Table 2: North taps a wrong number of tricks, sees it on the confirm screen,
    # corrects it there (the values kept) and East-West agree to the right one.
    table2 = room.phones[2][0]
    board2 = at[2].boards[0]  # type: ignore[union-attr]
    taps = enter_fields(table2, board2, "4S", "E", 9)
    table2.wait_for_selector("#confirm:not([hidden])")
    room.shot(table2, "confirm-before-correction")
    taps += tap(table2, "#confirm-fix")
    assert table2.locator("#confirm").is_hidden()
    assert table2.get_attribute(key("level", "4"), "aria-pressed") == "true"  # kept
    taps += tap(table2, key("tricks", 10))
    table2.wait_for_selector("#confirm:not([hidden])")
    assert "4♠" in table2.locator("#confirm-text").inner_text()
    taps += tap(table2, "#confirm-yes")
    room.taps.append(taps)
    room.sent(table2, board2)
    for board in at[2].boards[1:]:  # type: ignore[union-attr]
        room.enter(table2, board, RESULTS[board % len(RESULTS)])
    # Table 3 calls the Director on its first board; she comes, marks the call attended
    # and rules on the board (the ruling records its result).
    table3 = room.phones[3][0]
    board3 = at[3].boards[0]  # type: ignore[union-attr]
    table3.select_option("#call-board", str(board3))
    table3.click("#call-director")
    table3.wait_for_selector('#table-waiting li[data-kind="call"].pending')
    room.director.goto(room.console)
    room.director.wait_for_selector("#calls button.attend")
    room.director.click("#calls button.attend")
    room.done()
    call = table3.wait_for_selector('#table-waiting li[data-kind="call"].ok')
    assert said["attended"] in call.inner_text()
    room.shot(table3, "call-attended")
    ruling = f"/director/events/{event}/rulings/3/{board3}"
    # The seats turned so that the board's dealer opens (4S by the dealer, the revoke by
    # the dealer's left-hand opponent).
    turn = "NESW".index(club.state_of(store, event).board(board3).dealer.letter)

    def seat(letter: str) -> str:
        return "NESW"[("NESW".index(letter) + turn) % 4]

    auction = [{**step, "seat": seat(step["seat"])} for step in AUCTION]
    revoke = {**REVOKE, "seat": seat("E"), "winner": seat("E")}
    for step in [*auction, revoke, {"step": "record", "why": "revoke 3"}]:
        data = dict(step)
        answer = room.post(f"{ruling}/{data.pop('step')}", data, hx=True)
        assert 'id="ruling-error"' not in answer.text()
    for board in at[3].boards[1:]:  # type: ignore[union-attr]
        room.enter(table3, board, RESULTS[board % len(RESULTS)])
    # Table 4: a claim on its first board, set up by the Director from the deal.
    table4 = room.phones[4][0]
    board4 = at[4].boards[0]  # type: ignore[union-attr]
    deal = club.state_of(store, event).board(board4).deal
    assert deal is not None
    room.post(f"/director/events/{event}/claims/1/4/{board4}", {
        "contract": "3NT", "declarer": "S", "claimer": "S", "claimed": "",
        "statement": said["statement"], "played": _first_trick(deal)})
    for board in at[4].boards:  # type: ignore[union-attr]
        room.enter(table4, board, RESULTS[board % len(RESULTS)])

    # Both phones of table 1 show the conflict; the Director settles it; they follow.
    table1.wait_for_selector(f'#table-waiting li[data-kind="conflict"][data-board="{first}"]')
    other1.wait_for_selector(f'#table-waiting li[data-kind="conflict"][data-board="{first}"]')
    assert said["conflict"] in table1.locator("#table-waiting").inner_text()
    room.shot(table1, "conflict-phone-1")
    room.shot(other1, "conflict-phone-2")
    room.director.goto(room.console)
    room.director.locator(".conflict button.choose").first.click()
    room.done()
    for page in (table1, other1):
        room.fresh(page)
        assert page.locator('#table-waiting li[data-kind="conflict"]').count() == 0
    kept = next(line for line in club.results(store, event).lines
                if (line.round, line.table, line.board) == (1, 1, first))
    assert kept.tricks == 9
    # The ruling and the claim, each on its table's phone, opened in full.
    room.fresh(table3)
    table3.click('#table-rulings li[data-kind="ruling"] a')
    table3.wait_for_url(re.compile(r".*/device/rulings/\d+$"))
    table3.wait_for_selector("#rulings")
    assert "64A1" in table3.locator("#rulings").inner_text()
    room.shot(table3, "ruling-on-the-phone")
    table3.goto(f"{room.url}/device/table")
    room.fresh(table4)
    link = table4.locator('#table-rulings li[data-kind="claim"] a')
    assert said["claim"] in link.inner_text()
    link.click()
    table4.wait_for_url(re.compile(r".*/device/claims/1/\d+$"))
    assert said["3nt"] in table4.locator("main").inner_text()  # the claim's contract
    room.shot(table4, "claim-on-the-phone")
    table4.goto(f"{room.url}/device/table")


def _first_trick(deal: Any) -> str:
    """The first trick of 3NT by South: West leads its lowest card, each follows with
    its lowest card of the suit led (or its lowest card)."""
    lead = min(deal.hand(Seat.WEST))
    cards = [lead]
    for seat in (Seat.NORTH, Seat.EAST, Seat.SOUTH):
        hand = deal.hand(seat)
        same = [c for c in hand if c.suit == lead.suit]
        cards.append(min(same or hand))
    return " ".join(card_text(c) for c in cards)  # ♣10, ♥R: read in any language


def _late_arrival(room: Room) -> None:
    """Round 1 ends; table 1 sits out round 2 until the late pair arrives and the sit-out
    becomes a table; the phones show the new movement and follow the start of round 2."""
    room.end_round()
    table1 = room.phones[1][0]
    room.fresh(table1)
    guide = table1.wait_for_selector('#movement[data-round="2"]')
    assert room.said["sit_out"] in guide.inner_text()
    room.shot(table1, "round-2-sit-out-before-the-late-pair")
    room.director.goto(room.console)
    assert room.director.locator("#sit-out-table input[name=from_round]").input_value() == "2"
    room.director.fill("#sit-out-table input[name=name]", "Flor & Gil")
    room.director.click("#sit-out-table button")
    assert room.said["late"] in room.done()
    assert room.director.locator("#no-sit-out").count() == 1
    room.shot(room.director, "console-after-the-late-pair")
    state = club.state_of(room.store, room.event)
    joined = next(e for e in state.movement.in_round(2) if e.table == 1)
    assert joined.ew == (11,) and state.name_of(11) == "Flor & Gil"
    room.fresh(table1)
    guide = table1.wait_for_selector('#movement[data-round="2"]')
    assert room.said["sit_out"] not in guide.inner_text()
    assert "11" in guide.inner_text()
    # The boards come from table 2, named in the singular when a round has one board.
    one, many = room.said["boards_from"]
    assert (one if room.night.boards_per_round == 1 else many) in guide.inner_text()
    room.shot(table1, "round-2-the-late-pair-comes-to-table-1")
    _start_and_follow(room, 2)


def _start_and_follow(room: Room, number: int) -> None:
    """The Director starts the round: every table's phone opens it on its own."""
    room.start_round(number)
    for table, (page, _) in room.phones.items():
        if room.encounter(number, table) is not None:
            page.wait_for_selector(f'#device[data-round="{number}"] #entry', state="attached")
    text = room.phones[1][0].locator("#round-state").inner_text()
    assert room.said["round"].format(round=number) in text


def _play_round(room: Room, number: int) -> None:
    if number > 2:
        _start_and_follow(room, number)
    for table, (page, _) in room.phones.items():
        encounter = room.encounter(number, table)
        if encounter is None:
            continue
        at_round(page, number)
        for board in encounter.boards:
            room.enter(page, board, RESULTS[(board + number) % len(RESULTS)])
    room.shot(room.phones[1][0], f"round-{number}-table-1-done")
    room.end_round()


def _publish_print_export_email(room: Room, smtp: Any) -> None:
    director, console, said = room.director, room.console, room.said
    director.goto(console)
    director.click("#publish form[action$='/publish'] button")
    assert said["publish"] in room.done()
    # The printouts, printed to PDF by chromium: every page kept, its pages counted.
    for kind in room.night.printouts:
        director.goto(f"{console}/print/{kind}?paper=a4")
        director.emulate_media(media="print")
        pdf = director.pdf(prefer_css_page_size=True, print_background=True)
        director.emulate_media(media="screen")
        pages = len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))
        assert pdf.startswith(b"%PDF") and pages >= 1, kind
        (FOLDER / f"{room.language}-{kind}.pdf").write_bytes(pdf)
    director.goto(f"{console}/print/travellers?paper=a4")
    assert said["north_south"] in director.locator("body").inner_text() or \
        director.locator(".traveller").count() >= 1
    # The session's zip from the console's link.
    director.goto(console)
    with director.expect_download() as download:
        director.click("#session-zip")
    saved = FOLDER / f"{room.language}-session.zip"
    download.value.save_as(str(saved))
    with zipfile.ZipFile(io.BytesIO(saved.read_bytes())) as archive:
        names = set(archive.namelist())
        assert {"session.xml", "session.pbn", "site/index.html"} <= names, names
        assert "Flor &amp; Gil" in archive.read("site/index.html").decode()
    # The results and each pair's score card by email.
    director.fill("#email textarea[name=addresses]",
                  "1 ana@example.org, luis@example.org\n11 flor@example.org")
    director.click("#email button")
    director.wait_for_selector("[role=status]")
    assert said["sent"] in director.locator("[role=status]").inner_text()
    room.shot(director, "console-email-sent")
    assert sorted(to for to, _ in smtp.letters) == [
        ["ana@example.org", "luis@example.org"], ["flor@example.org"]]
    letter = next(m for to, m in smtp.letters if to == ["flor@example.org"])
    assert said["subject"] in str(letter["Subject"])
    text = next(part for part in letter.walk() if part.get_content_type() == "text/plain")
    payload = text.get_payload(decode=True)
    assert isinstance(payload, bytes) and "Flor & Gil" in payload.decode("utf-8")
