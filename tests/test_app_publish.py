"""Publication of a scored session (issue 15 item 8): the static site, USEBIO 1.2 and PBN
exports read back by the project's own readers and scored again to the same matchpoints,
dealing-machine files read back, curtain cards. Sessions are built here: a 7-table
Mitchell with dealt boards and entered results, and a real USEBIO file re-scored."""

from __future__ import annotations

import random
from fractions import Fraction
from html import escape
from pathlib import Path

import pytest

from dupbridge.app.archive.usebio_session import import_usebio_session
from dupbridge.app.club_night.preparation import deal_session
from dupbridge.app.publication.dealing_files import curtain_cards_html, write_dealing_files
from dupbridge.app.publication.files import pbn_bytes, usebio_text
from dupbridge.app.publication.scored_session import (
    ScoredSession,
    running_percentages,
    session_from_usebio,
)
from dupbridge.core.cards import Suit
from dupbridge.core.contract import Contract
from dupbridge.core.seats import Seat
from dupbridge.formats import pbn, usebio
from dupbridge.formats.pbn.score_tables import read_table
from dupbridge.formats.registry import file_format
from dupbridge.scoring import score_pairs
from dupbridge.scoring.results import BoardResult
from dupbridge.tournament import mitchell
from dupbridge.tournament.boards import BoardSets
from dupbridge.tournament.dealing import deal_boards
from dupbridge.tournament.results import Book, Entry, artificial_code, record
from dupbridge.tournament.session_scoring import score_session
from dupbridge.web.site import chart_svg, write_site
from shared_paths import REALDATA

NAMES = {1: "Inés Muñoz & François Garçon", 2: "João Simões & Ana Pérez",
         3: "Zoë <Smith> & \"Al\"", 8: "Müller & Østergaard"}


def _club_session() -> ScoredSession:
    """7 tables, 3 boards a round, results drawn from a seeded generator; one adjusted."""
    movement = mitchell(7, 3)
    boards = {b.number: b for b in deal_boards(b"publish test seed, 21 boards", range(1, 22))}
    rng = random.Random(15)
    book = Book()
    for e in movement.encounters:
        for board in e.boards:
            key = f"{e.round}-{e.table}-{board}"
            if (e.round, e.table) == (2, 3) and board == e.boards[0]:
                entry = Entry(key, e.round, e.table, board, e.ns, e.ew, adjusted="A60/40")
            else:
                level = rng.randint(1, 4)
                declarer = rng.choice(list(Seat))
                entry = Entry(key, e.round, e.table, board, e.ns, e.ew,
                              Contract.parse(f"{level}{rng.choice('CDHSN')}"), declarer, None,
                              min(13, level + 6 + rng.randint(-2, 2)))
            book = record(book, entry, movement, boards[board])
    scored = score_session(movement, book, boards)
    return ScoredSession("Club night, Mitchell", movement, book, boards, scored,
                         names=NAMES, running=running_percentages(movement, book, boards))


def _matchpoints(results: list[BoardResult]) -> dict[tuple[int, str, str], tuple[Fraction, ...]]:
    field = score_pairs(results)
    return {(r.board, r.ns, r.ew): (field.ns(i), field.ew(i))
            for i, r in enumerate(field.results)}


def test_law78A_site_pages_escaped_offline_and_per_direction(tmp_path: Path) -> None:
    session = _club_session()
    written = write_site(session, tmp_path, analyse=False)
    assert {p.name for p in written} == {"index.html", "travellers.html", "cards.html",
                                         "chart.html"}
    index = (tmp_path / "index.html").read_text(encoding="utf-8")
    # a Mitchell without arrow switch has two winners: one ranking per direction
    assert "<h2>North-South</h2>" in index and "<h2>East-West</h2>" in index
    assert "Inés Muñoz &amp; François Garçon" in index
    assert "Zoë &lt;Smith&gt; &amp; &quot;Al&quot;" in index and "<Smith>" not in index
    for page in written:
        text = page.read_text(encoding="utf-8")
        assert "<script" not in text and "http://" not in text.replace(
            'xmlns="http://www.w3.org/2000/svg"', "")
    first = session.score.rankings[0][0]
    assert f"{float(first.percentage or 0):.2f}" in index
    travellers = (tmp_path / "travellers.html").read_text(encoding="utf-8")
    assert travellers.count("<h2 id=\"board-") == 21 and "A60/40" in travellers
    cards = (tmp_path / "cards.html").read_text(encoding="utf-8")
    assert cards.count('<h2 id="pair-') == 14


