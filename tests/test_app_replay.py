"""``dupbridge replay``: every game of real PBN and LIN files through the table engine, the
rulings it made and the endings that differ from the file (issue 16, replay at scale)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from dupbridge.app.archive.replay import files_of, replay_file, replay_files
from dupbridge.cli.main import app

REAL = Path(__file__).resolve().parents[2] / "shared" / "realdata"
LIN = REAL / "lin" / "bridgetrainer_41284_wbtc2015_vugraph.lin"
EUROBRIDGE = REAL / "pbn" / "eurobridge_eyc00_A1A10101.PBN"

pytestmark = pytest.mark.skipif(not REAL.is_dir(), reason="../shared/realdata is not beside "
                                "the project")


def test_every_game_of_a_vugraph_lin_file_replays_to_the_recorded_tricks() -> None:
    replay = replay_file(LIN)
    assert replay.games == replay.replayed > 0
    assert replay.mismatches == ()


def test_a_pbn_result_that_the_play_does_not_give_is_named_with_its_game() -> None:
    replay = replay_file(EUROBRIDGE)
    assert replay.replayed == replay.games == 40
    assert [(m.game, m.board, m.what) for m in replay.mismatches] == [
        (18, 9, "8 tricks replayed, 7 in the file"),
        (34, 17, "10 tricks replayed, 9 in the file")]


def test_a_play_the_deal_does_not_allow_stops_that_game_only(tmp_path: Path) -> None:
    text = EUROBRIDGE.read_text(encoding="latin-1")
    first_play = text.index("[Play ")
    row = text.index("\n", first_play) + 1
    broken = text[:row] + "SA SA SA SA\n" + text[text.index("\n", row) + 1:]
    path = tmp_path / "broken.pbn"
    path.write_text(broken, encoding="latin-1")
    replay = replay_file(path)
    assert replay.replayed == replay.games - 1
    stopped = [m for m in replay.mismatches if m.what.startswith("not replayable")]
    assert len(stopped) == 1 and stopped[0].game == 1


def test_workers_give_the_same_replays_as_one_process() -> None:
    files = [LIN, EUROBRIDGE]
    alone = sorted(replay_files(files, jobs=1), key=lambda r: r.path)
    shared = sorted(replay_files(files, jobs=2), key=lambda r: r.path)
    assert alone == shared


def test_folders_are_searched_for_pbn_and_lin_files() -> None:
    found = files_of([REAL / "lin"])
    assert found and all(p.suffix.lower() in (".pbn", ".lin") for p in found)


def test_cli_replay_prints_a_summary_and_refuses_a_missing_file(tmp_path: Path) -> None:
    runner = CliRunner()
    done = runner.invoke(app, ["replay", str(EUROBRIDGE), "--jobs", "1"])
    assert done.exit_code == 0, done.output
    assert "1 files, 40 games, 40 replayed, 0 with a ruling, 2 not as the file says" in (
        " ".join(done.output.split()))
    missing = runner.invoke(app, ["replay", str(tmp_path / "none.pbn")])
    assert missing.exit_code == 2 and "no such file" in missing.output
    assert "Traceback" not in missing.output
