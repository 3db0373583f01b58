"""Issue 30: each imported seed book puts every clause's text under its own edition and
clause. The FFB book interleaves the 2007 and 2017 translations page by page; its 50D and
50E once came out swapped between the editions and 50D2(a) carried the end of 50B1 from
another page. The expected words are read from the seed at run time (line numbers of the
spec's line map, laws-41-71.md), never copied here."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from dupbridge.core.edition import Edition
from dupbridge.lawbook.gaps import lacking
from dupbridge.lawbook.import_ffb import parse_ffb
from dupbridge.lawbook.importer import import_lawbook
from dupbridge.lawbook.model import LawBook
from dupbridge.laws.machinery.index import law_index
from shared_paths import SEEDS

FR07, FR17 = Edition.LAWS_2007, Edition.LAWS_2017
SINGLE = {"000": ("es", None), "001": ("es", "aeb"), "003": ("pt", None), "004": ("es", "aeb")}


def _seed(prefix: str) -> Path:
    [path] = SEEDS.glob(f"{prefix}_*.txt")
    return path


@cache
def _ffb() -> tuple[LawBook, LawBook]:
    path = _seed("002")
    return parse_ffb(path.read_text(encoding="utf-8"), source=path.name)


@cache
def _single(prefix: str) -> LawBook:
    language, authority = SINGLE[prefix]
    [book] = import_lawbook(_seed(prefix), language=language, edition=FR07,
                            authority=authority)
    return book


def _all_books() -> list[LawBook]:
    return [*(_single(prefix) for prefix in SINGLE), *_ffb()]


@cache
def _line(number: int) -> str:
    """The words of a seed 002 line, without its Markdown and footnote marks."""
    raw = _seed("002").read_text(encoding="utf-8").splitlines()[number - 1]
    words = raw.replace("\\*", "").replace("*", "").split()
    if words and words[0][:-1].isdigit() and words[0].endswith("."):
        words = words[1:]  # the clause marker "2."
    if words and words[0].startswith("(") and words[0].endswith(")"):
        words = words[1:]  # "(a)"
    return " ".join(words)


def _text(book: LawBook, clause: str) -> str:
    found = book.clause(clause)
    assert found is not None, f"{book.source} {book.edition.value}: no {clause}"
    return " ".join(found.text.replace("*", "").split())


def test_ffb_law50D1a_2017_has_the_2017_wording_and_2007_the_2007_wording() -> None:
    """2017 50D1(a) adds "except as provided in (b)" (002:2555); the 2007 copy is 002:2523."""
    fr07, fr17 = _ffb()
    assert _line(2555)[:60] in _text(fr17, "50D1(a)")
    assert _line(2523)[:60] in _text(fr07, "50D1(a)")
    assert _line(2555)[:25] not in _text(fr07, "50D1(a)")


def test_ffb_law50E_2017_and_2007_wording_are_not_swapped() -> None:
    """2017 50E (002:2583-2587, E4 at 2616) against 2007 50E (002:2567-2571)."""
    fr07, fr17 = _ffb()
    for clause, line17, line07 in (("50E1", 2583, 2567), ("50E2", 2585, 2569),
                                   ("50E3", 2587, 2571)):
        assert _text(fr17, clause).startswith(_line(line17)[:50]), clause
        assert _text(fr07, clause).startswith(_line(line07)[:50]), clause
    assert _line(2616)[:50] in _text(fr17, "50E4")


def test_ffb_law50D2_each_edition_its_own_copy_and_no_fragment_of_another_page() -> None:
    """2017 50D2(a) carries WBF footnote 13 (002:2575), 2007 the FFB's starred note
    (002:2531, 2559); the end of 50B1's list (002:2536) belongs to 2017 50B1, not 50D2(a)."""
    fr07, fr17 = _ffb()
    assert "[13]" in fr17.clause("50D2(a)").text  # type: ignore[union-attr]
    assert "[13]" not in fr07.clause("50D2(a)").text  # type: ignore[union-attr]
    assert _line(2536)[:30] not in _text(fr17, "50D2(a)")
    assert _line(2536)[:30] in _text(fr17, "50B1")
    assert _text(fr17, "50B2") and _text(fr07, "50B")  # text, not a title alone


def test_ffb_2017_only_clauses_carry_the_2017_text() -> None:
    """23A1-A3 (the comparable call) and 27B1(b) as 2017 has it; 2007 27B1(b) is another
    rule and never mentions a comparable call."""
    fr07, fr17 = _ffb()
    for clause in ("23A1", "23A2", "23A3"):
        assert _text(fr17, clause), clause
        assert law_index(FR07).clause(clause) is None
    assert "comparable" in _text(fr17, "27B1(b)")
    assert "comparable" not in _text(fr07, "27B1(b)")


@pytest.mark.parametrize("prefix", sorted(SINGLE))
def test_each_2007_seed_book_holds_2007_clauses_only(prefix: str) -> None:
    """Seeds 000 (FVB), 001 (AEB regulation), 003 (Portuguese), 004 (AEB commentary):
    every clause is a clause of the 2007 index, and none carries the 2017 comparable
    call of 27B1(b)."""
    book = _single(prefix)
    index = {item.ref.clause for item in law_index(FR07).all_clauses()}
    assert {clause.id for clause in book.clauses} <= index
    held = book.clause("27B1(b)")
    if held is not None:
        assert "comparab" not in held.text.lower()


def test_every_book_reports_the_clauses_it_lacks() -> None:
    """``lacking``: the index clauses with no text of their own nor of a sub-clause; what
    it names is really absent, and a commentary (seed 004) lacks nothing by design."""
    for book in _all_books():
        gaps = lacking(book)
        for clause in gaps:
            held = book.clause(clause)
            assert held is None or not held.text.strip(), (book.source, clause)
        assert len(gaps) < len(law_index(book.edition).all_clauses())
    assert lacking(_single("004")) == ()
    assert "50B2" not in lacking(_ffb()[1]) and "73C" not in lacking(_ffb()[1])
