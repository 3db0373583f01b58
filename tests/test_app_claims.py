"""Claims from real files and ``dupbridge claim`` (Law 70 through the app layer): LIN ``mc``
and PBN plays that end in a claim are fed to the engine as claims and adjudicated; the
report of every real file is a fixture (``tests/golden/claims_report.json``)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dupbridge.app.ruling_session.claim_adjudication import claims_report, report_of_records
from dupbridge.cli.main import app
from dupbridge.formats.pbn import load as load_pbn
from dupbridge.formats.pbn.replay import game_to_table
from dupbridge.formats.registry import file_format
from shared_paths import REALDATA

GOLDEN = Path(__file__).parent / "golden" / "claims_report.json"
QUICK = ("lin/pbntools_bbo_skyclub_20784113_claim.lin", "pbn/endplay_example1_eyc1998.pbn")
runner = CliRunner()


def _fixture() -> dict[str, dict[str, object]]:
    loaded: dict[str, dict[str, object]] = json.loads(GOLDEN.read_text(encoding="utf-8"))
    return loaded


def _names() -> list[str]:
    if os.environ.get("DUPBRIDGE_CLAIM_REPORT") == "all":
        return sorted(_fixture())
    return [name for name in QUICK if name in _fixture()]


@pytest.mark.parametrize("name", _names())
def test_law70_every_claim_of_a_real_file_is_adjudicated_as_the_fixture_says(name: str) -> None:
    report = claims_report(REALDATA / name)
    assert report.to_json() == _fixture()[name]


BIG = "pbn/endplay_example3_wc2012_rpbridge.pbn"  # 7,632 records: whole only with =all


def test_law70_the_first_boards_of_the_biggest_file_are_adjudicated_as_the_fixture_says(
) -> None:
    """The report goes record by record, so the report of the file's first records is the
    start of each list of the fixture's report of the whole file."""
    path = REALDATA / BIG
    report = report_of_records(path.name, file_format(None, path).read(path)[:60]).to_json()
    whole = _fixture()[BIG]
    assert report["claims"], report
    for key in ("claims", "errors", "warnings"):
        part = report[key]
        assert isinstance(part, list)
        assert part == whole[key][:len(part)], key  # type: ignore[index]


def test_law70_an_auction_without_the_dealers_passes_is_read_with_them_and_a_warning() -> None:
    """Some exports (rpbridge.net's PBN) leave out the passes before the opening bid
    (Spingold 2014 board 7: dealer South, written from West's 1C; the 2012 final board 1,
    dealer North, written from East's 1NT): the record's declarer and contract say how
    many passes were left out. Tolerant reading puts them back with a warning naming the
    board; strict reading refuses the board and says why."""
    spingold = claims_report(REALDATA / "pbn/bridgebots_shared_deals_spingold2014.pbn")
    assert (7, "6NT W") in [(claim.board, claim.contract) for claim in spingold.claims]
    assert any(w.startswith("bridgebots_shared_deals_spingold2014.pbn: board 7: ")
               and "read with 1 pass before the first call" in w for w in spingold.warnings)
    path = REALDATA / "pbn/endplay_example4_comments.pbn"
    assert len(claims_report(path).warnings) == 2  # the auction, and the cards of trick 3
    strict = claims_report(path, strict=True)
    assert not strict.claims and not strict.warnings
    assert strict.errors == (
        "endplay_example4_comments.pbn: board 1: the auction from dealer North makes North "
        "declarer, the record says East (1 pass before the first call would make it right)",)


def test_law70_a_trick_written_against_the_wrong_seats_is_read_by_who_holds_each_card(
) -> None:
    """Spingold 2014 board 62: the file's row for trick 4 gives North the C6 that the deal
    gives another player, while its four cards are held by four different players.
    Tolerant reading plays each card from the hand that holds it, with a warning naming
    the board and the trick; strict reading refuses the board at that card."""
    path = REALDATA / "pbn/bridgebots_shared_deals_spingold2014.pbn"
    tolerant = claims_report(path)
    assert (62, "6C N") in [(claim.board, claim.contract) for claim in tolerant.claims]
    assert any(": board 62: the file gives the cards of trick 4 to other seats" in w
               for w in tolerant.warnings), tolerant.warnings
    assert not tolerant.errors
    strict = claims_report(path, strict=True)
    assert any("board 62" in e and "trick 4: North does not hold C6" in e
               for e in strict.errors), strict.errors


