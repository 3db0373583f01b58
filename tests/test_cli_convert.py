"""``dupbridge convert IN OUT`` (issue 6): between formats through board records."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from dupbridge.cli.main import app
from dupbridge.formats import lin, pbn
from dupbridge.formats.dealing import dlm
from shared_paths import REALDATA

runner = CliRunner()
TEST_PBN = REALDATA / "dealing" / "emkael_deal-convert" / "test.pbn"


def _deals(records: list) -> dict[int, object]:  # type: ignore[type-arg]
    return {record.board: record.deal for record in records}


def test_pbn_to_lin_and_back_keeps_every_deal(tmp_path: Path) -> None:
    as_lin, back = tmp_path / "boards.lin", tmp_path / "back.pbn"
    assert runner.invoke(app, ["convert", str(TEST_PBN), str(as_lin)]).exit_code == 0
    result = runner.invoke(app, ["convert", str(as_lin), str(back)])
    assert result.exit_code == 0
    assert "16 boards" in result.output
    original = pbn.to_records(pbn.load(TEST_PBN))
    assert _deals(pbn.to_records(pbn.load(back))) == _deals(original)
    assert _deals(lin.to_records(lin.load(as_lin))) == _deals(original)


def test_a_played_file_goes_to_a_dealing_machine_once_per_board(tmp_path: Path) -> None:
    """A vugraph file holds each board twice (open and closed room); the Duplimate file
    gets each deal once."""
    source = REALDATA / "lin" / "bridgetrainer_41284_wbtc2015_vugraph.lin"
    target = tmp_path / "boards.dlm"
    result = runner.invoke(app, ["convert", str(source), str(target)])
    assert result.exit_code == 0, result.output
    boards = dlm.load(target)
    records = lin.to_records(lin.load(source))
    assert len(records) == 32 and len(boards) == 16
    assert {board.number: board.deal for board in boards} == _deals(records)


def test_from_and_to_name_the_formats_when_extensions_do_not(tmp_path: Path) -> None:
    source = tmp_path / "boards.txt"
    source.write_bytes(TEST_PBN.read_bytes())
    target = tmp_path / "machine.out"
    result = runner.invoke(app, ["convert", str(source), str(target), "--from", "pbn",
                                 "--to", "bri"])
    assert result.exit_code == 0, result.output
    assert target.stat().st_size == 16 * 128


def test_an_unknown_extension_is_an_error_that_says_what_to_do(tmp_path: Path) -> None:
    result = runner.invoke(app, ["convert", str(TEST_PBN), str(tmp_path / "x.foo")])
    assert result.exit_code == 2
    assert "--from/--to" in result.output
    assert not (tmp_path / "x.foo").exists()


def test_an_unknown_source_extension_is_one_line_not_a_traceback(tmp_path: Path) -> None:
    source = tmp_path / "boards.txt"
    source.write_text(TEST_PBN.read_text(encoding="latin-1"), encoding="latin-1")
    result = runner.invoke(app, ["convert", str(source), str(tmp_path / "x.lin")])
    assert result.exit_code == 2
    assert "boards.txt" in result.output and "--from/--to" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert not (tmp_path / "x.lin").exists()


def test_a_damaged_file_is_reported_with_its_position_and_nothing_is_written(
        tmp_path: Path) -> None:
    source = tmp_path / "bad.pbn"
    source.write_text('[Event "x"]\n[Board "1"]\n[Deal "N:AKQ.x"]\n', encoding="utf-8")
    target = tmp_path / "out.lin"
    result = runner.invoke(app, ["convert", str(source), str(target)])
    assert result.exit_code == 2
    assert "bad.pbn:3:" in result.output.replace("\n", "")
    assert not target.exists()


def test_a_large_file_is_converted_whole(tmp_path: Path) -> None:
    source = REALDATA / "pbn" / "bridgetrainer_boards_bridgesolveronline_1000dd.pbn"
    target = tmp_path / "boards.lin"
    result = runner.invoke(app, ["convert", str(source), str(target)])
    assert result.exit_code == 0, result.output
    assert len(lin.load(target).boards) == len(pbn.load(source).games)
