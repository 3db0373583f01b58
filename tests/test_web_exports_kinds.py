"""Issue 28: team events and individuals in the end-of-session zip of the Director's
console (USEBIO, PBN with score tables, the static site with score cards). The pairs
writers wrote a team event's tables as a matchpoint pairs field (EVENT_TYPE MP_PAIRS, the
teams' pairs matchpointed) and an individual's partnerships as pairs ("1-5"); here a
4-team round robin, a 5-team Swiss (a bye each round) and a 12-player individual are
exported and read back: the files say what the app scores."""

from __future__ import annotations

import io
import re
import zipfile
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from dupbridge.app.club_night import commands as club
from dupbridge.app.club_night.event_kinds import (
    next_swiss_round,
    score_individual_of,
    score_teams_of,
)
from dupbridge.app.club_night.kind_exports import published_kind_state, teams_published
from dupbridge.app.club_night.ports import FixedClock
from dupbridge.formats import pbn, usebio
from dupbridge.formats.pbn.score_tables import read_table
from dupbridge.scoring.imps import imps
from dupbridge.tournament.teams import team_of
from dupbridge.web import exports
from dupbridge.web.app import WebConfig, create_app
from dupbridge.web.security import hash_password

CLOCK = FixedClock(datetime(2026, 11, 29, 19, 0, tzinfo=UTC))
INDIVIDUAL = Path(__file__).parents[1] / ".." / "shared" / "realdata" / "tables" / \
    "bridgepal_individual" / "Individual_12_1.txt"


def _app(tmp_path: Path) -> Any:
    return create_app(WebConfig(database=f"sqlite:///{tmp_path}/club.db", secret="s",
                                director_hash=hash_password("td"), clock=CLOCK))


def _play(store: Any, event: str, round_: int | None = None) -> None:
    state = club.state_of(store, event)
    for e in state.movement.encounters:
        if (round_ is not None and e.round != round_) or state.movement.sit_out(e):
            continue
        for board in e.boards:
            club.enter_result(store, CLOCK, event, club.ResultInput(
                e.round, e.table, board, "3NT", "N", 7 + (3 * e.table + 5 * board) % 5))


def _zip(app: Any, event: str) -> zipfile.ZipFile:
    """The zip the console's download sends (without the hand record, whose analysis the
    pairs exports' tests cover)."""
    data = exports.session_zip(app.state.pages.store, event, None, "en")
    return zipfile.ZipFile(io.BytesIO(data))


def _team_event(app: Any, kind: str, teams: int, rounds: int | None = None) -> str:
    store = app.state.pages.store
    return club.create_event(store, CLOCK, club.NewEvent(
        "Teams", kind=kind, size=teams, boards_per_round=2, seed="7e" * 16, rounds=rounds,
        names={1: "Lions: Ana, Bea, Carlos, Dora", 2: "Tigers"}), who="Director").id