def test_law70_strict_claim_report_command_names_the_board_to_repair() -> None:
    path = REALDATA / "pbn/endplay_example4_comments.pbn"
    tolerant = runner.invoke(app, ["claim", str(path), "--report"])
    assert "warning: endplay_example4_comments.pbn: board 1" in tolerant.output
    assert "would make it right" not in tolerant.output
    strict = runner.invoke(app, ["claim", str(path), "--report", "--strict"])
    assert strict.exit_code == 1
    assert "would make it right" in strict.output and "Traceback" not in strict.output


def test_law70_the_fixture_covers_the_real_files_without_error() -> None:
    fixture = _fixture()
    claims = [claim for report in fixture.values() for claim in report["claims"]]  # type: ignore[attr-defined]
    assert len(claims) > 50
    errors = [e for report in fixture.values() for e in report["errors"]]  # type: ignore[attr-defined]
    # the only boards not adjudicated are those whose record is impossible, each with its
    # cause: a play card the deal does not give that seat, an auction that makes another
    # declarer that no passes left out explain, a play with no auction (rpbridge.net's
    # second table), a result the tricks left cannot reach
    causes = ("does not hold", "the record says", "the auction does not end in a contract",
              "cannot be reached from the")
    assert all(any(cause in error for cause in causes) for error in errors), [
        e for e in errors if not any(cause in e for cause in causes)]
    assert BIG in fixture and len(fixture) >= 20
    warnings = [w for report in fixture.values() for w in report["warnings"]]  # type: ignore[attr-defined]
    assert warnings and all(": board " in w and ("read with" in w or "read by" in w)
                            for w in warnings)
    assert all(c["law70"] <= c["double_dummy"] for c in claims)  # V(P) never above DD
    assert any(c["exceeds"] for c in claims)  # some recorded results beat Law 70's award


def test_law69A_a_pbn_play_that_stops_with_a_result_is_an_agreed_claim() -> None:
    games = [g for g in load_pbn(REALDATA / "pbn/endplay_example1_eyc1998.pbn").games
             if g.tag("Play") is not None]
    table = game_to_table(games[0])
    claim = table.state.claim
    assert claim is not None and claim.settled
    result = table.result()
    assert result is not None and result.tricks == int(games[0].value("Result"))


def test_law70_claim_command_prints_the_adjudication() -> None:
    found = runner.invoke(app, ["claim", "--hands", "N:AQ...2 .A.A.3 2...AK K3...4",
                                "--trump", "NT", "--leader", "S", "--declarer", "S"])
    assert found.exit_code == 0, found.output
    assert "V(P) = 2; proposed 2" in found.output and "DD: 3" in found.output


def test_law70E1_2007_claim_command_takes_the_directors_answers_and_json() -> None:
    found = runner.invoke(app, ["claim", "--hands", "N:AQ...2 .A.A.3 2...AK K3...4",
                                "--trump", "NT", "--leader", "S", "--declarer", "S",
                                "--edition", "2007", "--answer", "finesse-irrational=yes",
                                "--json", "--lang", "es"])
    assert found.exit_code == 0, found.output
    data = json.loads(found.output)
    assert (data["value"], data["awarded"], data["double_dummy"]) == (3, 3, 3)
    assert any(q["id"] == "finesse-irrational" and q["answer"] is True
               for q in data["questions"])
    assert data["explanation"][0].startswith("el bando de Sur")


def test_law70_claim_command_from_a_lin_board() -> None:
    path = REALDATA / "lin/pbntools_bbo_skyclub_20784113_claim.lin"
    found = runner.invoke(app, ["claim", str(path), "--board", "2", "--trick", "12",
                                "--statement", "all high"])
    assert found.exit_code == 0, found.output
    assert "Statement at the claim (70B1): all high" in found.output


