"""Acceptance (issue 15): a complete club session driven from the command line, on a SQLite
file: a 7-table Mitchell with an arrow switch in round 5, results imported from a traveller
file, a late pair joining after round 1 (Law 15: it takes the phantom's place), two
adjusted scores (Law 12: one artificial, one assigned), a procedural penalty (Law 90), one
correction accepted inside the correction period and one refused after it closed (Law 79C,
the clock fixed by ``--now``); the ranking equals the one this test computes on its own
(its own Mitchell, its own Law 77 table for undoubled contracts, its own matchpoints with
Neuberg factoring), without calling ``dupbridge.scoring``."""

from __future__ import annotations

import csv
import itertools
import random
from collections import defaultdict
from datetime import UTC, datetime, timedelta
from fractions import Fraction
from pathlib import Path

from typer.testing import CliRunner

from dupbridge.adapters.sql import open_store
from dupbridge.app.club_night import commands as club
from dupbridge.cli.main import app
from dupbridge.core.seats import Seat
from dupbridge.tournament.dealing import deal_board

SEED = "c1" * 16
TABLES, ROUNDS, PER_ROUND, SWITCH = 7, 7, 3, 5
ABSENT, LATE = 14, 15
START = datetime(2026, 11, 26, 19, 0, tzinfo=UTC)
SEATS = "NESW"

# Law 2's vulnerability cycle, boards 1-16: which sides are vulnerable.
CYCLE = ["", "NS", "EW", "NSEW", "NS", "EW", "NSEW", "", "EW", "NSEW", "", "NS", "NSEW", "",
         "NS", "EW"]


def seating(round_number: int, table: int) -> tuple[int, int, tuple[int, ...]]:
    """The test's own Mitchell: NS pair t stays at table t, EW pairs move up a table and
    boards down; in the arrow-switch round East-West sit North-South."""
    ns, ew = table, TABLES + (table - 1 - (round_number - 1)) % TABLES + 1
    board_set = (table - 1 + round_number - 1) % TABLES + 1
    boards = tuple(range(PER_ROUND * (board_set - 1) + 1, PER_ROUND * board_set + 1))
    return (ew, ns, boards) if round_number == SWITCH else (ns, ew, boards)


def law77(board: int, contract: str, declarer: str, tricks: int) -> int:
    """North-South's points for an undoubled contract (the test's own Law 77 table)."""
    level, strain = int(contract[0]), contract[1:]
    side = "NS" if declarer in "NS" else "EW"
    vulnerable = side[0] in CYCLE[(board - 1) % 16]
    needed = level + 6
    if tricks >= needed:
        per = 20 if strain in ("C", "D") else 30
        trick_score = per * level + (10 if strain == "NT" else 0)
        score = trick_score + per * (tricks - needed)
        score += (500 if vulnerable else 300) if trick_score >= 100 else 50
        if level == 6:
            score += 750 if vulnerable else 500
        if level == 7:
            score += 1500 if vulnerable else 1000
    else:
        score = -(100 if vulnerable else 50) * (needed - tricks)
    return score if side == "NS" else -score


def fixture_rows() -> list[dict[str, str]]:
    """A result for every board at every table, the late pair's from round 2, none where
    the phantom sits (round 1): contract, declarer, tricks and a lead the leader holds."""
    rng = random.Random(15)
    rows = []
    for r in range(1, ROUNDS + 1):
        for t in range(1, TABLES + 1):
            ns, ew, boards = seating(r, t)
            if ABSENT in (ns, ew) and r == 1:
                continue
            for b in boards:
                contract = rng.choice(["1NT", "2H", "3NT", "4S", "3C", "4H", "6NT", "2S"])
                declarer = rng.choice(SEATS)
                level = int(contract[0])
                tricks = max(0, min(13, level + 6 + rng.choice([-2, -1, 0, 0, 0, 1, 1, 2])))
                leader = SEATS[(SEATS.index(declarer) + 1) % 4]
                hand = deal_board(bytes.fromhex(SEED), b).deal.hand(Seat.parse(leader))  # type: ignore[union-attr]
                lead = str(sorted(hand, key=str)[rng.randrange(13)])
                rows.append({"round": str(r), "table": str(t), "board": str(b),
                             "contract": contract, "declarer": declarer,
                             "tricks": str(tricks), "lead": lead})
    return rows


