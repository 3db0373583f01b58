"""Issue 27: the public page's running chart shows each pair's percentage round by round
(Law 78A matchpoints), as the visibility policy lets the public see them: it counts only
the boards every table has played, and once they are all played, the percentage after
round r is the pair's matchpoints on its boards of rounds 1..r over their tops, each board
scored over all its results (the score card's running total). Scoring the first rounds
alone left a Mitchell's chart flat at 50 % (one result a board after round 1).

The expected percentages are computed here by hand from the travellers (78A: two points
for each score beaten, one for each tie, top 2(n-1)), apart from the code under test."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from fractions import Fraction
from pathlib import Path

from fastapi.testclient import TestClient

from dupbridge.app.club_night import commands as club
from dupbridge.app.club_night import visibility
from dupbridge.app.club_night.progress import running_percentages_of
from dupbridge.app.club_night.scored import scored_session
from dupbridge.app.club_night.state import ClubState
from dupbridge.tournament.results import ns_points
from dupbridge.web.app import WebConfig, create_app
from dupbridge.web.security import hash_password
from dupbridge.web.site import site_pages
from web_browser import ARTIFACTS, chromium, running

DOT = re.compile(r'<circle class="dot" data-pair="(\d+)" data-round="(\d+)" '
                 r'data-percent="([\d.]+)"')


@dataclass
class Clock:
    at: datetime

    def now(self) -> datetime:
        return self.at


def _session(tmp_path: Path) -> tuple[TestClient, object, str]:
    """A 4-table Mitchell cut to 3 rounds (each board played at 3 tables), 2 boards a
    round, as the issue's club played it."""
    clock = Clock(datetime(2026, 11, 29, 19, 0, tzinfo=UTC))
    app = create_app(WebConfig(database=f"sqlite:///{tmp_path}/club.db", secret="s",
                               director_hash=hash_password("director"), clock=clock))
    store = app.state.pages.store
    event = club.create_event(store, clock, club.NewEvent(
        "Chart", size=4, boards_per_round=2, rounds=3, seed="c4a7" * 8),
        who="Director").id
    return TestClient(app), app, event


def _play_round(app: object, event: str, number: int, rng: random.Random) -> None:
    store = app.state.pages.store  # type: ignore[attr-defined]
    clock = app.state.pages.clock  # type: ignore[attr-defined]
    state = club.state_of(store, event)
    for e in state.movement.encounters:
        if e.round != number or state.movement.sit_out(e):
            continue
        for board in e.boards:
            club.enter_result(store, clock, event, club.ResultInput(
                e.round, e.table, board, rng.choice(["3NT", "4S", "2H"]),
                rng.choice("NSEW"), rng.randint(6, 11)),
                entry_id=f"r{e.round}t{e.table}b{board}", who=f"table {e.table}")


def _by_hand(state: ClubState) -> dict[int, list[Fraction | None]]:
    """78A from the travellers: pair -> percentage after each round."""
    book = state.book.entries
    lines: dict[int, list[tuple[int, Fraction, Fraction]]] = {}
    for (round_, _, board), entry in book.items():
        mine = ns_points(entry, state.boards[board])
        others = [ns_points(e, state.boards[board]) for (_, _, b), e in book.items()
                  if b == board and e is not entry]
        ns = Fraction(sum(2 * (mine > o) + (mine == o) for o in others))
        top = Fraction(2 * len(others))
        lines.setdefault(entry.ns[0], []).append((round_, ns, top))
        lines.setdefault(entry.ew[0], []).append((round_, top - ns, top))
    last = max(k[0] for k in book)
    return {pair: [100 * sum(v for r, v, _ in got if r <= n)
                   / sum(t for r, _, t in got if r <= n)
                   if any(r <= n for r, _, _ in got) else None
                   for n in range(1, last + 1)]
            for pair, got in lines.items()}


