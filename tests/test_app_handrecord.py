"""Hand records (issue 14 item 6): every board's double-dummy table and par, written as
BridgeComposer's PBN tags (checked equal to the tags BridgeComposer wrote in a real file)
or as a printable HTML page; the ``dupbridge handrecord`` command over it."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from dd_fakes import slow_on_stuck, slow_on_stuck_table_never
from dupbridge.analysis.batch import Batch
from dupbridge.analysis.cache import DDCache
from dupbridge.analysis.jobs import Unsolved
from dupbridge.app.publication.hand_record_file import make_hand_record
from dupbridge.cli.main import app
from dupbridge.formats import pbn
from dupbridge.formats.pbn.model import PbnFile
from dupbridge.formats.pbn.optimum import OPTIMUM_TAGS
from shared_paths import REALDATA

CAMROSE = REALDATA / "pbn" / "ben_Camrose24_1_handrecord_dd.pbn"
BIG_DEAL = REALDATA / "dealing" / "rschneider_big-deal.pbn"
runner = CliRunner()


def _camrose_boards_with_par(tmp_path: Path, count: int) -> Path:
    """The first Camrose boards carrying BridgeComposer's par tags, tags removed."""
    games = [game for game in pbn.load(CAMROSE).games if game.value("ParContract")][:count]
    stripped = tuple(game.__class__(tuple(t for t in game.tags if t.name not in OPTIMUM_TAGS))
                     for game in games)
    source = tmp_path / "camrose.pbn"
    pbn.dump(PbnFile(stripped), source)
    return source


def test_pbn_hand_record_tags_equal_bridgecomposers(tmp_path: Path) -> None:
    source = _camrose_boards_with_par(tmp_path, 3)
    with DDCache(tmp_path / "dd.sqlite3") as cache:
        record = make_hand_record(source, tmp_path / "out.pbn", Batch(cache=cache))
    assert len(record.boards) == 3 and not record.unsolved
    theirs = {game.value("Board"): game for game in pbn.load(CAMROSE).games}
    for game in pbn.load(tmp_path / "out.pbn").games:
        original = theirs[game.value("Board")]
        for name in OPTIMUM_TAGS:
            assert game.tag(name) is not None, name
        for name in ("DoubleDummyTricks", "OptimumScore", "ParContract"):
            assert game.value(name) == original.value(name), (game.value("Board"), name)
        ours, expected = game.tag("OptimumResultTable"), original.tag("OptimumResultTable")
        assert ours is not None and expected is not None
        assert ours.section == expected.section


def test_html_hand_record_shows_diagrams_tables_par_and_unsolved_boards(tmp_path: Path) -> None:
    target = tmp_path / "record.html"
    # Board 1 solved beforehand (no budget), so only the stuck board meets the short one.
    cache = DDCache(tmp_path / "dd.sqlite3")
    make_hand_record(BIG_DEAL, tmp_path / "warm.pbn", Batch(cache=cache, processes=0,
                                                            solver=slow_on_stuck_table_never))
    stuck = Batch(cache=cache, budget=2.0, processes=2, solver=slow_on_stuck)
    record = make_hand_record(BIG_DEAL, target, stuck)
    page = target.read_text(encoding="utf-8")
    first, second = record.boards
    assert first.par is not None and isinstance(second.table, Unsolved)
    assert page.count('<section class="board"') == 2
    assert "Par: NS 980 (NS 6♠=)" in page and "not solved in 2 s" in page
    assert "♠</span> AJ9" in page and "<td>12</td>" in page
    pbn_out = tmp_path / "record.pbn"
    make_hand_record(BIG_DEAL, pbn_out, stuck)
    cache.close()
    games = pbn.load(pbn_out).games
    assert games[0].value("ParContract") == "NS 6S=" and games[1].tag("ParContract") is None


def test_cli_handrecord_writes_and_a_second_run_comes_from_the_cache(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DUPBRIDGE_DD_CACHE", str(tmp_path / "dd.sqlite3"))
    out = tmp_path / "big.html"
    result = runner.invoke(app, ["handrecord", str(BIG_DEAL), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "2 boards, 2 solved" in result.output and out.is_file()
    with DDCache(tmp_path / "dd.sqlite3") as cache:
        assert len(cache) == 2
    again = runner.invoke(app, ["handrecord", str(BIG_DEAL), "--out", str(tmp_path / "b.pbn"),
                                "--processes", "0"])
    assert again.exit_code == 0 and "NS 6S=" in (tmp_path / "b.pbn").read_text()


def test_cli_handrecord_bad_input_is_one_line_and_writes_nothing(tmp_path: Path) -> None:
    wrong = runner.invoke(app, ["handrecord", str(BIG_DEAL), "--out", str(tmp_path / "x.txt"),
                                "--no-cache"])
    assert wrong.exit_code == 2 and "written as .pbn or .html, not x.txt" in wrong.output
    missing = runner.invoke(app, ["handrecord", str(tmp_path / "none.pbn"), "--out",
                                  str(tmp_path / "x.pbn"), "--no-cache"])
    assert missing.exit_code == 2 and "error:" in missing.output
    assert "Traceback" not in missing.output and not (tmp_path / "x.pbn").exists()


def test_html_hand_record_and_messages_in_the_readers_language(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DUPBRIDGE_DD_CACHE", str(tmp_path / "dd.sqlite3"))
    out = tmp_path / "big.html"
    result = runner.invoke(app, ["handrecord", str(BIG_DEAL), "--out", str(out), "--lang", "es"])
    assert result.exit_code == 0 and "2 estuches, 2 resueltos" in result.output
    page = out.read_text(encoding="utf-8")
    assert 'lang="es"' in page and "Estuche 1 · reparte Norte · nadie vulnerable" in page
    assert "Par: NS 980 (NS 6♠=)" in page
    wrong = runner.invoke(app, ["handrecord", str(BIG_DEAL), "--out", str(tmp_path / "x.doc"),
                                "--lang", "fr"])
    assert wrong.exit_code == 2 and "s'écrit en .pbn ou .html, pas x.doc" in wrong.output
