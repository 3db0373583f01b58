"""Double-dummy batches: worker processes with a budget per position, the on-disk cache,
and a Dask cluster giving the same answers as the local run."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from dd_fakes import STUCK, failing, slow_on_stuck
from dupbridge.analysis import Position, card_values, dd_table, solve
from dupbridge.analysis.batch import Batch, card_values_many, dd_tables, solve_many
from dupbridge.analysis.cache import DDCache, default_cache_path
from dupbridge.analysis.jobs import Unsolved
from dupbridge.core.calls import Denomination
from dupbridge.core.cards import Card
from dupbridge.core.seats import Seat
from dupbridge.formats import dds_lists
from shared_paths import REALDATA

DEALS = [case.deal for case in dds_lists.load(REALDATA / "tables" / "dds_hands" / "list10.txt")]


def test_tables_in_worker_processes_are_cached_so_a_second_run_solves_nothing(
        tmp_path: Path) -> None:
    deals = DEALS[:3] + DEALS[:1]  # a deal twice is solved once
    seen: list[tuple[int, int]] = []
    with DDCache(tmp_path / "dd.sqlite3") as cache:
        tables = dd_tables(deals, Batch(cache=cache, processes=2,
                                        progress=lambda done, total: seen.append((done, total))))
        assert len(cache) == 3
        assert tables[0] == tables[3] and tables[1] == dd_table(deals[1])
        assert seen[0] == (0, 3) and seen[-1] == (3, 3)
        # Every answer now comes from the cache: a solver that fails is never reached.
        again = dd_tables(deals, Batch(cache=cache, processes=2, solver=failing))
    assert again == tables
    with DDCache(tmp_path / "dd.sqlite3") as reopened:
        assert dd_tables(deals[:1], Batch(cache=reopened, solver=failing)) == tables[:1]


def test_a_position_over_its_budget_is_reported_and_the_batch_carries_on(
        tmp_path: Path) -> None:
    endings = [Position.from_pbn("N:AK... Q2... J3... T4...", "NT", "N"),
               Position.from_pbn("N:A2... KQ... J3... T4...", "S", "E")]
    with DDCache(tmp_path / "dd.sqlite3") as cache:
        # The stuck job holds one worker for the whole budget; the other worker solves
        # the endings meanwhile (a tiny fraction of the budget, however loaded the machine).
        answers = solve_many([STUCK, *endings],
                             Batch(cache=cache, budget=8.0, processes=2, solver=slow_on_stuck))
        assert answers[1] == solve(endings[0]) == 2 and answers[2] == solve(endings[1])
        assert answers[0] == Unsolved(8.0) and str(answers[0]) == "not solved in 8 s"
        assert len(cache) == 2  # an unsolved position is tried again next time


def test_a_solver_that_fails_answers_unsolved_with_its_error() -> None:
    answers = dd_tables(DEALS[:2], Batch(processes=1, solver=failing))
    assert all(isinstance(answer, Unsolved) and "no solver here" in str(answer)
               for answer in answers)


def test_positions_in_a_batch_equal_one_at_a_time() -> None:
    start = Position.from_deal(DEALS[2], Denomination.NOTRUMP, Seat.WEST)
    positions = [start, start.play(next(iter(start.legal_cards())))]
    assert solve_many(positions, Batch(processes=0)) == [solve(p) for p in positions]
    assert card_values_many(positions, Batch(processes=1)) == [card_values(p) for p in positions]
    assert isinstance(next(iter(card_values_many(positions[:1], Batch(processes=0))[0])), Card)


def test_the_cache_lives_in_the_user_data_directory_unless_pointed_elsewhere(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DUPBRIDGE_DD_CACHE", raising=False)
    monkeypatch.setenv("DUPBRIDGE_DATA", str(tmp_path / "data"))
    assert default_cache_path() == tmp_path / "data" / "dd-cache.sqlite3"
    monkeypatch.setenv("DUPBRIDGE_DD_CACHE", str(tmp_path / "elsewhere.db"))
    with DDCache() as cache:
        assert cache.path == tmp_path / "elsewhere.db"


def test_a_dask_cluster_gives_the_answers_of_the_local_run(tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed", reason="the cluster extra is not installed")
    local = dd_tables(DEALS[3:5], Batch(processes=0))
    with distributed.LocalCluster(n_workers=2, processes=False, threads_per_worker=1,
                                  dashboard_address=":0") as cluster:
        remote = dd_tables(DEALS[3:5], Batch(scheduler=cluster.scheduler_address, budget=None))
        budgeted = dd_tables(DEALS[3:4], Batch(scheduler=cluster.scheduler_address, budget=60))
    assert remote == local and budgeted == local[:1]


def test_a_script_without_a_main_guard_can_run_a_batch(tmp_path: Path) -> None:
    """Workers are fresh interpreters: they never re-run the caller's script."""
    script = tmp_path / "plain.py"
    script.write_text(
        "from dupbridge.analysis.batch import Batch, solve_many\n"
        "from dupbridge.analysis import Position\n"
        "ending = Position.from_pbn('N:AK... Q2... J3... T4...', 'NT', 'N')\n"
        "print('ANSWER', solve_many([ending], Batch(processes=1)))\n", encoding="utf-8")
    output = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                            check=True, timeout=300).stdout
    assert output.splitlines() == ["ANSWER [2]"]


def test_a_solver_a_worker_cannot_import_is_refused() -> None:
    with pytest.raises(ValueError, match="module-level function"):
        solve_many([Position.from_pbn("N:A... K... Q... J...", "NT", "N")],
                   Batch(processes=1, solver=lambda kind, key: 0))
