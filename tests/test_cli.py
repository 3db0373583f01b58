"""The ``dupbridge`` command."""

from __future__ import annotations

import subprocess
import sys

from typer.testing import CliRunner

from dupbridge.cli.main import app

runner = CliRunner()


def test_board_command() -> None:
    result = runner.invoke(app, ["board", "5"])
    assert result.exit_code == 0 and "North" in result.output and "NS" in result.output


def test_score_command() -> None:
    result = runner.invoke(app, ["score", "4SX", "10", "--vul"])
    assert result.exit_code == 0 and result.output.strip() == "790"
    bad = runner.invoke(app, ["score", "9SX", "10"])
    assert bad.exit_code == 2 and "not a contract" in bad.output


def test_deal_command_is_reproducible_with_a_seed() -> None:
    first = runner.invoke(app, ["deal", "--count", "3", "--seed", "abc", "--format", "pbn"])
    second = runner.invoke(app, ["deal", "--count", "3", "--seed", "abc", "--format", "pbn"])
    assert first.exit_code == 0 and first.output == second.output
    assert first.output.count("[Deal ") == 3


def test_demo_plays_a_board_with_an_irregularity() -> None:
    for seed in range(4):
        result = runner.invoke(app, ["demo", "--seed", str(seed)])
        assert result.exit_code == 0, result.output
        assert "Irregularity" in result.output and "Ruling cites" in result.output
        assert "Result" in result.output


def test_laws_coverage_lists_clauses() -> None:
    result = runner.invoke(app, ["laws", "coverage", "--edition", "2007", "--law", "38"])
    assert result.exit_code == 0
    assert "38B" in result.output and "implemented" in result.output


def test_help_does_not_import_heavy_modules() -> None:
    code = (
        "import sys; from dupbridge.cli.main import app\n"
        "try:\n    app(['--help'])\nexcept SystemExit:\n    pass\n"
        "heavy = [m for m in ('endplay', 'fastapi', 'sqlalchemy', 'uvicorn', 'numpy') "
        "if m in sys.modules]\nprint('HEAVY', heavy)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "HEAVY []" in out.stdout