@pytest.mark.parametrize(("args", "words"), [
    (["claim"], "--hands"),
    (["claim", "--hands", "N:AQ...2 .A.A.3 2...AK K3...4", "--trump", "NT", "--leader", "S",
      "--declarer", "S", "--answer", "finesse"], "QUESTION=VALUE"),
    (["claim", "--hands", "N:AQ...2 .A.A.3 2...AK", "--trump", "NT", "--leader", "S",
      "--declarer", "S"], "position"),
    (["claim", "--hands", "N:AQ...2 .A.A.3 2...AK K3...4", "--trump", "NT", "--leader", "S",
      "--declarer", "S", "--claimer", "N"], "dummy does not claim"),
])
def test_law70_claim_command_names_bad_input_in_one_line(args: list[str], words: str) -> None:
    found = runner.invoke(app, args)
    assert found.exit_code == 2
    assert words in found.output and "Traceback" not in found.output


@pytest.mark.parametrize(("lang", "hands", "extra", "words"), [
    ("es", "N:AQ...2 .A.A.3 2...AK Q3...4", [], "posición: la carta ♠D está repartida dos veces"),
    ("fr", "N:AQ...2 .A.A.3 2...AK", [], "position : une donne PBN a 4 mains ; trouvé 3"),
    ("pt", "N:AQ...2 .A.A.3 2...AX K3...4", [], "posição: não é um valor: 'X'"),
    ("es", "N:AQ...2 .A.A.3 2...AK K3...4", ["--claimer", "N"],
     "el muerto no reclama: lo hacen el declarante o un defensor (Artículo 68A)"),
    ("fr", "N:AQ...2 .A.A.3 2...AK K3...4", ["--tricks", "5"],
     "5 levées revendiquées pour 3 restantes"),
])
def test_law70_claim_command_names_bad_input_in_the_directors_language(
        lang: str, hands: str, extra: list[str], words: str) -> None:
    """A typed position that cannot be a claim is refused in one line of the language
    asked for, its cards in the Director's notation."""
    found = runner.invoke(app, ["claim", "--hands", hands, "--trump", "NT", "--leader", "S",
                                "--declarer", "S", "--lang", lang, *extra])
    assert found.exit_code == 2
    assert f"error: {words}" in found.output and "Traceback" not in found.output



@pytest.mark.parametrize(("lang", "words"), [
    ("es", "estuche 2: las 45 cartas que registra el archivo no llegan a la baza 14"),
    ("fr", "étui 2 : les 45 cartes que le fichier enregistre n'atteignent pas la levée 14"),
    ("pt", "bolsa 2: as 45 cartas que o ficheiro regista não chegam à vaza 14")])
def test_law70_a_claim_the_file_cannot_reach_is_refused_in_the_directors_language(
        lang: str, words: str) -> None:
    path = REALDATA / "lin/pbntools_bbo_skyclub_20784113_claim.lin"
    found = runner.invoke(app, ["claim", str(path), "--board", "2", "--trick", "14",
                                "--lang", lang])
    assert found.exit_code == 2
    assert f"error: {words}" in found.output and "Traceback" not in found.output


@pytest.mark.parametrize(("lang", "heading", "warning"), [
    ("es", "Denominación SA; sale Sur; cartas en la baza: -; bazas ganadas: NS 0, EO 0",
     "warning: declaración: no se entiende: blah;"),
    ("fr", "Dénomination SA ; Sud entame ; cartes sur la levée : - ;",
     "warning: déclaration : pas comprise : blah ;")])
def test_law70B1_the_claim_command_heads_its_answer_in_the_directors_language(
        lang: str, heading: str, warning: str) -> None:
    """The position's heading and a statement's unread words are written in the language
    asked for, not in English."""
    found = runner.invoke(app, ["claim", "--hands", "N:AQ...2 .A.A.3 2...AK K3...4",
                                "--trump", "NT", "--leader", "S", "--declarer", "S",
                                "--statement", "blah", "--lang", lang])
    assert found.exit_code == 0, found.output
    text = " ".join(found.output.split())
    assert heading in text and warning in text and " led " not in text
