"""A 200-team Swiss from the command line (issue 28): created, a round's results imported,
the next round paired with no repeat meeting (the guarantee of ``tournament.swiss``);
more than 200 teams refused in one translated line."""

from __future__ import annotations

import random
from pathlib import Path

from typer.testing import CliRunner

from dupbridge.adapters.sql import open_store
from dupbridge.app.club_night.state import state_of
from dupbridge.cli.main import app
from dupbridge.tournament.teams import team_of

NOW = "2026-11-29T19:00:00+00:00"


def run(db: str, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, [*args, "--db", db, "--now", NOW])
    return result.exit_code, " ".join(result.output.split())


def test_law78_swiss_of_200_teams_paired_without_repeats(tmp_path: Path) -> None:
    db = str(tmp_path / "s.db")
    code, out = run(db, "event", "new", "Swiss", "--id", "s", "--kind", "swiss", "--size",
                    "200", "--rounds", "3", "--boards", "1", "--no-deal")
    assert code == 0, out
    store = open_store(db)
    first = state_of(store, "s").movement
    store.close()
    rng = random.Random(3)
    rows = ["round,table,board,score"]
    for encounter in first.encounters:
        for board in encounter.boards:
            score = rng.choice(("NS 420", "EW 50", "NS 620", "EW 100", "NS 140"))
            rows.append(f"{encounter.round},{encounter.table},{board},{score}")
    results = tmp_path / "round1.csv"
    results.write_text("\n".join(rows) + "\n", encoding="utf-8")
    code, out = run(db, "event", "import", "s", str(results))
    assert code == 0 and "200 rows: 200 recorded" in out, out
    code, out = run(db, "event", "next-round", "s")
    assert code == 0, out
    store = open_store(db)
    movement = state_of(store, "s").movement
    store.close()
    meetings = [frozenset((team_of(e.ns[0]), team_of(e.ew[0])))
                for e in movement.encounters if e.table % 2]
    assert len(meetings) == 200  # 100 matches a round, two rounds
    assert len(set(meetings)) == 200  # nobody meets an opponent again
    second = [m for e, m in zip([e for e in movement.encounters if e.table % 2], meetings,
                                strict=True) if e.round == 2]
    assert sorted(t for m in second for t in m) == list(range(1, 201))


def test_swiss_above_200_teams_is_refused_in_one_line(tmp_path: Path) -> None:
    code, out = run(str(tmp_path / "s.db"), "event", "new", "Swiss", "--kind", "swiss",
                    "--size", "201", "--rounds", "3", "--boards", "1", "--no-deal",
                    "--lang", "es")
    assert code == 2 and "201" in out and "200" in out, out