def test_law78_a_team_round_robin_in_usebio_pbn_and_the_site(tmp_path: Path) -> None:
    app = _app(tmp_path)
    store = app.state.pages.store
    event = _team_event(app, "teams", 4)
    _play(store, event)
    club.make_official(store, CLOCK, event, who="Director")  # the deals go out too
    archive = _zip(app, event)
    assert {"session.xml", "session.pbn", "site/index.html", "site/travellers.html",
            "site/cards.html"} <= set(archive.namelist())
    scored = score_teams_of(club.state_of(store, event))

    read = usebio.loads(archive.read("session.xml").decode())
    assert read.event_type == "TEAMS"
    assert {(p.kind, p.number, p.total_score, p.place) for p in read.participants} == \
        {("TEAM", str(s.team), Decimal(f"{s.vp:.2f}"), s.place) for s in scored.standings}
    lions = read.participant("1")
    assert lions is not None and lions.name == "Lions"
    assert [p.name for p in lions.players] == ["Ana", "Bea", "Carlos", "Dora"]
    # Each board's two tables of a match: each team's IMPs from the two scores, worked
    # out here.
    state = club.state_of(store, event)
    scores = {(e.board, team_of(e.ns[0]), team_of(e.ew[0])): line.score
              for line in club.results(store, event).lines
              for e in [state.book.entries[(line.round, line.table, line.board)]]}
    for board, line in read.lines():
        ns, ew = int(line.ns), int(line.ew)
        gain = imps(scores[(board, ns, ew)] - scores[(board, ew, ns)])
        assert line.points is not None and line.points.kind == "IMPS"
        assert (line.points.ns, line.points.ew) == (gain, -gain)
    assert len(read.lines()) == 4 * 3 * 2  # 4 teams' 2 tables a round, 3 rounds x 2 boards
    assert len(read.handset) == 6

    file = pbn.loads(archive.read("session.pbn").decode())
    assert len(file.games) == 6
    total_tag = file.games[0].tag("TotalScoreTable")
    assert total_tag is not None
    total = read_table(total_tag)
    assert [(r["TeamId"], str(r["TotalScoreVP"])) for r in total.records()] == \
        [(s.team, f"{s.vp:.2f}") for s in scored.standings]
    assert total.records()[[s.team for s in scored.standings].index(1)]["Roster"] == \
        "Ana, Bea, Carlos, Dora"
    board_tag = file.games[0].tag("ScoreTable")
    assert board_tag is not None
    rows = read_table(board_tag).records()
    assert len(rows) == 4 and all(r["IMP_NS"] == -r["IMP_EW"] for r in rows)  # type: ignore[operator]

    index = archive.read("site/index.html").decode()
    shown = re.findall(r'<tr class="ranked" data-team="(\d+)"><td>([^<]*)</td>', index)
    assert shown == [(str(s.team), s.place) for s in scored.standings]
    assert index.count('<tr class="match"') == 6
    cards = archive.read("site/cards.html").decode()
    assert cards.count('<table class="scorecard"') == 4
    assert "chart.html" not in index  # no running percentage for teams


def test_law78_a_swiss_with_a_bye_exports_the_byes_vps(tmp_path: Path) -> None:
    app = _app(tmp_path)
    store = app.state.pages.store
    event = _team_event(app, "swiss", 5, rounds=2)
    _play(store, event, 1)
    next_swiss_round(store, CLOCK, event, who="Director")
    _play(store, event, 2)
    state = club.state_of(store, event)
    scored = score_teams_of(state)
    assert sum(s.vp for s in scored.standings) == 2 * 2 * 20 + 2 * 12  # two byes of 12
    # what the public may see (no journal in it) counts the byes too
    public = published_kind_state(store, event)
    assert public is not None and score_teams_of(public).standings == scored.standings
    read = usebio.loads(_zip(app, event).read("session.xml").decode())
    assert read.event_type == "SWISS_TEAMS"
    assert {(p.number, p.total_score) for p in read.participants} == \
        {(str(s.team), Decimal(f"{s.vp:.2f}")) for s in scored.standings}


@pytest.mark.skipif(not INDIVIDUAL.exists(), reason="the shared real data is not here")
def test_law78_an_individual_exports_its_players(tmp_path: Path) -> None:
    app = _app(tmp_path)
    store = app.state.pages.store
    players = ["Ana", "Bea", "Carlos", "Dora", "Eva", "Fran", "Gil", "Hugo", "Iris",
               "Juan", "Luis", "Marta"]
    event = club.create_event(store, CLOCK, club.NewEvent(
        "Individual", kind="individual", size=1, boards_per_round=1, seed="7e" * 16,
        movement_file=str(INDIVIDUAL), names=dict(enumerate(players, 1))),
        who="Director").id
    _play(store, event)
    club.make_official(store, CLOCK, event, who="Director")
    archive = _zip(app, event)
    # USEBIO's way with an individual's four players is not known here: no guess written.
    assert "session.xml" not in archive.namelist()
    standings = score_individual_of(club.state_of(store, event))
    file = pbn.loads(archive.read("session.pbn").decode())
    total_tag = file.games[0].tag("TotalScoreTable")
    assert total_tag is not None
    assert [(r["PlayerId"], r["Name"], str(r["TotalPercentage"]))
            for r in read_table(total_tag).records()] == \
        [(s.player, players[s.player - 1], f"{float(s.percentage or 0):.2f}")
         for s in standings]
    board_tag = file.games[0].tag("ScoreTable")
    assert board_tag is not None
    rows = read_table(board_tag).records()
    assert len(rows) == 3  # each board at the three tables
    seated = [{r[f"PlayerId_{seat}"] for seat in ("North", "South", "East", "West")}
              for r in rows]
    assert all(len(s) == 4 for s in seated) and len(set().union(*seated)) == 12
    index = archive.read("site/index.html").decode()
    shown = re.findall(r'<tr class="ranked" data-player="(\d+)"><td>([^<]*)</td>', index)
    assert shown == [(str(s.player), s.place) for s in standings]
    cards = archive.read("site/cards.html").decode()
    assert cards.count('<table class="scorecard"') == 12
    assert "1-5" not in index  # no partnership ranked as a pair