def write(path: Path, rows: list[dict[str, str]]) -> Path:
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, ["round", "table", "board", "contract", "declarer",
                                         "tricks", "lead"])
        writer.writeheader()
        writer.writerows(rows)
    return path


def neuberg(raw: int, n: int, expected: int) -> Fraction:
    """A board with n of its expected results: (raw + 1) * expected / n - 1."""
    return Fraction(raw) if n == expected else Fraction(raw + 1) * expected / n - 1


def expected_ranking(rows: list[dict[str, str]], artificial: set[tuple[int, int, int]],
                     assigned: dict[tuple[int, int, int], int], penalty: dict[int, int]
                     ) -> list[tuple[int, Fraction]]:
    """Matchpoints 2 per score beaten and 1 per tie, over the real results of each board;
    Neuberg to the 7 results a board should have; an artificial average is half the top;
    percentages of the tops a pair played, after its penalty."""
    expected = TABLES
    top = 2 * (expected - 1)
    boards: dict[int, list[tuple[int, int, int]]] = defaultdict(list)  # board: (ns, ew, score)
    averages: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for row in rows:
        r, t, b = int(row["round"]), int(row["table"]), int(row["board"])
        ns, ew, _ = seating(r, t)
        ns, ew = (LATE if ns == ABSENT else ns), (LATE if ew == ABSENT else ew)
        if (r, t, b) in artificial:
            averages[b].append((ns, ew))
            continue
        points = assigned.get((r, t, b), law77(b, row["contract"], row["declarer"],
                                               int(row["tricks"])))
        boards[b].append((ns, ew, points))
    totals: dict[int, Fraction] = defaultdict(Fraction)
    tops: dict[int, int] = defaultdict(int)
    for b, results in boards.items():
        n = len(results)
        for ns, ew, score in results:
            ns_raw = sum(2 if score > other else 1 if score == other else 0
                         for _, _, other in results) - 1  # less the tie with itself
            ew_raw = 2 * (n - 1) - ns_raw
            totals[ns] += neuberg(ns_raw, n, expected)
            totals[ew] += neuberg(ew_raw, n, expected)
            tops[ns] += top
            tops[ew] += top
        for ns, ew in averages[b]:
            totals[ns] += Fraction(top, 2)
            totals[ew] += Fraction(top, 2)
            tops[ns] += top
            tops[ew] += top
    for pair, amount in penalty.items():
        totals[pair] -= amount
    percentages = {pair: 100 * totals[pair] / tops[pair] for pair in totals}
    return sorted(percentages.items(), key=lambda item: (-item[1], item[0]))


