"""Results other programs wrote (issue 28), from the command line alone: every real USEBIO
session in ../shared/realdata is scored again by ``event check`` and each figure equals
the file's or is listed with its cause; ``event import FILE`` then ``event score`` gives
our figures from the store; USEBIO as other writers shape it (an element holding elements
where text was expected, sections) is read with warnings, never an error."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dupbridge.app.archive.results_check import check_results
from dupbridge.cli.main import app
from dupbridge.formats import usebio
from shared_paths import REALDATA

USEBIO = REALDATA / "usebio"
NOW = "2026-11-29T19:00:00+00:00"

# file -> (lines compared, lines differing, pairs compared, pairs differing): every
# difference has a cause (the command's exit code is 0 only then)
EXPECTED = {
    "cobalt_butler_howell.xml": (140, 0, 8, 0),
    "cobalt_butler_mitchell.xml": (245, 0, 14, 0),
    "cobalt_cross_imp_howell.xml": (108, 0, 9, 0),
    "cobalt_mp_pairs_howell.xml": (161, 5, 12, 0),
    "cobalt_mp_pairs_mitchell.xml": (512, 18, 38, 0),
    "cobalt_mp_pairs_mitchell_02.xml": (567, 21, 42, 41),
    "cobalt_mp_pairs_mitchell_03.xml": (126, 0, 13, 0),
    "cobalt_mp_pairs_mitchell_04.xml": (134, 38, 16, 0),
    "cobalt_mp_pairs_mitchell_adjusted.xml": (567, 21, 42, 41),
    "cobalt_mp_pairs_mitchell_adjusted_02.xml": (567, 2, 42, 3),
}


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.output


def test_every_real_usebio_file_is_covered() -> None:
    assert {p.name for p in USEBIO.glob("*.xml")} == {*EXPECTED, "cobalt_notsupported.xml"}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_law78_event_check_every_difference_has_its_cause(name: str) -> None:
    code, out = run("event", "check", str(USEBIO / name))
    assert code == 0, out
    lines, differ, pairs, pair_differ = EXPECTED[name]
    summary = " ".join(out.split()).rsplit(": ", 1)[-1]
    assert f"{lines} lines and {pairs} pairs compared; {differ} lines and {pair_differ} " \
        f"pairs differ, 0 without a cause" in summary, out
    report = check_results(USEBIO / name)
    assert all(d.cause.template != "unexplained" for d in report.line_differences)
    assert len(re.findall(r"^board \d+ ", out, re.M)) == differ


def test_law78_check_causes_name_what_the_file_did() -> None:
    causes = {d.cause.template for d in check_results(
        USEBIO / "cobalt_mp_pairs_mitchell_02.xml").line_differences}
    assert any("average" in c for c in causes)  # board 1: a played result given 50 %
    assert any("artificial" in c for c in causes)
    own_top = check_results(USEBIO / "cobalt_mp_pairs_mitchell_04.xml").line_differences
    assert all("its own top" in d.cause.template for d in own_top)


def test_unsupported_event_type_is_refused_in_one_line() -> None:
    code, out = run("event", "check", str(USEBIO / "cobalt_notsupported.xml"))
    assert code == 2 and "event type NOTSUP" in out and len(out.strip().splitlines()) == 1


@pytest.mark.parametrize("name", ["cobalt_butler_howell.xml", "cobalt_mp_pairs_howell.xml",
                                  "cobalt_cross_imp_howell.xml"])
def test_law78_imported_then_scored_from_the_store_gives_the_files_totals(
        tmp_path: Path, name: str) -> None:
    db = str(tmp_path / "u.db")
    code, out = run("event", "import", str(USEBIO / name), "--id", "u", "--db", db,
                    "--now", NOW)
    assert code == 0, out
    code, out = run("event", "score", "u", "--db", db)
    assert code == 0, out
    event = usebio.load(USEBIO / name)
    text = " ".join(out.split())
    for participant in event.participants:
        figure = participant.percentage if name == "cobalt_mp_pairs_howell.xml" else \
            participant.total_score
        assert figure is not None
        assert f"{participant.number} " in text and f"{figure:.2f}" in text, participant


def _edited(tmp_path: Path, name: str, edit: str) -> Path:
    text = (USEBIO / "cobalt_mp_pairs_mitchell_03.xml").read_text(encoding="utf-8")
    if edit == "master points":
        text = re.sub(r"<MASTER_POINTS_AWARDED>(\d+)</MASTER_POINTS_AWARDED>",
                      r"<MASTER_POINTS><MASTER_POINTS_AWARDED>\1</MASTER_POINTS_AWARDED>"
                      r"<MASTER_POINT_TYPE>GREEN</MASTER_POINT_TYPE></MASTER_POINTS>", text)
        text = text.replace("<TRICKS>", "<TIMING><START>19:30</START></TIMING><TRICKS>", 1)
    else:  # the same field written as two sections of one event
        start, end = text.index("   <PARTICIPANTS"), text.index("</EVENT>")
        body = text[start:end]
        text = (text[:start] + "<SECTION><SECTION_ID>A</SECTION_ID>" + body + "</SECTION>"
                + "<SECTION><SECTION_ID>B</SECTION_ID>" + body + "</SECTION>" + text[end:])
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_usebio_element_holding_elements_is_kept_with_a_warning(tmp_path: Path) -> None:
    path = _edited(tmp_path, "mp.xml", "master points")
    event = usebio.load(path)
    assert event.participants[0].masterpoints == "6"
    assert ("MASTER_POINTS/MASTER_POINT_TYPE", "GREEN") in event.participants[0].extra
    assert ("TIMING", "START=19:30") in event.boards[0].lines[0].extra
    code, out = run("event", "check", str(path))
    text = " ".join(out.split())
    assert code == 0 and "126 lines and 13 pairs compared" in text, out
    assert "warning: line" in text and "<TIMING> holds elements; kept as text" in text


def test_usebio_sections_read_as_one_field(tmp_path: Path) -> None:
    path = _edited(tmp_path, "sections.xml", "sections")
    event = usebio.load(path)
    assert event.sections == ("A", "B")
    assert {p.number[:1] for p in event.participants} == {"A", "B"}
    assert any("2 sections" in w for w in event.warnings)
    code, out = run("event", "check", str(path))
    assert code == 0, out
    text = " ".join(out.split())
    assert "warning: 2 sections read as one field" in text
    assert "the file scores within each section; ours across the field of 2 sections" in text


PBN = REALDATA / "pbn"
# PBN files with published scores: (lines, lines differing, pairs, pairs differing)
PBN_EXPECTED = {
    "ffb_magiccontest_dn1_2022_seance1_latin1.pbn": (660, 0, 44, 12),
    "ffb_magiccontest_dn1_2022_seance5_edited_latin1.pbn": (616, 0, 44, 2),
    "rschneider_ruter71.pbn": (168, 0, 16, 0),
    "endplay_example2_realbridge2021.pbn": (299, 1, 0, 0),
}


@pytest.mark.parametrize("name", sorted(PBN_EXPECTED))
def test_law78_pbn_published_scores_checked_with_causes(name: str) -> None:
    code, out = run("event", "check", str(PBN / name))
    assert code == 0, out
    lines, differ, pairs, pair_differ = PBN_EXPECTED[name]
    assert f"{lines} lines and {pairs} pairs compared; {differ} lines and {pair_differ} " \
        f"pairs differ, 0 without a cause" in " ".join(out.split()), out


def test_pbn_causes_rounded_totals_and_a_missing_table() -> None:
    from dupbridge.app.archive.results_check_pbn import check_pbn_results

    ffb = check_pbn_results(PBN / "ffb_magiccontest_dn1_2022_seance1_latin1.pbn")
    assert {d.cause.template for d in ffb.pair_differences} == {
        "the file adds up its lines as printed (rounded); ours adds the exact figures"}
    teams = check_pbn_results(PBN / "endplay_example2_realbridge2021.pbn")
    assert [d.board for d in teams.line_differences] == [20]
    assert "other table is not in the file" in teams.line_differences[0].cause.template


@pytest.mark.parametrize("name", ["rschneider_ruter71.pbn",
                                  "ffb_magiccontest_dn1_2022_seance1_latin1.pbn"])
def test_law78_pbn_imported_then_scored_from_the_store_gives_the_files_figures(
        tmp_path: Path, name: str) -> None:
    """``event import FILE.pbn`` makes an event of a ScoreTable session; ``event score``
    then gives every pair the file's total (Butler IMPs) or percentage (matchpoints),
    except where ``event check`` lists the difference with its cause (Magic Contest adds
    up its rounded line figures)."""
    from dupbridge.adapters.sql import open_store
    from dupbridge.app.archive.pbn_session import import_pbn_session
    from dupbridge.app.archive.results_check import _same
    from dupbridge.app.archive.results_check_pbn import check_pbn_results
    from dupbridge.app.club_night.views import score

    db = str(tmp_path / "p.db")
    code, out = run("event", "import", str(PBN / name), "--id", "p", "--db", db,
                    "--now", NOW)
    assert code == 0, out
    code, out = run("event", "score", "p", "--db", db)
    assert code == 0, out
    session = import_pbn_session(PBN / name)
    store = open_store(db)
    scored = score(store, "p")
    store.close()
    explained = {d.pair for d in check_pbn_results(PBN / name).pair_differences}
    standings = {s.name.split()[0]: s for ranking in scored.rankings for s in ranking}
    assert set(standings) == set(session.published)
    equal = 0
    for pair, figure in session.published.items():
        standing = standings[pair]
        ours = standing.percentage if session.method == "matchpoints" else standing.total
        assert ours is not None
        if _same(figure, ours):
            equal += 1
        else:
            assert pair in explained, (pair, figure, ours)
    assert equal == len(session.published) - len(explained)
    # the rows keep their contracts where Law 77 gives the printed score
    assert all(line.contract for line in scored.travellers if line.adjusted is None)


def test_pbn_without_a_score_table_is_refused_in_one_line(tmp_path: Path) -> None:
    code, out = run("event", "import", str(PBN / "bridgebots_sample_cavendish_ctp.pbn"),
                    "--db", str(tmp_path / "p.db"))
    assert code == 2 and "no ScoreTable, and no team match's tables" in " ".join(out.split())
    assert len(out.strip().splitlines()) <= 2  # one line, wrapped by the terminal


def test_law78B_realbridge_teams_imported_then_scored_gives_the_files_imps(
        tmp_path: Path) -> None:
    """The RealBridge teams file (ScoreIMP per table) as a teams event: every match's IMPs
    from the store equal the sum of the file's IMPs at its home table, over the boards
    played at both tables; the one board missing a table (listed by ``event check``) is
    left out of its match and counted."""
    from dupbridge.adapters.sql import open_store
    from dupbridge.app.archive.pbn_teams import import_pbn_teams
    from dupbridge.app.club_night.event_kinds import score_teams_event

    name = "endplay_example2_realbridge2021.pbn"
    db = str(tmp_path / "t.db")
    code, out = run("event", "import", str(PBN / name), "--id", "t", "--db", db, "--now", NOW)
    assert code == 0, out
    assert "299 results" in " ".join(out.split())
    code, out = run("event", "score", "t", "--db", db)
    assert code == 0 and "SWEDEN" in out, out
    teams = import_pbn_teams(PBN / name)
    store = open_store(db)
    result = score_teams_event(store, "t")
    store.close()
    assert result.incomplete == 1
    assert len(result.matches) == 15
    played = {(b, e.ns[0], e.ew[0]) for (_, _, b), e in teams.book.entries.items()}
    for match in result.matches:
        # the file's home team (first named) may be our away team: its IMPs negated
        sign = 1 if any((h, a) == (match.home, match.away) for _, h, a in teams.published) \
            else -1
        home, away = (match.home, match.away) if sign == 1 else (match.away, match.home)
        boards = [b for (b, h, a) in teams.published if (h, a) == (home, away)
                  and (b, 2 * away - 1, 2 * home) in played]
        assert match.match.boards == len(boards)
        assert match.match.home_imps == sign * sum(teams.published[b, home, away] for b in boards)
    names = {s.team: s.name for s in result.standings}
    assert sorted(names.values()) == list(teams.teams)
