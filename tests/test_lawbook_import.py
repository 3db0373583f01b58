"""Importing the Spanish and Portuguese 2007 law books (issue 7): the seeds are read at run
time from ../shared/seeds; nothing of their text is written here."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dupbridge.cli.main import app
from dupbridge.core.edition import Edition
from dupbridge.core.errors import ParseError
from dupbridge.lawbook.defects import known_defects
from dupbridge.lawbook.import_es_pt import AEB, AEB_COMMENTARY, FVB, PORTUGUESE, detect_format
from dupbridge.lawbook.import_text import BookStyle, read_clauses
from dupbridge.lawbook.importer import import_lawbook
from dupbridge.lawbook.installed import book_file_name, find_book, installed_books, save_book
from dupbridge.lawbook.model import LawBook
from dupbridge.lawbook.references import find_references
from dupbridge.laws.machinery.index import law_index
from shared_paths import SEEDS

INDEX = law_index(Edition.LAWS_2007)
LANGUAGE = {"000": "es", "001": "es", "003": "pt", "004": "es"}


def _seed(prefix: str) -> Path:
    [path] = SEEDS.glob(f"{prefix}_*.txt")
    return path


@cache
def _book(prefix: str) -> LawBook:
    [book] = import_lawbook(_seed(prefix), language=LANGUAGE[prefix], edition=Edition.LAWS_2007)
    return book


def _laws(book: LawBook) -> list[int]:
    return sorted({law for law in (_law_of(c.id) for c in book.clauses)})


def _law_of(clause_id: str) -> int:
    entry = INDEX.clause(clause_id)
    assert entry is not None, clause_id
    return entry.ref.law


# -- format detection ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("prefix", "layout"), [("000", FVB), ("001", AEB), ("003", PORTUGUESE), ("004", AEB_COMMENTARY)]
)
def test_each_seed_layout_is_detected_from_its_headings(prefix: str, layout: object) -> None:
    assert detect_format(_seed(prefix).read_text(encoding="utf-8")) is layout


def test_a_text_without_law_headings_is_a_parse_error_naming_the_source(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("A shopping list\n1. bread\n2. milk\n", encoding="utf-8")
    with pytest.raises(ParseError) as caught:
        import_lawbook(path, language="es", edition=Edition.LAWS_2007)
    assert caught.value.source == "notes.txt" and caught.value.line == 1


def test_asking_for_the_wrong_language_is_refused() -> None:
    with pytest.raises(ParseError, match="'pt', not 'es'"):
        import_lawbook(_seed("003"), language="es", edition=Edition.LAWS_2007)


# -- placement: at least 95 % of the markers found, per file --------------------------


@pytest.mark.parametrize(
    ("prefix", "found", "placed"),
    [("000", 764, 762), ("001", 265, 259), ("003", 749, 744), ("004", 32, 32)],
)
def test_each_seed_places_at_least_95_percent_of_its_clause_markers(
    prefix: str, found: int, placed: int
) -> None:
    report = _book(prefix).report
    assert (report.found, report.placed) == (found, placed)
    assert len(report.unplaced) == found - placed
    assert report.placed_ratio >= 0.95


def test_fvb_book_covers_all_93_laws_and_all_but_three_index_clauses() -> None:
    book = _book("000")
    ids = {clause.id for clause in book.clauses}
    assert _laws(book) == list(range(1, 94))
    assert len(ids) == 762
    # The FVB letters the Law 80B2 items one step earlier than our index: (g)(i), (g)(ii), (l).
    assert {c.ref.clause for c in INDEX.all_clauses()} - ids == {"80B2(g)(i)", "80B2(g)(ii)",
                                                                 "80B2(l)"}


def test_fvb_46B_items_numbered_2_and_3_a_second_time_are_read_as_46B4_and_46B5() -> None:
    book = _book("000")
    assert [book.clause(i) is not None for i in ("46B4", "46B5")] == [True, True]
    assert [line for line, _ in book.report.unplaced] == [2511, 2512]


def test_aeb_regulation_covers_every_index_clause_of_laws_41_to_71() -> None:
    book = _book("001")
    expected = {c.ref.clause for c in INDEX.all_clauses() if 41 <= c.ref.law <= 71}
    assert {clause.id for clause in book.clauses} == expected
    assert len(expected) == 259
    # the AEB numbers items in 41B and 61A that our index (the FVB structure) does not
    assert [words.split(":")[0] for _, words in book.report.unplaced] == [
        "41B1", "41B2", "41B3", "61A1", "61A2", "61A3"]


def test_portuguese_book_lacks_law_48_and_the_clauses_its_defects_drop() -> None:
    book = _book("003")
    ids = {clause.id for clause in book.clauses}
    assert len(ids) == 744
    assert _laws(book) == [n for n in range(1, 94) if n != 48]
    missing = {c.ref.clause for c in INDEX.all_clauses() if c.ref.law != 48} - ids
    assert {"16C3", "21B3", "30B3", "52A", "52B"} <= missing
    assert len(missing) == 16


def test_aeb_commentary_covers_laws_25_to_27_with_its_examples_as_notes() -> None:
    book = _book("004")
    assert book.kind == "commentary" and book.authority == "aeb"
    assert _laws(book) == [25, 26, 27]
    assert len(book.clauses) == 30
    clause = book.clause("27B1")
    assert clause is not None
    examples = [note.label for note in clause.notes if note.kind == "example"]
    assert examples == [f"{n})" for n in range(1, 10)]
    assert any(note.kind == "commentary" for note in clause.notes)
    assert any(note.kind == "commentary" for note in book.clause("27D").notes)  # type: ignore[union-attr]


def test_law_headings_give_titles_and_bare_law_ids() -> None:
    assert _book("000").clause("41") is not None
    assert [_book(p).clause("41").heading != "" for p in ("000", "001", "003")] == [  # type: ignore[union-attr]
        True, True, True]
    assert _book("000").clause("41A").line == 1510  # type: ignore[union-attr]


# -- notes ---------------------------------------------------------------------------


def test_nota_aeb_notes_land_on_their_clause_as_authority_notes() -> None:
    book = _book("001")
    holders = [(c.id, n.label) for c in book.clauses for n in c.notes if n.kind == "authority"]
    assert holders == [("41A", "Nota AEB"), ("41D", "Nota AEB"), ("43A2(b)", "Nota AEB")]
    # the inline note is cut out of the clause's own text
    assert "Nota AEB" not in book.clause("41A").text  # type: ignore[union-attr]


def test_footnotes_land_on_the_clauses_carrying_their_mark() -> None:
    for prefix, count in (("000", 44), ("003", 42), ("001", 7)):
        book = _book(prefix)
        notes = [(c.id, n.label) for c in book.clauses for n in c.notes if n.kind == "footnote"]
        assert len(notes) == count, prefix
    fvb = _book("000")
    assert [n.label for n in fvb.clause("41A").notes] == ["*"]  # type: ignore[union-attr]
    assert [n.label for n in fvb.clause("41B").notes] == ["**", "***"]  # type: ignore[union-attr]
    assert [n.label for n in fvb.clause("41C").notes] == ["***"]  # type: ignore[union-attr]
    aeb = [c.id for c in _book("001").clauses for n in c.notes if n.kind == "footnote"]
    assert aeb == ["51B1(a)", "51B1(b)", "51B2(a)", "70C3", "70D1", "70D2", "70E1"]


def test_portuguese_64A2_carries_its_translation_defect_warning() -> None:
    clause = _book("003").clause("64A2")
    assert clause is not None
    defects = [note for note in clause.notes if note.kind == "defect"]
    assert len(defects) == 1 and "revoke trick" in defects[0].text


def test_defects_attach_to_their_own_book_only() -> None:
    counts = [sum(1 for c in _book(p).clauses for n in c.notes if n.kind == "defect")
              for p in ("000", "001", "003", "004")]
    assert counts == [5, 4, 48, 3]
    assert not [n for n in _book("000").clause("64A2").notes if n.kind == "defect"]  # type: ignore[union-attr]


def test_every_defect_names_a_clause_of_its_edition_and_es_pt_ones_a_known_book() -> None:
    defects = known_defects()
    ours = [d for d in defects if d.language in ("es", "pt")]
    assert len(ours) == 60
    assert {d.seed for d in ours} == {"000", "001", "003", "004"}
    assert [d for d in defects if law_index(d.edition).clause(d.clause) is None] == []


# -- cross-references ----------------------------------------------------------------


def test_cross_references_resolve_to_index_clauses() -> None:
    fvb = _book("000")
    assert [(r.text, r.target) for r in fvb.clause("41B").references] == [  # type: ignore[union-attr]
        ("Leyes 20F2 y 20F3", "20F2"), ("Leyes 20F2 y 20F3", "20F3"), ("Ley 16", "16")]
    assert [r.target for r in fvb.clause("6D1").references] == ["16C", "24"]  # type: ignore[union-attr]
    aeb = _book("001")
    assert [(r.text, r.target) for r in aeb.clause("41A").references] == [  # type: ignore[union-attr]
        ("Artículo 47E2", "47E2")]
    pt = _book("003")
    assert [(r.text, r.target) for r in pt.clause("25B3").references] == [("Lei 16D", "16D")]  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("prefix", "found", "resolved"),
    [("000", 224, 224), ("001", 97, 97), ("003", 208, 207), ("004", 9, 9)],
)
def test_share_of_cross_references_that_resolve(prefix: str, found: int, resolved: int) -> None:
    report = _book(prefix).report
    assert (report.references_found, report.references_resolved) == (found, resolved)


def test_the_portuguese_slip_25F5_is_found_but_does_not_resolve() -> None:
    clause = _book("003").clause("9A4")
    assert clause is not None and clause.references == ()
    [reference] = find_references(clause.text, INDEX)
    assert (reference.clause, reference.resolved) == ("25F5", False)


@pytest.mark.parametrize(
    ("text", "targets"),
    [
        ("ver Ley 16D", ["16D"]),
        ("véase el Artículo 12C1", ["12C1"]),
        ("ver Leis 16 e 17", ["16", "17"]),
        ("voir Loi 23A", ["23A"]),
        ("bajo la Ley 12C1(e)(ii) y la Ley 94", ["12C1(e)(ii)", "94"]),
    ],
)
def test_reference_phrases_of_each_language(text: str, targets: list[str]) -> None:
    assert [r.clause for r in find_references(text, INDEX)] == targets


# -- the generic reader on text of our own -------------------------------------------

_OWN_STYLE = BookStyle(__import__("re").compile(r"^Law\s+(?P<law>\d{1,2})\b\s*(?P<title>.*)$"))
_OWN_TEXT = """\
# Contents
Law 12 Scores ..... 4
## **Law 12**
### **Powers**
#### **C. Awarding**
1.
  - e. something about an alternative
    - i. for one side\\*
    - ii. for the other side
  - f. last letter
