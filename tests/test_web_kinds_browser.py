"""Issue 28's event kinds in a real browser (Debian's chromium through Playwright): the
Director creates each event from the new-event form; table phones enter some results (the
rest is entered through the app, as other tables' phones would); the console and the
public page show what the app scores.

* a 10-team round robin: each match at two tables, IMPs per board, VPs per match on the
  WBF 2013 scale, the teams' rosters on the ranking;
* a 30-team Swiss: each round paired from the console once the last is complete, no
  repeat meeting;
* a barometer: a board's results reach the public only once every table has finished
  the round (not merely the board);
* an individual on a published movement sent with the form.

Screenshots in test-artifacts/."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from fractions import Fraction
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest

from dupbridge.app.club_night import commands as club
from dupbridge.app.club_night.event_kinds import score_individual_of, score_teams_of
from dupbridge.app.club_night.kind_views import teams_at
from dupbridge.scoring.imps import imps
from dupbridge.scoring.vp import wbf_vp
from dupbridge.web.app import WebConfig, create_app
from dupbridge.web.security import hash_password
from web_browser import (
    PASSWORD,
    MovableClock,
    at_round,
    chromium,
    enter,
    join,
    login,
    running,
    screenshot,
    synced,
)

INDIVIDUAL = Path(__file__).parents[1] / ".." / "shared" / "realdata" / "tables" / \
    "bridgepal_individual" / "Individual_12_1.txt"
DONE = re.compile(r".*/director/events/[^/?]+\?done=[a-z-]+$")


def _app(tmp_path: Path) -> tuple[Any, MovableClock]:
    clock = MovableClock(datetime(2026, 11, 29, 19, 0, tzinfo=UTC))
    app = create_app(WebConfig(database=f"sqlite:///{tmp_path}/club.db", secret="s",
                               director_hash=hash_password(PASSWORD), clock=clock))
    return app, clock


def _new_event(director: Any, name: str, kind: str, boards: int, *, size: int | None = None,
               names: str = "", **fields: str) -> str:
    """The Director fills the new-event form (the boards dealt at the tables) and lands on
    the event's console; returns the event's id."""
    director.fill("input[name=name]", name)
    director.select_option("select[name=kind]", kind)
    if size is not None:
        director.fill("input[name=size]", str(size))
    director.fill("input[name=boards_per_round]", str(boards))
    for field, value in fields.items():
        if field == "movement_file":
            director.set_input_files("input[name=movement_file]", value)
        else:
            director.fill(f"input[name={field}]", value)
    director.fill("textarea[name=names]", names)
    director.uncheck("input[name=deal]")
    director.click("#new-event button")
    director.wait_for_url(re.compile(r".*/director/events/[^/?]+$"))
    assert director.locator("[role=alert]").count() == 0
    return unquote(str(director.url.rsplit("/", 1)[1]))


def _codes(director: Any) -> dict[int, str]:
    return {int(c.get_attribute("data-table")): c.inner_text()
            for c in director.locator(".device-code").all()}


def _tricks(round_: int, table: int, board: int) -> int:
    """Declarer's tricks for a result entered through the app: they differ from table to
    table, so that matches are won and lost."""
    return 7 + (3 * table + 5 * board + round_) % 5


def _play(store: Any, clock: Any, event: str, round_: int, *,
          skip: tuple[int, ...] = ()) -> None:
    """Every table of ``round_`` but ``skip`` enters its boards (3NT by North)."""
    state = club.state_of(store, event)
    for e in state.movement.in_round(round_):
        if e.table in skip or state.movement.sit_out(e):
            continue
        for board in e.boards:
            club.enter_result(store, clock, event, club.ResultInput(
                round_, e.table, board, "3NT", "N", _tricks(round_, e.table, board)))


def _public(browser: Any, url: str, event: str, language: str = "en") -> Any:
    page = browser.new_context().new_page()
    page.goto(f"{url}/events/{event}?lang={language}")
    page.wait_for_selector("#ranking")
    return page


def _team_rows(page: Any) -> list[tuple[str, int, str]]:
    return [(row.locator("td").nth(0).inner_text(), int(row.get_attribute("data-team")),
             row.locator("td.vp").inner_text())
            for row in page.locator("table.teams tr.ranked").all()]


ROSTERS = {1: "Lions: Ana, Bea, Carlos, Dora", 2: "Tigers: Eva, Fran, Gil, Hugo",
           7: "Owls: Iris, Juan, Luis, Marta"}


def test_law78_a_ten_team_round_robin_in_imps_and_vps(tmp_path: Path) -> None:
    app, clock = _app(tmp_path)
    store = app.state.pages.store
    with running(app) as url, chromium() as browser:
        director = login(browser.new_context(), url, "en")
        event = _new_event(director, "League", "teams", 2, size=10, names="\n".join(
            f"{team} {roster}" for team, roster in ROSTERS.items()))
        codes = _codes(director)
        assert sorted(codes) == list(range(1, 11))  # five matches, two tables each
        state = club.state_of(store, event)
        first = {e.table: e for e in state.movement.in_round(1)}
        home, away = teams_at(state, first[1]) or (0, 0)
        assert teams_at(state, first[2]) == (away, home)  # the other room, sides swapped
        cell = director.locator('.cell[data-round="1"][data-table="1"] .teams')
        assert cell.inner_text() == f"Team {home}–{away}"
        assert state.movement.rounds == 9
        screenshot(director, "kinds-teams-1-console")

        # Match 1 of round 1 entered on its two tables' phones.
        room1, room2 = join(browser, url, codes[1], "en"), join(browser, url, codes[2], "en")
        assert f"team {home} North-South against team {away} East-West" in \
            room1.locator("#round-state").inner_text()
        assert room1.locator("#names").count() == 0  # the rosters are the Director's
        b1, b2 = first[1].boards
        enter(room1, b1, "4S", "N", 10)
        synced(room1, b1)
        enter(room1, b2, "3NT", "S", 8)
        enter(room2, b1, "4S", "N", 9)
        synced(room2, b1)
        enter(room2, b2, "3NT", "S", 9)
        screenshot(room2, "kinds-teams-2-phone")
        _play(store, clock, event, 1, skip=(1, 2))
        _play(store, clock, event, 2)

        # The match's IMPs and VPs worked out here from the recorded scores: the home
        # team's gain on a board is its North-South score in room 1 less the away team's
        # North-South score in room 2.
        scores = {(line.table, line.board): line.score
                  for line in club.results(store, event).lines if line.round == 1}
        margin = sum(imps(scores[(1, b)] - scores[(2, b)]) for b in (b1, b2))
        home_vp, away_vp = wbf_vp(Fraction(margin), 2)
        public = _public(browser, url, event)
        row = public.locator(f'tr.match[data-round="1"][data-home="{home}"]'
                             f'[data-away="{away}"]')
        assert row.locator("td.imps").inner_text() == f"{margin:g} – {-margin:g}"
        assert row.locator("td.vp").inner_text() == f"{home_vp:.2f} – {away_vp:.2f}"
        assert public.locator("tr.match").count() == 10  # five matches a round
        scored = score_teams_of(club.state_of(store, event))
        assert _team_rows(public) == [(s.place, s.team, f"{s.vp:.2f}")
                                      for s in scored.standings]
        assert all(s.matches == 2 for s in scored.standings)
        assert sum(s.vp for s in scored.standings) == 10 * 20  # each match shares 20 VPs
        lions = public.locator('table.teams tr[data-team="1"]')
        assert lions.locator("td").nth(2).inner_text() == "Lions"
        assert lions.locator("td.roster").inner_text() == "Ana, Bea, Carlos, Dora"
        screenshot(public, "kinds-teams-3-ranking")


@pytest.mark.parametrize("rounds", [2, pytest.param(5, marks=pytest.mark.long)])
def test_law78_a_thirty_team_swiss_paired_from_the_console_without_repeats(
        tmp_path: Path, rounds: int) -> None:
    app, clock = _app(tmp_path)
    store = app.state.pages.store
    with running(app) as url, chromium() as browser:
        director = login(browser.new_context(), url, "en")
        event = _new_event(director, "Swiss", "swiss", 2, size=30, swiss_rounds=str(rounds))
        assert sorted(_codes(director)) == list(range(1, 31))
        for round_ in range(1, rounds):
            _play(store, clock, event, round_, skip=(30,))
            director.reload()
            button = director.locator("#swiss button.next-round")
            assert button.is_disabled()  # table 30 has not played yet
            _play(store, clock, event, round_)
            director.reload()
            button.click()
            director.wait_for_url(DONE)
            assert director.locator("[role=alert]").count() == 0
            assert director.locator("#swiss-state").get_attribute("data-paired") == \
                str(round_ + 1)
        screenshot(director, f"kinds-swiss-{rounds}-1-console")
        state = club.state_of(store, event)
        last = {e.table: e for e in state.movement.in_round(rounds)}
        assert len(last) == 30
        phone = join(browser, url, _codes(director)[1], "en")
        home, away = teams_at(state, last[1]) or (0, 0)
        phone.wait_for_selector(f'#device[data-round="{rounds}"]', state="attached")
        assert f"team {home} North-South against team {away} East-West" in \
            phone.locator("#round-state").inner_text()
        _play(store, clock, event, rounds)
        director.reload()
        assert director.locator("#swiss button.next-round").count() == 0  # all paired

        scored = score_teams_of(club.state_of(store, event))
        met = [frozenset((m.home, m.away)) for m in scored.matches]
        assert len(met) == len(set(met)) == 15 * rounds  # no repeat meeting
        public = _public(browser, url, event)
        assert _team_rows(public) == [(s.place, s.team, f"{s.vp:.2f}")
                                      for s in scored.standings]
        assert public.locator("tr.match").count() == 15 * rounds
        screenshot(public, f"kinds-swiss-{rounds}-2-ranking")


def test_law78_a_barometer_releases_a_boards_results_when_the_round_ends(
        tmp_path: Path) -> None:
    app, _ = _app(tmp_path)
    store = app.state.pages.store
    with running(app) as url, chromium() as browser:
        director = login(browser.new_context(), url, "es")
        event = _new_event(director, "Barómetro", "barometer", 2, size=6, rounds="2")
        assert director.locator("#release select[name=release]").input_value() == "round"
        codes = _codes(director)
        state = club.state_of(store, event)
        b1, b2 = next(e for e in state.movement.in_round(1) if e.table == 1).boards
        assert all(e.boards == (b1, b2) for e in state.movement.in_round(1))
        phones = {t: join(browser, url, codes[t], "es") for t in (1, 2, 3)}
        for table, tricks in ((1, 9), (2, 10), (3, 8)):
            enter(phones[table], b1, "3NT", "N", tricks)
            synced(phones[table], b1)
        enter(phones[1], b2, "2H", "S", 8)
        at_round(phones[1], 2)  # its round done, the phone shows the next
        enter(phones[2], b2, "2H", "S", 9)
        at_round(phones[2], 2)

        # Board 1 has been played at every table, but table 3 is still in the round.
        public = browser.new_context().new_page()
        public.goto(f"{url}/events/{event}/boards/{b1}?lang=es")
        assert public.locator("table.traveller tr").count() <= 1
        assert "ronda" in public.locator("body").inner_text()
        public.goto(f"{url}/events/{event}?lang=es")
        assert public.locator("table.ranking").count() == 0
        screenshot(public, "kinds-barometer-1-withheld")

        enter(phones[3], b2, "2H", "S", 7)  # the round is over
        at_round(phones[3], 2)
        public.goto(f"{url}/events/{event}/boards/{b1}?lang=es")
        assert public.locator("table.traveller tr").count() == 4  # a heading, three tables
        public.goto(f"{url}/events/{event}?lang=es")
        public.wait_for_selector("table.ranking")
        expected = [[(s.place, str(s.pair)) for s in group]
                    for group in club.score(store, event).rankings]
        shown = [[(row.locator("td").nth(0).inner_text(), row.get_attribute("data-pair"))
                  for row in table.locator("tr.ranked").all()]
                 for table in public.locator("table.ranking").all()]
        assert shown == expected and sum(map(len, shown)) == 6
        screenshot(public, "kinds-barometer-2-released")


@pytest.mark.skipif(not INDIVIDUAL.exists(), reason="the shared real data is not here")
def test_law78_an_individual_on_a_published_movement(tmp_path: Path) -> None:
    app, clock = _app(tmp_path)
    store = app.state.pages.store
    players = ["Ana", "Bea", "Carlos", "Dora", "Eva", "Fran", "Gil", "Hugo", "Iris",
               "Juan", "Luis", "Marta"]
    with running(app) as url, chromium() as browser:
        director = login(browser.new_context(), url, "fr")
        event = _new_event(director, "Individuel", "individual", 1,
                           movement_file=str(INDIVIDUAL), names="\n".join(
                               f"{n} {name}" for n, name in enumerate(players, 1)))
        codes = _codes(director)
        assert sorted(codes) == [1, 2, 3]
        state = club.state_of(store, event)
        at1 = next(e for e in state.movement.in_round(1) if e.table == 1)
        phone = join(browser, url, codes[1], "fr")
        said = phone.locator("#round-state").inner_text()
        assert "-".join(map(str, at1.ns)) in said and "-".join(map(str, at1.ew)) in said
        enter(phone, at1.boards[0], "4H", "S", 10)
        at_round(phone, 2)  # one board a round: the phone goes on to the next
        screenshot(phone, "kinds-individual-1-phone")
        # The rest through the app: each board is played at all three tables, in
        # different rounds, so the public sees it only once all are played.
        _play(store, clock, event, 1, skip=(1,))
        for round_ in range(2, 10):
            _play(store, clock, event, round_)

        standings = score_individual_of(club.state_of(store, event))
        assert len(standings) == 12 and all(s.boards == 9 for s in standings)
        public = _public(browser, url, event, "fr")
        rows = [(row.locator("td").nth(0).inner_text(), int(row.get_attribute("data-player")),
                 row.locator("td").nth(2).inner_text())
                for row in public.locator("table.individual tr.ranked").all()]
        assert rows == [(s.place, s.player, players[s.player - 1]) for s in standings]
        screenshot(public, "kinds-individual-2-ranking")
