"""Issue 28's event kinds through the app and over HTTP, without a browser: a Swiss event's
every round, as the console pairs it, checked against an exhaustive search of every
pairing (up to 10 teams); a 10-team round robin played in full, each match's VPs worked
out from the recorded scores; the new-event form's refusals, one translated line each."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from datetime import UTC, datetime
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dupbridge.adapters.sql import open_store
from dupbridge.app.club_night import commands as club
from dupbridge.app.club_night.event_kinds import (
    next_swiss_round,
    roster_of,
    score_teams_of,
    swiss_byes,
)
from dupbridge.scoring.imps import imps
from dupbridge.scoring.vp import wbf_vp
from dupbridge.tournament.swiss import BYE
from dupbridge.tournament.teams import team_of
from dupbridge.web.app import WebConfig, create_app
from dupbridge.web.security import hash_password
from web_browser import PASSWORD, MovableClock

NOW = datetime(2026, 11, 29, 19, 0, tzinfo=UTC)


def _play(store: Any, clock: Any, event: str, round_: int, rng: random.Random) -> None:
    state = club.state_of(store, event)
    for e in state.movement.in_round(round_):
        for board in e.boards:
            club.enter_result(store, clock, event, club.ResultInput(
                round_, e.table, board, "3NT", "N", rng.randint(6, 11)))


def _matchings(people: list[int]) -> Iterator[list[tuple[int, int]]]:
    if not people:
        yield []
        return
    first, rest = people[0], people[1:]
    for k, other in enumerate(rest):
        for more in _matchings(rest[:k] + rest[k + 1:]):
            yield [(first, other), *more]


def _best(score: dict[int, float], met: set[frozenset[int]]) -> tuple[int, float]:
    """The fewest repeat meetings, then the lowest cost (the squares of the score
    differences), over every pairing of the field."""
    return min((sum(frozenset(m) in met for m in pairing),
                sum((score[a] - score[b]) ** 2 for a, b in pairing))
               for pairing in _matchings(sorted(score)))


@pytest.mark.parametrize("teams", range(4, 11))
def test_law78_swiss_rounds_as_paired_equal_an_exhaustive_search(tmp_path: Path,
                                                                  teams: int) -> None:
    """Each round the app pairs (from the VP standings, the meetings so far and the byes
    recorded with the movement) has the fewest repeats and then the lowest cost of every
    possible pairing; while a pairing without a repeat exists, it has none."""
    store = open_store(f"sqlite:///{tmp_path}/s.db")
    clock = MovableClock(NOW)
    rounds = teams - 1 + teams % 2
    event = club.create_event(store, clock, club.NewEvent(
        "Swiss", kind="swiss", size=teams, boards_per_round=1, rounds=rounds,
        deal=False)).id
    rng = random.Random(teams)
    repeats = 0
    for round_ in range(1, rounds):
        _play(store, clock, event, round_, rng)
        state = club.state_of(store, event)
        vps = {s.team: float(s.vp) for s in score_teams_of(state).standings}
        met = {frozenset((team_of(e.ns[0]), team_of(e.ew[0])))
               for e in state.movement.encounters}
        field = dict(vps)
        if teams % 2:
            field[BYE] = min(vps.values()) - 1
            met |= {frozenset((BYE, t)) for t in swiss_byes(state)}
        paired = next_swiss_round(store, clock, event, who="Director")
        chosen = [*paired.matches, *([(paired.bye, BYE)] if paired.bye else [])]
        assert sorted(c for m in chosen for c in m) == sorted(field)
        fewest, cheapest = _best(field, met)
        made = sum(frozenset(m) in met for m in chosen)
        cost = sum((field[a] - field[b]) ** 2 for a, b in chosen)
        assert (made, paired.repeats) == (fewest, fewest)
        assert cost == pytest.approx(cheapest)
        repeats += made
    assert repeats == 0  # n - 1 rounds of n teams (with the bye): a round robin's worth
    store.close()


def test_law78_ten_team_round_robin_played_in_full(tmp_path: Path) -> None:
    store = open_store(f"sqlite:///{tmp_path}/t.db")
    clock = MovableClock(NOW)
    event = club.create_event(store, clock, club.NewEvent(
        "League", kind="teams", movement="teams", size=10, boards_per_round=2, deal=False,
        names={1: "Lions: Ana, Bea, Carlos, Dora"})).id
    rng = random.Random(10)
    for round_ in range(1, 10):
        _play(store, clock, event, round_, rng)
    state = club.state_of(store, event)
    scored = score_teams_of(state)
    assert [frozenset((m.home, m.away)) for m in scored.matches] == list(
        dict.fromkeys(frozenset((m.home, m.away)) for m in scored.matches))
    assert len(scored.matches) == 45 and all(s.matches == 9 for s in scored.standings)
    # Each match worked out here: the home team's gain on a board is its North-South
    # score in one room less the away team's North-South score in the other.
    scores: dict[tuple[int, int], dict[int, int]] = {}
    for line in club.results(store, event).lines:
        assert line.score is not None
        scores.setdefault((line.round, line.board), {})[team_of(line.ns[0])] = line.score
    for line in scored.matches:
        boards = [b for (r, b), by_team in scores.items() if r == line.round]
        margin = sum(imps(scores[(line.round, b)][line.home] -
                          scores[(line.round, b)][line.away]) for b in boards)
        assert line.match.home_imps == margin
        assert (line.match.home_vp, line.match.away_vp) == wbf_vp(Fraction(margin), 2)
    assert sum(s.vp for s in scored.standings) == 45 * 20
    lions = next(s for s in scored.standings if s.team == 1)
    assert (lions.name, lions.players) == ("Lions", ("Ana", "Bea", "Carlos", "Dora"))
    assert roster_of("Owls") == roster_of("Owls:")
    store.close()


@pytest.fixture
def director(tmp_path: Path) -> Iterator[tuple[TestClient, str]]:
    app = create_app(WebConfig(database=f"sqlite:///{tmp_path}/club.db", secret="s",
                               director_hash=hash_password(PASSWORD), clock=MovableClock(NOW)))
    with TestClient(app) as web:
        token = re.search(r'name="csrf" value="([^"]+)"', web.get("/login").text)
        assert token is not None
        web.post("/login", data={"password": PASSWORD, "csrf": token.group(1)})
        found = re.search(r'name="csrf" value="([^"]+)"', web.get("/director").text)
        assert found is not None
        yield web, found.group(1)


@pytest.mark.parametrize(("fields", "upload", "says"), [
    ({"kind": "swiss", "size": "8"}, None, "un suizo necesita su número de rondas"),
    ({"kind": "swiss", "size": "8", "swiss_rounds": "9"}, None, "Rondas del suizo"),
    ({"kind": "individual"}, None, "envíe su fichero"),
    ({"kind": "individual"}, ("x.txt", b"nothing\n"), "x.txt no es un movimiento"),
    ({"kind": "individual"}, ("x.txt", b"\xff\xfe\x00"), "es texto (UTF-8)"),
    ({"kind": "barometer", "size": "3"}, None, "cuatro parejas o más"),
    ({"kind": "knockout"}, None, "tipo de torneo: uno de pairs, barometer"),
])
def test_a_kind_refused_in_one_translated_line_and_the_form_kept(
        director: tuple[TestClient, str], fields: dict[str, str],
        upload: tuple[str, bytes] | None, says: str) -> None:
    web, token = director
    sent = web.post("/director/events?lang=es", data={
        "csrf": token, "name": "Torneo", "size": "4", "boards_per_round": "2", **fields},
        files={"movement_file": upload} if upload else None)
    assert sent.status_code == 422
    alert = re.search(r'role="alert">([^<]*)<', sent.text)
    assert alert is not None and says in alert.group(1), alert
    assert "/tmp" not in alert.group(1) and "Traceback" not in sent.text
    # the kind chosen comes back chosen (an unknown one chooses none: the first shows)
    select = sent.text.split('name="kind"')[1].split("</select>")[0]
    chosen = re.findall(r'<option value="([a-z]+)" selected>', select)
    assert chosen == ([] if fields["kind"] == "knockout" else [fields["kind"]])
