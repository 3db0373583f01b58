"""Issue 19 item 5: the command line without tracebacks. Every bad input gets one line on
standard error naming what and where, and exit code 2; machine-readable output is raw."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dupbridge import Board, Edition, ParseError, Table
from dupbridge.cli.main import app
from shared_paths import REALDATA, SEEDS

runner = CliRunner()
PBN = REALDATA / "pbn" / "bridgetrainer_boards_bridgesolveronline_1000dd.pbn"


def _dupbridge(*args: str, cwd: Path | None = None,
               env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """The real command, as a user runs it: ``python -m dupbridge``."""
    return subprocess.run([sys.executable, "-m", "dupbridge", *args], capture_output=True,
                          text=True, cwd=cwd, env={**os.environ, **(env or {})})


def _one_line_error(result: subprocess.CompletedProcess[str], *words: str) -> None:
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert lines and lines[0].startswith("error:"), result.stderr
    for word in words:
        assert word in lines[0], lines[0]


@pytest.mark.parametrize("args", [
    ("laws", "coverage", "--edition", "2020"),
    ("demo", "--edition", "2020"),
    ("laws", "show", "27B1", "--edition", "2020"),
    ("laws", "diff", "27", "--from", "2020"),
])
def test_an_unknown_edition_is_one_line_and_exit_2(args: tuple[str, ...]) -> None:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit | None)
    assert "2020" in result.output and "2007 or 2017" in result.output


def test_laws_coverage_of_a_law_that_does_not_exist_is_an_error() -> None:
    result = runner.invoke(app, ["laws", "coverage", "--law", "999"])
    assert result.exit_code == 2 and "1 to 93" in result.output


def test_laws_coverage_finds_the_tests_from_any_directory(tmp_path: Path) -> None:
    result = _dupbridge("laws", "coverage", "--edition", "2017", "--law", "16",
                        cwd=tmp_path, env={"COLUMNS": "250"})
    assert result.returncode == 0, result.stderr
    assert "test_law16B1_law16B1b" in result.stdout  # the tests column is filled in
    assert "not available" not in result.stderr


def test_laws_coverage_says_when_no_tests_folder_exists(tmp_path: Path) -> None:
    result = runner.invoke(app, ["laws", "coverage", "--tests", str(tmp_path / "none")])
    assert result.exit_code == 2 and "no such folder" in result.output


def test_convert_a_missing_file(tmp_path: Path) -> None:
    result = _dupbridge("convert", str(tmp_path / "missing.pbn"), str(tmp_path / "out.lin"))
    _one_line_error(result, "missing.pbn", "no such file")


def test_convert_an_empty_file_is_an_error_not_an_empty_success(tmp_path: Path) -> None:
    (tmp_path / "empty.pbn").write_bytes(b"")
    result = _dupbridge("convert", str(tmp_path / "empty.pbn"), str(tmp_path / "out.lin"))
    _one_line_error(result, "empty.pbn", "empty")
    assert not (tmp_path / "out.lin").exists()


def test_convert_a_binary_file_given_as_pbn(tmp_path: Path) -> None:
    (tmp_path / "photo.pbn").write_bytes(bytes(range(256)) * 8)
    result = _dupbridge("convert", str(tmp_path / "photo.pbn"), str(tmp_path / "out.lin"))
    _one_line_error(result, "photo.pbn", "binary")


def test_convert_an_undecodable_file_names_it(tmp_path: Path) -> None:
    (tmp_path / "bad.lin").write_bytes(b"\xff\xfe garbage")
    result = _dupbridge("convert", str(tmp_path / "bad.lin"), str(tmp_path / "out.pbn"))
    _one_line_error(result, "bad.lin")


def test_convert_refuses_to_overwrite_its_input(tmp_path: Path) -> None:
    source = tmp_path / "boards.pbn"
    source.write_bytes(PBN.read_bytes())
    result = _dupbridge("convert", str(source), str(tmp_path / "." / "boards.pbn"),
                        "--to", "pbn")
    _one_line_error(result, "input file", "overwrite")
    assert source.read_bytes() == PBN.read_bytes()


def test_laws_import_a_missing_file(tmp_path: Path) -> None:
    _one_line_error(_dupbridge("laws", "import", str(tmp_path / "ley.txt")), "ley.txt")


def test_laws_import_an_empty_file_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "ley.txt").write_text("")
    _one_line_error(_dupbridge("laws", "import", str(tmp_path / "ley.txt")), "ley.txt",
                    "empty")


def test_laws_import_a_binary_file(tmp_path: Path) -> None:
    (tmp_path / "ley.txt").write_bytes(bytes(range(256)) * 4)
    _one_line_error(_dupbridge("laws", "import", str(tmp_path / "ley.txt")), "ley.txt",
                    "binary")


def test_a_law_book_in_windows_1252_is_decoded_like_its_utf8_original(tmp_path: Path) -> None:
    from dupbridge.lawbook.importer import import_lawbook

    [seed] = SEEDS.glob("000_*.txt")
    latin = tmp_path / "fvb-cp1252.txt"
    latin.write_bytes(seed.read_text(encoding="utf-8").encode("cp1252", errors="replace"))
    [original] = import_lawbook(seed, language="es", edition=Edition.LAWS_2007)
    [decoded] = import_lawbook(latin, language="es", edition=Edition.LAWS_2007)
    assert decoded.report.placed == original.report.placed > 0


def test_case_run_of_a_missing_path() -> None:
    result = runner.invoke(app, ["case", "run", "no/such/cases"])
    assert result.exit_code == 2 and "no/such/cases" in result.output


def test_a_case_with_an_unknown_profile_is_an_error_line(tmp_path: Path) -> None:
    case = tmp_path / "x.toml"
    case.write_text('title = "x"\nsource = "x"\nprofile = "nowhere-2030"\ndealer = "N"\n'
                    'events = ["N 1S"]\n[[expect]]\npending = false\n')
    result = runner.invoke(app, ["case", "run", str(case)])
    assert result.exit_code == 1 and "ERROR" in result.output
    assert "nowhere-2030" in result.output and "Traceback" not in result.output


@pytest.mark.parametrize("command", [("replay",), ("convert",), ("case", "run"),
                                     ("claim", "--report")])
def test_an_error_is_one_line_at_a_narrow_terminal(tmp_path: Path,
                                                    command: tuple[str, ...]) -> None:
    """Rich wraps at the terminal's width; an error never goes through it, so a long path
    in a 20-column window is still one line ("no" and "such file" together)."""
    folder = tmp_path / ("a-long-folder-name-" * 10)[:180]
    folder.mkdir()
    missing = folder / "none.pbn"
    assert len(str(missing)) >= 200
    args = [*command, str(missing)] + ([str(tmp_path / "out.lin")] if command == ("convert",)
                                       else [])
    result = _dupbridge(*args, env={"COLUMNS": "20"})
    _one_line_error(result, str(missing))
    assert len(result.stderr.splitlines()) == 1, result.stderr


def test_table_takes_the_edition_as_text() -> None:
    assert Table(Board(1), edition="2017").edition is Edition.LAWS_2017
    assert Table(Board(1), edition="2007").edition is Edition.LAWS_2007
    with pytest.raises(ParseError, match="2020"):
        Table(Board(1), edition="2020")


def test_deal_as_pbn_is_never_wrapped_at_a_narrow_terminal() -> None:
    result = _dupbridge("deal", "--count", "2", "--seed", "x", "--format", "pbn",
                        env={"COLUMNS": "20"})
    assert result.returncode == 0
    deals = [line for line in result.stdout.splitlines() if line.startswith("[Deal ")]
    assert len(deals) == 2 and all(len(line) > 60 and line.endswith('"]') for line in deals)


def test_version_and_python_dash_m() -> None:
    from dupbridge import __version__

    result = _dupbridge("--version")
    assert result.returncode == 0 and result.stdout.strip() == f"dupbridge {__version__}"


def test_help_imports_neither_the_engine_nor_rich_markdown() -> None:
    code = ("import sys; from dupbridge.cli.main import app\n"
            "try:\n    app(['--help'])\nexcept SystemExit:\n    pass\n"
            "print('LOADED', [m for m in ('dupbridge.table', 'dupbridge.laws', 'rich.markdown')"
            " if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert "LOADED []" in out.stdout


def test_import_dupbridge_is_lazy_and_the_flat_api_still_works() -> None:
    code = ("import sys, dupbridge; print('ENGINE', 'dupbridge.table' in sys.modules)\n"
            "from dupbridge import Card, Table, load_profile\n"
            "print('NAMES', Card.parse('SA'), Table.__name__, 'dupbridge.table' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert "ENGINE False" in out.stdout and "NAMES SA Table True" in out.stdout
