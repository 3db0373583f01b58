"""Event kinds from the command line alone (issue 28): a teams round robin (IMPs, then
VPs on the WBF 2013 scale or a scale file), a Swiss teams event paired round by round, an
individual on a published movement, and the scoring options scorers name (the ACBL
matchpoint convention, Neuberg off, a total factored to a stated number of boards)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dupbridge.adapters.sql import open_store
from dupbridge.app.club_night.event_kinds import (
    score_individual_event,
    score_teams_event,
    table_scale,
)
from dupbridge.app.club_night.views import score
from dupbridge.cli.main import app
from dupbridge.scoring.imps import imps
from dupbridge.scoring.vp import wbf_vp

NOW = "2026-11-29T19:00:00+00:00"
INDIVIDUAL = Path(__file__).parents[1] / ".." / "shared" / "realdata" / "tables" / \
    "bridgepal_individual" / "Individual_12_1.txt"


def run(db: str, *args: str) -> tuple[int, str]:
    now = [] if args[1] == "score" else ["--now", NOW]
    result = CliRunner().invoke(app, [*args, "--db", db, *now])
    return result.exit_code, result.output


def enter(db: str, event: str, round_number: int, table: int, board: int, *result: str
          ) -> None:
    code, out = run(db, "event", "enter", event, "--round", str(round_number), "--table",
                    str(table), "--board", str(board), *result)
    assert code == 0, out


def _seating(db: str, event: str) -> list[tuple[int, int, tuple[int, ...]]]:
    from dupbridge.app.club_night.state import state_of

    store = open_store(db)
    try:
        movement = state_of(store, event).movement
    finally:
        store.close()
    return [(e.round, e.table, e.boards) for e in movement.encounters]


def test_law78_teams_round_robin_imps_then_wbf_vps(tmp_path: Path) -> None:
    db = str(tmp_path / "t.db")
    code, out = run(db, "event", "new", "Teams", "--id", "t", "--kind", "teams", "--size",
                    "4", "--boards", "2", "--no-deal")
    assert code == 0, out
    assert "Round robin 4 teams, 3 rounds" in out and "teams 1, 2, 3, 4" in out
    # round 1: team 1 (pairs 1, 2) v team 4 (pairs 7, 8) at tables 1 and 2
    enter(db, "t", 1, 1, 1, "4S", "N", "10")   # team 1 NS: +420
    enter(db, "t", 1, 2, 1, "4S", "N", "9")    # team 4 NS: -50
    enter(db, "t", 1, 1, 2, "3NT", "S", "9")   # team 1 NS, vulnerable: +600
    enter(db, "t", 1, 2, 2, "3NT", "S", "10")  # team 4 NS: +630
    code, out = run(db, "event", "score", "t")
    assert code == 0, out
    margin = imps(420 + 50) + imps(600 - 630)
    assert margin == 9
    winner, loser = wbf_vp(Fraction(margin), 2)
    assert f"IMPs +{margin} / -{margin}, VPs {winner:.2f}-{loser:.2f}" in out
    store = open_store(db)
    scored = score_teams_event(store, "t")
    store.close()
    vps = {s.team: s.vp for s in scored.standings}
    assert (vps[1], vps[4], vps[2]) == (winner, loser, 0)  # team 2's match not played yet
    assert scored.standings[0].team == 1


def test_law78_teams_vp_scale_from_a_file(tmp_path: Path) -> None:
    scale = tmp_path / "vp.csv"
    scale.write_text("IMPs,winner,loser\n0,15,15\n1,16,14\n5,20,10\n10,25,5\n",
                     encoding="utf-8")
    db = str(tmp_path / "t.db")
    code, out = run(db, "event", "new", "Teams", "--id", "t", "--kind", "teams", "--size",
                    "4", "--boards", "1", "--vp-scale", str(scale), "--no-deal")
    assert code == 0, out
    enter(db, "t", 1, 1, 1, "4S", "N", "10")
    enter(db, "t", 1, 2, 1, "4S", "N", "10")  # a flat board: 0 IMPs, 15-15
    code, out = run(db, "event", "score", "t")
    assert "IMPs +0 / +0, VPs 15.00-15.00" in out, out
    assert table_scale([["0", "15", "15"], ["5", "20", "10"]])(Fraction(7, 2), 8) == \
        (Decimal(15), Decimal(15))
    bad = tmp_path / "bad.csv"
    bad.write_text("1,16,14\n", encoding="utf-8")
    code, out = run(db, "event", "new", "T2", "--kind", "teams", "--vp-scale", str(bad))
    assert code == 2 and "starts at a margin of 0" in out and len(out.splitlines()) == 1


def test_law78_swiss_teams_paired_round_by_round_without_repeats(tmp_path: Path) -> None:
    db = str(tmp_path / "s.db")
    code, out = run(db, "event", "new", "Swiss", "--id", "s", "--kind", "swiss", "--size",
                    "5", "--rounds", "3", "--boards", "2", "--no-deal")
    assert code == 0, out
    assert "teams 1, 2, 3, 4, 5" in out
    code, out = run(db, "event", "next-round", "s")
    assert code == 2 and "round 1 is not complete" in out
    for r in (1, 2, 3):
        for rnd, table, boards in _seating(db, "s"):
            if rnd == r:
                for b in boards:
                    enter(db, "s", r, table, b, "3NT", "S", str(7 + table + b % 3))
        code, out = run(db, "event", "next-round", "s")
        if r < 3:
            assert code == 0 and f"round {r + 1}:" in out and "bye: team" in out, out
        else:
            assert code == 2 and "all 3 rounds" in out
    store = open_store(db)
    scored = score_teams_event(store, "s")
    store.close()
    met = [frozenset((m.home, m.away)) for m in scored.matches]
    assert len(met) == len(set(met)) == 6  # two matches a round, no repeat meeting
    byes = [t.team for t in scored.standings if t.matches == 2]
    assert len(byes) == 3  # three different teams had the three byes
    code, out = run(db, "event", "score", "s")
    assert code == 0 and "round 3: team" in out


@pytest.mark.skipif(not INDIVIDUAL.exists(), reason="the shared real data is not here")
def test_law78_individual_on_a_published_movement(tmp_path: Path) -> None:
    db = str(tmp_path / "i.db")
    code, out = run(db, "event", "new", "Indy", "--id", "i", "--kind", "individual",
                    "--movement-file", str(INDIVIDUAL), "--boards", "1", "--no-deal")
    assert code == 0, out
    assert "players 1, 2, 3" in out
    for rnd, table, boards in _seating(db, "i"):
        for b in boards:
            enter(db, "i", rnd, table, b, "4H", "S", str(8 + (rnd * table + b) % 4))
    store = open_store(db)
    standings = score_individual_event(store, "i")
    store.close()
    assert sorted(s.player for s in standings) == list(range(1, 13))
    assert all(s.boards == 9 for s in standings)
    # every board's matchpoints go to both partners: the players' totals are twice the
    # field's, and each board's top shared on both sides
    assert sum(s.total for s in standings) == 2 * sum(
        Fraction(2 * (3 - 1)) for _ in range(9 * 3))
    code, out = run(db, "event", "score", "i")
    assert code == 0 and "player" in out


def test_law78_pairs_scoring_options_acbl_neuberg_factoring(tmp_path: Path) -> None:
    db = str(tmp_path / "p.db")
    common = ["--size", "3", "--boards", "2", "--no-deal"]
    assert run(db, "event", "new", "N", "--id", "n", *common)[0] == 0
    assert run(db, "event", "new", "A", "--id", "a", "--no-neuberg", *common)[0] == 0
    assert run(db, "event", "new", "B", "--id", "b", "--mp-convention", "acbl",
               "--no-neuberg", "--factor-to", "12", *common)[0] == 0
    for event in ("n", "a", "b"):
        for rnd, table, boards in _seating(db, event):
            for b in boards:
                if (rnd, table, b) != (3, 3, 4):  # one result missing: factored or not
                    enter(db, event, rnd, table, b, "4S", "N", str(8 + (table * b) % 4))
    store = open_store(db)
    neuberg, plain, acbl = score(store, "n"), score(store, "a"), score(store, "b")
    store.close()
    for first, second in zip(plain.rankings, acbl.rankings, strict=True):
        for s, t in zip(first, second, strict=True):
            assert (t.pair, t.total) == (s.pair, s.total / 2)  # 1 and 1/2 against 2 and 1
            assert t.factored == t.total * 12 / t.boards
            assert s.factored is None
    factored = {s.pair: s.total for ranking in neuberg.rankings for s in ranking}
    unfactored = {s.pair: s.total for ranking in plain.rankings for s in ranking}
    assert factored != unfactored  # Neuberg raised board 4's scores
    code, out = run(db, "event", "score", "b")
    assert code == 0 and "factored" in out


@pytest.mark.parametrize(("args", "says"), [
    (["--kind", "duplicate"], "an event is one of pairs, barometer, teams, swiss"),
    (["--mp-convention", "3/1"], "--mp-convention is 2/1, acbl, not 3/1"),
    (["--cross-divide", "half"], "--cross-divide is comparisons, n, none, not half"),
    (["--kind", "swiss"], "a Swiss event needs its number of rounds"),
    (["--kind", "individual"], "an individual is played on a published individual"),
])
def test_bad_kind_or_option_is_one_translated_line(tmp_path: Path, args: list[str],
                                                   says: str) -> None:
    db = str(tmp_path / "x.db")
    code, out = run(db, "event", "new", "X", *args, "--no-deal")
    assert code == 2 and says in out and len(out.strip().splitlines()) == 1
    code, out = run(db, "event", "new", "X", *args, "--no-deal", "--lang", "es")
    assert code == 2 and says not in out


def test_law8_barometer_releases_results_per_round(tmp_path: Path) -> None:
    from dupbridge.app.club_night.state import state_of

    db = str(tmp_path / "b.db")
    code, out = run(db, "event", "new", "Baro", "--id", "b", "--kind", "barometer",
                    "--size", "8", "--boards", "2", "--no-deal")
    assert code == 0, out
    assert "Barometer 8 pairs, 7 rounds" in " ".join(out.split())
    assert run(db, "event", "new", "Pairs", "--id", "p", "--no-deal")[0] == 0
    store = open_store(db)
    try:
        assert state_of(store, "b").release == "round"
        assert state_of(store, "p").release == "board"
        movement = state_of(store, "b").movement
    finally:
        store.close()
    for r in range(1, movement.rounds + 1):
        assert len({e.boards for e in movement.in_round(r)}) == 1
