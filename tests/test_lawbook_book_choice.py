"""Issue 19 item 4: the law reference picks, per clause, the book that holds it. With the
FVB book and the AEB regulation (Laws 41-71 only) and commentary (Laws 25-27) installed in
any order, Law 27 shows the FVB text and Law 45 the FVB text with the AEB's on top as
notes; ``--authority`` forces one book; rulings are rendered with the same choice."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from dupbridge import Edition
from dupbridge.cli.main import app
from dupbridge.core.edition import LawRef
from dupbridge.lawbook.importer import import_lawbook
from dupbridge.lawbook.installed import save_book
from dupbridge.lawbook.model import LawBook
from dupbridge.lawbook.reference import book_for, show
from dupbridge.lawbook.render import imported_text
from shared_paths import SEEDS

E07 = Edition.LAWS_2007
runner = CliRunner()


def _seed(prefix: str) -> Path:
    return next(SEEDS.glob(f"{prefix}_*.txt"))


@pytest.fixture(scope="module")
def spanish() -> list[LawBook]:
    """The AEB books first, as a user who imported them after the FVB book would list
    them by name: the choice must not depend on the order."""
    return [*import_lawbook(_seed("001"), language="es", edition=E07),
            *import_lawbook(_seed("004"), language="es", edition=E07),
            *import_lawbook(_seed("000"), language="es", edition=E07)]


def _fvb(books: list[LawBook]) -> LawBook:
    return next(book for book in books if book.authority == "fvb")


def test_law_27_is_read_from_the_general_book_not_the_regulation_of_laws_41_71(
        spanish: list[LawBook]) -> None:
    view = show(LawRef(E07, "27"), "es", spanish)
    assert view.source.startswith("000_")
    assert dict(view.parts)["27B1(a)"] == _fvb(spanish).clause("27B1(a)").text  # type: ignore[union-attr]
    assert book_for(spanish, E07, "es") is _fvb(spanish)


def test_the_aeb_commentary_on_27_comes_as_notes_on_top(spanish: list[LawBook]) -> None:
    view = show(LawRef(E07, "27B1"), "es", spanish)
    assert view.source.startswith("000_")
    assert any(note.kind == "commentary" and note.label.startswith("AEB") for note in view.notes)


def test_law_45_gives_the_fvb_text_and_the_aeb_regulation_as_a_note(
        spanish: list[LawBook]) -> None:
    view = show(LawRef(E07, "45C1"), "es", spanish)
    assert view.text == _fvb(spanish).clause("45C1").text  # type: ignore[union-attr]
    regulation = [note for note in view.notes if note.kind == "regulation"]
    assert regulation and regulation[0].label == "AEB 45C1"


def test_authority_forces_one_book(spanish: list[LawBook]) -> None:
    assert show(LawRef(E07, "27"), "es", spanish, authority="AEB").source.startswith("004_")
    assert show(LawRef(E07, "45C1"), "es", spanish, authority="aeb").source.startswith("001_")
    assert show(LawRef(E07, "16A"), "es", spanish, authority="aeb").parts == ()
    forced = show(LawRef(E07, "45C1"), "es", spanish, authority="fvb")
    assert all(note.kind != "regulation" for note in forced.notes)


def test_rulings_are_rendered_with_the_same_choice(spanish: list[LawBook]) -> None:
    fvb_text = " ".join(_fvb(spanish).clause("27B1(a)").text.split())  # type: ignore[union-attr]
    assert fvb_text in imported_text(LawRef(E07, "27B1"), "es", spanish)
    assert imported_text(LawRef(E07, "16A"), "es", spanish, authority="aeb") == ""


def test_laws_show_after_importing_fvb_then_aeb(spanish: list[LawBook], tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DUPBRIDGE_DATA", str(tmp_path))
    for book in reversed(spanish):  # FVB first, then the AEB books
        save_book(book)
    shown = runner.invoke(app, ["laws", "show", "27", "--edition", "2007", "--lang", "es"])
    assert shown.exit_code == 0 and "000_" in shown.output
    assert "no imported text" not in shown.output
    forced = runner.invoke(app, ["laws", "show", "16A", "--edition", "2007", "--lang", "es",
                                 "--authority", "aeb"])
    assert forced.exit_code == 0 and "no imported text of this clause in a book of aeb" \
        in forced.output
