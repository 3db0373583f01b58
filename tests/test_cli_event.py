"""``dupbridge event movement | deal`` (issue 15): a planned Mitchell with its arrow
switches chosen by balance, a movement file checked, boards dealt with a commitment that
the revealed seed satisfies."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from dupbridge.cli.main import app
from dupbridge.core.deal import Deal
from dupbridge.tournament.dealing import commitment, deal_board
from shared_paths import REALDATA

runner = CliRunner()


def test_law8_event_movement_mitchell_with_auto_arrow_switch() -> None:
    result = runner.invoke(app, ["event", "movement", "mitchell", "--size", "7",
                                 "--arrow-switch", "auto"])
    assert result.exit_code == 0, result.output
    assert "winners 1" in result.output and "valid" in result.output
    bad = runner.invoke(app, ["event", "movement", "spiral"])
    assert bad.exit_code == 2 and "mitchell, howell, barometer, teams, not spiral" in bad.output


def test_law8_event_movement_checks_a_movement_file() -> None:
    path = REALDATA / "tables" / "thebridsk_movements" / "Movement.Howell10T5B24Relay.yaml"
    result = runner.invoke(app, ["event", "movement", "--file", str(path)])
    assert result.exit_code == 0 and "5 tables, 8 rounds" in result.output and "valid" in result.output


def test_law6_event_deal_commitment_matches_the_seed_kept(tmp_path: Path) -> None:
    seed_file = tmp_path / "seed.txt"
    result = runner.invoke(app, ["event", "deal", "--first", "1", "--last", "3",
                                 "--seed-out", str(seed_file)])
    assert result.exit_code == 0, result.output
    seed = bytes.fromhex(seed_file.read_text().strip())
    assert len(seed) * 8 >= 96
    assert commitment(seed) in result.output
    deals = re.findall(r'\[Deal "([^"]+)"\]', result.output)
    assert [Deal.from_pbn(d) for d in deals] == [deal_board(seed, n).deal for n in (1, 2, 3)]