def test_law79C_law12_law90_law15_club_session_from_the_cli(tmp_path: Path) -> None:
    runner = CliRunner()
    db = str(tmp_path / "club.db")

    def run(*args: str, at: timedelta = timedelta(0)) -> tuple[int, str]:
        now = (START + at).isoformat()
        result = runner.invoke(app, list(args), env={"DUPBRIDGE_DB": db,
                                                     "DUPBRIDGE_NOW": now,
                                                     "COLUMNS": "200"})
        return result.exit_code, result.output

    code, out = run("event", "new", "Thursday club", "--id", "club", "--size", "7",
                    "--boards", "3", "--arrow-switch", str(SWITCH), "--absent", str(ABSENT),
                    "--seed", SEED)
    assert code == 0, out
    rows = fixture_rows()
    first = [row for row in rows if row["round"] == "1"]
    later = [row for row in rows if row["round"] != "1"]
    code, out = run("event", "import", "club", str(write(tmp_path / "round1.csv", first)))
    assert code == 0 and f"{len(first)} rows: {len(first)} recorded" in out, out

    code, out = run("event", "late-pair", "club", "--pair", str(LATE), "--phantom",
                    str(ABSENT), "--from-round", "2", "--name", "Late & Later",
                    at=timedelta(minutes=25))
    assert code == 0 and "movement v2" in out, out
    # A row of the next file that is wrong stops the whole import: nothing of it is written.
    bad = [*later[:5], {**later[5], "tricks": "14"}]
    code, out = run("event", "import", "club", str(write(tmp_path / "bad.csv", bad)))
    assert code == 2 and "bad.csv: line 7" in out and "tricks" in out, out
    last = later[-1]
    code, out = run("event", "import", "club", str(write(tmp_path / "rest.csv", later[:-1])))
    assert code == 0 and f"{len(later) - 1} recorded" in out, out
    code, out = run("event", "enter", "club", "--round", last["round"], "--table",
                    last["table"], "--board", last["board"], last["contract"],
                    last["declarer"], last["tricks"], "--lead", last["lead"])
    assert code == 0 and out.startswith("recorded"), out

    # Law 12: an artificial average for both sides, and an assigned result.
    artificial_at, assigned_at = later[10], later[40]
    key = lambda row: (int(row["round"]), int(row["table"]), int(row["board"]))  # noqa: E731
    code, out = run("event", "adjust", "club", "--round", artificial_at["round"], "--table",
                    artificial_at["table"], "--board", artificial_at["board"], "A50/50",
                    "--why", "board fouled at this table")
    assert code == 0, out
    code, out = run("event", "adjust", "club", "--round", assigned_at["round"], "--table",
                    assigned_at["table"], "--board", assigned_at["board"], "3NT N 9",
                    "--why", "misinformation: 12C1")
    assert code == 0, out
    # Law 90: two matchpoints off pair 3 for slow play.
    code, out = run("event", "penalty", "club", "--pair", "3", "--amount", "2", "--clause",
                    "90B2", "--why", "slow play")
    assert code == 0, out

    # Law 79C: the official scores at 22:00; a correction at 22:10 is accepted, one at
    # 22:45 (the wbf-2017 period is 30 minutes) is refused, and the record stays as it was.
    official = timedelta(hours=3)
    code, out = run("event", "official", "club", at=official)
    assert code == 0 and "corrections until 22:30" in out, out
    fixed = later[20]
    fixed_tricks = str(int(fixed["tricks"]) + 1) if int(fixed["tricks"]) < 13 else "12"
    code, out = run("event", "correct", "club", "--round", fixed["round"], "--table",
                    fixed["table"], "--board", fixed["board"], fixed["contract"],
                    fixed["declarer"], fixed_tricks, "--why", "tricks miscounted",
                    at=official + timedelta(minutes=10))
    assert code == 0, out
    fixed["tricks"] = fixed_tricks
    late_fix = later[30]
    code, out = run("event", "correct", "club", "--round", late_fix["round"], "--table",
                    late_fix["table"], "--board", late_fix["board"], late_fix["contract"],
                    late_fix["declarer"], "0", "--why", "too late",
                    at=official + timedelta(minutes=45))
    assert code == 2 and "correction refused (2017 Law 79C2)" in out, out

    code, out = run("event", "score", "club")
    assert code == 0, out
    store = open_store(db)
    scored = club.score(store, "club")
    store.close()
    assert len(scored.rankings) == 1  # the arrow switch gives one winner
    assigned_points = law77(int(assigned_at["board"]), "3NT", "N", 9)
    expected = expected_ranking(rows, {key(artificial_at)},
                                {key(assigned_at): assigned_points}, {3: 2})
    got = [(s.pair, s.percentage) for s in scored.rankings[0]]
    assert dict(got) == dict(expected)  # every pair's percentage, to the exact fraction
    assert [value for _, value in got] == [value for _, value in expected]  # in order
    places = {s.pair: s.place for s in scored.rankings[0]}
    assert all(places[a].endswith("=") for (a, x), (_, y) in itertools.pairwise(got) if x == y)
    assert len(got) == 14 and LATE in dict(got) and ABSENT not in dict(got)
    winner = scored.rankings[0][0]
    assert f"{float(winner.percentage or 0):.2f}" in out  # the printed ranking agrees
