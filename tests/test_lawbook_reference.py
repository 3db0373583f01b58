"""``laws show / search / diff`` and rulings beside the imported text (issue 7), on books
imported from the seeds at run time: the Spanish FVB 2007 book (000) and the FFB file
(002), which gives both editions in French."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import DEAL
from dupbridge import Board, Edition, Table
from dupbridge.cli.main import app
from dupbridge.core.edition import LawRef
from dupbridge.lawbook.importer import import_lawbook
from dupbridge.lawbook.installed import save_book
from dupbridge.lawbook.model import LawBook
from dupbridge.lawbook.reference import diff, is_within, search, show
from dupbridge.lawbook.render import render_ruling
from dupbridge.lawbook.titles import clause_title
from shared_paths import SEEDS

E07, E17 = Edition.LAWS_2007, Edition.LAWS_2017
runner = CliRunner()


def _seed(prefix: str) -> Path:
    return next(SEEDS.glob(f"{prefix}_*.txt"))


@pytest.fixture(scope="module")
def books() -> list[LawBook]:
    return [*import_lawbook(_seed("000"), language="es", edition=E07),
            *import_lawbook(_seed("003"), language="pt", edition=E07),
            *import_lawbook(_seed("002"), language="fr", edition=E17)]


def _book(books: list[LawBook], edition: Edition, language: str) -> LawBook:
    return next(b for b in books if b.edition is edition and b.language == language)


@pytest.fixture(scope="module")
def data_dir(books: list[LawBook], tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    folder = tmp_path_factory.mktemp("lawbooks")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("DUPBRIDGE_DATA", str(folder))
        for book in books:
            save_book(book)
    return {"DUPBRIDGE_DATA": str(folder)}


def test_a_clause_is_within_its_ancestors_only() -> None:
    assert is_within("27B1(a)", "27B1") and is_within("27B1(a)", "27")
    assert not is_within("27", "2") and not is_within("27B10", "27B1")


def test_show_gives_the_clause_and_the_clauses_under_it_from_the_book(books: list[LawBook]) -> None:
    book = _book(books, E17, "fr")
    view = show(LawRef(E17, "27B1"), "fr", books)
    assert [clause for clause, _ in view.parts] == ["27B1(a)", "27B1(b)"]
    assert [text for _, text in view.parts] == [book.clause("27B1(a)").text,  # type: ignore[union-attr]
                                                book.clause("27B1(b)").text]  # type: ignore[union-attr]
    assert view.title == clause_title(LawRef(E17, "27B1"), "fr")
    assert view.source.startswith("002_")


def test_show_resolves_the_cross_references_to_titles_in_the_language(books: list[LawBook]) -> None:
    view = show(LawRef(E07, "41B"), "es", books)
    targets = {title for _, title in view.references}
    assert {clause_title(LawRef(E07, clause), "es") for clause in ("20F2", "20F3", "16")} <= targets
    assert view.text is not None and view.notes  # its footnotes come along


def test_show_in_portuguese_carries_the_translation_defect_warning(books: list[LawBook]) -> None:
    view = show(LawRef(E07, "64A2"), "pt", books)
    assert view.text and view.source.startswith("003_")
    assert any(note.kind == "defect" for note in view.notes)
    assert view.title == clause_title(LawRef(E07, "64A2"), "pt")


def test_search_and_diff_in_portuguese(books: list[LawBook]) -> None:
    hits = search("carta penalizada", books, languages=("pt",), editions=(E07,))
    assert any(hit.language == "pt" and hit.ref.law == 50 for hit in hits)
    rows = diff(27, E07, E17, "pt", books)
    assert rows and all(row.before is None or row.before.text is not None for row in rows
                        if row.before is not None and row.before.ref.clause == "27A1")
    assert all(row.after is None or row.after.text is None for row in rows)  # no pt 2017 book


def test_show_without_a_book_gives_our_title_only(books: list[LawBook]) -> None:
    view = show(LawRef(E17, "27B1"), "pt", books)
    assert view.parts == () and view.text is None
    assert view.title == clause_title(LawRef(E17, "27B1"), "pt") != clause_title(
        LawRef(E17, "27B1"), "en")


def test_show_refuses_a_clause_the_edition_does_not_have() -> None:
    with pytest.raises(ValueError, match="no clause 23B"):
        show(LawRef(E07, "23B"), "en")


def test_search_finds_every_word_accents_and_case_ignored(books: list[LawBook]) -> None:
    hits = search("carta penalizada", books, editions=(E07,))
    assert hits and any(hit.ref.law == 50 for hit in hits)
    for hit in hits:
        clause = _book(books, E07, hit.language).clause(hit.ref.clause)
        haystack = f"{clause.text if clause else ''} {hit.title}".lower()
        assert "carta" in haystack and "penalizada" in haystack
    assert [hit.ref for hit in search("PENALIZADA carta", books, editions=(E07,))] == [
        hit.ref for hit in hits]
    assert search("penalización", books) == search("penalizacion", books)


def test_search_in_french_finds_the_2017_text(books: list[LawBook]) -> None:
    hits = search("carte pénalisée", books, editions=(E17,))
    assert {hit.ref.edition for hit in hits} == {E17}
    assert any(hit.ref.law == 50 and hit.language == "fr" for hit in hits)


def test_diff_shows_law_23_moving_to_72C(books: list[LawBook]) -> None:
    rows = diff(23, E07, E17, "es", books)
    first = rows[0]
    assert first.before is not None and first.after is not None
    assert (first.before.ref, first.after.ref, first.kind) == (LawRef(E07, "23"),
                                                               LawRef(E17, "72C"), "moved")
    assert first.before.text  # the Spanish 2007 book has it
    assert {row.kind for row in rows[1:]} == {"new"}  # 2017's comparable call


def test_diff_compares_the_texts_where_both_editions_are_imported(books: list[LawBook]) -> None:
    kinds = [row.kind for row in diff(27, E07, E17, "fr", books)]
    assert "changed" in kinds and "unchanged" in kinds
    backwards = [row.kind for row in diff(23, E17, E07, "es", books)]
    assert backwards.count("dropped") == len(backwards) - 1


def test_a_ruling_renders_its_clauses_beside_the_imported_text(books: list[LawBook]) -> None:
    table = Table(Board(1, DEAL), edition=E17)
    table.call("N", "1S")
    table.call("E", "1H")  # insufficient
    table.accept_defaults()
    table.choose("accept")
    ruling = table.rulings[-1]
    assert LawRef(E17, "27A1") in ruling.clauses
    text = render_ruling(ruling, "fr", books=books)
    assert " ".join(_book(books, E17, "fr").clause("27A1").text.split()) in text  # type: ignore[union-attr]
    assert clause_title(LawRef(E17, "27A1"), "fr") in text
    assert _book(books, E17, "fr").clause("27A1").text not in render_ruling(  # type: ignore[union-attr]
        ruling, "fr")  # no book given: titles only


def test_cli_show_search_diff_on_imported_books(data_dir: dict[str, str]) -> None:
    shown = runner.invoke(app, ["laws", "show", "27B1", "--edition", "2017", "--lang", "fr"],
                          env=data_dir)
    assert shown.exit_code == 0 and "27B1(a)" in shown.output and "002_" in shown.output
    found = runner.invoke(app, ["laws", "search", "carta penalizada", "--edition", "2007"],
                          env=data_dir)
    assert found.exit_code == 0 and "2007 50" in found.output
    changed = runner.invoke(app, ["laws", "diff", "23", "--from", "2007", "--to", "2017",
                                  "--lang", "es"], env=data_dir)
    assert changed.exit_code == 0 and "72C" in changed.output and "moved" in changed.output


def test_cli_errors_say_what_is_wrong(data_dir: dict[str, str]) -> None:
    assert runner.invoke(app, ["laws", "show", "99Z"], env=data_dir).exit_code == 2
    assert runner.invoke(app, ["laws", "diff", "94"], env=data_dir).exit_code == 2
    nothing = runner.invoke(app, ["laws", "search", "zzzqqq"], env=data_dir)
    assert nothing.exit_code == 1 and "0 clauses" in nothing.output