def test_law78A_running_percentage_chart_ends_at_the_final_percentage() -> None:
    session = _club_session()
    finals = {int(r.contestant): r.percentage for g in session.score.rankings for r in g}
    assert all(series[-1] == finals[pair] for pair, series in session.running.items())
    assert len(next(iter(session.running.values()))) == session.movement.rounds
    svg = chart_svg(session)
    assert svg.count("<polyline") == 14 and svg.startswith("<svg")


def test_law78A_hand_record_page_when_the_solver_is_asked(tmp_path: Path) -> None:
    session = _club_session()
    few = {n: b for n, b in session.boards.items() if n <= 2}
    small = ScoredSession(session.title, session.movement, session.book, few, session.score)
    written = write_site(small, tmp_path)
    page = (tmp_path / "handrecord.html").read_text(encoding="utf-8")
    assert tmp_path / "handrecord.html" in written
    assert page.count('class="board"') == 2 and "Par" in page


def test_law78A_usebio_export_read_back_and_rescored_gives_the_same_matchpoints(
        tmp_path: Path) -> None:
    session = _club_session()
    path = tmp_path / "session.xml"
    path.write_text(usebio_text(session), encoding="utf-8")
    event = usebio.load(path)
    assert event.event_type == "MP_PAIRS" and event.winner_type == 2
    assert {p.number: " & ".join(pl.name for pl in p.players)
            for p in event.participants if p.players}["1"] == NAMES[1]
    again = import_usebio_session(event)
    rescored = score_session(again.movement, again.book, again.boards)
    before = {(r.board, r.ns, r.ew): (session.score.field.ns(i), session.score.field.ew(i))
              for i, r in enumerate(session.score.field.results)}
    after = {(r.board, again.name(r.ns), again.name(r.ew)):
             (rescored.field.ns(i), rescored.field.ew(i))
             for i, r in enumerate(rescored.field.results)}
    assert after == before
    assert len(event.handset) == 21


@pytest.mark.parametrize("name", ["mp_pairs_mitchell", "mp_pairs_howell"])
def test_law78A_real_usebio_session_published_and_exported_again(name: str,
                                                                 tmp_path: Path) -> None:
    session = session_from_usebio(REALDATA / "usebio" / f"cobalt_{name}.xml")
    write_site(session, tmp_path / "site", analyse=False)
    assert (tmp_path / "site" / "index.html").exists()
    path = tmp_path / "again.xml"
    path.write_text(usebio_text(session), encoding="utf-8")
    again = import_usebio_session(usebio.load(path))
    rescored = score_session(again.movement, again.book, again.boards)
    assert sorted(map(str, rescored.field.values())) == \
        sorted(map(str, session.score.field.values()))


def test_law78A_pbn_export_latin1_read_back_and_rescored(tmp_path: Path) -> None:
    session = _club_session()
    data = pbn_bytes(session)
    assert "Inés Muñoz & François Garçon".encode("iso-8859-1") in data
    assert "João".encode() not in data  # ISO-8859-1, not UTF-8
    read = pbn.loads(pbn.decode(data))
    assert len(read.games) == 21
    results = []
    for game in read.games:
        tag = game.tag("ScoreTable")
        assert tag is not None
        for row in read_table(tag).records():
            score = row["Score_NS"]
            results.append(BoardResult(int(game.value("Board")), str(row["PairId_NS"]),
                                       str(row["PairId_EW"]),
                                       artificial_code(str(score)) if isinstance(score, str)
                                       else int(score or 0)))
    theirs = _matchpoints(results)
    ours = {(r.board, r.ns, r.ew): (session.score.field.ns(i), session.score.field.ew(i))
            for i, r in enumerate(session.score.field.results)}
    assert theirs == ours
    total = read.games[0].tag("TotalScoreTable")
    assert total is not None and len(read_table(total).rows) == 14