def _chart(page: str) -> dict[int, dict[int, str]]:
    dots: dict[int, dict[int, str]] = {}
    for pair, round_, percent in DOT.findall(page):
        dots.setdefault(int(pair), {})[int(round_)] = percent
    return dots


def test_law78A_public_chart_shows_the_running_percentages_round_by_round(
        tmp_path: Path) -> None:
    public, app, event = _session(tmp_path)
    store = app.state.pages.store  # type: ignore[attr-defined]
    rng = random.Random(27)
    for number in (1, 2):
        _play_round(app, event, number, rng)
        state = club.state_of(store, event)
        sight = visibility.sight_of(state, visibility.PUBLIC)
        # In this Mitchell no board has been played at every table before the last
        # round: the public sees none, so the chart shows nothing yet.
        assert sight.boards == frozenset()
        assert _chart(public.get(f"/events/{event}/ranking").text) == {}
    _play_round(app, event, 3, rng)
    state = club.state_of(store, event)
    expected = _by_hand(state)
    shown = _chart(public.get(f"/events/{event}/ranking").text)
    assert shown == {pair: {n: f"{float(v):.2f}" for n, v in enumerate(values, 1)
                            if v is not None} for pair, values in expected.items()}
    # The app's running percentages, which the chart draws, are these values.
    ranked = visibility.sight_of(state, visibility.PUBLIC).ranked
    assert {pair: list(values) for pair, values in running_percentages_of(ranked).items()
            } == expected
    # Before the last round the pairs' values differ: not a flat line at 50 %.
    for number in (1, 2):
        values = [shown[pair][number] for pair in shown]
        assert len(set(values)) > 2, (number, values)
    # The last round's values are the ranking's percentages.
    page = public.get(f"/events/{event}/ranking").text
    rows = dict(re.findall(r'<tr class="ranked" data-pair="(\d+)"><td>[^<]*</td><td>\d+</td>'
                           r'<td>[^<]*</td><td>[^<]*</td><td>([^<]*)</td>', page))
    assert {int(p): c for p, c in rows.items()} == {p: d[3] for p, d in shown.items()}


def test_law78A_published_chart_is_the_same_as_the_live_one(tmp_path: Path) -> None:
    public, app, event = _session(tmp_path)
    store = app.state.pages.store  # type: ignore[attr-defined]
    rng = random.Random(29)
    for number in (1, 2, 3):
        _play_round(app, event, number, rng)
    live = _chart(public.get(f"/events/{event}/ranking").text)
    site = _chart(site_pages(scored_session(store, event))["chart.html"])
    assert site == live and len(live) == 8


def test_issue27_the_chart_fits_a_phone_of_360_px(tmp_path: Path) -> None:
    """The live ranking and the published site's chart page at 360 px: the chart scales
    down to the screen (no sideways scroll) and keeps its proportions."""
    _, app, event = _session(tmp_path)
    store = app.state.pages.store  # type: ignore[attr-defined]
    rng = random.Random(31)
    for number in (1, 2, 3):
        _play_round(app, event, number, rng)
    site = site_pages(scored_session(store, event), "es")["chart.html"]
    measure = """() => { const s = document.querySelector('svg').getBoundingClientRect();
        const root = document.scrollingElement;
        return [root.scrollWidth, root.clientWidth, s.width, s.height]; }"""
    folder = ARTIFACTS / "running-chart"
    folder.mkdir(parents=True, exist_ok=True)
    with running(app) as url, chromium() as browser:
        page = browser.new_context(viewport={"width": 360, "height": 740}).new_page()
        page.goto(f"{url}/events/{event}/ranking?lang=es")
        live = page.evaluate(measure)
        page.screenshot(path=str(folder / "live-360.png"), full_page=True)
        page.set_content(site)
        published = page.evaluate(measure)
        page.screenshot(path=str(folder / "site-360.png"), full_page=True)
    for scroll, client, width, height in (live, published):
        assert scroll <= client <= 360
        assert 0 < width <= client and abs(width / height - 2) < 0.05