- \\* our footnote
## **Law 35**
1. first item
2. second item
"""


def test_generic_reader_places_roman_items_footnotes_and_letterless_items() -> None:
    reading = read_clauses(_OWN_TEXT, _OWN_STYLE, INDEX)
    assert [c.id for c in reading.clauses] == [
        "12", "12C", "12C1", "12C1(e)", "12C1(e)(i)", "12C1(e)(ii)", "12C1(f)",
        "35", "35-1", "35-2"]
    assert (reading.report.found, reading.report.placed) == (10, 10)  # the contents line is skipped
    by_id = {c.id: c for c in reading.clauses}
    assert [n.text for n in by_id["12C1(e)(i)"].notes] == ["our footnote"]
    assert by_id["12"].heading == "Powers"


# -- the store and the command --------------------------------------------------------


def test_store_round_trips_a_book_in_the_data_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DUPBRIDGE_DATA", str(tmp_path))
    book = _book("001")
    path = save_book(book)
    assert path == tmp_path / "lawbooks" / "2007-es-aeb.json"
    assert json.loads(path.read_text(encoding="utf-8"))["edition"] == "2007"
    assert installed_books() == [book]


def test_find_book_prefers_the_laws_to_a_commentary_and_no_authority_to_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DUPBRIDGE_DATA", str(tmp_path))
    for prefix in ("004", "001", "000"):
        save_book(_book(prefix))
    assert book_file_name(_book("004")) == "2007-es-aeb-commentary.json"
    assert find_book(Edition.LAWS_2007, "es") == _book("000")
    assert find_book(Edition.LAWS_2007, "es", "aeb") == _book("001")
    assert find_book(Edition.LAWS_2007, "pt") is None
    assert find_book(Edition.LAWS_2017, "es") is None


def test_data_directory_falls_back_to_xdg_data_home(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("DUPBRIDGE_DATA", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert save_book(_book("004")).parent == tmp_path / "dupbridge" / "lawbooks"


def test_cli_laws_import_stores_the_book_and_prints_the_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DUPBRIDGE_DATA", str(tmp_path))
    result = CliRunner().invoke(
        app, ["laws", "import", str(_seed("001")), "--lang", "es", "--edition", "2007",
              "--authority", "aeb"], terminal_width=200)
    assert result.exit_code == 0, result.output
    assert "clauses found 265, placed 259, ratio 97.7%" in result.output
    assert "unplaced, line 22: 41B1:" in result.output
    assert result.output.count("unplaced, line") == 6
    assert (tmp_path / "lawbooks" / "2007-es-aeb.json").is_file()
    assert find_book(Edition.LAWS_2007, "es", "aeb") is not None


def test_cli_laws_import_refuses_a_wrong_language_with_exit_code_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DUPBRIDGE_DATA", str(tmp_path))
    result = CliRunner().invoke(app, ["laws", "import", str(_seed("003")), "--lang", "es"])
    assert result.exit_code == 2
    assert not (tmp_path / "lawbooks").exists()
