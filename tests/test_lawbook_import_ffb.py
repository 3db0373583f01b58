"""The FFB law book (seed 002): the 2007 and the 2017 French translations interleaved page
by page, read back into two books. The oracle is the spec's line map (FR07 / FR17 ranges
per law), read at run time; the seed is read at run time too, so no text is copied here."""

from __future__ import annotations

import re
from functools import cache

import pytest

from dupbridge.core.edition import Edition
from dupbridge.core.errors import ParseError
from dupbridge.lawbook.import_ffb import Passage, clause_id, ffb_passages, parse_ffb
from dupbridge.lawbook.import_ffb_blocks import Marker, read_blocks
from dupbridge.lawbook.importer import import_lawbook
from dupbridge.lawbook.model import LawBook
from dupbridge.laws.machinery.index import law_index
from shared_paths import SEEDS, SPEC

FR07, FR17 = Edition.LAWS_2007, Edition.LAWS_2017
SEED = next(SEEDS.glob("002_*.txt"))


@cache
def _text() -> str:
    return SEED.read_text(encoding="utf-8")


@cache
def _passages() -> tuple[Passage, ...]:
    return tuple(ffb_passages(_text()))


@cache
def _books() -> tuple[LawBook, LawBook]:
    return parse_ffb(_text(), source=SEED.name)


def _at(line: int) -> list[Passage]:
    return [passage for passage in _passages() if passage.line == line]


def _book(edition: Edition) -> LawBook:
    return _books()[0] if edition is FR07 else _books()[1]


# -- both editions from one file ------------------------------------------------------------
def test_parse_ffb_yields_the_2007_and_the_2017_french_books_of_the_ffb() -> None:
    fr07, fr17 = _books()
    assert (fr07.edition, fr17.edition) == (FR07, FR17)
    assert {(book.language, book.authority, book.source) for book in _books()} == {
        ("fr", "ffb", SEED.name)}


@pytest.mark.parametrize("edition", [FR07, FR17])
def test_each_edition_places_at_least_95_percent_of_its_clause_markers(
        edition: Edition) -> None:
    report = _book(edition).report
    assert report.found > 700
    assert report.placed_ratio >= 0.95
    assert report.found - report.placed == len(report.unplaced)


def test_how_many_index_clauses_of_each_edition_got_a_text() -> None:
    counts = {}
    for book in _books():
        index_ids = {item.ref.clause for item in law_index(book.edition).all_clauses()}
        imported = {clause.id for clause in book.clauses}
        assert imported <= index_ids
        counts[book.edition] = (len(imported), len(index_ids))
    assert counts == {FR07: (718, 765), FR17: (799, 834)}  # placements.toml: 50B-50E


@pytest.mark.parametrize("edition", [FR07, FR17])
def test_every_law_1_to_93_of_each_edition_is_in_the_seed(edition: Edition) -> None:
    laws = {int(clause.id) for clause in _book(edition).clauses if clause.id.isdigit()}
    assert laws == set(range(1, 94))


# -- known lines land in the right edition and clause (spec line maps) ----------------------
@pytest.mark.parametrize(("line", "edition", "clause"), [
    (828, FR07, "17D"), (830, FR07, "17D1"), (832, FR07, "17D2"), (837, FR07, "17D3"),
    (839, FR07, "17D4"),
    (857, FR17, "17D"), (859, FR17, "17D1"), (863, FR17, "17D2"), (865, FR17, "17D3"),
    (1167, FR07, "23"), (1171, FR07, "23"),
    (1183, FR17, "23"), (1185, FR17, "23A"), (1189, FR17, "23A1"), (1193, FR17, "23A3"),
    (1195, FR17, "23B"),
    (2422, FR17, "47E1"),  # sits under the 2007 heading of Law 48
    (1351, FR17, "26B"),  # sits inside the 2007 Law 27B
    (1664, FR17, "35A"), (1667, FR17, "35D"),  # clause letters written as "- A." bullets
    (3513, FR17, "71A"), (3514, FR17, "71B"),
    (939, FR17, "18E"),  # the 2017 body of 18E after the 2007 Law 19
    (989, FR17, "19B3"),  # the 2017 19B3 after the 2007 Law 20 headings
    (963, FR07, "19C"), (869, FR07, "17E1"), (871, FR07, "17E2"),
    (638, FR17, "15"), (3556, FR17, "72C"),
])
def test_a_known_line_lands_in_its_edition_and_clause(
        line: int, edition: Edition, clause: str) -> None:
    assert [(p.edition, p.clause) for p in _at(line)] == [(edition, clause)]


def _spec_ranges() -> dict[int, tuple[Edition, int]]:
    """Laws 17-40: the FR07 and FR17 columns of the line map in laws-17-40.md §1."""
    expected: dict[int, tuple[Edition, int]] = {}
    for row in (SPEC / "laws-17-40.md").read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in row.split("|")]
        if len(cells) < 7 or not cells[1].isdigit():
            continue
        for edition, column in ((FR07, cells[4]), (FR17, cells[5])):
            for first, last in re.findall(r"(\d+)(?:–(\d+))?", re.sub(r"\(.*?\)", "", column)):
                for line in range(int(first), int(last or first) + 1):
                    expected[line] = (edition, int(cells[1]))
    return expected