def _cli(*args: str) -> tuple[int, str]:
    from typer.testing import CliRunner

    from dupbridge.cli.main import app

    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.output


@pytest.mark.skipif(not INDIVIDUAL.exists(), reason="the shared real data is not here")
def test_event_publish_and_export_write_team_and_individual_files(tmp_path: Path) -> None:
    app = _app(tmp_path)
    store = app.state.pages.store
    teams = _team_event(app, "teams", 4)
    _play(store, teams)
    individual = club.create_event(store, CLOCK, club.NewEvent(
        "Individual", kind="individual", size=1, boards_per_round=1, seed="7e" * 16,
        movement_file=str(INDIVIDUAL)), who="Director").id
    _play(store, individual)
    db = f"sqlite:///{tmp_path}/club.db"

    code, out = _cli("event", "publish", teams, "--db", db, "--out", str(tmp_path / "t"))
    assert code == 0, out
    assert {p.name for p in (tmp_path / "t").iterdir()} == \
        {"index.html", "travellers.html", "cards.html", "session.xml"}  # deals not public
    assert usebio.load(tmp_path / "t" / "session.xml").event_type == "TEAMS"
    code, out = _cli("event", "export", teams, "--db", db, "--format", "usebio",
                     "--out", str(tmp_path / "t.xml"))
    assert code == 0 and usebio.load(tmp_path / "t.xml").participants[0].kind == "TEAM"

    club.make_official(store, CLOCK, individual, who="Director")
    code, out = _cli("event", "export", individual, "--db", db, "--format", "pbn",
                     "--out", str(tmp_path / "i.pbn"))
    assert code == 0, out
    total = pbn.load(tmp_path / "i.pbn").games[0].tag("TotalScoreTable")
    assert total is not None and len(read_table(total).rows) == 12
    code, out = _cli("event", "export", individual, "--db", db, "--format", "usebio",
                     "--out", str(tmp_path / "i.xml"), "--lang", "es")
    assert code == 2 and "un individual no se escribe" in out and "Traceback" not in out
    assert not (tmp_path / "i.xml").exists()


def test_law78_a_team_events_printed_score_cards_and_results(tmp_path: Path) -> None:
    """The console's printouts (and the emailed results): each pair's card shows its IMPs
    on each board, the notice board the teams' VPs; they showed a pairs field's
    matchpoints."""
    from dupbridge.web import printouts
    from dupbridge.web.language import gettext_for

    app = _app(tmp_path)
    store = app.state.pages.store
    event = _team_event(app, "teams", 4)
    _play(store, event)
    state = club.state_of(store, event)
    scored = score_teams_of(state)
    published = {(line.round, line.table, line.board): line
                 for line in teams_published(state).lines}
    cards = printouts.score_cards(state, "en")
    assert len(cards) == 8  # two pairs a team
    for card in cards:
        pair = card["pair"]
        for row in card["rows"]:
            encounter = next(e for e in state.movement.in_round(row["round"])
                             if pair in e.contestants)
            line = published[(row["round"], encounter.table, row["board"])]
            mine = line.ns_points if pair in encounter.ns else line.ew_points
            assert mine is not None and row["points"] == f"{float(mine):.2f}"
    said = printouts.results(state, gettext_for("es"))
    (group,) = said["groups"]
    assert group["contestant"] == "Equipo"
    assert [(r["place"], r["pair"], r["total"]) for r in group["rows"]] == \
        [(s.place, s.team, f"{s.vp:.2f}") for s in scored.standings]
