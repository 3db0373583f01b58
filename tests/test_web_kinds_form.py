"""The new-event form's team options (issue 28), over HTTP without a browser: a Swiss with
its bye's VPs typed and a VP scale sent as a file (a discrete table: rows of IMPs, winner's
VPs, loser's VPs), scored with them; a bad bye or scale comes back in one translated line
with the form kept and nothing created."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dupbridge.adapters.sql import open_store
from dupbridge.app.club_night import commands as club
from dupbridge.app.club_night.event_kinds import score_teams_of
from dupbridge.scoring.imps import imps
from dupbridge.tournament.teams import team_of
from dupbridge.web.app import WebConfig, create_app
from dupbridge.web.security import hash_password
from web_browser import PASSWORD, MovableClock

NOW = datetime(2026, 11, 29, 19, 0, tzinfo=UTC)
SCALE = "IMPs,winner,loser\n# a club's own table\n0,10,10\n1,12,8\n4,14,6\n8,17,3\n13,20,0\n"


def _scale(margin: int) -> tuple[Decimal, Decimal]:
    """The table above, read here: the band the winner's whole margin reaches."""
    bands = [(0, 10, 10), (1, 12, 8), (4, 14, 6), (8, 17, 3), (13, 20, 0)]
    winner, loser = next((w, lo) for low, w, lo in reversed(bands) if abs(margin) >= low)
    return (Decimal(winner), Decimal(loser)) if margin >= 0 else (Decimal(loser), Decimal(winner))


@pytest.fixture
def director(tmp_path: Path) -> Iterator[tuple[TestClient, str, str]]:
    database = f"{tmp_path}/club.db"
    app = create_app(WebConfig(database=f"sqlite:///{database}", secret="s",
                               director_hash=hash_password(PASSWORD), clock=MovableClock(NOW)))
    with TestClient(app) as web:
        token = re.search(r'name="csrf" value="([^"]+)"', web.get("/login").text)
        assert token is not None
        web.post("/login", data={"password": PASSWORD, "csrf": token.group(1)})
        found = re.search(r'name="csrf" value="([^"]+)"', web.get("/director").text)
        assert found is not None
        yield web, found.group(1), database


def _swiss(web: TestClient, token: str, bye: str, scale: str | None, language: str = "en"
           ) -> Any:
    files = None if scale is None else {"vp_file": ("club-scale.csv", scale.encode(),
                                                    "text/csv")}
    return web.post(f"/director/events?lang={language}", data={
        "csrf": token, "name": "Swiss", "kind": "swiss", "size": "5",
        "boards_per_round": "2", "swiss_rounds": "2", "bye_vp": bye}, files=files,
        follow_redirects=False)


def test_law78_a_swiss_with_its_bye_vps_and_a_vp_scale_from_a_file(
        director: tuple[TestClient, str, str]) -> None:
    web, token, database = director
    page = web.get("/director").text
    assert 'name="bye_vp"' in page and 'name="vp_file"' in page
    sent = _swiss(web, token, "10", SCALE)
    assert sent.status_code in (302, 303), sent.text
    event = sent.headers["location"].rsplit("/", 1)[1]
    store = open_store(database)
    try:
        state = club.state_of(store, event)
        assert state.config.options["bye_vp"] == "10"
        for e in state.movement.in_round(1):
            for board in e.boards:
                club.enter_result(store, MovableClock(NOW), event, club.ResultInput(
                    1, e.table, board, "3NT", "N", 7 + (3 * e.table + board) % 5))
        state = club.state_of(store, event)
        scored = score_teams_of(state)
        scores = {(e.board, team_of(e.ns[0]), team_of(e.ew[0])): line.score
                  for line in club.results(store, event).lines
                  for e in [state.book.entries[(line.round, line.table, line.board)]]}
        for match in scored.matches:
            home, away = match.home, match.away
            margin = sum(imps(scores[(b, home, away)] - scores[(b, away, home)])
                         for b in (1, 2))
            assert (match.match.home_vp, match.match.away_vp) == _scale(margin)
        (bye,) = {1, 2, 3, 4, 5} - {t for m in scored.matches for t in (m.home, m.away)}
        assert next(s.vp for s in scored.standings if s.team == bye) == Decimal(10)
    finally:
        store.close()


@pytest.mark.parametrize(("bye", "scale", "said"), [
    ("doce", None, "PV por descanso: un número de 0 a 30, como 12, no doce"),
    ("12", "0,10,10\n5,15,5\n3,13,7\n", "club-scale.csv, línea 3"),
    ("12", "1,12,8\n", "club-scale.csv"),
])
def test_a_bad_bye_or_vp_scale_is_one_translated_line(
        director: tuple[TestClient, str, str], bye: str, scale: str | None,
        said: str) -> None:
    web, token, _ = director
    refused = _swiss(web, token, bye, scale, "es")
    assert refused.status_code == 422
    assert said in refused.text and "Traceback" not in refused.text
    assert f'name="bye_vp" inputmode="decimal" value="{bye}"' in refused.text
    assert "Swiss" not in re.findall(r'<ul class="events">(.*?)</ul>', refused.text, re.S)[0]