def _law_of(clause: str) -> int:
    return int(re.sub(r"\D.*$", "", clause) or 0)


def test_paragraphs_of_laws_17_to_40_follow_the_spec_line_map() -> None:
    expected = _spec_ranges()
    judged = [p for p in _passages() if p.line in expected]
    agree = [p for p in judged if expected[p.line] == (p.edition, _law_of(p.clause))]
    assert len(judged) == 574
    assert len(agree) / len(judged) >= 0.99
    # where the reading differs from the spec's map: 1727 opens 37B before the FR07 page
    # resumes; 1745 is the FR17 37B2 text the spec files under FR07 Law 38
    assert sorted({p.line for p in judged} - {p.line for p in agree}) == [1727, 1745]


# -- notes and references --------------------------------------------------------------
def test_an_ffb_star_footnote_lands_on_the_clause_carrying_its_mark() -> None:
    fr07_17d2 = _book(FR07).clause("17D2")
    fr17_18f = _book(FR17).clause("18F")
    assert fr07_17d2 is not None and fr17_18f is not None
    for clause, footnote_line in ((fr07_17d2, 867), (fr17_18f, 961)):
        authority = [note for note in clause.notes if note.kind == "authority"]
        assert [note.label for note in authority] == ["FFB"]
        assert authority[0].text in _text().splitlines()[footnote_line - 1].replace("\\*", "*")


def test_a_numbered_wbf_footnote_of_2017_is_a_footnote_on_its_clause() -> None:
    for clause_id_, label in (("13", "2"), ("20C2", "6"), ("20F1", "7"), ("31A2", "8")):
        clause = _book(FR17).clause(clause_id_)
        assert clause is not None
        assert ("footnote", label) in [(note.kind, note.label) for note in clause.notes]
    assert all(note.kind != "footnote" for c in _book(FR07).clauses for note in c.notes)


def test_cross_references_voir_loi_resolve_to_clauses_of_the_same_edition() -> None:
    fr17_47e1 = _book(FR17).clause("47E1")
    fr17_17d1 = _book(FR17).clause("17D1")
    assert fr17_47e1 is not None and fr17_17d1 is not None
    assert "16C" in [ref.target for ref in fr17_47e1.references]
    assert "22A" in [ref.target for ref in fr17_17d1.references]
    for book in _books():
        index = law_index(book.edition)
        targets = [ref.target for clause in book.clauses for ref in clause.references]
        assert len(targets) > 200
        assert all(index.clause(target) is not None for target in targets)
        assert book.report.references_resolved / book.report.references_found >= 0.95


@pytest.mark.parametrize(("edition", "clause_id_", "word"), [
    (FR17, "27B2", "whenever"), (FR07, "6D1", "fouled"), (FR17, "51B2(b)", "footnote 15"),
])
def test_french_translation_defects_are_noted_on_their_clause(
        edition: Edition, clause_id_: str, word: str) -> None:
    clause = _book(edition).clause(clause_id_)
    assert clause is not None
    defects = [note.text for note in clause.notes if note.kind == "defect"]
    assert len(defects) == 1 and word in defects[0]


# -- the importer's entry point ------------------------------------------------------------
def test_import_lawbook_returns_both_ffb_editions_whatever_edition_was_asked() -> None:
    books = import_lawbook(SEED, language="fr", edition=FR07)
    assert [book.edition for book in books] == [FR07, FR17]
    assert [len(book.clauses) for book in books] == [len(book.clauses) for book in _books()]


def test_parse_ffb_rejects_a_text_without_the_headings_of_both_editions() -> None:
    with pytest.raises(ParseError) as caught:
        parse_ffb("**LOI 1 - LE JEU**\n\nA. Texte\n", source="one.txt")
    assert (caught.value.source, caught.value.line) == ("one.txt", 1)
    assert "LOI n - TITRE" in caught.value.reason


# -- pieces -----------------------------------------------------------------------------------
def test_clause_id_writes_the_2007_items_of_law_35_with_a_hyphen() -> None:
    assert clause_id(FR07, 35, [Marker("item", "2")]) == "35-2"
    assert clause_id(FR17, 27, [Marker("section", "B"), Marker("item", "1"),
                                Marker("letter", "b")]) == "27B1(b)"


def test_read_blocks_tells_the_editions_apart_by_the_form_of_the_law_heading() -> None:
    blocks = read_blocks("**LOI 17**\n**La période**\n\n**LOI 17 - LA PÉRIODE**\n"
                         "## LOI 91 - Pénaliser ou suspendre\n")
    assert [(b.kind, b.law, b.edition) for b in blocks[:1] + blocks[2:]] == [
        ("law", 17, FR07), ("law", 17, FR17), ("law", 91, FR07)]


def test_read_blocks_splits_a_score_table_row_into_the_2007_and_the_2017_column() -> None:
    blocks = read_blocks("Première levée de chute\t\t\t\tPremière levée de chute élémentaire\n")
    assert [b.edition for b in blocks] == [FR07, FR17]