def test_pbn_export_outside_latin1_is_a_clear_error_unless_utf8() -> None:
    session = _club_session()
    polish = ScoredSession(session.title, session.movement, session.book, session.boards,
                           session.score, names={1: "Łukasz Wójcik"})
    with pytest.raises(ValueError, match="'Ł' is not in iso-8859-1; export with --encoding"):
        pbn_bytes(polish)
    data = pbn_bytes(polish, "utf-8")
    assert "Łukasz Wójcik" in pbn.decode(data)
    with pytest.raises(ValueError, match="iso-8859-1 or utf-8"):
        pbn_bytes(polish, "cp1252")


@pytest.mark.parametrize("machine", ["pbn", "dup", "bri", "dge", "dlm"])
def test_law6_dealing_machine_files_read_back_to_the_same_deals(machine: str,
                                                               tmp_path: Path) -> None:
    dealt = deal_session(1, 24, entropy=lambda n: b"\x07" * n)
    written = write_dealing_files(dealt.boards, tmp_path, machines=[machine],
                                  sets=BoardSets(8, 3))
    path = tmp_path / f"boards.{machine}"
    assert path in written
    back = file_format(machine, path).read(path)
    assert [(r.board, r.deal, r.dealer, r.vulnerability) for r in back] == \
        [(b.number, b.deal, b.dealer, b.vulnerability) for b in dealt.boards]
    assert (tmp_path / "set-8-curtain-cards.html").exists()
    assert (tmp_path / "set-8-hand-record.html").read_text(encoding="utf-8").count(
        'class="board"') == 3


def test_law6_curtain_cards_one_per_seat_per_board() -> None:
    dealt = deal_session(1, 4, entropy=lambda n: b"\x09" * n)
    page = curtain_cards_html(dealt.boards, "Set 1")
    assert page.count('class="card"') == 16
    board = dealt.boards[1]  # board 2: dealer East, North-South vulnerable (Law 2)
    assert "Board 2 · dealer East · North-South vulnerable" in page
    assert board.deal is not None
    spades = "".join(r.letter for r in board.deal.hand(Seat.EAST).ranks(Suit.SPADES))
    assert f"♠</span> {spades.replace('T', '10') or '—'}<br>" in page


def test_law6_a_gap_in_a_numberless_machine_format_is_refused(tmp_path: Path) -> None:
    dealt = deal_session(1, 4, entropy=lambda n: b"\x05" * n)
    with pytest.raises(ValueError):
        write_dealing_files([dealt.boards[0], dealt.boards[2]], tmp_path, machines=["bri"])


def _cli(*args: str) -> tuple[int, str]:
    from typer.testing import CliRunner

    from dupbridge.cli.main import app

    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.output


@pytest.fixture
def demo_db(tmp_path: Path) -> str:
    from dupbridge.adapters.sql import open_store
    from dupbridge.app.club_night.demo import create_demo_event
    from dupbridge.app.club_night.ports import SystemClock

    path = str(tmp_path / "club.db")
    store = open_store(path)
    create_demo_event(store, SystemClock())
    store.close()
    return path


def _complete_boards_1_and_2(demo_db: str) -> None:
    """The demo's boards 1 and 2 played at the two other tables (rounds 2 and 3): the
    only boards every table has played, so the only ones published before the official
    scores (``visibility``)."""
    from dupbridge.adapters.sql import open_store
    from dupbridge.app.club_night import commands as club
    from dupbridge.app.club_night.ports import SystemClock

    store = open_store(demo_db)
    for round_, table, board, contract, tricks in ((2, 3, 1, "3NT", 10), (2, 3, 2, "4S", 9),
                                                  (3, 2, 1, "2NT", 8), (3, 2, 2, "4S", 11)):
        club.enter_result(store, SystemClock(), "demo", club.ResultInput(
            round_, table, board, contract, "N" if board == 1 else "E", tricks),
            entry_id=f"r{round_}t{table}b{board}", who="scorer")
    store.close()


def test_law6_law78A_cli_publish_a_club_event_deals_only_once_official(
        demo_db: str, tmp_path: Path) -> None:
    site = tmp_path / "site"
    code, out = _cli("event", "publish", "demo", "--db", demo_db, "--out", str(site),
                     "--no-analyse")
    # Nothing the public may see yet: no board has been played at every table.
    assert code == 2 and "no board has been played at every table" in out
    assert not site.exists()
    _complete_boards_1_and_2(demo_db)
    code, out = _cli("event", "publish", "demo", "--db", demo_db, "--out", str(site),
                     "--no-analyse")
    assert code == 0, out
    travellers = (site / "travellers.html").read_text(encoding="utf-8")
    assert "3NT N 9" in travellers and "2H S 8" not in travellers  # board 3: table 3 to play
    names = {p.name for p in site.iterdir()}
    assert {"index.html", "travellers.html", "session.xml"} <= names
    assert "session.pbn" not in names  # Law 6: no card shown before the official scores
    assert "Raúl" in (site / "index.html").read_text(encoding="utf-8")
    assert usebio.load(site / "session.xml").handset == ()
    assert _cli("event", "official", "demo", "--db", demo_db)[0] == 0
    code, out = _cli("event", "publish", "demo", "--db", demo_db, "--out", str(site),
                     "--no-analyse")
    assert code == 0, out
    assert len(pbn.load(site / "session.pbn").games) == 6
    code, out = _cli("event", "export", "demo", "--db", demo_db, "--machine", "--format",
                     "dup", "--out", str(tmp_path / "demo.dup"))
    assert code == 0, out
    assert len(file_format("dup", tmp_path / "demo.dup").read(tmp_path / "demo.dup")) == 6


def test_cli_export_from_a_usebio_file_and_bad_input_in_one_line(tmp_path: Path) -> None:
    source = REALDATA / "usebio" / "cobalt_mp_pairs_mitchell.xml"
    out = tmp_path / "s.pbn"
    code, text = _cli("event", "export", "--from", str(source), "--format", "pbn",
                      "--out", str(out))
    assert code == 0, text
    assert len(pbn.load(out).games) == 27
    code, text = _cli("event", "export", "--from", str(tmp_path / "missing.xml"))
    assert code == 2 and text.startswith("error: ") and len(text.strip().splitlines()) == 1
    code, text = _cli("event", "export", "--from", str(source), "--format", "docx",
                      "--out", str(out))
    assert code == 2 and "--format is usebio, pbn, html or curtain" in text


def test_law6_cli_deal_writes_machine_files_and_curtain_cards(tmp_path: Path) -> None:
    code, text = _cli("event", "deal", "--first", "1", "--last", "6", "--seed-out",
                      str(tmp_path / "seed.txt"), "--out", str(tmp_path / "m"),
                      "--machine", "pbn,bri", "--set-size", "3")
    assert code == 0, text
    folder = tmp_path / "m"
    assert len(file_format("bri", folder / "boards.bri").read(folder / "boards.bri")) == 6
    assert (folder / "set-2-curtain-cards.html").read_text(encoding="utf-8").count(
        'class="card"') == 12


def test_site_in_the_readers_language(tmp_path: Path) -> None:
    write_site(_club_session(), tmp_path, language="es", analyse=False)
    index = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert '<html lang="es">' in index and "<h2>Norte-Sur</h2>" in index
    assert "Planillas viajeras" in index


def test_site_page_headings_in_the_readers_language_and_the_title_as_given(
        tmp_path: Path) -> None:
    # A Msg is also a str: the travellers page once printed its heading in English.
    session = _club_session()
    write_site(session, tmp_path, language="es", analyse=False)
    travellers = (tmp_path / "travellers.html").read_text(encoding="utf-8")
    chart = (tmp_path / "chart.html").read_text(encoding="utf-8")
    assert "<h1>Planillas viajeras</h1>" in travellers and "<h1>Travellers</h1>" not in travellers
    assert "<h1>Porcentaje acumulado</h1>" in chart
    index = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert f"<h1>{escape(session.title)}</h1>" in index
